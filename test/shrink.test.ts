// Shrinking spends engine runs only where they can tell something: a candidate the failing property
// does not apply to cannot show the failure, and is answered without the engine.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

describe('shrinking', () => {
  it('never asks the engine about a candidate the failing property does not apply to', async () => {
    const faulty = faultyReference('bounce-permanents-only');
    const asked: Scenario[] = [];
    let shrinking = false;
    const engine: Engine = {
      id: faulty.id,
      capabilities: faulty.capabilities,
      run: (s) => {
        if (shrinking) asked.push(s);
        return faulty.run(s);
      },
      close: () => faulty.close(),
    };
    const property = PROPERTIES.find((p) => p.id === 'actions.taken-when-possible')!;
    const r = await runSuite({ ...judgeFor(engine), properties: [property], runs: 200, seed: 1, onShrinking: () => void (shrinking = true) });
    expect(r.findings.map((f) => [f.property?.id, f.shrunk])).toEqual([['actions.taken-when-possible', true]]);
    expect(asked.length).toBeGreaterThan(1);
    expect(asked.filter((s) => !property.applies(normalizeScenario(s)))).toEqual([]);
  });
});
