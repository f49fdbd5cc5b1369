import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { lintScenario } from '../model/lint.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { Capabilities } from '../model/schema-types.ts';

const reference = new ReferenceEngine().capabilities;
const printedOnly: Capabilities = {
  mechanics: ['kicker', 'multikicker'],
  actions: ['cast', 'resolve'],
  cards: { synthetic: false, oracle: ['Burst Lightning', 'Kavu Titan', 'Gnarlid Pack', 'Twincast', 'Grizzly Bears', 'Island'] },
  observes: [],
};

describe('scenario generator', () => {
  test.prop([scenarioArb({ capabilities: reference })], { numRuns: 300 })('makes schema-valid, consistent scenarios', (s) => {
    expect(formatIssues(validateDocument('scenario', s))).toEqual([]);
    expect(formatIssues(lintScenario(normalizeScenario(s)))).toEqual([]);
  });

  test.prop([scenarioArb({ capabilities: printedOnly })], { numRuns: 200 })('stays inside what an engine declares', (s) => {
    expect(formatIssues(validateDocument('scenario', s))).toEqual([]);
    const known = new Set(printedOnly.cards.oracle);
    for (const c of s.cards) {
      expect(c.definition, 'no synthetic cards').toBeUndefined();
      expect(known.has(c.oracle!), c.oracle).toBe(true);
    }
    for (const a of s.actions) {
      expect(printedOnly.actions).toContain(a.do);
      if (a.do === 'cast') expect(a.splice).toBeUndefined();
    }
  });

  test('builds synthetic scenarios for an engine without splice', () => {
    const noSplice: Capabilities = { ...reference, mechanics: reference.mechanics.filter((m) => m !== 'splice') };
    const samples = fc.sample(scenarioArb({ capabilities: noSplice }), { numRuns: 200, seed: 1 });
    expect(samples.some((s) => s.cards.some((c) => c.definition))).toBe(true);
    for (const s of samples) for (const a of s.actions) if (a.do === 'cast') expect(a.splice).toBeUndefined();
  });

  // Follow-ups on a permanent can find it gone (its own enters ability may destroy it); what the
  // generator declares for casts and copies must always be legal.
  test.prop([scenarioArb({ capabilities: reference, illegalShare: 0 })], { numRuns: 500 })(
    'with no illegal share, the reference engine accepts every cast and copy, and never resolves an empty stack',
    (s) => {
      const trace = new ReferenceEngine().runSync(s);
      const rejected = trace.steps
        // Once a player has lost (low life, an empty library), every later action is rejected as game-over.
        .filter((st, i) => st.outcome !== 'accepted' && st.reason !== 'game-over' && (['cast', 'copy'].includes(s.actions[i]!.do) || st.reason === 'empty-stack'))
        .map((st) => `${st.action}: ${st.reason} ${st.message}`);
      expect(rejected).toEqual([]);
    },
  );

  test('mixes kicker, multikicker, several splices and copies in one scenario', () => {
    const samples = fc.sample(scenarioArb({ capabilities: reference }), { numRuns: 1000, seed: 3 });
    const all = samples.filter((s) => {
      const cast = s.actions[0];
      return cast?.do === 'cast' && (cast.kicker?.length ?? 0) + (cast.multikicker ?? 0) > 0 && (cast.splice?.length ?? 0) >= 2 && s.actions.some((a) => a.id?.startsWith('copy'));
    });
    expect(all.length).toBeGreaterThan(10);
    expect(samples.some((s) => s.cards.some((c) => c.oracle && c.oracle !== 'Island'))).toBe(true);
    expect(samples.some((s) => s.cards.some((c) => c.definition))).toBe(true);
  });

  test('ends some scenarios by destroying every creature at once, only for an engine that can', () => {
    const allCreatures = (a: { do: string; filter?: { types?: string[] } }) => a.do === 'destroyAll' && a.filter?.types?.[0] === 'Creature';
    const samples = fc.sample(scenarioArb({ capabilities: reference }), { numRuns: 800, seed: 2 });
    const ending = samples.filter((s) => s.actions.some(allCreatures));
    // One in eight, drawn last: always the last action.
    expect(ending.length).toBeGreaterThan(60);
    expect(ending.length).toBeLessThan(150);
    for (const s of ending) expect(allCreatures(s.actions.at(-1)!)).toBe(true);
    // Several creatures die in one event in some of them, with a death watcher on the board in some.
    const deaths = ending.map((s) => {
      const t = new ReferenceEngine().runSync(s);
      const last = t.steps.at(-1)!;
      const before = t.steps.at(-2)?.state.battlefield.length ?? 0;
      return { died: before - last.state.battlefield.length, watched: (last.triggered ?? []).length > 0 };
    });
    expect(deaths.filter((d) => d.died >= 2).length).toBeGreaterThan(20);
    expect(deaths.some((d) => d.died >= 2 && d.watched)).toBe(true);
    const withoutIt: Capabilities = { ...reference, actions: [...reference.actions.filter((a) => a !== 'destroyAll' && a !== 'destroyAllCreatures'), 'destroyAllLands'] };
    expect(fc.sample(scenarioArb({ capabilities: withoutIt }), { numRuns: 300, seed: 2 }).some((s) => s.actions.some(allCreatures))).toBe(false);
  });
});
