// fc.record without its cost. fast-check builds a record as a tuple of its fields followed by one
// more boolean (whether the object gets a null prototype), mapped to an object by a generic mapper
// that was a sixth of generation's time, and null-prototype objects are slow to read afterwards.
// Generators call this with the record's fields in the record's order and map the tuple by hand:
// the same random draws and the same shrinks as the record they replace, so that a seed gives the
// same scenarios and a failure the same repro.
import fc from 'fast-check';

/** The draws of fc.record({ ...fields in this order }): each field, then the record's prototype boolean (ignored). */
export function recordDraws<Ts extends unknown[]>(...fields: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> }): fc.Arbitrary<[...Ts, boolean]> {
  return fc.tuple(...fields, fc.boolean()) as fc.Arbitrary<[...Ts, boolean]>;
}
