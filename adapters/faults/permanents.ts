// Faults in permanents and zone changes (CR 400.7, 707.2): a permanent that did not resolve from a
// kicked spell is never kicked.
import type { CardDefinition } from '../../model/schema-types.ts';
import { newPermanent, permanentById, player } from '../reference/game.ts';
import { enterBattlefield, leaveBattlefield } from '../reference/zones.ts';
import { oracle, scenario, synthetic, type Fault } from './fault.ts';

const CLONE: CardDefinition = { name: 'Clone Shell', manaCost: '{3}{U}', types: ['Creature'], power: 0, toughness: 0 };

export const PERMANENT_FAULTS: readonly Fault[] = [
  {
    id: 'put-tapped-enters-untapped',
    family: 'permanents',
    rules: ['110.5'],
    summary: 'A permanent put onto the battlefield tapped (by an effect that says so, or its own "enters tapped") enters untapped.',
    inspiredBy: 'Engines that create the permanent with default status and apply "tapped" only to permanents already on the battlefield, so "put onto the battlefield tapped" effects lose the tapped part.',
    minimal: {
      shows: 'actions.as-declared',
      scenario: scenario({
        cards: [oracle('land', 'Forest')],
        p1: { hand: ['land'] },
        actions: [{ do: 'putOntoBattlefield', card: 'land', tapped: true }],
      }),
    },
    apply: (base) => ({ ...base, enterTapped: () => undefined }),
  },
  {
    id: 'bounce-permanents-only',
    family: 'permanents',
    rules: ['608.2c'],
    summary: 'An effect that returns a spell on the stack to its owner\'s hand is refused as if the spell were not there: the engine returns permanents only.',
    inspiredBy: 'Engines that wrote "return target permanent to its owner\'s hand" first and look the object up on the battlefield alone, so effects that return a spell (Remand, Unsubstantiate) find nothing to return.',
    minimal: {
      shows: 'actions.taken-when-possible',
      scenario: scenario({
        cards: [oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['bears'], mana: { G: 1, C: 1 } },
        actions: [{ do: 'cast', card: 'bears' }, { do: 'bounce', object: 'bears' }],
      }),
    },
    apply: (base) => ({
      ...base,
      bounce: (g, id, r) => (g.stack.some((s) => s.id === id) ? { reason: 'not-a-permanent', message: `'${id}' is not a permanent on the battlefield` } : base.bounce(g, id, r)),
    }),
  },
  {
    id: 'flicker-keeps-kicked',
    family: 'permanents',
    rules: ['400.7', '702.33a'],
    summary: 'A kicked permanent that is exiled and returned comes back kicked, with its kicked counters: the engine keeps the kick with the card.',
    inspiredBy: 'XMage reports of a kicked Gatekeeper of Malakir returned by Zombify "still behaving like it were kicked" (the rules digest, I-K-5): kicked status kept with the card, not the object.',
    minimal: {
      shows: 'permanents.not-kicked-without-casting',
      scenario: scenario({
        cards: [oracle('kavu', 'Kavu Titan')],
        p1: { hand: ['kavu'], mana: { G: 2, C: 3 } },
        actions: [{ do: 'cast', card: 'kavu', kicker: ['A'] }, { do: 'resolve' }, { do: 'flicker', permanent: 'kavu' }],
      }),
    },
    apply: (base) => ({
      ...base,
      flicker: (g, id, r) => {
        const p = permanentById(g, id);
        if (!p || p.token || p.card === undefined) return base.flicker(g, id, r);
        leaveBattlefield(g, [p], 'exile', r);
        const def = g.cards.get(p.card)!.def;
        enterBattlefield(g, newPermanent(g, { id: p.id, card: p.card, def, owner: p.owner, controller: p.owner, kicker: [...p.kicker], multikicker: p.multikicker }), {}, r);
        return null;
      },
    }),
  },
  {
    id: 'clone-copies-kicked',
    family: 'permanents',
    rules: ['707.2', '400.7'],
    summary: 'A permanent entering as a copy of a kicked permanent is kicked too, and gets the kicked counters.',
    inspiredBy: 'The kicker ruling that a card or token entering as a copy of a permanent is not kicked, and Clone-on-Gatekeeper reports in engines that copy the whole permanent object.',
    minimal: {
      shows: 'permanents.clone-not-kicked',
      scenario: scenario({
        cards: [oracle('kavu', 'Kavu Titan'), synthetic('clone', CLONE)],
        p1: { hand: ['kavu', 'clone'], mana: { G: 2, C: 3 } },
        actions: [{ do: 'cast', card: 'kavu', kicker: ['A'] }, { do: 'resolve' }, { do: 'clone', card: 'clone', copyOf: 'kavu' }],
      }),
    },
    apply: (base) => ({
      ...base,
      clone: (g, cardId, copyOf, who, r) => {
        const card = g.cards.get(cardId);
        const original = permanentById(g, copyOf);
        const hand = player(g, who).hand;
        if (!card || !original || !hand.includes(cardId)) return base.clone(g, cardId, copyOf, who, r);
        hand.splice(hand.indexOf(cardId), 1);
        const p = newPermanent(g, { id: cardId, card: cardId, def: original.def, owner: card.owner, controller: who, kicker: [...original.kicker], multikicker: original.multikicker });
        enterBattlefield(g, p, {}, r);
        return null;
      },
    }),
  },
  {
    id: 'kicker-keyword-always',
    family: 'permanents',
    rules: ['702.33d', '603.6d'],
    summary: 'A keyword a permanent "enters with if kicked" is given whether or not it was kicked: Kavu Titan cast without kicker has trample.',
    inspiredBy: 'Reports of Kavu Titan having trample when not kicked: engines that add an "enters with" keyword as a static ability of the card rather than as part of the kicked replacement effect.',
    minimal: {
      shows: 'kicker.if-kicked-keywords',
      scenario: scenario({
        cards: [oracle('titan', 'Kavu Titan')],
        p1: { hand: ['titan'], mana: { G: 1, C: 1 } },
        actions: [{ do: 'cast', card: 'titan' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, entersWithTimes: (g, permanent, e, r) => (e.keyword !== undefined ? 1 : base.entersWithTimes(g, permanent, e, r)) }),
  },
];
