// Compares observed states by meaning: hands as sets, permanents by id, and only the fields both
// sides report (an engine may leave optional observations out).
import type { ObservedState } from './schema-types.ts';
import { toPool, poolsEqual } from './mana.ts';

export interface Difference {
  path: string;
  expected: unknown;
  observed: unknown;
}

type Json = unknown;

/**
 * Differences between `expected` and `observed`. With `partial`, only what `expected` states is
 * compared (fixed scenarios state just what their ruling is about). With `before`, the state the
 * step started from, a graveyard is also judged for order: see graveyardOrderKept.
 */
export function diffStates(expected: Partial<ObservedState>, observed: ObservedState, partial = false, before?: ObservedState): Difference[] {
  const out: Difference[] = [];
  if (expected.stack) diffList('stack', expected.stack, observed.stack, out, partial, false);
  if (expected.battlefield) diffList('battlefield', expected.battlefield, observed.battlefield, out, partial, true);
  if (expected.players) {
    for (const p of expected.players) {
      const o = observed.players.find((q) => q.id === p.id);
      if (!o) out.push({ path: `players.${p.id}`, expected: p, observed: undefined });
      else {
        diffObject(`players.${p.id}`, p, o, out, partial);
        const was = before?.players.find((q) => q.id === p.id)?.graveyard;
        if (was && p.graveyard && o.graveyard && !graveyardOrderKept(p.graveyard, o.graveyard, was)) {
          out.push({ path: `players.${p.id}.graveyard (order of the cards already there)`, expected: p.graveyard, observed: o.graveyard });
        }
      }
    }
  }
  return out;
}

/**
 * A graveyard keeps its order (CR 404.2); only cards put into it at the same time come in the order
 * their owner chooses. The cards that were there before the step must then stand in the order
 * `expected` gives them; those put there during the step may come in any order among the rest,
 * since the state after a step cannot tell which of them arrived together.
 */
export function graveyardOrderKept(expected: readonly string[], observed: readonly string[], before: readonly string[]): boolean {
  const old = new Set(before);
  const kept = (list: readonly string[]) => list.filter((id) => old.has(id));
  return canonical(kept(expected)) === canonical(kept(observed));
}

function diffList(path: string, expected: Json[], observed: Json[], out: Difference[], partial: boolean, byId: boolean): void {
  const id = (x: Json) => (x as { id?: string }).id;
  if (expected.length !== observed.length) {
    out.push({ path: `${path}`, expected: expected.map(id), observed: observed.map(id) });
    return;
  }
  expected.forEach((e, i) => {
    const o = byId ? observed.find((x) => id(x) === id(e)) : observed[i];
    if (o === undefined) out.push({ path: `${path}.${id(e)}`, expected: e, observed: undefined });
    else diffObject(`${path}[${byId ? id(e) : i}]`, e, o, out, partial);
  });
}

// Fields whose order carries no meaning here. A graveyard's order is the order cards were put there,
// but cards put there at the same time (destroyed, discarded, milled together) go in their owner's
// order of choice: this comparison leaves the order out, and diffStates judges it apart where it
// knows the state before the step (graveyardOrderKept).
const SETS = new Set(['hand', 'graveyard', 'colors', 'types', 'subtypes', 'keywords', 'kicker', 'sacrificed']);

function diffObject(path: string, expected: Json, observed: Json, out: Difference[], partial: boolean): void {
  const e = expected as Record<string, Json>;
  const o = observed as Record<string, Json>;
  const keys = partial ? Object.keys(e) : [...new Set([...Object.keys(e), ...Object.keys(o)])];
  for (const key of keys) {
    if (!(key in e) || !(key in o)) {
      if (partial && key in e) out.push({ path: `${path}.${key}`, expected: e[key], observed: undefined });
      // A player's 'lost' is left out while they are in the game (the trace schema): set on one side
      // only, it differs. (Other fields may be left out because the engine does not observe them.)
      else if (!partial && key === 'lost' && (e[key] === true || o[key] === true)) out.push({ path: `${path}.${key}`, expected: e[key] ?? false, observed: o[key] ?? false });
      continue;
    }
    if (!sameValue(key, e[key], o[key])) out.push({ path: `${path}.${key}`, expected: e[key], observed: o[key] });
  }
}

function sameValue(key: string, a: Json, b: Json): boolean {
  if (key === 'mana' && isPool(a) && isPool(b)) return poolsEqual(toPool(a), toPool(b));
  if (key === 'counters') return canonical(dropZeros(a)) === canonical(dropZeros(b));
  if (SETS.has(key) && Array.isArray(a) && Array.isArray(b)) return canonical([...a].sort()) === canonical([...b].sort());
  return canonical(a) === canonical(b);
}

function isPool(x: Json): x is Record<string, number> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function dropZeros(x: Json): Json {
  if (!isPool(x)) return x;
  return Object.fromEntries(Object.entries(x).filter(([, v]) => v !== 0));
}

/**
 * Whether two JSON values are the same: arrays in order, objects whatever the order of their keys.
 * Cheaper than writing both out; what it calls different may still be the same by meaning (diffStates).
 */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      // Elements that are one value, or two values of which one is no object, need no call.
      const u = a[i];
      const v = b[i];
      if (u !== v && (typeof u !== 'object' || !sameJson(u, v))) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, Json>;
  const y = b as Record<string, Json>;
  // Every key of x in y with the same value, and as many keys in y: no key lists made (this runs for every step).
  let keys = 0;
  for (const k in x) {
    const u = x[k];
    const v = y[k];
    // One value on both sides needs no call; y's own key is asked about only where a value could
    // have come from elsewhere (nothing, or an object y holds by inheritance).
    if (u === v ? u === undefined && !Object.hasOwn(y, k) : typeof u !== 'object' || !sameJson(u, v) || !Object.hasOwn(y, k)) return false;
    keys++;
  }
  for (const _ in y) keys--;
  return keys === 0;
}

/**
 * sameJson for two states whose previous pair, `wasA` and `wasB`, was found the same: a part that
 * is the very object it was on both sides is the same without walking it. Engines that share the
 * unchanged parts of one step's state with the next (the reference engine does) are compared at the
 * cost of what changed; others fall back to sameJson part by part. Traces are never changed once
 * given, so an object seen the same stays the same.
 */
export function sameJsonSince(a: Json, b: Json, wasA: Json | undefined, wasB: Json | undefined): boolean {
  if (a === b || (a === wasA && b === wasB)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (typeof wasA !== 'object' || typeof wasB !== 'object' || wasA === null || wasB === null || Array.isArray(wasA) !== Array.isArray(a) || Array.isArray(wasB) !== Array.isArray(b)) return sameJson(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    const [pa, pb] = [wasA as Json[], wasB as Json[]];
    for (let i = 0; i < a.length; i++) {
      const x = a[i]!;
      const y = b[i]!;
      if (x === y) continue;
      // A permanent that entered or left moves the others along by one: the part found the same
      // before is then a neighbour's (the pair at one index of two lists found the same is the same).
      let j = i;
      if (x !== pa[i] && typeof x === 'object' && x !== null) {
        if (i > 0 && x === pa[i - 1]) j = i - 1;
        else if (x === pa[i + 1]) j = i + 1;
      }
      if (!sameJsonSince(x, y, pa[j], pb[j])) return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, Json>;
  const y = b as Record<string, Json>;
  const [px, py] = [wasA as Record<string, Json>, wasB as Record<string, Json>];
  let keys = 0;
  for (const k in x) {
    const u = x[k];
    const v = y[k];
    if (u === v ? u === undefined && !Object.hasOwn(y, k) : typeof u !== 'object' || !sameJsonSince(u, v, px[k], py[k]) || !Object.hasOwn(y, k)) return false;
    keys++;
  }
  for (const _ in y) keys--;
  return keys === 0;
}

/** JSON with sorted keys, so that key order never makes two values differ. */
export function canonical(x: Json): string {
  return JSON.stringify(x, (_, v: Json) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

export function formatDifferences(diffs: readonly Difference[]): string {
  return diffs.map((d) => `${d.path}: expected ${canonical(d.expected)}, observed ${canonical(d.observed)}`).join('; ');
}
