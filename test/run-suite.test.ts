import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { PROPERTIES } from '../properties/index.ts';
import { runSuite } from '../runner/run-suite.ts';
import { judge, judgeFor } from '../runner/evaluate.ts';
import type { Engine } from '../adapters/engine.ts';
import { MULTIKICKED_PACK } from './fixtures/scenarios.ts';
import { authorsEngine } from './fixtures/traces.ts';

describe('the suite', () => {
  // test/check-floor.test.ts holds it to no cluster in whole default runs (1,000 scenarios); here,
  // a smaller run at another seed, where every property still passes some scenario.
  it('passes the reference engine', async () => {
    const result = await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: 300, seed: 11 });
    expect(result.findings.map((f) => f.verdict)).toEqual([]);
    expect(result.clusters).toEqual([]);
    for (const t of result.tallies) {
      if (t.property.id === 'agreement.reference') expect(t.skipped).toMatch(/the engine under test is the reference engine/);
      else expect(t.passed, t.property.id).toBeGreaterThan(0);
    }
  });

  it('catches copies that lose their kicked status and shrinks to one kicked spell and one copy', async () => {
    for (const seed of [1, 2, 3]) {
      // Each cluster's shrinking bounded as in test/clusters.test.ts: still to the smallest scenario.
      const result = await runSuite({ ...judgeFor(faultyReference('copy-loses-kicked')), properties: PROPERTIES, runs: 300, seed, maxShrinkRuns: 400 });
      const finding = result.findings.find((f) => f.property?.id === 'copies.kicked-like-original');
      expect(finding, `seed ${seed}`).toBeDefined();
      const s = finding!.scenario;
      // The kicked spell and nothing else, then the cast and the copy.
      expect(s.cards, `seed ${seed}`).toHaveLength(1);
      expect(s.actions.map((a) => a.do), `seed ${seed}`).toEqual(['cast', 'copy']);
      const cast = s.actions[0]!;
      expect(cast.do === 'cast' && (cast.kicker?.length ?? 0) + (cast.multikicker ?? 0)).toBe(1);
    }
  });
});

describe('judging a scenario', () => {
  it('reports an engine that fails on a related run as an engine failure, not as the relation failing', async () => {
    const reference = new ReferenceEngine();
    let calls = 0;
    // Answers the scenario itself, then crashes on the run the relation asks for.
    const flaky: Engine = {
      id: { name: 'flaky', version: '1' },
      capabilities: reference.capabilities,
      run: async (s) => {
        if (++calls > 1) throw new Error('the engine died');
        return reference.run(s);
      },
      close: async () => undefined,
    };
    const relation = PROPERTIES.find((p) => p.id === 'relations.one-more-multikick')!;
    const judged = await judge(judgeFor(flaky), MULTIKICKED_PACK, [relation]);
    expect(calls).toBe(2);
    expect(judged.failure?.kind).toBe('crash');
    expect(judged.failure?.message).toMatch(/the engine died/);
  });

  it('reports a malformed trace of an engine in this process as the engine\'s protocol error, before any property reads it', async () => {
    const reference = new ReferenceEngine();
    // An author's engine whose states show one player: a property reading the second would throw.
    const oneSided = authorsEngine('one-sided', (t) => ({ ...t, steps: t.steps.map((st) => ({ ...st, state: { ...st.state, players: [st.state.players[0]] as never } })) }));
    const judged = await judge(judgeFor(oneSided), MULTIKICKED_PACK, PROPERTIES);
    expect(judged.failure?.kind).toBe('protocol-error');
    expect(judged.failure?.message).toMatch(/trace schema.*players/);
    // The same answers with the steps named for other actions.
    const renamed = authorsEngine('renamed', (t) => ({ ...t, steps: t.steps.map((st) => ({ ...st, action: `x-${st.action}` })) }));
    expect((await judge(judgeFor(renamed), MULTIKICKED_PACK, PROPERTIES)).failure?.message).toMatch(/step 1 of the trace is for action 'x-/);
    // castcheck's own engines are taken as they answer.
    expect(reference.tracesChecked).toBe(true);
    expect((await judge(judgeFor(reference), MULTIKICKED_PACK, PROPERTIES)).failure).toBeUndefined();
  });
});
