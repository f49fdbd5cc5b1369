// What a kicker declaration means for the conditions cards print (CR 702.33d-f, 603.4), as
// generators and properties read it: a table from each printed condition to the number of times it
// holds. The reference engine keeps its own reading (adapters/reference/kicker.ts and triggers.ts)
// and never imports this one (.dependency-cruiser.json), so that a mistake in one shows up as a
// failure of the other.
import type { KickerCondition, KickerLabel, TriggerCondition } from './schema-types.ts';

/** What was declared for a spell, or remembered by the permanent it became (CR 702.33d). */
export interface Kick {
  kicker: readonly KickerLabel[];
  multikicker: number;
}

export const NOT_KICKED: Kick = { kicker: [], multikicker: 0 };

/** CR 702.33c-d: each declared kicker cost and each multikicker payment is one time kicked. */
export const timesKicked = (k: Kick): number => k.kicker.length + k.multikicker;

const once = (holds: boolean) => (holds ? 1 : 0);

/** Each printed condition, read as the card words it: how many times it holds for a declaration. */
const CONDITIONS: Record<KickerCondition, (k: Kick) => number> = {
  always: () => 1,
  // "If this spell was kicked" (CR 702.33d): any kicker cost or multikick declared.
  kicked: (k) => once(timesKicked(k) > 0),
  // "... instead if it was kicked": the kicked effect, in place of the one before it.
  insteadIfKicked: (k) => once(timesKicked(k) > 0),
  // "If it was kicked with its {A} / {B} kicker" (CR 702.33f): that very cost was declared.
  kickedA: (k) => once(k.kicker.includes('A')),
  kickedB: (k) => once(k.kicker.includes('B')),
  // "For each time it was kicked" (CR 702.33e): once per cost declared and per multikick.
  perKick: (k) => timesKicked(k),
  notKicked: (k) => once(timesKicked(k) === 0),
};

/** How many times something with this kicker condition happens (CR 702.33d-f): perKick once per kick, the rest once or not at all. */
export function kickTimes(condition: KickerCondition | undefined, k: Kick): number {
  return CONDITIONS[condition ?? 'always'](k);
}

/** CR 603.4: whether an intervening "if" holds for the object the event is about. */
export function triggerConditionHolds(condition: TriggerCondition | undefined, k: Kick): boolean {
  return condition === 'kickedTwice' ? timesKicked(k) >= 2 : kickTimes(condition, k) > 0;
}
