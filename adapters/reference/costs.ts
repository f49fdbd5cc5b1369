// The total cost of a spell (CR 601.2f) and paying it (CR 601.2h).
import { addMana, emptyMana, fixX, parseMana, payFromPool, type Mana } from '../../model/mana.ts';
import type { CardDefinition, Cost, KickerLabel, SacrificeCost } from '../../model/schema-types.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { player, type Game } from './game.ts';
import type { Rejection } from './kicker.ts';

export interface CostDeclaration {
  def: CardDefinition;
  kicker: KickerLabel[];
  multikicker: number;
  spliced: CardDefinition[];
  x: number;
  withoutPayingManaCost: boolean;
}

export interface TotalCost {
  mana: Mana;
  /** Sacrifice costs in payment order: kicker A, kicker B, each multikick, each splice. */
  sacrifices: SacrificeCost[];
}

/** The additional costs declared, in payment order (CR 118.8, 702.33a, 702.47a). */
export function additionalCosts(d: CostDeclaration): Cost[] {
  const costs: Cost[] = [];
  for (const label of [...d.kicker].sort()) {
    const cost = d.def.kicker?.costs[label === 'A' ? 0 : 1];
    if (cost) costs.push(cost);
  }
  const multi = d.def.multikicker?.cost;
  if (multi) for (let i = 0; i < d.multikicker; i++) costs.push(multi);
  for (const s of d.spliced) if (s.splice) costs.push(s.splice.cost);
  return costs;
}

/**
 * CR 601.2f: the mana cost, or {0} when cast without paying it (CR 118.9), plus every additional
 * cost (CR 118.9d: they still apply to a free cast).
 */
export function totalCost(d: CostDeclaration): TotalCost {
  const base = d.withoutPayingManaCost || d.def.manaCost === undefined ? emptyMana() : fixX(parseMana(d.def.manaCost), d.x);
  let mana = base;
  const sacrifices: SacrificeCost[] = [];
  for (const cost of additionalCosts(d)) {
    if (cost.mana) mana = addMana(mana, parseMana(cost.mana));
    if (cost.sacrifice) sacrifices.push(cost.sacrifice);
  }
  return { mana, sacrifices };
}

/**
 * CR 601.2h: pays the whole cost or nothing. Sacrificed permanents are taken from `chosen` in cost
 * order; each must be the caster's and match its cost's filter.
 */
export function payTotalCost(g: Game, caster: PlayerId, cost: TotalCost, chosen: readonly string[]): Rejection | null {
  const needed = cost.sacrifices.reduce((n, s) => n + s.count, 0);
  if (chosen.length !== needed) {
    return { reason: 'sacrifice-mismatch', message: `the costs sacrifice ${needed} permanent(s), ${chosen.length} were named` };
  }
  if (new Set(chosen).size !== chosen.length) return { reason: 'sacrifice-mismatch', message: 'a permanent is named twice to sacrifice' };
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
    }
  }
  const pool = payFromPool(player(g, caster).pool, cost.mana);
  if (!pool) return { reason: 'cannot-pay', message: 'the mana available cannot pay the total cost' };
  player(g, caster).pool = pool;
  for (const id of chosen) {
    const permanent = g.battlefield.find((p) => p.id === id)!;
    g.battlefield = g.battlefield.filter((p) => p.id !== id);
    if (!permanent.token) player(g, permanent.owner).graveyard.push(permanent.card);
  }
  return null;
}
