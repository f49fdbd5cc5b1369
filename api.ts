// castcheck's public API, for engine authors in TypeScript (`import { checkEngine } from 'castcheck'`):
// the Engine interface and the schema types an engine reads and writes; `checkEngine` runs the suite on
// an engine in this process (under vitest, say); `serveEngine` puts an engine behind the protocol, so
// that `castcheck run --engine-cmd "node my-engine.js"` tests it from the command line.
// The command line is a separate entry (cli/main.ts); nothing here prints or exits.
import type { Engine } from './adapters/engine.ts';
import type { EngineFailureKind } from './adapters/engine-failure.ts';
import type { Scenario, Trace } from './model/schema-types.ts';
import { PROPERTIES } from './properties/index.ts';
import { judgeFor } from './runner/evaluate.ts';
import { runSuite } from './runner/run-suite.ts';

export type { Engine } from './adapters/engine.ts';
export type * from './model/schema-types.ts';
export { normalizeScenario, type NormalizedScenario } from './model/scenario.ts';
export { serveEngine, type ServeOptions } from './adapters/process/serve.ts';
export { ReferenceEngine } from './adapters/reference/engine.ts';
export { validateDocument, type DocumentKind, type ValidationIssue } from './model/schemas.ts';

export interface CheckOptions {
  /** Scenarios to generate (default 1000). */
  runs?: number;
  /** Generator seed (default 1, so that a test sees the same scenarios every time). */
  seed?: number;
  /** Share of scenarios with an illegal declaration (default 0.2). */
  illegalShare?: number;
  /** Engine runs allowed to shrink one failure (default 2000). */
  maxShrinkRuns?: number;
  /** The reading of a copied splice the engine follows (default: the ruling). */
  spliceCopy?: 'ruling' | 'literal';
}

export interface CheckedProperty {
  id: string;
  rules: string[];
  statement: string;
  passed: number;
  failed: number;
  contested: number;
  notApplicable: number;
  /** Why the engine cannot run it at all (a capability it does not declare). */
  skipped?: string;
}

export interface CheckFinding {
  kind: 'fail' | 'contested' | EngineFailureKind;
  /** The property broken, for kinds fail and contested. */
  property?: string;
  /** What went wrong, for people. */
  message: string;
  /** The shrunk scenario, and the engine's trace of it when it gave one. */
  scenario: Scenario;
  trace?: Trace;
  runsToFailure: number;
  shrinkRuns: number;
}

export interface CheckResult {
  /** No property failed and the engine answered every scenario. Contested readings do not count. */
  ok: boolean;
  runs: number;
  seed: number;
  properties: CheckedProperty[];
  engineFailures: Record<EngineFailureKind, number>;
  findings: CheckFinding[];
  /** Why the run stopped early, if it did. */
  stopped?: string;
}

/** Runs the suite on an engine in this process, as `castcheck run` does, and returns what it found. */
export async function checkEngine(engine: Engine, o: CheckOptions = {}): Promise<CheckResult> {
  // Counted here: the suite's own count of judged scenarios moves only when it is given onProgress.
  let judged = 0;
  const r = await runSuite({
    ...judgeFor(engine, { spliceCopy: o.spliceCopy ?? 'ruling' }),
    properties: PROPERTIES,
    runs: o.runs ?? 1000,
    seed: o.seed ?? 1,
    ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}),
    ...(o.maxShrinkRuns !== undefined ? { maxShrinkRuns: o.maxShrinkRuns } : {}),
    onProgress: (done) => {
      judged = done;
    },
  });
  const findings = r.findings.map((f): CheckFinding => {
    const v = f.verdict;
    const message = v.status === 'fail' || v.status === 'contested' ? `${v.step}: expected ${v.expected}, observed ${v.observed}` : v.message;
    return {
      kind: f.kind,
      ...(f.property ? { property: f.property.id } : {}),
      message,
      scenario: f.scenario,
      ...(f.trace ? { trace: f.trace } : {}),
      runsToFailure: f.runsToFailure,
      shrinkRuns: f.shrinkRuns,
    };
  });
  return {
    ok: r.stopped === undefined && !findings.some((f) => f.kind !== 'contested'),
    runs: judged,
    seed: r.seed,
    properties: r.tallies.map((t) => ({
      id: t.property.id,
      rules: [...t.property.rules],
      statement: t.property.statement,
      passed: t.passed,
      failed: t.failed,
      contested: t.contested,
      notApplicable: t.notApplicable,
      ...(t.skipped !== undefined ? { skipped: t.skipped } : {}),
    })),
    engineFailures: { ...r.engineFailures },
    findings,
    ...(r.stopped !== undefined ? { stopped: r.stopped } : {}),
  };
}
