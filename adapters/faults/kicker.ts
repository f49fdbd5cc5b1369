// Faults in kicker and multikicker (CR 702.33): declaring, counting, linking A and B, and what
// happens when the kicker can't be paid or costs nothing.
import { manaValue } from '../reference/mana.ts';
import type { CardDefinition } from '../../model/schema-types.ts';
import { cloneGame } from '../reference/game.ts';
import { isKicked } from '../reference/kicker.ts';
import { oracle, scenario, synthetic, type Fault } from './fault.ts';

const NOT_KICKED = { kicker: [], multikicker: 0 };

/** A bolt with a second target only when kicked, like Jilt or Rushing River but aimed at players. */
const KICKED_SECOND_TARGET: CardDefinition = {
  name: 'Forked Jolt',
  manaCost: '{R}',
  types: ['Instant'],
  kicker: { costs: [{ mana: '{1}' }] },
  targets: [{ kind: 'player' }, { kind: 'player', condition: 'kicked' }],
  effects: [
    { kind: 'damage', amount: 1, target: 0 },
    { kind: 'damage', amount: 1, target: 1, condition: 'kicked' },
  ],
};

const REDUCER: CardDefinition = { name: 'Two Less', manaCost: '{2}', types: ['Artifact'], statics: [{ kind: 'costReduction', amount: 2, spells: 'yours' }] };

export const KICKER_FAULTS: readonly Fault[] = [
  {
    id: 'kicker-ab-swapped',
    family: 'kicker',
    rules: ['702.33f', '607.2i'],
    summary: 'An ability linked to the first kicker cost looks at the second, and the other way round: kicked with {R}, Thornscape Battlemage tries to destroy an artifact.',
    inspiredBy:
      'Battlemage reports such as XMage #8495 (Nightscape Battlemage triggering kicker abilities that were not paid) and the class of A/B index mix-ups in engines that store the two kicker costs in a list.',
    minimal: {
      shows: 'triggers.linked-kicker-abilities',
      scenario: scenario({
        cards: [oracle('mage', 'Thornscape Battlemage')],
        p1: { hand: ['mage'], mana: { G: 1, R: 1, C: 2 } },
        actions: [{ do: 'cast', card: 'mage', kicker: ['A'] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      interveningIfHolds: (ability, subject) =>
        ability.if === 'kickedA' ? subject.kicker.includes('B') : ability.if === 'kickedB' ? subject.kicker.includes('A') : base.interveningIfHolds(ability, subject),
    }),
  },
  {
    id: 'kicker-ab-merged',
    family: 'kicker',
    rules: ['702.33e', '702.33f', '607.2i'],
    summary: '"If it was kicked with its A (or B) kicker" is read as "if it was kicked": paying either cost gives both linked effects.',
    inspiredBy: 'Reports of Necravolver or the Battlemages getting both bonuses for one kicker: engines that keep a single kicked flag for a card with two kicker costs.',
    minimal: {
      shows: 'permanents.enters-with-counters',
      scenario: scenario({
        cards: [oracle('volver', 'Necravolver')],
        p1: { hand: ['volver'], mana: { B: 1, W: 1, C: 2 } },
        actions: [{ do: 'cast', card: 'volver', kicker: ['B'] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      repetitions: (condition, k) => (condition === 'kickedA' || condition === 'kickedB' ? (isKicked(k) ? 1 : 0) : base.repetitions(condition, k)),
    }),
  },
  {
    id: 'kicker-cost-twice',
    family: 'kicker',
    rules: ['702.33b', '702.33d'],
    summary: 'The same kicker cost can be declared twice, kicking the spell twice (Archangel of Wrath kicked twice with {B}{B}).',
    inspiredBy: 'The Archangel of Wrath ruling that it cannot be kicked twice by paying the same cost, and engines that count kicker payments without checking which cost each one was.',
    minimal: {
      shows: 'casting.illegal-declarations-rejected',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1, C: 8 } },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A', 'A'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      kickerDeclarationError: (def, kicker, multikicker) => base.kickerDeclarationError(def, [...new Set(kicker)], multikicker),
    }),
  },
  {
    id: 'multikicker-counts-once',
    family: 'kicker',
    rules: ['702.33c', '702.33d'],
    summary: '"For each time it was kicked" counts multikicker once however many times it was paid.',
    inspiredBy: 'phase-rs #4941: Batroc the Leaper, multikicked twice, entered with one counter because the count was fixed at 1 instead of the number of kicks.',
    minimal: {
      shows: 'permanents.enters-with-counters',
      scenario: scenario({
        cards: [oracle('pack', 'Gnarlid Pack')],
        p1: { hand: ['pack'], mana: { G: 3, C: 3 } },
        actions: [{ do: 'cast', card: 'pack', multikicker: 2 }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      repetitions: (condition, k) => (condition === 'perKick' ? k.kicker.length + Math.min(1, k.multikicker) : base.repetitions(condition, k)),
    }),
  },
  {
    id: 'free-kicker-not-kicked',
    family: 'kicker',
    rules: ['702.33d', '118.7', '118.5'],
    summary: 'A spell whose total cost comes to {0} is not kicked: the engine records kicks while paying, and skips paying a {0} cost.',
    inspiredBy: 'The ruling that a kicker reduced to nothing still kicks the spell (Ertai\'s Trickery counters it), and engines that skip the payment step, where they record kicks, when nothing is to be paid.',
    minimal: {
      shows: 'kicker.kicked-even-when-free',
      scenario: scenario({
        cards: [oracle('chalice', 'Everflowing Chalice'), synthetic('reducer', REDUCER)],
        p1: { hand: ['chalice'], battlefield: [{ card: 'reducer' }] },
        actions: [{ do: 'cast', card: 'chalice', multikicker: 1 }],
      }),
    },
    apply: (base) => ({
      ...base,
      kickedAsPaid: (spell, total) => (manaValue(total.mana) === 0 && total.sacrifices.length === 0 ? NOT_KICKED : base.kickedAsPaid(spell, total)),
    }),
  },
  {
    id: 'unpayable-kicker-dropped',
    family: 'kicker',
    rules: ['601.2h', '733.1', '702.33d'],
    summary: 'When the mana cannot pay a declared kicker, the spell is cast unkicked instead of the cast being refused.',
    inspiredBy: 'XMage #1069 (Gnarlid Pack: multikicker declared without the mana for it, cancelled, and the spell cast with a kick count it was not paid for) and auto-payers that quietly decline optional costs.',
    minimal: {
      shows: 'casting.unpayable-rejected',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      castSpell: (g, action, r) => {
        const kicked = (action.kicker?.length ?? 0) + (action.multikicker ?? 0) > 0;
        // Tried on a copy of the game first, the way the engine's auto-payer checks what it can afford.
        if (kicked && base.castSpell(cloneGame(g), action, r)?.reason === 'cannot-pay') {
          const { kicker: _k, multikicker: _m, ...unkicked } = action;
          return base.castSpell(g, unkicked, r);
        }
        return base.castSpell(g, action, r);
      },
    }),
  },
  {
    id: 'targets-for-unkicked-part',
    family: 'kicker',
    rules: ['702.33g', '601.2c'],
    summary: 'Targets for a part that works only if kicked are accepted on an unkicked spell.',
    inspiredBy: 'Reports that Jilt or Rushing River ask for (and keep) a second target when not kicked: engines that build the target list from the card and not from the declarations.',
    minimal: {
      shows: 'kicker.targets-only-if-kicked',
      scenario: scenario({
        cards: [synthetic('jolt', KICKED_SECOND_TARGET)],
        p1: { hand: ['jolt'], mana: { R: 1 } },
        actions: [{ do: 'cast', card: 'jolt', targets: [['p2'], ['p1']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      targetDeclarationError: (g, slots, targets, ctx, unchanged) =>
        targets.length === slots.length
          ? base.targetDeclarationError(g, slots.map((s) => ({ ...s, active: true })), targets, ctx, unchanged)
          : base.targetDeclarationError(g, slots, targets, ctx, unchanged),
    }),
  },
  {
    id: 'enters-trigger-forgets-kick',
    family: 'kicker',
    rules: ['400.7d', '603.4', '702.33d'],
    summary: 'An enters ability reads the kicked status of the permanent after its zone change, where it is lost: "if it was kicked" never holds.',
    inspiredBy: 'XMage #7192: kicked status looked up by the card\'s zone-change counter, which has moved on by the time the permanent\'s ability asks (Gatekeeper of Malakir not triggering).',
    minimal: {
      shows: 'triggers.enters-count',
      scenario: scenario({
        cards: [oracle('gk', 'Gatekeeper of Malakir')],
        p1: { hand: ['gk'], mana: { B: 3 } },
        actions: [{ do: 'cast', card: 'gk', kicker: ['A'] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      eventMatches: (source, ability, event) => {
        const match = base.eventMatches(source, ability, event);
        return match && event.kind === 'selfEnters' ? { subject: NOT_KICKED } : match;
      },
    }),
  },
];
