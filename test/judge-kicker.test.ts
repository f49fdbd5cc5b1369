// Breakers for the branches of the kicker properties (CR 702.33) that the verdict snapshots leave
// alive: the order kicker costs are shown in, the words of a wrong multikicker count, a kicked spell
// missing from the stack, and Comet Storm's target groups on its cast and on a copy that is missing.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import { observedTrace } from '../model/observables.ts';
import { propertyById } from '../properties/index.ts';
import { STACK_KICK } from '../properties/property.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;

describe('kicker breakers', () => {
  it('kicker.declarations: kicker costs declared B then A are shown A, B; shown B, A they fail (CR 702.33b)', async () => {
    const s = normalizeScenario({ ...F.TRIGGERS, actions: F.TRIGGERS.actions.map((a) => (a.do === 'cast' && a.card === 'gk' ? { ...a, kicker: ['B', 'A'] } : a)) });
    const p = property('kicker.declarations');
    const t = editableCopy(engine.runSync(s));
    const at = s.actions.findIndex((a) => a.do === 'cast' && a.card === 'gk');
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    const spell = step(t, at).state.stack.find((o) => o.id === 'gk');
    expect(spell).toMatchObject({ kicker: ['A', 'B'] });
    if (spell?.kind === 'spell') spell.kicker = ['B', 'A'];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'kicker', rule: '702.33b', expected: 'kicker costs ["A","B"], in A, B order', observed: 'kicker costs ["B","A"]', checks: 1 });
  });

  it('kicker.declarations: a wrong multikicker count says what was declared and what was shown (CR 702.33c)', async () => {
    const s = normalizeScenario(F.MULTIKICKED_PACK);
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 0, 0).multikicker = 2;
    expect(await verdictOf(property('kicker.declarations'), s, t)).toEqual({ status: 'fail', step: 'a1', kind: 'multikicker', rule: '702.33c', expected: 'multikicker paid 1 times', observed: '2 times', checks: 1 });
  });

  it('kicker.kicked-even-when-free and kicker.target-count-fixed: an accepted kicked Comet Storm missing from the stack fails, and nothing after it is judged', async () => {
    const s = normalizeScenario(F.FREE_AND_REDUCED);
    for (const id of ['kicker.kicked-even-when-free', 'kicker.target-count-fixed']) {
      const t = editableCopy(engine.runSync(s));
      step(t, 0).state.stack = [];
      expect(await verdictOf(property(id), s, t), id).toMatchObject({ status: 'fail', step: 'a1', checks: 1 });
    }
  });

  it("kicker.target-count-fixed: Comet Storm cast with target groups of other sizes than its kicks fix, and a copy missing from the stack (CR 601.2c, 707.10c)", async () => {
    const s = normalizeScenario(F.FREE_AND_REDUCED);
    const p = property('kicker.target-count-fixed');
    const cast = editableCopy(engine.runSync(s));
    spellAt(cast, 0, 0).targets = [['p2', 'bears']];
    expect(await verdictOf(p, s, cast)).toMatchObject({ status: 'fail', step: 'a1', expected: 'target groups of sizes [3]', observed: 'sizes [2]' });
    const copy = editableCopy(engine.runSync(s));
    step(copy, 2).state.stack = step(copy, 2).state.stack.filter((o) => o.id !== 'copy');
    expect(await verdictOf(p, s, copy)).toMatchObject({ status: 'fail', step: 'copy' });
  });

  it('kicker.declarations: a spell that shows one of the four kick fields is checked on it; one that shows none compared nothing, and counts no check', async () => {
    const s = normalizeScenario(F.MULTIKICKED_PACK);
    const p = property('kicker.declarations');
    const t = engine.runSync(s);
    const others = engine.capabilities.observes.filter((o) => !STACK_KICK.includes(o));
    for (const field of STACK_KICK) expect(await verdictOf(p, s, observedTrace(t, [...others, field])), field).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, observedTrace(t, others))).toEqual({ status: 'n/a' });
  });
});
