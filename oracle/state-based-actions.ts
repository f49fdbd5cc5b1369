// The state-based actions the judge predicts for creatures (CR 704.3: performed whenever a player
// would receive priority, between one resolution and the next): one with toughness 0 or less dies
// (704.5f), one with damage at least its toughness dies (704.5g). One reading for what enters with
// counters, what a resolution leaves, and resolving until the stack is empty.
import type { ObservedPermanent } from '../model/schema-types.ts';
import type { Run } from './run.ts';
import { permanentDef } from './definitions.ts';

/** Whether a creature with this toughness and this much damage marked on it dies (CR 704.5f-g). */
export function dies(toughness: number, damage: number): boolean {
  return toughness <= 0 || damage >= toughness;
}

/** Whether a permanent is a creature at a step: as its definition says, or, for one no card describes (a token an effect made), as it shows power (CR 208.3). */
export function isCreature(run: Run, p: Pick<ObservedPermanent, 'id' | 'power'> | undefined, id: string, stepIndex: number): boolean {
  return permanentDef(run, id, stepIndex)?.types.includes('Creature') ?? p?.power !== undefined;
}
