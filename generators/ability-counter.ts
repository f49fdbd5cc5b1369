// A counter aimed at a triggered ability (CR 701.5a: it leaves the stack and does nothing): Stifle,
// cast by p1 or by p2, at a "whenever you cast a kicked spell" ability the main cast set off, or at
// the enters ability of a permanent put onto the battlefield first in the scenario (p1's or p2's).
// The ability is named by the id the protocol gives it (model/conventions.ts: the action's id, .t1).
import type fc from 'fast-check';
import { triggerId } from '../model/conventions.ts';
import type { Kick } from '../model/kick.ts';
import { timesKicked } from '../model/kick.ts';
import { parseMana } from '../model/mana.ts';
import type { Action, CardDefinition, TriggeredAbility } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { hasConditionalEnters, isSpell } from './card-traits.ts';
import { perContext, type Context } from './context.ts';
import { booleanDraw, constantByWeight, natDraw } from './draws.ts';
import type { AbilityCounterPlan, Plan } from './plan.ts';
import { castSetsOff, castTriggersNow } from './triggers.ts';
import { tupleDraws } from './tuple-draws.ts';
import { rare } from './weighted-draws.ts';

/** The printed counter for triggered abilities the engine knows. */
const abilityCounter = (ctx: Context): CardDefinition | undefined => ctx.byName('Stifle');

/** An enters ability that triggers whenever the permanent enters, with targets that are always there (players). */
const alwaysTriggers = (t: TriggeredAbility) =>
  t.event === 'selfEnters' && t.if === undefined && t.ifYouControl === undefined && (t.targets ?? []).every((r) => (r.kind === 'player' || r.kind === 'opponent' || r.kind === 'any') && (r.condition ?? 'always') === 'always');

/**
 * Printed permanents the engine knows whose only abilities are enters abilities, one of which triggers
 * whenever it enters: once it has entered, it watches nothing else in the scenario.
 */
const enteringSources = perContext((ctx): readonly CardDefinition[] =>
  ctx.pool.filter(
    (d) =>
      !isSpell(d) &&
      !d.types.includes('Land') &&
      !(d.supertypes ?? []).includes('Legendary') &&
      (d.toughness ?? 1) > 0 &&
      !d.statics &&
      (d.triggers ?? []).length > 0 &&
      d.triggers!.every((t) => t.event === 'selfEnters') &&
      d.triggers!.some(alwaysTriggers),
  ),
);

/** Whether the engine can run a counter aimed at a triggered ability. */
export function abilityCounterPossible(ctx: Context): boolean {
  return abilityCounter(ctx) !== undefined && ctx.does('cast') && ctx.does('resolve') && ctx.does('putOntoBattlefield') && ctx.can('triggers') && enteringSources(ctx).length > 0;
}

/**
 * Stifle one scenario in five, where the engine can run it: at the main cast's trigger (three times in
 * four, where the plan leaves room for it) or else at an enters ability, which permanent,
 * who casts it and who owns the permanent. Shrinks to none, then to an enters ability of the first
 * permanent, p1's, countered by p1.
 */
export function abilityCounterArb(ctx: Context): fc.Arbitrary<AbilityCounterPlan | null> {
  if (!abilityCounterPossible(ctx)) return constantByWeight({ weight: 1, value: null });
  const sources = enteringSources(ctx);
  const plan = tupleDraws(constantByWeight<AbilityCounterPlan['at']>({ weight: 1, value: 'enters' }, { weight: 3, value: 'cast' }), natDraw({ max: sources.length - 1 }), booleanDraw, booleanDraw).map(
    ([at, source, byP2, ownedByP2]): AbilityCounterPlan => ({ at, source, caster: byP2 ? 'p2' : 'p1', owner: ownedByP2 ? 'p2' : 'p1' }),
  );
  return rare(plan, null, 4);
}

/** Stifle in the caster's hand, its mana paid, cast at the ability; then its own cast triggers resolve and it resolves. */
function stifle(b: Builder, ctx: Context, caster: 'p1' | 'p2', ability: string): void {
  const def = abilityCounter(ctx)!;
  b.inHand('stifle', def, true, caster);
  b.pay(parseMana(def.manaCost!), caster);
  const cast: Extract<Action, { do: 'cast' }> = { do: 'cast', card: 'stifle', targets: [[ability]] };
  if (caster === 'p2') cast.player = 'p2';
  b.actions.push(cast);
  for (let k = castSetsOff(b, false, caster, true); k > 0; k--) b.actions.push({ do: 'resolve' });
  b.actions.push({ do: 'resolve', id: STIFLED });
}

/** The resolution of Stifle. */
const STIFLED = 'stifled';

/** The id of the main cast where Stifle is aimed at a trigger it set off. */
const MAIN_CAST = 'cast-main';

/**
 * Whether Stifle goes at the main cast's trigger: the plan asks for it, the main spell is cast kicked,
 * legally, setting off a "whenever you cast a kicked spell" ability (`setOff`: how many abilities the
 * cast set off, or would now), and nothing that follows counts the triggers above it (the interrupt,
 * and the bounce that resolves them first).
 */
function atMainCast(plan: Plan, declared: Kick, setOff: number): boolean {
  const c = plan.abilityCounter;
  return (
    c?.at === 'cast' &&
    plan.spell &&
    plan.illegal === null &&
    !(plan.interrupt && hasConditionalEnters(plan.main)) &&
    !plan.stackFollowUps.includes('bounce-and-recast') &&
    timesKicked(declared) > 0 &&
    setOff > 0
  );
}

/**
 * First in the scenario, while the stack is empty, where Stifle is not aimed at the main cast's
 * trigger: the permanent is put onto the battlefield, Stifle cast at its first ability on the stack
 * (one more per trigger multiplier stays), and everything left resolves.
 */
export function abilityCounterBeforeMain(plan: Plan, b: Builder, ctx: Context, declared: Kick): void {
  const c = plan.abilityCounter;
  if (!c || atMainCast(plan, declared, castTriggersNow(b, true).length)) return;
  const sources = enteringSources(ctx);
  const def = sources[c.source % sources.length]!;
  b.inHand('trigsrc', def, true, c.owner);
  const put: Extract<Action, { do: 'putOntoBattlefield' }> = { do: 'putOntoBattlefield', id: TRIGGERING, card: 'trigsrc' };
  if (c.owner === 'p2') put.player = 'p2';
  b.actions.push(put);
  stifle(b, ctx, c.caster, triggerId(TRIGGERING, 1));
  b.actions.push({ do: 'resolve', untilEmpty: true });
}

/** The action that puts the permanent with the enters ability onto the battlefield. */
const TRIGGERING = 'trig';

/**
 * Right after the main cast, where the plan aims Stifle at the first ability it set off (`setOff`: how
 * many it set off): the cast is named, Stifle cast and resolved.
 */
export function abilityCounterAfterMain(plan: Plan, b: Builder, ctx: Context, declared: Kick, cast: Extract<Action, { do: 'cast' }>, setOff: number): void {
  const c = plan.abilityCounter;
  if (!c || !atMainCast(plan, declared, setOff)) return;
  cast.id = MAIN_CAST;
  stifle(b, ctx, c.caster, triggerId(MAIN_CAST, 1));
}
