// The board before the cast: p1's lands and creatures to sacrifice, p2's forests, the watchers,
// trigger multipliers, cost changers, damage ward and enabler; and p1's library.
import type { CardDefinition, ControlCondition, KickerLabel } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { enteringConditions, hasEffect, isPrinted, targetsKind } from './card-traits.ts';
import { knownCard, type Context } from './context.ts';
import { sacrificeFilters, sacrificesLand, sacrificesNeeded } from './costs.ts';
import type { Plan } from './plan.ts';
import { enablerFor, fodderOf } from './supporting-cards.ts';
import { DAMAGE_WARD, MULTIPLIER } from './synthetic-cards.ts';

/**
 * The board before the cast: lands (for costs that sacrifice them and spells that target them),
 * creatures to sacrifice, p2's forests, watchers, trigger multipliers, cost changers, the damage
 * ward, and what an "if you control ..." of the main permanent asks for. The plan without the
 * watchers a player may not start with.
 */
export function layBoard(planned: Plan, b: Builder, ctx: Context, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[]): { plan: Plan; condition: ControlCondition | undefined; enabler: CardDefinition | undefined } {
  let plan = planned;
  const main = plan.main;
  const mountain = knownCard(ctx, 'Mountain');
  // A land to target, when the spell targets lands (Stone Rain).
  const landTarget = plan.spell && (targetsKind(main, 'land') || splices.some((d) => targetsKind(d, 'land')));
  const lands = mountain ? Math.max(plan.lands, sacrificesNeeded(main, kicker, multikicker, splices), landTarget ? 1 : 0) : 0;
  for (let i = 0; i < lands; i++) b.permanent(`land${i + 1}`, mountain!, true, 'p1');
  // Creatures to sacrifice to kicker costs that ask for one ("sacrifice an artifact or creature").
  const fodder = sacrificeFilters(main, kicker, multikicker, splices).filter((f) => !sacrificesLand(f)).length;
  const fodderDef = fodderOf(ctx);
  if (fodderDef) for (let i = 0; i < fodder; i++) b.permanent(`fod${i + 1}`, fodderDef, isPrinted(fodderDef), 'p1');
  const forest = knownCard(ctx, 'Forest');
  if (forest) for (let i = 0; i < plan.forests; i++) b.permanent(`forest${i + 1}`, forest, true, 'p2');
  // A player never starts with two legendary permanents of one name (CR 704.5j would leave one).
  const watchers = plan.watchers.filter((w, i) => !(w.def.supertypes ?? []).includes('Legendary') || !plan.watchers.slice(0, i).some((v) => v.side === w.side && v.def.name === w.def.name));
  if (watchers.length < plan.watchers.length) plan = { ...plan, watchers };
  plan.watchers.forEach((w, i) => b.permanent(`w${i + 1}`, w.def, !ctx.caps.cards.synthetic, w.side));
  const multiplier = ctx.synth(MULTIPLIER) ? MULTIPLIER : ctx.byName('Panharmonicon');
  if (multiplier) for (let i = 0; i < plan.multipliers; i++) b.permanent(`m${i + 1}`, multiplier, isPrinted(multiplier), 'p1');
  // The first cost changer is the opponent's in half the scenarios: p2's "spells you cast" must not
  // change p1's total cost, its "your opponents cast" must (CR 601.2f). From a choice the plan
  // already has, so that no other draw moves; it shrinks to p1's.
  plan.costChangers.forEach((d, i) => b.permanent(`r${i + 1}`, d, isPrinted(d), i === 0 && (plan.pick & 2) !== 0 ? 'p2' : 'p1'));
  if (plan.ward) b.permanent('ward', DAMAGE_WARD, false, 'p2');
  // What an "if you control ..." of the main permanent asks for, so that its enters ability triggers.
  const condition = plan.spell ? enteringConditions(main).find((t) => t.ifYouControl)?.ifYouControl : undefined;
  const enabler = condition && plan.enabler ? enablerFor(condition, main, ctx) : undefined;
  if (enabler) b.permanent('en1', enabler, ctx.byName(enabler.name) !== undefined, 'p1');
  return { plan, condition, enabler };
}

/** Library cards for the draws: mostly at least one, so that a draw changes the hand; more let several draw. Only where something draws or mills. */
export function stockLibrary(plan: Plan, b: Builder, ctx: Context, parts: readonly CardDefinition[]): void {
  const draws = (d: CardDefinition) => hasEffect(d, 'draw') || hasEffect(d, 'mill');
  const island = knownCard(ctx, 'Island');
  if (island && (parts.some(draws) || plan.watchers.some((w) => draws(w.def)))) {
    for (let i = 0; i < plan.library; i++) b.library.push(b.card(`lib${i + 1}`, island, true));
  }
}
