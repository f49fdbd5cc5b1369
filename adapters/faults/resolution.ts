// Faults in resolving spells (CR 608.2b, 702.47d): when a spell with illegal targets does nothing
// at all, and when it does what it can; what a countered spell or triggered ability does (CR 701.5a).
import type { CardDefinition } from '../../model/schema-types.ts';
import { mutablePermanent, permanentById, type StackTrigger } from '../reference/game.ts';
import { oracle, scenario, synthetic, type Fault } from './fault.ts';

/** A spell with one target and an untargeted part: it does nothing at all when its target is gone. */
const BITE_AND_GAIN: CardDefinition = {
  name: 'Bite and Mend',
  manaCost: '{R}',
  types: ['Instant'],
  targets: [{ kind: 'creature' }],
  effects: [
    { kind: 'damage', amount: 1, target: 0 },
    { kind: 'gainLife', amount: 2 },
  ],
};

export const RESOLUTION_FAULTS: readonly Fault[] = [
  {
    id: 'partial-fizzle-is-total',
    family: 'resolution',
    rules: ['608.2b'],
    summary: 'A spell with one of several targets illegal does nothing at all, instead of acting on the targets still legal.',
    inspiredBy: 'The rules digest notes a third-party engine whose Comet Storm "does nothing if the first target is gone"; engines that remove a spell as soon as any target is illegal.',
    minimal: {
      shows: 'resolution.player-effects',
      scenario: scenario({
        cards: [oracle('storm', 'Comet Storm'), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['storm'], mana: { R: 2, C: 2 } },
        p2: { battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'storm', x: 1, multikicker: 1, targets: [['bears', 'p2']] }, { do: 'destroy', permanent: 'bears' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      fizzles: (chosen, legal) => chosen.flat().length > 0 && legal.flat().length < chosen.flat().length,
    }),
  },
  {
    id: 'total-fizzle-is-partial',
    family: 'resolution',
    rules: ['608.2b', '702.47d'],
    summary: 'A spell whose targets are all illegal still resolves: it skips the illegal targets and does its untargeted parts.',
    inspiredBy: 'Reports of a spell "fizzling" but still drawing or gaining life (an Everdream spliced onto a spell whose target died still drawing): engines that only skip illegal targets.',
    minimal: {
      shows: 'resolution.all-targets-illegal',
      scenario: scenario({
        cards: [synthetic('bite', BITE_AND_GAIN), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['bite'], mana: { R: 1 } },
        p2: { battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'bite', targets: [['bears']] }, { do: 'destroy', permanent: 'bears' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, fizzles: () => false }),
  },
  {
    id: 'countered-card-also-to-graveyard',
    family: 'resolution',
    rules: ['400.1', '701.5a'],
    summary: 'A spell countered "into its owner\'s hand" (Remand) or "on top of its library" (Memory Lapse) goes there and to the graveyard as well: one card in two zones.',
    inspiredBy: 'Engines that run the usual "countered: to the graveyard" step after a counterspell\'s own instruction has already moved the card, leaving a card in two zones.',
    minimal: {
      shows: 'zones.one-zone-each',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning'), oracle('remand', 'Remand')],
        p1: { hand: ['bolt', 'remand'], mana: { R: 1, U: 1, C: 1 } },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'cast', card: 'remand', targets: [['bolt']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      counterSpellOnStack: (g, spell, r, to) => {
        base.counterSpellOnStack(g, spell, r, to);
        if (to !== undefined && !spell.def.cantBeCountered) r.spellToGraveyard(g, spell);
      },
    }),
  },
  {
    id: 'instructions-last-first',
    family: 'resolution',
    rules: ['608.2c'],
    summary: "A spell follows its instructions last first: Jilt deals its 2 damage before it returns the creature to its owner's hand.",
    inspiredBy: "Engines that keep a spell's effects on a stack of their own, pushed in text order and popped to resolve; CR 608.2c wants the order written.",
    minimal: {
      shows: 'resolution.events-in-order',
      scenario: scenario({
        cards: [oracle('jilt', 'Jilt'), oracle('bears', 'Grizzly Bears'), oracle('giant', 'Hill Giant')],
        p1: { hand: ['jilt'], mana: { U: 1, R: 1, C: 2 } },
        p2: { battlefield: [{ card: 'bears' }, { card: 'giant' }] },
        actions: [{ do: 'cast', card: 'jilt', kicker: ['A'], targets: [['bears'], ['giant']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, spellParts: (spell) => base.spellParts(spell).map((p) => ({ part: p.part, effects: [...p.effects].reverse() })) }),
  },
  {
    id: 'card-to-graveyard-first',
    family: 'resolution',
    rules: ['608.2n'],
    summary: "An instant or sorcery is put into its owner's graveyard as it starts to resolve, before it does what it says.",
    inspiredBy: 'Engines that take a spell off the stack into the graveyard before running its effects, so that the stack is clean while they run; CR 608.2n puts the card there as the final part of the resolution.',
    minimal: {
      shows: 'resolution.card-to-graveyard-last',
      scenario: scenario({
        cards: [oracle('spike', 'Lava Spike')],
        p1: { hand: ['spike'], mana: { R: 1 } },
        actions: [{ do: 'cast', card: 'spike', targets: [['p2']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      resolveSpell: (g, spell, action, r) => {
        r.spellToGraveyard(g, spell);
        // Its own card is in the graveyard already; any other spell it moves still goes there.
        return base.resolveSpell(g, spell, action, { ...r, spellToGraveyard: (g2, s) => void (s !== spell && r.spellToGraveyard(g2, s)) });
      },
    }),
  },
  {
    id: 'keeps-target-of-new-object',
    family: 'resolution',
    rules: ['400.7', '608.2b'],
    summary:
      'A creature targeted by a spell, flickered in response, is still its target: Burst Lightning aimed at Grizzly Bears kills the Bears that came back, where the target is a new object and the spell does nothing.',
    inspiredBy:
      'Reports of spells and abilities that follow a permanent through exile and back (blink in response to removal), in engines that remember targets by card rather than by the object on the battlefield.',
    minimal: {
      shows: 'resolution.new-object-not-targeted',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning'), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        p2: { battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'flicker', permanent: 'bears' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, sameObjectAsTargeted: () => true }),
  },
  {
    id: 'countered-ability-resolves',
    family: 'resolution',
    rules: ['701.5a', '603.3'],
    summary: "Stifle does nothing to the triggered ability it targets: the ability stays on the stack and later resolves, where a countered ability leaves the stack and none of its effects happen.",
    inspiredBy: "Engines whose counter effect looks its target up among the spells on the stack only, finds no spell of that id and does nothing, so that 'counter target triggered ability' never counters anything.",
    minimal: {
      shows: 'resolution.player-effects',
      scenario: scenario({
        cards: [oracle('arena', 'Stronghold Arena'), oracle('stifle', 'Stifle')],
        p1: { hand: ['arena', 'stifle'], mana: { U: 1 } },
        actions: [{ do: 'putOntoBattlefield', card: 'arena' }, { do: 'cast', card: 'stifle', targets: [['a1.t1']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({ ...base, counterAbilityOnStack: () => undefined }),
  },
  {
    id: 'ability-counter-hits-top',
    family: 'resolution',
    rules: ['701.5a', '608.2b'],
    summary: 'Stifle counters the topmost triggered ability on the stack, not the one it targets: of two abilities Panharmonicon made, the one above is removed and the targeted one resolves.',
    inspiredBy: 'Simplified engines whose "counter target triggered ability" removes the first triggered ability it finds from the top of the stack, which is its target only when one ability waits there.',
    minimal: {
      shows: 'resolution.player-effects',
      scenario: scenario({
        cards: [oracle('panharmonicon', 'Panharmonicon'), oracle('keeper', 'Lightkeeper of Emeria'), oracle('stifle', 'Stifle')],
        p1: { hand: ['keeper', 'stifle'], battlefield: [{ card: 'panharmonicon' }], mana: { U: 1 } },
        actions: [{ do: 'putOntoBattlefield', card: 'keeper' }, { do: 'cast', card: 'stifle', targets: [['a1.t1']] }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      counterAbilityOnStack: (g, ability) => base.counterAbilityOnStack(g, g.stack.findLast((s): s is StackTrigger => s.kind === 'ability') ?? ability),
    }),
  },
  {
    id: 'flicker-spell-keeps-object',
    family: 'resolution',
    rules: ['400.7', '608.2b'],
    summary:
      "A creature Cloudshift exiles and returns keeps its identity: Burst Lightning aimed at Grizzly Bears, which p2 Cloudshifts in response, still kills the Bears that came back, where they are a new object and the spell does nothing.",
    inspiredBy:
      'Reports of blink spells that leave a permanent "the same card" to the rest of the game (targets, auras, remembered objects kept through the exile), in engines that implement exile-and-return as a move that keeps the object.',
    minimal: {
      shows: 'resolution.new-object-not-targeted',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning'), oracle('shift', 'Cloudshift'), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        p2: { hand: ['shift'], mana: { W: 1 }, battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'cast', player: 'p2', card: 'shift', targets: [['bears']] }, { do: 'resolve' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      flickerOnResolution: (g, id, r) => {
        const old = permanentById(g, id)?.serial;
        const error = base.flickerOnResolution(g, id, r);
        const back = permanentById(g, id);
        if (!error && back && old !== undefined) mutablePermanent(g, back).serial = old;
        return error;
      },
    }),
  },
  {
    id: 'recast-permanent-keeps-object',
    family: 'resolution',
    rules: ['400.7', '608.2b'],
    summary:
      "A creature returned to its owner's hand and cast again keeps its identity: Burst Lightning aimed at Grizzly Bears, which p2 returns with Blink of an Eye and casts again in response, still kills the Bears, where the permanent the creature spell became is a new object and the spell does nothing.",
    inspiredBy:
      'Reports of targets and remembered objects that follow a card from the battlefield to hand and back through a new cast (bounce and recast), in engines that give a permanent spell the object of the card it comes from rather than a new one.',
    minimal: {
      shows: 'resolution.new-object-not-targeted',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning'), oracle('blink', 'Blink of an Eye'), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        p2: { hand: ['blink'], mana: { U: 1, G: 1, C: 2 }, battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'cast', player: 'p2', card: 'blink', targets: [['bears']] }, { do: 'resolve' }, { do: 'cast', player: 'p2', card: 'bears' }, { do: 'resolve' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      permanentFromSpell: (g, spell) => {
        const p = base.permanentFromSpell(g, spell);
        // The object the card was when something on the stack targeted it, taken back.
        for (const item of g.stack) {
          item.targets.forEach((group, i) =>
            group.forEach((id, j) => {
              const was = item.targetSerials[i]?.[j] ?? -1;
              if (id === spell.card && was !== -1) p.serial = was;
            }),
          );
        }
        return p;
      },
    }),
  },
  {
    id: 'spell-condition-checked-when-cast',
    family: 'resolution',
    rules: ['608.2c'],
    summary:
      'A spell\'s condition about the board is settled when the spell is cast: Horobi\'s Whisper cast while p1 controls a Swamp still destroys Grizzly Bears after the Swamp is destroyed in response, where "If you control a Swamp" is looked at as the spell resolves.',
    inspiredBy:
      'Reports of conditional spell effects evaluated at the wrong time (conditions checked while casting, or cached from targeting), in engines that treat a resolution-time condition like a targeting restriction.',
    minimal: {
      shows: 'resolution.spell-condition-on-resolution',
      scenario: scenario({
        cards: [oracle('whisper', "Horobi's Whisper"), oracle('swamp', 'Swamp'), oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['whisper'], mana: { B: 2, C: 1 }, battlefield: [{ card: 'swamp' }] },
        p2: { battlefield: [{ card: 'bears' }] },
        actions: [{ do: 'cast', card: 'whisper', targets: [['bears']] }, { do: 'destroy', permanent: 'swamp' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => {
      // What each condition of a spell was as it was cast, by the spell on the stack.
      const atCast = new WeakMap<object, Map<object, boolean>>();
      return {
        ...base,
        castSpell: (g, action, r) => {
          const error = base.castSpell(g, action, r);
          const spell = error ? undefined : g.stack.find((s) => s.kind === 'spell' && s.card === action.card && !s.copy);
          if (spell?.kind === 'spell') {
            const seen = new Map<object, boolean>();
            for (const e of spell.def.effects ?? []) if (e.ifYouControl) seen.set(e.ifYouControl, base.effectConditionHolds(g, e.ifYouControl, spell.controller, spell));
            atCast.set(spell, seen);
          }
          return error;
        },
        effectConditionHolds: (g, c, controller, spell) => (spell && atCast.get(spell)?.get(c)) ?? base.effectConditionHolds(g, c, controller, spell),
      };
    },
  },
];
