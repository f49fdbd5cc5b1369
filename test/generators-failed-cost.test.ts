// The cast whose sacrifice fails once its mana is there (generators/failed-cost.ts): drawn only where
// illegal declarations are asked for and the engine knows a spell whose kicker cost is a sacrifice; made
// before the main cast with its mana in the pool, legal targets and a sacrifice that does not fit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { catalog } from '../model/catalog.ts';
import { Builder } from '../generators/builder.ts';
import { addFailedCostCast, failedCostArb, sacrificeKickerSpells } from '../generators/failed-cost.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { BARE_CAPABILITIES, CONTEXTS, PRINTED_CAPABILITIES, samples } from './fixtures/generator-parts.ts';
import { contextFor } from '../generators/context.ts';

describe('a cast whose sacrifice fails after its mana is there', () => {
  it('is drawn at a share where illegal declarations are asked for and a sacrifice-kicker spell is known, never otherwise', () => {
    expect(sacrificeKickerSpells(CONTEXTS['printed-only']).map((d) => d.name)).toContain('Rushing River');
    const drawn = samples(failedCostArb(CONTEXTS['printed-only'], 0.2), 600);
    expect(drawn.filter((x) => x).length).toBeGreaterThan(20);
    expect(samples(failedCostArb(CONTEXTS['printed-only'], 0)).every((x) => !x)).toBe(true);
    expect(samples(failedCostArb(contextFor(BARE_CAPABILITIES), 0.2)).every((x) => !x)).toBe(true);
  });

  it('names a sacrifice that does not fit, with the mana and the targets there, before the main cast', () => {
    const ctx = CONTEXTS['printed-only'];
    const b = new Builder(false);
    b.permanent('isl', catalog().get('Island')!, true, 'p1');
    b.permanent('bears', catalog().get('Grizzly Bears')!, true, 'p1');
    b.permanent('giant', catalog().get('Hill Giant')!, true, 'p2');
    b.actions.push({ do: 'cast', card: 'main' });
    const mana = {};
    const rushingRiver = sacrificeKickerSpells(ctx).findIndex((d) => d.name === 'Rushing River');
    expect(addFailedCostCast(b, ctx, mana, [0, 0, 0, 0], rushingRiver)).toBe(true);
    const cast = b.actions[0]!;
    expect(cast).toMatchObject({ do: 'cast', id: 'sacrifice-fails', card: 'failedcost', kicker: ['A'] });
    expect(b.actions[1]).toEqual({ do: 'cast', card: 'main' });
    expect(cast.do === 'cast' && cast.sacrifice?.length).toBe(1);
    expect(cast.do === 'cast' && ['bears', 'failedcost']).toContain(cast.do === 'cast' ? cast.sacrifice![0] : '');
    expect(mana).toEqual({ U: 1, C: 2 });
  });

  it('is rejected for its sacrifice by the reference engine in generated scenarios, leaving the pool as it was', () => {
    const engine = new ReferenceEngine();
    const scenarios = fc.sample(scenarioArb({ capabilities: PRINTED_CAPABILITIES }), { seed: 3, numRuns: 400 }).filter((s) => s.actions.some((a) => a.id === 'sacrifice-fails'));
    expect(scenarios.length).toBeGreaterThan(10);
    for (const s of scenarios) {
      const trace = engine.runSync(s);
      const at = s.actions.findIndex((a) => a.id === 'sacrifice-fails');
      const step = trace.steps[at]!;
      expect(step.outcome).toBe('rejected');
      expect(step.reason).toBe('sacrifice-mismatch');
      const before = at === 0 ? trace.initialState! : trace.steps[at - 1]!.state;
      expect(step.state.players[0]!.mana).toEqual(before.players[0]!.mana);
    }
  });
});
