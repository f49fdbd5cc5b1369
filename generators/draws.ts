// Cheaper spellings of two fast-check arbitraries the generators draw hundreds of times a scenario,
// each making the same random draws and the same shrinks as the one it stands for, so that a seed
// gives the same scenarios and a failure the same repro (bench/tmp/genhash.ts checks both).
import fc from 'fast-check';

/**
 * fc.boolean(): one integer from 0 to 1, unbiased, true for 1; true shrinks to false, false to
 * nothing. fast-check spells it as three arbitraries (noBias, map, integer) and two values per draw,
 * which was a tenth of generation's time at 85 draws a scenario.
 */
class BooleanDraw extends fc.Arbitrary<boolean> {
  generate(mrng: fc.Random): fc.Value<boolean> {
    return new fc.Value(mrng.nextInt(0, 1) === 1, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is boolean {
    return typeof value === 'boolean';
  }

  shrink(value: boolean): fc.Stream<fc.Value<boolean>> {
    return value ? fc.Stream.of(new fc.Value(false, undefined)) : fc.Stream.nil();
  }
}

/** The same draws and shrinks as fc.boolean(). */
export const booleanDraw: fc.Arbitrary<boolean> = new BooleanDraw();

/**
 * The draws of fc.record({ ...fields in this order }): each field, then the record's prototype
 * boolean (ignored), as fast-check builds a record. Mapped by hand, without the record's generic
 * mapper (a sixth of generation's time) and its null-prototype objects, slow to read afterwards.
 */
export function recordDraws<Ts extends unknown[]>(...fields: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }): fc.Arbitrary<[...Ts, boolean]> {
  return fc.tuple(...fields, booleanDraw) as fc.Arbitrary<[...Ts, boolean]>;
}
