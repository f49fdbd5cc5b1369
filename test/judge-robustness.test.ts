import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run, type CheckContext } from '../properties/property.ts';

// An engine with bugs answers with traces that make no sense for the scenario: ids it never had,
// spells that were never cast. The properties must fail such a trace or leave it unjudged, never
// throw: a throw ends the whole run as a bug in castcheck. The nonsense here is the trace of another
// scenario with as many actions.
describe('properties judge nonsense without throwing', () => {
  it('judges every scenario against the trace of another scenario', async () => {
    const engine = new ReferenceEngine();
    const scenarios: NormalizedScenario[] = fc.sample(scenarioArb({ capabilities: engine.capabilities }), { numRuns: 600, seed: 1 }).map((s) => normalizeScenario(s));
    const traces = scenarios.map((s) => engine.runSync(s));
    const byLength = new Map<number, number[]>();
    scenarios.forEach((s, i) => byLength.set(s.actions.length, [...(byLength.get(s.actions.length) ?? []), i]));
    const thrown: string[] = [];
    let judged = 0;
    for (const [i, s] of scenarios.entries()) {
      const same = byLength.get(s.actions.length)!;
      const other = same[(same.indexOf(i) + 1) % same.length]!;
      if (other === i) continue;
      const run = new Run(s, traces[other]!);
      const ctx: CheckContext = {
        readings: { spliceCopy: 'ruling' },
        capabilities: engine.capabilities,
        reference: async () => new Run(s, traces[i]!),
        rerun: async (variant: Scenario) => {
          const n = normalizeScenario(variant);
          return new Run(n, engine.runSync(n));
        },
      };
      for (const p of PROPERTIES) {
        try {
          if (!p.applies(run.scenario)) continue;
          judged++;
          await p.check(run, ctx);
        } catch (error) {
          thrown.push(`${p.id} on scenario ${i}: ${(error as Error).message}`);
        }
      }
    }
    expect(judged).toBeGreaterThan(10_000);
    expect(thrown.slice(0, 5)).toEqual([]);
  });
});
