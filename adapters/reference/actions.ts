// The actions besides casting and resolving: effects from outside the scenario's cards that copy,
// counter, move, tap and destroy (each as a real card's effect would).
import type { PlayerId } from '../../model/scenario.ts';
import type { PermanentFilter } from '../../model/schema-types.ts';
import { mutablePermanent, newPermanent, permanentById, player, spellById, type Game, type Permanent, type StackSpell, type StackTrigger } from './game.ts';
import type { Rejection } from './kicker.ts';
import { isPermanentCard } from './characteristics.ts';
import { enterBattlefield, leaveBattlefield, tapPermanent } from './zones.ts';
import { noteEvent } from './events.ts';
import type { Rules } from './rules-table.ts';


function permanentOrRejection(g: Game, id: string): Permanent | Rejection {
  const p = permanentById(g, id);
  if (p) return p;
  return g.cards.has(id) || g.stack.some((s) => s.id === id)
    ? { reason: 'not-a-permanent', message: `'${id}' is not a permanent on the battlefield` }
    : { reason: 'no-such-object', message: `no object '${id}'` };
}

const isRejection = (x: Permanent | Rejection): x is Rejection => 'reason' in x;

export function counterSpell(g: Game, spellId: string, r: Rules): Rejection | null {
  const spell = spellById(g, spellId);
  if (!spell) return { reason: g.cards.has(spellId) ? 'not-a-spell' : 'no-such-object', message: `'${spellId}' is not a spell on the stack` };
  r.counterSpellOnStack(g, spell, r);
  return null;
}

/**
 * A countered spell leaves the stack for its owner's graveyard, or for where the countering effect
 * says instead (Remand: the hand; Memory Lapse: the top of the library); a copy ceases to exist
 * wherever it would go (CR 707.10a). A spell that can't be countered stays where it is: the effect
 * does nothing to it (CR 101.2).
 */
export function counterSpellOnStack(g: Game, spell: StackSpell, r: Rules, to?: 'hand' | 'libraryTop'): void {
  if (spell.def.cantBeCountered) return;
  g.stack = g.stack.filter((s) => s !== spell);
  if (to === undefined) r.spellToGraveyard(g, spell);
  else if (!spell.copy && to === 'hand') spellToHand(g, spell);
  else if (!spell.copy) {
    player(g, spell.owner).library.unshift(spell.card);
    noteEvent(g, { kind: 'move', object: spell.card, from: 'stack', to: 'library' });
  }
}

/** A countered triggered ability leaves the stack and does nothing (CR 701.5a); it is no card and goes nowhere. */
export function counterAbilityOnStack(g: Game, ability: StackTrigger): void {
  g.stack = g.stack.filter((s) => s !== ability);
}

/** CR 608.2n, 707.10a: a spell's card goes to its owner's graveyard; a copy ceases to exist. */
export function spellToGraveyard(g: Game, spell: StackSpell): void {
  if (spell.copy) return;
  player(g, spell.owner).graveyard.push(spell.card);
  noteEvent(g, { kind: 'move', object: spell.card, from: 'stack', to: 'graveyard' });
}

function spellToHand(g: Game, spell: StackSpell): void {
  player(g, spell.owner).hand.push(spell.card);
  noteEvent(g, { kind: 'move', object: spell.card, from: 'stack', to: 'hand' });
}

/** CR 400.7: put onto the battlefield without being cast, it is a new object that was never kicked. */
export function putOntoBattlefield(g: Game, cardId: string, who: PlayerId, tapped: boolean, r: Rules): Rejection | null {
  const card = g.cards.get(cardId);
  if (!card) return { reason: 'no-such-object', message: `no card '${cardId}'` };
  const p = player(g, who);
  const zone = p.hand.includes(cardId) ? p.hand : p.graveyard.includes(cardId) ? p.graveyard : undefined;
  if (!zone) return { reason: 'not-in-zone', message: `${card.def.name} is not in ${who}'s hand or graveyard` };
  if (!isPermanentCard(card.def)) return { reason: 'not-a-permanent', message: `${card.def.name} is not a permanent card` };
  const from = zone === p.hand ? 'hand' : 'graveyard';
  zone.splice(zone.indexOf(cardId), 1);
  enterBattlefield(g, newPermanent(g, { id: cardId, card: cardId, def: card.def, owner: card.owner, controller: who }), { tapped, from }, r);
  return null;
}

/** Exiled and returned: a new object under its owner's control (CR 400.7); a token ceases to exist in exile. */
export function flicker(g: Game, id: string, r: Rules): Rejection | null {
  const p = permanentOrRejection(g, id);
  if (isRejection(p)) return p;
  leaveBattlefield(g, [p], 'exile', r);
  if (p.token || p.card === undefined) return null;
  enterBattlefield(g, newPermanent(g, { id: p.id, card: p.card, def: g.cards.get(p.card)!.def, owner: p.owner, controller: p.owner }), { from: 'exile' }, r);
  return null;
}

/** CR 707.2: it enters as a copy of the permanent's copiable values; whether that one was kicked is not one of them. */
export function clone(g: Game, cardId: string, copyOf: string, who: PlayerId, r: Rules): Rejection | null {
  const card = g.cards.get(cardId);
  if (!card) return { reason: 'no-such-object', message: `no card '${cardId}'` };
  const hand = player(g, who).hand;
  if (!hand.includes(cardId)) return { reason: 'not-in-zone', message: `${card.def.name} is not in ${who}'s hand` };
  const original = permanentOrRejection(g, copyOf);
  if (isRejection(original)) return original;
  hand.splice(hand.indexOf(cardId), 1);
  enterBattlefield(g, newPermanent(g, { id: cardId, card: cardId, def: original.def, owner: card.owner, controller: who }), { from: 'hand' }, r);
  return null;
}

/** Back to its owner's hand: a permanent, or a spell, which loses what was spliced onto it (CR 702.47e). */
export function bounce(g: Game, id: string, r: Rules): Rejection | null {
  const item = g.stack.find((s) => s.id === id);
  if (item) {
    if (item.kind !== 'spell') return { reason: 'not-a-spell', message: `'${id}' is an ability, not a spell` };
    g.stack = g.stack.filter((s) => s !== item);
    if (!item.copy) spellToHand(g, item);
    return null;
  }
  const p = permanentOrRejection(g, id);
  if (isRejection(p)) return p;
  leaveBattlefield(g, [p], 'hand', r);
  return null;
}

export function destroy(g: Game, id: string, r: Rules): Rejection | null {
  const p = permanentOrRejection(g, id);
  if (isRejection(p)) return p;
  leaveBattlefield(g, [p], 'graveyard', r);
  return null;
}

export function destroyAll(g: Game, filter: PermanentFilter, r: Rules): Rejection | null {
  const all = g.battlefield.filter(
    (p) =>
      (!filter.types || filter.types.some((t) => p.def.types.includes(t))) &&
      (!filter.subtypes || filter.subtypes.some((t) => (p.def.subtypes ?? []).includes(t))),
  );
  leaveBattlefield(g, all, 'graveyard', r);
  return null;
}

export function setTapped(g: Game, id: string, tapped: boolean, r: Rules): Rejection | null {
  const p = permanentOrRejection(g, id);
  if (isRejection(p)) return p;
  if (tapped) tapPermanent(g, p, r);
  else mutablePermanent(g, p).tapped = false;
  return null;
}

