// Mana costs: small, mostly one or two colours, shrinking towards {0} of generic mana.
import fc from 'fast-check';
import type { Color } from '../model/schema-types.ts';

const COLORS: Color[] = ['W', 'U', 'B', 'R', 'G'];

export interface ManaCostOptions {
  maxGeneric?: number;
  maxColored?: number;
  withX?: boolean;
}

/** A mana cost in printed notation, for example {X}{1}{R}{R}. Shrinks towards fewer symbols. */
export function manaCostArb(options: ManaCostOptions = {}): fc.Arbitrary<string> {
  const { maxGeneric = 3, maxColored = 2, withX = false } = options;
  return fc
    .record({
      x: withX ? fc.boolean() : fc.constant(false),
      generic: fc.nat({ max: maxGeneric }),
      colored: fc.array(fc.constantFrom(...COLORS), { maxLength: maxColored }),
    })
    .map(({ x, generic, colored }) => {
      const sorted = [...colored].sort((a, b) => COLORS.indexOf(a) - COLORS.indexOf(b));
      const text = (x ? '{X}' : '') + (generic > 0 ? `{${generic}}` : '') + sorted.map((c) => `{${c}}`).join('');
      return text === '' ? '{0}' : text;
    });
}

/** A non-empty cost for kicker, multikicker or splice. */
export function additionalManaCostArb(): fc.Arbitrary<string> {
  return manaCostArb({ maxGeneric: 4, maxColored: 2 }).map((c) => (c === '{0}' ? '{1}' : c));
}
