// Casting a spell (CR 601.2) with every choice declared by the scenario. Works on a copy of the
// game: a rejected cast returns the reason and the caller keeps the game as it was (CR 733.1).
import type { NCastAction, PlayerId } from '../../model/scenario.ts';
import { player, serialsOf, type Game, type StackSpell } from './game.ts';
import { manaOf } from '../../model/mana.ts';
import type { KickInfo, Rejection } from './kicker.ts';
import { hasLegalChoice } from './targets.ts';
import { leaveBattlefield } from './zones.ts';
import { noteEvent } from './events.ts';
import type { Rules, TotalCost } from './rules-table.ts';

export function castSpell(g: Game, action: NCastAction, r: Rules): Rejection | null {
  const caster = player(g, action.player);
  const card = g.cards.get(action.card);
  if (!card) return { reason: 'no-such-object', message: `no card '${action.card}'` };
  // CR 601.2a: the card moves from the caster's hand to the stack.
  const handIndex = caster.hand.indexOf(action.card);
  if (handIndex === -1) return { reason: 'not-in-hand', message: `${card.def.name} is not in ${caster.id}'s hand` };
  // A land is played, never cast. A card with no mana cost may be cast: only paying that cost is
  // impossible (CR 118.6), which the payment step finds out.
  if (card.def.types.includes('Land')) return { reason: 'not-a-spell', message: `${card.def.name} is a land: it cannot be cast` };
  caster.hand.splice(handIndex, 1);
  noteEvent(g, { kind: 'move', object: action.card, from: 'hand', to: 'stack' });

  const spell: StackSpell = {
    kind: 'spell',
    id: action.card,
    card: action.card,
    def: card.def,
    owner: card.owner,
    controller: action.player,
    copy: false,
    kicker: [...(action.kicker ?? [])],
    multikicker: action.multikicker ?? 0,
    spliced: [],
    targets: (action.targets ?? []).map((t) => [...t]),
    targetSerials: [],
    // Set below or never: written now so that every spell has one shape, which the rule code reads fast.
    x: undefined,
    totalCost: undefined,
    colors: undefined,
  };

  // CR 601.2b: reveal the cards to splice, declare additional costs, choose X.
  const spliceError = r.spliceDeclarationError(g, spell, action.splice ?? [], action.player, r);
  if (spliceError) return spliceError;
  spell.spliced = (action.splice ?? []).map((id) => ({ card: id, def: g.cards.get(id)!.def }));

  const kickerError = r.kickerDeclarationError(card.def, spell.kicker, spell.multikicker);
  if (kickerError) return kickerError;

  const hasX = card.def.manaCost !== undefined && manaOf(card.def.manaCost).x > 0;
  if (hasX && action.x === undefined) return { reason: 'x-mismatch', message: `${card.def.name} has {X}: choose a value for it` };
  if (!hasX && action.x !== undefined) return { reason: 'x-mismatch', message: `${card.def.name} has no {X} in its mana cost` };
  // CR 107.3b: cast without paying its mana cost, X can only be 0.
  if (hasX && action.withoutPayingManaCost && action.x !== 0) {
    return { reason: 'x-mismatch', message: 'X must be 0 when the spell is cast without paying its mana cost' };
  }
  if (hasX) spell.x = action.x;

  // The card is on the stack from here on (CR 601.2a), so it can be targeted by nothing but itself.
  g.stack.push(spell);

  // CR 601.2c: targets, including those of the spliced text (CR 702.47d).
  const slots = r.spellTargetSlots(spell);
  const ctx = { self: spell.id, controller: action.player, sourceColors: r.spellCharacteristics(spell).colors };
  for (const slot of slots) {
    if (slot.part > 0 && slot.active && !hasLegalChoice(g, slot, ctx)) {
      const name = spell.spliced[slot.part - 1]!.def.name;
      return { reason: 'splice-no-legal-target', message: `${name} has no legal target to choose (CR 702.47b)` };
    }
  }
  const targetError = r.targetDeclarationError(g, slots, spell.targets, ctx);
  if (targetError) return targetError;
  spell.targetSerials = serialsOf(g, spell.targets);

  // CR 601.2f-h: determine the total cost, lock it in, pay it.
  const total = r.totalCost(
    g,
    {
      def: card.def,
      controller: action.player,
      kicker: spell.kicker,
      multikicker: spell.multikicker,
      spliced: spell.spliced.map((s) => s.def),
      x: spell.x ?? 0,
      withoutPayingManaCost: action.withoutPayingManaCost ?? false,
    },
    r,
  );
  const paid = r.checkPayment(g, action.player, total, action.sacrifice ?? [], r);
  if (!Array.isArray(paid)) return paid;
  leaveBattlefield(g, paid, 'graveyard', r);
  spell.totalCost = { mana: total.mana, sacrificed: [...(action.sacrifice ?? [])] };
  Object.assign(spell, r.kickedAsPaid(spell, total));

  // CR 601.2i: the spell becomes cast; "whenever you cast" abilities trigger now.
  if (r.isKicked(spell)) g.turn.kickedSpellsCast[action.player]++;
  r.collectTriggers(g, { kind: 'spellCast', spell }, r);
  return null;
}

/** CR 702.47a-b: each revealed card is a different card with splice, in the caster's hand, and fits the spell. */
export function spliceDeclarationError(g: Game, spell: StackSpell, splice: readonly string[], caster: PlayerId, r: Rules): Rejection | null {
  if (splice.length === 0) return null;
  const seen = new Set<string>();
  for (const id of splice) {
    if (seen.has(id)) return { reason: 'splice-card-twice', message: `'${id}' is spliced twice onto one spell` };
    seen.add(id);
    const card = g.cards.get(id);
    if (!card) return { reason: 'no-such-object', message: `no card '${id}'` };
    if (!card.def.splice) return { reason: 'splice-card-unavailable', message: `${card.def.name} has no splice ability` };
    if (!player(g, caster).hand.includes(id)) {
      return { reason: 'splice-card-unavailable', message: `${card.def.name} is not in ${caster}'s hand` };
    }
    if (!r.hasSpliceQuality(spell, card.def.splice.onto)) {
      return { reason: 'splice-quality-mismatch', message: `${spell.def.name} is not ${card.def.splice.onto === 'Arcane' ? 'Arcane' : 'an instant or sorcery'}` };
    }
  }
  return null;
}

/**
 * CR 702.33d, 118.7: once the total cost is paid, the spell is kicked exactly as declared, whatever
 * the payment came to ({0} included). Paying is where engines record kicks, hence its own rule.
 */
export function kickedAsPaid(spell: StackSpell, _total: TotalCost): KickInfo {
  return { kicker: [...spell.kicker], multikicker: spell.multikicker };
}
