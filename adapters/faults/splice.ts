// Faults in splice (CR 702.47): what may be spliced, where the spliced card goes, what the spell
// looks like, in which order its effects happen, and how long the spliced text lasts.
import { COLORS } from '../../model/mana.ts';
import type { CardDefinition } from '../../model/schema-types.ts';
import { definitionColors } from '../reference/characteristics.ts';
import { player, type SplicedCard, type StackSpell } from '../reference/game.ts';
import { oracle, scenario, synthetic, type Fault } from './fault.ts';

/** Arcane spells that both target one creature: destroying it and returning it to hand do not commute. */
const DESTROY_ARCANE: CardDefinition = { name: 'Rend Arcane', manaCost: '{B}', types: ['Instant'], subtypes: ['Arcane'], targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }] };
const BOUNCE_SPLICE: CardDefinition = {
  name: 'Wind Splice',
  manaCost: '{U}',
  types: ['Instant'],
  subtypes: ['Arcane'],
  splice: { onto: 'Arcane', cost: { mana: '{1}' } },
  targets: [{ kind: 'creature' }],
  effects: [{ kind: 'bounce', target: 0 }],
};

export const SPLICE_FAULTS: readonly Fault[] = [
  {
    id: 'spliced-card-leaves-hand',
    family: 'splice',
    rules: ['702.47a'],
    summary: 'A spliced card goes to the graveyard with the spell instead of staying in its owner\'s hand.',
    inspiredBy: 'Engines that implement splice as casting or discarding the splice card (the argentum engine\'s splice pull request #1699 stresses that the card never moves; phase-rs #2612 had splice as a no-op).',
    minimal: {
      shows: 'splice.card-stays-in-hand',
      scenario: scenario({
        cards: [oracle('spike', 'Lava Spike'), oracle('ray', 'Glacial Ray')],
        p1: { hand: ['spike', 'ray'], mana: { R: 2, C: 1 } },
        actions: [{ do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      castSpell: (g, action, r) => {
        const error = base.castSpell(g, action, r);
        if (error) return error;
        const you = player(g, action.player);
        for (const id of action.splice ?? []) {
          you.hand = you.hand.filter((c) => c !== id);
          you.graveyard.push(id);
        }
        return null;
      },
    }),
  },
  {
    id: 'spliced-spell-takes-colours',
    family: 'splice',
    rules: ['702.47c'],
    summary: "A spliced spell gains the colours of the cards spliced onto it: Reach Through Mists with Glacial Ray is blue and red.",
    inspiredBy:
      'XMage #9541: splice checked its targets with the wrong characteristics (protection from green stopped Kodama\'s Might spliced onto a nongreen spell); the CR 702.47c example of Glacial Ray spliced onto Reach Through Mists.',
    minimal: {
      shows: 'splice.keeps-main-characteristics',
      scenario: scenario({
        cards: [oracle('mists', 'Reach Through Mists'), oracle('ray', 'Glacial Ray')],
        p1: { hand: ['mists', 'ray'], mana: { U: 1, R: 1, C: 1 } },
        actions: [{ do: 'cast', card: 'mists', splice: ['ray'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      spellCharacteristics: (spell) => {
        const c = base.spellCharacteristics(spell);
        const spliced = spell.spliced.flatMap((s) => definitionColors(s.def));
        return { ...c, colors: COLORS.filter((k) => c.colors.includes(k) || spliced.includes(k)) };
      },
    }),
  },
  {
    id: 'spliced-effects-first',
    family: 'splice',
    rules: ['702.47b', '608.2c'],
    summary: "The spliced cards' effects happen before the main spell's.",
    inspiredBy: 'Engines that prepend gained abilities to a spell\'s ability list; CR 702.47b requires the main spell\'s effects first (a destroy-then-bounce spell returns nothing to hand).',
    minimal: {
      shows: 'resolution.player-effects',
      scenario: scenario({
        cards: [synthetic('rend', DESTROY_ARCANE), synthetic('wind', BOUNCE_SPLICE), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['rend', 'wind'], mana: { B: 1, C: 1 } },
        p2: { battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'rend', splice: ['wind'], targets: [['bears'], ['bears']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      spellParts: (spell) => {
        const [main, ...spliced] = base.spellParts(spell);
        return main ? [...spliced, main] : spliced;
      },
    }),
  },
  {
    id: 'only-first-splice-resolves',
    family: 'splice',
    rules: ['702.47b'],
    summary: 'With several cards spliced onto a spell, only the first one\'s effects happen.',
    inspiredBy: 'XMage #8485\'s note that splice and replicate together needed one prompt per spliced card to work; engines that keep one slot for spliced text.',
    minimal: {
      shows: 'resolution.player-effects',
      scenario: scenario({
        cards: [oracle('spike', 'Lava Spike'), oracle('ritual', 'Desperate Ritual'), oracle('ray', 'Glacial Ray')],
        p1: { hand: ['spike', 'ritual', 'ray'], mana: { R: 3, C: 2 } },
        actions: [{ do: 'cast', card: 'spike', splice: ['ritual', 'ray'], targets: [['p2'], ['p2']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, spellParts: (spell) => base.spellParts(spell).slice(0, 2) }),
  },
  {
    id: 'splice-same-card-twice',
    family: 'splice',
    rules: ['702.47b'],
    summary: 'One card can be spliced twice onto the same spell.',
    inspiredBy: 'The CR 702.47b limit (a card can\'t be spliced onto the same spell more than once) missing from engines that offer each splice card once per prompt and let the prompt repeat.',
    minimal: {
      shows: 'splice.declarations',
      scenario: scenario({
        cards: [oracle('spike', 'Lava Spike'), oracle('ritual', 'Desperate Ritual')],
        p1: { hand: ['spike', 'ritual'], mana: { R: 3, C: 2 } },
        actions: [{ do: 'cast', card: 'spike', splice: ['ritual', 'ritual'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      spliceDeclarationError: (g, spell, splice, caster, r) => base.spliceDeclarationError(g, spell, [...new Set(splice)], caster, r),
    }),
  },
  {
    id: 'splice-onto-any-instant',
    family: 'splice',
    rules: ['702.47a'],
    summary: 'A card with "splice onto Arcane" can be spliced onto any instant or sorcery.',
    inspiredBy: 'Engines that check a splice card\'s quality by card type instead of subtype; XMage #4560 and #8484 show how easily the splice offer goes wrong for particular spells.',
    minimal: {
      shows: 'splice.declarations',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning'), oracle('ray', 'Glacial Ray')],
        p1: { hand: ['bolt', 'ray'], mana: { R: 2, C: 1 } },
        actions: [{ do: 'cast', card: 'bolt', splice: ['ray'], targets: [['p2'], ['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      hasSpliceQuality: (spell, onto) => base.hasSpliceQuality(spell, onto) || base.hasSpliceQuality(spell, 'instant or sorcery'),
    }),
  },
  {
    id: 'splice-kept-after-recast',
    family: 'splice',
    rules: ['702.47e', '400.7'],
    summary: 'A spell returned to its owner\'s hand keeps its spliced text: cast again, it has the cards spliced onto it the first time.',
    inspiredBy: 'Engines that splice by adding abilities to the card object, which outlive the spell: spliced effects reappearing when the card is cast again.',
    minimal: {
      shows: 'splice.lost-off-the-stack',
      scenario: scenario({
        cards: [oracle('spike', 'Lava Spike'), oracle('ray', 'Glacial Ray')],
        p1: { hand: ['spike', 'ray'], mana: { R: 3, C: 1 } },
        actions: [
          { do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] },
          { do: 'bounce', object: 'spike' },
          { do: 'cast', card: 'spike', targets: [['p2']] },
        ],
      }),
    },
    apply: (base) => {
      // The spliced cards remembered with each card, for the game in which they were spliced.
      const remembered = new WeakMap<object, Map<string, SplicedCard[]>>();
      return {
        ...base,
        castSpell: (g, action, r) => {
          const error = base.castSpell(g, action, r);
          const spell = g.stack.at(-1) as StackSpell | undefined;
          if (error || spell?.kind !== 'spell') return error;
          const byCard = remembered.get(g.cards) ?? new Map<string, SplicedCard[]>();
          remembered.set(g.cards, byCard);
          if (spell.spliced.length === 0) spell.spliced = (byCard.get(spell.card) ?? []).map((s) => ({ ...s }));
          else byCard.set(spell.card, spell.spliced.map((s) => ({ ...s })));
          return null;
        },
      };
    },
  },
  {
    id: 'splice-order-reversed',
    family: 'splice',
    rules: ['702.47b', '608.2c'],
    summary: "A spliced spell's effects happen last-in first-out: the last card spliced first, the main spell's own text last.",
    inspiredBy: "Engines that keep a spell's abilities on a stack, pushing the main text and then each spliced card's as it is revealed, and pop them to resolve; CR 702.47b wants the main text first, then the spliced cards in the order chosen.",
    minimal: {
      shows: 'splice.effects-after-host',
      scenario: scenario({
        cards: [oracle('mists', 'Reach Through Mists'), oracle('dt', 'Dampen Thought'), oracle('lib1', 'Island'), oracle('lib2', 'Island')],
        p1: { hand: ['mists', 'dt'], library: ['lib1', 'lib2'], mana: { U: 2, C: 1 } },
        actions: [{ do: 'cast', card: 'mists', splice: ['dt'], targets: [['p1']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      spellParts: (spell) => [...base.spellParts(spell)].reverse(),
    }),
  },
];
