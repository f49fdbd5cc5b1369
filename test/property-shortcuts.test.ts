// The shortcuts the properties take on their passing path must answer exactly as the longer way they
// replace: a verdict may never depend on which way was taken.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sameMembers, sameShown, show } from '../properties/property.ts';
import { features } from '../properties/features.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { formatMana, manaOf, parseMana, sameManaWritten } from '../model/mana.ts';
import { declaredMana } from '../model/declarations.ts';
import { canonical, sameJson, sameJsonSince } from '../model/compare.ts';
import type { CardDefinition } from '../model/schema-types.ts';

describe('sameShown', () => {
  const values: unknown[] = [undefined, null, 0, -0, 1, NaN, Infinity, '', 'a', 'b', true, false, [], [undefined], [null], ['a'], ['a', 'b'], ['b', 'a'], [['a'], ['b']], [['a'], []], [[undefined]], [[null]], { a: 1, b: 2 }, { b: 2, a: 1 }, { a: undefined }, {}, [1, 'a'], [NaN], [null, 'a']];
  it('answers as the written-out comparison for every pair', () => {
    for (const a of values) for (const b of values) expect(sameShown(a, b), `${String(show(a))} / ${String(show(b))}`).toBe(show(a) === show(b));
  });
  it('answers as the written-out comparison on lists of target groups', () => {
    const groups = fc.array(fc.array(fc.constantFrom('p1', 'p2', 'bolt', 'a1'), { maxLength: 3 }), { maxLength: 3 });
    fc.assert(fc.property(groups, groups, (a, b) => sameShown(a, b) === (show(a) === show(b))));
  });
});

describe('sameMembers', () => {
  it('answers as comparing sorted copies', () => {
    const ids = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 6 });
    fc.assert(fc.property(ids, ids, (a, b) => sameMembers(a, b) === (show([...a].sort()) === show([...b].sort()))));
  });
});

describe('features', () => {
  const scenarios = fc.sample(scenarioArb({ capabilities: new ReferenceEngine().capabilities }), { seed: 3, numRuns: 200 }).map(normalizeScenario);

  it('reads what a walk of the scenario reads', () => {
    for (const s of scenarios) {
      const f = features(s);
      expect([...f.does].sort()).toEqual([...new Set(s.actions.map((a) => a.do))].sort());
      expect(f.mostSpliced).toBe(Math.max(0, ...s.actions.map((a) => (a.do === 'cast' ? (a.splice?.length ?? 0) : 0))));
      expect(f.triggerEvents).toEqual(new Set(s.cards.flatMap((c) => (c.definition.triggers ?? []).map((t) => t.event))));
      const casts = s.actions.flatMap((a) => (a.do === 'cast' ? [a.card] : []));
      expect(f.castAgain).toBe(new Set(casts).size < casts.length);
      const draws = s.cards.some((c) => [...(c.definition.effects ?? []), ...(c.definition.triggers ?? []).flatMap((t) => t.effects)].some((e) => e.kind === 'draw'));
      expect(f.drawEffect).toBe(draws);
      const firstOf = (id: string) => s.cards.find((c) => c.id === id);
      expect(f.castCopier).toBe(s.actions.some((a) => a.do === 'cast' && (firstOf(a.card)?.definition.effects ?? []).some((e) => e.kind === 'copySpell')));
    }
    expect(scenarios.some((s) => features(s).castCopier)).toBe(true);
  });

  it('keeps a scenario judged up to a step apart from the whole one', () => {
    const s = scenarios.find((x) => x.actions.length > 1 && x.actions.some((a, i) => i > 0 && a.do !== x.actions[0]!.do))!;
    const whole = features(s);
    const judged = features({ ...s, actions: s.actions.slice(0, 1) });
    expect([...judged.does]).toEqual([s.actions[0]!.do]);
    expect(whole.does.size).toBeGreaterThan(1);
    // Asked in turn, each scenario keeps its own (the last one asked is kept at hand).
    expect(features(s)).toBe(whole);
    expect(features(scenarios.find((x) => x !== s)!)).not.toBe(whole);
    expect(features(s)).toBe(whole);
  });
});

describe('sameManaWritten', () => {
  const mana = fc.record({ x: fc.nat(2), generic: fc.integer({ min: -2, max: 3 }), W: fc.nat(2), U: fc.nat(1), B: fc.nat(1), R: fc.nat(1), G: fc.nat(1), C: fc.nat(2) });
  it('answers as comparing the costs written out', () => {
    fc.assert(fc.property(mana, mana, (a, b) => sameManaWritten(a, b) === (formatMana(a) === formatMana(b))));
    fc.assert(fc.property(mana, (a) => sameManaWritten(a, { ...a }) && sameManaWritten(manaOf(formatMana(a)), a)));
  });
});

describe('declaredMana', () => {
  it('reads the printed costs as the one cost they are written together', () => {
    const cost = fc.array(fc.constantFrom('{X}', '{1}', '{2}', '{10}', '{W}', '{U}', '{B}', '{R}', '{G}', '{C}'), { maxLength: 4 }).map((xs) => xs.join(''));
    const def = (manaCost: string | undefined, kickers: string[], multi: string | undefined, splice: string | undefined): CardDefinition => ({
      name: 'Test',
      types: ['Instant'],
      ...(manaCost !== undefined ? { manaCost } : {}),
      ...(kickers.length > 0 ? { kicker: { costs: kickers.map((mana) => ({ mana })) } } : {}),
      ...(multi !== undefined ? { multikicker: { cost: { mana: multi } } } : {}),
      ...(splice !== undefined ? { splice: { onto: 'Arcane', cost: { mana: splice } } } : {}),
    }) as CardDefinition;
    const args = fc.record({
      main: fc.option(cost, { nil: undefined }),
      kickers: fc.array(cost, { minLength: 0, maxLength: 2 }),
      multi: fc.option(cost, { nil: undefined }),
      splices: fc.array(cost, { maxLength: 2 }),
      kicked: fc.subarray(['A', 'B'] as const),
      times: fc.nat(2),
      x: fc.nat(3),
      free: fc.boolean(),
    });
    fc.assert(
      fc.property(args, (a) => {
        const main = def(a.main, a.kickers, a.multi, undefined);
        const kicker = a.kicked.filter((l) => (l === 'A' ? 0 : 1) < a.kickers.length);
        const multikicker = a.multi === undefined ? 0 : a.times;
        const splices = a.splices.map((m) => def('{1}', [], undefined, m));
        const joined = [
          ...(!a.free && a.main ? [a.main] : []),
          ...kicker.map((l) => a.kickers[l === 'A' ? 0 : 1]!),
          ...Array.from({ length: multikicker }, () => a.multi!),
          ...a.splices,
        ].join('');
        const read = parseMana(joined);
        expect(declaredMana(main, { kicker, multikicker }, splices, a.x, a.free)).toEqual({ ...read, x: 0, generic: read.generic + read.x * a.x });
      }),
    );
  });
});

describe('sameJson and sameJsonSince', () => {
  it('answer as comparing the values written out with sorted keys, on any JSON', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(fc.property(json, json, (a, b) => sameJson(a, b) === (canonical(a) === canonical(b))));
    fc.assert(fc.property(json, (a) => sameJson(a, JSON.parse(JSON.stringify(a)) as unknown)));
  });

  it('answer alike on the states of two engines, as given and broken, step after step', () => {
    const engine = new ReferenceEngine();
    const runs = fc.sample(scenarioArb({ capabilities: engine.capabilities }), { seed: 5, numRuns: 150 }).map(normalizeScenario);
    let differing = 0;
    for (const s of runs) {
      const a = new ReferenceEngine().runSync(s).steps.map((st) => st.state);
      // The other side broken at every third step: a player's life, or a permanent's tapped flag.
      const b = new ReferenceEngine().runSync(s).steps.map((st, i) =>
        i % 3 !== 2
          ? st.state
          : st.state.battlefield.length > 0
            ? { ...st.state, battlefield: st.state.battlefield.map((p, j) => (j === 0 ? { ...p, tapped: !p.tapped } : p)) }
            : { ...st.state, players: st.state.players.map((p) => ({ ...p, life: p.life + 1 })) as typeof st.state.players },
      );
      for (let i = 0; i < a.length; i++) {
        const same = canonical(a[i]) === canonical(b[i]);
        if (!same) differing++;
        expect(sameJson(a[i], b[i])).toBe(same);
        if (i > 0 && sameJson(a[i - 1], b[i - 1])) expect(sameJsonSince(a[i], b[i], a[i - 1], b[i - 1])).toBe(same);
      }
    }
    expect(differing).toBeGreaterThan(50);
  });
});
