// Mana costs and mana pools: parsing the printed notation, mana value (CR 202.3), colours, adding
// costs (CR 601.2f) and paying a cost from a pool.
import type { Color, ManaPool } from './schema-types.ts';
import { GENERIC_PAYMENT_ORDER } from './conventions.ts';

export const COLORS: readonly Color[] = ['W', 'U', 'B', 'R', 'G'];
const POOL_KEYS = ['W', 'U', 'B', 'R', 'G', 'C'] as const;
export type PoolKey = (typeof POOL_KEYS)[number];

/** A mana cost taken apart: how many {X}, the generic amount, and each coloured or colourless symbol. */
export interface Mana {
  x: number;
  generic: number;
  W: number;
  U: number;
  B: number;
  R: number;
  G: number;
  C: number;
}

export type Pool = Record<PoolKey, number>;

const SYMBOL = /\{(X|[0-9]+|W|U|B|R|G|C)\}/gy;

export function emptyMana(): Mana {
  return { x: 0, generic: 0, W: 0, U: 0, B: 0, R: 0, G: 0, C: 0 };
}

export function parseMana(text: string): Mana {
  const mana = emptyMana();
  SYMBOL.lastIndex = 0;
  let consumed = 0;
  for (let m = SYMBOL.exec(text); m; m = SYMBOL.exec(text)) {
    consumed = SYMBOL.lastIndex;
    const symbol = m[1]!;
    if (symbol === 'X') mana.x += 1;
    else if (/^[0-9]+$/.test(symbol)) mana.generic += Number(symbol);
    else mana[symbol as PoolKey] += 1;
  }
  if (consumed !== text.length) throw new Error(`not a mana cost: ${JSON.stringify(text)}`);
  return mana;
}

/** CR 202.3: the total amount of mana in the cost; each {X} counts as x (CR 202.3e). */
export function manaValue(mana: Mana, x = 0): number {
  return mana.x * x + mana.generic + mana.W + mana.U + mana.B + mana.R + mana.G + mana.C;
}

/** A card's colours come from the coloured symbols of its mana cost (CR 105.2). */
export function colorsOf(mana: Mana): Color[] {
  return COLORS.filter((c) => mana[c] > 0);
}

export function addMana(a: Mana, b: Mana, times = 1): Mana {
  return {
    x: a.x + b.x * times,
    generic: a.generic + b.generic * times,
    W: a.W + b.W * times,
    U: a.U + b.U * times,
    B: a.B + b.B * times,
    R: a.R + b.R * times,
    G: a.G + b.G * times,
    C: a.C + b.C * times,
  };
}

/** Replaces each {X} by its chosen value, as generic mana. */
export function fixX(mana: Mana, x: number): Mana {
  return { ...mana, x: 0, generic: mana.generic + mana.x * x };
}

/** Normal form used in traces: {X}s, then generic, then C, W, U, B, R, G; {0} for an empty cost. */
export function formatMana(mana: Mana): string {
  let out = '{X}'.repeat(mana.x);
  if (mana.generic > 0) out += `{${mana.generic}}`;
  for (const key of ['C', ...COLORS] as const) out += `{${key}}`.repeat(mana[key]);
  return out === '' ? '{0}' : out;
}

export function normalizeManaText(text: string): string {
  return formatMana(parseMana(text));
}

export function toPool(pool: ManaPool | undefined): Pool {
  return { W: pool?.W ?? 0, U: pool?.U ?? 0, B: pool?.B ?? 0, R: pool?.R ?? 0, G: pool?.G ?? 0, C: pool?.C ?? 0 };
}

export function poolTotal(pool: Pool): number {
  return POOL_KEYS.reduce((sum, key) => sum + pool[key], 0);
}

export function addToPool(pool: Pool, mana: Mana): Pool {
  const out = { ...pool };
  for (const key of POOL_KEYS) out[key] += mana[key];
  return out;
}

/**
 * Pays a cost with no {X} left from a pool, or returns null when it cannot be paid (CR 601.2h: no
 * partial payments). Coloured and {C} symbols take their own mana first; generic mana then takes
 * colourless first, then W, U, B, R, G. Paying the specific symbols first means the payment succeeds
 * whenever any payment would; the fixed order makes the mana left over part of the one correct
 * outcome.
 */
export function payFromPool(pool: Pool, cost: Mana): Pool | null {
  if (cost.x !== 0) throw new Error('fix X before paying');
  const left = { ...pool };
  for (const key of POOL_KEYS) {
    left[key] -= cost[key];
    if (left[key] < 0) return null;
  }
  let generic = cost.generic;
  for (const key of GENERIC_PAYMENT_ORDER) {
    const take = Math.min(generic, left[key]);
    left[key] -= take;
    generic -= take;
  }
  return generic === 0 ? left : null;
}

/** The mana spent, as a pool: before minus after. */
export function poolDifference(before: Pool, after: Pool): Pool {
  const out = { ...before };
  for (const key of POOL_KEYS) out[key] -= after[key];
  return out;
}

export function poolsEqual(a: Pool, b: Pool): boolean {
  return POOL_KEYS.every((key) => a[key] === b[key]);
}

/** The pool in its sparse JSON form, without zero entries. */
export function sparsePool(pool: Pool): ManaPool {
  const out: ManaPool = {};
  for (const key of POOL_KEYS) if (pool[key] !== 0) out[key] = pool[key];
  return out;
}

export function formatPool(pool: Pool): string {
  const parts = POOL_KEYS.filter((key) => pool[key] !== 0).map((key) => `{${key}}`.repeat(pool[key]));
  return parts.join('') || 'nothing';
}
