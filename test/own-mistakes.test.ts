// castcheck's own mistakes, seen on real engines (issue 36), each corrected with a fixed case under
// scenarios/: where the rules allow several answers, every one passes.
import { describe, expect, it } from 'vitest';
import { loadCases } from '../runner/cases.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { StackSpell, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const scenarioOf = (id: string) => normalizeScenario(loadCases().find((c) => c.case.id === id)!.case.scenario);

/** The properties of one trace that fail, other than agreement and relations (judged against other runs). */
async function failing(s: NormalizedScenario, t: Trace): Promise<string[]> {
  const out: string[] = [];
  for (const p of PROPERTIES) {
    if (p.kind === 'agreement' || p.kind === 'relation' || !p.applies(s)) continue;
    if ((await verdictOf(p, s, t)).status === 'fail') out.push(p.id);
  }
  return out;
}

describe("castcheck's own mistakes", () => {
  it('a cast with two problems (not in hand, and unpayable) may be rejected for either (CR 601.2a, 601.2h)', async () => {
    const s = scenarioOf('cast-with-two-problems-either-reason');
    const t = engine.runSync(s);
    expect(t.steps[1]!.outcome).toBe('rejected');
    for (const reason of ['not-in-hand', 'cannot-pay'] as const) {
      const answered = editableCopy(t);
      step(answered, 1).reason = reason;
      expect(await failing(s, answered), reason).toEqual([]);
    }
    const wrong = editableCopy(t);
    step(wrong, 1).reason = 'illegal-target';
    expect(await failing(s, wrong)).toContain('casting.illegal-declarations-rejected');
  });

  it('a copy spell whose only target is itself copies nothing: no copy is expected of it (CR 115.5)', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'bolt', oracle: 'Burst Lightning' }, { id: 'tc', oracle: 'Twincast' }],
      players: [{ id: 'p1', hand: ['bolt', 'tc'], mana: { R: 1, U: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'cast', card: 'tc', targets: [['tc']] }, { do: 'resolve' }],
    });
    // The same Twincast cast at Burst Lightning, for the spell as an engine shows it on the stack.
    const atBolt = engine.runSync(normalizeScenario({ ...s, actions: [s.actions[0]!, { do: 'cast', card: 'tc', targets: [['bolt']] }] }));
    const t = editableCopy(engine.runSync(s));
    // An engine that took the cast at itself: Twincast on the stack aimed at itself, then resolving to nothing.
    const tc = { ...(atBolt.steps[1]!.state.stack[1] as StackSpell), targets: [['tc']] };
    Object.assign(step(t, 1), { outcome: 'accepted', state: editableCopy(atBolt).steps[1]!.state });
    delete step(t, 1).reason;
    step(t, 1).state.stack[1] = tc;
    Object.assign(step(t, 2), { outcome: 'accepted', state: editableCopy(atBolt).steps[1]!.state });
    delete step(t, 2).reason;
    step(t, 2).state.stack = [step(t, 2).state.stack[0]!];
    playerAt(t, 2, 'p1').graveyard = ['tc'];
    const copyAppears = PROPERTIES.find((p) => p.id === 'copies.copy-appears')!;
    expect(await verdictOf(copyAppears, s, t)).not.toMatchObject({ status: 'fail' });
    // The cast itself is the engine's mistake, judged where it belongs.
    expect(await failing(s, t)).toContain('resolution.never-targets-itself');
  });

  it("two abilities of one player, in an order the scenario does not declare, pass in either order (CR 603.3b)", async () => {
    const s = scenarioOf('one-players-triggers-in-any-order');
    const t = editableCopy(engine.runSync(s));
    expect(await failing(s, t)).toEqual([]);
    const stack = step(t, 0).state.stack;
    [stack[1], stack[2]] = [stack[2]!, stack[1]!];
    step(t, 0).triggered!.reverse();
    expect(await failing(s, t)).toEqual([]);
  });

  it('cards put into a graveyard at the same time pass in either order', async () => {
    const s = scenarioOf('cards-put-into-a-graveyard-together-in-any-order');
    const t = editableCopy(engine.runSync(s));
    expect(playerAt(t, 0, 'p2').graveyard).toHaveLength(2);
    playerAt(t, 0, 'p2').graveyard.reverse();
    expect(await failing(s, t)).toEqual([]);
  });
});
