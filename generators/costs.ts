// Costs and kicks: how often a spell is kicked and with which kicker costs, {X}, casting without
// paying, the cost changers on the board, the permanents the costs sacrifice, and the mana p1 is
// given to pay for every cast (CR 601.2f-h).
import fc from 'fast-check';
import { sparsePool } from '../model/mana.ts';
import type { CardDefinition, Cost, KickerLabel, ManaPool, PermanentFilter } from '../model/schema-types.ts';
import type { BoardObject } from '../model/declarations.ts';
import { arrayDraw } from './array-draws.ts';
import type { Builder } from './builder.ts';
import type { Context } from './context.ts';
import { constantByWeight, constantDraw, constantFromDraw, integerDraw } from './draws.ts';
import { oneofDraw } from './oneof-draws.ts';
import type { Plan } from './plan.ts';
import { costChangerArb } from './synthetic-cards.ts';
import { rare } from './weighted-draws.ts';
import { changesCosts } from '../model/cost-changes.ts';

/** Mostly zero or a few kicks, sometimes many (edge values shrink towards zero). */
export const kicksArb = oneofDraw(
  { withCrossShrink: true },
  { weight: 2, arbitrary: constantDraw(0) },
  { weight: 3, arbitrary: integerDraw({ min: 1, max: 3 }) },
  // Up to nine, shrinking to one kick (not to none, which would lose a failure about kicks).
  { weight: 4, arbitrary: integerDraw({ min: 1, max: 9 }) },
);

/**
 * Which kicker costs of "A and/or B" are paid, as labels; both costs weigh half (the other declarations
 * come up anyway, and both is what the kicked-a-and-b gate asks for). Shrinks to none.
 */
export const kickerCostsArb = constantByWeight({ weight: 2, value: '' }, { weight: 2, value: 'A' }, { weight: 1, value: 'B' }, { weight: 6, value: 'AB' });

/** Whether the spell is cast without paying its mana cost: one time in five where the engine can. Shrinks to false. */
export function freeCastArb(ctx: Context): fc.Arbitrary<boolean> {
  return ctx.can('freeCast') ? rare(constantDraw(true), false, 4) : constantDraw(false);
}

/**
 * Up to two permanents that make spells cost more or less (Helm of Awakening, Thorn of Amethyst):
 * synthetic where the engine builds them, else the printed ones it knows; none without cost
 * modifiers. Shrinks towards none.
 */
export function costChangersArb(ctx: Context): fc.Arbitrary<CardDefinition[]> {
  const { caps, can, pool } = ctx;
  const syntheticChangers = caps.cards.synthetic && fc.sample(costChangerArb('Cost Changer'), { numRuns: 20, seed: 1 }).some(ctx.synth);
  const printedChangers = pool.filter((d) => (d.statics ?? []).some(changesCosts));
  const changerArb = syntheticChangers ? costChangerArb('Cost Changer').filter(ctx.synth) : printedChangers.length > 0 ? constantFromDraw(...printedChangers) : undefined;
  return changerArb && can('costModifiers') ? arrayDraw(changerArb, { maxLength: 2 }) : constantDraw<CardDefinition[]>([]);
}

/** The kicks and X the plan declares for its main card, before they are fitted to the board's targets. */
export function plannedKicks(plan: Plan): { kicker: KickerLabel[]; multikicker: number; x: number | undefined } {
  const main = plan.main;
  const kicker: KickerLabel[] = [];
  const printedKickers = plan.spell ? (main.kicker?.costs.length ?? 0) : 0;
  if (printedKickers >= 1 && plan.kickA) kicker.push('A');
  if (printedKickers >= 2 && plan.kickB) kicker.push('B');
  // CR 702.33f links each kicker cost to its own words, not to the order declared: now and then B
  // is declared before A (an engine shows them in printed order). From a choice the plan already
  // has, so that no other draw moves; it shrinks to A first.
  if (plan.pick % 2 === 1) kicker.reverse();
  const multikicker = plan.spell && main.multikicker ? plan.multikicks : 0;
  const hasX = main.manaCost?.includes('{X}') ?? false;
  const x = hasX ? (plan.free ? 0 : plan.x) : undefined;
  return { kicker, multikicker, x };
}

/** One filter per permanent the declared costs sacrifice, in cost order: kicker A, B, each multikick, each splice. */
export function sacrificeFilters(main: CardDefinition, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[]): PermanentFilter[] {
  // Called for every cut of the declarations while targets are fitted: loops, and nothing built for costs without a sacrifice.
  const out: PermanentFilter[] = [];
  const add = (c: Cost | undefined, times: number) => {
    if (c?.sacrifice) for (let i = 0; i < times * c.sacrifice.count; i++) out.push(c.sacrifice.filter);
  };
  for (const l of kicker) add(main.kicker?.costs[l === 'A' ? 0 : 1], 1);
  add(main.multikicker?.cost, multikicker);
  for (const s of splices) add(s.splice?.cost, 1);
  return out;
}

/** Whether a sacrifice is of lands (which p1's Mountains fit: "a land", "two Mountains"), or else of creatures or artifacts. */
export const sacrificesLand = (f: PermanentFilter) => (f.types ?? []).includes('Land') || (f.subtypes ?? []).includes('Mountain');

/** Lands to sacrifice for the declared costs. */
export function sacrificesNeeded(main: CardDefinition, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[]): number {
  return sacrificeFilters(main, kicker, multikicker, splices).filter(sacrificesLand).length;
}

/** p1's permanents sacrificed, in cost order: the first of its Mountains or creatures that fits each cost and is not taken yet. */
export function sacrificeChoices(main: CardDefinition, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[], board: readonly BoardObject[]): string[] {
  const taken: string[] = [];
  for (const f of sacrificeFilters(main, kicker, multikicker, splices)) {
    const fits = board.find(
      (o) =>
        o.controller === 'p1' &&
        !taken.includes(o.id) &&
        (!f.types || f.types.some((t) => o.def.types.includes(t))) &&
        (!f.subtypes || f.subtypes.some((t) => (o.def.subtypes ?? []).includes(t))),
    );
    if (!fits) break;
    taken.push(fits.id);
  }
  return taken;
}

/** At most the generic mana that cost increases on the board add to a spell p1 casts. */
export function increasesOn(b: Builder): number {
  let n = 0;
  for (const o of b.board) {
    for (const a of o.def.statics ?? []) {
      const spells = a.spells ?? 'yours';
      if (a.kind === 'costIncrease' && (spells === 'all' || (spells === 'yours') === (o.controller === 'p1'))) n += a.amount ?? 1;
    }
  }
  return n;
}

/** The generic mana the cost increases among these cards add, each at its amount. */
function costIncreases(cards: readonly CardDefinition[]): number {
  let n = 0;
  for (const d of cards) for (const s of d.statics ?? []) if (s.kind === 'costIncrease') n += s.amount ?? 1;
  return n;
}

/**
 * p1's mana: the coloured part of what the casts cost, then some slack and any increases as colourless
 * mana; with slack, one of it in a colour the casts use. The provision is what the pool holds beyond
 * the casts' own costs.
 */
export function manaFor(plan: Plan, b: Builder): { mana: ManaPool; provision: number; p2: ManaPool } {
  // Mana: what the casts cost, plus any increases, plus some slack, as colourless mana for the generic part.
  const increases = costIncreases(plan.costChangers);
  // The coloured part only: colourless mana is provided with the generic part below.
  const mana = sparsePool({ W: b.mana.W, U: b.mana.U, B: b.mana.B, R: b.mana.R, G: b.mana.G, C: 0 });
  const provision = plan.slack + increases * b.actions.filter((a) => a.do === 'cast').length;
  // With some slack, one of it comes in a colour the casts use, so that paying generic mana has a
  // choice to make (the scenario format fixes it: colourless first).
  const tint = plan.slack >= 2 ? (['W', 'U', 'B', 'R', 'G'] as const).find((key) => (mana[key] ?? 0) > 0) : undefined;
  if (tint) mana[tint] = mana[tint]! + 1;
  const colorless = b.mana.C + b.mana.generic + provision - (tint ? 1 : 0);
  if (colorless > 0) mana.C = colorless;
  return { mana, provision, p2: p2Mana(plan, b) };
}

/** p2's pool: what p2's casts cost, with the cost increases on the board paid for each, generic as colourless. */
function p2Mana(plan: Plan, b: Builder): ManaPool {
  const m = b.p2Mana;
  const casts = b.actions.filter((a) => a.do === 'cast' && a.player === 'p2').length;
  const pool = sparsePool({ W: m.W, U: m.U, B: m.B, R: m.R, G: m.G, C: m.C + m.generic + costIncreases(plan.costChangers) * casts });
  return pool;
}
