// Breakers for the branches that name a rule and had none in the judge's tests (test/judge-breakers.test.ts
// holds the others): a reference trace of a small scenario broken in one field, which only that branch
// rejects, asserted by verdict, kind and rule through the property registry.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;

/** Burst Lightning at Hill Giant: 2 damage on a 3/3, which survives with it marked (CR 120.3). */
const BOLTED_GIANT: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'burst', oracle: 'Burst Lightning' },
    { id: 'hill', oracle: 'Hill Giant' },
  ],
  players: [{ id: 'p1', hand: ['burst'], mana: { R: 1 } }, { id: 'p2', battlefield: [{ card: 'hill' }] }],
  actions: [{ do: 'cast', card: 'burst', targets: [['hill']] }, { do: 'resolve' }],
};

describe('branch breakers (2)', () => {
  it('resolution.damage-to-creatures: a creature that survives with other than the damage dealt to it marked (CR 120.3)', async () => {
    const s = normalizeScenario(BOLTED_GIANT);
    const p = property('resolution.damage-to-creatures');
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    permanent(t, 1, 'hill').damage = 1;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'damage', rule: '120.3', step: 'a2', expected: 'hill has 2 damage after burst', observed: '1 damage', checks: 1 });
  });

  it("triggers.apnap-order: one player's abilities in another order than the action names (CR 603.3b)", async () => {
    const s = normalizeScenario({ ...F.TRIGGERS, actions: F.TRIGGERS.actions.map((a, i) => (i === 3 ? { ...a, triggerOrder: ['gk#0', 'gk#2'] } : a)) });
    const p = property('triggers.apnap-order');
    const t = editableCopy(engine.runSync(s));
    const passed = await verdictOf(p, s, t);
    expect(passed).toMatchObject({ status: 'pass' });
    step(t, 3).state.stack.reverse();
    const failed = await verdictOf(p, s, t);
    expect(failed).toMatchObject({ status: 'fail', kind: 'stack', rule: '603.3b', step: 'a4', expected: expect.stringMatching(/^bottom to top, p1's abilities in the order the action names: gk#0, gk#2$/) });
    expect(failed).toMatchObject({ observed: 'p1:gk#1, p1:gk#1, p1:gk#2, p1:gk#2, p1:gk#0, p1:gk#0' });
  });

  it("triggers.apnap-order: the active player's and the other's abilities interleaved on the stack (CR 603.3b)", async () => {
    const s = normalizeScenario(F.TRIGGERS);
    const p = property('triggers.apnap-order');
    const t = editableCopy(engine.runSync(s));
    const stack = step(t, 0).state.stack;
    expect(stack.map((o) => o.kind === 'ability' && `${o.controller}:${o.source}`)).toEqual([false, 'p1:castw', 'p2:oppw']);
    [stack[1], stack[2]] = [stack[2]!, stack[1]!];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'stack', rule: '603.3b', step: 'a1', observed: 'p2:oppw#0, p1:castw#0', checks: 1 });
  });

  it("triggers.apnap-order: resolving until empty, a reported batch with p2's ability before p1's (CR 603.3b)", async () => {
    const s = normalizeScenario({ ...F.TRIGGERS, actions: [F.TRIGGERS.actions[0]!, { do: 'resolve', untilEmpty: true }] });
    const p = property('triggers.apnap-order');
    const t = editableCopy(engine.runSync(s));
    const list = step(t, 1).triggered!;
    expect(await verdictOf(p, s, t)).not.toMatchObject({ status: 'fail' });
    list.unshift({ ...list[0]!, controller: 'p2', source: 'oppw' });
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'reported', rule: '603.3b', step: 'a2', expected: "p1's triggered abilities go on the stack before p2's", observed: expect.stringMatching(/^\["p2:oppw",.*"p1:/) });
  });
});
