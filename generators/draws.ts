// Cheaper spellings of the fast-check arbitraries the generators draw hundreds of times a scenario,
// each making the same random draws and the same shrinks as the one it stands for, so that a seed
// gives the same scenarios and a failure the same repro: test/draws.test.ts holds each stand-in to
// fast-check's own, test/generation-fingerprint.test.ts the scenarios a seed gives. This module holds
// the base (a draw that can make a value alone) and the single values: booleans, constants, integers;
// choices among arbitraries are in oneof-draws.ts, tuples and records in tuple-draws.ts, arrays in
// array-draws.ts.
import fc from 'fast-check';

/**
 * An arbitrary that can also make a value alone, with the same draws as generate but without the
 * context fast-check keeps for shrinking it: a run keeps only the scenario, and makes it again with
 * its context for the one that fails (runner/shrink.ts), so the contexts of every scenario were made
 * for nothing (25 of the 218 KiB a scenario allocated against a null engine).
 */
export abstract class Draw<T> extends fc.Arbitrary<T> {
  abstract valueOnly(mrng: fc.Random, biasFactor: number | undefined): T;

  override map<U>(mapper: (t: T) => U, unmapper?: (possiblyU: unknown) => T): fc.Arbitrary<U> {
    if (unmapper !== undefined) return super.map(mapper, unmapper);
    return new MappedDraw(this, mapper, super.map(mapper));
  }
}

/** A value of `arb` alone, drawn as its generate draws it: values to be cloned refused, as generate refuses them. */
export function valueOnly<T>(arb: fc.Arbitrary<T>, mrng: fc.Random, biasFactor: number | undefined, who: string): T {
  if (arb instanceof Draw) return (arb as Draw<T>).valueOnly(mrng, biasFactor);
  const v = arb.generate(mrng, biasFactor);
  if (v.hasToBeCloned) throw new Error(`${who}: a field made a value to be cloned`);
  return v.value;
}

/** fast-check's map of a draw: made, checked and shrunk by fast-check's own, alone by the draw's valueOnly mapped. */
class MappedDraw<T, U> extends Draw<U> {
  constructor(
    private readonly inner: Draw<T>,
    private readonly mapper: (t: T) => U,
    private readonly theirs: fc.Arbitrary<U>,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<U> {
    return this.theirs.generate(mrng, biasFactor);
  }

  valueOnly(mrng: fc.Random, biasFactor: number | undefined): U {
    return this.mapper(this.inner.valueOnly(mrng, biasFactor));
  }

  canShrinkWithoutContext(value: unknown): value is U {
    return this.theirs.canShrinkWithoutContext(value);
  }

  shrink(value: U, context: unknown): fc.Stream<fc.Value<U>> {
    return this.theirs.shrink(value, context);
  }
}

/**
 * fc.boolean(): one integer from 0 to 1, unbiased, true for 1; true shrinks to false, false to
 * nothing. fast-check spells it as three arbitraries (noBias, map, integer) and two values per draw,
 * which was a tenth of generation's time at 85 draws a scenario.
 */
export class BooleanDraw extends Draw<boolean> {
  generate(mrng: fc.Random): fc.Value<boolean> {
    return new fc.Value(mrng.nextInt(0, 1) === 1, undefined);
  }

  valueOnly(mrng: fc.Random): boolean {
    return mrng.nextInt(0, 1) === 1;
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
export class ConstantByWeight<T> extends Draw<T> {
  readonly values: readonly T[];
  private readonly upTo: readonly number[];

  constructor(options: readonly { weight: number; value: T }[]) {
    super();
    if (options.length === 0 || options.some((o) => !(o.weight > 0) || !Number.isInteger(o.weight))) throw new Error('constantByWeight: weights must be positive integers');
    this.values = options.map((o) => o.value);
    let total = 0;
    this.upTo = options.map((o) => (total += o.weight));
  }

  generate(mrng: fc.Random): fc.Value<T> {
    const index = this.drawIndex(mrng);
    return new fc.Value(this.values[index]!, index);
  }

  valueOnly(mrng: fc.Random): T {
    return this.values[this.drawIndex(mrng)]!;
  }

  drawIndex(mrng: fc.Random): number {
    const drawn = mrng.nextInt(0, this.upTo[this.upTo.length - 1]! - 1);
    let index = 0;
    while (drawn >= this.upTo[index]!) index++;
    return index;
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
 * fc.constant(value) and fc.constantFrom(...values): one integer below the count picks a value (none
 * for one value); any but the first shrinks to the first, unless it equals the first.
 */
export class ConstantsDraw<T> extends Draw<T> {
  constructor(readonly values: readonly T[]) {
    super();
    if (values.length === 0) throw new Error('constantsDraw: no values');
  }

  drawIndex(mrng: fc.Random): number {
    return this.values.length === 1 ? 0 : mrng.nextInt(0, this.values.length - 1);
  }

  generate(mrng: fc.Random): fc.Value<T> {
    const index = this.drawIndex(mrng);
    return new fc.Value(this.values[index]!, index);
  }

  valueOnly(mrng: fc.Random): T {
    return this.values[this.drawIndex(mrng)]!;
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.values.some((v) => Object.is(v, value));
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return context === 0 || Object.is(value, this.values[0]) ? fc.Stream.nil() : fc.Stream.of(new fc.Value(this.values[0]!, 0));
  }
}

/** The same draws and shrinks as fc.constant(value). */
export function constantDraw<T>(value: T): fc.Arbitrary<T> {
  return new ConstantsDraw([value]);
}

/** The same draws and shrinks as fc.constantFrom(...values). */
export function constantFromDraw<T>(...values: T[]): fc.Arbitrary<T> {
  return new ConstantsDraw(values);
}

/**
 * fc.integer({ min, max }) for min >= 0 (fc.nat too): unbiased, one integer from min to max; biased
 * (one time in biasFactor), first which of its two ranges near min and near max, then one in it, as
 * fast-check draws. Shrinks as fast-check's integer, which it asks.
 */
export class IntegerDraw extends Draw<number> {
  private readonly ranges: readonly { min: number; max: number }[];
  private readonly theirs: fc.Arbitrary<number>;

  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {
    super();
    if (!(Number.isInteger(min) && Number.isInteger(max) && 0 <= min && min <= max)) throw new Error('integerDraw: min and max must be integers, 0 <= min <= max');
    this.theirs = fc.integer({ min, max });
    const logGap = Math.floor(Math.log(max - min) / Math.log(2));
    this.ranges = min === max ? [{ min, max }] : [{ min, max: min + logGap }, { min: max - logGap, max }];
  }

  draw(mrng: fc.Random, biasFactor: number | undefined): number {
    if (biasFactor === undefined || mrng.nextInt(1, biasFactor) !== 1) return mrng.nextInt(this.min, this.max);
    if (this.ranges.length === 1) return mrng.nextInt(this.min, this.max);
    const id = mrng.nextInt(-2 * (this.ranges.length - 1), this.ranges.length - 2);
    const range = id < 0 ? this.ranges[0]! : this.ranges[id + 1]!;
    return mrng.nextInt(range.min, range.max);
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<number> {
    return new fc.Value(this.draw(mrng, biasFactor), undefined);
  }

  valueOnly(mrng: fc.Random, biasFactor: number | undefined): number {
    return this.draw(mrng, biasFactor);
  }

  canShrinkWithoutContext(value: unknown): value is number {
    return this.theirs.canShrinkWithoutContext(value);
  }

  shrink(value: number, context: unknown): fc.Stream<fc.Value<number>> {
    return this.theirs.shrink(value, context);
  }
}

/** The same draws and shrinks as fc.integer({ min, max }), for min >= 0. */
export function integerDraw(constraints: { min: number; max: number }): fc.Arbitrary<number> {
  return new IntegerDraw(constraints.min, constraints.max);
}

/** The same draws and shrinks as fc.nat(constraints). */
export function natDraw(constraints?: { max: number }): fc.Arbitrary<number> {
  return new IntegerDraw(0, constraints?.max ?? 0x7fffffff);
}
