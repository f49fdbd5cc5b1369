// The total cost of a spell (CR 601.2f) and paying it (CR 601.2h).
import { emptyMana, manaOf, type Mana, type Pool } from '../../model/mana.ts';
import { addMana, fixX } from './mana.ts';
import type { Cost, SacrificeCost, StaticAbility } from '../../model/schema-types.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { player, type Game, type Permanent } from './game.ts';
import { isKicked, type Rejection } from './kicker.ts';
import type { CostDeclaration, Rules, TotalCost } from './rules-table.ts';
import { sortedStrings } from './sorted.ts';

/** The additional costs declared, in payment order (CR 118.8, 702.33a, 702.47a). */
export function additionalCosts(d: CostDeclaration): Cost[] {
  const costs: Cost[] = [];
  for (const label of sortedStrings(d.kicker)) {
    const cost = d.def.kicker?.costs[label === 'A' ? 0 : 1];
    if (cost) costs.push(cost);
  }
  const multi = d.def.multikicker?.cost;
  if (multi) for (let i = 0; i < d.multikicker; i++) costs.push(multi);
  for (const s of d.spliced) if (s.splice) costs.push(s.splice.cost);
  return costs;
}

/** The cost-changing static abilities on the battlefield that apply to this spell. */
export function costChanges(g: Game, d: CostDeclaration): { permanent: Permanent; ability: StaticAbility }[] {
  const kicked = isKicked(d);
  const out: { permanent: Permanent; ability: StaticAbility }[] = [];
  for (const permanent of g.battlefield) {
    for (const ability of permanent.def.statics ?? []) {
      if (ability.kind !== 'costReduction' && ability.kind !== 'costIncrease') continue;
      const spells = ability.spells ?? 'yours';
      if (spells === 'yours' && permanent.controller !== d.controller) continue;
      if (spells === 'opponents' && permanent.controller === d.controller) continue;
      if (ability.kicked && !kicked) continue;
      if (ability.notTypes?.some((t) => d.def.types.includes(t))) continue;
      if (ability.types && !ability.types.some((t) => d.def.types.includes(t))) continue;
      // Vine Gecko: only the first kicked spell its controller casts this turn.
      if (ability.firstEachTurn && g.turn.kickedSpellsCast[d.controller] > 0) continue;
      out.push({ permanent, ability });
    }
  }
  return out;
}

/**
 * CR 601.2f: the mana cost, or nothing when cast without paying it (CR 118.9), plus every
 * additional cost (CR 118.9d: they still apply to a free cast) and increase, minus reductions,
 * which lower only the generic part and never below {0} (CR 118.7a). A missing mana cost can't be
 * paid, whatever is added to it (CR 118.6a), but casting without paying it needs no payment.
 */
export function totalCost(g: Game, d: CostDeclaration, r: Rules): TotalCost {
  const { mana, sacrifices } = withAdditionalCosts(d, manaCostToPay(d));
  return { mana: withCostChanges(g, d, r, mana), sacrifices, unpayable: d.def.manaCost === undefined && !d.withoutPayingManaCost };
}

/** The mana cost that starts the total: none when cast without paying it, or when there is none to pay. */
export function manaCostToPay(d: CostDeclaration): Mana {
  return d.withoutPayingManaCost || d.def.manaCost === undefined ? emptyMana() : fixX(manaOf(d.def.manaCost), d.x);
}

/** `mana` with the declared kicker, multikicker and splice costs added, and the sacrifices they ask for. */
export function withAdditionalCosts(d: CostDeclaration, mana: Mana): { mana: Mana; sacrifices: SacrificeCost[] } {
  const sacrifices: SacrificeCost[] = [];
  for (const cost of additionalCosts(d)) {
    if (cost.mana) mana = addMana(mana, manaOf(cost.mana));
    if (cost.sacrifice) sacrifices.push(cost.sacrifice);
  }
  return { mana, sacrifices };
}

/** `mana` with every increase and reduction that applies to this spell (CR 601.2f). */
export function withCostChanges(g: Game, d: CostDeclaration, r: Rules, mana: Mana): Mana {
  let increase = 0;
  let reduction = 0;
  for (const { ability } of r.costChanges(g, d)) {
    if (ability.kind === 'costIncrease') increase += ability.amount ?? 1;
    else reduction += ability.amount ?? 1;
  }
  return r.reduceCost(mana, increase, reduction);
}

/** CR 601.2f, 118.7a: increases and generic reductions change only the generic part, never below {0}. */
export function reduceCost(mana: Mana, increase: number, reduction: number): Mana {
  return { x: mana.x, generic: Math.max(0, mana.generic + increase - reduction), W: mana.W, U: mana.U, B: mana.B, R: mana.R, G: mana.G, C: mana.C };
}

/** The pool after paying as much of `cost` as it holds: coloured symbols first, then generic from C, W, U, B, R, G. */
function payWhatCanBePaid(pool: Pool, cost: Mana): Pool {
  const left: Pool = { W: pool.W, U: pool.U, B: pool.B, R: pool.R, G: pool.G, C: pool.C };
  for (const key of ['W', 'U', 'B', 'R', 'G', 'C'] as const) left[key] -= Math.min(left[key], cost[key]);
  let generic = cost.generic;
  for (const key of ['C', 'W', 'U', 'B', 'R', 'G'] as const) {
    const take = Math.min(generic, left[key]);
    left[key] -= take;
    generic -= take;
  }
  return left;
}

/**
 * CR 601.2h: pays the whole cost or nothing. Sacrificed permanents are taken from `chosen` in cost
 * order; each must be the caster's and match its cost's filter. Returns the sacrificed permanents,
 * still on the battlefield, for the caller to move.
 */
export function checkPayment(g: Game, caster: PlayerId, cost: TotalCost, chosen: readonly string[], r: Rules): Rejection | Permanent[] {
  if (cost.unpayable) return { reason: 'cannot-pay', message: 'it has no mana cost, which cannot be paid (cast it without paying its mana cost instead)' };
  const needed = cost.sacrifices.reduce((n, s) => n + s.count, 0);
  if (chosen.length !== needed) {
    return { reason: 'sacrifice-mismatch', message: `the costs sacrifice ${needed} permanent(s), ${chosen.length} were named` };
  }
  if (chosen.length > 1 && new Set(chosen).size !== chosen.length) return { reason: 'sacrifice-mismatch', message: 'a permanent is named twice to sacrifice' };
  const sacrificed: Permanent[] = [];
  let next = 0;
  for (const s of cost.sacrifices) {
    for (let i = 0; i < s.count; i++) {
      const id = chosen[next++]!;
      const permanent = g.battlefield.find((p) => p.id === id);
      if (!permanent || permanent.controller !== caster) {
        return { reason: 'sacrifice-mismatch', message: `'${id}' is not a permanent ${caster} controls` };
      }
      const types = s.filter.types;
      const subtypes = s.filter.subtypes;
      const matches =
        (!types || types.some((t) => permanent.def.types.includes(t))) &&
        (!subtypes || subtypes.some((t) => (permanent.def.subtypes ?? []).includes(t)));
      if (!matches) return { reason: 'sacrifice-mismatch', message: `${permanent.def.name} does not fit the sacrifice cost` };
      sacrificed.push(permanent);
    }
  }
  const pool = r.payMana(player(g, caster).pool, cost.mana);
  if (!pool) {
    // Mana is paid symbol by symbol (CR 601.2h) until it runs out; the rejected cast is then undone
    // as a whole (CR 733.1), so what was taken is given back with the rest.
    player(g, caster).pool = payWhatCanBePaid(player(g, caster).pool, cost.mana);
    return { reason: 'cannot-pay', message: 'the mana available cannot pay the total cost' };
  }
  player(g, caster).pool = pool;
  return sacrificed;
}
