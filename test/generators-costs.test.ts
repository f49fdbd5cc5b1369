// The costs-and-kicks part of the generators (generators/costs.ts): kicks, kicker labels, free casts
// and cost changers drawn as promised; the kicks a plan declares are printed ones; sacrifices are of
// p1's permanents that fit; p1's mana pays for every cast.
import { describe, expect, it } from 'vitest';
import { catalog } from '../model/catalog.ts';
import { declaredMana } from '../model/declarations.ts';
import { Builder } from '../generators/builder.ts';
import { costChangersArb, freeCastArb, kickerCostsArb, kicksArb, manaFor, plannedKicks, sacrificeChoices, sacrificesNeeded } from '../generators/costs.ts';
import { planArb } from '../generators/plan-arb.ts';
import { CONTEXTS, expectValidCard, PRINTED_CAPABILITIES, REFERENCE_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

describe('kicks and kicker costs', () => {
  it('kick from 0 to 9 times, mostly a few, and declare "", A, B or AB', () => {
    const kicks = samples(kicksArb, 300);
    expect(kicks.every((k) => Number.isInteger(k) && k >= 0 && k <= 9)).toBe(true);
    expect(new Set(kicks).size).toBeGreaterThan(5);
    expect(new Set(samples(kickerCostsArb))).toEqual(new Set(['', 'A', 'B', 'AB']));
  });

  it('cast free only where the engine can', () => {
    expect(samples(freeCastArb(CONTEXTS.reference)).some((f) => f)).toBe(true);
    expect(samples(freeCastArb(CONTEXTS.bare)).every((f) => !f)).toBe(true);
  });

  for (const [name, capabilities] of [['reference', REFERENCE_CAPABILITIES], ['printed-only', PRINTED_CAPABILITIES]] as const) {
    it(`declare only printed kicker costs, multikicks where the card has multikicker, X where it has {X} (${name})`, () => {
      for (const plan of samples(planArb({ capabilities }, CONTEXTS[name]), 150)) {
        const { kicker, multikicker, x } = plannedKicks(plan);
        const printed = plan.spell ? (plan.main.kicker?.costs.length ?? 0) : 0;
        expect(kicker.length).toBeLessThanOrEqual(printed);
        expect(new Set(kicker).size).toBe(kicker.length);
        if (printed < 2) expect(kicker).not.toContain('B');
        if (!plan.main.multikicker || !plan.spell) expect(multikicker).toBe(0);
        expect(x === undefined).toBe(!plan.main.manaCost?.includes('{X}'));
        if (plan.free && x !== undefined) expect(x).toBe(0);
      }
    });
  }
});

describe('cost changers', () => {
  it('are up to two valid cards that change spells\' costs, none without cost modifiers', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const drawn = samples(costChangersArb(CONTEXTS[name]));
      expect(drawn.some((c) => c.length > 0)).toBe(true);
      for (const changers of drawn) {
        expect(changers.length).toBeLessThanOrEqual(2);
        for (const d of changers) {
          expectValidCard(d);
          expect((d.statics ?? []).some((a) => a.kind === 'costReduction' || a.kind === 'costIncrease')).toBe(true);
        }
      }
    }
    expect(samples(costChangersArb(CONTEXTS.bare)).every((c) => c.length === 0)).toBe(true);
  });
});

describe('sacrifices and mana', () => {
  it('sacrifice the first of p1\'s permanents that fit each cost, each once', () => {
    const b = new Builder(false);
    const mountain = catalog().get('Mountain')!;
    const bears = catalog().get('Grizzly Bears')!;
    b.permanent('land1', mountain, true, 'p1');
    b.permanent('land2', mountain, true, 'p1');
    b.permanent('b1', bears, true, 'p2');
    const card = [...catalog().values()].find((d) => d.kicker?.costs.some((c) => c.sacrifice?.filter.types?.includes('Land')))!;
    const label = card.kicker!.costs.findIndex((c) => c.sacrifice) === 0 ? 'A' : 'B';
    expect(sacrificesNeeded(card, [label], 0, [])).toBe(1);
    expect(sacrificeChoices(card, [label], 0, [], b.board)).toEqual(['land1']);
    expect(sacrificeChoices(card, [], 0, [], b.board)).toEqual([]);
  });

  it('give p1 what every cast costs, and the slack besides', () => {
    const [plan] = samples(planArb({ capabilities: REFERENCE_CAPABILITIES }, CONTEXTS.reference), 1);
    const b = new Builder(true);
    const lightning = catalog().get('Burst Lightning')!;
    b.pay(declaredMana(lightning, { kicker: ['A'], multikicker: 0 }, [], 0, false));
    b.actions.push({ do: 'cast', card: 'main', kicker: ['A'] });
    const { mana, provision } = manaFor({ ...plan!, slack: 1, costChangers: [] }, b);
    expect(provision).toBe(1);
    expect(mana.R).toBe(1);
    expect(mana.C).toBe(4 + 1);
  });
});
