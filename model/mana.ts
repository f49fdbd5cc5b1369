// Mana costs and mana pools as data: reading the printed notation, writing it in normal form, and
// pools in their JSON form. Everything that computes with mana (mana value, adding costs, paying)
// lives with whoever needs it: the reference engine's in adapters/reference/mana.ts, the judge's
// in properties/ and model/declarations.ts, so that a mistake in one is caught by the other.
import type { Color, ManaPool } from './schema-types.ts';

export const COLORS: readonly Color[] = ['W', 'U', 'B', 'R', 'G'];
export const POOL_KEYS = ['W', 'U', 'B', 'R', 'G', 'C'] as const;
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

// The same few costs are read again and again (each cast, by the engine and by several properties):
// each text is read once. Reading is parsing, which the judge and the engine may share.
const PARSED = new Map<string, Readonly<Mana>>();

/** A cost's symbols, shared and frozen: for readers that never change it (copy it with parseMana). */
export function manaOf(text: string): Readonly<Mana> {
  let mana = PARSED.get(text);
  if (mana === undefined) {
    mana = Object.freeze(readMana(text));
    if (PARSED.size < 10_000) PARSED.set(text, mana);
  }
  return mana;
}

/** A cost's symbols, a copy of its own to change. */
export function parseMana(text: string): Mana {
  return { ...manaOf(text) };
}

function readMana(text: string): Mana {
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

/** Normal form used in traces: {X}s, then generic, then C, W, U, B, R, G; {0} for an empty cost. */
export function formatMana(mana: Mana): string {
  let out = '{X}'.repeat(mana.x);
  if (mana.generic > 0) out += `{${mana.generic}}`;
  for (const key of ['C', ...COLORS] as const) out += `{${key}}`.repeat(mana[key]);
  return out === '' ? '{0}' : out;
}

/**
 * Whether formatMana(a) === formatMana(b), without writing either out: the same {X}s and symbols, and
 * the same generic amount where it is written (above 0). For amounts formatMana can write (none
 * negative but generic).
 */
export function sameManaWritten(a: Readonly<Mana>, b: Readonly<Mana>): boolean {
  return (
    a.x === b.x &&
    (a.generic > 0 ? a.generic : 0) === (b.generic > 0 ? b.generic : 0) &&
    a.C === b.C &&
    a.W === b.W &&
    a.U === b.U &&
    a.B === b.B &&
    a.R === b.R &&
    a.G === b.G
  );
}

export function normalizeManaText(text: string): string {
  return formatMana(parseMana(text));
}

export function toPool(pool: ManaPool | undefined): Pool {
  const out: Pool = { W: 0, U: 0, B: 0, R: 0, G: 0, C: 0 };
  if (!pool) return out;
  // Over the keys the pool has, not a read of each kind: pools come in many shapes (only the kinds
  // there are), and reading six fields of each cost twice as much (judges convert pools at every step).
  for (const key in pool) {
    const n = pool[key as PoolKey];
    if (n === undefined || n === null) continue;
    if (key === 'W') out.W = n;
    else if (key === 'U') out.U = n;
    else if (key === 'B') out.B = n;
    else if (key === 'R') out.R = n;
    else if (key === 'G') out.G = n;
    else if (key === 'C') out.C = n;
  }
  return out;
}

/**
 * Adds `m` to `total` in place. Each kind written out: a field named by a variable is read the slow
 * way, and costs are added at every cast, by the generators and the declaration checks alike.
 */
export function addInto(total: Mana, m: Readonly<Mana>): void {
  total.x += m.x;
  total.generic += m.generic;
  total.W += m.W;
  total.U += m.U;
  total.B += m.B;
  total.R += m.R;
  total.G += m.G;
  total.C += m.C;
}

export function poolsEqual(a: Pool, b: Pool): boolean {
  // Each kind written out, not every() and its callback nor a loop over their names (a field named
  // by a variable is read the slow way): pools are compared at every step by several properties.
  return a.W === b.W && a.U === b.U && a.B === b.B && a.R === b.R && a.G === b.G && a.C === b.C;
}

/** The pool in its sparse JSON form, without zero entries. */
export function sparsePool(pool: Pool): ManaPool {
  const out: ManaPool = {};
  // Each kind written out, in the order of POOL_KEYS: a field named by a variable is read the slow way.
  if (pool.W !== 0) out.W = pool.W;
  if (pool.U !== 0) out.U = pool.U;
  if (pool.B !== 0) out.B = pool.B;
  if (pool.R !== 0) out.R = pool.R;
  if (pool.G !== 0) out.G = pool.G;
  if (pool.C !== 0) out.C = pool.C;
  return out;
}

/**
 * A pool written out; a negative amount (mana "spent" by an engine whose pool grew on a cast) is
 * written with a minus sign, so that the failure is reported instead of castcheck stopping on it.
 */
export function formatPool(pool: Pool): string {
  const parts = POOL_KEYS.filter((key) => pool[key] !== 0).map((key) => (pool[key] < 0 ? `-${`{${key}}`.repeat(-pool[key])}` : `{${key}}`.repeat(pool[key])));
  return parts.join('') || 'nothing';
}
