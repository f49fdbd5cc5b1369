// generators/draws.ts, with oneof-draws.ts, tuple-draws.ts and array-draws.ts, stands in for
// fast-check arbitraries the generators draw hundreds of times a scenario: the same draws and the
// same shrinks, or seeds would give other scenarios and failures other repros. Held here to the
// arbitraries they replace, through fast-check's public API.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';
import { arrayDraw, uniqueArrayDraw } from '../generators/array-draws.ts';
import { booleanDraw, constantByWeight, constantDraw, constantFromDraw, integerDraw, natDraw, valueOnly } from '../generators/draws.ts';
import { oneofDraw, optionDraw } from '../generators/oneof-draws.ts';
import { recordDraws, tupleDraws } from '../generators/tuple-draws.ts';

/** What a run makes of an arbitrary: the values of a sample, and a failure's counterexample, path and shrink count for a few predicates. */
function behaviour<T>(arb: fc.Arbitrary<T>, predicates: ((v: T) => boolean)[]): unknown {
  const out: unknown[] = [];
  for (const seed of [1, 2, 3, 42]) {
    // Beside a number drawn after it: the random generator is left where the replaced one leaves it.
    out.push(JSON.stringify(fc.sample(fc.tuple(arb, fc.nat()), { seed, numRuns: 300 })));
    for (const p of predicates) {
      const r = fc.check(fc.property(arb, fc.nat(), (v, n) => p(v) || n % 7 === 0), { seed });
      out.push(JSON.stringify([r.counterexample, r.counterexamplePath, r.numShrinks, r.numRuns]));
    }
  }
  return out;
}

describe('draws', () => {
  test('booleanDraw draws and shrinks as fc.boolean()', () => {
    const predicates = [(b: boolean[]) => b.filter((x) => x).length < 3, (b: boolean[]) => !b[0] || !b[2]];
    expect(behaviour(fc.array(booleanDraw, { maxLength: 8 }), predicates)).toEqual(behaviour(fc.array(fc.boolean(), { maxLength: 8 }), predicates));
    expect(booleanDraw.canShrinkWithoutContext(true)).toBe(true);
    expect(booleanDraw.canShrinkWithoutContext(1)).toBe(false);
  });

  test('constantByWeight draws and shrinks as fc.oneof with cross-shrink over constants', () => {
    const options = [
      { weight: 2, value: '' },
      { weight: 2, value: 'A' },
      { weight: 1, value: 'B' },
      { weight: 3, value: 'AB' },
    ];
    const predicates = [(v: string[]) => !v.includes('B'), (v: string[]) => v.join('').length < 4];
    const ours = fc.array(constantByWeight(...options), { maxLength: 6 });
    const theirs = fc.array(fc.oneof({ withCrossShrink: true }, ...options.map((o) => ({ weight: o.weight, arbitrary: fc.constant(o.value) }))), { maxLength: 6 });
    expect(behaviour(ours, predicates)).toEqual(behaviour(theirs, predicates));
    expect(() => constantByWeight({ weight: 0, value: 1 })).toThrow(/weights/);
  });

  test('recordDraws mapped by hand draws and shrinks as fc.record', () => {
    const predicates = [(r: { a: number; b: boolean; c: string[] }) => r.a < 5 || r.c.length < 2, (r: { a: number; b: boolean; c: string[] }) => !r.b];
    const fields = [fc.nat({ max: 9 }), fc.boolean(), fc.array(fc.constantFrom('W', 'U', 'B'), { maxLength: 3 })] as const;
    const ours = recordDraws(...fields).map(([a, b, c]) => ({ a, b, c }));
    // fc.record may make objects without a prototype: compared as plain data.
    const theirs = fc.record({ a: fields[0], b: fields[1], c: fields[2] }).map((r) => ({ ...r }));
    expect(behaviour(ours, predicates)).toEqual(behaviour(theirs, predicates));
  });
  test('tupleDraws draws and shrinks as fc.tuple, mapped or not, with fields drawn in place among others', () => {
    const fields = [booleanDraw, fc.nat({ max: 9 }), constantByWeight({ weight: 1, value: 'x' }, { weight: 3, value: 'y' }), fc.array(fc.constantFrom('W', 'U', 'B'), { maxLength: 3 })] as const;
    const theirFields = [fc.boolean(), fields[1], fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: fc.constant('x') }, { weight: 3, arbitrary: fc.constant('y') }), fields[3]] as const;
    type T = readonly [boolean, number, string, string[]];
    const predicates = [(t: T) => !t[0] || t[1] < 5, (t: T) => t[2] === 'x' || t[3].length < 2];
    expect(behaviour(tupleDraws(...fields), predicates)).toEqual(behaviour(fc.tuple(...theirFields), predicates));
    const mapped = (t: T) => ({ kicked: t[0], n: t[1] * 2, s: t[2] + t[3].join('') });
    type M = ReturnType<typeof mapped>;
    const mappedPredicates = [(m: M) => !m.kicked || m.n < 8, (m: M) => m.s.length < 3];
    const twice = (m: M) => ({ ...m, n: m.n + 1 });
    expect(behaviour(tupleDraws(...fields).map(mapped).map(twice), mappedPredicates)).toEqual(behaviour(fc.tuple(...theirFields).map(mapped).map(twice), mappedPredicates));
    expect(tupleDraws(...fields).canShrinkWithoutContext([true, 3, 'y', []])).toBe(true);
    expect(tupleDraws(...fields).map(mapped).canShrinkWithoutContext({ kicked: true, n: 1, s: 'y' })).toBe(false);
  });
  test('constantDraw and constantFromDraw draw and shrink as fc.constant and fc.constantFrom, a value equal to the first included', () => {
    const predicates = [(v: string[]) => !v.includes('b'), (v: string[]) => v.length < 3];
    const values = ['a', 'b', 'c', 'a', 'b'];
    expect(behaviour(fc.array(constantFromDraw(...values), { maxLength: 6 }), predicates)).toEqual(behaviour(fc.array(fc.constantFrom(...values), { maxLength: 6 }), predicates));
    expect(behaviour(fc.array(constantDraw('b'), { maxLength: 6 }), predicates)).toEqual(behaviour(fc.array(fc.constant('b'), { maxLength: 6 }), predicates));
    const inOneof = [(v: (string | number)[]) => !v.includes('c')];
    expect(behaviour(fc.array(fc.oneof({ withCrossShrink: true }, constantDraw(1), constantFromDraw('b', 'c')), { maxLength: 4 }), inOneof)).toEqual(
      behaviour(fc.array(fc.oneof({ withCrossShrink: true }, fc.constant(1), fc.constantFrom('b', 'c')), { maxLength: 4 }), inOneof),
    );
    expect(constantFromDraw('a', 'b').canShrinkWithoutContext('b')).toBe(true);
    expect(constantFromDraw('a', 'b').canShrinkWithoutContext('z')).toBe(false);
  });

  test('integerDraw and natDraw draw (biased too) and shrink as fc.integer and fc.nat', () => {
    const predicates = [(v: number[]) => v.every((n) => n < 5), (v: number[]) => v.length < 3 || v[0]! !== v[1]!];
    for (const [min, max] of [[0, 0], [1, 1], [0, 3], [1, 9], [3, 200], [0, 0x7fffffff]] as const) {
      expect(behaviour(fc.array(integerDraw({ min, max }), { maxLength: 5 }), predicates)).toEqual(behaviour(fc.array(fc.integer({ min, max }), { maxLength: 5 }), predicates));
      // In a tuple, drawn in place.
      expect(behaviour(tupleDraws(integerDraw({ min, max }), natDraw({ max })), [(t: [number, number]) => t[0] + t[1] < 6])).toEqual(behaviour(fc.tuple(fc.integer({ min, max }), fc.nat({ max })), [(t: [number, number]) => t[0] + t[1] < 6]));
    }
    expect(behaviour(natDraw(), [(n: number) => n < 1000])).toEqual(behaviour(fc.nat(), [(n: number) => n < 1000]));
    expect(() => integerDraw({ min: -1, max: 3 })).toThrow(/min/);
  });
  test('oneofDraw and optionDraw draw and shrink as fc.oneof (with cross-shrink or not) and fc.option', () => {
    type V = number | string | undefined;
    const predicates = [(v: V[]) => !v.includes('c'), (v: V[]) => v.filter((x) => typeof x === 'number' && x > 2).length < 2];
    const options = [{ weight: 2, arbitrary: fc.nat({ max: 5 }) as fc.Arbitrary<V> }, { weight: 1, arbitrary: fc.constantFrom('a', 'b', 'c') as fc.Arbitrary<V> }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 9 }) as fc.Arbitrary<V> }];
    for (const crossShrink of [true, false]) {
      const ours = fc.array(oneofDraw<V>({ withCrossShrink: crossShrink }, ...options), { maxLength: 5 });
      const theirs = fc.array(fc.oneof({ withCrossShrink: crossShrink }, ...options), { maxLength: 5 });
      expect(behaviour(ours, predicates)).toEqual(behaviour(theirs, predicates));
    }
    const plain = [(v: V[]) => v.length < 3 || v[0] !== v[2]];
    expect(behaviour(fc.array(oneofDraw<V>(options[0]!.arbitrary, options[1]!.arbitrary), { maxLength: 5 }), plain)).toEqual(behaviour(fc.array(fc.oneof(options[0]!.arbitrary, options[1]!.arbitrary), { maxLength: 5 }), plain));
    const optional = [(v: V[]) => v.filter((x) => x !== undefined).length < 2, (v: V[]) => !v.includes(4)];
    expect(behaviour(fc.array(optionDraw(fc.nat({ max: 5 }) as fc.Arbitrary<V>, { nil: undefined, freq: 3 }), { maxLength: 5 }), optional)).toEqual(
      behaviour(fc.array(fc.option(fc.nat({ max: 5 }) as fc.Arbitrary<V>, { nil: undefined, freq: 3 }), { maxLength: 5 }), optional),
    );
    // A value it did not make shrinks as fast-check's.
    const made = oneofDraw<V>({ withCrossShrink: true }, ...options);
    const theirs = fc.oneof({ withCrossShrink: true }, ...options);
    expect([...made.shrink(7, undefined)].map((v) => v.value)).toEqual([...theirs.shrink(7, undefined)].map((v) => v.value));
    expect(made.canShrinkWithoutContext('b')).toBe(true);
  });

  test('arrayDraw and uniqueArrayDraw draw (biased too) and shrink as fc.array and fc.uniqueArray, nested too', () => {
    const predicates = [(v: number[][]) => v.flat().every((n) => n < 4), (v: number[][]) => v.length < 3 || v[0]!.length !== v[2]!.length];
    for (const [minLength, maxLength] of [[0, 0], [0, 3], [1, 3], [2, 2], [0, 12]] as const) {
      const ours = arrayDraw(arrayDraw(natDraw({ max: 6 }), { minLength, maxLength }), { maxLength: 4 });
      const theirs = fc.array(fc.array(fc.nat({ max: 6 }), { minLength, maxLength }), { maxLength: 4 });
      expect(behaviour(ours, predicates)).toEqual(behaviour(theirs, predicates));
      const unique = arrayDraw(uniqueArrayDraw(constantFromDraw(0, 1, 2, 3, 4, 5, 6), { maxLength }), { maxLength: 4 });
      const theirUnique = fc.array(fc.uniqueArray(fc.constantFrom(0, 1, 2, 3, 4, 5, 6), { maxLength }), { maxLength: 4 });
      expect(behaviour(unique, predicates)).toEqual(behaviour(theirUnique, predicates));
    }
    // Lengths bounded by fast-check's global size, as its own arrays read it when made.
    for (const baseSize of ['xsmall', 'medium'] as const) {
      fc.configureGlobal({ baseSize });
      try {
        const [ours, theirs] = [arrayDraw(arrayDraw(natDraw({ max: 6 }), { minLength: 2, maxLength: 12 }), { maxLength: 4 }), fc.array(fc.array(fc.nat({ max: 6 }), { minLength: 2, maxLength: 12 }), { maxLength: 4 })];
        expect(behaviour(ours, predicates)).toEqual(behaviour(theirs, predicates));
      } finally {
        fc.resetConfigureGlobal();
      }
    }
    // Few values to draw from: the draws fast-check skips as repeats are skipped alike.
    const few = [(v: number[]) => v.length < 2];
    expect(behaviour(uniqueArrayDraw(natDraw({ max: 1 }), { maxLength: 5 }), few)).toEqual(behaviour(fc.uniqueArray(fc.nat({ max: 1 }), { maxLength: 5 }), few));
    expect(arrayDraw(natDraw({ max: 6 }), { maxLength: 2 }).canShrinkWithoutContext([1, 2])).toBe(true);
    expect(uniqueArrayDraw(natDraw({ max: 6 }), { maxLength: 2 }).canShrinkWithoutContext([1, 1])).toBe(false);
  });

  test('a value made alone is the value generate makes, and leaves the random generator where generate leaves it', () => {
    const every = tupleDraws(
      booleanDraw,
      natDraw({ max: 9 }),
      integerDraw({ min: 3, max: 40 }),
      constantByWeight({ weight: 1, value: 'x' }, { weight: 3, value: 'y' }),
      constantFromDraw('a', 'b', 'c'),
      constantDraw('k'),
      oneofDraw({ withCrossShrink: true }, constantDraw(0), natDraw({ max: 5 }).map((n) => n * 10), arrayDraw(booleanDraw, { maxLength: 3 }).map((b) => b.length)),
      optionDraw(natDraw({ max: 3 }), { nil: null, freq: 3 }),
      arrayDraw(tupleDraws(booleanDraw, fc.nat({ max: 4 })).map(([b, n]) => (b ? n : -n)), { minLength: 1, maxLength: 5 }),
      uniqueArrayDraw(natDraw({ max: 3 }), { maxLength: 4 }),
      fc.string({ maxLength: 3 }),
    ).map((t) => ({ t }));
    for (const seed of [1, 2, 3, 42]) {
      for (const bias of [undefined, 2, 5]) {
        const [withContext, alone] = [new fc.Random(xorshift128plus(seed)), new fc.Random(xorshift128plus(seed))];
        for (let i = 0; i < 200; i++) expect(valueOnly(every, alone, bias, 'test')).toEqual(every.generate(withContext, bias).value);
        expect(alone.nextInt(0, 1e9)).toBe(withContext.nextInt(0, 1e9));
      }
    }
  });

  test('a value made alone is refused when it would have to be cloned, as generate refuses it', () => {
    const random = new fc.Random(xorshift128plus(1));
    expect(() => tupleDraws(fc.context()).generate(random, undefined)).toThrow(/cloned/);
    expect(() => valueOnly(tupleDraws(fc.context()), random, undefined, 'test')).toThrow(/cloned/);
    expect(() => valueOnly(arrayDraw(fc.context(), { minLength: 1, maxLength: 2 }), random, undefined, 'test')).toThrow(/cloned/);
  });
});
