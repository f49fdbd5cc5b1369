// Breakers for resolution.new-object-not-targeted (CR 400.7, 608.2b): Vines of Vastwood, Burst
// Lightning and Thornscape Battlemage's ability resolving after their targets changed zones, each
// outcome of touching the new object with its words; and what the property leaves alone.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('resolution.new-object-not-targeted')!;
// Steps: 2 Vines resolves (Bears flickered), 6 Burst Lightning resolves (Giant destroyed and returned), 10 Thornscape's ability resolves (Giant flickered).
const s = normalizeScenario(F.TARGETS_CHANGED_ZONES);
const fresh = () => editableCopy(engine.runSync(s));
const was = (id: string, by: string) => `${id}, a new object since ${by} targeted it (CR 400.7)`;

describe('resolution.new-object-not-targeted', () => {
  it('checks the three resolutions whose targets changed zones', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 3 });
  });

  it('the flickered Hill Giant gone after the ability resolves fails as moved', async () => {
    const t = fresh();
    step(t, 10).state.battlefield = step(t, 10).state.battlefield.filter((o) => o.id !== 'giant');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a11', kind: 'moved', rule: '608.2b', expected: `${was('giant', 'a9.t1')}, stays on the battlefield`, observed: 'it left the battlefield', checks: 3 });
  });

  it('the returned Hill Giant dealt Burst Lightning\'s damage fails as damaged; damage not shown before or after is not compared', async () => {
    const t = fresh();
    permanent(t, 6, 'giant').damage = 2;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a7', kind: 'damaged', rule: '608.2b', expected: `${was('giant', 'bolt')}, is dealt no damage: 0`, observed: '2 damage', checks: 2 });
    const unseenBefore = fresh();
    delete permanent(unseenBefore, 5, 'giant').damage;
    permanent(unseenBefore, 6, 'giant').damage = 2;
    expect(await verdictOf(p, s, unseenBefore)).toEqual({ status: 'pass', checks: 3 });
    const unseenAfter = fresh();
    permanent(unseenAfter, 5, 'giant').damage = 1;
    delete permanent(unseenAfter, 6, 'giant').damage;
    expect(await verdictOf(p, s, unseenAfter)).toEqual({ status: 'pass', checks: 3 });
    const kept = fresh();
    permanent(kept, 5, 'giant').damage = 1;
    permanent(kept, 6, 'giant').damage = 1;
    expect(await verdictOf(p, s, kept)).toEqual({ status: 'pass', checks: 3 });
  });

  it('the flickered Grizzly Bears given counters, power, toughness or another controller by Vines fails as changed', async () => {
    const unchanged = '{"counters":{},"power":2,"toughness":2,"controller":"p1"}';
    const t = fresh();
    permanent(t, 2, 'bears').power = 6;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a3', kind: 'changed', rule: '608.2b', expected: `${was('bears', 'vines')}, unchanged: ${unchanged}`, observed: '{"counters":{},"power":6,"toughness":2,"controller":"p1"}', checks: 1 });
    const changes: [string, (x: ReturnType<typeof fresh>) => void][] = [
      ['{"counters":{"+1/+1":1},"power":2,"toughness":2,"controller":"p1"}', (x) => void (permanent(x, 2, 'bears').counters = { '+1/+1': 1 })],
      ['{"counters":{},"power":2,"toughness":6,"controller":"p1"}', (x) => void (permanent(x, 2, 'bears').toughness = 6)],
      ['{"counters":{},"power":2,"toughness":2,"controller":"p2"}', (x) => void (permanent(x, 2, 'bears').controller = 'p2')],
    ];
    for (const [observed, change] of changes) {
      const x = fresh();
      change(x);
      expect(await verdictOf(p, s, x), observed).toMatchObject({ status: 'fail', step: 'a3', kind: 'changed', observed });
    }
  });

  it('a target that never left is not judged here, nor the ability\'s own source, flickered, that it targets as well', async () => {
    // The same trace read as if Thornscape Battlemage, not Hill Giant, were flickered: the Giant is the same object.
    const flickered = normalizeScenario({ ...F.TARGETS_CHANGED_ZONES, actions: F.TARGETS_CHANGED_ZONES.actions.map((a, i) => (i === 9 ? { do: 'flicker' as const, permanent: 'thorn' } : a)) });
    const t = fresh();
    for (const i of [8, 9]) {
      const ability = step(t, i).state.stack.find((o) => o.id === 'a9.t1')!;
      ability.targets = [['giant'], ['thorn']];
    }
    permanent(t, 10, 'giant').damage = 2;
    expect(await verdictOf(p, flickered, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('a resolve accepted with nothing on the stack is not judged here', async () => {
    const t = fresh();
    step(t, 1).state.stack = [];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('a resolve rejected, or resolving everything at once, is not judged here', async () => {
    const rejected = fresh();
    step(rejected, 10).outcome = 'rejected';
    step(rejected, 10).reason = 'empty-stack';
    expect(await verdictOf(p, s, rejected)).toEqual({ status: 'pass', checks: 2 });
    const atOnce = normalizeScenario({ ...F.TARGETS_CHANGED_ZONES, actions: F.TARGETS_CHANGED_ZONES.actions.map((a, i) => (i === 10 ? { do: 'resolve' as const, untilEmpty: true } : a)) });
    expect(await verdictOf(p, atOnce, editableCopy(engine.runSync(atOnce)))).toEqual({ status: 'pass', checks: 2 });
  });

  it('applies to scenarios that resolve and flicker, bounce or destroy', () => {
    const base: Scenario = { ...F.TARGETS_CHANGED_ZONES, actions: [{ do: 'cast', card: 'bolt', targets: [['giant']] }] };
    const w = (...more: Scenario['actions']) => p.applies(normalizeScenario({ ...base, actions: [...base.actions, ...more] }));
    expect(w({ do: 'resolve' })).toBe(false);
    expect(w({ do: 'flicker', permanent: 'bears' }, { do: 'bounce', object: 'bears' }, { do: 'destroy', permanent: 'giant' })).toBe(false);
    expect(w({ do: 'flicker', permanent: 'bears' }, { do: 'resolve' })).toBe(true);
    expect(w({ do: 'bounce', object: 'bears' }, { do: 'resolve' })).toBe(true);
    expect(w({ do: 'destroy', permanent: 'giant' }, { do: 'resolve' })).toBe(true);
  });
});
