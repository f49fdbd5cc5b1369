// The copies part of the generators (generators/copies.ts): up to two copies, by the copy action or
// by a copy spell the engine knows, and the actions that make them.
import { describe, expect, it } from 'vitest';
import { catalog } from '../model/catalog.ts';
import { contextFor } from '../generators/context.ts';
import { Builder } from '../generators/builder.ts';
import { copiesArb, copyActions, possibleCopies } from '../generators/copies.ts';
import { planArb } from '../generators/plan-arb.ts';
import { copiersOf } from '../generators/supporting-cards.ts';
import { BARE_CAPABILITIES, CONTEXTS, PRINTED_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

describe('copies', () => {
  it('are up to two, by a way the engine has, the copier an index into the copy spells it knows', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const ctx = CONTEXTS[name];
      const drawn = samples(copiesArb(ctx));
      expect(drawn.some((c) => c.length > 0)).toBe(true);
      for (const copies of drawn) {
        expect(copies.length).toBeLessThanOrEqual(2);
        for (const c of copies) {
          expect(['action', 'card']).toContain(c.via);
          if (c.via === 'card') expect(c.copier).toBeLessThan(copiersOf(ctx).length);
        }
      }
    }
    expect(samples(copiesArb(CONTEXTS.bare)).every((c) => c.length === 0)).toBe(true);
  });

  it('are made by the action where the engine knows no copy spell, and keep their targets without copyTargets', () => {
    const noCopiers = contextFor({ ...BARE_CAPABILITIES, mechanics: ['kicker', 'copy'], actions: ['cast', 'copy', 'resolve'], choices: [] });
    expect(possibleCopies([{ via: 'card', retarget: true, copier: 0, byOpponent: false }], noCopiers)).toEqual([{ via: 'action', retarget: false, copier: 0, byOpponent: false }]);
    expect(possibleCopies([{ via: 'card', retarget: true, copier: 0, byOpponent: false }], CONTEXTS.reference)).toEqual([{ via: 'card', retarget: true, copier: 0, byOpponent: false }]);
    // p2's copy gets new targets too, chosen by p2 (CR 707.10c: test/generators-opponent-copies.test.ts).
    expect(possibleCopies([{ via: 'card', retarget: true, copier: 0, byOpponent: true }], CONTEXTS.reference)).toEqual([{ via: 'card', retarget: true, copier: 0, byOpponent: true }]);
  });

  it('become a copy action, or a copy spell cast at the main spell and resolved, each named for its copy', () => {
    const ctx = CONTEXTS['printed-only'];
    const [plan] = samples(planArb({ capabilities: PRINTED_CAPABILITIES }, ctx), 1);
    const main = catalog().get('Burst Lightning')!;
    const b = new Builder(false);
    copyActions({ ...plan!, main, selfTarget: false, copies: [{ via: 'action', retarget: false, copier: 0, byOpponent: false }, { via: 'card', retarget: false, copier: 0, byOpponent: false }] }, b, ctx, [], [], [], false);
    expect(b.actions[0]).toEqual({ do: 'copy', id: 'copy1', spell: 'main' });
    expect(b.actions[1]).toMatchObject({ do: 'cast', card: 'cp2', targets: [['main']] });
    expect(b.actions.at(-1)).toMatchObject({ do: 'resolve', id: 'copy2' });
    expect(b.cards.map((c) => c.oracle)).toEqual([copiersOf(ctx)[0]!.name]);
  });

  it("made by p2 are p2's: the copy action names p2, the copy spell is in p2's hand and cast by p2 with p2's mana", () => {
    const ctx = CONTEXTS['printed-only'];
    const [plan] = samples(planArb({ capabilities: PRINTED_CAPABILITIES }, ctx), 1);
    const main = catalog().get('Burst Lightning')!;
    const b = new Builder(false);
    const made = copyActions({ ...plan!, main, selfTarget: false, watchers: [], copies: [{ via: 'action', retarget: false, copier: 0, byOpponent: true }, { via: 'card', retarget: false, copier: 0, byOpponent: true }] }, b, ctx, [], [], [], false);
    expect(made).toEqual([{ id: 'copy1', controller: 'p2' }, { id: 'copy2', controller: 'p2' }]);
    expect(b.actions[0]).toEqual({ do: 'copy', id: 'copy1', player: 'p2', spell: 'main' });
    expect(b.actions[1]).toMatchObject({ do: 'cast', player: 'p2', card: 'cp2', targets: [['main']] });
    expect(b.p2Hand).toEqual(['cp2']);
    expect(b.hand).toEqual([]);
    expect(b.p2Mana).not.toEqual(b.mana);
  });
});
