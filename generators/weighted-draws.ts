// Choices by weight whose shrinking reaches the first option from any point of the shrinking, for
// the plan's rare values (no library, casting without resolving, no trigger multiplier).
import fc from 'fast-check';
import { constantDraw, natDraw } from './draws.ts';
import { tupleDraws } from './tuple-draws.ts';

/** `none` weight times in weight + 1, else a value; shrinking reaches `none` from any point (weightedDraw). */
export function rare<T>(value: fc.Arbitrary<T>, none: T, weight = 5): fc.Arbitrary<T> {
  return weightedDraw([{ weight, arbitrary: constantDraw(none) }, { weight: 1, arbitrary: value }]);
}

/** A value, `none` one time in odds + 1; shrinking reaches `none` from any point (weightedDraw). */
export function mostly<T>(value: fc.Arbitrary<T>, none: T, odds: number): fc.Arbitrary<T> {
  return weightedDraw([{ weight: 1, arbitrary: constantDraw(none) }, { weight: odds, arbitrary: value }]);
}

/**
 * One of several arbitraries by weight, as a draw beside a value of each: shrinking the draw reaches the
 * first from any point of the shrinking, where fc.oneof's cross-shrink lasts only its first context
 * (a Trigger Doubler, or two printed splices at least two by their source, would outlive every cut).
 */
export function weightedDraw<T>(options: readonly { weight: number; arbitrary: fc.Arbitrary<T> }[]): fc.Arbitrary<T> {
  const total = options.reduce((n, o) => n + o.weight, 0);
  return tupleDraws(fc.noBias(natDraw({ max: total - 1 })), ...options.map((o) => o.arbitrary)).map((drawn) => {
    let left = drawn[0];
    for (let i = 0; i < options.length; i++) {
      if (left < options[i]!.weight) return drawn[i + 1] as T;
      left -= options[i]!.weight;
    }
    return drawn[1] as T;
  });
}
