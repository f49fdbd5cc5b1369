// The order of triggered abilities is judged on the stack, not on the engine's own list (CR 603.3b):
// the active player's first, then the other's; one player's in the order the action names, in any
// order where it names none (the player's choice, left open by the scenario).
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { runSuite } from '../runner/run-suite.ts';
import { judgeFor } from '../runner/evaluate.ts';
import * as F from './fixtures/scenarios.ts';
import { authorsEngine, editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const apnap = PROPERTIES.find((p) => p.id === 'triggers.apnap-order')!;

/**
 * Each batch of abilities put on the stack together (ids `<action>.t<k>`, `<action>.r<n>.t<k>`) with
 * the players' groups the other way round (p2's under p1's), each player's own order kept, in every
 * state: wrong by APNAP alone (CR 603.3b), whatever the list of triggered abilities says.
 */
function stackedBackwards(t: Trace): Trace {
  const out = editableCopy(t);
  for (const s of out.steps) {
    const stack = s.state.stack;
    const batches = new Map<string, number[]>();
    stack.forEach((o, i) => {
      if (o.kind === 'ability') batches.set(o.id.replace(/\.t\d+$/, ''), [...(batches.get(o.id.replace(/\.t\d+$/, '')) ?? []), i]);
    });
    for (const at of batches.values()) {
      const inBatch = at.map((i) => stack[i]!);
      const objects = [...inBatch.filter((o) => o.controller === 'p2'), ...inBatch.filter((o) => o.controller !== 'p2')];
      at.forEach((i, k) => (stack[i] = objects[k]!));
    }
  }
  return out;
}

describe('the order of triggered abilities on the stack', () => {
  it("fails an engine that reports APNAP order but stacks the other player's abilities under the active player's, within 1,000 runs", async () => {
    const backwards = authorsEngine('stacks-backwards', stackedBackwards);
    const result = await runSuite({ ...judgeFor(backwards), properties: [apnap], runs: 1000, seed: 1 });
    const finding = result.findings.find((f) => f.property?.id === 'triggers.apnap-order');
    expect(finding?.verdict).toMatchObject({ status: 'fail', rule: '603.3b', expected: expect.stringMatching(/p1's .*then p2's/) });
  });

  it("passes one player's abilities in any order where the action names none, and judges the order it names", async () => {
    const s = normalizeScenario(F.TRIGGERS);
    const reversed = editableCopy(engine.runSync(s));
    step(reversed, 3).state.stack.reverse();
    // The same six abilities of Gatekeeper-like kicks, put on the stack the other way round: p1's choice.
    expect(await verdictOf(apnap, s, reversed)).not.toMatchObject({ status: 'fail' });
    const ordered = normalizeScenario({ ...F.TRIGGERS, actions: F.TRIGGERS.actions.map((a, i) => (i === 3 ? { ...a, triggerOrder: ['gk#0', 'gk#2'] } : a)) });
    const named = editableCopy(engine.runSync(ordered));
    expect(await verdictOf(apnap, ordered, named)).toMatchObject({ status: 'pass' });
    step(named, 3).state.stack.reverse();
    expect(await verdictOf(apnap, ordered, named)).toMatchObject({ status: 'fail', expected: expect.stringMatching(/in the order the action names: gk#0, gk#2/) });
  });

  it("fails, in a step that resolves until empty (no stack shown in between), a reported batch with p2's ability before p1's", async () => {
    const s = normalizeScenario({ ...F.TRIGGERS, actions: [F.TRIGGERS.actions[0]!, { do: 'resolve', untilEmpty: true }] });
    const t = editableCopy(engine.runSync(s));
    const list = step(t, 1).triggered!;
    expect(list.length).toBeGreaterThan(1);
    expect(await verdictOf(apnap, s, t)).not.toMatchObject({ status: 'fail' });
    list.unshift({ ...list[0]!, controller: 'p2', source: 'oppw' });
    expect(await verdictOf(apnap, s, t)).toMatchObject({ status: 'fail', kind: 'reported', rule: '603.3b' });
  });
});
