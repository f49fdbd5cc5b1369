// Every property is shown to pass on the reference engine's trace of a hand-made scenario it applies
// to, and to fail on a hand-made break of that trace, so that no property can be vacuous.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import { PROPERTIES } from '../properties/index.ts';
import { breakers } from './fixtures/breakers.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, verdictOf } from './fixtures/trace-edits.ts';

describe('properties', () => {
  it('number at least 40, with unique ids, rules and statements', () => {
    expect(PROPERTIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PROPERTIES.map((p) => p.id)).size).toBe(PROPERTIES.length);
    for (const p of PROPERTIES) {
      expect(p.rules.length, p.id).toBeGreaterThan(0);
      for (const r of p.rules) expect(r, p.id).toMatch(/^\d{3}(\.\d+[a-z]?)?$/);
      expect(p.statement.length, p.id).toBeGreaterThan(20);
    }
  });

  it('come in three kinds: invariants, relations between runs, agreement with the reference engine', () => {
    const kinds = new Set(PROPERTIES.map((p) => p.kind ?? 'invariant'));
    expect([...kinds].sort()).toEqual(['agreement', 'invariant', 'relation']);
  });

  for (const p of PROPERTIES) {
    describe(p.id, () => {
      const b = breakers[p.id];
      it('has a hand-made trace that breaks it', () => {
        expect(b, `add a breaker for ${p.id}`).toBeDefined();
      });
      if (!b) return;
      const scenario = normalizeScenario(b.scenario);
      it('passes on the reference engine', async () => {
        expect(await verdictOf(p, scenario, engine.runSync(scenario))).toMatchObject({ status: 'pass' });
      });
      it(`gives ${b.status ?? 'fail'} on the broken trace`, async () => {
        const trace = editableCopy(engine.runSync(scenario));
        b.break(trace);
        expect(await verdictOf(p, scenario, trace)).toMatchObject({ status: b.status ?? 'fail' });
      });
    });
  }

});
