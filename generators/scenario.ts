// Whole scenarios: one spell cast with any mix of kicker, A/B kicker, multikicker, X and splices,
// free or with cost changes on the board; copies of it; things that happen while it is on the
// stack; its resolution; then zone changes and taps around the permanents, with watchers whose
// abilities trigger. A scenario is built from a plan of independent choices (plan-arb.ts), so that
// fast-check shrinks each on its own: fewer splices, copies, watchers and follow-ups, fewer kicks,
// smaller numbers, simpler cards, fewer actions. Each part of a scenario has its module, which draws
// its part of the plan and builds it (docs/DEVELOPING.md, "Generators"); this one builds the
// scenario from them, in the order its actions happen.
import type fc from 'fast-check';
import { catalog } from '../model/catalog.ts';
import { declaredMana } from '../model/declarations.ts';
import type { Action, CardDefinition, KickerLabel, ManaPool, Player, Scenario } from '../model/schema-types.ts';
import { ABOUT_MAIN, boardFollowUpActions, boardFollowUpsOf } from './board-actions.ts';
import { Builder } from './builder.ts';
import { countersPerKick } from './card-traits.ts';
import { abilityCounterAfterMain, abilityCounterBeforeMain } from './ability-counter.ts';
import { conditionActions } from './conditions.ts';
import { contextFor, type Context } from './context.ts';
import { copyActions } from './copies.ts';
import { manaFor, plannedKicks, sacrificeChoices } from './costs.ts';
import { addFailedCostCast } from './failed-cost.ts';
import { applyIllegal } from './illegal.ts';
import { clearedForInterrupt, interruptActions } from './interrupt.ts';
import { planArb } from './plan-arb.ts';
import type { IllegalKind, Plan, ScenarioOptions } from './plan.ts';
import { copyData, recastAfterRejection } from './recast.ts';
import { fittingSplices } from './splices.ts';
import { spellConditionActions } from './spell-conditions.ts';
import { stackChangeOf, stackFollowUpActions } from './stack-actions.ts';
import { layBoard, stockLibrary } from './starting-board.ts';
import { strayAction } from './stray-actions.ts';
import { aimCast, creaturesAmong } from './targets.ts';
import { castSetsOff, castTriggersNow, feedTokenWatchers, quieted, withTriggerOrder } from './triggers.ts';

export type { ScenarioOptions } from './plan.ts';

/** What the builder knows about a scenario beyond what its JSON shows, for statistics. */
export interface BuiltFeatures {
  illegal: IllegalKind | null;
  /** The card of a rejected cast is cast again. */
  recast: boolean;
  /** The board changes between the main permanent's enters trigger and its resolution. */
  interrupted: boolean;
  /** A board condition of an intervening "if" changes between the event and the ability's resolution (CR 603.4). */
  conditionChanged: boolean;
  /** A cast whose mana is in the pool and whose sacrifice does not fit is made before the main cast. */
  failedCost: boolean;
  /** A spell's condition about the board changes between its cast and its resolution (CR 608.2c). */
  spellConditionChanged: boolean;
}

const built = new WeakMap<Scenario, BuiltFeatures>();

/** The features the generator put in a scenario it made, or undefined for any other scenario. */
export function builtFeatures(s: Scenario): BuiltFeatures | undefined {
  return built.get(s);
}

/**
 * Scenarios an engine with these capabilities can run, built from plans (plan-arb.ts). Shrinks the
 * plan field by field: no spell, then fewer follow-ups, copies, watchers and splices, then simpler
 * declarations, cards and numbers.
 */
export function scenarioArb(options: ScenarioOptions): fc.Arbitrary<Scenario> {
  const ctx = contextFor(options.capabilities);
  return planArb(options, ctx).map((plan) => {
    const { scenario: s, conditionChanged, spellConditionChanged } = buildScenario(plan, ctx);
    built.set(s, {
      illegal: plan.spell ? plan.illegal : null,
      recast: s.actions.some((a) => a.id === 'retry'),
      interrupted: s.actions.some((a) => a.id === 'interrupt'),
      conditionChanged,
      failedCost: s.actions.some((a) => a.id === 'sacrifice-fails'),
      spellConditionChanged,
    });
    return s;
  });
}

/** Turns a plan into a scenario; everything the plan leaves open is fixed here, deterministically. */
function buildScenario(planned: Plan, ctx: Context): { scenario: Scenario; conditionChanged: boolean; spellConditionChanged: boolean } {
  let plan = clearedForInterrupt(planned.quiet || (planned.quietKicks && countersPerKick(planned.main)) ? quieted(planned) : planned);
  const b = new Builder(ctx.caps.cards.synthetic);
  const main = plan.main;
  // Without the spell, nothing is declared: no splices, kicks or targets.
  const { kicker, multikicker, x } = plannedKicks(plan);
  // The board: lands, creatures to sacrifice, watchers, trigger multipliers, cost changers, an enabler.
  const fitting = fittingSplices(plan.spell, main, plan.splices);
  const laid = layBoard(plan, b, ctx, kicker, multikicker, fitting);
  // The declarations cut to what the board can fill, the bystanders they need, and their targets.
  const aimed = aimCast(laid.plan, b, ctx, kicker, multikicker, fitting);
  plan = aimed.plan;
  const { declared, splices, requirements, standing, targets, retargets, aim } = aimed;
  // A board condition that changes, while the stack is still empty.
  const conditionChanged = conditionActions(plan, b, ctx);
  // Stifle at an enters ability, while the stack is still empty; or at a trigger of the main cast.
  abilityCounterBeforeMain(plan, b, ctx, declared);
  // A spell's condition about the board that changes while it is on the stack, the stack empty again after.
  const spellConditionChanged = spellConditionActions(plan, b, ctx);
  const { cast, sacrifices, setOff } = castMain(plan, b, declared, splices, x, targets);
  abilityCounterAfterMain(plan, b, ctx, declared, cast, setOff);

  // Copies: an effect that copies it, or a copy spell cast and resolved.
  const watchersOnCast = plan.watchers.filter((w) => w.def.triggers?.some((t) => t.event === 'spellCast'));
  const copies = plan.spell ? copyActions(plan, b, ctx, requirements, standing, retargets, aim) : [];

  // While it is on the stack.
  const creatureTargets = creaturesAmong(targets, b.board);
  const destroyed = new Set<string>();
  const mainLeft = plan.spell && stackFollowUpActions(plan, b, ctx, { cast, declared, colors: aimed.colors, x, sacrifices, setOff, watchersOnCast, creatureTargets, copies, destroyed });
  const resolved = interruptActions(plan, b, ctx, declared, setOff, laid.condition, laid.enabler, mainLeft);

  // Resolutions: a few one at a time, then everything, triggers included.
  const onStack = plan.spell ? 1 + plan.copies.length - (mainLeft ? 1 : 0) - resolved + stackChangeOf(b, copies) : 0;
  for (let i = 0; i < Math.min(plan.resolves, onStack); i++) b.actions.push({ do: 'resolve' });
  // Flickering, cloning and reanimating the main permanent need it on the battlefield first.
  const board = boardFollowUpsOf(plan, ctx, plan.spell && !mainLeft);
  if (plan.spell && (plan.resolveAll || board.some((f) => ABOUT_MAIN.includes(f)))) b.actions.push({ do: 'resolve', untilEmpty: true });

  // Around the permanents afterwards.
  const boardActions = boardFollowUpActions(board, plan, b, ctx, sacrifices, destroyed);
  if (boardActions > 0 && plan.settle) b.actions.push({ do: 'resolve', untilEmpty: true });
  return { scenario: finishScenario(plan, b, ctx, cast, aimed.parts), conditionChanged, spellConditionChanged };
}

/**
 * The main cast as declared, its card and splices put in p1's hand, its cost paid where the plan casts
 * it; how many abilities it set off (written in the ledger of once-each-turn abilities).
 */
function castMain(plan: Plan, b: Builder, declared: { kicker: KickerLabel[]; multikicker: number }, splices: readonly CardDefinition[], x: number | undefined, targets: string[][]): { cast: Extract<Action, { do: 'cast' }>; sacrifices: string[]; setOff: number } {
  const main = plan.main;
  const { kicker, multikicker } = declared;
  if (plan.spell) b.hand.push(b.card('main', main, plan.oracle));
  splices.forEach((s, i) => b.hand.push(b.card(`s${i + 1}`, s, plan.spliceOracle)));
  const cast: Extract<Action, { do: 'cast' }> = { do: 'cast', card: 'main' };
  if (kicker.length > 0) cast.kicker = kicker;
  if (multikicker > 0) cast.multikicker = multikicker;
  if (splices.length > 0) cast.splice = splices.map((_, i) => `s${i + 1}`);
  if (x !== undefined) cast.x = x;
  if (plan.free) cast.withoutPayingManaCost = true;
  if (targets.length > 0) cast.targets = targets;
  const sacrifices = sacrificeChoices(main, kicker, multikicker, splices, b.board);
  if (sacrifices.length > 0) cast.sacrifice = sacrifices;
  let setOff = 0;
  if (plan.spell) {
    b.pay(declaredMana(main, declared, splices, x ?? 0, plan.free));
    b.actions.push(cast);
    // A cast made illegal on purpose (illegal.ts) sets off nothing and uses nothing up.
    const kicked = kicker.length + multikicker > 0;
    setOff = plan.illegal === null ? castSetsOff(b, kicked, 'p1', false) : castTriggersNow(b, kicked).length;
  }
  return { cast, sacrifices, setOff };
}

/** The end of a scenario: a token for a fed token watcher, library cards, the mana, the illegal declaration and the last actions. */
function finishScenario(plan: Plan, b: Builder, ctx: Context, cast: Extract<Action, { do: 'cast' }>, parts: CardDefinition[]): Scenario {
  const cardDefs: (CardDefinition | undefined)[] = [];
  const defs: CardDefinition[] = [];
  for (const c of b.cards) {
    const d = c.definition ?? (c.oracle !== undefined ? catalog().get(c.oracle) : undefined);
    cardDefs.push(d);
    if (d !== undefined) defs.push(d);
  }
  feedTokenWatchers(plan, b, ctx, cardDefs, defs);
  stockLibrary(plan, b, ctx, parts);
  const { mana, provision, p2: p2Pool } = manaFor(plan, b);

  // The legal declaration, before applyIllegal changes it: kept only where a recast follows.
  const legalCast = plan.spell && plan.illegal !== null && plan.recast ? copyData(cast) : undefined;
  const applied = plan.spell ? applyIllegal(plan, cast, b, mana, parts, provision, ctx.can('freeCast')) : null;
  if (applied !== null && plan.recast && legalCast) recastAfterRejection(plan.recast, applied, plan.main, legalCast, b, mana, ctx);
  // Not beside a main cast left short of mana on purpose: the failed cast's mana, given back, would pay it.
  if (plan.failedCost && applied !== 'cannot-pay') addFailedCostCast(b, ctx, mana, plan.picks, plan.pick);
  const stray = plan.stray && strayAction(plan.stray, b, plan.main, ctx);
  if (stray) b.actions.push(stray);
  if (plan.massDeath) b.actions.push({ do: 'destroyAll', filter: { types: ['Creature'] } });
  const players = playersOf(plan, b, mana, p2Pool);
  const actions = ctx.features.triggerOrder && plan.pick >= 4 ? withTriggerOrder(b.actions, cardDefs, b.cards, plan.pick === 7) : b.actions;
  return { format: 'castcheck-scenario/1', cards: b.cards, players, actions };
}

/** p1 and p2 as the scenario starts: keys in the order the scenario format lists them, each only where there is something. */
function playersOf(plan: Plan, b: Builder, mana: ManaPool, p2Mana: ManaPool): Scenario['players'] {
  const p1: Player = { id: 'p1' };
  if (b.hand.length > 0) p1.hand = b.hand;
  p1.mana = mana;
  if (b.library.length > 0) p1.library = b.library;
  if (b.graveyard.length > 0) p1.graveyard = b.graveyard;
  if (b.battlefield.p1.length > 0) p1.battlefield = b.battlefield.p1;
  const p2: Player = { id: 'p2' };
  if (plan.p2Life !== undefined) p2.life = plan.p2Life;
  if (b.p2Hand.length > 0) p2.hand = b.p2Hand;
  if (Object.keys(p2Mana).length > 0) p2.mana = p2Mana;
  if (b.battlefield.p2.length > 0) p2.battlefield = b.battlefield.p2;
  return [p1, p2];
}
