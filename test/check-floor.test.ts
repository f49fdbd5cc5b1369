// The generators are tuned so that at the default 1,000 runs every property the reference engine can
// run makes at least --check-floor checks, with every capability and with printed cards only (what a
// real engine knows). One seed each here; test/seeds.test.ts (e2e) runs the command line at twenty.
import { describe, expect, test } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import type { Engine } from '../adapters/engine.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { PROPERTIES } from '../properties/index.ts';
import { CHECK_FLOOR } from '../reports/console.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

/** The properties under the floor in a default run, with their checks. */
async function underTheFloor(engine: Engine, seed: number): Promise<string[]> {
  const result = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 1000, seed });
  expect(result.clusters.map((c) => c.signature)).toEqual([]);
  return result.tallies.filter((t) => !t.skipped && t.checks < CHECK_FLOOR).map((t) => `${t.property.id}: ${t.checks}`);
}

describe('checks per property at the default 1,000 runs', () => {
  test('every property reaches the floor with every capability (seed 1)', async () => {
    expect(await underTheFloor(new ReferenceEngine(), 1)).toEqual([]);
  });

  test('every property reaches the floor with printed cards only (seed 1)', async () => {
    const engine = restrictedTo(new ReferenceEngine(), readCapabilities('examples/printed-only.capabilities.json'));
    expect(await underTheFloor(engine, 1)).toEqual([]);
  });
});
