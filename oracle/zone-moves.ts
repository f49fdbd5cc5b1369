// Where an object goes when it leaves its zone other than by resolving (CR 400.7: what arrives is a
// new object): a card to its owner's hand or graveyard, for good the player whose starting zones hold
// it; a token that leaves the battlefield and a copy of a spell that leaves the stack cease to exist
// (CR 111.7-111.8, 707.10a). One reading for the actions from outside the cards and for resolutions.
import type { ObservedPermanent, StackSpell } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import type { Run } from './run.ts';

/** The player whose starting zones hold a card: its owner for good. */
export function ownerOf(run: Run, card: string): PlayerId | undefined {
  // Each zone looked into in place, no list of them made: asked at every counter, bounce and entry.
  for (const x of run.scenario.players) {
    if ((x.hand ?? NO_IDS).includes(card) || (x.library ?? NO_IDS).includes(card) || (x.graveyard ?? NO_IDS).includes(card)) return x.id;
    for (const b of x.battlefield ?? NO_PERMANENTS) if (b.card === card) return x.id;
  }
  return undefined;
}

const NO_IDS: readonly string[] = [];
const NO_PERMANENTS: readonly { card: string }[] = [];

/** A card that moves to one of its owner's zones. */
export interface CardMove {
  owner: PlayerId;
  card: string;
}

/** The card a permanent leaving the battlefield puts into its owner's zone; none for a token (CR 111.7). */
export function permanentLeaves(p: ObservedPermanent): CardMove | undefined {
  return p.token ? undefined : { owner: p.owner, card: p.card ?? p.id };
}

/** The card a spell taken off the stack (countered, returned) puts into its owner's zone; none for a copy (CR 707.10a). */
export function spellLeaves(run: Run, spell: StackSpell): CardMove | undefined {
  const owner = spell.copy ? undefined : ownerOf(run, spell.card);
  return owner ? { owner, card: spell.card } : undefined;
}

/** Whether a spell can be countered: a card that says it can't stays where it is (CR 101.2). */
export function counterable(run: Run, spell: StackSpell): boolean {
  return !run.def(spell.card)?.cantBeCountered;
}
