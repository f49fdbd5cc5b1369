// Mana costs: small, mostly one or two colours, shrinking towards {0} of generic mana.
import fc from 'fast-check';
import type { Color, Cost } from '../model/schema-types.ts';
import type { Mana, Pool } from '../model/mana.ts';
import { arrayDraw } from './array-draws.ts';
import { booleanDraw, constantDraw, constantFromDraw, natDraw } from './draws.ts';
import { recordDraws } from './tuple-draws.ts';

const COLORS: Color[] = ['W', 'U', 'B', 'R', 'G'];

export interface ManaCostOptions {
  maxGeneric?: number;
  maxColored?: number;
  withX?: boolean;
}

/** A mana cost in printed notation, for example {X}{1}{R}{R}. Shrinks towards fewer symbols. */
export function manaCostArb(options: ManaCostOptions = {}): fc.Arbitrary<string> {
  return manaCostDraws(options).map(([x, generic, colored]) => costText(x, generic, colored));
}

/** A non-empty mana cost for kicker, multikicker or splice, as a cost ({1} where the draws make none). */
export function additionalManaCostArb(): fc.Arbitrary<Cost> {
  // One map from the draws, not three: a few of these are drawn for every synthetic card.
  return manaCostDraws({ maxGeneric: 4, maxColored: 2 }).map(([x, generic, colored]) => {
    const text = costText(x, generic, colored);
    return { mana: text === '{0}' ? '{1}' : text };
  });
}

function manaCostDraws(options: ManaCostOptions) {
  const { maxGeneric = 3, maxColored = 2, withX = false } = options;
  return recordDraws(withX ? booleanDraw : constantDraw(false), natDraw({ max: maxGeneric }), arrayDraw(constantFromDraw(...COLORS), { maxLength: maxColored }));
}

function costText(x: boolean, generic: number, colored: readonly Color[]): string {
  // The colours in W, U, B, R, G order.
  let text = (x ? '{X}' : '') + (generic > 0 ? `{${generic}}` : '');
  for (const c of COLORS) for (const d of colored) if (d === c) text += `{${c}}`;
  return text === '' ? '{0}' : text;
}

/**
 * What a pool holds after paying `cost` (its {X} already counted into the generic part), or null
 * when it cannot be paid: how the generators plan a later cast in the same scenario. Each coloured
 * and {C} symbol takes its own kind; generic mana takes colourless first, then W, U, B, R, G, the
 * order the scenario format fixes (model/conventions.ts), so the mana left is what an engine
 * following the format keeps.
 */
export function leftAfterPaying(pool: Pool, cost: Mana): Pool | null {
  const left: Pool = { ...pool };
  let generic = cost.generic;
  for (const key of ['C', ...COLORS] as const) {
    if (left[key] < cost[key]) return null;
    left[key] -= cost[key];
  }
  for (const key of ['C', ...COLORS] as const) {
    const take = Math.min(left[key], generic);
    left[key] -= take;
    generic -= take;
  }
  return generic > 0 ? null : left;
}
