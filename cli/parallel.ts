// What `castcheck run` and `castcheck fuzz` share to split a run: several engines at once
// (--workers), this machine's share of the run (--shard i/n), and the shard result file that
// `castcheck merge` reads.
import { join } from 'node:path';
import { quote } from 'shell-quote';
import type { EngineChoice } from '../adapters/create-engine.ts';
import type { Engine } from '../adapters/engine.ts';
import type { FeatureCount } from '../generators/stats.ts';
import type { EngineId, Expectation, Scenario } from '../model/schema-types.ts';
import type { Readings } from '../properties/property.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { runParallel } from '../runner/parallel.ts';
import type { SuiteOptions } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';
import { shardRuns, shardScenario, WHOLE } from '../runner/scenario-space.ts';
import { shardResult } from '../reports/shard-file.ts';
import { writeJsonAtomically, type FailureStore, type StoreReplay } from '../runner/store.ts';
import { processChoice, type RunOptions } from './run-options.ts';

/** How a command changes `castcheck run`'s course: its search, its first line, and what it writes after. */
export interface RunHooks {
  search?: (o: SuiteOptions) => Promise<SuiteResult>;
  header?: (engine: EngineId, seed: number) => string;
  after?: (x: AfterRun) => void | Promise<void>;
}

export interface AfterRun {
  engine: Engine;
  readings: Readings;
  seed: number;
  result: SuiteResult;
  store: FailureStore;
  stored: StoreReplay;
  stale: Expectation[];
  gates?: FeatureCount[];
  /** The steps of each cluster's shrinking, by signature, for the report merge makes. */
  shrinkSteps?: ReadonlyMap<string, readonly { run: number; scenario: Scenario }[]>;
}

export function engineChoiceOf(o: RunOptions): EngineChoice {
  return {
    ...(o.engine !== undefined ? { engine: o.engine } : {}),
    ...(o.fault !== undefined ? { fault: o.fault } : {}),
    ...(o.spliceCopy !== undefined ? { spliceCopy: o.spliceCopy } : {}),
    process: processChoice(o),
  };
}

/** The search of a run split among --workers engines, over this machine's --shard, within a time budget if any. */
export function parallelSearch(o: RunOptions, readings: Readings, budgetMs?: number): (s: SuiteOptions) => Promise<SuiteResult> {
  return (s) =>
    runParallel({
      ...s,
      workers: o.workers ?? 1,
      ...(o.shard ? { shard: o.shard } : {}),
      ...(budgetMs !== undefined ? { budgetMs } : {}),
      engineChoice: engineChoiceOf(o),
      readings,
      // Read again for the worker threads' engines: runCommand has checked the file already.
      ...(o.capabilities !== undefined ? { restrict: readCapabilities(o.capabilities) } : {}),
    });
}

/** The end of the scenarios a run judged: every scenario of its shard before it, none after. */
export function coveredRuns(o: RunOptions, result: SuiteResult): number {
  const shard = o.shard ?? WHOLE;
  return result.runs >= shardRuns(shard, o.runs) ? o.runs : shardScenario(shard, result.runs);
}

/** The command that judges the same scenarios again, on the same engine. */
export function repeatCommand(command: 'run' | 'fuzz', o: RunOptions, seed: number, runs: number): string {
  const args = ['npx', 'castcheck', command, '--seed', String(seed), '--runs', String(runs)];
  if (o.shard) args.push('--shard', `${o.shard.index}/${o.shard.count}`);
  if (o.engine !== undefined) args.push('--engine', o.engine);
  if (o.fault !== undefined) args.push('--fault', o.fault);
  if (o.spliceCopy !== undefined) args.push('--splice-copy', o.spliceCopy);
  if (o.engineCmd !== undefined) args.push('--engine-cmd', o.engineCmd);
  if (o.engineConfig !== undefined) args.push('--engine-config', o.engineConfig);
  if (o.capabilities !== undefined) args.push('--capabilities', o.capabilities);
  if (o.illegalShare !== undefined) args.push('--illegal-share', String(o.illegalShare));
  return quote(args);
}

/** For `castcheck run --shard` (or --result): what writes its result file after the run. */
export function shardResultWriter(o: RunOptions): ((x: AfterRun) => void) | undefined {
  if (o.shard === undefined && o.result === undefined) return undefined;
  return (x) => {
    const file = o.result ?? join(o.out, 'result.json');
    const repeat = writeShardResult(file, x, o, 'run');
    console.log(`\nshard result: ${file} (castcheck merge reads it)\nrepeat: ${repeat}`);
  };
}

/** Writes the shard result file of a run for `castcheck merge`; returns the command that repeats the run. */
export function writeShardResult(file: string, x: AfterRun, o: RunOptions, command: 'run' | 'fuzz', timeBudget?: string): string {
  const runs = coveredRuns(o, x.result);
  const repeat = repeatCommand(command, o, x.seed, runs);
  const { findings } = x.store.list();
  const repros = new Map(findings.flatMap((f) => (f.repro.signature !== undefined ? [[f.repro.signature, f.repro] as const] : [])));
  const seen = [...new Set([...x.result.clusters.flatMap((c) => (c.expectation ? [c.expectation.signature] : [])), ...x.stored.expectedSeen])];
  const doc = shardResult(x.result, {
    engine: x.engine,
    readings: x.readings,
    shard: o.shard ?? WHOLE,
    runs,
    ...(o.workers !== undefined ? { workers: o.workers } : {}),
    ...(timeBudget !== undefined ? { timeBudget } : {}),
    repeat,
    repros,
    ...(x.shrinkSteps ? { shrinkSteps: x.shrinkSteps } : {}),
    store: {
      dir: x.store.dir,
      replayed: x.stored.replayed.map(({ signature, repro, result, xfail, movedTo }) => ({ signature, repro, result, ...(xfail ? { xfail } : {}), ...(movedTo !== undefined ? { movedTo } : {}) })),
      findings: findings.map((f) => f.repro),
    },
    ...(o.expectations !== undefined ? { expectations: { file: o.expectations, stale: x.stale, seen } } : {}),
    ...(x.gates ? { stats: x.gates.map((g) => ({ feature: g.feature.id, scenarios: g.count })) } : {}),
  });
  writeJsonAtomically(file, doc);
  return repeat;
}

