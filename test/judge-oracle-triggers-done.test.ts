// What is done for the turn (oracle/triggers.ts doneOnce, CR 603.2h, 701.5a): a "do this only once each
// turn" ability countered by Stifle never resolved, so it is not done, whether the stack resolves one
// object at a time or all at once; the same ability resolving is done.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../model/schema-types.ts';
import { doneOnce } from '../oracle/triggers.ts';
import { creature, instant } from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

/** Burst Lightning cast kicked sets off the watcher's ability (a1.t1); Stifle is aimed at it; then `resolves`. */
const stifled = (resolves: Scenario['actions']): Scenario => ({
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'cw', definition: creature('Kick Watcher', 1, 4, { triggers: [{ event: 'spellCast', whose: 'yours', if: 'kicked', oncePerTurn: true, effects: [{ kind: 'gainLife', amount: 1 }] }] }) },
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'stifle', definition: instant('Stifle', '{U}', { targets: [{ kind: 'ability' }], effects: [{ kind: 'counterAbility', target: 0 }] }) },
  ],
  players: [{ id: 'p1', hand: ['bolt', 'stifle'], mana: { R: 1, U: 1, C: 4 }, battlefield: [{ card: 'cw' }] }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }, { do: 'cast', card: 'stifle', targets: [['a1.t1']] }, ...resolves],
});

describe('the oracle of what is done for the turn (CR 603.2h)', () => {
  it('an ability Stifle countered is not done, one at a time or all at once; resolved, it is', () => {
    const one = runOf(stifled([{ do: 'resolve' }, { do: 'resolve' }]));
    expect(one.steps.map((s) => s.step.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    expect(one.steps[0]!.after.stack.map((o) => o.id)).toEqual(['bolt', 'a1.t1']);
    expect(one.steps[2]!.after.stack.map((o) => o.id)).toEqual(['bolt']);
    expect([...doneOnce(one, 3)]).toEqual([]);
    const all = runOf(stifled([{ do: 'resolve', untilEmpty: true }]));
    expect(all.steps[2]!.after.stack).toEqual([]);
    expect([...doneOnce(all, 3)]).toEqual([]);
    const resolved = runOf({ ...stifled([]), actions: [stifled([]).actions[0]!, { do: 'resolve' }] });
    expect([...doneOnce(resolved, 2)]).toEqual(['cw#0']);
    const allResolved = runOf({ ...stifled([]), actions: [stifled([]).actions[0]!, { do: 'resolve', untilEmpty: true }] });
    expect([...doneOnce(allResolved, 2)]).toEqual(['cw#0']);
  });
});
