// Breakers for resolution.never-targets-itself (CR 115.5, 601.2c): Counterspell aimed at itself and a
// copy of Burst Lightning given itself as a new target are rejected; a spell on the stack that lists
// itself among its targets fails wherever it shows.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('resolution.never-targets-itself')!;
/** Counterspell at itself, then at Burst Lightning; Twincast's copy; then a copy of the second Burst Lightning aimed at itself. */
const s = normalizeScenario({ ...F.COUNTERSPELL_AT_ITSELF, actions: [...F.COUNTERSPELL_AT_ITSELF.actions, { do: 'copy', id: 'c2', spell: 'bolt2', newTargets: [['c2']] }] });
const accept = (t: ReturnType<typeof editableCopy>, i: number) => {
  step(t, i).outcome = 'accepted';
  delete step(t, i).reason;
};

describe('resolution.never-targets-itself', () => {
  it('counts a check for each rejected self-aimed cast or copy and each step with a targeting spell on the stack', async () => {
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 9 });
    // A spell on the stack with no targets is not a check.
    step(t, 2).state.stack.forEach((o) => o.kind === 'spell' && (o.targets = []));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 8 });
  });

  it('Counterspell cast at itself and accepted fails, and nothing after it is judged', async () => {
    const t = editableCopy(engine.runSync(s));
    accept(t, 1);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: 'cs, named among its own targets, is rejected', observed: 'accepted', checks: 3 });
  });

  it('a copy given itself as its new target and accepted fails (CR 115.5)', async () => {
    const t = editableCopy(engine.runSync(s));
    accept(t, 7);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'c2', expected: 'c2, named among its own targets, is rejected', observed: 'accepted', checks: 9 });
  });

  it('a spell on the stack listing itself among its targets fails, in any group', async () => {
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 2, 1).targets = [['p2'], ['bolt', 'cs']];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a3', expected: 'no spell targets itself', observed: 'cs targets [["p2"],["bolt","cs"]]', checks: 4 });
    const whole = editableCopy(engine.runSync(s));
    // A target group given as one id rather than a list of them.
    spellAt(whole, 4, 0).targets = ['bolt2' as unknown as string[]];
    expect(await verdictOf(p, s, whole)).toMatchObject({ status: 'fail', step: 'a5', observed: 'bolt2 targets ["bolt2"]' });
  });

  it('a copy of the spell itself with no new targets, or a cast naming no targets, is no self-aim', async () => {
    const copyKept = normalizeScenario({ ...s, actions: [s.actions[0]!, { do: 'copy', id: 'c3', spell: 'bolt' }] });
    const t = editableCopy(engine.runSync(copyKept));
    expect(await verdictOf(p, copyKept, t)).toEqual({ status: 'pass', checks: 2 });
    // The copy lists the original among its targets (not itself): not a failure.
    spellAt(t, 1, 1).targets = [['bolt']];
    expect(await verdictOf(p, copyKept, t)).toEqual({ status: 'pass', checks: 2 });
  });
});

describe('resolution.never-targets-itself applies', () => {
  it('to a scenario that only copies (its copy rejected), as to one that casts, and not to one that does neither', () => {
    const bolt = F.COUNTERSPELL_AT_ITSELF.cards.slice(0, 1);
    const players: Scenario['players'] = [{ id: 'p1', hand: ['bolt'], mana: { R: 1 } }, { id: 'p2' }];
    expect(p.applies(normalizeScenario({ format: 'castcheck-scenario/1', cards: bolt, players, actions: [{ do: 'copy', id: 'c', spell: 'bolt' }] }))).toBe(true);
    expect(p.applies(normalizeScenario({ format: 'castcheck-scenario/1', cards: bolt, players, actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }] }))).toBe(true);
    expect(p.applies(normalizeScenario({ format: 'castcheck-scenario/1', cards: bolt, players, actions: [{ do: 'bounce', object: 'bolt' }] }))).toBe(false);
  });
});
