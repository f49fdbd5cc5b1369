// fc.array and fc.uniqueArray with the draws and shrinks of fast-check's own (generators/draws.ts says why).
import fc from 'fast-check';
import { Draw, valueOnly } from './draws.ts';

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
