// Named faults of the reference engine, used to prove the suite catches real bugs. Each is a small,
// believable change to one rule of the engine (a real engine's bug), never a corruption of its output.
import type { Rules } from './rules.ts';

export interface Fault {
  id: string;
  /** The rules it breaks. */
  rules: string[];
  /** The bug, as an engine author would report it. */
  summary: string;
  /** The kind of real report that inspired it. */
  inspiredBy: string;
  apply(base: Rules): Rules;
}

export const FAULTS: readonly Fault[] = [
  {
    id: 'copy-loses-kicked',
    rules: ['707.2', '707.10'],
    summary: 'A copy of a kicked spell is not kicked: the copy takes the card but not the kicker decisions.',
    inspiredBy: 'Engine reports of Twincast or storm copies of kicked spells dealing the unkicked damage.',
    apply: (base) => ({
      ...base,
      copyOfSpell: (orig, req, r) => ({ ...base.copyOfSpell(orig, req, r), kicker: [], multikicker: 0 }),
    }),
  },
];

export function faultById(id: string): Fault | undefined {
  return FAULTS.find((f) => f.id === id);
}
