// The main job: generate scenarios the engine can run, judge each by every property, and shrink the
// first failure of each property (and of each kind of engine failure) to a repro. fast-check replays
// the failing run by seed and path and shrinks from there. Engines in other processes may crash, hang
// or fail only now and then: a failure found is never dropped, only reported as not reproduced.
import fc from 'fast-check';
import type { EngineFailureKind } from '../adapters/engine-failure.ts';
import { scenarioArb } from '../generators/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { missingCapability, type Failed, type Property } from '../properties/property.ts';
import { hits, judge, targetProperties, type Judge, type Judged, type Target } from './evaluate.ts';

export interface SuiteOptions extends Judge {
  properties: readonly Property[];
  runs: number;
  seed: number;
  illegalShare?: number;
  /** Engine runs allowed for shrinking one failure. */
  maxShrinkRuns?: number;
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
  onProgress?: (done: number, total: number, failing: number) => void;
  /** Called with every generated scenario, for statistics. */
  onScenario?: (scenario: Scenario) => void;
  /** Called as soon as a failure is shrunk, so that nothing found is lost if the run dies later. */
  onFinding?: (finding: Finding) => void | Promise<void>;
}

export interface Tally {
  property: Property;
  /** Why the engine cannot run this property at all. */
  skipped?: string;
  passed: number;
  failed: number;
  contested: number;
  notApplicable: number;
}

export interface Finding {
  kind: 'fail' | 'contested' | EngineFailureKind;
  /** The property broken, for kinds fail and contested. */
  property?: Property;
  /** What went wrong, for people: the failed verdict, or the engine failure's message. */
  verdict: Failed | { status: EngineFailureKind; message: string; stderr: string };
  scenario: Scenario;
  trace?: Trace;
  seed: number;
  path: string;
  runsToFailure: number;
  shrinkRuns: number;
  /** false when running the reported scenario once more did not give the failure again. */
  reproduced: boolean;
}

export interface SuiteResult {
  runs: number;
  seed: number;
  tallies: Tally[];
  /** Scenarios the engine gave no usable trace for, by kind. */
  engineFailures: Record<EngineFailureKind, number>;
  findings: Finding[];
  /** Why the run stopped before all its scenarios, when it did (an engine that no longer starts). */
  stopped?: string;
}

export interface FirstFailure {
  target: Target;
  run: number;
  scenario: Scenario;
  judged: Judged;
}

export async function runSuite(o: SuiteOptions): Promise<SuiteResult> {
  const caps = o.engine.capabilities;
  const tallies: Tally[] = o.properties.map((property) => {
    const skipped = missingCapability(property, caps);
    return { property, passed: 0, failed: 0, contested: 0, notApplicable: 0, ...(skipped ? { skipped } : {}) };
  });
  const active = tallies.filter((t) => !t.skipped).map((t) => t);
  const properties = active.map((t) => t.property);
  const arb = scenarioArb({ capabilities: caps, ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}) });
  const engineFailures: Record<EngineFailureKind, number> = { crash: 0, timeout: 0, 'protocol-error': 0 };
  const firstRun = new Map<string, FirstFailure>();
  let stopped: string | undefined;
  let index = 0;
  let done = 0;

  const record = (scenario: Scenario, run: number, judged: Judged) => {
    const first = (key: string, target: Target) => {
      const known = firstRun.get(key);
      if (!known || run < known.run) firstRun.set(key, { target, run, scenario, judged });
    };
    if (judged.failure) {
      if (judged.failure.fatal) {
        stopped ??= judged.failure.message;
        return;
      }
      engineFailures[judged.failure.kind]++;
      first(judged.failure.kind, { failure: judged.failure.kind });
    } else {
      for (const t of active) {
        const v = judged.verdicts.get(t.property.id)!;
        if (v.status === 'pass') t.passed++;
        else if (v.status === 'n/a') t.notApplicable++;
        else {
          if (v.status === 'fail') t.failed++;
          else t.contested++;
          first(`${t.property.id}:${v.status}`, { property: t.property, status: v.status });
        }
      }
    }
    o.onProgress?.(++done, o.runs, firstRun.size);
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
      if (broken) throw broken.error;
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
      while (running.size >= window) await Promise.race(running);
      return true;
    }),
    { seed: o.seed, numRuns: o.runs },
  );
  await Promise.all(running);
  if (broken) throw broken.error;
  if (main.failed) throw main.errorInstance instanceof Error ? main.errorInstance : new Error(String(main.errorInstance));

  const findings: Finding[] = [];
  for (const first of [...firstRun.values()].sort((a, b) => a.run - b.run)) {
    const finding: { finding: Finding; stopped?: string } = stopped === undefined ? await shrink(o, arb, first) : { finding: unshrunk(o, first, false) };
    if (finding.stopped) stopped ??= finding.stopped;
    findings.push(finding.finding);
    await o.onFinding?.(finding.finding);
  }
  return { runs: done, seed: o.seed, tallies, engineFailures, findings, ...(stopped !== undefined ? { stopped } : {}) };
}

/**
 * Replays the failing run by seed and path and lets fast-check shrink it, within the budgets. The last
 * scenario that failed is run once more to tell a failure of the scenario from one of the moment.
 */
export async function shrink(
  o: Judge & Pick<SuiteOptions, 'seed' | 'maxShrinkRuns' | 'maxShrinkMs'>,
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
  const details = await fc.check(
    fc.asyncProperty(arb, async (scenario) => {
      // Past a budget every candidate counts as passing, which ends the shrinking where it stands.
      if (engineRuns >= limit || Date.now() > deadline || stopped !== undefined) return true;
      engineRuns++;
      const judged = await judge(o, scenario, properties);
      if (judged.failure?.fatal) {
        stopped = judged.failure.message;
        return true;
      }
      if (!hits(judged, target)) return true;
      last = { scenario, judged };
      return false;
    }),
    { seed: o.seed, path: String(run), numRuns: run + 1 },
  );
  if (!details.failed || !last || details.counterexamplePath === null) {
    // The failing run did not fail again: report it as it was found.
    return { finding: unshrunk(o, first, false, engineRuns), ...(stopped !== undefined ? { stopped } : {}) };
  }
  const again = stopped === undefined ? await judge(o, last.scenario, properties) : undefined;
  const reproduced = again !== undefined && hits(again, target);
  const shown = reproduced ? again : last.judged;
  return {
    finding: {
      ...describe(shown, target),
      scenario: last.scenario,
      seed: o.seed,
      path: details.counterexamplePath,
      runsToFailure: run + 1,
      shrinkRuns: engineRuns,
      reproduced,
    },
    ...(stopped !== undefined ? { stopped } : {}),
  };
}

function unshrunk(o: Pick<SuiteOptions, 'seed'>, first: FirstFailure, reproduced: boolean, shrinkRuns = 0): Finding {
  return {
    ...describe(first.judged, first.target),
    scenario: first.scenario,
    seed: o.seed,
    path: String(first.run),
    runsToFailure: first.run + 1,
    shrinkRuns,
    reproduced,
  };
}

function describe(judged: Judged, target: Target): Pick<Finding, 'kind' | 'property' | 'verdict' | 'trace'> {
  if (judged.failure) {
    const f = judged.failure;
    return { kind: f.kind, verdict: { status: f.kind, message: f.message, stderr: f.stderr } };
  }
  // Of several properties, the first that fails on this scenario.
  const property = 'anyOf' in target ? target.anyOf.find((p) => judged.verdicts.get(p.id)?.status === 'fail')! : (target as { property: Property }).property;
  const verdict = judged.verdicts.get(property.id) as Failed;
  return { kind: verdict.status, property, verdict, trace: judged.trace };
}
