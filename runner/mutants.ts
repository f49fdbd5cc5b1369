// The mutation run: the suite against every named fault of the reference engine. For each fault,
// scenarios are generated (the same generator as castcheck run) until a rule property fails, then a
// few more (the sweep) to see which other properties catch the fault. Only rule properties kill:
// agreement with the reference engine compares the faulty engine with itself without the fault, a
// check that cannot miss, so it is reported in a column of its own and kills nothing. The smallest
// failing scenarios of a few shapes are shrunk against the rule properties that caught the fault,
// and the smallest result is set against the fault's hand-written minimal repro.
import fc from 'fast-check';
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import type { Fault } from '../adapters/faults/index.ts';
import { scenarioArb } from '../generators/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import type { Property } from '../properties/property.ts';
import { judge, judgeFor, type Judge, type Target } from './evaluate.ts';
import type { Judged } from './judged.ts';
import type { Finding } from './results.ts';
import { shrink, ShrinkCache } from './shrink.ts';

export const AGREEMENT = 'agreement.reference';

export interface MutantOptions {
  faults: readonly Fault[];
  properties: readonly Property[];
  /** Scenarios generated for each fault, at most: the budget within which it must be killed. */
  runs: number;
  seed: number;
  /**
   * Scenarios judged after the first one a rule property failed on, to see which other properties
   * catch the fault and to find smaller failures to shrink.
   */
  sweep: number;
  /** Engine runs allowed for each shrink of a fault's failure. */
  maxShrinkRuns: number;
  /** Failing scenarios shrunk for each fault, the smallest of different shapes; the smallest result is kept. Default 3. */
  shrinkStarts?: number;
  maxShrinkMs?: number;
  illegalShare?: number;
  /** Called as each fault is done, for progress. */
  onFault?: (result: FaultResult, index: number, total: number) => void;
}

export interface Size {
  cards: number;
  actions: number;
}

export interface FaultResult {
  fault: Fault;
  /** Whether a rule property (or an engine failure) caught it: agreement with the reference engine alone is no kill. */
  killed: boolean;
  /** What failed on the first scenario a rule property failed on: rule property ids, or an engine failure's kind. */
  killedBy: string[];
  /** Everything that failed within the run (up to the end of the sweep), with the 1-based run it first failed on. */
  caughtBy: { id: string; run: number }[];
  /** Engine runs (scenarios) until a rule property first failed, 1-based; undefined when the fault survived. */
  runsToFailure?: number;
  /** The 1-based run agreement with the reference engine first failed on, if it did within the scenarios judged. */
  agreementRun?: number;
  scenariosJudged: number;
  /** Engine runs spent shrinking, over every start. */
  shrinkRuns: number;
  /** The smallest shrunk failure: the property (or engine failure) it shows, and its size. */
  shrunk?: Size & { shows: string; scenario: Scenario; reproduced: boolean };
  minimal: Size & { shows: string };
}

export function sizeOf(s: Scenario): Size {
  return { cards: s.cards.length, actions: s.actions.length };
}

/** The kinds of action a scenario takes, as a key: scenarios of one shape can shrink into each other. */
function shapeOf(s: Scenario): string {
  return [...new Set(s.actions.map((a) => (a.do === 'resolve' && a.untilEmpty ? 'resolve-all' : a.do)))].sort().join(' ');
}

/** Fewer cards and actions in all, then fewer cards. */
function smaller(a: Scenario, b: Scenario): boolean {
  const x = sizeOf(a);
  const y = sizeOf(b);
  return x.cards + x.actions < y.cards + y.actions || (x.cards + x.actions === y.cards + y.actions && x.cards < y.cards);
}

/** What a judged scenario failed: property ids with a failing verdict, or the engine failure's kind. */
export function failuresOf(judged: Judged): string[] {
  if (judged.failure) return [judged.failure.kind];
  return [...judged.verdicts].filter(([, v]) => v.status === 'fail').map(([id]) => id);
}

export async function runMutants(o: MutantOptions): Promise<FaultResult[]> {
  const results: FaultResult[] = [];
  // Every fault's run generates the same scenarios from the same seed: the reference engine's trace
  // of each, for agreement, is worked out once.
  const reference = new RememberingEngine(new ReferenceEngine());
  for (const [i, fault] of o.faults.entries()) {
    const result = await killFault(fault, { ...o, reference });
    results.push(result);
    o.onFault?.(result, i, o.faults.length);
  }
  return results;
}

export async function killFault(fault: Fault, o: Omit<MutantOptions, 'faults' | 'onFault'> & { reference?: Engine }): Promise<FaultResult> {
  const engine = faultyReference(fault.id);
  const j: Judge = { ...judgeFor(engine), ...(o.reference ? { reference: o.reference } : {}) };
  const arb = scenarioArb({ capabilities: engine.capabilities, ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}) });
  const minimal = { ...sizeOf(fault.minimal.scenario), shows: fault.minimal.shows };
  const caught = new Map<string, number>();
  type Failing = { run: number; scenario: Scenario; judged: Judged; failed: string[]; size: number };
  let first: Failing | undefined;
  // For each shape of scenario (the kinds of action it takes), the smallest on which a rule property
  // failed. Shrinking only takes things away: a failure shown through one mechanism (two lands
  // sacrificed to a splice) cannot shrink into one shown through another (a destroy-all), so a few
  // shapes are shrunk and the smallest result is kept.
  const byShape = new Map<string, Failing>();
  let index = 0;
  // The run goes on until a rule property fails, then for the sweep, within the budget. The property
  // returns false to end it; endOnFailure keeps fast-check from shrinking that "failure" itself.
  await fc.check(
    fc.asyncProperty(arb, async (scenario) => {
      const run = index++;
      const judged = await judge(j, scenario, o.properties);
      const all = failuresOf(judged);
      for (const id of all) if (!caught.has(id)) caught.set(id, run + 1);
      const failed = all.filter((id) => id !== AGREEMENT);
      if (failed.length > 0) {
        const size = sizeOf(scenario).cards + sizeOf(scenario).actions;
        first ??= { run, scenario, judged, failed, size };
        const shape = shapeOf(scenario);
        const known = byShape.get(shape);
        if (!known || size < known.size) byShape.set(shape, { run, scenario, judged, failed, size });
      }
      return first === undefined || run - first.run < o.sweep;
    }),
    { seed: o.seed, numRuns: o.runs, endOnFailure: true },
  );
  const caughtBy = [...caught].map(([id, run]) => ({ id, run })).sort((a, b) => a.run - b.run || (a.id < b.id ? -1 : 1));
  const agreementRun = caught.get(AGREEMENT);
  const agreement = agreementRun !== undefined ? { agreementRun } : {};
  if (!first) return { fault, killed: false, killedBy: [], caughtBy, ...agreement, scenariosJudged: index, shrinkRuns: 0, minimal };

  const starts = [...byShape.values()].sort((a, b) => a.size - b.size || a.run - b.run).slice(0, o.shrinkStarts ?? 3);
  const target = shrinkTarget(starts[0]!.judged, caughtBy.map((c) => c.id), o.properties);
  let finding: Finding | undefined;
  let shrinkRuns = 0;
  // The starts share their target: what one learnt about a scenario, the others need not ask the engine.
  const caches = new Map<string, ShrinkCache>();
  for (const start of starts) {
    const key = start.judged.failure ? start.judged.failure.kind : 'target';
    const cache = caches.get(key) ?? new ShrinkCache();
    caches.set(key, cache);
    const shrunk = await shrink({ ...j, seed: o.seed, maxShrinkRuns: o.maxShrinkRuns, cache, ...(o.maxShrinkMs !== undefined ? { maxShrinkMs: o.maxShrinkMs } : {}) }, arb, {
      target: start.judged.failure ? { failure: start.judged.failure.kind } : target,
      run: start.run,
      scenario: start.scenario,
      judged: start.judged,
    });
    shrinkRuns += shrunk.finding.shrinkRuns;
    if (!finding || smaller(shrunk.finding.scenario, finding.scenario)) finding = shrunk.finding;
  }
  const shown = finding!;
  return {
    fault,
    killed: true,
    killedBy: first.failed,
    caughtBy,
    runsToFailure: first.run + 1,
    ...agreement,
    scenariosJudged: index,
    shrinkRuns,
    shrunk: { ...sizeOf(shown.scenario), shows: shown.property?.id ?? shown.kind, scenario: shown.scenario, reproduced: shown.reproduced },
    minimal,
  };
}

/**
 * What a failure is shrunk against: any of the rule properties that caught the fault in its run, so
 * that shrinking may end on whichever shows it in the smallest scenario; never agreement with the
 * reference engine, which keeps whatever still differs from it.
 */
export function shrinkTarget(judged: Judged, caught: readonly string[], properties: readonly Property[]): Target {
  if (judged.failure) return { failure: judged.failure.kind };
  return { anyOf: properties.filter((p) => p.id !== AGREEMENT && caught.includes(p.id)) };
}

export interface Figures {
  faults: number;
  /** Killed by a rule property (or an engine failure). */
  killed: number;
  /** Engine runs until a rule property first failed, over the killed faults. */
  runsToFailure: { median: number; max: number };
  /** Agreement with the reference engine, apart: the faults it failed on, and the run it first did. */
  agreement: { caught: number; median: number; max: number };
  shrinkRuns: { median: number; max: number; total: number };
  /** Faults whose shrunk repro is more than one card or one action larger than the hand-written one. */
  oversized: string[];
  targets: { medianRunsToFailure: boolean; everyFaultWithinBudget: boolean; shrunkNearMinimal: boolean };
}

export const TARGETS = { medianRunsToFailure: 50, maxRunsToFailure: 2000, extraCards: 1, extraActions: 1 } as const;

export function figures(results: readonly FaultResult[]): Figures {
  const killed = results.filter((r) => r.killed);
  const runs = killed.map((r) => r.runsToFailure!);
  const shrinks = killed.map((r) => r.shrinkRuns);
  const oversized = killed.filter((r) => !nearMinimal(r)).map((r) => r.fault.id);
  const median = median0(runs);
  const max = Math.max(0, ...runs);
  const agreementRuns = results.flatMap((r) => (r.agreementRun !== undefined ? [r.agreementRun] : []));
  return {
    faults: results.length,
    killed: killed.length,
    runsToFailure: { median, max },
    agreement: { caught: agreementRuns.length, median: median0(agreementRuns), max: Math.max(0, ...agreementRuns) },
    shrinkRuns: { median: median0(shrinks), max: Math.max(0, ...shrinks), total: shrinks.reduce((a, b) => a + b, 0) },
    oversized,
    targets: {
      // A fault that survived counts as found beyond the budget: the median is over every fault.
      medianRunsToFailure: median0(results.map((r) => (r.killed ? r.runsToFailure! : Infinity))) <= TARGETS.medianRunsToFailure,
      everyFaultWithinBudget: killed.length === results.length && max <= TARGETS.maxRunsToFailure,
      shrunkNearMinimal: oversized.length === 0,
    },
  };
}

/** Whether the shrunk repro is at most one card and one action larger than the hand-written one. */
export function nearMinimal(r: FaultResult): boolean {
  return r.shrunk !== undefined && r.shrunk.cards <= r.minimal.cards + TARGETS.extraCards && r.shrunk.actions <= r.minimal.actions + TARGETS.extraActions;
}

function median0(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** For each property, the faults it caught within their runs; properties that caught none come last. */
export function killsByProperty(results: readonly FaultResult[], properties: readonly Property[]): { property: Property; faults: string[]; first: string[] }[] {
  return properties.map((property) => ({
    property,
    faults: results.filter((r) => r.caughtBy.some((c) => c.id === property.id)).map((r) => r.fault.id),
    first: results.filter((r) => r.killedBy.includes(property.id)).map((r) => r.fault.id),
  }));
}

/** An engine that answers a scenario it has run before from memory (the engines here are deterministic). */
class RememberingEngine implements Engine {
  private readonly traces = new Map<string, Promise<Trace>>();
  readonly id: Engine['id'];
  readonly capabilities: Engine['capabilities'];
  readonly tracesChecked: boolean;

  constructor(private readonly engine: Engine) {
    this.id = engine.id;
    this.capabilities = engine.capabilities;
    this.tracesChecked = engine.tracesChecked === true;
  }

  run(scenario: Scenario): Promise<Trace> {
    const key = JSON.stringify(scenario);
    let trace = this.traces.get(key);
    if (!trace) this.traces.set(key, (trace = this.engine.run(scenario)));
    return trace;
  }

  close(): Promise<void> {
    return this.engine.close();
  }
}
