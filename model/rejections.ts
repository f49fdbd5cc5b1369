// Reason codes of rejected actions (schema/trace.schema.json, RejectionReason) grouped in families.
// Engines tell rejections apart less finely than castcheck does, and a cast with several problems
// may be refused for any of them: properties judge the family, the fine code is detail.
import type { RejectionReason } from './schema-types.ts';

export type RejectionFamily = 'illegal-object' | 'illegal-declaration' | 'illegal-targets' | 'illegal-payment' | 'game-over';

export interface FamilyInfo {
  id: RejectionFamily;
  title: string;
  /** What the engine was asked that it refused, for people. */
  means: string;
  /** The fine codes of the family, the family's own code first. */
  codes: readonly RejectionReason[];
}

export const REJECTION_FAMILIES: readonly FamilyInfo[] = [
  {
    id: 'illegal-object',
    title: 'no such object',
    means: 'the action names an object that is not there, or not of the kind it acts on',
    codes: ['illegal-object', 'no-such-object', 'not-in-hand', 'not-in-zone', 'not-a-spell', 'not-a-permanent', 'empty-stack'],
  },
  {
    id: 'illegal-declaration',
    title: 'illegal declaration',
    means: 'a cast declares something the card does not allow: a kicker cost twice or not printed, a splice twice or onto the wrong spell, X that does not fit',
    codes: ['illegal-declaration', 'kicker-declared-twice', 'kicker-not-printed', 'splice-card-twice', 'splice-card-unavailable', 'splice-quality-mismatch', 'x-mismatch'],
  },
  {
    id: 'illegal-targets',
    title: 'illegal targets',
    means: 'the targets do not fit the requirements: the wrong number of groups or objects, an object that may not be chosen, a spliced card with no legal target',
    codes: ['illegal-targets', 'wrong-target-count', 'target-for-unkicked-part', 'illegal-target', 'splice-no-legal-target'],
  },
  {
    id: 'illegal-payment',
    title: 'cannot pay',
    means: 'the total cost cannot be paid: not enough mana, or the permanents named for sacrifice costs do not fit',
    codes: ['illegal-payment', 'cannot-pay', 'sacrifice-mismatch'],
  },
  {
    id: 'game-over',
    title: 'the game is over',
    means: 'a player has lost (CR 704.5a-b), so the game has ended and no action can be taken (CR 104.2a)',
    codes: ['game-over'],
  },
];

/** The family of a reason code; undefined for a code castcheck does not know. */
export function familyOf(reason: string): FamilyInfo | undefined {
  return REJECTION_FAMILIES.find((f) => (f.codes as readonly string[]).includes(reason));
}

/** Whether an engine's reason answers a problem calling for `expected`: the same family. */
export function sameFamily(expected: string, observed: string | undefined): boolean {
  if (observed === undefined) return false;
  const f = familyOf(expected);
  return f !== undefined && f === familyOf(observed);
}
