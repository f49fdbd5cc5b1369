// A board condition that changes: a printed permanent whose enters ability has an intervening "if"
// about the board (Scholar of Stars: "if you control an artifact") enters at the start of the
// scenario, and the permanent the condition asks for leaves before the ability resolves, arrives only
// after the entering, or stays (CR 603.4: checked when the event happens and again on resolution).
import type fc from 'fast-check';
import type { Action, CardDefinition, ControlCondition } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { enteringConditions, hasEffect } from './card-traits.ts';
import { knownCard, perContext, type Context } from './context.ts';
import { constantByWeight, natDraw } from './draws.ts';
import { CONDITION_CHANGES, type ConditionChange, type ConditionPlan, type Plan } from './plan.ts';
import { enablerFor } from './supporting-cards.ts';
import { tupleDraws } from './tuple-draws.ts';
import { rare } from './weighted-draws.ts';

/** The board condition of a card's first enters ability that has one. */
export function boardCondition(d: CardDefinition): ControlCondition | undefined {
  return enteringConditions(d).find((t) => t.ifYouControl !== undefined && (t.targets ?? []).length === 0)?.ifYouControl;
}

/** The printed permanents with a board condition the engine knows, each with a permanent that meets it. */
const conditionalCards = perContext((ctx): readonly CardDefinition[] =>
  ctx.pool.filter((d) => {
    const c = boardCondition(d);
    return c !== undefined && d.types.includes('Creature') && enablerFor(c, d, ctx) !== undefined;
  }),
);

/** What the engine can do to a board condition: each needs the action it takes. */
export function possibleChanges(ctx: Context): ConditionChange[] {
  return CONDITION_CHANGES.filter((c) => (c === 'bounced' ? ctx.does('bouncePermanent') : c === 'destroyed' ? ctx.does('destroy') : true));
}

/** Whether the engine can run a changing board condition at all. */
export function conditionPossible(ctx: Context): boolean {
  return ctx.does('putOntoBattlefield') && ctx.does('resolve') && ctx.can('triggers') && conditionalCards(ctx).length > 0 && possibleChanges(ctx).length > 1;
}

/**
 * A board condition one scenario in six, where the engine can run one: a printed card with it (by
 * index) and what happens to the condition, each change as likely as the others. Shrinks to none, then
 * to the first card and to a bounce.
 */
export function conditionArb(ctx: Context): fc.Arbitrary<ConditionPlan | null> {
  if (!conditionPossible(ctx)) return constantByWeight({ weight: 1, value: null });
  const cards = conditionalCards(ctx);
  const changes = possibleChanges(ctx);
  const plan = tupleDraws(natDraw({ max: cards.length - 1 }), natDraw({ max: changes.length - 1 })).map(([i, k]): ConditionPlan => ({ card: cards[i]!, change: changes[k]! }));
  return rare(plan, null, 5);
}

const CONDITIONAL = 'cond';
const ENABLER = 'condEn';

/**
 * The condition's actions, first in the scenario while the stack is empty: the card is put onto the
 * battlefield (its ability triggers where the enabler is there, once more per trigger multiplier),
 * the enabler leaves or arrives, then the ability resolves and whatever else is left. Nothing else
 * triggers on a creature entering, so the first resolve is the ability's. A destroyed creature would
 * set off "creatures die" abilities above it: where one is on the board, the enabler is bounced
 * instead. Whether the condition changed between the event and the resolution (a quiet plan has
 * none: generators/triggers.ts).
 */
export function conditionActions(plan: Plan, b: Builder, ctx: Context): boolean {
  const c = plan.condition;
  if (!c) return false;
  const condition = boardCondition(c.card)!;
  const enabler = enablerFor(condition, c.card, ctx)!;
  // Another of p1's permanents that meets the condition keeps it true whatever happens to the enabler.
  const metAnyway = b.board.some((p) => p.controller === 'p1' && meets(condition, p.def));
  const dies = enabler.types.includes('Creature') && b.board.some((p) => (p.def.triggers ?? []).some((t) => t.event === 'creaturesDie'));
  const change: ConditionChange = c.change === 'destroyed' && dies ? (ctx.does('bouncePermanent') ? 'bounced' : 'kept') : c.change;
  const printed = (d: CardDefinition) => ctx.byName(d.name) !== undefined;
  b.inHand(CONDITIONAL, c.card, printed(c.card), 'p1');
  if (change === 'late') b.inHand(ENABLER, enabler, printed(enabler), 'p1');
  else {
    b.card(ENABLER, enabler, printed(enabler));
    b.battlefield.p1.push({ card: ENABLER });
  }
  // A card to draw, on top of the library, where the ability draws.
  const island = knownCard(ctx, 'Island');
  if (island && hasEffect(c.card, 'draw')) b.library.push(b.card('condLib', island, true));
  const actions: Action[] = [{ do: 'putOntoBattlefield', card: CONDITIONAL }];
  if (change === 'bounced') actions.push({ do: 'bounce', object: ENABLER });
  else if (change === 'destroyed') actions.push({ do: 'destroy', permanent: ENABLER });
  else if (change === 'late') actions.push({ do: 'putOntoBattlefield', card: ENABLER });
  if (change !== 'late') actions.push({ do: 'resolve' });
  // Another copy of the ability (a trigger multiplier), what a token it makes sets off, or the enabler's own enters ability.
  if (b.board.some((p) => p.def.triggers !== undefined || p.def.statics !== undefined) || enabler.triggers !== undefined) actions.push({ do: 'resolve', untilEmpty: true });
  b.actions.push(...actions);
  return change !== 'kept' && !metAnyway;
}

/** Whether a permanent of this card meets "if you control ...", the card with the ability being another one. */
export function meets(c: ControlCondition, d: CardDefinition): boolean {
  return (!c.types || c.types.some((t) => d.types.includes(t))) && (!c.subtypes || c.subtypes.some((t) => (d.subtypes ?? []).includes(t))) && (c.name === undefined || d.name === c.name);
}
