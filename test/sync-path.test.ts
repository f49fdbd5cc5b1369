// An engine in this process that answers synchronously (Engine.runSync) is run, judged and recorded
// without a promise per scenario: the same scenarios, verdicts, clusters and shrinks as through
// promises, and an interrupt still ends the run.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { canonical } from '../model/compare.ts';
import { PROPERTIES } from '../properties/index.ts';
import type { Property } from '../properties/property.ts';
import { TURN_EVERY } from '../runner/abort.ts';
import { judge, judgeFor, type Judge } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';
import { MULTIKICKED_PACK } from './fixtures/scenarios.ts';

const FAULTS = 'copy-loses-kicked,flicker-keeps-kicked,spliced-effects-first';

/** The engine answering only synchronously (its promise path fails the test), or only through promises. */
function only(engine: ReferenceEngine, way: 'sync' | 'async'): Engine {
  const base = { id: engine.id, capabilities: engine.capabilities, tracesChecked: true, close: async () => undefined };
  if (way === 'async') return { ...base, run: (s) => engine.run(s) };
  return { ...base, run: () => Promise.reject(new Error('run called on an engine that answers synchronously')), runSync: (s) => engine.runSync(s) };
}

/** A run's every verdict in the order given (search and shrinking), and what it reports. */
async function suite(engine: 'sync' | 'async', reference: 'sync' | 'async', seed: number, chunk?: number, inFlight?: number): Promise<{ verdicts: string[]; result: unknown; tallies: SuiteResult['tallies'] }> {
  const verdicts: string[] = [];
  const noted = PROPERTIES.map(
    (p): Property => ({
      ...p,
      check: (run, ctx) => {
        const note = (v: Awaited<ReturnType<Property['check']>>) => (verdicts.push(`${p.id} ${canonical(v)}`), v);
        const v = p.check(run, ctx);
        return v instanceof Promise ? v.then(note) : note(v);
      },
    }),
  );
  const j: Judge = { ...judgeFor(new ReferenceEngine()), engine: only(faultyReference(FAULTS), engine) };
  j.reference = only(new ReferenceEngine(), reference);
  const r = await runSuite({ ...j, properties: noted, runs: 150, seed, maxShrinkRuns: 50, shrinkBudget: 200, ...(chunk !== undefined ? { chunk } : {}), ...(inFlight !== undefined ? { inFlight } : {}) });
  const result = {
    runs: r.runs,
    tallies: r.tallies.map((t) => ({ ...t, property: t.property.id })),
    clusters: r.clusters.map((c) => [c.signature, c.count, c.first.run]),
    findings: r.findings.map((f) => [f.signature, f.path, f.shrinkRuns, f.shrunk, f.reproduced, canonical(f.scenario), canonical(f.verdict)]),
  };
  return { verdicts, result, tallies: r.tallies };
}

/** The run through promises at seed 1, which the two tests below compare every other way with: made once. */
let throughPromises: ReturnType<typeof suite> | undefined;
const asyncRun = () => (throughPromises ??= suite('async', 'async', 1));

describe('an engine that answers synchronously', () => {
  it('is judged at once, with every verdict as through promises', async () => {
    const sync = judge({ ...judgeFor(new ReferenceEngine()), engine: only(faultyReference(FAULTS), 'sync') }, MULTIKICKED_PACK, PROPERTIES);
    const async = judge({ ...judgeFor(new ReferenceEngine()), engine: only(faultyReference(FAULTS), 'async') }, MULTIKICKED_PACK, PROPERTIES);
    expect(sync).not.toBeInstanceOf(Promise);
    expect(async).toBeInstanceOf(Promise);
    const [s, a] = [await sync, await async];
    // The relation that reruns the scenario and agreement, which asks the reference, both judged.
    expect(s.applied).toContain('relations.one-more-multikick');
    expect(s.applied).toContain('agreement.reference');
    expect([...s.verdicts!]).toEqual([...a.verdicts!]);
  });

  it('gives the suite the same verdicts, clusters and shrunk repros as an engine answering through promises', async () => {
    for (const seed of [1]) {
      const async = await asyncRun();
      const sync = await suite('sync', 'sync', seed, 1);
      // A reference engine that answers through promises makes agreement wait halfway through a synchronous judgement.
      const mixed = await suite('sync', 'async', seed, 1);
      // The relations and agreement were checked, and failures were found and shrunk.
      const checks = (id: string) => sync.tallies.find((t) => t.property.id === id)!.checks;
      expect(checks('relations.one-more-multikick'), `seed ${seed}`).toBeGreaterThan(0);
      expect(checks('agreement.reference'), `seed ${seed}`).toBeGreaterThan(0);
      expect((sync.result as { findings: unknown[] }).findings.length, `seed ${seed}`).toBeGreaterThan(0);
      expect(sync.verdicts.length).toBeGreaterThan(150 * 10);
      expect(sync.verdicts, `seed ${seed}`).toEqual(async.verdicts);
      expect(sync.result, `seed ${seed}`).toEqual(async.result);
      expect(mixed.verdicts, `seed ${seed}`).toEqual(async.verdicts);
      expect(mixed.result, `seed ${seed}`).toEqual(async.result);
    }
  });

  it('judged a chunk of scenarios at a time, property by property, gives each scenario the same verdicts and the run the same clusters and repros', async () => {
    const async = await asyncRun();
    // Chunks that do not divide the run, and one that waits for the reference halfway through.
    // An engine answering through promises with a window of 16 (as an engine process): chunks of 8, the next sent before one is judged.
    for (const [engine, reference, chunk, inFlight] of [['sync', 'sync', 32, 1], ['sync', 'sync', 7, 1], ['sync', 'async', 32, 1], ['async', 'async', 1, 16], ['async', 'sync', 1, 5]] as const) {
      const chunked = await suite(engine, reference, 1, chunk, inFlight);
      // The order of the checks differs (each property goes over the chunk); their verdicts do not.
      expect(chunked.verdicts.length).toBeGreaterThan(150 * 10);
      expect([...chunked.verdicts].sort(), `${engine}/${reference} chunk ${chunk} window ${inFlight}`).toEqual([...async.verdicts].sort());
      expect(chunked.result, `${engine}/${reference} chunk ${chunk} window ${inFlight}`).toEqual(async.result);
    }
  });

  it('records the scenarios before one whose property throws, then throws, as one by one', async () => {
    const boom = new Error('a property broke');
    let judged = 0;
    // Throws on the 40th scenario it is asked about: the second chunk of 32.
    const throwing: Property = { ...PROPERTIES[0]!, id: 'test.throws', applies: () => true, check: () => { if (++judged === 40) throw boom; return { status: 'pass', checks: 1 }; } };
    for (const chunk of [1, 32]) {
      judged = 0;
      const progress: number[] = [];
      const clusters: string[] = [];
      const run = runSuite({
        ...judgeFor(only(faultyReference(FAULTS), 'sync')),
        properties: [...PROPERTIES, throwing],
        runs: 100,
        seed: 1,
        chunk,
        onProgress: (done) => progress.push(done),
        onCluster: (c) => clusters.push(c.signature),
      });
      await expect(run, `chunk ${chunk}`).rejects.toBe(boom);
      expect(progress.at(-1), `chunk ${chunk}`).toBe(39);
      expect(clusters.length, `chunk ${chunk}`).toBeGreaterThan(0);
    }
  });

  it('that throws has crashed, as one whose promise rejects', () => {
    const reference = new ReferenceEngine();
    const throwing: Engine = { ...only(reference, 'sync'), runSync: () => { throw new Error('the engine died'); } };
    const judged = judge(judgeFor(throwing), MULTIKICKED_PACK, PROPERTIES);
    expect(judged).not.toBeInstanceOf(Promise);
    expect((judged as Awaited<typeof judged>).failure).toMatchObject({ kind: 'crash', message: expect.stringMatching(/the engine died/) });
  });
});

describe('a synchronous run that is interrupted', () => {
  it('sees an interrupt from the event loop within a few scenarios, not a turn of the loop per scenario', async () => {
    const controller = new AbortController();
    // As Ctrl-C comes: a callback of the event loop, waiting for the run to let the loop turn.
    setImmediate(() => controller.abort('interrupted by SIGINT'));
    const result = await runSuite({ ...judgeFor(only(new ReferenceEngine(), 'sync')), properties: PROPERTIES, runs: 5000, seed: 1, abort: controller.signal });
    expect(result.partial).toBe(true);
    expect(result.stopped).toBe('interrupted by SIGINT');
    expect(result.runs).toBeGreaterThanOrEqual(1);
    expect(result.runs).toBeLessThanOrEqual(TURN_EVERY);
  });

  it('stops shrinking within a few engine runs', async () => {
    const controller = new AbortController();
    let shrinking = 0;
    const result = await runSuite({
      ...judgeFor(only(faultyReference(FAULTS), 'sync')),
      properties: PROPERTIES,
      runs: 300,
      seed: 1,
      abort: controller.signal,
      onShrinking: () => {
        if (shrinking++ === 0) setImmediate(() => controller.abort('interrupted by SIGINT'));
      },
    });
    expect(result.stopped).toBe('interrupted by SIGINT');
    expect(result.runs).toBe(300);
    const first = result.findings[0]!;
    // Interrupted before the end of its shrinking, which takes more engine runs than that.
    expect(first.shrunk).toBe(false);
    expect(first.shrinkRuns).toBeGreaterThanOrEqual(1);
    expect(first.shrinkRuns).toBeLessThanOrEqual(TURN_EVERY + 1);
    // The others were never shrunk.
    for (const f of result.findings.slice(1)) expect([f.shrunk, f.shrinkRuns]).toEqual([false, 0]);
  });
});
