// Early stops: the steps an engine answered `unsupported`, each of which ends the part of its scenario
// that can be judged. They are counted by card and action, with the engine's own words, so that an
// author sees what castcheck could not test; and once one card's action has been answered
// `unsupported` NARROW_AFTER times, the rest of the run is generated from capabilities that leave it
// out (model/capabilities.ts, as `--capabilities` would), so that the run tests what the engine can do.
//
// Seeds still reproduce: scenario k is made from the capabilities in force when it is made, and the
// narrowing comes at the same scenario whenever the same engine runs the same seed with the same
// chunking (the synchronous path's chunks, the pipeline's window): scenario k is then scenario k of
// the narrowed generator, made by fast-check's run k of the seed, and it shrinks through that
// generator. A run with the capabilities file written at the end makes every scenario from the
// narrowed generator from the start, which is another run of the same seed.
import type fc from 'fast-check';
import { actionNeeds, expandCapabilities } from '../model/capabilities.ts';
import type { Capabilities, EarlyStopSummary, Scenario, Trace } from '../model/schema-types.ts';
import type { NormalizedScenario } from '../model/scenario.ts';
import { ScenarioSpace } from './scenario-space.ts';

/** `unsupported` answers for one card's action after which the run stops generating it. */
export const NARROW_AFTER = 20;

/**
 * One card's action that stopped scenarios early, as the report gives it (schema/report.schema.json),
 * but with `firstRun` and `leftOutFrom` counted from 0, as the run numbers its scenarios.
 */
export type EarlyStop = EarlyStopSummary;

/** What a judged scenario that stopped early stopped at. */
export type StopPoint = Pick<EarlyStopSummary, 'card' | 'printed' | 'action' | 'message'>;

/** The card and action of the step a scenario stopped at, with the engine's message. */
export function stopPoint(scenario: NormalizedScenario, trace: Trace, index: number): StopPoint {
  const action = scenario.actions[index]!;
  const before = index > 0 ? trace.steps[index - 1]!.state : undefined;
  const onStack = (id: string) => (before?.stack ?? []).some((o) => o.id === id || ('card' in o && o.card === id));
  const referenced = 'card' in action ? action.card : 'spell' in action ? action.spell : 'permanent' in action ? action.permanent : 'object' in action ? action.object : undefined;
  // A resolution is about the object on top of the stack.
  const top = action.do === 'resolve' ? before?.stack.at(-1) : undefined;
  const cardId = referenced ?? (top && 'card' in top ? top.card : top?.source);
  const card = cardId === undefined ? undefined : scenario.cards.find((c) => c.id === cardId);
  const message = trace.steps[index]?.message;
  return {
    card: card ? (card.oracle ?? card.definition?.name ?? card.id) : '-',
    printed: card?.oracle !== undefined,
    action: actionNeeds(action, onStack),
    ...(message !== undefined && message !== '' ? { message } : {}),
  };
}

/** The capabilities without a card's action: without the card when it is printed, else without the action where that is not the whole run. */
export function leaveOut(caps: Capabilities, stop: Pick<StopPoint, 'card' | 'printed' | 'action'>): { caps: Capabilities; how: string } | { why: string } {
  if (stop.printed && (caps.cards.oracle ?? []).includes(stop.card)) {
    return { caps: { ...caps, cards: { ...caps.cards, oracle: caps.cards.oracle!.filter((n) => n !== stop.card) } }, how: `the card ${stop.card}` };
  }
  // Casting and resolving are what every scenario does: leaving them out would leave nothing to run.
  if (stop.action !== 'cast' && stop.action !== 'resolve') {
    const actions = expandCapabilities(caps).actions.filter((a) => a !== stop.action && !(stop.action.startsWith('bounce') && a === 'bounce') && !(stop.action.startsWith('destroyAll') && a === 'destroyAll'));
    return { caps: { ...caps, actions }, how: `the action ${stop.action}` };
  }
  return { why: `a made-up card's ${stop.action} cannot be left out through capabilities (they name printed cards and card features, not one made-up card)` };
}

/** One stretch of a run made from one generator: from scenario `from` on. */
interface Epoch {
  from: number;
  arb: fc.Arbitrary<Scenario>;
  space: ScenarioSpace<Scenario>;
}

/**
 * The early stops of a run and the generator each scenario is made from. Scenarios are asked for in
 * increasing order (the run's order); a narrowing takes effect from the next scenario made.
 */
export class EarlyStops {
  private readonly stops = new Map<string, EarlyStop>();
  private readonly epochs: Epoch[];
  private caps: Capabilities;
  private made = 0;

  constructor(
    caps: Capabilities,
    private readonly arbFor: (caps: Capabilities) => fc.Arbitrary<Scenario>,
    private readonly seed: number,
    first: fc.Arbitrary<Scenario>,
    /** Whether the run may narrow its generation (a worker's share is made elsewhere, and is not). */
    private readonly narrows = true,
  ) {
    this.caps = caps;
    this.epochs = [{ from: 0, arb: first, space: new ScenarioSpace(first, seed) }];
  }

  /** Scenario k of the run, from the generator in force. */
  scenario(k: number): Scenario {
    this.made = Math.max(this.made, k + 1);
    return this.epochs.at(-1)!.space.scenario(k);
  }

  /** The generator scenario k was made from, to shrink it. */
  arbAt(k: number): fc.Arbitrary<Scenario> {
    let arb = this.epochs[0]!.arb;
    for (const e of this.epochs) if (e.from <= k) arb = e.arb;
    return arb;
  }

  /** Counts a scenario that stopped early; narrows generation when its card's action reaches NARROW_AFTER. */
  record(run: number, at: StopPoint): void {
    const key = `${at.card}\u0000${at.action}`;
    let s = this.stops.get(key);
    if (!s) {
      s = { card: at.card, printed: at.printed, action: at.action, ...(at.message !== undefined ? { message: at.message } : {}), count: 0, firstRun: run };
      this.stops.set(key, s);
    }
    s.count++;
    if (run < s.firstRun) s.firstRun = run;
    if (s.count < NARROW_AFTER || s.leftOut !== undefined || !this.narrows) return;
    const narrowed = leaveOut(this.caps, at);
    if ('why' in narrowed) {
      s.leftOut = narrowed.why;
      return;
    }
    this.caps = narrowed.caps;
    s.leftOut = narrowed.how;
    s.leftOutFrom = this.made;
    const arb = this.arbFor(this.caps);
    this.epochs.push({ from: this.made, arb, space: new ScenarioSpace(arb, this.seed) });
  }

  /** The capabilities the run ended with: the engine's, less what it was narrowed by. */
  capabilities(): Capabilities {
    return this.caps;
  }

  /** Whether generation was narrowed during the run. */
  narrowed(): boolean {
    return this.epochs.length > 1;
  }

  /** The early stops, most first. */
  list(): EarlyStop[] {
    return [...this.stops.values()].sort((a, b) => b.count - a.count || a.firstRun - b.firstRun);
  }
}

/** An early stop as the report gives it: scenarios counted from 1, the engine's message cut to the schema's bound. */
export function earlyStopSummary(s: EarlyStop): EarlyStopSummary {
  return {
    card: s.card.slice(0, 200),
    printed: s.printed,
    action: s.action,
    ...(s.message !== undefined ? { message: s.message.slice(0, 2000) } : {}),
    count: s.count,
    firstRun: s.firstRun + 1,
    ...(s.leftOutFrom !== undefined ? { leftOutFrom: s.leftOutFrom + 1 } : {}),
    ...(s.leftOut !== undefined ? { leftOut: s.leftOut.slice(0, 300) } : {}),
  };
}
