// A judgement's verdicts are kept by the position of their property in the list judged
// (runner/evaluate.ts Verdicts) and read so by a run's tallies and clusters; everything else reads
// them as a map by id. Both readings must say what a map filled property by property said. And a
// scenario is normalized by copying its cards and actions key by key: the same objects, keys in
// the same order, as spreading them gave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { FAULTS, faultyReference } from '../adapters/faults/index.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { catalogCard } from '../model/catalog.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import type { Property } from '../properties/property.ts';
import { appliedAt, judge, judgeFor, verdictAt, Verdicts } from '../runner/evaluate.ts';
import { encodeJudged } from '../runner/wire.ts';
import { MULTIKICKED_PACK } from './fixtures/scenarios.ts';

describe('a judgement’s verdicts', () => {
  it('read by id and by position say what every property’s check said, and which applied', async () => {
    const seen = new Map<string, unknown>();
    const noted = PROPERTIES.map(
      (p): Property => ({
        ...p,
        check: (run, ctx) => {
          const v = p.check(run, ctx);
          if (v instanceof Promise) return v.then((w) => (seen.set(p.id, w), w));
          seen.set(p.id, v);
          return v;
        },
      }),
    );
    const fault = FAULTS.find((f) => f.id === 'copy-loses-kicked')!;
    const j = await judge(judgeFor(faultyReference(fault.id)), fault.minimal.scenario, noted);
    if (j.failure) throw new Error(j.failure.message);
    expect(j.verdicts).toBeInstanceOf(Verdicts);
    expect(j.verdicts.size).toBe(noted.length);
    expect([...j.verdicts.keys()]).toEqual(noted.map((p) => p.id));
    expect(seen.size).toBeGreaterThan(10);
    expect(seen.size).toBeLessThan(noted.length);
    for (const [i, p] of noted.entries()) {
      const applied = seen.has(p.id);
      expect(j.applied.has(p.id)).toBe(applied);
      expect(appliedAt(j, noted, i)).toBe(applied);
      if (applied) expect(j.verdicts.get(p.id)).toBe(seen.get(p.id));
      else expect(j.verdicts.get(p.id)).toEqual({ status: 'n/a' });
      expect(verdictAt(j, noted, i)).toBe(j.verdicts.get(p.id));
    }
    expect([...j.verdicts].filter(([, v]) => v.status === 'fail').map(([id]) => id)).toContain(fault.minimal.shows);
    expect(j.verdicts.has('no such property')).toBe(false);
    // Read by id for another list of the same properties, as shrinking reads its targets.
    const others = [...noted].reverse();
    for (const [i, p] of others.entries()) expect(verdictAt(j, others, i)).toBe(j.verdicts.get(p.id));
  });

  it('cross to another thread as a plain map and set', async () => {
    const j = await judge(judgeFor(new ReferenceEngine()), MULTIKICKED_PACK, PROPERTIES);
    if (j.failure) throw new Error(j.failure.message);
    const wired = structuredClone(encodeJudged(j));
    expect(wired.verdicts).toBeInstanceOf(Map);
    expect([...(wired.verdicts ?? [])]).toEqual([...j.verdicts]);
    expect([...(wired.applied ?? [])]).toEqual([...j.applied]);
  });
});

/** Normal form as spreads made it, written here on its own. */
function spreadNormalized(s: Scenario): unknown {
  const players = s.players.map((p) => ({ id: p.id, life: p.life ?? 20, mana: p.mana ?? {}, hand: p.hand ?? [], library: p.library ?? [], graveyard: p.graveyard ?? [], battlefield: p.battlefield ?? [] }));
  return {
    ...s,
    cards: s.cards.map((c) => ({ ...c, definition: c.definition ?? catalogCard(c.oracle!) })),
    players,
    actions: s.actions.map((a, i) => {
      const named = 'player' in a || a.do === 'cast' || a.do === 'copy' || a.do === 'putOntoBattlefield' || a.do === 'clone';
      return named ? { ...a, id: a.id ?? `a${i + 1}`, player: (a as { player?: string }).player ?? 'p1' } : { ...a, id: a.id ?? `a${i + 1}` };
    }),
  };
}

describe('a normalized scenario', () => {
  it('is written out as the spreads wrote it, key for key, for generated scenarios and normal ones again', () => {
    const scenarios = fc.sample(scenarioArb({ capabilities: new ReferenceEngine().capabilities }), { seed: 7, numRuns: 300 });
    for (const s of [...scenarios, MULTIKICKED_PACK]) {
      const n = normalizeScenario(s);
      expect(JSON.stringify(n)).toBe(JSON.stringify(spreadNormalized(s)));
      expect(JSON.stringify(normalizeScenario(n))).toBe(JSON.stringify(n));
      // Copies: the scenario given is left as it was.
      expect(n.actions.every((a, i) => a !== s.actions[i])).toBe(true);
    }
  });

  it('keeps an id or a player given, where the action had them', () => {
    const s: Scenario = { format: 'castcheck-scenario/1', cards: [], players: [{ id: 'p1' }, { id: 'p2' }], actions: [{ do: 'resolve', id: 'first' }, { do: 'cast', card: 'x', player: 'p2' }] };
    const n = normalizeScenario(s);
    expect(n.actions).toEqual([
      { do: 'resolve', id: 'first' },
      { do: 'cast', card: 'x', player: 'p2', id: 'a2' },
    ]);
    expect(Object.keys(n.actions[1]!)).toEqual(['do', 'card', 'player', 'id']);
  });
});
