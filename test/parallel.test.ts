// One run split among workers and shards is the run unsplit: scenario k made directly is fast-check's
// run k, the shards never overlap and together are the whole run, and merged they give the same
// counts, the same clusters with the same first scenarios, and the same shrunk repros.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { validateDocument } from '../model/schemas.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { mergeResults } from '../runner/merge.ts';
import { runParallel } from '../runner/parallel.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';
import { inShard, parseShard, ScenarioSpace, scenarioAt, shardRuns, shardScenario } from '../runner/scenario-space.ts';
import { shardResult, suiteResultOf } from '../reports/shard-file.ts';
import { reproOf } from '../reports/repro.ts';
import { parseDuration, dateSeed } from '../cli/fuzz.ts';

const FAULTS = 'copy-loses-kicked,flicker-keeps-kicked';
const readings = { spliceCopy: 'ruling' } as const;

/** What must not depend on how a run is split: counts, clusters and their first scenarios, repros. */
function outcome(r: SuiteResult) {
  return {
    runs: r.runs,
    engineFailures: r.engineFailures,
    unsupported: r.unsupported,
    tallies: r.tallies.map(({ property, ...counts }) => ({ id: property.id, ...counts })),
    clusters: r.clusters.map((c) => ({
      signature: c.signature,
      count: c.count,
      first: c.first.run,
      firstScenario: c.first.scenario,
      repro: c.finding && { scenario: c.finding.scenario, path: c.finding.path, shrinkRuns: c.finding.shrinkRuns, shrunk: c.finding.shrunk },
    })),
  };
}

const base = { properties: PROPERTIES, runs: 60, seed: 5, maxShrinkRuns: 100 };

describe('the scenario space', () => {
  const arb = scenarioArb({ capabilities: new ReferenceEngine().capabilities });

  it("makes scenario k as fast-check's run k, for any seed, walking forward or on its own", () => {
    for (const seed of [0, 5, 2 ** 31 + 7, 4294967295]) {
      const runs: string[] = [];
      fc.check(fc.property(arb, (s) => (runs.push(JSON.stringify(s)), true)), { seed, numRuns: 60 });
      const space = new ScenarioSpace(arb, seed);
      expect(runs.map((_, k) => JSON.stringify(space.value(k).value)), `seed ${seed}`).toEqual(runs);
      expect(JSON.stringify(scenarioAt(arb, seed, 41).value)).toBe(runs[41]);
      expect(JSON.stringify(scenarioAt(arb, seed, 41).value)).toBe(JSON.stringify(fc.sample(arb, { seed, path: '41', numRuns: 1 })[0]));
    }
    expect(() => new ScenarioSpace(arb, 1).value(3) && new ScenarioSpace(arb, 1).value(-1)).toThrow(/numbered from 0/);
  });

  it('splits a run into shards that never overlap and together are the whole run', () => {
    for (const count of [1, 2, 3, 7]) {
      const taken = Array.from({ length: count }, (_, i) => {
        const s = { index: i + 1, count };
        const ks = Array.from({ length: shardRuns(s, 100) }, (_, n) => shardScenario(s, n));
        for (const k of ks) expect(inShard(k, s)).toBe(true);
        return ks;
      });
      expect(taken.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, k) => k));
    }
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/4', '5/4', '1/0', '1', 'a/b', '1/2/3']) expect(parseShard(bad), bad).toBeUndefined();
  });
});

describe('a split run', () => {
  it('gives the unsplit run: two workers, and two shards merged through their result files', async () => {
    const single = await runSuite({ ...judgeFor(faultyReference(FAULTS)), ...base });
    expect(single.clusters.filter((c) => c.finding?.shrunk).length).toBeGreaterThanOrEqual(3);

    const two = await runParallel({ ...judgeFor(faultyReference(FAULTS)), ...base, workers: 2, engineChoice: { fault: FAULTS }, readings });
    expect(outcome(two)).toEqual(outcome(single));

    const engine = faultyReference(FAULTS);
    const parts = [];
    for (const index of [2, 1]) {
      const shard = { index, count: 2 };
      const part = await runParallel({ ...judgeFor(engine), ...base, workers: 1, shard, engineChoice: { fault: FAULTS }, readings });
      expect(part.runs).toBe(shardRuns(shard, base.runs));
      // Through the file castcheck merge reads, and back.
      const repros = new Map(part.clusters.flatMap((c) => (c.finding ? [[c.signature, reproOf(c.finding, engine, readings)] as const] : [])));
      const doc = shardResult(part, { engine, readings, shard, runs: base.runs, repeat: 'castcheck fuzz', repros, store: { dir: join(mkdtempSync(join(tmpdir(), 'castcheck-')), 'store'), replayed: [], findings: [...repros.values()] } });
      expect(validateDocument('shard-result', doc)).toEqual([]);
      parts.push(suiteResultOf(JSON.parse(JSON.stringify(doc)), 'shard.json'));
    }
    const merged = mergeResults(parts);
    expect(outcome(merged)).toEqual(outcome(single));
  });

  it('stops at an interrupt with two workers: every cluster met gets its finding, unshrunk, and the result says it is partial', async () => {
    const controller = new AbortController();
    const r = await runParallel({
      ...judgeFor(faultyReference(FAULTS)),
      ...base,
      runs: 100_000,
      workers: 2,
      engineChoice: { fault: FAULTS },
      readings,
      abort: controller.signal,
      onCluster: () => controller.abort('interrupted by SIGINT'),
    });
    expect(r.partial).toBe(true);
    expect(r.stopped).toBe('interrupted by SIGINT');
    expect(r.runs).toBeLessThan(100_000);
    expect(r.clusters.length).toBeGreaterThan(0);
    expect(r.findings.map((f) => f.signature).sort()).toEqual(r.clusters.filter((c) => !c.expectation).map((c) => c.signature).sort());
    for (const f of r.findings) expect(f.shrunk).toBe(false);
  });

  it('hands out no scenario once its time budget is spent', async () => {
    const r = await runParallel({ ...judgeFor(new ReferenceEngine()), ...base, runs: 1_000_000, workers: 1, budgetMs: 0, engineChoice: {}, readings });
    expect(r.runs).toBe(0);
  });
});

describe('fuzz budgets and seeds', () => {
  it('reads durations and refuses what is not one', () => {
    expect(parseDuration('8h')).toBe(8 * 3_600_000);
    expect(parseDuration('1h30m')).toBe(90 * 60_000);
    expect(parseDuration('45')).toBe(45_000);
    expect(parseDuration('250ms')).toBe(250);
    for (const bad of ['', 'soon', '8x', '1h 30', '0s', '31d']) expect(() => parseDuration(bad), bad).toThrow(/--time/);
  });

  it('derives the same seed from the same day, another from another day', () => {
    expect(dateSeed('2025-01-31')).toBe(dateSeed('2025-01-31'));
    expect(dateSeed('2025-02-01')).not.toBe(dateSeed('2025-01-31'));
    expect(dateSeed('2025-01-31')).toBeLessThanOrEqual(4294967295);
    expect(() => dateSeed('31/01/2025')).toThrow(/YYYY-MM-DD/);
  });
});
