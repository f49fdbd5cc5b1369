// fc.tuple and fc.record with the draws and shrinks of fast-check's own (generators/draws.ts says why).
import fc from 'fast-check';
import { BooleanDraw, booleanDraw, ConstantByWeight, ConstantsDraw, Draw, IntegerDraw, valueOnly } from './draws.ts';

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
