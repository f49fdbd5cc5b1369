// An engine process that crashes and then no longer starts: the run stops, and the crash that ended
// the engine is reported, also when scenarios judged before it in the run asked for related runs only
// after it (scenarios are judged a chunk at a time, their relations' reruns after the chunk's runs).
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { EngineFailure } from '../adapters/engine-failure.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

const GONE = 'the engine failed to start 3 times in a row, so the run stops';

/** Answers through promises as the reference engine does, crashes at request `crashAt`, and is gone after it. */
function dying(crashAt: number): Engine {
  const reference = new ReferenceEngine();
  let asked = 0;
  return {
    id: { name: 'dying', version: '1' },
    capabilities: reference.capabilities,
    tracesChecked: true,
    close: async () => undefined,
    run: (s) => {
      asked++;
      if (asked < crashAt) return reference.run(s);
      if (asked === crashAt) return Promise.reject(new EngineFailure('crash', 'the engine exited with status 70'));
      return Promise.reject(new EngineFailure('crash', GONE, '', true));
    },
  };
}

describe('an engine that crashes and will not start again', () => {
  for (const [inFlight, crashAt] of [
    [16, 8],
    [16, 16],
    [64, 40],
  ] as const) {
    it(`stops the run and reports the crash (${inFlight} in flight, crash at request ${crashAt})`, async () => {
      const r = await runSuite({ ...judgeFor(dying(crashAt)), properties: PROPERTIES, runs: 100, seed: 3, inFlight, maxShrinkRuns: 0 });
      expect(r.stopped).toBe(GONE);
      expect(r.clusters.filter((c) => c.kind === 'crash').map((c) => c.first.run)).toEqual([crashAt - 1]);
      // Every scenario before the crash is recorded, whether or not its relations could be checked.
      expect(r.runs).toBeGreaterThanOrEqual(crashAt);
    });
  }
});
