// The result file of one shard (schema/shard-result.schema.json): a run's counts and clusters, with
// the first scenario and the repro of each cluster, and every repro of the shard's store, so that
// `castcheck merge` makes one report and one store from the files alone.
import { EngineFailure } from '../adapters/engine-failure.ts';
import type { Engine } from '../adapters/engine.ts';
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { Expectation, Repro, Scenario, ShardResult, StoredReplay } from '../model/schema-types.ts';
import { version } from '../model/version.ts';
import { propertyById } from '../properties/index.ts';
import type { Divergence, Failed, Property, Readings } from '../properties/property.ts';
import { unshrunk } from '../runner/findings.ts';
import type { Judged } from '../runner/judged.ts';
import type { Cluster, Finding, SuiteResult } from '../runner/results.ts';
import type { Shard } from '../runner/scenario-space.ts';
import { reproOf } from './repro.ts';
import { reportedSteps } from './run-report.ts';

export interface ShardContext {
  engine: Pick<Engine, 'id' | 'launch'>;
  readings: Readings;
  shard: Shard;
  /** The size of the whole run whose share this shard judged. */
  runs: number;
  workers?: number;
  timeBudget?: string;
  repeat: string;
  /** The repro the store holds for each signature. */
  repros: ReadonlyMap<string, Repro>;
  /** The steps of each cluster's shrinking in this shard, by signature (as castcheck run keeps them for its report). */
  shrinkSteps?: ReadonlyMap<string, readonly { run: number; scenario: Scenario }[]>;
  store: { dir: string; replayed: StoredReplay[]; findings: Repro[] };
  expectations?: { file: string; stale: Expectation[]; seen: string[] };
  stats?: { feature: string; scenarios: number }[];
}

export function shardResult(result: SuiteResult, x: ShardContext): ShardResult {
  return {
    format: 'castcheck-shard-result/1',
    castcheck: version,
    engine: x.engine.id,
    ...(x.engine.launch ? { command: x.engine.launch.command } : {}),
    readings: x.readings,
    seed: result.seed,
    shard: x.shard,
    runs: x.runs,
    scenarios: result.runs,
    ...(x.workers !== undefined ? { workers: x.workers } : {}),
    ...(x.timeBudget !== undefined ? { timeBudget: x.timeBudget } : {}),
    repeat: x.repeat,
    ...(result.stopped !== undefined ? { stopped: result.stopped } : {}),
    properties: result.tallies.map(({ property, ...counts }) => ({ id: property.id, ...counts })),
    engineFailures: result.engineFailures,
    unsupported: result.unsupported,
    clusters: result.clusters.map((c) => {
      const repro = x.repros.get(c.signature);
      return {
        signature: c.signature,
        verdict: c.kind,
        ...(c.property ? { property: c.property.id } : {}),
        xfail: c.expectation !== undefined,
        ...(c.expectation ? { expectation: c.expectation } : {}),
        count: c.count,
        firstRun: c.first.run,
        first: reproOf(unshrunk(result, c.first, true), x.engine, x.readings),
        ...(repro && !c.expectation ? { repro } : {}),
        ...shrinkStepsOf(x.shrinkSteps?.get(c.signature)),
      };
    }),
    ...(x.expectations ? { expectations: x.expectations } : {}),
    store: x.store,
    ...(x.stats ? { stats: x.stats } : {}),
  };
}

function shrinkStepsOf(steps: readonly { run: number; scenario: Scenario }[] | undefined): { shrinkSteps?: ReturnType<typeof reportedSteps> } {
  if (!steps || steps.length === 0) return {};
  return { shrinkSteps: reportedSteps(steps) };
}

export function readShardResult(file: string): ShardResult {
  const doc = readJsonFile(file);
  const issues = validateDocument('shard-result', doc);
  if (issues.length > 0) throw new InputError(`${file} is not a valid shard result`, formatIssues(issues).map((l) => `  ${l}`));
  return doc as ShardResult;
}

function property(id: string, file: string): Property {
  const p = propertyById(id);
  if (!p) throw new InputError(`${file}: this castcheck has no property '${id}'`);
  return p;
}

/** The run a shard result stands for, as runner/run-suite.ts gives it. */
export function suiteResultOf(doc: ShardResult, file: string): SuiteResult {
  const clusters: Cluster[] = doc.clusters.map((c) => {
    const p = c.property !== undefined ? property(c.property, file) : undefined;
    const first = findingOf(c.first, p);
    const divergences = first.divergences ?? (first.verdict.status === 'fail' || first.verdict.status === 'contested' ? [divergenceOf(first.verdict)] : []);
    return {
      signature: c.signature,
      kind: c.verdict,
      count: c.count,
      ...(p ? { property: p } : {}),
      ...(c.expectation ? { expectation: c.expectation } : {}),
      first: {
        run: c.firstRun,
        scenario: c.first.scenario,
        judged: judgedOf(first),
        target: { signature: c.signature, ...(p ? { property: p } : {}) },
        hit: { signature: c.signature, kind: c.verdict, divergences, ...(p ? { property: p } : {}), ...(c.expectation ? { expectation: c.expectation } : {}) },
      },
      ...(c.repro ? { finding: findingOf(c.repro, p) } : {}),
    };
  });
  return {
    runs: doc.scenarios,
    seed: doc.seed,
    tallies: doc.properties.map(({ id, ...counts }) => ({ property: property(id, file), ...counts })),
    engineFailures: doc.engineFailures,
    unsupported: doc.unsupported,
    clusters,
    findings: clusters.flatMap((c) => (c.finding ? [c.finding] : [])),
    ...(doc.stopped !== undefined ? { stopped: doc.stopped } : {}),
  };
}

function divergenceOf(v: Failed): Divergence {
  return { step: v.step, expected: v.expected, observed: v.observed, ...(v.kind !== undefined ? { kind: v.kind } : {}), ...(v.status === 'contested' ? { ruling: v.ruling } : {}) };
}

/** A repro read back as the finding it was written from. */
export function findingOf(r: Repro, p: Property | undefined): Finding {
  const judged = r.verdict === 'fail' || r.verdict === 'contested';
  const verdict: Finding['verdict'] = judged
    ? r.verdict === 'contested'
      ? { status: 'contested', step: r.step ?? '', expected: r.expected, observed: r.observed, ruling: r.ruling ?? '' }
      : { status: 'fail', step: r.step ?? '', expected: r.expected, observed: r.observed }
    : { status: r.verdict as EngineFailure['kind'], message: r.observed, stderr: r.stderr ?? '' };
  return {
    kind: r.verdict,
    signature: r.signature ?? '',
    ...(p ? { property: p } : {}),
    verdict,
    ...(r.divergences ? { divergences: r.divergences.map((d) => ({ step: d.step, kind: d.kind, expected: d.expected, observed: d.observed })) } : {}),
    scenario: r.scenario,
    ...(r.trace ? { trace: r.trace } : {}),
    seed: r.replay.seed,
    path: r.replay.path,
    runsToFailure: r.replay.runsToFailure ?? 0,
    shrinkRuns: r.replay.shrinkRuns ?? 0,
    shrunk: r.replay.shrunk !== false,
    reproduced: r.replay.reproduced !== false,
  };
}

/** What a merged report needs of a first scenario's judgement: its failure, or the failed verdict with its trace. */
function judgedOf(f: Finding): Judged {
  const scenario = normalizeScenario(f.scenario);
  const v = f.verdict;
  if (v.status !== 'fail' && v.status !== 'contested') return { scenario, failure: new EngineFailure(v.status, v.message, v.stderr) };
  const id = f.property!.id;
  return { scenario, trace: f.trace ?? { format: 'castcheck-trace/1', engine: { name: '', version: '' }, steps: [] }, verdicts: new Map([[id, v]]), applied: new Set([id]) } as Judged;
}
