// The plan a scenario is built from: one field per independent choice, so that fast-check shrinks
// each on its own (plan-arb.ts draws it, scenario.ts builds from it), and the names of the actions
// and illegal declarations a plan can ask for. Types and names only: every part of generators/ reads
// them, and they depend on no part.
import type { Capabilities, CardDefinition } from '../model/schema-types.ts';
import type { WatcherKind } from './synthetic-cards.ts';

/** Illegal declarations made on purpose; engines must reject them and change nothing (CR 733.1). */
export const ILLEGAL_KINDS = [
  'kicker-twice',
  'kicker-not-printed',
  'splice-twice',
  'splice-quality',
  'not-in-hand',
  'targets-for-unkicked',
  'wrong-target-count',
  'x-on-free-cast',
  'cannot-pay',
] as const;

export type IllegalKind = (typeof ILLEGAL_KINDS)[number];

// The lists below are drawn from by position: a name added to one changes the scenarios a seed gives
// (test/generation-fingerprint.test.ts says what to do then).

/** What can happen while the main spell is on the stack (stack-actions.ts builds each). */
export const STACK_FOLLOW_UPS = ['counter', 'counter-if-kicked', 'bounce-and-recast', 'kill-targets', 'kill-one-target', 'second-kicked-spell', 'counterspell', 'counter-copy', 'opponent-spell-copied', 'target-changes-zones'] as const;

/** What can happen around the permanents afterwards (board-actions.ts), in the order they happen when a plan has several: destroying the lands comes last. */
export const BOARD_FOLLOW_UPS = ['put-kicker-permanent', 'enter-tapped', 'tap-land', 'untap-land', 'flicker', 'clone', 'reanimate', 'destroy-lands'] as const;

export type StackFollowUp = (typeof STACK_FOLLOW_UPS)[number];

export type BoardFollowUp = (typeof BOARD_FOLLOW_UPS)[number];

/** What scenarioArb is asked for. */
export interface ScenarioOptions {
  capabilities: Capabilities;
  /** Share of scenarios with an illegal declaration, 0 to 1. Default 0.2. */
  illegalShare?: number;
}

/** One copy of the main spell: by the copy action or a copy spell (copier: its index among those the engine knows), with new targets or not; made by p1 or by p2, whose copy it is (CR 707.10). */
export interface CopyPlan {
  via: 'action' | 'card';
  retarget: boolean;
  copier: number;
  byOpponent: boolean;
}

/** A permanent whose triggered ability watches the scenario, on p1's or p2's side. */
export interface Watcher {
  kind: WatcherKind;
  def: CardDefinition;
  side: 'p1' | 'p2';
  /** Whether the scenario makes what it watches happen (a token created, a land tapped or destroyed): a watcher with nothing to see checks little. */
  fed: boolean;
}

/** Every choice a scenario is built from, one field each (plan-arb.ts draws them in the order it lists them). */
export interface Plan {
  /** Whether the scenario casts its main spell at all: without it, only the board and its watchers. */
  spell: boolean;
  main: CardDefinition;
  oracle: boolean;
  splices: CardDefinition[];
  spliceOracle: boolean;
  kickA: boolean;
  kickB: boolean;
  multikicks: number;
  x: number;
  free: boolean;
  copies: CopyPlan[];
  bystanders: CardDefinition[];
  extraBystanders: number;
  watchers: Watcher[];
  multipliers: number;
  costChangers: CardDefinition[];
  lands: number;
  /** Library cards, when something draws or mills: now and then none. */
  library: number;
  forests: number;
  ward: boolean;
  kickerPermanent: CardDefinition | undefined;
  picks: number[];
  slack: number;
  stackFollowUps: StackFollowUp[];
  resolves: number;
  resolveAll: boolean;
  boardFollowUps: BoardFollowUp[];
  /** Whether everything left on the stack resolves after the board follow-ups. */
  settle: boolean;
  illegal: IllegalKind | null;
  /** After a rejected cast: the same card cast again legally (kicked as planned, or not), then another card. */
  recast: { kicked: boolean; other: boolean } | null;
  /** A counterspell is first cast targeting itself (CR 115.5: rejected), then at the main spell. */
  selfTarget: boolean;
  /** Which printed counterspell, copier or second spell, where there are several. */
  pick: number;
  /** A permanent that makes the main permanent's "if you control ..." hold when it enters. */
  enabler: boolean;
  /** Between the main permanent's enters trigger and its resolution, the board changes: the permanent is flickered, or the one its condition needs leaves. */
  interrupt: boolean;
  /** p2's starting life, when low: damage can make them lose the game (CR 704.5b). */
  p2Life: number | undefined;
  /** No triggered ability anywhere the plan can leave it out: relations between runs want such scenarios. */
  quiet: boolean;
  /** Quiet too where the main card is a permanent with a counter per multikick: relations.one-more-multikick kicks it once more, on a board without triggered abilities only. */
  quietKicks: boolean;
  /** A last action that names what is not there, which the engine must refuse (actions.taken-when-possible). */
  stray: StrayAction | null;
  /** The very last action: every creature destroyed at once, one event in which several die (CR 603.2c, 603.10). */
  massDeath: boolean;
  /** A printed permanent whose enters ability has a board condition, put onto the battlefield first, and what happens to the condition before the ability resolves. */
  condition: ConditionPlan | null;
  /** Before the main cast, a kicked cast whose mana is in the pool and whose sacrifice does not fit (CR 601.2h, 733.1). */
  failedCost: boolean;
  /** Stifle cast at a triggered ability on the stack. */
  abilityCounter: AbilityCounterPlan | null;
  /** A printed spell whose effect depends on the board as it resolves, cast first, and what happens to its condition before it resolves (CR 608.2c). */
  spellCondition: SpellConditionPlan | null;
}

/**
 * Actions from outside the cards that name what is not there: destroying or putting onto the
 * battlefield the main card when it is an instant or sorcery (never a permanent), countering a land,
 * putting onto the battlefield or cloning from hand a land that is on the battlefield.
 */
export const STRAY_ACTIONS = ['destroy-spell-card', 'put-spell-card', 'counter-land', 'put-land-in-play', 'clone-land-in-play'] as const;

export type StrayAction = (typeof STRAY_ACTIONS)[number];

/**
 * What happens to a board condition: the permanent it asks for is bounced or destroyed while the
 * ability is on the stack (it does nothing), arrives only after the entering (nothing triggers), or
 * stays (CR 603.4).
 */
export const CONDITION_CHANGES = ['bounced', 'destroyed', 'late', 'kept'] as const;
export type ConditionChange = (typeof CONDITION_CHANGES)[number];

/** A spell with a board condition on its effect (Horobi's Whisper), and what happens to the condition while it is on the stack. */
export interface SpellConditionPlan {
  card: CardDefinition;
  change: ConditionChange;
}

/** A permanent with a board condition on its enters ability, and what happens to the condition. */
export interface ConditionPlan {
  card: CardDefinition;
  change: ConditionChange;
}

/**
 * Stifle ("counter target activated or triggered ability") cast at a triggered ability on the stack
 * (CR 701.5a): an enters ability of a permanent put onto the battlefield first in the scenario, or a
 * "whenever you cast a kicked spell" ability the main cast set off. Cast by p1 or by p2, at an ability
 * of either player's.
 */
export interface AbilityCounterPlan {
  /** Whose trigger it counters: the main cast's (where the plan leaves room for it), else an enters ability's. */
  at: 'enters' | 'cast';
  /** Which permanent with an enters ability, by index among those the engine knows. */
  source: number;
  caster: 'p1' | 'p2';
  /** Who puts the permanent with the enters ability onto the battlefield, and controls its ability. */
  owner: 'p1' | 'p2';
}
