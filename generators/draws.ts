// Cheaper spellings of the fast-check arbitraries the generators draw hundreds of times a scenario,
// each making the same random draws and the same shrinks as the one it stands for, so that a seed
// gives the same scenarios and a failure the same repro: test/draws.test.ts holds each stand-in to
// fast-check's own, test/generation-fingerprint.test.ts the scenarios a seed gives.
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
class BooleanDraw extends Draw<boolean> {
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
class ConstantByWeight<T> extends Draw<T> {
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
class ConstantsDraw<T> extends Draw<T> {
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
class IntegerDraw extends Draw<number> {
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

interface Weighted<T> {
  weight: number;
  arbitrary: fc.Arbitrary<T>;
}

/** A value of fc.oneof: the option it came from, the bias and the option's context; with cross-shrink, a copy of the random generator for the first option, and that option's value once made. */
interface Chosen {
  readonly index: number;
  readonly bias: number | undefined;
  readonly context: unknown;
  readonly forFirst: fc.Random | null;
  first?: fc.Value<unknown>;
}

/**
 * fc.oneof and fc.option, not nested in themselves: one integer below the total weight picks an
 * option (at depth 0 fast-check's depth bias adds nothing), whose value is drawn; with cross-shrink,
 * a value other than the first option's shrinks first to the first option's value drawn from a copy
 * of the random generator as it was after the draw, then as its option shrinks it. A value it did
 * not make shrinks as fast-check's, which it asks.
 */
class OneofDraw<T> extends Draw<T> {
  private readonly upTo: number[];

  constructor(
    private readonly options: readonly Weighted<T>[],
    private readonly crossShrink: boolean,
    private readonly theirs: fc.Arbitrary<T>,
  ) {
    super();
    let total = 0;
    this.upTo = options.map((o) => (total += o.weight));
  }

  private drawIndex(mrng: fc.Random): number {
    const drawn = mrng.nextInt(0, this.upTo[this.upTo.length - 1]! - 1);
    let index = 0;
    while (drawn >= this.upTo[index]!) index++;
    return index;
  }

  valueOnly(mrng: fc.Random, biasFactor: number | undefined): T {
    // The copy of the generator kept for cross-shrinking draws nothing: leaving it out changes no draw.
    return valueOnly(this.options[this.drawIndex(mrng)]!.arbitrary, mrng, biasFactor, 'oneofDraw');
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const index = this.drawIndex(mrng);
    const v = this.options[index]!.arbitrary.generate(mrng, biasFactor);
    if (v.hasToBeCloned) throw new Error('oneofDraw: an option made a value to be cloned');
    const forFirst = index !== 0 && this.crossShrink && this.options[0]!.weight !== 0 ? mrng.clone() : null;
    const chosen: Chosen = { index, bias: biasFactor, context: v.context, forFirst };
    return new fc.Value(v.value, chosen);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.theirs.canShrinkWithoutContext(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (!(context instanceof Object) || !('forFirst' in context)) return this.theirs.shrink(value, context);
    const chosen = context as Chosen;
    const { index, bias } = chosen;
    const own = this.options[index]!.arbitrary.shrink(value, chosen.context).map((v) => new fc.Value(v.value, { index, bias, context: v.context, forFirst: null } satisfies Chosen));
    if (chosen.forFirst === null) return own;
    if (chosen.first === undefined) {
      const g = this.options[0]!.arbitrary.generate(chosen.forFirst, bias);
      chosen.first = new fc.Value(g.value, { index: 0, bias, context: g.context, forFirst: null } satisfies Chosen);
    }
    return fc.Stream.of(chosen.first as fc.Value<T>).join(own);
  }
}

type OneofArg<T> = fc.Arbitrary<T> | Weighted<T>;

/** The same draws and shrinks as fc.oneof(...), with or without { withCrossShrink } first. */
export function oneofDraw<T>(...args: [{ withCrossShrink: boolean }, ...OneofArg<T>[]] | OneofArg<T>[]): fc.Arbitrary<T> {
  const theirs = fc.oneof(...(args as Parameters<typeof fc.oneof>)) as fc.Arbitrary<T>;
  const first = args[0];
  const constraints = first !== undefined && !(first instanceof fc.Arbitrary) && !('arbitrary' in first) ? first : undefined;
  const options = (constraints ? args.slice(1) : args) as OneofArg<T>[];
  return new OneofDraw(
    options.map((o) => (o instanceof fc.Arbitrary ? { weight: 1, arbitrary: o } : o)),
    constraints?.withCrossShrink ?? false,
    theirs,
  );
}

/** The same draws and shrinks as fc.option(arb, { nil, freq }). */
export function optionDraw<T, N>(arb: fc.Arbitrary<T>, constraints: { nil: N; freq: number }): fc.Arbitrary<T | N> {
  const theirs = fc.option(arb, constraints) as fc.Arbitrary<T | N>;
  return new OneofDraw<T | N>([{ weight: 1, arbitrary: constantDraw(constraints.nil) }, { weight: constraints.freq - 1, arbitrary: arb }], true, theirs);
}

/** What a tuple's value was made of: each field's value and context, as fast-check's tuple keeps them. */
interface Drawn {
  readonly values: unknown[];
  readonly contexts: unknown[];
}

const GENERIC = 0;
const BOOLEAN = 1;
const CONSTANT = 2;
const CONSTANTS = 3;
const INTEGER = 4;

/**
 * fc.tuple(...fields).map(mapper) in one arbitrary: each field in order, then the mapper over the
 * values; it shrinks each field in turn, in order, the others kept, as fast-check's tuple does, each
 * shrink mapped again. Without the tuple's own value and the map's context, and with booleanDraw,
 * constantByWeight, constantDraw, constantFromDraw, integerDraw and natDraw fields drawn in place
 * without a value of their own: the plan and the synthetic
 * cards draw some 200 fields a scenario, and fast-check's value of each (its check for a clone
 * method) was much of generation's time. No field may make values to be cloned (fc.context,
 * fc.func): generate refuses them.
 */
class TupleDraws<T> extends Draw<T> {
  private readonly kinds: number[];

  constructor(
    private readonly fields: readonly fc.Arbitrary<unknown>[],
    private readonly mapper: ((values: unknown[]) => T) | undefined,
  ) {
    super();
    this.kinds = fields.map((f) => (f instanceof BooleanDraw ? BOOLEAN : f instanceof ConstantByWeight ? CONSTANT : f instanceof ConstantsDraw ? CONSTANTS : f instanceof IntegerDraw ? INTEGER : GENERIC));
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const n = this.fields.length;
    const values = new Array<unknown>(n);
    const contexts = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const kind = this.kinds[i];
      if (kind === BOOLEAN) {
        values[i] = mrng.nextInt(0, 1) === 1;
      } else if (kind === CONSTANT) {
        const field = this.fields[i] as ConstantByWeight<unknown>;
        const index = field.drawIndex(mrng);
        values[i] = field.values[index];
        contexts[i] = index;
      } else if (kind === CONSTANTS) {
        const field = this.fields[i] as ConstantsDraw<unknown>;
        const index = field.drawIndex(mrng);
        values[i] = field.values[index];
        contexts[i] = index;
      } else if (kind === INTEGER) {
        values[i] = (this.fields[i] as IntegerDraw).draw(mrng, biasFactor);
      } else {
        const v = this.fields[i]!.generate(mrng, biasFactor);
        if (v.hasToBeCloned) throw new Error('tupleDraws: a field made a value to be cloned');
        values[i] = v.value;
        contexts[i] = v.context;
      }
    }
    return this.made(values, contexts);
  }

  valueOnly(mrng: fc.Random, biasFactor: number | undefined): T {
    const n = this.fields.length;
    const values = new Array<unknown>(n);
    for (let i = 0; i < n; i++) {
      const kind = this.kinds[i];
      if (kind === BOOLEAN) values[i] = mrng.nextInt(0, 1) === 1;
      else if (kind === CONSTANT) values[i] = (this.fields[i] as ConstantByWeight<unknown>).valueOnly(mrng);
      else if (kind === CONSTANTS) values[i] = (this.fields[i] as ConstantsDraw<unknown>).valueOnly(mrng);
      else if (kind === INTEGER) values[i] = (this.fields[i] as IntegerDraw).draw(mrng, biasFactor);
      else values[i] = valueOnly(this.fields[i]!, mrng, biasFactor, 'tupleDraws');
    }
    return this.mapper ? this.mapper(values) : (values as T);
  }

  private made(values: unknown[], contexts: unknown[]): fc.Value<T> {
    const drawn: Drawn = { values, contexts };
    return new fc.Value(this.mapper ? this.mapper(values) : (values as T), drawn);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    // As fc.map without an unmapper; as fc.tuple unmapped.
    if (this.mapper || !Array.isArray(value) || value.length !== this.fields.length) return false;
    return this.fields.every((f, i) => f.canShrinkWithoutContext(value[i]));
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    if (context === undefined || context === null || typeof context !== 'object' || !('values' in context)) {
      // Only an unmapped tuple shrinks a value it did not make: fields without their contexts.
      return this.mapper ? fc.Stream.nil() : new fc.Stream(this.shrinks(value as unknown[], []));
    }
    const drawn = context as Drawn;
    return new fc.Stream(this.shrinks(drawn.values, drawn.contexts));
  }

  private *shrinks(values: unknown[], contexts: unknown[]): IterableIterator<fc.Value<T>> {
    for (let i = 0; i < this.fields.length; i++) {
      for (const v of this.fields[i]!.shrink(values[i], contexts[i])) {
        const vs = values.slice();
        const cs = contexts.slice();
        vs[i] = v.value;
        cs[i] = v.context;
        yield this.made(vs, cs);
      }
    }
  }

  override map<U>(mapper: (t: T) => U, unmapper?: (possiblyU: unknown) => T): fc.Arbitrary<U> {
    if (unmapper !== undefined) return super.map(mapper, unmapper);
    const inner = this.mapper;
    return new TupleDraws<U>(this.fields, inner ? (values) => mapper(inner(values)) : (mapper as unknown as (values: unknown[]) => U));
  }
}

/** The same draws and shrinks as fc.tuple(...fields), and as fc.tuple(...fields).map(f) once mapped. */
export function tupleDraws<Ts extends unknown[]>(...fields: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }): fc.Arbitrary<Ts> {
  return new TupleDraws<Ts>(fields, undefined);
}

/**
 * The draws of fc.record({ ...fields in this order }): each field, then the record's prototype
 * boolean (ignored), as fast-check builds a record. Mapped by hand, without the record's generic
 * mapper (a sixth of generation's time) and its null-prototype objects, slow to read afterwards.
 */
export function recordDraws<Ts extends unknown[]>(...fields: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }): fc.Arbitrary<[...Ts, boolean]> {
  return new TupleDraws<[...Ts, boolean]>([...fields, booleanDraw], undefined);
}

/** What fast-check's array keeps beside a value it made: its shrinks read it, so ours is the same. */
interface ArrayContext {
  readonly shrunkOnce: boolean;
  readonly lengthContext: unknown;
  readonly itemsContexts: unknown[];
  readonly startIndex: number;
}

/**
 * The longest length fast-check draws for an array with a maxLength and no size of its own, from its
 * global settings, as it works it out (small: twice the minimum and ten more).
 */
function maxGeneratedLength(minLength: number, maxLength: number): number {
  const { baseSize = 'small', defaultSizeToMaxWhenMaxSpecified } = fc.readConfigureGlobal() ?? {};
  if (defaultSizeToMaxWhenMaxSpecified) return maxLength;
  const longest = { xsmall: Math.floor(1.1 * minLength) + 1, small: 2 * minLength + 10, medium: 11 * minLength + 100, large: 101 * minLength + 1000, xlarge: 1001 * minLength + 10000 }[baseSize];
  return Math.min(longest, maxLength);
}

/**
 * fc.array(item, { minLength, maxLength }) and fc.uniqueArray(item, { maxLength }): the length drawn as fast-check draws it (unbiased; or with
 * the bias, the items biased too and one time in bias² the length kept to min + log2(max - min)), then
 * each item in turn. Its own depth (a count no other arbitrary reads, without a depthIdentifier) and
 * the length's value and slices (none given) are left out. The value's context is fast-check's, so a
 * value shrinks as fast-check's array shrinks it, which it asks.
 */
class ArrayDraw<T> extends Draw<T[]> {
  private readonly maxGenerated: number;
  private readonly biasedMax: number;

  constructor(
    private readonly item: fc.Arbitrary<T>,
    private readonly minLength: number,
    maxLength: number,
    private readonly unique: boolean,
    private readonly theirs: fc.Arbitrary<T[]>,
  ) {
    super();
    const maxGenerated = maxGeneratedLength(minLength, maxLength);
    this.maxGenerated = maxGenerated;
    this.biasedMax = minLength === maxGenerated ? minLength : minLength + Math.floor(Math.log(maxGenerated - minLength) / Math.log(2));
  }

  /** The length and the items' bias, drawn as fast-check's array draws them. */
  private drawLength(mrng: fc.Random, biasFactor: number | undefined): { length: number; itemBias: number | undefined } {
    let length: number;
    let itemBias: number | undefined;
    if (biasFactor === undefined) length = mrng.nextInt(this.minLength, this.maxGenerated);
    else if (this.minLength === this.maxGenerated) {
      length = mrng.nextInt(this.minLength, this.maxGenerated);
      itemBias = biasFactor;
    } else if (mrng.nextInt(1, biasFactor) !== 1) length = mrng.nextInt(this.minLength, this.maxGenerated);
    else if (mrng.nextInt(1, biasFactor) !== 1) {
      length = mrng.nextInt(this.minLength, this.maxGenerated);
      itemBias = biasFactor;
    } else {
      length = mrng.nextInt(this.minLength, this.biasedMax);
      itemBias = biasFactor;
    }
    return { length, itemBias };
  }

  valueOnly(mrng: fc.Random, biasFactor: number | undefined): T[] {
    const { length, itemBias } = this.drawLength(mrng, biasFactor);
    const values: T[] = [];
    if (this.unique) {
      let skipped = 0;
      while (values.length < length && skipped < this.maxGenerated) {
        const v = valueOnly(this.item, mrng, itemBias, 'arrayDraw');
        if (values.some((w) => Object.is(w, v))) skipped++;
        else {
          values.push(v);
          skipped = 0;
        }
      }
    } else {
      for (let i = 0; i < length; i++) values.push(valueOnly(this.item, mrng, itemBias, 'arrayDraw'));
    }
    return values;
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T[]> {
    const { length, itemBias } = this.drawLength(mrng, biasFactor);
    const values: T[] = [];
    const itemsContexts: unknown[] = [];
    if (this.unique) {
      // As fast-check's set of values (SameValue): a value already there is drawn again, up to the
      // longest length in a row.
      let skipped = 0;
      while (values.length < length && skipped < this.maxGenerated) {
        const v = this.item.generate(mrng, itemBias);
        if (v.hasToBeCloned) throw new Error('arrayDraw: an item made a value to be cloned');
        if (values.some((w) => Object.is(w, v.value))) skipped++;
        else {
          values.push(v.value);
          itemsContexts.push(v.context);
          skipped = 0;
        }
      }
    } else {
      for (let i = 0; i < length; i++) {
        const v = this.item.generate(mrng, itemBias);
        if (v.hasToBeCloned) throw new Error('arrayDraw: an item made a value to be cloned');
        values.push(v.value);
        itemsContexts.push(v.context);
      }
    }
    const context: ArrayContext = { shrunkOnce: false, lengthContext: undefined, itemsContexts, startIndex: 0 };
    return new fc.Value(values, context);
  }

  canShrinkWithoutContext(value: unknown): value is T[] {
    return this.theirs.canShrinkWithoutContext(value);
  }

  shrink(value: T[], context: unknown): fc.Stream<fc.Value<T[]>> {
    return this.theirs.shrink(value, context);
  }
}

/** The same draws and shrinks as fc.array(item, constraints). */
export function arrayDraw<T>(item: fc.Arbitrary<T>, constraints: { minLength?: number; maxLength: number }): fc.Arbitrary<T[]> {
  return new ArrayDraw(item, constraints.minLength ?? 0, constraints.maxLength, false, fc.array(item, constraints));
}

/** The same draws and shrinks as fc.uniqueArray(item, { maxLength }): values compared as SameValue. */
export function uniqueArrayDraw<T>(item: fc.Arbitrary<T>, constraints: { maxLength: number }): fc.Arbitrary<T[]> {
  return new ArrayDraw(item, 0, constraints.maxLength, true, fc.uniqueArray(item, constraints));
}
