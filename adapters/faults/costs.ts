// Faults in costs (CR 601.2f-h, 118, 202.3): the total cost, cost changes, free casts, and mana
// value.
import { emptyMana, parseMana } from '../../model/mana.ts';
import { addMana, manaValue, payFromPool } from '../reference/mana.ts';
import type { Action, ScenarioCard } from '../../model/schema-types.ts';
import { additionalCosts, manaCostToPay, withAdditionalCosts, withCostChanges } from '../reference/costs.ts';
import { burstLightning, oracle, scenario, synthetic, type Fault } from './fault.ts';

/** Lava Spike with Glacial Ray spliced onto it: {R} plus {1}{R}. */
const SPLICED_SPIKE: { cards: ScenarioCard[]; cast: Action } = {
  cards: [oracle('spike', 'Lava Spike'), oracle('ray', 'Glacial Ray')],
  cast: { do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] },
};

export const COST_FAULTS: readonly Fault[] = [
  {
    id: 'mana-value-counts-additional-costs',
    family: 'costs',
    rules: ['118.8d', '202.3'],
    summary: "A spell's mana value counts the kicker, multikicker and splice costs declared for it: a kicked Burst Lightning has mana value 5.",
    inspiredBy: 'XMage #2143: Collective Defiance with escalate paid was given a higher converted mana cost, so Spell Queller could not exile it; the standard kicker ruling that mana value stays unchanged.',
    minimal: {
      shows: 'costs.mana-value-unchanged',
      scenario: burstLightning({ kicked: true }),
    },
    apply: (base) => ({
      ...base,
      spellCharacteristics: (spell) => {
        const c = base.spellCharacteristics(spell);
        const extra = additionalCosts({ def: spell.def, controller: spell.controller, kicker: spell.kicker, multikicker: spell.multikicker, spliced: spell.spliced.map((s) => s.def), x: spell.x ?? 0, withoutPayingManaCost: false });
        return { ...c, manaValue: c.manaValue + extra.reduce((n, cost) => n + (cost.mana ? manaValue(parseMana(cost.mana)) : 0), 0) };
      },
    }),
  },
  {
    id: 'mana-value-x-zero-on-stack',
    family: 'costs',
    rules: ['202.3e'],
    summary: 'On the stack, X counts as 0 in mana value: Comet Storm cast with X=2 has mana value 2.',
    inspiredBy: 'Magarena #617 (Mental Misstep countering Chalice of the Void cast with X=1: the X part of the cost was miscounted) and XMage #2436 (flashed-back Conflagrate treated as mana value 1 by Chalice of the Void).',
    minimal: {
      shows: 'costs.mana-value-unchanged',
      scenario: scenario({
        cards: [oracle('storm', 'Comet Storm')],
        p1: { hand: ['storm'], mana: { R: 2, C: 3 } },
        actions: [{ do: 'cast', card: 'storm', x: 2, multikicker: 1, targets: [['p2', 'p1']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      spellCharacteristics: (spell) => ({ ...base.spellCharacteristics(spell), manaValue: base.spellCharacteristics({ ...spell, x: 0 }).manaValue }),
    }),
  },
  {
    id: 'free-cast-skips-additional-costs',
    family: 'costs',
    rules: ['118.9d', '601.2f', '702.33a', '702.47a'],
    summary: 'A spell cast without paying its mana cost pays nothing at all: its kicker and splice costs are skipped, yet it is kicked and spliced.',
    inspiredBy: 'XMage #8485: splicing Everdream onto rebound and suspend spells cast for free never asked for the splice cost.',
    minimal: {
      shows: 'costs.free-cast-keeps-additional-costs',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { C: 4 } },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], withoutPayingManaCost: true, targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      totalCost: (g, d, r) => (d.withoutPayingManaCost ? { mana: emptyMana(), sacrifices: [], unpayable: false } : base.totalCost(g, d, r)),
    }),
  },
  {
    id: 'free-cast-refuses-additional-costs',
    family: 'costs',
    rules: ['118.9d', '601.2b'],
    summary: 'A spell cast without paying its mana cost cannot be kicked or spliced: declaring it makes the cast fail.',
    inspiredBy: 'Reports that cascade, suspend or "cast without paying its mana cost" effects never offer the kicker, against the release notes ruling that optional additional costs may still be paid.',
    minimal: {
      shows: 'casting.legal-cast-accepted',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { C: 4 } },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], withoutPayingManaCost: true, targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      castSpell: (g, action, r) =>
        action.withoutPayingManaCost && (action.kicker?.length ?? 0) + (action.multikicker ?? 0) + (action.splice?.length ?? 0) > 0
          ? { reason: 'cannot-pay', message: 'a spell cast without paying its mana cost pays no other cost' }
          : base.castSpell(g, action, r),
    }),
  },
  {
    id: 'free-cast-keeps-x',
    family: 'costs',
    rules: ['107.3b', '118.9'],
    summary: 'A spell with {X} cast without paying its mana cost keeps the X chosen for it, instead of X being 0.',
    inspiredBy: 'Reports of free casts (cascade, Omniscience, suspend) of X spells resolving with a large X; CR 107.3b makes X 0 when the mana cost is not paid.',
    minimal: {
      shows: 'costs.x-zero-on-free-cast',
      scenario: scenario({
        cards: [oracle('storm', 'Comet Storm')],
        p1: { hand: ['storm'] },
        actions: [{ do: 'cast', card: 'storm', x: 3, withoutPayingManaCost: true, targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      castSpell: (g, action, r) => {
        if (!action.withoutPayingManaCost || !action.x) return base.castSpell(g, action, r);
        // Cast as if X were 0, then the X chosen is written on the spell.
        const error = base.castSpell(g, { ...action, x: 0 }, r);
        const spell = g.stack.at(-1);
        if (!error && spell?.kind === 'spell') spell.x = action.x;
        return error;
      },
    }),
  },
  {
    id: 'reduction-takes-coloured-mana',
    family: 'costs',
    rules: ['118.7a', '601.2f'],
    summary: 'A generic cost reduction larger than the generic part goes on to take coloured symbols: {1} less makes Burst Lightning free.',
    inspiredBy: 'Magarena #1583 (Thalia\'s {1} increase added a coloured symbol to spells with no generic mana) and the phase-rs reports on reducers spilling into the wrong part of the cost.',
    minimal: {
      // The relation casts it again with a {1} reduction on the battlefield: the total has no generic part to reduce.
      shows: 'relations.reduction-keeps-kicked',
      scenario: scenario({
        cards: [synthetic('charm', { name: 'Green Charm', manaCost: '{G}', types: ['Instant'], kicker: { costs: [{ mana: '{G}' }] }, effects: [{ kind: 'gainLife', amount: 1 }] })],
        p1: { hand: ['charm'], mana: { G: 2 } },
        actions: [{ do: 'cast', card: 'charm', kicker: ['A'] }],
      }),
    },
    apply: (base) => ({
      ...base,
      reduceCost: (mana, increase, reduction) => {
        const out = { ...mana, generic: mana.generic + increase - reduction };
        for (const key of ['C', 'W', 'U', 'B', 'R', 'G'] as const) {
          const take = Math.min(Math.max(0, -out.generic), out[key]);
          out[key] -= take;
          out.generic += take;
        }
        return { ...out, generic: Math.max(0, out.generic) };
      },
    }),
  },
  {
    id: 'reduction-before-additional-costs',
    family: 'costs',
    rules: ['601.2f'],
    summary: 'Cost reductions apply to the mana cost before kicker and splice costs are added, so a reduction bigger than the mana cost is lost instead of reducing the kicker.',
    inspiredBy: 'The ruling that increases such as kicker are added before reductions apply (Council of the Absolute), and XMage #6493, where cost changes applied to each part of a spliced spell separately.',
    minimal: {
      // The relation casts it again with a {1} reduction on the battlefield, which the faulty engine loses on {R}.
      shows: 'relations.reduction-keeps-kicked',
      scenario: burstLightning({ kicked: true }),
    },
    apply: (base) => ({
      ...base,
      totalCost: (g, d, r) => {
        const { mana, sacrifices } = withAdditionalCosts(d, withCostChanges(g, d, r, manaCostToPay(d)));
        return { mana, sacrifices, unpayable: d.def.manaCost === undefined && !d.withoutPayingManaCost };
      },
    }),
  },
  {
    id: 'generic-paid-coloured-first',
    family: 'costs',
    rules: ['601.2h'],
    summary:
      'Generic mana is paid from the pool in its stored order, W, U, B, R, G, then colourless: kicked Burst Lightning paid from {R}{R} and four {C} spends both {R} and leaves a {C}, where the scenario format leaves the {R}.',
    inspiredBy:
      'Auto-payment reports of the kind "the engine tapped my coloured mana for the generic part": payment routines that walk the pool in whatever order it is stored; the scenario format fixes the order (colourless first) so that the mana left is part of the outcome.',
    minimal: {
      shows: 'costs.total-cost-paid',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 2, C: 4 } },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({ ...base, payMana: (pool, cost) => payFromPool(pool, cost, ['W', 'U', 'B', 'R', 'G', 'C']) }),
  },
  {
    id: 'splice-cost-charged-twice',
    family: 'costs',
    rules: ['702.47a', '601.2f'],
    summary: 'The splice cost is charged twice: once as the card is revealed and again with the additional costs.',
    inspiredBy: 'XMage #6493: with Thalia, Guardian of Thraben out, splicing made you pay the splice costs twice.',
    minimal: {
      shows: 'casting.legal-cast-accepted',
      scenario: scenario({
        cards: SPLICED_SPIKE.cards,
        p1: { hand: ['spike', 'ray'], mana: { R: 2, C: 1 } },
        actions: [SPLICED_SPIKE.cast],
      }),
    },
    apply: (base) => ({
      ...base,
      totalCost: (g, d, r) => {
        const total = base.totalCost(g, d, r);
        const twice = d.spliced.reduce((m, s) => (s.splice?.cost.mana ? addMana(m, parseMana(s.splice.cost.mana)) : m), total.mana);
        return { ...total, mana: twice };
      },
    }),
  },
  {
    id: 'splice-cost-not-charged',
    family: 'costs',
    rules: ['702.47a', '601.2f', '601.2h'],
    summary: 'Splicing costs nothing: the spliced text is added but its splice cost is never part of the total cost.',
    inspiredBy: 'XMage #8485: spliced effects happening for free on spells cast from exile; splice costs are additional costs and always paid.',
    minimal: {
      shows: 'costs.total-cost-paid',
      scenario: scenario({
        cards: SPLICED_SPIKE.cards,
        p1: { hand: ['spike', 'ray'], mana: { R: 2, C: 1 } },
        actions: [SPLICED_SPIKE.cast],
      }),
    },
    apply: (base) => ({
      ...base,
      totalCost: (g, d, r) => base.totalCost(g, { ...d, spliced: [] }, r),
    }),
  },
];
