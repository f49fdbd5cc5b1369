// The main job: generate scenarios the engine can run, judge each by every property, group the
// failures by signature into clusters, and shrink the first scenario of each cluster to a repro,
// within one budget of engine runs shared among the clusters. fast-check replays the failing run by
// seed and path and shrinks from there. Engines in other processes may crash, hang or fail only now
// and then: a failure found is never dropped, only reported as not reproduced.
import fc from 'fast-check';
import type { Engine } from '../adapters/engine.ts';
import type { EngineFailureKind, EngineHistory } from '../adapters/engine-failure.ts';
import { scenarioArb } from '../generators/scenario.ts';
import type { Expectation, Scenario, Trace } from '../model/schema-types.ts';
import { missingCapability, type Divergence, type Failed, type Property } from '../properties/property.ts';
import { hitsOf, type Hit } from './clusters.ts';
import { judge, targetProperties, hits as hitsTarget, type Judge, type Judged, type Target } from './evaluate.ts';
import { Expectations } from './expectations.ts';
import { engineFailureSignature, propertySignature, showing } from './signatures.ts';

export interface SuiteOptions extends Judge {
  properties: readonly Property[];
  runs: number;
  seed: number;
  illegalShare?: number;
  /** Engine runs allowed for shrinking one cluster. */
  maxShrinkRuns?: number;
  /** Engine runs allowed for shrinking, all clusters together; shared out evenly, what one leaves goes to the next. */
  shrinkBudget?: number;
  /**
   * Milliseconds allowed for shrinking one failure, on top of the engine-run budget; none by default,
   * so that what a run finds and how far it shrinks never depends on how busy the machine is.
   */
  maxShrinkMs?: number;
  /**
   * Scenarios handed to the engine before the first of them is answered. More than one lets an
   * engine in another process work while castcheck generates and judges; answers keep their order.
   */
  inFlight?: number;
  /** Known failures: reported as XFAIL, never shrunk. */
  expectations?: Expectations;
  /** Signatures whose shrunk repro an earlier run stored and which still fail: not shrunk again. */
  alreadyShrunk?: ReadonlySet<string>;
  onProgress?: (done: number, total: number, clusters: number) => void;
  /** Called with every generated scenario, for statistics. */
  onScenario?: (scenario: Scenario) => void;
  /** Called as soon as a scenario shows a failure not seen before in this run, before any shrinking. */
  onCluster?: (cluster: Cluster) => void;
  /** Called before each cluster is shrunk. */
  onShrinking?: (cluster: Cluster, index: number, total: number) => void;
  /** Called as soon as a cluster is shrunk, so that nothing found is lost if the run dies later. */
  onFinding?: (finding: Finding, cluster: Cluster) => void | Promise<void>;
  /**
   * Stops the run (Ctrl-C): no more scenarios and no more shrinking, and no waiting for the engine's
   * answers still due. Every cluster met gets its finding, unshrunk where shrinking had not ended;
   * the result counts the scenarios judged until then and says why it stopped (the abort's reason).
   */
  abort?: AbortSignal;
  /** Called after each engine run of a shrinking, with the scenario when it was a smaller failing one (the steps of the shrinking). */
  onShrinkRun?: (target: Target, runs: number, smaller?: Scenario) => void;
  /** Called once at the start with a function that gives the run so far, for a report of a run stopped midway. */
  onStart?: (sofar: () => SuiteResult) => void;
}

/** A property's counts over a run, in scenarios (and checks). */
export interface Tally {
  property: Property;
  /** Why the property is never run: what the engine cannot do, or agreement with itself. */
  skipped?: string;
  /** Skipped because it cannot fail: it would compare the reference engine with itself. */
  vacuous?: boolean;
  /** Its precondition did not hold. */
  notApplicable: number;
  /** Its precondition held but it found nothing to check. */
  checkedNothing: number;
  /** Checks made, over every scenario it checked (a verdict that does not count them counts one). */
  checks: number;
  passed: number;
  /** Scenarios with a failure no expectation names. */
  failed: number;
  /** Scenarios whose every failure was expected. */
  xfailed: number;
  contested: number;
}

/** Scenarios a property checked: passed, failed, expected to fail or contested. */
export function checked(t: Tally): number {
  return t.passed + t.failed + t.xfailed + t.contested;
}

export interface Finding {
  kind: 'fail' | 'contested' | EngineFailureKind;
  /** The cluster it stands for (runner/signatures.ts). */
  signature: string;
  /** The property broken, for kinds fail and contested. */
  property?: Property;
  /** What went wrong, for people: the failed verdict, or the engine failure's message. */
  verdict: Failed | { status: EngineFailureKind; message: string; stderr: string };
  /** The divergences at the failing step, when the verdict has several. */
  divergences?: Divergence[];
  scenario: Scenario;
  trace?: Trace;
  seed: number;
  path: string;
  runsToFailure: number;
  shrinkRuns: number;
  /** false for the first scenario found, before (or without) shrinking. */
  shrunk: boolean;
  /** false when running the reported scenario once more did not give the failure again. */
  reproduced: boolean;
  /** For an engine failure: the scenarios the engine process ran before this one since it started. */
  history?: EngineHistory;
}

export interface FirstFailure {
  target: Target;
  run: number;
  scenario: Scenario;
  judged: Judged;
}

/** The scenarios of a run that showed one failure signature. */
export interface Cluster {
  signature: string;
  kind: Hit['kind'];
  property?: Property;
  /** The expectation that names it: an expected failure, never shrunk. */
  expectation?: Expectation;
  /** Scenarios that showed it. */
  count: number;
  /** The first of them, what it showed, and the target to shrink it against. */
  first: FirstFailure & { hit: Hit };
  /** Its repro: shrunk, or as found when shrinking could not run. Unset for XFAIL, or when an earlier run's repro stands. */
  finding?: Finding;
}

export interface SuiteResult {
  runs: number;
  seed: number;
  tallies: Tally[];
  /** Scenarios the engine gave no usable trace for, by kind. */
  engineFailures: Record<EngineFailureKind, number>;
  /** Scenarios with a step the engine answered `unsupported`, judged up to that step. */
  unsupported: number;
  /** Every failure signature met, in the order first met. */
  clusters: Cluster[];
  /** The repros of this run, in the order shrunk. */
  findings: Finding[];
  /** Why the run stopped before all its scenarios, when it did (an engine that no longer starts, an interrupt). */
  stopped?: string;
  /** It was interrupted: the counts cover the scenarios judged until then. */
  partial?: boolean;
}

/** Why the suite never runs a property against this engine, or undefined when it does. */
export function skipReason(p: Property, j: Pick<Judge, 'engine' | 'reference'>): string | undefined {
  const missing = missingCapability(p, j.engine.capabilities);
  if (missing !== undefined) return missing;
  if (p.kind === 'agreement' && sameEngine(j.engine, j.reference)) return 'the engine under test is the reference engine: nothing to compare';
  return undefined;
}

function sameEngine(a: Engine, b: Engine): boolean {
  return a.id.name === b.id.name && a.id.version === b.id.version && a.id.fault === b.id.fault;
}

export async function runSuite(o: SuiteOptions): Promise<SuiteResult> {
  const caps = o.engine.capabilities;
  const expectations = o.expectations ?? Expectations.none;
  const tallies: Tally[] = o.properties.map((property) => {
    const skipped = skipReason(property, o);
    const vacuous = skipped !== undefined && missingCapability(property, caps) === undefined;
    return { property, notApplicable: 0, checkedNothing: 0, checks: 0, passed: 0, failed: 0, xfailed: 0, contested: 0, ...(skipped ? { skipped } : {}), ...(vacuous ? { vacuous } : {}) };
  });
  const active = tallies.filter((t) => !t.skipped);
  const properties = active.map((t) => t.property);
  const arb = scenarioArb({ capabilities: caps, ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}) });
  const engineFailures: Record<EngineFailureKind, number> = { crash: 0, timeout: 0, 'protocol-error': 0 };
  const clusters = new Map<string, Cluster>();
  let unsupported = 0;
  let stopped: string | undefined;
  const aborted = whenAborted(o.abort);
  let index = 0;
  let done = 0;
  const findings: Finding[] = [];
  const sofar = (): SuiteResult => ({
    runs: done,
    seed: o.seed,
    tallies,
    engineFailures,
    unsupported,
    clusters: [...clusters.values()].sort((a, b) => a.first.run - b.first.run),
    findings,
    ...(stopped !== undefined ? { stopped } : {}),
    ...(o.abort?.aborted ? { partial: true } : {}),
  });
  o.onStart?.(sofar);

  const record = (scenario: Scenario, run: number, judged: Judged) => {
    // Answers due after an interrupt may be the engine being stopped: they are not judged.
    if (o.abort?.aborted) return;
    if (judged.failure?.fatal) {
      stopped ??= judged.failure.message;
      return;
    }
    const found = hitsOf(judged, properties, expectations);
    if (judged.failure) engineFailures[judged.failure.kind]++;
    else {
      if (judged.unsupported !== undefined) unsupported++;
      for (const t of active) tally(t, judged, found);
    }
    for (const hit of found) {
      const known = clusters.get(hit.signature);
      const first = { target: { signature: hit.signature, ...(hit.property ? { property: hit.property } : {}) }, run, scenario, judged, hit };
      if (!known) {
        const cluster: Cluster = { signature: hit.signature, kind: hit.kind, count: 1, first, ...(hit.property ? { property: hit.property } : {}), ...(hit.expectation ? { expectation: hit.expectation } : {}) };
        clusters.set(hit.signature, cluster);
        if (!hit.expectation) o.onCluster?.(cluster);
      } else {
        known.count++;
        // Scenarios judged side by side may finish out of order: the first is the one generated first.
        if (run < known.first.run) known.first = first;
      }
    }
    done++;
    o.onProgress?.(done, o.runs, clusters.size);
  };

  // Every scenario is judged in full; the property never fails, so fast-check runs them all. Up to
  // inFlight judgements are left running while the next scenarios are generated.
  const window = Math.max(1, o.inFlight ?? 1);
  const running = new Set<Promise<void>>();
  // A property that throws is a bug in castcheck: it ends the run, as it would without a window.
  let broken: { error: unknown } | undefined;
  const main = await fc.check(
    fc.asyncProperty(arb, async (scenario) => {
      const run = index++;
      await turn();
      if (broken) throw broken.error;
      if (o.abort?.aborted) throw new Interrupted();
      if (stopped !== undefined) return true;
      o.onScenario?.(scenario);
      const job: Promise<void> = judge(o, scenario, properties).then(
        (judged) => {
          running.delete(job);
          record(scenario, run, judged);
        },
        (error: unknown) => {
          running.delete(job);
          broken ??= { error };
        },
      );
      running.add(job);
      while (running.size >= window && !o.abort?.aborted) await Promise.race([...running, aborted]);
      return true;
    }),
    // An interrupt fails the property to end fast-check's loop: without shrinking that failure.
    { seed: o.seed, numRuns: o.runs, endOnFailure: true },
  );
  await Promise.race([Promise.all(running), aborted]);
  if (broken) throw broken.error;
  if (o.abort?.aborted) stopped = String(o.abort.reason ?? 'interrupted');
  else if (main.failed) throw main.errorInstance instanceof Error ? main.errorInstance : new Error(String(main.errorInstance));

  // Engine failures first, then the rules properties, then agreement and contested readings: when
  // the budget runs short, what it leaves unshrunk is what says least.
  const order = (c: Cluster) => (c.property === undefined ? 0 : c.kind === 'contested' ? 3 : c.property.kind === 'agreement' ? 2 : 1);
  const queue = [...clusters.values()]
    .filter((c) => !c.expectation && !o.alreadyShrunk?.has(c.signature))
    .sort((a, b) => order(a) - order(b) || a.first.run - b.first.run);
  let budget = o.shrinkBudget ?? Infinity;
  for (const [i, cluster] of queue.entries()) {
    const share = Math.min(o.maxShrinkRuns ?? 2000, Math.floor(budget / (queue.length - i)));
    let finding: Finding;
    if (stopped !== undefined || share <= 0 || o.abort?.aborted) finding = unshrunk(o, cluster.first, true);
    else {
      o.onShrinking?.(cluster, i, queue.length);
      const shrunk = await shrink({ ...o, maxShrinkRuns: share }, arb, cluster.first);
      if (shrunk.stopped) stopped ??= shrunk.stopped;
      if (o.abort?.aborted) stopped = String(o.abort.reason ?? 'interrupted');
      finding = shrunk.finding;
    }
    budget -= finding.shrinkRuns;
    cluster.finding = finding;
    findings.push(finding);
    await o.onFinding?.(finding, cluster);
  }
  return sofar();
}

/**
 * Lets the event loop turn: an engine in this process answers at once, and without a turn between
 * scenarios a signal (Ctrl-C) would wait for the end of the run to be seen.
 */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Thrown into fast-check's loop to end it when the run is interrupted. */
class Interrupted extends Error {}

/**
 * Settles when the signal aborts; never, without one. Its listener goes once `until` aborts: one
 * is added for each cluster shrunk, and a run with many clusters would otherwise pile them up.
 */
function whenAborted(signal: AbortSignal | undefined, until?: AbortSignal): Promise<void> {
  if (!signal) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true, ...(until ? { signal: until } : {}) }));
}

function tally(t: Tally, judged: Judged & { failure?: undefined }, found: readonly Hit[]): void {
  const v = judged.verdicts.get(t.property.id)!;
  if (!judged.applied.has(t.property.id)) t.notApplicable++;
  else if (v.status === 'n/a') t.checkedNothing++;
  else {
    t.checks += v.checks ?? 1;
    const mine = found.filter((h) => h.property === t.property);
    if (mine.some((h) => h.kind === 'fail' && !h.expectation)) t.failed++;
    else if (mine.some((h) => h.expectation)) t.xfailed++;
    else if (mine.some((h) => h.kind === 'contested')) t.contested++;
    else t.passed++;
  }
}

/**
 * Replays the failing run by seed and path and lets fast-check shrink it, within the budgets. The last
 * scenario that failed is run once more to tell a failure of the scenario from one of the moment.
 */
export async function shrink(
  o: Judge & Pick<SuiteOptions, 'seed' | 'maxShrinkRuns' | 'maxShrinkMs' | 'abort' | 'onShrinkRun'>,
  arb: fc.Arbitrary<Scenario>,
  first: FirstFailure,
): Promise<{ finding: Finding; stopped?: string }> {
  const { target, run } = first;
  const limit = o.maxShrinkRuns ?? 2000;
  const deadline = o.maxShrinkMs === undefined ? Infinity : Date.now() + o.maxShrinkMs;
  const properties = targetProperties(target);
  let engineRuns = 0;
  let stopped: string | undefined;
  let last: { scenario: Scenario; judged: Judged } | undefined;
  const shrunk = new AbortController();
  const aborted = whenAborted(o.abort, shrunk.signal);
  const details = await fc.check(
    fc.asyncProperty(arb, async (scenario) => {
      // Past a budget every candidate counts as passing, which ends the shrinking where it stands.
      if (engineRuns >= limit || Date.now() > deadline || stopped !== undefined || o.abort?.aborted) return true;
      await turn();
      engineRuns++;
      const judged = await Promise.race([judge(o, scenario, properties), aborted.then(() => undefined)]);
      if (judged === undefined) return true;
      if (judged.failure?.fatal) {
        stopped = judged.failure.message;
        return true;
      }
      if (!hitsTarget(judged, target)) {
        o.onShrinkRun?.(target, engineRuns);
        return true;
      }
      last = { scenario, judged };
      o.onShrinkRun?.(target, engineRuns, scenario);
      return false;
    }),
    { seed: o.seed, path: String(run), numRuns: run + 1 },
  );
  shrunk.abort();
  if (o.abort?.aborted) {
    // Interrupted: the smallest scenario that failed so far, marked as not shrunk, and not run again.
    if (!last || !details.failed || details.counterexamplePath === null) return { finding: unshrunk(o, first, true, engineRuns) };
    const path = details.counterexamplePath;
    return { finding: { ...describe(last.judged, target), scenario: last.scenario, seed: o.seed, path, runsToFailure: run + 1, shrinkRuns: engineRuns, shrunk: false, reproduced: true } };
  }
  if (!details.failed || !last || details.counterexamplePath === null) {
    // The failing run did not fail again: report it as it was found.
    return { finding: { ...unshrunk(o, first, false, engineRuns), shrunk: true }, ...(stopped !== undefined ? { stopped } : {}) };
  }
  const again = stopped === undefined ? await judge(o, last.scenario, properties) : undefined;
  const reproduced = again !== undefined && hitsTarget(again, target);
  const shown = reproduced ? again : last.judged;
  return {
    finding: {
      // A failure that came back alone needs no history.
      ...describe(shown, target, !reproduced),
      scenario: last.scenario,
      seed: o.seed,
      path: details.counterexamplePath,
      runsToFailure: run + 1,
      shrinkRuns: engineRuns,
      shrunk: true,
      reproduced,
    },
    ...(stopped !== undefined ? { stopped } : {}),
  };
}

/** The first failing scenario as found, before shrinking: what a store keeps until shrinking ends. */
export function unshrunk(o: Pick<SuiteOptions, 'seed'>, first: FirstFailure, reproduced: boolean, shrinkRuns = 0): Finding {
  return {
    ...describe(first.judged, first.target),
    scenario: first.scenario,
    seed: o.seed,
    path: String(first.run),
    runsToFailure: first.run + 1,
    shrinkRuns,
    shrunk: false,
    reproduced,
  };
}

function describe(judged: Judged, target: Target, withHistory = true): Pick<Finding, 'kind' | 'signature' | 'property' | 'verdict' | 'trace' | 'divergences' | 'history'> {
  if (judged.failure) {
    const f = judged.failure;
    const history = withHistory && f.history && f.history.scenarios.length > 0 ? { history: f.history } : {};
    return { kind: f.kind, signature: 'signature' in target ? target.signature : engineFailureSignature(f), verdict: { status: f.kind, message: f.message, stderr: f.stderr }, ...history };
  }
  // Of several properties, the first that fails on this scenario.
  const property = 'anyOf' in target ? target.anyOf.find((p) => judged.verdicts.get(p.id)?.status === 'fail')! : (target as { property: Property }).property;
  const verdict = judged.verdicts.get(property.id) as Failed;
  const signature = 'signature' in target ? target.signature : (hitsOf(judged, [property], Expectations.none)[0]?.signature ?? propertySignature(property.id, 'fail'));
  // The divergences of the step the signature names, the first of them as the headline.
  const shown = showing(judged, signature);
  const head = shown?.[0];
  const v: Failed = head ? ({ ...verdict, step: head.step, expected: head.expected, observed: head.observed } as Failed) : verdict;
  return { kind: verdict.status, signature, property, verdict: v, trace: judged.trace, ...(shown && shown.length > 1 ? { divergences: shown } : {}) };
}
