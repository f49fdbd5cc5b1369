// The order of what happened during a resolution, read from a step's `events` (docs/PROTOCOL.md#events):
// a spell's instructions in the order written (CR 608.2c), its card into the graveyard last (CR 608.2n).
// Each event is matched to the instructions that can have made it, from the card definitions alone;
// only an event that one instruction alone can have made is pinned to it, so that an order is judged
// only where the list shows it.
import type { CardDefinition, Effect, GameEvent, StackSpell } from '../model/schema-types.ts';
import type { NormalizedScenario } from '../model/scenario.ts';
import { Checker, type Property, type Run, type RunStep, type Verdict } from './property.ts';

/** An instruction: effect `index` of part `part` (0 the main card, then each spliced card in order). */
export interface Instruction {
  part: number;
  index: number;
  kind: Effect['kind'];
}

/** A resolving spell's events, each with the instructions that can have made it; the card's own moves apart. */
export interface Resolution {
  spell: StackSpell;
  /** The main card's name, then each spliced card's. */
  names: string[];
  events: { event: GameEvent; at: number; from: Instruction[] }[];
  /** Where in the step's events the spell's card went to its owner's graveyard, if it did. */
  toGraveyard: number | undefined;
}

const PLAYERS = new Set(['p1', 'p2']);

/** Whether effect `e` of `spell` can have made `event`: a necessary condition only, so that the instruction that made an event is always among those it is matched to. */
function canMake(e: Effect, event: GameEvent, spell: StackSpell): boolean {
  const fixed = typeof e.amount === 'number' ? e.amount : undefined;
  const opponent = spell.controller === 'p1' ? 'p2' : 'p1';
  // Who an effect can reach: "each player", "each opponent", else one of the spell's targets.
  const reaches = (id: string) =>
    e.each === 'player' ? PLAYERS.has(id) : e.each === 'opponent' ? id === opponent : e.each !== undefined || e.target === undefined ? true : spell.targets.some((g) => g.includes(id));
  switch (event.kind) {
    case 'damage':
      return e.kind === 'damage' && (fixed === undefined || fixed === event.amount) && reaches(event.to);
    case 'lifeGain':
      return e.kind === 'gainLife' && (fixed === undefined || fixed === event.amount);
    case 'counters':
      return e.kind === 'putCounters' && (e.counter ?? '+1/+1') === event.counter && (fixed === undefined || fixed === event.amount) && reaches(event.object);
    case 'move': {
      const { from, to } = event;
      if (from === undefined) return e.kind === 'createToken' && to === 'battlefield';
      if (from === 'library') return (e.kind === 'draw' && to === 'hand') || (e.kind === 'mill' && to === 'graveyard');
      if (from === 'hand') return e.kind === 'discard' && to === 'graveyard';
      if (from === 'battlefield') return ((e.kind === 'destroy' || e.kind === 'sacrifice') && to === 'graveyard') || (e.kind === 'bounce' && to === 'hand') || (e.kind === 'flicker' && to === 'exile');
      if (from === 'exile') return e.kind === 'flicker' && to === 'battlefield';
      if (from === 'stack') return e.kind === 'counterSpell';
      return false;
    }
  }
}

/**
 * The main card's definition, then each spliced card's: from the spell's `spliced` where shown, else
 * the main card alone when no cast of the scenario splices anything onto it; undefined otherwise.
 */
function spellParts(run: Run, spell: StackSpell): CardDefinition[] | undefined {
  const spliced = spell.spliced ?? (splicesNothing(run.scenario, spell.card) ? [] : undefined);
  if (spliced === undefined) return undefined;
  const defs = [spell.card, ...spliced].map((id) => run.def(id));
  return defs.every((d) => d !== undefined) ? (defs as CardDefinition[]) : undefined;
}

function splicesNothing(s: NormalizedScenario, card: string): boolean {
  return !s.actions.some((a) => a.do === 'cast' && a.card === card && (a.splice?.length ?? 0) > 0);
}

/** The resolutions of instants and sorceries a step's events show: spells on the stack before it that caused events. */
export function resolutions(run: Run, step: RunStep): Resolution[] {
  const events = step.step.events;
  if (step.step.outcome !== 'accepted' || step.action.do !== 'resolve' || !events || events.length === 0) return [];
  return run.ofStep(step, 'event-resolutions', () => {
    const out: Resolution[] = [];
    for (const o of step.before.stack) {
      if (o.kind !== 'spell' || !events.some((e) => e.by === o.id)) continue;
      const defs = spellParts(run, o);
      if (!defs || defs.some((d) => d.types.some((t) => t !== 'Instant' && t !== 'Sorcery'))) continue;
      const r: Resolution = { spell: o, names: defs.map((d) => d.name), events: [], toGraveyard: undefined };
      events.forEach((event, at) => {
        if (event.by !== o.id) return;
        if (event.kind === 'move' && event.object === o.card && event.from === 'stack') {
          if (event.to === 'graveyard') r.toGraveyard = at;
          return;
        }
        const from: Instruction[] = [];
        defs.forEach((def, part) => (def.effects ?? []).forEach((e, index) => canMake(e, event, o) && from.push({ part, index, kind: e.kind })));
        r.events.push({ event, at, from });
      });
      out.push(r);
    }
    return out;
  });
}

/** An event for people: `damage 3 to p2`, `move lib1 library→hand`. */
export function eventText(e: GameEvent): string {
  switch (e.kind) {
    case 'damage':
      return `damage ${e.amount} to ${e.to}`;
    case 'lifeGain':
      return `${e.player} gains ${e.amount} life`;
    case 'counters':
      return `${e.amount} ${e.counter} counter(s) on ${e.object}`;
    case 'move':
      return `move ${e.object} ${e.from ?? '(created)'}→${e.to}`;
  }
}

const instructionText = (r: Resolution, i: Instruction) => `${r.names[i.part]}'s ${ordinal(i.index + 1)} instruction (${i.kind})`;
export const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

const EVENT_NEEDS = { observes: ['step.events' as const] };
const resolvesSomething = (s: NormalizedScenario) => s.actions.some((a) => a.do === 'resolve');

/** Judges each resolution a run's events show with `judge`, up to the first failure. */
export function judgeResolutions(run: Run, judge: (c: Checker, step: RunStep, r: Resolution) => void): Verdict {
  const c = new Checker();
  for (const step of run.steps) {
    for (const r of resolutions(run, step)) {
      judge(c, step, r);
      if (c.done) return c.verdict();
    }
  }
  return c.verdict();
}

export const instructionsInOrder: Property = {
  id: 'resolution.events-in-order',
  rules: ['608.2c'],
  eventsOnly: true,
  statement:
    "A spell's instructions are followed in the order written: in its step's events, what one instruction did never comes after what a later instruction of the same card did (instructions of one kind aside, which the card model may have split out of one).",
  needs: EVENT_NEEDS,
  applies: resolvesSomething,
  check: (run) =>
    judgeResolutions(run, (c, step, r) => {
      // The instructions pinned so far, each with where its event is.
      const seen: { i: Instruction; at: number }[] = [];
      let compared = false;
      for (const { event, at, from } of r.events) {
        if (from.length !== 1) continue;
        const i = from[0]!;
        const later = seen.find((s) => s.i.part === i.part && s.i.index > i.index && s.i.kind !== i.kind);
        if (later) {
          c.fail(step, `${r.spell.id}'s ${instructionText(r, i)} before its ${instructionText(r, later.i)}`, `${eventText(step.step.events![later.at]!)} came before ${eventText(event)}`);
          return;
        }
        if (seen.some((s) => s.i.part === i.part && s.i.index < i.index && s.i.kind !== i.kind)) compared = true;
        seen.push({ i, at });
      }
      if (compared) c.checkedOne();
    }),
};

/** The spell a single resolve step put into a graveyard from the top of the stack: an instant or sorcery card, not a copy. */
function resolvedToGraveyard(run: Run, step: RunStep): StackSpell | undefined {
  if (step.step.outcome !== 'accepted' || step.action.do !== 'resolve' || step.action.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || top.copy || !run.def(top.card)?.types.some((t) => t === 'Instant' || t === 'Sorcery')) return undefined;
  const inGraveyard = (state: RunStep['after']) => state.players.some((p) => p.graveyard.includes(top.card));
  return inGraveyard(step.after) && !inGraveyard(step.before) ? top : undefined;
}

export const cardToGraveyardLast: Property = {
  id: 'resolution.card-to-graveyard-last',
  rules: ['608.2n'],
  eventsOnly: true,
  statement:
    "An instant or sorcery goes to its owner's graveyard as the last part of its resolution: its step's events list that move, and no event the spell causes comes after it.",
  needs: EVENT_NEEDS,
  applies: resolvesSomething,
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      // The state shows the card went there: an engine that lists events lists that move too.
      const gone = resolvedToGraveyard(run, step);
      if (gone && !(step.step.events ?? []).some((e) => e.kind === 'move' && e.object === gone.card && e.from === 'stack' && e.to === 'graveyard')) {
        c.fail(step, `${gone.id} moving from the stack to the graveyard among the step's events`, `events ${(step.step.events ?? []).map(eventText).join(', ') || 'none'}`, 'unlisted', '608.2n');
      }
      for (const r of resolutions(run, step)) {
        if (r.toGraveyard === undefined || r.events.length === 0) continue;
        const after = r.events.find((e) => e.at > r.toGraveyard!);
        if (after) c.fail(step, `${r.spell.id}'s card put into the graveyard after everything it does`, `${eventText(after.event)} came after ${eventText(step.step.events![r.toGraveyard]!)}`, 'order', '608.2n');
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
