// Stifle (CR 701.5a): the judge expects the triggered ability it targets, and only that one, to leave
// the stack and do nothing. Hand-made breaks of the reference trace of the fixed case
// stifle-counters-the-trigger-it-targets: the countered ability left on the stack, the other one
// taken instead, the countered ability's effect done all the same.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => PROPERTIES.find((p) => p.id === id)!;
const caseScenario = (name: string) => (JSON.parse(readFileSync(new URL(`../scenarios/triggers/${name}.case.json`, import.meta.url), 'utf8')) as { scenario: Scenario }).scenario;
const CASE = { scenario: caseScenario('stifle-counters-the-trigger-it-targets') };

describe('resolution.player-effects judges a countered triggered ability (CR 701.5a)', () => {
  const s = normalizeScenario(CASE.scenario);
  const p = property('resolution.player-effects');
  // Step 2 is Stifle resolving: a1.t1 (Lullmage's Familiar) leaves, a1.t2 (Vine Gecko) stays.
  const stifled = 2;

  it('passes the reference trace, with Stifle resolving among its checks', async () => {
    const t = engine.runSync(s);
    expect(step(t, stifled).state.stack.map((o) => o.id)).toEqual(['bolt', 'a1.t2']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
  });

  it('fails where the countered ability stays on the stack', async () => {
    const t = editableCopy(engine.runSync(s));
    const countered = step(t, 1).state.stack.find((o) => o.id === 'a1.t1')!;
    step(t, stifled).state.stack.splice(1, 0, countered);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a3', expected: expect.stringContaining('a1.t1 is countered') });
  });

  it('fails where the ability above is countered instead of the one targeted', async () => {
    const t = editableCopy(engine.runSync(s));
    const targeted = step(t, 1).state.stack.find((o) => o.id === 'a1.t1')!;
    step(t, stifled).state.stack = [step(t, stifled).state.stack[0]!, targeted];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a3', expected: expect.stringContaining('a1.t1 is countered') });
  });

  it('fails where the countered ability does what it says all the same (the Familiar gives 2 life)', async () => {
    const t = editableCopy(engine.runSync(s));
    playerAt(t, stifled, 'p1').life += 2;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a3', expected: expect.stringContaining('changes life') });
  });
});

describe('triggers.once-each-turn after a countered ability (CR 603.2h, 701.5a)', () => {
  it('lets a "do this only once each turn" ability trigger again once Stifle countered it: it never resolved', async () => {
    const s = normalizeScenario(caseScenario('do-this-only-once-each-turn-countered-triggers-again'));
    const t = engine.runSync(s);
    expect(step(t, 3).triggered?.map((x) => x.id)).toEqual(['a4.t1']);
    expect(await verdictOf(property('triggers.once-each-turn'), s, t)).toMatchObject({ status: 'pass' });
  });
});
