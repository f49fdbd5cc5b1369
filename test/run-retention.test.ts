// A long run keeps nothing of the scenarios it has judged: a nightly run over an engine process
// goes through hundreds of thousands of them. The traces an engine answered are watched through weak
// references, and a full collection (the runtime's, made callable here) must take those of scenarios
// long judged, whether the run has an abort signal (as the CLI's runs do) or not.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import type { Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { shrink } from '../runner/shrink.ts';
import { scenarioArb } from '../generators/scenario.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The reference engine answering through promises, as an engine process does: every trace it gives is watched. */
function watchedEngine(fault?: string) {
  const reference = fault !== undefined ? faultyReference(fault) : new ReferenceEngine();
  const traces: WeakRef<Trace>[] = [];
  const engine: Engine = {
    id: reference.id,
    capabilities: reference.capabilities,
    run: async (scenario) => {
      const trace = reference.runSync(scenario);
      traces.push(new WeakRef(trace));
      return trace;
    },
    close: async () => undefined,
  };
  return { engine, traces };
}

describe('a run over an engine that answers through promises', () => {
  for (const signal of [false, true]) {
    it(`keeps no trace of the scenarios it judged long before (${signal ? 'with' : 'without'} an abort signal)`, async () => {
      const { engine, traces } = watchedEngine();
      let alive: number | undefined;
      let watched = 0;
      await runSuite({
        ...judgeFor(engine),
        properties: PROPERTIES,
        runs: 600,
        seed: 3,
        inFlight: 64,
        ...(signal ? { abort: new AbortController().signal } : {}),
        onProgress: (done) => {
          if (done !== 600) return;
          // The traces answered for the first scenarios: ten chunks of the window and more ago.
          watched = Math.floor(traces.length / 2);
          gc();
          alive = traces.slice(0, watched).filter((t) => t.deref() !== undefined).length;
        },
      });
      expect(watched).toBeGreaterThan(300);
      expect(alive).toBe(0);
    });
  }

  it('keeps no trace of the candidates a shrink has tried', async () => {
    const { engine, traces } = watchedEngine('copy-loses-kicked');
    // A seed whose first failure takes more than 30 shrink runs (seed 3 since p2 acts in scenarios).
    const found = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 300, seed: 3, maxShrinkRuns: 0 });
    const first = found.clusters[0]?.first;
    expect(first).toBeDefined();
    traces.length = 0;
    let alive: number | undefined;
    let watched = 0;
    const shrunk = await shrink(
      {
        ...judgeFor(engine),
        seed: 3,
        maxShrinkRuns: 400,
        abort: new AbortController().signal,
        onShrinkRun: (_, runs) => {
          if (runs !== 30) return;
          // The candidates tried but the last few.
          watched = traces.length - 5;
          gc();
          alive = traces.slice(0, watched).filter((t) => t.deref() !== undefined).length;
        },
      },
      scenarioArb({ capabilities: engine.capabilities }),
      first!,
    );
    expect(shrunk.finding.shrinkRuns).toBeGreaterThan(30);
    expect(watched).toBeGreaterThan(20);
    // The smallest failing scenario so far is kept, and with it the trace it was judged on.
    expect(alive).toBeLessThanOrEqual(1);
  });
});
