// The property catalog, one module per rule family.
import { actionsAsDeclared, actionsTakenWhenPossible } from './actions.ts';
import { agreesWithReference } from './agreement.ts';
import { illegalDeclarationsRejected, legalCastAccepted, rejectionChangesNothing, unpayableRejected } from './casting.ts';
import {
  copyCeasesOffTheStack,
  copyHasOriginalCharacteristics,
  copyIsNotCast,
  copyKeepsSplice,
  copyKickedLikeOriginal,
  copySameChoices,
  copyTokenIsNotCreated,
  originalUnchangedByCopy,
  permanentCopyBecomesKickedToken,
  copyTokenKeepsName,
} from './copies.ts';
import { copySameManaValue, freeCastKeepsAdditionalCosts, manaValueUnchanged, reductionsOnlyGeneric, totalCostPaid, xIsZeroOnFreeCast } from './costs.ts';
import { kickedEvenWhenFree, kickerDeclarations, targetCountFixed, targetsOnlyIfKicked } from './kicker.ts';
import { cloneIsNotKicked, countersIgnoreTriggerMultipliers, entersWithCounters, notKickedWithoutCasting, powerAndToughness, rememberedKick } from './permanents.ts';
import type { Property } from './property.ts';
import { copyAppears } from './copy-effects.ts';
import { copierControls, counterHitsCopy } from './copy-control.ts';
import { lossEndsTheGame, legendRule } from './game.ts';
import { interveningIfOnResolution } from './intervening-if.ts';
import { ifKickedKeywords } from './keywords.ts';
import { kickBelongsToItsCast, rejectedCastRefunds } from './recasting.ts';
import { splicedEffectsAfterHost, splicedEventsAfterHost } from './splice-order.ts';
import { cardToGraveyardLast, instructionsInOrder } from './event-order.ts';
import { newObjectNotTargeted } from './new-objects.ts';
import { spellConditionOnResolution } from './spell-conditions.ts';
import { neverTargetsItself } from './targeting.ts';
import { oneZoneEach } from './zones.ts';
import { oneMoreMultikick, reductionKeepsKicked, spliceOrderOnlyReorders } from './relations.ts';
import { allTargetsIllegal, damageToCreatures, playerEffects } from './resolution.ts';
import { preventedDamageTriggersNothing, tokenCreatedTriggers } from './effect-triggers.ts';
import { apnapOrder, triggerTargets } from './trigger-stacking.ts';
import { spliceDeclarations, splicedCardStaysInHand, splicedSpellKeepsCharacteristics, spliceLostOffTheStack } from './splice.ts';
import {
  becomesTapped,
  castTriggersOncePerCast,
  creaturesDie,
  entersTriggerCount,
  interveningIfFalse,
  landTriggersOncePerLand,
  linkedKickerAbilities,
  onceEachTurn,
} from './triggers.ts';

export const PROPERTIES: readonly Property[] = [
  // Costs (CR 118, 202, 601.2f-h)
  manaValueUnchanged,
  copySameManaValue,
  totalCostPaid,
  reductionsOnlyGeneric,
  freeCastKeepsAdditionalCosts,
  xIsZeroOnFreeCast,
  // Kicker and multikicker (CR 702.33)
  kickerDeclarations,
  kickedEvenWhenFree,
  targetsOnlyIfKicked,
  targetCountFixed,
  // Permanents (CR 603.6d, 400.7)
  entersWithCounters,
  countersIgnoreTriggerMultipliers,
  rememberedKick,
  notKickedWithoutCasting,
  cloneIsNotKicked,
  powerAndToughness,
  // Splice (CR 702.47)
  splicedCardStaysInHand,
  splicedSpellKeepsCharacteristics,
  spliceDeclarations,
  spliceLostOffTheStack,
  // Copies (CR 707.10)
  copyKickedLikeOriginal,
  copySameChoices,
  copyIsNotCast,
  permanentCopyBecomesKickedToken,
  copyTokenKeepsName,
  copyTokenIsNotCreated,
  originalUnchangedByCopy,
  copyKeepsSplice,
  copyHasOriginalCharacteristics,
  copyCeasesOffTheStack,
  // Resolution (CR 608.2)
  playerEffects,
  allTargetsIllegal,
  newObjectNotTargeted,
  spellConditionOnResolution,
  damageToCreatures,
  // Actions from outside the cards (CR 400.7)
  actionsAsDeclared,
  actionsTakenWhenPossible,
  // Triggered abilities (CR 603)
  castTriggersOncePerCast,
  entersTriggerCount,
  interveningIfFalse,
  linkedKickerAbilities,
  landTriggersOncePerLand,
  creaturesDie,
  becomesTapped,
  onceEachTurn,
  apnapOrder,
  triggerTargets,
  preventedDamageTriggersNothing,
  tokenCreatedTriggers,
  // Casting as a whole (CR 601.2, 733)
  rejectionChangesNothing,
  illegalDeclarationsRejected,
  unpayableRejected,
  legalCastAccepted,
  // Relations between runs
  oneMoreMultikick,
  reductionKeepsKicked,
  spliceOrderOnlyReorders,
  // Agreement with the reference engine
  agreesWithReference,
  // Casting a card again, rejected casts, copies that must appear, targets, zones and the game
  kickBelongsToItsCast,
  rejectedCastRefunds,
  ifKickedKeywords,
  oneZoneEach,
  neverTargetsItself,
  copyAppears,
  copierControls,
  counterHitsCopy,
  interveningIfOnResolution,
  splicedEffectsAfterHost,
  // The order of what happened, from the events an engine lists (CR 608.2c, 608.2n, 702.47b)
  splicedEventsAfterHost,
  instructionsInOrder,
  cardToGraveyardLast,
  lossEndsTheGame,
  legendRule,
];

export function propertyById(id: string): Property | undefined {
  return PROPERTIES.find((p) => p.id === id);
}
