// The abilities that trigger on an event, and how many times (CR 603.2): on a cast (601.2i), on a
// permanent entering (603.6a, with trigger multipliers 603.2d and intervening "if" clauses 603.4),
// each event once for each source whose "whose" fits, and "only once each turn" (603.2h) counted
// from what triggered and resolved before; and the targets each gets as it goes on the stack (603.3d).
import type { CardDefinition, ObservedState, TriggeredAbility } from '../model/schema-types.ts';
import type { NCastAction, PlayerId } from '../model/scenario.ts';
import { triggerConditionHolds } from '../model/kick.ts';
import type { Run, RunStep } from './run.ts';
import { abilityOf, colorsOfDef, permanentDef } from './definitions.ts';
import { targetAllowed } from './targets.ts';
import { declaredKick } from './kicks.ts';
import type { Entry } from './entries.ts';
import { boardDuring, controlConditionHolds } from './conditions.ts';

/** The triggered abilities the spells on the stack before a step aim a counter at (Stifle). */
function abilitiesAimedAt(run: Run, step: Run['steps'][number]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const o of step.before.stack) {
    if (o.kind !== 'spell') continue;
    const effects = run.def(o.card)?.effects ?? [];
    for (const e of effects) if (e.kind === 'counterAbility' && e.target !== undefined) for (const id of o.targets[e.target] ?? []) out.add(id);
  }
  return out;
}

/**
 * Abilities of "do this only once each turn" that have resolved before this step (CR 603.2h), and
 * abilities that "trigger only once each turn" that have triggered before it.
 */
export function doneOnce(run: Run, upTo: number): ReadonlySet<string> {
  return run.memo('done once', upTo, () => findDoneOnce(run, upTo));
}

// Built from the set before the step before (asked of nearly every step by several properties): a
// step that adds nothing shares that set, and one that adds copies it, so each step is read once.
function findDoneOnce(run: Run, upTo: number): ReadonlySet<string> {
  const last = Math.min(upTo, run.steps.length);
  if (last <= 0) return NOTHING_DONE;
  const earlier = doneOnce(run, last - 1);
  const step = run.steps[last - 1]!;
  if (step.step.outcome !== 'accepted') return earlier;
  let done: Set<string> | undefined;
  const add = (key: string) => {
    if (done === undefined) {
      if (earlier.has(key)) return;
      done = new Set(earlier);
    }
    done.add(key);
  };
  for (const t of step.step.triggered ?? []) if (abilityOf(run, step.index, t.source, t.ability)?.triggersOnlyOnceEachTurn) add(`${t.source}#${t.ability}`);
  if (step.action.do === 'resolve') {
    const resolved = (id: string) => !step.after.stack.some((x) => x.id === id);
    // One resolution resolves the top object only: an ability under it that left was countered
    // (Stifle, CR 701.5a) and never did anything. Resolving until empty, every object that left
    // resolved, but those a resolving counter aimed at.
    const untilEmpty = step.action.untilEmpty === true;
    const top = step.before.stack.at(-1);
    const countered = untilEmpty ? abilitiesAimedAt(run, step) : undefined;
    for (const o of step.before.stack) {
      if (o.kind !== 'ability' || !resolved(o.id) || (untilEmpty ? countered!.has(o.id) : o !== top)) continue;
      add(`${o.source}#${o.ability}`);
    }
    // Resolving until the stack is empty also resolves what triggers on the way: gone by the end, it resolved.
    for (const t of step.step.triggered ?? []) if (t.id !== undefined && resolved(t.id)) add(`${t.source}#${t.ability}`);
  }
  return done ?? earlier;
}

const NOTHING_DONE: ReadonlySet<string> = new Set();

export interface Source {
  id: string;
  controller: PlayerId;
  def: CardDefinition;
}

/** The permanents of a state with their definitions as of a step; asked by several properties of the same states, worked out once. */
export function sourcesIn(run: Run, state: ObservedState, stepIndex: number): readonly Source[] {
  const byStep = run.memo('trigger sources', state, () => new Map<number, readonly Source[]>());
  let out = byStep.get(stepIndex);
  if (!out) {
    const found: Source[] = [];
    for (const p of state.battlefield) {
      const def = permanentDef(run, p.id, stepIndex);
      if (def) found.push({ id: p.id, controller: p.controller, def });
    }
    byStep.set(stepIndex, (out = found));
  }
  return out;
}

export const whoseOk = (ability: TriggeredAbility, source: Source, controller: PlayerId) =>
  (ability.whose ?? 'any') === 'any' || ((ability.whose ?? 'any') === 'yours') === (controller === source.controller);

/** Instances of each source#ability an event should trigger. */
export type TriggerCounts = Map<string, number>;

/** Counts n more instances of an ability. */
export function addCount(into: TriggerCounts, key: string, n = 1): void {
  if (n > 0) into.set(key, (into.get(key) ?? 0) + n);
}

/** CR 601.2i: spellCast abilities a cast should trigger. */
export function expectedOnCast(run: Run, step: RunStep & { action: NCastAction }): TriggerCounts {
  const out: TriggerCounts = new Map();
  // The cast's own declaration, whatever the engine shows on the stack (CR 702.33d).
  const kick = declaredKick(step.action);
  const done = doneOnce(run, step.index);
  // Permanents sacrificed to pay the costs left before the spell became cast.
  const sources = sourcesIn(run, step.after, step.index).filter((s) => step.before.battlefield.some((p) => p.id === s.id));
  for (const s of sources) {
    (s.def.triggers ?? []).forEach((ability, i) => {
      if (ability.event !== 'spellCast' || (ability.oncePerTurn && done.has(`${s.id}#${i}`))) return;
      if (whoseOk(ability, s, step.action.player) && triggerConditionHolds(ability.if, kick)) addCount(out, `${s.id}#${i}`);
    });
  }
  return out;
}

/** The trigger multipliers (Panharmonicon, CR 603.2d) a player controls in a state. */
export function triggerMultipliers(run: Run, state: ObservedState, stepIndex: number, controller: PlayerId): Source[] {
  return sourcesIn(run, state, stepIndex).filter((s) => s.controller === controller && (s.def.statics ?? []).some((x) => x.kind === 'triggerMultiplier'));
}

/** CR 603.2d, 603.4, 603.6a: the entering permanent's own enters abilities, multiplied by trigger multipliers. */
export function expectedOnEnter(run: Run, e: Entry): TriggerCounts {
  const out: TriggerCounts = new Map();
  const p = e.step.after.battlefield.find((o) => o.id === e.id)!;
  const done = doneOnce(run, e.step.index);
  const multipliers = triggerMultipliers(run, e.step.after, e.step.index + 1, p.controller).length;
  const artifactOrCreature = e.def.types.includes('Artifact') || e.def.types.includes('Creature');
  (e.def.triggers ?? []).forEach((ability, i) => {
    if (ability.event !== 'selfEnters' || (ability.oncePerTurn && done.has(`${e.id}#${i}`))) return;
    if (triggerConditionHolds(ability.if, e.kick) && controlConditionHolds(run, boardDuring(e.step.before, e.step.after), e.step.index + 1, ability, p.controller, e.id)) {
      addCount(out, `${e.id}#${i}`, 1 + (artifactOrCreature ? multipliers : 0));
    }
  });
  return out;
}

/**
 * The targets the scenario format gives a triggered ability put on the stack in a step (README,
 * "Scenarios and traces"): those the action names for it, else for each requirement the first legal
 * objects of the opponent, the controller, the permanents by id and the spells from the top.
 */
export function expectedTriggerTargets(run: Run, step: RunStep, source: string, ability: TriggeredAbility, controller: PlayerId, named: string[][] | undefined): string[][] | null {
  if (named) return named;
  const def = permanentDef(run, source, step.index + 1);
  const colors = def ? colorsOfDef(def) : [];
  const candidates = [controller === 'p1' ? 'p2' : 'p1', controller, ...step.after.battlefield.map((p) => p.id).sort(), ...[...step.after.stack].reverse().map((o) => o.id)];
  const chosen: string[][] = [];
  for (const req of ability.targets ?? []) {
    const taken = req.another ? chosen.flat() : [];
    // 'Other than' the permanent the ability belongs to (Rosie Cotton of South Lane).
    const group = candidates.filter((id) => !taken.includes(id) && !(req.filter?.other && id === source) && targetAllowed(run, step.after, step.index + 1, req, id, '', controller, colors)).slice(0, req.count ?? 1);
    // CR 603.3d: an ability with no legal target for a requirement is removed.
    if (group.length < (req.count ?? 1)) return null;
    chosen.push(group);
  }
  return chosen;
}
