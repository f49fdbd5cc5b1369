// The main job: generate scenarios the engine can run, judge each by every property, group the
// failures by signature into clusters, and shrink the first scenario of each cluster to a repro,
// within one budget of engine runs shared among the clusters. fast-check replays the failing run by
// seed and path and shrinks from there. Engines in other processes may crash, hang or fail only now
// and then: a failure found is never dropped, only reported as not reproduced.
import type { Engine } from '../adapters/engine.ts';
import type { EngineFailureKind } from '../adapters/engine-failure.ts';
import { scenarioArb } from '../generators/scenario.ts';
import type { Capabilities, Scenario } from '../model/schema-types.ts';
import { divergences, missingCapability, type Property } from '../properties/property.ts';
import { hitsOf, keeps } from './clusters.ts';
import { causesOf, metAgain, noteRepros, settleConsequences, shownAt } from './causes.ts';
import { unshrunk } from './findings.ts';
import type { Cluster, Finding, Hit, SuiteResult, Tally } from './results.ts';
import { Answers, appliedAt, judge, judgeAll, verdictAt, type ChunkJudgement, type Judge } from './evaluate.ts';
import type { Judged } from './judged.ts';
import { shrink, type ShrinkOptions } from './shrink.ts';
import { Interrupted, Pace, turn, whenAborted } from './abort.ts';
import { EarlyStops, stopPoint } from './early-stops.ts';
import { Expectations } from './expectations.ts';
import { ENGINE_HANGS, MAX_TIMEOUTS } from './hangs.ts';
import { byFirstScenario, clusterRank } from './signatures.ts';

export { shrink };

/**
 * Scenarios judged together by default: past a few dozen (256 gained less, 1,024 nothing), the runs
 * of a chunk no longer stay in the processor's caches while each property goes over them. A divisor
 * of TURN_EVERY, so that a run still goes at most that many scenarios past an interrupt.
 */
export const CHUNK = 32;

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
   * The answers are judged half a window at a time, the other half waiting at the engine meanwhile.
   * An engine with runSync answers each before the next is made: it has no use for more.
   */
  inFlight?: number;
  /**
   * Scenarios an engine with runSync is given, and judged, together (runner/evaluate.ts, judgeAll);
   * 1 judges each in full before the next is made. What is found and reported is the same either way.
   */
  chunk?: number;
  /**
   * Scenarios in a row the engine may time out on before it is taken to hang: the run stops then
   * (ENGINE HANGS), with the time-out as a finding, instead of spending its time limit on every
   * scenario left. Default MAX_TIMEOUTS.
   */
  maxTimeouts?: number;
  /** Known failures: reported as XFAIL, never shrunk. */
  expectations?: Expectations;
  /** Signatures whose shrunk repro an earlier run stored and which still fail: not shrunk again. */
  alreadyShrunk?: ReadonlySet<string>;
  /** Called as each scenario is judged; `run` is its number in the run. */
  onProgress?: (done: number, total: number, clusters: number, run: number) => void;
  /** Scenarios to judge instead of runs 0..runs-1: each with its number in the whole run; undefined when there are no more. */
  source?: () => Promise<{ run: number; scenario: Scenario } | undefined>;
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
  onShrinkRun?: ShrinkOptions['onShrinkRun'];
  /** Called once at the start with a function that gives the run so far, for a report of a run stopped midway. */
  onStart?: (sofar: () => SuiteResult) => void;
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
  const arbFor = (capabilities: Capabilities) => scenarioArb({ capabilities, ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}) });
  const arb = arbFor(caps);
  // A worker's or a shard's scenarios are made by its coordinator: it counts early stops, never narrows.
  const early = new EarlyStops(caps, arbFor, o.seed, arb, o.source === undefined);
  const engineFailures: Record<EngineFailureKind, number> = { crash: 0, timeout: 0, 'protocol-error': 0 };
  const clusters = new Map<string, Cluster>();
  let unsupported = 0;
  const notResynced: Record<string, number> = {};
  let stopped: string | undefined;
  const aborted = whenAborted(o.abort);
  let done = 0;
  const findings: Finding[] = [];
  // The clusters joined into findings: `causes`, where the caller has joined them already.
  const sofar = (causes = causesOf([...clusters.values()].sort(byFirstScenario), done)): SuiteResult => ({
    runs: done,
    seed: o.seed,
    tallies,
    engineFailures,
    unsupported,
    ...(Object.keys(notResynced).length > 0 ? { notResynced } : {}),
    ...earlyStopsOf(early),
    clusters: [...clusters.values()].sort(byFirstScenario),
    causes,
    findings,
    ...(stopped !== undefined ? { stopped } : {}),
    ...(o.abort?.aborted ? { partial: true } : {}),
  });
  o.onStart?.(sofar);

  // The engine would not start again for a scenario's related run: the run stops, after the scenarios
  // whose own answers are in, which hold the failure that ended the engine; the next scenario asked
  // for meets the engine gone and stops it, or the end of the run does.
  let engineGone: string | undefined;
  let timeoutsInRow = 0;
  const maxTimeouts = o.maxTimeouts ?? MAX_TIMEOUTS;
  const record = (scenario: Scenario, run: number, judged: Judged) => {
    // Answers due after an interrupt may be the engine being stopped: they are not judged.
    if (o.abort?.aborted) return;
    if (judged.failure?.fatal) {
      stopped ??= judged.failure.message;
      return;
    }
    if (judged.engineGone) engineGone ??= judged.engineGone.message;
    const found = hitsOf(judged, properties, expectations);
    const shown = found.length > 0 && !judged.failure ? shownAt(judged, properties) : undefined;
    if (judged.failure?.kind === 'timeout') timeoutsInRow++;
    else timeoutsInRow = 0;
    if (timeoutsInRow >= maxTimeouts) {
      const limit = o.engine.launch?.timeoutMs;
      stopped ??= `${ENGINE_HANGS}: no answer within the engine's time limit${limit !== undefined ? ` (${limit} ms)` : ''} on ${timeoutsInRow} scenarios in a row; the run stopped instead of waiting that long for each scenario left (--max-timeouts)`;
    }
    if (judged.failure) engineFailures[judged.failure.kind]++;
    else {
      if (judged.unsupported !== undefined) {
        unsupported++;
        early.record(run, stopPoint(judged.scenario, judged.trace, judged.unsupported));
      }
      for (let i = 0; i < active.length; i++) tally(active[i]!, judged, found, properties, i);
      const why = found.length > 0 ? notResyncedIn(judged, properties) : undefined;
      if (why !== undefined) notResynced[why] = (notResynced[why] ?? 0) + 1;
    }
    for (const hit of found) {
      const known = clusters.get(hit.signature);
      const first = { target: { signature: hit.signature, ...(hit.property ? { property: hit.property } : {}) }, run, scenario, judged, hit };
      if (!known) {
        const cluster: Cluster = { signature: hit.signature, kind: hit.kind, count: 1, first, ...(hit.property ? { property: hit.property } : {}), ...(hit.expectation ? { expectation: hit.expectation } : {}) };
        clusters.set(hit.signature, cluster);
        if (shown) metAgain(cluster, shown);
        if (!hit.expectation) o.onCluster?.(cluster);
      } else {
        if (shown) metAgain(known, shown);
        known.count++;
        // The most severe scenario of the cluster is shrunk (a changed game before an order only); of
        // those, the first generated, as scenarios judged side by side may finish out of order.
        known.first = keeps(known.first, first);
      }
    }
    done++;
    o.onProgress?.(done, o.runs, clusters.size, run);
  };

  // An engine in this process that answers at once (Engine.runSync): scenarios are made, run and
  // judged a chunk at a time (judgeAll), then recorded in turn, without a promise, and the event loop
  // turns only now and then (Pace), for an interrupt to be seen. The scenarios are fast-check's runs
  // 0..runs-1 of the seed, made as fc.check makes them (runner/scenario-space.ts), so that a failure
  // shrinks from the same path.
  const chunk = Math.max(1, o.chunk ?? CHUNK);
  /** The run's scenarios from `first`, `size` of them at most, each told to onScenario as it is made. */
  const made = (first: number, size: number): Scenario[] => {
    const scenarios: Scenario[] = [];
    for (let run = first; run < Math.min(first + size, o.runs); run++) {
      const scenario = early.scenario(run);
      o.onScenario?.(scenario);
      scenarios.push(scenario);
    }
    return scenarios;
  };
  const inOrder = async () => {
    const pace = new Pace();
    for (let first = 0; first < o.runs && stopped === undefined; first += chunk) {
      if (pace.due(chunk)) await turn();
      if (o.abort?.aborted) return;
      const scenarios = made(first, chunk);
      if (!(await recordInOrder(judgeAll(o, scenarios, properties), scenarios, (k) => first + k))) return;
    }
  };

  /**
   * Records a chunk's judgements in the order of its scenarios, until the run stops; throws what a
   * property threw when its scenario comes. False when an interrupt came while one was waited for.
   */
  const recordInOrder = async (judgements: ChunkJudgement[], scenarios: readonly Scenario[], runOf: (k: number) => number): Promise<boolean> => {
    // Those left unread (a stop, a property that threw before them) must not end castcheck as unhandled.
    for (const j of judgements) if (j instanceof Promise) j.catch(() => {});
    for (let k = 0; k < judgements.length && stopped === undefined; k++) {
      let judgement = judgements[k]!;
      if ('thrown' in judgement) throw judgement.thrown;
      // One that waits (a reference engine without runSync, a relation's rerun on an engine process) is waited for, as far as an interrupt.
      if (judgement instanceof Promise) {
        const answer = await aborted.race(judgement);
        if (answer === undefined) return false;
        judgement = answer;
      }
      record(scenarios[k]!, runOf(k), judgement);
    }
    return true;
  };

  // A worker's or a shard's share of a run (o.source), against an engine with runSync: a chunk taken
  // from the source, then judged and recorded as inOrder does; a short chunk means the source ran dry.
  const fromSource = async (source: NonNullable<SuiteOptions['source']>) => {
    const pace = new Pace();
    for (let size = chunk; size === chunk && stopped === undefined; ) {
      if (pace.due(chunk)) await turn();
      if (o.abort?.aborted) return;
      const taken: { run: number; scenario: Scenario }[] = [];
      for (let next = await source(); next; next = taken.length < chunk ? await source() : undefined) {
        o.onScenario?.(next.scenario);
        taken.push(next);
      }
      size = taken.length;
      const scenarios = taken.map((t) => t.scenario);
      if (!(await recordInOrder(judgeAll(o, scenarios, properties), scenarios, (k) => taken[k]!.run))) return;
    }
  };

  // Scenarios handed to an engine that answers through promises before the first is answered.
  const window = Math.max(1, o.inFlight ?? 1);
  // A worker's or a shard's share of a run (o.source) on an engine without runSync: each scenario
  // judged in full as it comes, up to the window of judgements left running while the next are taken.
  const running = new Set<Promise<void>>();
  // Waiting for room: woken by a judgement that ends or by the abort. One waiter at a time, instead of
  // a race per scenario that would leave a reaction on the abort's promise for each.
  let wake: (() => void) | undefined;
  const room = () => new Promise<void>((resolve) => (wake = resolve));
  void aborted.promise.then(() => wake?.());
  // A property that throws is a bug in castcheck: it ends the run, as it would without a window.
  let broken: { error: unknown } | undefined;
  /** A judgement as a promise: a property that throws at once rejects it, as one that throws later does. */
  const judging = (scenario: Scenario): Promise<Judged> => {
    try {
      return Promise.resolve(judge(o, scenario, properties));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  // The event loop turns every few scenarios, not before each: an engine in another process is read
  // while the window is full (room), and a turn per scenario cost a pass of the loop and a write to
  // the engine of its own for each request. An engine whose promises settle at once never makes
  // room wait, so a turn now and then keeps an interrupt from waiting for the end of the run.
  const pace = new Pace();
  const visit = async (scenario: Scenario, run: number): Promise<void> => {
    if (pace.due()) await turn();
    if (broken) throw broken.error;
    if (o.abort?.aborted) throw new Interrupted();
    if (stopped !== undefined) return;
    o.onScenario?.(scenario);
    const job: Promise<void> = judging(scenario).then(
      (judged) => {
        running.delete(job);
        try {
          record(scenario, run, judged);
        } catch (error) {
          broken ??= { error };
        }
        wake?.();
      },
      (error: unknown) => {
        running.delete(job);
        broken ??= { error };
        wake?.();
      },
    );
    running.add(job);
    while (running.size >= window && !o.abort?.aborted) await room();
  };
  // An engine that answers through promises (an engine process), the whole run: the same scenarios
  // as fc.check would make (runner/scenario-space.ts), sent half the window at a time; the next
  // chunk is sent before this one is judged, so that the engine works while castcheck judges, with up
  // to the window waiting for it. The answers in are judged together (runner/evaluate.ts, Answers),
  // the chunk at once while the engine answers faster than castcheck judges; while it answers slower,
  // each scenario is judged, tallied and stored the moment its answer comes, so that an interrupt, or
  // a kill, loses no scenario the engine answered.
  const inChunks = async () => {
    const size = Math.max(1, Math.floor(window / 2));
    const start = (first: number) => {
      const scenarios = made(first, size);
      return { first, scenarios, answers: new Answers(scenarios, o) };
    };
    let current = o.runs > 0 ? start(0) : undefined;
    while (current && stopped === undefined) {
      if (pace.due(current.scenarios.length)) await turn();
      if (o.abort?.aborted) return;
      const after = current.first + size;
      const next = window >= 2 && after < o.runs ? start(after) : undefined;
      const { first, scenarios, answers } = current;
      for (let k = 0; k < answers.length && stopped === undefined; ) {
        const waited = !answers.isIn(k);
        if (waited && (await aborted.race(answers.arrival(k))) === undefined) return;
        const judgements = answers.judgeIn(k, properties, o);
        const from = k;
        if (!(await recordInOrder(judgements, scenarios.slice(from), (i) => first + from + i))) return;
        k += judgements.length;
      }
      current = next ?? (window < 2 && after < o.runs && stopped === undefined ? start(after) : undefined);
    }
  };

  try {
    if (o.engine.runSync && !o.source) await inOrder();
    else if (o.source && o.engine.runSync) await fromSource(o.source);
    else if (o.source) {
      // Scenarios numbered in the whole run, from a worker's or a shard's share of it (runner/parallel.ts).
      try {
        for (let next = await o.source(); next && stopped === undefined; next = await o.source()) await visit(next.scenario, next.run);
      } catch (error) {
        if (!(error instanceof Interrupted)) throw error;
      }
    } else await inChunks();
    await Promise.race([Promise.all(running), aborted.promise]);
  } finally {
    aborted.release();
  }
  if (broken) throw broken.error;
  if (o.abort?.aborted) stopped = String(o.abort.reason ?? 'interrupted');
  stopped ??= engineGone;

  // Engine failures first, then the rules properties, then agreement and contested readings: when
  // the budget runs short, what it leaves unshrunk is what says least.
  const queue = [...clusters.values()]
    .filter((c) => !c.expectation && !o.alreadyShrunk?.has(c.signature))
    .sort((a, b) => clusterRank(a) - clusterRank(b) || byFirstScenario(a, b));
  let budget = o.shrinkBudget ?? Infinity;
  for (const [i, cluster] of queue.entries()) {
    const share = Math.min(o.maxShrinkRuns ?? 2000, Math.floor(budget / (queue.length - i)));
    let finding: Finding;
    if (stopped !== undefined || share <= 0 || o.abort?.aborted) finding = unshrunk(o, cluster.first, true);
    else {
      o.onShrinking?.(cluster, i, queue.length);
      const shrunk = await shrink({ ...o, maxShrinkRuns: share }, early.arbAt(cluster.first.run), cluster.first);
      if (shrunk.stopped) stopped ??= shrunk.stopped;
      if (o.abort?.aborted) stopped = String(o.abort.reason ?? 'interrupted');
      finding = shrunk.finding;
    }
    budget -= finding.shrinkRuns;
    cluster.finding = finding;
    findings.push(finding);
    await o.onFinding?.(finding, cluster);
  }
  if (stopped === undefined) await noteRepros(o, queue, properties, o.abort);
  // Joined once: every pair of clusters is weighed for co-occurrence.
  const causes = causesOf([...clusters.values()].sort(byFirstScenario), done);
  settleConsequences(tallies, causes);
  return sofar(causes);
}

/** Why agreement could not go on from the engine's state in a judged scenario, if it could not. */
function notResyncedIn(judged: Judged & { failure?: undefined }, properties: readonly Property[]): string | undefined {
  for (let i = 0; i < properties.length; i++) {
    if (properties[i]!.kind !== 'agreement') continue;
    const v = verdictAt(judged, properties, i);
    if (v?.status === 'fail' || v?.status === 'contested') {
      const why = divergences(v).find((d) => d.notResynced !== undefined)?.notResynced;
      if (why !== undefined) return why;
    }
  }
  return undefined;
}

/** A run's early stops for its result: none when the engine never answered `unsupported`. */
function earlyStopsOf(early: EarlyStops): Pick<SuiteResult, 'earlyStops' | 'narrowedCapabilities'> {
  const list = early.list();
  if (list.length === 0) return {};
  return { earlyStops: list, ...(early.narrowed() ? { narrowedCapabilities: early.capabilities() } : {}) };
}


/** Counts the verdict of `t`'s property, properties[i] of those judged. */
function tally(t: Tally, judged: Judged & { failure?: undefined }, found: readonly Hit[], properties: readonly Property[], i: number): void {
  const v = verdictAt(judged, properties, i)!;
  if (!appliedAt(judged, properties, i)) t.notApplicable++;
  else if (v.status === 'n/a') t.checkedNothing++;
  else {
    t.checks += v.checks ?? 1;
    // Nearly every scenario finds nothing: no list made for each property then.
    const mine = found.length === 0 ? found : found.filter((h) => h.property === t.property);
    if (mine.some((h) => h.kind === 'fail' && !h.expectation)) t.failed++;
    else if (mine.some((h) => h.expectation)) t.xfailed++;
    else if (mine.some((h) => h.kind === 'contested')) t.contested++;
    else t.passed++;
  }
}
