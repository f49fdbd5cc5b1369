// The main job: generate scenarios the engine can run, judge each by every property, and shrink the
// first failure of each property (and of each kind of engine failure) to a repro. fast-check replays
// the failing run by seed and path and shrinks from there.
import fc from 'fast-check';
import type { EngineFailureKind } from '../adapters/engine-failure.ts';
import { scenarioArb } from '../generators/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { missingCapability, type Failed, type Property } from '../properties/property.ts';
import { hits, judge, type Judge, type Judged, type Target } from './evaluate.ts';

export interface SuiteOptions extends Judge {
  properties: readonly Property[];
  runs: number;
  seed: number;
  illegalShare?: number;
  /** Engine runs allowed for shrinking one failure. */
  maxShrinkRuns?: number;
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
  /** What went wrong, for people: the verdict, or the engine failure's message. */
  verdict: Failed | { status: EngineFailureKind; message: string; stderr: string };
  scenario: Scenario;
  trace?: Trace;
  seed: number;
  path: string;
  runsToFailure: number;
  shrinkRuns: number;
}

export interface SuiteResult {
  runs: number;
  seed: number;
  tallies: Tally[];
  /** Scenarios the engine gave no usable trace for, by kind. */
  engineFailures: Record<EngineFailureKind, number>;
  findings: Finding[];
}

export async function runSuite(o: SuiteOptions): Promise<SuiteResult> {
  const caps = o.engine.capabilities;
  const tallies: Tally[] = o.properties.map((property) => {
    const skipped = missingCapability(property, caps);
    return { property, passed: 0, failed: 0, contested: 0, notApplicable: 0, ...(skipped ? { skipped } : {}) };
  });
  const active = tallies.filter((t) => !t.skipped);
  const properties = active.map((t) => t.property);
  const arb = scenarioArb({ capabilities: caps, ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}) });
  const engineFailures: Record<EngineFailureKind, number> = { crash: 0, timeout: 0, 'protocol-error': 0 };
  const firstRun = new Map<string, { target: Target; run: number }>();
  let index = 0;

  const main = await fc.check(
    fc.asyncProperty(arb, async (scenario) => {
      const run = index++;
      o.onScenario?.(scenario);
      const judged = await judge(o, scenario, properties);
      if (judged.failure) {
        engineFailures[judged.failure.kind]++;
        if (!firstRun.has(judged.failure.kind)) firstRun.set(judged.failure.kind, { target: { failure: judged.failure.kind }, run });
      } else {
        for (const t of active) {
          const v = judged.verdicts.get(t.property.id)!;
          if (v.status === 'pass') t.passed++;
          else if (v.status === 'n/a') t.notApplicable++;
          else {
            if (v.status === 'fail') t.failed++;
            else t.contested++;
            const key = `${t.property.id}:${v.status}`;
            if (!firstRun.has(key)) firstRun.set(key, { target: { property: t.property, status: v.status }, run });
          }
        }
      }
      o.onProgress?.(index, o.runs, firstRun.size);
      return true;
    }),
    { seed: o.seed, numRuns: o.runs },
  );
  if (main.failed) throw main.errorInstance instanceof Error ? main.errorInstance : new Error(String(main.errorInstance));

  const findings: Finding[] = [];
  for (const { target, run } of [...firstRun.values()].sort((a, b) => a.run - b.run)) {
    const finding = await shrink(o, arb, target, run);
    findings.push(finding);
    await o.onFinding?.(finding);
  }
  return { runs: index, seed: o.seed, tallies, engineFailures, findings };
}

async function shrink(o: SuiteOptions, arb: fc.Arbitrary<Scenario>, target: Target, run: number): Promise<Finding> {
  const limit = o.maxShrinkRuns ?? 2000;
  const properties = 'property' in target ? [target.property] : [];
  let engineRuns = 0;
  const details = await fc.check(
    fc.asyncProperty(arb, async (scenario) => {
      // Past the budget every candidate counts as passing, which ends the shrinking where it stands.
      if (engineRuns >= limit) return true;
      engineRuns++;
      return !hits(await judge(o, scenario, properties), target);
    }),
    { seed: o.seed, path: String(run), numRuns: run + 1 },
  );
  const label = 'property' in target ? target.property.id : target.failure;
  if (!details.failed || !details.counterexample || details.counterexamplePath === null) {
    throw new Error(`replaying run ${run + 1} (seed ${o.seed}) did not give ${label} again: the engine is not deterministic`);
  }
  const [scenario] = details.counterexample;
  const judged = await judge(o, scenario, properties);
  if (!hits(judged, target)) throw new Error(`the shrunk scenario no longer gives ${label}: the engine is not deterministic`);
  return {
    ...describe(judged, target),
    scenario,
    seed: o.seed,
    path: details.counterexamplePath,
    runsToFailure: run + 1,
    shrinkRuns: Math.max(0, engineRuns - 1),
  };
}

function describe(judged: Judged, target: Target): Pick<Finding, 'kind' | 'property' | 'verdict' | 'trace'> {
  if (judged.failure) {
    const f = judged.failure;
    return { kind: f.kind, verdict: { status: f.kind, message: f.message, stderr: f.stderr } };
  }
  const { property } = target as { property: Property };
  const verdict = judged.verdicts.get(property.id) as Failed;
  return { kind: verdict.status, property, verdict, trace: judged.trace };
}
