// The reference engine's reading of the rules, as one table of functions. Casting, copying,
// resolving and triggering call every rule through this table, so that a named fault (faults.ts) is
// a small change to one entry, the way a real engine's bug is a small change to one function.
import { castSpell, spliceDeclarationError } from './cast.ts';
import { spellCharacteristics } from './characteristics.ts';
import { counterSpellOnStack } from './actions.ts';
import { copyOfSpell, putCopyOnStack } from './copy.ts';
import { checkPayment, costChanges, totalCost } from './costs.ts';
import { effectRepetitions } from './effects.ts';
import type { StackSpell } from './game.ts';
import { isKicked, kickerDeclarationError, repetitions, timesKicked } from './kicker.ts';
import { fizzles, permanentFromSpell } from './resolve.ts';
import { isLegalTarget, targetDeclarationError, targetSlots } from './targets.ts';
import { collectTriggers, eventMatches, interveningIfHolds, triggerInstances } from './triggers.ts';
import { damagePrevented, stateBasedActions } from './zones.ts';

export interface RulesOptions {
  /**
   * How a copy of a spliced spell is treated: 'ruling' keeps the spliced text (Everdream ruling,
   * Modern Horizons release notes, 2019); 'literal' drops it, reading CR 702.47c with 707.2.
   */
  spliceCopy: 'ruling' | 'literal';
}

function table(options: RulesOptions) {
  return {
    options,
    // Casting (CR 601.2) and its declarations.
    castSpell,
    spliceDeclarationError,
    kickerDeclarationError,
    timesKicked,
    isKicked,
    repetitions,
    effectRepetitions,
    spellTargetSlots: (spell: StackSpell) => targetSlots([spell.def, ...spell.spliced.map((s) => s.def)], spell),
    targetDeclarationError,
    isLegalTarget,
    // Costs (CR 601.2f-h).
    totalCost,
    costChanges,
    checkPayment,
    spellCharacteristics,
    // Copies (CR 707.10).
    copyOfSpell,
    putCopyOnStack,
    // Resolving (CR 608).
    fizzles,
    counterSpellOnStack,
    permanentFromSpell,
    damagePrevented,
    stateBasedActions,
    // Triggers (CR 603).
    collectTriggers,
    eventMatches,
    interveningIfHolds,
    triggerInstances,
  };
}

export type Rules = ReturnType<typeof table>;

export function referenceRules(options: Partial<RulesOptions> = {}): Rules {
  return table({ spliceCopy: 'ruling', ...options });
}
