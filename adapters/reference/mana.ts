// The reference engine's arithmetic on mana: mana value (CR 202.3), colours, adding costs
// (CR 601.2f) and paying a cost from a pool (CR 601.2h). The properties never use these: they judge
// payments and totals with their own reasoning (oracle/payment.ts, model/declarations.ts).
import { COLORS, type Mana, type Pool } from '../../model/mana.ts';
import type { Color } from '../../model/schema-types.ts';
import { GENERIC_PAYMENT_ORDER } from '../../model/conventions.ts';

/** CR 202.3: the total amount of mana in the cost; each {X} counts as x (CR 202.3e). */
export function manaValue(mana: Mana, x = 0): number {
  return mana.x * x + mana.generic + mana.W + mana.U + mana.B + mana.R + mana.G + mana.C;
}

/** A card's colours come from the coloured symbols of its mana cost (CR 105.2). */
export function colorsOf(mana: Mana): Color[] {
  return COLORS.filter((c) => mana[c] > 0);
}

export function addMana(a: Mana, b: Mana): Mana {
  return { x: a.x + b.x, generic: a.generic + b.generic, W: a.W + b.W, U: a.U + b.U, B: a.B + b.B, R: a.R + b.R, G: a.G + b.G, C: a.C + b.C };
}

// Mana and pools are written out key by key, in emptyMana's and toPool's order: one shape each for
// the engine's reads, as a spread copy may get another.

/** Replaces each {X} by its chosen value, as generic mana. */
export function fixX(mana: Mana, x: number): Mana {
  return { x: 0, generic: mana.generic + mana.x * x, W: mana.W, U: mana.U, B: mana.B, R: mana.R, G: mana.G, C: mana.C };
}

export function addToPool(pool: Pool, mana: Mana): Pool {
  return { W: pool.W + mana.W, U: pool.U + mana.U, B: pool.B + mana.B, R: pool.R + mana.R, G: pool.G + mana.G, C: pool.C + mana.C };
}


/**
 * Pays a cost with no {X} left from a pool, or returns null when it cannot be paid (CR 601.2h: no
 * partial payments). Coloured and {C} symbols take their own mana first; generic mana then takes
 * mana in `order`. Paying the specific symbols first means the payment succeeds whenever any payment
 * would; the fixed order makes the mana left over part of the one correct outcome.
 */
export function payFromPool(pool: Pool, cost: Mana, order: readonly (keyof Pool)[] = GENERIC_PAYMENT_ORDER): Pool | null {
  if (cost.x !== 0) throw new Error('fix X before paying');
  // Each key named: a payment is made at every cast.
  const left: Pool = { W: pool.W - cost.W, U: pool.U - cost.U, B: pool.B - cost.B, R: pool.R - cost.R, G: pool.G - cost.G, C: pool.C - cost.C };
  if (left.W < 0 || left.U < 0 || left.B < 0 || left.R < 0 || left.G < 0 || left.C < 0) return null;
  let generic = cost.generic;
  for (const key of order) {
    const take = Math.min(generic, left[key]);
    left[key] -= take;
    generic -= take;
  }
  return generic === 0 ? left : null;
}
