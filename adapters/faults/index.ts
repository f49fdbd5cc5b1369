// Named faults of the reference engine, used to prove the suite catches real bugs. Each is a small,
// believable change to one entry of the rules table (a real engine's bug), never a corruption of
// its output; each has a hand-written minimal repro. One file per rule family in this folder. They
// live beside the engine, not in it: the engine takes them as changes to its rules (RulesChange).
import { InputError } from '../../model/errors.ts';
import { ReferenceEngine } from '../reference/engine.ts';
import type { RulesOptions } from '../reference/rules-table.ts';
import { CASTING_FAULTS } from './casting.ts';
import { COPY_FAULTS } from './copies.ts';
import { COST_FAULTS } from './costs.ts';
import { GAME_FAULTS } from './game.ts';
import type { Fault } from './fault.ts';
import { KICKER_FAULTS } from './kicker.ts';
import { PERMANENT_FAULTS } from './permanents.ts';
import { RESOLUTION_FAULTS } from './resolution.ts';
import { SPLICE_FAULTS } from './splice.ts';
import { TRIGGER_FAULTS } from './triggers.ts';

export type { Fault } from './fault.ts';

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

/** The reference engine with the named faults (comma-separated, as --fault takes them) applied one after the other. */
export function faultyReference(fault: string, options: Partial<RulesOptions> = {}): ReferenceEngine {
  const changes = fault.split(',').map((id) => {
    const f = faultById(id);
    if (!f) throw new InputError(`unknown fault '${id}'; the faults are: ${FAULTS.map((x) => x.id).join(', ')}`);
    return f;
  });
  return new ReferenceEngine({ ...options, changes });
}
