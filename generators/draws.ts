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
 * fc.oneof({ withCrossShrink: true }, ...constants by weight): one integer below the total weight
 * picks a constant (fast-check's depth bias is nothing for constants), and any but the first shrinks
 * to the first, once. fast-check spells it as a frequency over constant arbitraries, with two values
 * and a copy of the random generator (kept to redraw the first, which a constant never needs) a draw.
 */
class ConstantByWeight<T> extends fc.Arbitrary<T> {
  private readonly values: readonly T[];
  private readonly upTo: readonly number[];

  constructor(options: readonly { weight: number; value: T }[]) {
    super();
    if (options.length === 0 || options.some((o) => !(o.weight > 0) || !Number.isInteger(o.weight))) throw new Error('constantByWeight: weights must be positive integers');
    this.values = options.map((o) => o.value);
    let total = 0;
    this.upTo = options.map((o) => (total += o.weight));
  }

  generate(mrng: fc.Random): fc.Value<T> {
    const drawn = mrng.nextInt(0, this.upTo[this.upTo.length - 1]! - 1);
    let index = 0;
    while (drawn >= this.upTo[index]!) index++;
    return new fc.Value(this.values[index]!, index);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.values.some((v) => Object.is(v, value));
  }

  shrink(_value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return typeof context === 'number' && context !== 0 ? fc.Stream.of(new fc.Value(this.values[0]!, 0)) : fc.Stream.nil();
  }
}

/** The same draws and shrinks as fc.oneof({ withCrossShrink: true }, { weight, arbitrary: fc.constant(value) }, ...). */
export function constantByWeight<T>(...options: { weight: number; value: T }[]): fc.Arbitrary<T> {
  return new ConstantByWeight(options);
}

/**
 * The draws of fc.record({ ...fields in this order }): each field, then the record's prototype
 * boolean (ignored), as fast-check builds a record. Mapped by hand, without the record's generic
 * mapper (a sixth of generation's time) and its null-prototype objects, slow to read afterwards.
 */
export function recordDraws<Ts extends unknown[]>(...fields: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }): fc.Arbitrary<[...Ts, boolean]> {
  return fc.tuple(...fields, booleanDraw) as fc.Arbitrary<[...Ts, boolean]>;
}
