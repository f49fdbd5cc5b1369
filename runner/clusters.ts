// Clusters: the failures of a run grouped by signature, so that each distinct bug is reported once,
// with how many scenarios showed it, and shrunk once.
import type { Expectation } from '../model/schema-types.ts';
import { divergences, type Divergence, type Property } from '../properties/property.ts';
import type { Expectations } from './expectations.ts';
import { verdictAt } from './evaluate.ts';
import type { Judged } from './judged.ts';
import type { FirstFailure, Hit } from './results.ts';
import { canonical } from '../model/compare.ts';
import { engineFailureSignature, kindOf, propertySignature } from './signatures.ts';

/**
 * The clusters a judged scenario falls into. For each property: one per expectation its divergences
 * match, and one for the first divergence at a step where no expectation matched (the first
 * contested reading apart).
 * The divergences after that first one are most often its consequences (a spell left on the stack
 * changes every state after it; a rejected copy changes the stack), and a later, separate bug shows
 * first in other scenarios: so a known difference early in a scenario never hides a new one after it,
 * and one bug is not counted under many names.
 */
export function hitsOf(j: Judged, properties: readonly Property[], expectations: Expectations): Hit[] {
  if (j.failure) {
    const signature = engineFailureSignature(j.failure);
    const expectation = expectations.forEngineFailure(signature);
    return [{ signature, kind: j.failure.kind, divergences: [], ...(expectation ? { expectation } : {}) }];
  }
  const hits: Hit[] = [];
  for (let i = 0; i < properties.length; i++) {
    const property = properties[i]!;
    const v = verdictAt(j, properties, i);
    if (!v || (v.status !== 'fail' && v.status !== 'contested')) continue;
    const all = divergences(v);
    const expected = new Map<Expectation, Divergence[]>();
    for (const d of all) {
      const e = expectations.forKind(property.id, kindOf(d));
      if (e) expected.set(e, [...(expected.get(e) ?? []), d]);
    }
    for (const [expectation, shown] of expected) {
      hits.push({ signature: expectation.signature, kind: shown.some((d) => d.ruling === undefined) ? 'fail' : 'contested', property, expectation, divergences: shown });
    }
    // What else diverged at the step of an expected divergence is taken for part of it (the fields of
    // one known bug), so that naming a known bug once is enough.
    const explained = new Set([...expected.values()].flat().map((d) => d.step));
    for (const kind of ['fail', 'contested'] as const) {
      const first = all.find((d) => (d.ruling === undefined) === (kind === 'fail') && !explained.has(d.step));
      // Shown with what else diverged at its step, for people.
      if (first) hits.push({ signature: propertySignature(property.id, kindOf(first)), kind, property, divergences: [first, ...all.filter((d) => d !== first && d.step === first.step)] });
    }
  }
  return hits;
}

/**
 * How much a failure changed: 0 when every difference at its step is only an order (targets, or
 * objects put on the stack, in another order), 1 when the game itself differs. A cluster's repro is
 * shrunk from its most severe scenario, so that it shows what the bug does at its worst.
 */
export function severity(hit: Pick<Hit, 'divergences'>): number {
  return hit.divergences.length > 0 && hit.divergences.every(orderOnly) ? 0 : 1;
}

/** Whether a divergence is the same list in another order: `path: [...]` on both sides, the same items. */
function orderOnly(d: Divergence): boolean {
  const value = (text: string): unknown => {
    const at = text.indexOf(': ');
    try {
      return JSON.parse(at >= 0 ? text.slice(at + 2) : text);
    } catch {
      return undefined;
    }
  };
  const [e, o] = [value(d.expected), value(d.observed)];
  if (!Array.isArray(e) || !Array.isArray(o) || e.length !== o.length) return false;
  const items = (xs: unknown[]) => xs.map((x) => canonical(x)).sort().join('\n');
  return canonical(e) !== canonical(o) && items(e) === items(o);
}

/** Which of two scenarios of one cluster it keeps as its first, to shrink: the most severe, then the first generated. */
export function keeps<F extends Pick<FirstFailure, 'run'> & { hit: Pick<Hit, 'divergences'> }>(known: F, other: F): F {
  const [a, b] = [severity(known.hit), severity(other.hit)];
  return b > a || (b === a && other.run < known.run) ? other : known;
}
