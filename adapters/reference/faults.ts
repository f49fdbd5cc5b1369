// Named faults of the reference engine, used to prove the suite catches real bugs. Each is a small,
// believable change to one entry of the rules table (a real engine's bug), never a corruption of
// its output; each has a hand-written minimal repro. One file per rule family under faults/.
import { CASTING_FAULTS } from './faults/casting.ts';
import { COPY_FAULTS } from './faults/copies.ts';
import { COST_FAULTS } from './faults/costs.ts';
import { GAME_FAULTS } from './faults/game.ts';
import type { Fault } from './faults/fault.ts';
import { KICKER_FAULTS } from './faults/kicker.ts';
import { PERMANENT_FAULTS } from './faults/permanents.ts';
import { RESOLUTION_FAULTS } from './faults/resolution.ts';
import { SPLICE_FAULTS } from './faults/splice.ts';
import { TRIGGER_FAULTS } from './faults/triggers.ts';

export type { Fault } from './faults/fault.ts';

export const FAULTS: readonly Fault[] = [
  ...COPY_FAULTS,
  ...COST_FAULTS,
  ...KICKER_FAULTS,
  ...PERMANENT_FAULTS,
  ...SPLICE_FAULTS,
  ...RESOLUTION_FAULTS,
  ...TRIGGER_FAULTS,
  ...CASTING_FAULTS,
  ...GAME_FAULTS,
];

export function faultById(id: string): Fault | undefined {
  return FAULTS.find((f) => f.id === id);
}
