// fc.oneof and fc.option with the draws and shrinks of fast-check's own (generators/draws.ts says why).
import fc from 'fast-check';
import { constantDraw, Draw, valueOnly } from './draws.ts';

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
