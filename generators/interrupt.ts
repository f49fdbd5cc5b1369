// The interrupt: between the main permanent's enters abilities triggering and resolving, the board
// changes, so that an intervening "if" is checked again on resolution (CR 603.4).
import type fc from 'fast-check';
import type { Kick } from '../model/kick.ts';
import { NOT_KICKED, triggerConditionHolds } from '../model/kick.ts';
import type { CardDefinition, ControlCondition, TriggeredAbility } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { enteringConditions, hasConditionalEnters, isSpell } from './card-traits.ts';
import type { Context } from './context.ts';
import { constantByWeight, constantDraw } from './draws.ts';
import type { Plan } from './plan.ts';

/**
 * Whether the board changes before the main permanent's enters abilities resolve: almost always where
 * the engine can resolve and flicker or bounce (it needs a main permanent with a conditional enters
 * ability, and a plan that resolves it). Shrinks to false.
 */
export function interruptArb(ctx: Context): fc.Arbitrary<boolean> {
  return ctx.does('resolve') && (ctx.does('flicker') || ctx.does('bounce')) ? constantByWeight({ weight: 1, value: false }, { weight: 15, value: true }) : constantDraw(false);
}

/** The plan with its stack emptied of all but the main spell where the board is to change before its enters ability resolves. */
export function clearedForInterrupt(plan: Plan): Plan {
  // A board change before the enters ability resolves wants the stack to hold nothing else.
  return plan.interrupt && hasConditionalEnters(plan.main) && plan.illegal === null ? { ...plan, copies: [], stackFollowUps: [] } : plan;
}

/**
 * The interrupt, where the plan has one and it can happen: the cast's triggers resolve, then the
 * permanent its "if you control" needs leaves (bounced), or the permanent is flickered (its kicker
 * condition is about the object that entered); then what is on the stack resolves. Only where the
 * stack holds just the main spell and the cast triggers; after a flicker, what the new object's
 * entering sets off resolves first. How many spells it resolved: the main one, or none.
 */
export function interruptActions(plan: Plan, b: Builder, ctx: Context, declared: Kick, setOff: number, condition: ControlCondition | undefined, enabler: CardDefinition | undefined, mainLeft: boolean): number {
  const main = plan.main;
  const entering = plan.spell && !isSpell(main) ? enteringConditions(main) : [];
  // Targets that are always there (players): an ability without a legal target never reaches the stack.
  // An "if you control" holds only for the condition the enabler was put there for.
  const alwaysTargetable = (t: TriggeredAbility) => (t.targets ?? []).every((r) => r.kind === 'player' || r.kind === 'opponent' || r.kind === 'any');
  const triggersNow = entering.some(
    (t) => alwaysTargetable(t) && (t.if !== undefined || t.ifYouControl !== undefined) && triggerConditionHolds(t.if, declared) && (!t.ifYouControl || (enabler !== undefined && t.ifYouControl === condition)),
  );
  let resolved = 0;
  if (plan.interrupt && hasConditionalEnters(main) && triggersNow && !mainLeft && plan.copies.length === 0 && plan.stackFollowUps.length === 0 && plan.illegal === null) {
    for (let k = 0; k <= setOff; k++) b.actions.push({ do: 'resolve' });
    let again = 0;
    if (entering.some((t) => t.ifYouControl) && enabler && ctx.does('bounce')) b.actions.push({ do: 'bounce', id: 'interrupt', object: 'en1' });
    else if (ctx.does('flicker')) {
      b.actions.push({ do: 'flicker', id: 'interrupt', permanent: 'main' });
      const doubled = main.types.includes('Artifact') || main.types.includes('Creature') ? plan.multipliers : 0;
      again = entering.filter((t) => !t.ifYouControl && triggerConditionHolds(t.if, NOT_KICKED)).length * (1 + doubled);
    }
    for (let k = 0; k <= again; k++) b.actions.push({ do: 'resolve' });
    resolved = 1;
  }
  return resolved;
}
