// Kicker and multikicker (CR 702.33): what was declared, what counts as kicked, and how often a
// kicker-conditioned effect happens.
import type { CardDefinition, KickerCondition, KickerLabel, RejectionReason } from '../../model/schema-types.ts';
import { sortedStrings } from './sorted.ts';

export interface KickInfo {
  kicker: KickerLabel[];
  multikicker: number;
}

export interface Rejection {
  reason: RejectionReason;
  message: string;
}

/** CR 702.33c-d: each declared kicker cost and each multikicker payment is one time kicked. */
export function timesKicked(k: KickInfo): number {
  return k.kicker.length + k.multikicker;
}

/** CR 702.33d: a spell is kicked when its controller declared the intention to pay any kicker cost. */
export function isKicked(k: KickInfo): boolean {
  return timesKicked(k) > 0;
}

/** CR 702.33b-c: each printed kicker cost at most once; multikicker any number of times. */
export function kickerDeclarationError(def: CardDefinition, kicker: KickerLabel[], multikicker: number): Rejection | null {
  if (kicker.length === 0 && multikicker === 0) return null;
  const printed = def.kicker?.costs.length ?? 0;
  const seen = new Set<KickerLabel>();
  for (const label of kicker) {
    if (seen.has(label)) return { reason: 'kicker-declared-twice', message: `kicker cost ${label} declared twice` };
    seen.add(label);
    const index = label === 'A' ? 0 : 1;
    if (index >= printed) {
      return { reason: 'kicker-not-printed', message: `${def.name} has no kicker cost ${label} (it prints ${printed})` };
    }
  }
  if (multikicker > 0 && !def.multikicker) {
    return { reason: 'kicker-not-printed', message: `${def.name} has no multikicker` };
  }
  return null;
}

/**
 * How many times something with this condition happens: once or not at all, except perKick, which
 * happens once per time kicked. Linked conditions look at the declared costs (CR 702.33f, 607.2i).
 */
export function repetitions(condition: KickerCondition | undefined, k: KickInfo): number {
  switch (condition ?? 'always') {
    case 'always':
      return 1;
    case 'kicked':
    case 'insteadIfKicked':
      return isKicked(k) ? 1 : 0;
    case 'kickedA':
      return k.kicker.includes('A') ? 1 : 0;
    case 'kickedB':
      return k.kicker.includes('B') ? 1 : 0;
    case 'perKick':
      return timesKicked(k);
    case 'notKicked':
      return isKicked(k) ? 0 : 1;
  }
}

/** Declared kicker costs in printed order, A then B. */
export function sortedKicker(kicker: readonly KickerLabel[]): KickerLabel[] {
  return sortedStrings(kicker);
}
