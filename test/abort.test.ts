// A run told to stop (Ctrl-C in the CLI) returns at once with what it found, even while the engine
// is not answering; an engine process's failures carry the scenarios it ran before them.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { HISTORY_LIMIT, SentLog } from '../adapters/process/sent-log.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

describe('a run that is aborted', () => {
  it('stops generating when told, and gives every cluster met its finding, unshrunk', async () => {
    const controller = new AbortController();
    let judged = 0;
    const result = await runSuite({
      ...judgeFor(faultyReference('copy-loses-kicked')),
      properties: PROPERTIES,
      runs: 5000,
      seed: 1,
      abort: controller.signal,
      onProgress: (done) => (judged = done),
      onCluster: () => controller.abort('interrupted by SIGINT'),
    });
    expect(result.partial).toBe(true);
    expect(result.stopped).toBe('interrupted by SIGINT');
    expect(result.runs).toBe(judged);
    expect(result.runs).toBeLessThan(5000);
    expect(result.clusters.length).toBeGreaterThan(0);
    expect(result.findings.map((f) => f.signature)).toEqual(result.clusters.map((c) => c.signature));
    for (const f of result.findings) expect([f.shrunk, f.shrinkRuns]).toEqual([false, 0]);
  });

  it('does not wait for an engine that has stopped answering, while judging or while shrinking', async () => {
    for (const phase of ['judging', 'shrinking'] as const) {
      const reference = faultyReference('copy-loses-kicked');
      const controller = new AbortController();
      const seen = new Set<string>();
      let hung = false;
      // Hangs on the tenth scenario while judging; on the first scenario it is asked to run again
      // (shrinking replays the failing one) while shrinking.
      const engine: Engine = {
        id: reference.id,
        capabilities: reference.capabilities,
        run: (scenario) => {
          const key = JSON.stringify(scenario);
          const again = seen.has(key);
          seen.add(key);
          if ((phase === 'judging' && seen.size === 10) || (phase === 'shrinking' && again)) {
            hung = true;
            queueMicrotask(() => controller.abort('interrupted by SIGTERM'));
            return new Promise(() => undefined);
          }
          return reference.run(scenario);
        },
        close: async () => undefined,
      };
      const result = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 300, seed: 1, abort: controller.signal });
      expect(hung, phase).toBe(true);
      expect(result.stopped, phase).toBe('interrupted by SIGTERM');
      if (phase === 'judging') expect(result.runs).toBeLessThan(10);
      else {
        expect(result.runs).toBe(300);
        expect(result.findings.length).toBeGreaterThan(0);
        expect(result.findings[0]!.shrunk).toBe(false);
      }
    }
  });
});

describe('a run with an abort signal that never aborts', () => {
  it('leaves no listener on the signal, however many failures it shrinks', async () => {
    const controller = new AbortController();
    const result = await runSuite({
      ...judgeFor(faultyReference('copy-loses-kicked,flicker-keeps-kicked,spliced-effects-first')),
      properties: PROPERTIES,
      runs: 300,
      seed: 1,
      maxShrinkRuns: 20,
      abort: controller.signal,
    });
    expect(result.findings.length).toBeGreaterThan(1);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});

describe('what an engine process was sent', () => {
  const scenario = (n: number) => ({ cards: [], actions: [], n }) as unknown as Scenario;

  it('names the scenarios before a failing one, oldest first, and counts those it did not keep', () => {
    const log = new SentLog();
    const n = (s: Scenario) => (s as unknown as { n: number }).n;
    const positions = Array.from({ length: 4 }, (_, i) => log.add(scenario(i), HISTORY_LIMIT + 4));
    expect(log.before(positions[0]!)).toEqual({ scenarios: [], omitted: 0 });
    expect(log.before(positions[3]!).scenarios.map(n)).toEqual([0, 1, 2]);
    for (let i = 4; i < HISTORY_LIMIT + 30; i++) positions.push(log.add(scenario(i), HISTORY_LIMIT + 4));
    // Trimmed from the log: nothing is known before it any more.
    expect(log.before(positions[0]!).scenarios).toEqual([]);
    const last = log.before(positions.at(-1)!);
    expect(last.scenarios).toHaveLength(HISTORY_LIMIT);
    expect(last.omitted).toBe(29);
    expect(n(last.scenarios[0]!)).toBe(29);
  });
});
