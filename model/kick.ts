// What a kicker declaration means for the conditions cards print (CR 702.33d-f, 603.4), as
// generators and properties read it. The reference engine keeps its own reading
// (adapters/reference/kicker.ts and triggers.ts), so that a mistake in one shows up as a
// disagreement with the other.
import type { KickerCondition, KickerLabel, TriggerCondition } from './schema-types.ts';

/** What was declared for a spell, or remembered by the permanent it became (CR 702.33d). */
export interface Kick {
  kicker: readonly KickerLabel[];
  multikicker: number;
}

export const NOT_KICKED: Kick = { kicker: [], multikicker: 0 };

/** CR 702.33c-d: each declared kicker cost and each multikicker payment is one time kicked. */
export const timesKicked = (k: Kick): number => k.kicker.length + k.multikicker;

/** How many times something with this kicker condition happens (CR 702.33d-f): perKick once per kick, the rest once or not at all. */
export function kickTimes(condition: KickerCondition | undefined, k: Kick): number {
  const kicked = timesKicked(k) > 0;
  switch (condition ?? 'always') {
    case 'always':
      return 1;
    case 'kicked':
    case 'insteadIfKicked':
      return kicked ? 1 : 0;
    case 'kickedA':
      return k.kicker.includes('A') ? 1 : 0;
    case 'kickedB':
      return k.kicker.includes('B') ? 1 : 0;
    case 'perKick':
      return timesKicked(k);
    case 'notKicked':
      return kicked ? 0 : 1;
  }
}

/** CR 603.4: whether an intervening "if" holds for the object the event is about. */
export function triggerConditionHolds(condition: TriggerCondition | undefined, k: Kick): boolean {
  return condition === 'kickedTwice' ? timesKicked(k) >= 2 : kickTimes(condition, k) > 0;
}
