// The story of a failure: its scenario told in game terms (who casts what, kicked how, targeting
// whom; what resolves, what triggers), with what the engine answered at each action, what went
// wrong where, and the rule it breaks. Built only from the scenario, the engine's trace and the
// property's verdict, so that no property needs words of its own; console, replay, JUnit, Markdown
// and HTML all tell the same story.
import { normalizeScenario, type NAction, type NormalizedScenario } from '../model/scenario.ts';
import type { CardDefinition, Cost, ManaPool, ObservedState, PermanentFilter, Repro, Scenario, StackSpell, Story, StoryAction, Trace, TriggerEvent } from '../model/schema-types.ts';
import { tellingLine } from '../runner/signatures.ts';

/** What a story is told from: a repro, or the same fields of a failure found in a run. */
export type StoryInput = Pick<Repro, 'scenario' | 'verdict' | 'expected' | 'observed'> &
  Partial<Pick<Repro, 'trace' | 'property' | 'step' | 'divergences' | 'ruling' | 'stderr' | 'signature'>>;

export type { Story, StoryAction };

/** Tells the story of a failure. */
export function storyOf(input: StoryInput): Story {
  const scenario = normalizeScenario(input.scenario);
  const names = new Namer(scenario, input.trace);
  const setup = setupOf(scenario, names);
  const judged = input.verdict === 'fail' || input.verdict === 'contested';
  const at = judged && input.step !== undefined ? scenario.actions.findIndex((a) => a.id === input.step) : -1;
  const told = at >= 0 ? scenario.actions.slice(0, at + 1) : scenario.actions;
  const actions = told.map((a, i) => tellAction(a, i, scenario, input.trace, names, i === at));
  const heads = judged ? divergencesOf(input) : [];
  const [head, ...rest] = heads.map((d) => capital(tellDivergence(d, at, input.trace, names, input.property?.id === 'agreement.reference')));
  const divergence = judged ? (head ?? `The engine shows ${input.observed}, where castcheck expects ${input.expected}.`) : capital(tellEngineFailure(input));
  const story: Story = { setup, actions, untold: scenario.actions.length - told.length, divergence, more: rest };
  if (input.verdict === 'contested' && input.ruling) story.more.push(`This point is contested: castcheck expects ${input.ruling}`);
  if (input.property) story.rule = `${input.property.statement.trim().replace(/\.$/, '')} (CR ${input.property.rules.join(', ')}).`;
  return story;
}

/** The story as lines of plain text: the setup, each action numbered, what went wrong under the action it shows after, the rule. */
export function storyLines(s: Story): string[] {
  const lines = [...s.setup];
  for (const a of s.actions) {
    lines.push(`${a.index + 1}. ${a.text}${a.answer ? ` ${a.answer}` : ''}`);
    if (a.failed) lines.push(`   ${wrongLine(s)}`, ...s.more.slice(0, 4).map((m) => `   Also: ${m}`));
  }
  if (!s.actions.some((a) => a.failed)) lines.push(wrongLine(s), ...s.more.slice(0, 4).map((m) => `Also: ${m}`));
  if (s.more.length > 4) lines.push(`   (${s.more.length - 4} more difference(s) at that action: see the repro)`);
  if (s.untold > 0) lines.push(`(${s.untold} later action(s) of the scenario are not needed to show it.)`);
  if (s.rule) lines.push(`The rule: ${s.rule}`);
  return lines;
}

/** The story as one plain-text block, each line indented. */
export function storyText(s: Story, indent = ''): string {
  return storyLines(s)
    .map((l) => `${indent}${l}`)
    .join('\n');
}

/** The one sentence that says what went wrong. */
export function wrongLine(s: Story): string {
  return `Wrong: ${s.divergence}`;
}

// --- Names -----------------------------------------------------------------------------------------

/**
 * Names objects for people: a card by its printed name, with its id the first time it is named or
 * whenever another object shares the name; a copy as "the copy of" its original; a token by its name.
 */
class Namer {
  private readonly seen = new Set<string>();
  private readonly byName = new Map<string, number>();
  private readonly known = new Map<string, string>();

  constructor(
    readonly scenario: NormalizedScenario,
    trace: Trace | undefined,
  ) {
    for (const c of scenario.cards) this.known.set(c.id, c.definition.name);
    // Copies and tokens get their names from the engine's trace, where they appear.
    for (const state of statesOf(trace)) {
      for (const o of state.stack) if (o.kind === 'spell' && !this.known.has(o.id)) this.known.set(o.id, o.copy ? `the copy of ${o.name}` : o.name);
      for (const p of state.battlefield) if (!this.known.has(p.id)) this.known.set(p.id, p.token ? `${p.name} token` : p.name);
    }
    for (const n of this.known.values()) this.byName.set(n, (this.byName.get(n) ?? 0) + 1);
  }

  /** The name of an object, player or id, as it reads in a sentence. */
  of(id: string): string {
    if (id === 'p1' || id === 'p2') return id;
    const name = this.known.get(id);
    if (name === undefined) return id;
    const shared = (this.byName.get(name) ?? 0) > 1;
    const first = !this.seen.has(id);
    this.seen.add(id);
    return shared || first ? `${name} (${id})` : name;
  }

  /** The printed name alone. */
  plain(id: string): string {
    return this.known.get(id) ?? id;
  }

  list(ids: readonly string[]): string {
    return ids.length === 0 ? 'nothing' : joinWords(ids.map((i) => this.of(i)));
  }
}

function statesOf(trace: Trace | undefined): ObservedState[] {
  if (!trace) return [];
  return [...(trace.initialState ? [trace.initialState] : []), ...trace.steps.map((s) => s.state)];
}

// --- The setup -------------------------------------------------------------------------------------

function setupOf(s: NormalizedScenario, names: Namer): string[] {
  const out: string[] = [];
  for (const p of s.players) {
    const parts: string[] = [];
    if (p.life !== 20) parts.push(`${p.life} life`);
    if (p.hand.length > 0) parts.push(`${names.list(p.hand)} in hand`);
    if (p.battlefield.length > 0) {
      const perms = p.battlefield.map((b) => {
        const counters = Object.entries(b.counters ?? {}).filter(([, n]) => (n ?? 0) > 0);
        const extra = [b.tapped ? 'tapped' : '', ...counters.map(([k, n]) => `${n} ${k} counter${n === 1 ? '' : 's'}`)].filter(Boolean);
        return `${names.of(b.card)}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`;
      });
      parts.push(`${joinWords(perms)} on the battlefield`);
    }
    if (p.graveyard.length > 0) parts.push(`${names.list(p.graveyard)} in the graveyard`);
    if (p.library.length > 0) parts.push(`${p.library.length} card${p.library.length === 1 ? '' : 's'} in the library`);
    const pool = poolText(p.mana);
    if (pool !== '') parts.push(`${pool} in the mana pool`);
    if (parts.length > 0) out.push(`${p.id} has ${joinWords(parts)}.`);
  }
  // A synthetic card has no printed text to look up: say what it is.
  for (const c of s.cards) if (c.oracle === undefined) out.push(`${c.definition.name} (${c.id}) is a made-up card: ${describeCard(c.definition)}.`);
  return out;
}

function poolText(pool: ManaPool): string {
  const keys = ['W', 'U', 'B', 'R', 'G', 'C'] as const;
  const symbols = keys.flatMap((k) => {
    const n = pool[k] ?? 0;
    return n === 0 ? [] : n <= 6 ? [`{${k}}`.repeat(n)] : [`${n}×{${k}}`];
  });
  return symbols.join('');
}

/** A synthetic card's definition in a few words: cost, types, and what castcheck's scenarios use of it. */
export function describeCard(d: CardDefinition): string {
  const parts = [`${d.manaCost ?? 'no mana cost'} ${[...(d.supertypes ?? []), ...d.types, ...(d.subtypes?.length ? ['—', ...d.subtypes] : [])].join(' ')}`];
  if (d.power !== undefined && d.toughness !== undefined) parts[0] += ` ${d.power}/${d.toughness}`;
  if (d.kicker) parts.push(`kicker ${d.kicker.costs.map(costText).join(' and/or ')}`);
  if (d.multikicker) parts.push(`multikicker ${costText(d.multikicker.cost)}`);
  if (d.splice) parts.push(`splice onto ${d.splice.onto} ${costText(d.splice.cost)}`);
  for (const e of d.effects ?? []) parts.push(effectText(e));
  for (const e of d.entersWith ?? []) {
    const what = e.counter ? `${e.amount ?? 1} ${e.counter} counter(s)` : e.keyword ? e.keyword : e.tapped ? 'tapped' : 'something';
    parts.push(`enters with ${what}${e.condition && e.condition !== 'always' ? ` (${conditionText(e.condition)})` : ''}`);
  }
  for (const [i, t] of (d.triggers ?? []).entries()) parts.push(`ability #${i}: ${triggerText(t.event, t.whose)}${t.if ? `, ${conditionText(t.if)}` : ''}${t.effects?.length ? `, ${t.effects.map(effectText).join(', ')}` : ''}`);
  for (const st of d.statics ?? []) parts.push(`a static ability (${Object.keys(st).join(', ')})`);
  if (d.cantBeCountered) parts.push("can't be countered");
  return parts.join('; ');
}

function effectText(e: NonNullable<CardDefinition['effects']>[number]): string {
  const amount = e.amount !== undefined ? ` ${e.amount}` : '';
  const target = e.self ? ' to itself' : e.target !== undefined ? ` (target #${e.target})` : '';
  const cond = e.condition && e.condition !== 'always' ? ` ${conditionText(e.condition)}` : '';
  return `${e.kind}${amount}${e.counter ? ` ${e.counter}` : ''}${e.mana ? ` ${e.mana}` : ''}${target}${cond}`;
}

function conditionText(c: string): string {
  const words: Record<string, string> = {
    kicked: 'if kicked',
    kickedA: 'if kicked with A',
    kickedB: 'if kicked with B',
    perKick: 'for each time it was kicked',
    insteadIfKicked: 'instead if kicked',
    notKicked: 'if not kicked',
    kickedTwice: 'if kicked twice',
  };
  return words[c] ?? c;
}

function triggerText(event: string, whose: string | undefined): string {
  const of = whose === 'opponents' ? "an opponent's" : whose === 'any' ? 'any' : 'your';
  const words: Record<string, string> = {
    selfEnters: 'when it enters',
    spellCast: `whenever ${of === 'your' ? 'you cast' : `${of} player casts`} a spell`,
    landToGraveyard: `whenever ${of} land goes to a graveyard from the battlefield`,
    becomesTapped: `whenever ${of} permanent becomes tapped`,
    selfDealtDamage: 'whenever it is dealt damage',
    tokenCreated: 'whenever a token is created',
  };
  return words[event] ?? event;
}

function costText(c: Cost): string {
  const parts = [c.mana ?? '', c.sacrifice ? `sacrifice ${c.sacrifice.count === 1 ? 'a' : c.sacrifice.count} ${filterText(c.sacrifice.filter, c.sacrifice.count !== 1)}` : ''].filter(Boolean);
  return parts.join(' and ') || '{0}';
}

function filterText(f: PermanentFilter, plural = false): string {
  const words = [...(f.subtypes ?? []), ...(f.types ?? []).map((t) => t.toLowerCase())];
  const what = words.length > 0 ? words.join(' or ') : 'permanent';
  return plural ? `${what}s` : what;
}

// --- Actions ---------------------------------------------------------------------------------------

function tellAction(a: NAction, index: number, s: NormalizedScenario, trace: Trace | undefined, names: Namer, failed: boolean): StoryAction {
  const step = trace?.steps[index];
  const before = index === 0 ? trace?.initialState : trace?.steps[index - 1]?.state;
  const text = sentence(actionText(a, s, before, names));
  const answer = step ? answerText(a, step, before, names) : undefined;
  return { index, id: a.id, text, ...(answer ? { answer } : {}), ...(failed ? { failed } : {}) };
}

function actionText(a: NAction, s: NormalizedScenario, before: ObservedState | undefined, names: Namer): string {
  const def = (id: string) => s.cards.find((c) => c.id === id)?.definition;
  const targets = (groups: readonly string[][] | undefined, word = 'targeting') => {
    const flat = (groups ?? []).filter((g) => g.length > 0);
    return flat.length > 0 ? `, ${word} ${joinWords(flat.map((g) => joinWords(g.map((t) => names.of(t)))))}` : '';
  };
  const triggers = (x: { triggerTargets?: { source: string; ability?: number; targets: string[][] }[]; triggerOrder?: string[] }) => {
    const parts = (x.triggerTargets ?? []).map((t) => `${names.plain(t.source)}'s ability #${t.ability ?? 0} targets ${joinWords(t.targets.flat().map((id) => names.of(id)))}`);
    if (x.triggerOrder?.length) parts.push(`triggered abilities go on the stack in the order ${x.triggerOrder.join(', ')}`);
    return parts.length > 0 ? ` (${parts.join('; ')})` : '';
  };
  switch (a.do) {
    case 'cast': {
      const d = def(a.card);
      const parts: string[] = [];
      if (a.withoutPayingManaCost) parts.push('without paying its mana cost');
      if (a.kicker?.length) {
        const costs = d?.kicker?.costs ?? [];
        const one = (l: 'A' | 'B') => {
          const c = costs[l === 'A' ? 0 : 1];
          return c ? costText(c) : `a kicker ${l} it does not have`;
        };
        parts.push(costs.length === 1 && a.kicker.length === 1 && a.kicker[0] === 'A' ? `kicked (${one('A')})` : `kicked with ${joinWords(a.kicker.map((l) => `${l} (${one(l)})`))}`);
      }
      if (a.multikicker) parts.push(`multikicked ${a.multikicker} time${a.multikicker === 1 ? '' : 's'}${d?.multikicker ? ` (${costText(d.multikicker.cost)} each)` : ' (it has no multikicker)'}`);
      if (a.x !== undefined) parts.push(`with X = ${a.x}`);
      if (a.splice?.length) parts.push(`splicing ${joinWords(a.splice.map((id) => `${names.of(id)}${def(id)?.splice ? ` (${costText(def(id)!.splice!.cost)})` : ''}`))} onto it`);
      if (a.sacrifice?.length) parts.push(`sacrificing ${names.list(a.sacrifice)}`);
      const who = a.player ?? 'p1';
      return `${who} casts ${names.of(a.card)}${parts.length > 0 ? `, ${parts.join(', ')}` : ''}${targets(a.targets)}${triggers(a)}`;
    }
    case 'copy':
      return `${a.player ?? 'p1'} copies ${names.of(a.spell)} (the copy is ${a.id})${targets(a.newTargets, 'with new targets')}${triggers(a)}`;
    case 'resolve': {
      if (a.untilEmpty) return `both players pass until the stack is empty${triggers(a)}`;
      const top = before?.stack[before.stack.length - 1];
      const what = top === undefined ? (before ? 'the stack is empty, yet both players pass' : 'the top of the stack resolves') : `${top.kind === 'spell' ? names.of(top.id) : `${names.plain(top.source)}'s triggered ability #${top.ability}`} resolves`;
      const extra = [a.newTargets?.some((g) => g.length > 0) ? `the copy it makes${targets(a.newTargets, 'targeting').slice(1)}` : '', a.choices?.length ? `choosing ${names.list(a.choices)}` : ''].filter(Boolean);
      return `${what}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}${triggers(a)}`;
    }
    case 'counter':
      return `an effect counters ${names.of(a.spell)}${triggers(a)}`;
    case 'bounce':
      return `an effect returns ${names.of(a.object)} to its owner's hand${triggers(a)}`;
    case 'putOntoBattlefield':
      return `${a.player ?? 'p1'} puts ${names.of(a.card)} onto the battlefield${a.tapped ? ' tapped' : ''} without casting it${triggers(a)}`;
    case 'flicker':
      return `an effect exiles ${names.of(a.permanent)} and returns it to the battlefield${triggers(a)}`;
    case 'clone':
      return `${a.player ?? 'p1'} puts ${names.of(a.card)} onto the battlefield as a copy of ${names.of(a.copyOf)}${triggers(a)}`;
    case 'destroy':
      return `an effect destroys ${names.of(a.permanent)}${triggers(a)}`;
    case 'destroyAll':
      return `an effect destroys every ${filterText(a.filter)}${triggers(a)}`;
    case 'tap':
      return `an effect taps ${names.of(a.permanent)}${triggers(a)}`;
    case 'untap':
      return `an effect untaps ${names.of(a.permanent)}${triggers(a)}`;
  }
}

/** What the engine answered: a refusal, an action it cannot run, a copy or token it made, what triggered. */
function answerText(a: NAction, step: Trace['steps'][number], before: ObservedState | undefined, names: Namer): string | undefined {
  if (step.outcome === 'rejected') return `The engine refuses it (${step.reason ?? 'no reason given'}${step.message ? `: ${step.message}` : ''}).`;
  if (step.outcome === 'unsupported') return 'The engine cannot run this action (unsupported): the scenario is judged up to here.';
  const parts: string[] = [];
  const made = step.state.stack.find((o): o is StackSpell => o.kind === 'spell' && o.copy && o.id === a.id && !before?.stack.some((b) => b.id === o.id));
  if (made && a.do === 'resolve') parts.push(`it puts ${names.of(made.id)} on the stack`);
  if (step.triggered?.length) parts.push(triggeredList(step.triggered.map((t) => triggerName(t, names))));
  return parts.length > 0 ? `${capital(parts.join('; '))}.` : undefined;
}

/** Abilities, each once with how many times: "Gatekeeper of Malakir's ability #0 3 times". */
function abilityWords(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return joinWords([...counts].map(([n, k]) => `${n}${k > 1 ? ` ${k} times` : ''}`));
}

/** What triggered during an action, as a clause. */
function triggeredList(names: readonly string[]): string {
  const distinct = new Set(names).size;
  if (distinct === 1) return `${names[0]} triggers${names.length > 1 ? ` ${names.length} times` : ''}`;
  return `${abilityWords(names)} trigger`;
}

function triggerName(t: TriggerEvent, names: Namer): string {
  return `${names.plain(t.source)}'s ability #${t.ability}${t.controller !== 'p1' ? ` (${t.controller})` : ''}`;
}

// --- What went wrong -------------------------------------------------------------------------------

function divergencesOf(input: StoryInput): { step: string; expected: string; observed: string; kind?: string }[] {
  if (input.divergences?.length) return input.divergences;
  return input.step !== undefined ? [{ step: input.step, expected: input.expected, observed: input.observed }] : [];
}

/**
 * One divergence in words. Agreement names the field that differs (`stack[1].kicked: true`): the
 * object is found in the engine's state and named; other properties say what they expected in
 * their own words, which are told as they are.
 */
function tellDivergence(d: { step: string; expected: string; observed: string; kind?: string }, at: number, trace: Trace | undefined, names: Namer, agreement: boolean): string {
  const state = at >= 0 ? trace?.steps[at]?.state : undefined;
  if (agreement) {
    const field = /^([^:]+): (.*)$/s;
    const e = field.exec(d.expected);
    const o = field.exec(d.observed);
    if (e && o && e[1] === o[1]) {
      const { subject, field } = fieldName(e[1]!, state, names);
      const value = (v: string) => valueWords(v, names);
      const verb = field ? ` has ${field}` : /^(The stack|The battlefield)$|'s (hand|graveyard|library)$/.test(subject) ? ' holds' : ' is';
      return `${subject}${verb} ${value(o[2]!)} for the engine, ${value(e[2]!)} for the reference engine.`;
    }
    const outcome = /^(accepted|rejected|unsupported)/;
    if (outcome.test(d.expected) && outcome.test(d.observed)) return `the engine ${outcomeWords(d.observed)}, where the reference engine ${outcomeWords(d.expected)}.`;
    const triggered = /^triggered (.*)$/;
    const te = triggered.exec(d.expected);
    const to = triggered.exec(d.observed);
    if (te && to) return `the engine triggers ${triggeredWords(to[1]!, names)}, where the reference engine triggers ${triggeredWords(te[1]!, names)}.`;
  }
  return `the engine shows ${d.observed}, where castcheck expects ${d.expected}.`;
}

/** A state path of agreement (`stack[1].kicked`, `battlefield[kavu].counters`, `players.p2.life`, `stack`): the object and its field, in words. */
function fieldName(path: string, state: ObservedState | undefined, names: Namer): { subject: string; field?: string } {
  const player = /^players\.(p[12])(?:\.(.+))?$/.exec(path);
  if (player) return { subject: player[2] ? `${player[1]}'s ${player[2] === 'mana' ? 'mana pool' : player[2]}` : player[1]! };
  const stack = /^stack\[(\d+)\]\.(.+)$/.exec(path);
  if (stack) {
    const o = state?.stack[Number(stack[1])];
    const who = o ? (o.kind === 'spell' ? names.of(o.id) : `${names.plain(o.source)}'s triggered ability`) : `the object ${Number(stack[1]) + 1} from the bottom of the stack`;
    return { subject: `${capital(who)} on the stack`, field: stack[2]! };
  }
  const perm = /^battlefield\[([^\]]+)\]\.(.+)$/.exec(path);
  if (perm) return { subject: `${capital(names.of(perm[1]!))} on the battlefield`, field: perm[2]! };
  const zone = /^(stack|battlefield)(?:\.(.+))?$/.exec(path);
  if (zone) return zone[2] ? { subject: `${capital(names.of(zone[2]))} on the ${zone[1]}` } : { subject: `The ${zone[1]}` };
  return { subject: path };
}

/** A value as agreement wrote it (JSON): a list of ids is told as names. */
function valueWords(v: string, names: Namer): string {
  try {
    const x = JSON.parse(v) as unknown;
    if (Array.isArray(x) && x.every((i) => typeof i === 'string')) return x.length === 0 ? 'nothing' : joinWords(x.map((i) => names.of(i)));
  } catch {
    // Not JSON: told as it is.
  }
  return v;
}

function outcomeWords(o: string): string {
  if (o.startsWith('accepted')) return 'accepts it';
  if (o.startsWith('unsupported')) return 'cannot run it';
  const m = /^rejected(?::([^ ]+))?(?: \((.*)\))?$/s.exec(o);
  return `refuses it${m?.[1] ? ` (${m[1]}${m[2] ? `: ${m[2]}` : ''})` : ''}`;
}

function triggeredWords(list: string, names: Namer): string {
  let ids: string[];
  try {
    ids = JSON.parse(list) as string[];
  } catch {
    return list;
  }
  if (!Array.isArray(ids) || ids.length === 0) return 'nothing';
  return abilityWords(
    ids.map((t) => {
      const m = /^(p[12]):(.+)#(\d+)$/.exec(String(t));
      return m ? `${names.plain(m[2]!)}'s ability #${m[3]}${m[1] !== 'p1' ? ` (${m[1]})` : ''}` : String(t);
    }),
  );
}

function tellEngineFailure(input: StoryInput): string {
  const line = input.stderr ? tellingLine(input.stderr) : undefined;
  const said = line ? `; the last it said on stderr: ${line}` : '';
  if (input.verdict === 'timeout') return `the engine gave no answer in time (${input.observed})${said}.`;
  if (input.verdict === 'protocol-error') return `the engine broke the protocol: ${input.observed}${said}.`;
  return `the engine crashed: ${input.observed}${said}.`;
}

// --- Words -----------------------------------------------------------------------------------------

export function joinWords(xs: readonly string[]): string {
  if (xs.length <= 1) return xs[0] ?? '';
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

function capital(s: string): string {
  // Players keep their ids as they are written: p1, p2.
  return /^p[12]\b/.test(s) ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

function sentence(s: string): string {
  const t = capital(s.trim());
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The story of a scenario alone, without a failure: its setup and actions (the steps of a shrinking). */
export function scenarioStory(scenario: Scenario): string[] {
  const s = normalizeScenario(scenario);
  const names = new Namer(s, undefined);
  return [...setupOf(s, names), ...s.actions.map((a, i) => `${i + 1}. ${sentence(actionText(a, s, undefined, names))}`)];
}
