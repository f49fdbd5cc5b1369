// The reference engine's reading of the rules, as one table of functions. Casting, copying,
// resolving and triggering call every rule through this table, so that a named fault (adapters/faults/)
// is a small change to one entry, the way a real engine's bug is a small change to one function.
// Its type is written out in rules-table.ts.
import { castSpell, kickedAsPaid, spliceDeclarationError } from './cast.ts';
import { hasSpliceQuality, spellCharacteristics } from './characteristics.ts';
import { bounce, clone, counterAbilityOnStack, counterSpellOnStack, flicker, spellToGraveyard } from './actions.ts';
import { copyOfSpell, putCopyOnStack } from './copy.ts';
import { checkPayment, costChanges, reduceCost, totalCost } from './costs.ts';
import { payFromPool } from './mana.ts';
import { effectConditionHolds, effectRepetitions } from './effects.ts';
import type { Game } from './game.ts';
import type { Mana, Pool } from '../../model/mana.ts';
import type { Rules, RulesOptions } from './rules-table.ts';
import { isKicked, kickerDeclarationError, repetitions, timesKicked } from './kicker.ts';
import { fizzles, permanentFromSpell, resolvePermanentSpell, resolveSpell, sameObjectAsTargeted, spellParts } from './resolve.ts';
import { canonicalTargets, isLegalTarget, spellSlots, targetDeclarationError } from './targets.ts';
import { apnapOrder, collectTriggers, controlConditionHolds, eventMatches, interveningIfHolds, interveningIfHoldsOnResolution, triggerInstances } from './triggers.ts';
import { damagePrevented, dealDamage, entersWithTimes, enterTapped, legendRuleLosers, stateBasedActions } from './zones.ts';

function table(options: RulesOptions): Rules {
  return {
    options,
    // Casting (CR 601.2) and its declarations.
    castSpell,
    spliceDeclarationError,
    hasSpliceQuality,
    kickerDeclarationError,
    timesKicked,
    isKicked,
    repetitions,
    effectRepetitions,
    spellTargetSlots: spellSlots,
    targetDeclarationError,
    isLegalTarget,
    // Costs (CR 601.2f-h).
    totalCost,
    costChanges,
    reduceCost,
    checkPayment,
    payMana: (pool: Pool, cost: Mana) => payFromPool(pool, cost),
    kickedAsPaid,
    spellCharacteristics,
    // Illegal actions (CR 733.1).
    rollback,
    // Copies (CR 707.10).
    copyOfSpell,
    putCopyOnStack,
    // Resolving (CR 608).
    fizzles,
    sameObjectAsTargeted,
    spellParts,
    resolveSpell,
    counterSpellOnStack,
    counterAbilityOnStack,
    spellToGraveyard,
    resolvePermanentSpell,
    permanentFromSpell,
    dealDamage,
    damagePrevented,
    stateBasedActions,
    legendRuleLosers,
    // Zone changes (CR 400.7, 603.6d, 707.2).
    enterTapped,
    entersWithTimes,
    flicker,
    flickerOnResolution: (g, id, r) => r.flicker(g, id, r),
    effectConditionHolds,
    clone,
    bounce,
    // Triggers (CR 603).
    collectTriggers,
    eventMatches,
    interveningIfHolds,
    controlConditionHolds,
    interveningIfHoldsOnResolution,
    triggerInstances,
    triggerTargets: canonicalTargets,
    apnapOrder,
  };
}

/** CR 733.1: an illegal action is reversed entirely: the game is as it was before it (`attempted` is dropped). */
function rollback(before: Game, _attempted: Game): Game {
  return before;
}

export function referenceRules(options: Partial<RulesOptions> = {}): Rules {
  return table({ spliceCopy: 'ruling', ...options });
}
