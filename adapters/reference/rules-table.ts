// The type of the reference engine's rules table (rules.ts builds it), written out entry by entry,
// with the shapes its entries hand each other. It is its own module, importing types only from
// modules that never use the table, so that the rule modules can call each other through the table
// without importing rules.ts (which imports them all).
import type { Mana, Pool } from '../../model/mana.ts';
import type { NCastAction, NResolveAction, PlayerId } from '../../model/scenario.ts';
import type {
  CardDefinition,
  Color,
  ControlCondition,
  Effect,
  EntersWith,
  KickerCondition,
  KickerLabel,
  SacrificeCost,
  StaticAbility,
  TargetRequirement,
  TriggeredAbility,
} from '../../model/schema-types.ts';
import type { SpellCharacteristics } from './characteristics.ts';
import type { Game, Permanent, StackSpell, StackTrigger } from './game.ts';
import type { KickInfo, Rejection } from './kicker.ts';
import type { TargetingContext, TargetSlot } from './targets.ts';

export interface RulesOptions {
  /**
   * How a copy of a spliced spell is treated: 'ruling' keeps the spliced text (Everdream ruling,
   * Modern Horizons release notes, 2019); 'literal' drops it, reading CR 702.47c with 707.2.
   */
  spliceCopy: 'ruling' | 'literal';
}

/** What a spell's cost is worked out from: the card and what its caster declared (CR 601.2b-f). */
export interface CostDeclaration {
  def: CardDefinition;
  controller: PlayerId;
  kicker: KickerLabel[];
  multikicker: number;
  spliced: CardDefinition[];
  x: number;
  withoutPayingManaCost: boolean;
}

export interface TotalCost {
  mana: Mana;
  /** CR 118.6: the spell has no mana cost and is cast paying it, which no one can do. */
  unpayable: boolean;
  /** Sacrifice costs in payment order: kicker A, kicker B, each multikick, each splice. */
  sacrifices: SacrificeCost[];
}

export interface CopyRequest {
  id: string;
  controller: PlayerId;
  newTargets?: string[][];
  colors?: Color[];
}

/** The effects of one part of a spell: 0 the main card, 1.. the spliced cards in splice order. */
export interface EffectPart {
  part: number;
  effects: readonly Effect[];
}

/** What happened in the game that an ability may trigger on (CR 603.2). */
export type GameEvent =
  | { kind: 'selfEnters'; permanent: Permanent }
  | { kind: 'spellCast'; spell: StackSpell }
  | { kind: 'landToGraveyard'; permanent: Permanent; sources: readonly Permanent[] }
  | { kind: 'becomesTapped'; permanent: Permanent }
  | { kind: 'selfDealtDamage'; permanent: Permanent; amount: number }
  | { kind: 'tokenCreated'; permanent: Permanent }
  | { kind: 'creaturesDie'; died: readonly Permanent[]; sources: readonly Permanent[] };

export interface DamageSource {
  colors: readonly Color[];
  controller: PlayerId;
  /** A permanent source with lifelink (CR 702.15b): its controller gains the life as the damage is dealt. */
  lifelink?: boolean;
  /** "The damage can't be prevented" (Urza's Rage kicked). */
  unpreventable?: boolean;
}

/**
 * Every rule the engine calls through the table. An entry that takes `r` calls the other rules
 * through it, so that a change to one entry is seen by every rule that relies on it.
 */
export interface Rules {
  options: RulesOptions;
  // Casting (CR 601.2) and its declarations.
  castSpell: (g: Game, action: NCastAction, r: Rules) => Rejection | null;
  spliceDeclarationError: (g: Game, spell: StackSpell, splice: readonly string[], caster: PlayerId, r: Rules) => Rejection | null;
  hasSpliceQuality: (spell: { def: CardDefinition }, onto: 'Arcane' | 'instant or sorcery') => boolean;
  kickerDeclarationError: (def: CardDefinition, kicker: KickerLabel[], multikicker: number) => Rejection | null;
  timesKicked: (k: KickInfo) => number;
  isKicked: (k: KickInfo) => boolean;
  repetitions: (condition: KickerCondition | undefined, k: KickInfo) => number;
  effectRepetitions: (effects: readonly Effect[], i: number, kick: KickInfo, r: Rules) => number;
  spellTargetSlots: (spell: StackSpell) => TargetSlot[];
  targetDeclarationError: (
    g: Game,
    slots: readonly TargetSlot[],
    targets: readonly (readonly string[])[],
    ctx: TargetingContext,
    unchanged?: readonly (readonly string[])[],
  ) => Rejection | null;
  isLegalTarget: (g: Game, req: TargetRequirement, id: string, ctx: TargetingContext) => boolean;
  // Costs (CR 601.2f-h).
  totalCost: (g: Game, d: CostDeclaration, r: Rules) => TotalCost;
  costChanges: (g: Game, d: CostDeclaration) => { permanent: Permanent; ability: StaticAbility }[];
  reduceCost: (mana: Mana, increase: number, reduction: number) => Mana;
  checkPayment: (g: Game, caster: PlayerId, cost: TotalCost, chosen: readonly string[], r: Rules) => Rejection | Permanent[];
  payMana: (pool: Pool, cost: Mana) => Pool | null;
  kickedAsPaid: (spell: StackSpell, total: TotalCost) => KickInfo;
  spellCharacteristics: (spell: StackSpell) => SpellCharacteristics;
  // Illegal actions (CR 733.1).
  rollback: (before: Game, attempted: Game) => Game;
  // Copies (CR 707.10).
  copyOfSpell: (orig: StackSpell, req: CopyRequest, r: Rules) => StackSpell;
  putCopyOnStack: (g: Game, spellId: string, req: CopyRequest, r: Rules) => Rejection | null;
  // Resolving (CR 608).
  fizzles: (chosen: readonly string[][], legal: readonly string[][]) => boolean;
  sameObjectAsTargeted: (g: Game, id: string, serial: number) => boolean;
  spellParts: (spell: StackSpell) => EffectPart[];
  resolveSpell: (g: Game, spell: StackSpell, action: NResolveAction, r: Rules) => Rejection | null;
  counterSpellOnStack: (g: Game, spell: StackSpell, r: Rules, to?: 'hand' | 'libraryTop') => void;
  counterAbilityOnStack: (g: Game, ability: StackTrigger) => void;
  spellToGraveyard: (g: Game, spell: StackSpell) => void;
  resolvePermanentSpell: (g: Game, spell: StackSpell, r: Rules) => void;
  permanentFromSpell: (g: Game, spell: StackSpell) => Permanent;
  dealDamage: (g: Game, source: DamageSource, targetId: string, amount: number, r: Rules) => void;
  damagePrevented: (g: Game, source: DamageSource, permanent: Permanent) => boolean;
  stateBasedActions: (g: Game, r: Rules, choices?: readonly string[]) => void;
  legendRuleLosers: (g: Game, choices: readonly string[]) => Permanent[];
  // Zone changes (CR 400.7, 603.6d, 707.2).
  enterTapped: (g: Game, permanent: Permanent, r: Rules) => void;
  entersWithTimes: (g: Game, permanent: Permanent, e: EntersWith, r: Rules) => number;
  flicker: (g: Game, id: string, r: Rules) => Rejection | null;
  /** A resolving effect's exile and return (Cloudshift). */
  flickerOnResolution: (g: Game, id: string, r: Rules) => Rejection | null;
  /** A spell's condition about the board ("If you control a Swamp"), as it resolves (CR 608.2c). */
  effectConditionHolds: (g: Game, c: ControlCondition, controller: PlayerId, spell: StackSpell | undefined) => boolean;
  clone: (g: Game, cardId: string, copyOf: string, who: PlayerId, r: Rules) => Rejection | null;
  bounce: (g: Game, id: string, r: Rules) => Rejection | null;
  // Triggers (CR 603).
  collectTriggers: (g: Game, event: GameEvent, r: Rules) => void;
  eventMatches: (source: Permanent, ability: TriggeredAbility, event: GameEvent) => { subject: KickInfo; amount?: number; controller?: PlayerId } | null;
  interveningIfHolds: (ability: TriggeredAbility, subject: KickInfo) => boolean;
  controlConditionHolds: (g: Game, ability: TriggeredAbility, controller: PlayerId, sourceSerial: number) => boolean;
  interveningIfHoldsOnResolution: (g: Game, t: StackTrigger, r: Rules) => boolean;
  triggerInstances: (g: Game, source: Permanent, ability: TriggeredAbility, event: GameEvent) => number;
  triggerTargets: (g: Game, slots: readonly TargetSlot[], ctx: TargetingContext) => string[][] | null;
  apnapOrder: (g: Game) => PlayerId[];
}
