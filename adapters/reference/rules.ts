// The reference engine's reading of the rules, as one table of functions. The casting, copying and
// resolving code calls every rule through this table, so a named fault (faults.ts) is a small change
// to one entry, the way a real engine's bug is a small change to one of its functions.
import type { CardDefinition, Effect, KickerLabel } from '../../model/schema-types.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { castSpell, spliceDeclarationError } from './cast.ts';
import { spellCharacteristics } from './characteristics.ts';
import { copyOfSpell, putCopyOnStack, type CopyRequest } from './copy.ts';
import { payTotalCost, totalCost } from './costs.ts';
import type { Game, Permanent, StackSpell } from './game.ts';
import { isKicked, kickerDeclarationError, repetitions, timesKicked, type KickInfo, type Rejection } from './kicker.ts';
import { effectRepetitions, enterBattlefield } from './resolve.ts';
import { isLegalTarget, targetDeclarationError, targetSlots, spellParts, type TargetSlot } from './targets.ts';

export interface RulesOptions {
  /**
   * How a copy of a spliced spell is treated: 'ruling' keeps the spliced text (Everdream ruling,
   * Modern Horizons release notes, 2019); 'literal' drops it, reading CR 702.47c with 707.2.
   */
  spliceCopy: 'ruling' | 'literal';
}

export interface Rules {
  options: RulesOptions;
  castSpell: typeof castSpell;
  spliceDeclarationError: typeof spliceDeclarationError;
  kickerDeclarationError: (def: CardDefinition, kicker: KickerLabel[], multikicker: number) => Rejection | null;
  timesKicked: (k: KickInfo) => number;
  isKicked: (k: KickInfo) => boolean;
  repetitions: typeof repetitions;
  effectRepetitions: (effects: readonly Effect[], i: number, spell: StackSpell) => number;
  targetSlots: (spell: StackSpell) => TargetSlot[];
  targetDeclarationError: typeof targetDeclarationError;
  isLegalTarget: typeof isLegalTarget;
  totalCost: typeof totalCost;
  payTotalCost: (g: Game, caster: PlayerId, cost: ReturnType<typeof totalCost>, chosen: readonly string[]) => Rejection | null;
  spellCharacteristics: typeof spellCharacteristics;
  copyOfSpell: (orig: StackSpell, req: CopyRequest, r: Rules) => StackSpell;
  putCopyOnStack: typeof putCopyOnStack;
  enterBattlefield: (spell: StackSpell, r: Rules) => Permanent;
}

export function referenceRules(options: Partial<RulesOptions> = {}): Rules {
  const r: Rules = {
    options: { spliceCopy: 'ruling', ...options },
    castSpell,
    spliceDeclarationError,
    kickerDeclarationError,
    timesKicked,
    isKicked,
    repetitions,
    effectRepetitions: (effects, i, spell) => effectRepetitions(effects, i, spell, r),
    targetSlots: (spell) => targetSlots(spellParts(spell), spell),
    targetDeclarationError,
    isLegalTarget,
    totalCost,
    payTotalCost,
    spellCharacteristics,
    copyOfSpell,
    putCopyOnStack,
    enterBattlefield,
  };
  return r;
}
