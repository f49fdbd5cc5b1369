// The property catalog.
import { rejectionChangesNothing } from './casting.ts';
import { copyKickedLikeOriginal } from './copies.ts';
import { manaValueUnchanged, totalCostPaid } from './costs.ts';
import { kickerDeclarations } from './kicker.ts';
import type { Property } from './property.ts';
import { splicedCardStaysInHand, splicedSpellKeepsCharacteristics } from './splice.ts';

export const PROPERTIES: readonly Property[] = [
  manaValueUnchanged,
  totalCostPaid,
  kickerDeclarations,
  copyKickedLikeOriginal,
  splicedCardStaysInHand,
  splicedSpellKeepsCharacteristics,
  rejectionChangesNothing,
];

export function propertyById(id: string): Property | undefined {
  return PROPERTIES.find((p) => p.id === id);
}
