// Stifle aimed at a triggered ability (generators/ability-counter.ts): drawn where the engine knows
// Stifle and can put a permanent with an enters ability onto the battlefield; cast by p1 or by p2 at the
// first ability an action put on the stack, which the reference engine counters (CR 701.5a).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { abilityCounterArb, abilityCounterPossible } from '../generators/ability-counter.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { CONTEXTS, PRINTED_CAPABILITIES, REFERENCE_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

describe('Stifle aimed at a triggered ability', () => {
  it('is drawn about one plan in five where the engine can run it, never for a bare engine', () => {
    expect(abilityCounterPossible(CONTEXTS['printed-only'])).toBe(true);
    expect(abilityCounterPossible(CONTEXTS.bare)).toBe(false);
    const drawn = samples(abilityCounterArb(CONTEXTS['printed-only']), 600).filter((x) => x !== null);
    expect(drawn.length).toBeGreaterThan(200);
    expect(drawn.length).toBeLessThan(600);
    for (const who of ['p1', 'p2'] as const) {
      expect(drawn.some((x) => x.caster === who)).toBe(true);
      expect(drawn.some((x) => x.owner === who)).toBe(true);
    }
    expect(samples(abilityCounterArb(CONTEXTS.bare)).every((x) => x === null)).toBe(true);
  });

  for (const [name, capabilities] of [['printed-only', PRINTED_CAPABILITIES], ['reference', REFERENCE_CAPABILITIES]] as const) {
    it(`counters the ability it targets, by p1 and by p2, at an enters ability and at the main cast's trigger (${name})`, () => {
      const engine = new ReferenceEngine();
      const scenarios = fc.sample(scenarioArb({ capabilities }), { seed: 5, numRuns: 1500 }).filter((s) => s.actions.some((a) => a.do === 'cast' && a.card === 'stifle'));
      expect(scenarios.length).toBeGreaterThan(100);
      const seen = { p1: 0, p2: 0, enters: 0, cast: 0 };
      for (const s of scenarios) {
        const at = s.actions.findIndex((a) => a.do === 'cast' && a.card === 'stifle');
        const cast = s.actions[at]!;
        if (cast.do !== 'cast') continue;
        const target = cast.targets![0]![0]!;
        seen[cast.player ?? 'p1']++;
        seen[target.startsWith('trig.') ? 'enters' : 'cast']++;
        const trace = engine.runSync(s);
        // A game that ended before (p1 drew from an empty library) takes no action (CR 104.2a).
        if (trace.steps[at]!.reason === 'game-over') continue;
        expect(trace.steps[at]!.outcome, JSON.stringify(s.actions)).toBe('accepted');
        expect(trace.steps[at]!.state.stack.some((o) => o.kind === 'ability' && o.id === target)).toBe(true);
        const resolved = s.actions.findIndex((a) => a.id === 'stifled');
        expect(trace.steps[resolved]!.outcome).toBe('accepted');
        // Stifle has left, and so has the ability it countered.
        expect(trace.steps[resolved]!.state.stack.map((o) => o.id)).not.toContain(target);
        expect(trace.steps[resolved]!.state.stack.map((o) => o.id)).not.toContain('stifle');
      }
      expect(Math.min(seen.p1, seen.p2, seen.enters, seen.cast), JSON.stringify(seen)).toBeGreaterThan(3);
    });
  }
});
