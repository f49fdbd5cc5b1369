// Paying a total cost (CR 601.2h), as the judge reasons about it: by listing the ways to pay it.
// The reference engine pays with its own routine (adapters/reference/mana.ts); nothing here comes
// from it, so that a mistake in one is caught by the other.
import { COLORS, POOL_KEYS, formatMana, formatPool, poolsEqual, type Mana, type Pool } from '../model/mana.ts';

/**
 * The order the scenario format fixes for generic mana (docs/SCENARIOS.md, "Scenarios and traces"): colourless
 * first, then W, U, B, R, G. A rule could let the player choose; the format pins the choice so that
 * the mana left over is part of the one correct outcome.
 */
const GENERIC_ORDER = ['C', ...COLORS] as const;

// The kinds of mana written out one by one, here and below, rather than read in a loop over their
// names: a field named by a variable is read the slow way, and pools are compared at every cast.

/** `a` minus `b`, kind by kind: the mana spent is the pool before minus the pool after. */
export function poolMinus(a: Pool, b: Pool): Pool {
  return { W: a.W - b.W, U: a.U - b.U, B: a.B - b.B, R: a.R - b.R, G: a.G - b.G, C: a.C - b.C };
}

export function addPools(a: Pool, b: Pool): Pool {
  return { W: a.W + b.W, U: a.U + b.U, B: a.B + b.B, R: a.R + b.R, G: a.G + b.G, C: a.C + b.C };
}

/**
 * Every way to pay `cost` (X already counted into its generic part) from `pool`, as the mana each
 * way spends. Each coloured and {C} symbol takes one mana of its own kind; each generic mana takes
 * one of any kind; nothing more is spent (CR 601.2h: no partial payment, no overpayment). The ways
 * come in the order of the scenario format's preference: the most colourless first, then the most
 * W, U, B, R, G, so the first is the payment the format fixes.
 */
export function waysToPay(pool: Pool, cost: Mana): Pool[] {
  const ways: Pool[] = [];
  eachWayToPay(pool, cost, (way) => void ways.push(way));
  return ways;
}

/**
 * The ways to pay, in the listing's order, each handed to `visit` until it answers true: a walk
 * that stops at the first way the judge asks for builds nothing after it (a generator cost more than
 * the rest of costs.total-cost-paid).
 */
function eachWayToPay(pool: Pool, cost: Mana, visit: (way: Pool) => boolean | void): void {
  if (cost.x !== 0) throw new Error('count X into the generic part first');
  // What is left of each kind once the symbols are paid, and the way being dealt, by position in
  // GENERIC_ORDER (C, W, U, B, R, G): lists read by position, not pools read by name.
  const left = [pool.C - cost.C, pool.W - cost.W, pool.U - cost.U, pool.B - cost.B, pool.R - cost.R, pool.G - cost.G];
  for (let i = 0; i < left.length; i++) if (left[i]! < 0) return;
  const way = [cost.C, cost.W, cost.U, cost.B, cost.R, cost.G];
  // Deal the generic mana out over the kinds, most of each kind first; true once visit says stop.
  const deal = (i: number, generic: number): boolean => {
    if (i === GENERIC_ORDER.length - 1) {
      if (generic > left[i]!) return false;
      way[i]! += generic;
      const stop = visit({ W: way[1]!, U: way[2]!, B: way[3]!, R: way[4]!, G: way[5]!, C: way[0]! }) === true;
      way[i]! -= generic;
      return stop;
    }
    for (let take = Math.min(generic, left[i]!); take >= 0; take--) {
      way[i]! += take;
      const stop = deal(i + 1, generic - take);
      way[i]! -= take;
      if (stop) return true;
    }
    return false;
  };
  deal(0, cost.generic);
}

/**
 * Whether there is a way to pay: each coloured and {C} symbol has its own mana, and what is left of
 * the pool is enough for the generic part. The same answer as finding a first way in the listing
 * (test/payment.test.ts holds them together), without building one.
 */
export function canPay(pool: Pool, cost: Mana): boolean {
  if (cost.x !== 0) throw new Error('count X into the generic part first');
  const w = pool.W - cost.W;
  const u = pool.U - cost.U;
  const b = pool.B - cost.B;
  const r = pool.R - cost.R;
  const g = pool.G - cost.G;
  const c = pool.C - cost.C;
  if (w < 0 || u < 0 || b < 0 || r < 0 || g < 0 || c < 0) return false;
  return w + u + b + r + g + c >= cost.generic;
}

/**
 * The one payment the scenario format fixes, or undefined when the cost cannot be paid: the first of
 * the ways listed. Taken from the listing on purpose, not worked out greedily as an engine pays: the
 * judge reaches the payment by its own road (issue 11).
 */
export function fixedPayment(pool: Pool, cost: Mana): Pool | undefined {
  let first: Pool | undefined;
  eachWayToPay(pool, cost, (way) => ((first = way), true));
  return first;
}

/** Whether the mana spent is one of the ways to pay the cost from the pool. */
export function isWayToPay(pool: Pool, cost: Mana, paid: Pool): boolean {
  if (cost.x !== 0) throw new Error('count X into the generic part first');
  // One of the ways listed: every symbol of its own kind paid, no more mana of a kind than the pool
  // holds, and exactly the generic amount on top (test/payment.test.ts holds this to the listing).
  let extra = 0;
  for (const key of POOL_KEYS) {
    if (paid[key] < cost[key] || paid[key] > pool[key]) return false;
    extra += paid[key] - cost[key];
  }
  return extra === cost.generic;
}

/**
 * What is wrong with a payment, or undefined when `paid` is exactly the payment the scenario format
 * fixes: first whether it pays the cost at all, then whether it pays generic mana in the fixed order.
 */
export function paymentProblem(pool: Pool, cost: Mana, paid: Pool): { expected: string; observed: string } | undefined {
  const fixed = fixedPayment(pool, cost);
  if (fixed && poolsEqual(fixed, paid)) return undefined;
  // Written out only for a failure: every accepted cast passes here.
  const observed = `spent ${formatPool(paid)}`;
  if (!fixed) return { expected: `${formatMana(cost)} cannot be paid from ${formatPool(pool)}`, observed };
  if (!isWayToPay(pool, cost, paid)) return { expected: `a payment of ${formatMana(cost)} from ${formatPool(pool)}: ${formatPool(fixed)}`, observed: `${observed}, which does not pay it` };
  return {
    expected: `${formatPool(fixed)} spent on ${formatMana(cost)} from ${formatPool(pool)} (generic mana paid with colourless first, then W, U, B, R, G)`,
    observed: `${observed}: a way to pay it, not the one the scenario format fixes`,
  };
}
