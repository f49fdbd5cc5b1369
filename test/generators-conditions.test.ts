// The board condition part of the generators (generators/conditions.ts): a printed permanent whose
// enters ability has an intervening "if" about the board, and the permanent it asks for leaving,
// arriving late or staying; run on the reference engine, each does what the builder says (CR 603.4).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { boardCondition, conditionArb, conditionPossible } from '../generators/conditions.ts';
import { CONDITION_CHANGES } from '../generators/plan.ts';
import { builtFeatures, scenarioArb } from '../generators/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { CONTEXTS, PRINTED_CAPABILITIES, REFERENCE_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

describe('the board condition plan', () => {
  it('is a printed card with a board condition on its enters ability, with each change, now and then; none for an engine without triggers', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const drawn = samples(conditionArb(CONTEXTS[name]), 200);
      const present = drawn.filter((c) => c !== null);
      expect(present.length).toBeGreaterThan(drawn.length / 12);
      expect(present.length).toBeLessThan(drawn.length / 3);
      for (const c of present) {
        expect(CONTEXTS[name].byName(c.card.name)).toBe(c.card);
        expect(boardCondition(c.card)).toBeDefined();
      }
      expect(new Set(present.map((c) => c.change))).toEqual(new Set(CONDITION_CHANGES));
      expect(new Set(present.map((c) => c.card.name)).size).toBeGreaterThanOrEqual(3);
    }
    expect(conditionPossible(CONTEXTS.bare)).toBe(false);
    expect(samples(conditionArb(CONTEXTS.bare)).every((c) => c === null)).toBe(true);
  });
});

/** The reference engine's answer to the condition's first actions: what the conditional card's entering triggered, and whether its ability did anything when it resolved. */
function outcome(s: Scenario): { triggered: number; did: boolean | undefined } {
  const trace = new ReferenceEngine().runSync(s);
  const triggered = (trace.steps[0]!.triggered ?? []).filter((t) => t.source === 'cond').length;
  const resolve = s.actions.findIndex((a) => a.do === 'resolve' && !a.untilEmpty);
  if (resolve < 0 || resolve > 2) return { triggered, did: undefined };
  const before = trace.steps[resolve - 1]!.state;
  const after = trace.steps[resolve]!.state;
  const p1 = (st: typeof before) => st.players.find((p) => p.id === 'p1')!;
  const did = p1(after).life !== p1(before).life || p1(after).hand.length !== p1(before).hand.length || after.battlefield.length !== before.battlefield.length;
  return { triggered, did };
}

describe('scenarios with a board condition', () => {
  it('change it as the builder says: what it asks for leaves and the ability does nothing, arrives late and nothing triggers, or stays and the ability does its work', () => {
    for (const capabilities of [REFERENCE_CAPABILITIES, PRINTED_CAPABILITIES]) {
      const seen = new Set<string>();
      for (const s of fc.sample(scenarioArb({ capabilities }), { seed: 5, numRuns: 600 })) {
        if (!s.actions.some((a) => a.do === 'putOntoBattlefield' && a.card === 'cond')) continue;
        // Without a main cast, a cast whose sacrifice fails (generators/failed-cost.ts) comes first; it is
        // rejected and changes nothing, and this test reads the condition's actions from the start.
        if (builtFeatures(s)!.failedCost) continue;
        expect(s.actions[0]).toEqual({ do: 'putOntoBattlefield', card: 'cond', ...(s.actions[0]!.triggerOrder ? { triggerOrder: s.actions[0]!.triggerOrder } : {}) });
        const changed = builtFeatures(s)!.conditionChanged;
        const second = s.actions[1]!;
        const late = second.do === 'putOntoBattlefield' && second.card === 'condEn';
        const { triggered, did } = outcome(s);
        if (changed && late) {
          expect(triggered).toBe(0);
          seen.add('late');
        } else if (changed) {
          expect(['bounce', 'destroy']).toContain(second.do);
          expect(triggered).toBeGreaterThan(0);
          expect(did).toBe(false);
          seen.add(second.do);
        } else if (triggered > 0 && did !== undefined && second.do === 'resolve') {
          expect(did).toBe(true);
          seen.add('kept');
        }
      }
      expect(seen).toEqual(new Set(['late', 'bounce', 'destroy', 'kept']));
    }
  });
});
