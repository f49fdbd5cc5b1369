// The abilities an event triggers and how many times (oracle/triggers.ts, CR 603.2): on a cast
// (601.2i), on entering with trigger multipliers and intervening if clauses (603.2d, 603.4, 603.6a),
// "only once each turn" (603.2h), and the targets the scenario format gives each (603.3d).
import { describe, expect, it } from 'vitest';
import { addCount, doneOnce, expectedOnCast, expectedOnEnter, expectedTriggerTargets, sourcesIn, whoseOk, type TriggerCounts } from '../oracle/triggers.ts';
import { entries } from '../oracle/entries.ts';
import type { CastStep } from '../oracle/run.ts';
import type { Scenario, TargetRequirement, TriggeredAbility } from '../model/schema-types.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { plain, runOf } from './fixtures/oracle-runs.ts';

describe('the oracle of triggers (CR 603.2)', () => {
  it('counts the cast triggers of each permanent as its "whose" and kicker condition say, once-each-turn ones not again after they resolved', () => {
    const run = runOf(F.TRIGGERS);
    const onCast = run.casts().map((st) => [st.index, plain(expectedOnCast(run, st as CastStep))]);
    // Gatekeeper kicked: p1's watcher of kicked spells and p2's of any spell; later casts unkicked: p2's only.
    expect(onCast).toEqual([
      [0, { 'castw#0': 1, 'oppw#0': 1 }],
      [10, { 'oppw#0': 1 }],
      [14, { 'oppw#0': 1 }],
      [18, { 'oppw#0': 1 }],
    ]);
  });

  it('counts an entering permanent\'s own enters abilities by its kick, times the trigger multipliers of its controller', () => {
    const run = runOf(F.TRIGGERS);
    expect(entries(run).map((e) => [e.step.index, e.id, plain(expectedOnEnter(run, e))])).toEqual([
      [3, 'gk', { 'gk#0': 2, 'gk#1': 2, 'gk#2': 2 }],
      [6, 'gk2', {}],
      [7, 'clone', {}],
      [9, 'forest', {}],
    ]);
  });

  it('keeps the abilities resolved before a step, and those that trigger only once each turn from when they triggered', () => {
    const run = runOf(F.TRIGGERS);
    expect([...doneOnce(run, 0)]).toEqual([]);
    expect([...doneOnce(run, 3)]).toEqual(['oppw#0', 'castw#0']);
    expect([...doneOnce(run, 6)]).toEqual(['oppw#0', 'castw#0', 'gk#2', 'gk#0', 'gk#1']);
    expect(doneOnce(run, 8)).toBe(doneOnce(run, 6));
    expect([...doneOnce(run, 99)]).toEqual([...doneOnce(run, run.steps.length)]);
    const once = (flag: boolean): Scenario => ({
      ...S.ABILITIES,
      cards: S.ABILITIES.cards.map((c) => (c.id === 'grower' ? { id: 'grower', definition: { ...c.definition!, triggers: [{ ...c.definition!.triggers![0]!, ...(flag ? { triggersOnlyOnceEachTurn: true } : {}) }] } } : c)),
    });
    // Grower's ability triggers on the first cast (step 0) and resolves at step 1.
    expect([doneOnce(runOf(once(true)), 1).has('grower#0'), doneOnce(runOf(once(false)), 1).has('grower#0'), doneOnce(runOf(once(false)), 2).has('grower#0')]).toEqual([true, false, true]);
    // A refused step adds nothing.
    const refused = runOf(F.TRIGGERS, (t) => Object.assign(t.steps[1]!, { outcome: 'rejected', reason: 'empty-stack' }));
    expect([...doneOnce(refused, 2)]).toEqual([]);
  });

  it('lists the permanents with their definitions, and reads "whose" from the source\'s controller', () => {
    const run = runOf(S.ABILITIES);
    const state = run.steps[0]!.after;
    expect(sourcesIn(run, state, 0).map((s) => [s.id, s.controller, s.def.name])).toEqual([['grower', 'p1', 'Grower'], ['link', 'p1', 'Vampire Adept']]);
    expect(sourcesIn(run, state, 0)).toBe(sourcesIn(run, state, 0));
    expect(sourcesIn(run, { ...state, battlefield: [...state.battlefield, { ...state.battlefield[0]!, id: 'unknown', card: 'unknown' }] }, 0).map((s) => s.id)).toEqual(['grower', 'link']);
    const source = sourcesIn(run, state, 0)[0]!;
    const ability = (whose?: TriggeredAbility['whose']): TriggeredAbility => ({ event: 'spellCast', effects: [{ kind: 'gainLife', amount: 1 }], ...(whose ? { whose } : {}) });
    expect([whoseOk(ability(), source, 'p2'), whoseOk(ability('any'), source, 'p2'), whoseOk(ability('yours'), source, 'p1'), whoseOk(ability('yours'), source, 'p2'), whoseOk(ability('opponents'), source, 'p2'), whoseOk(ability('opponents'), source, 'p1')]).toEqual([true, true, true, false, true, false]);
    const counts: TriggerCounts = new Map();
    addCount(counts, 'a');
    addCount(counts, 'a', 2);
    addCount(counts, 'b', 0);
    expect(plain(counts)).toEqual({ a: 3 });
  });

  it('gives a triggered ability the targets the action names, else the first legal ones: the opponent, the controller, permanents by id, spells from the top; none legal, the ability is removed (CR 603.3d)', () => {
    const run = runOf(S.ABILITIES);
    const step = run.steps[0]!;
    const targets = (...reqs: TargetRequirement[]) => expectedTriggerTargets(run, step, 'grower', { event: 'spellCast', targets: reqs, effects: [{ kind: 'gainLife', amount: 1 }] }, 'p1', undefined);
    expect(targets({ kind: 'any' })).toEqual([['p2']]);
    expect(expectedTriggerTargets(run, step, 'grower', { event: 'spellCast', targets: [{ kind: 'any' }], effects: [{ kind: 'gainLife', amount: 1 }] }, 'p2', undefined)).toEqual([['p1']]);
    expect(targets({ kind: 'creature' })).toEqual([['grower']]);
    expect(targets({ kind: 'creature', count: 2 })).toEqual([['grower', 'link']]);
    expect(targets({ kind: 'creature', filter: { other: true } })).toEqual([['link']]);
    expect(targets({ kind: 'player' }, { kind: 'player', another: true })).toEqual([['p2'], ['p1']]);
    expect(targets({ kind: 'player' }, { kind: 'player' })).toEqual([['p2'], ['p2']]);
    expect(targets({ kind: 'spell' })).toEqual([['bait']]);
    expect(targets({ kind: 'creature', count: 3 })).toBeNull();
    expect(targets()).toEqual([]);
    expect(expectedTriggerTargets(run, step, 'grower', { event: 'spellCast', effects: [{ kind: 'gainLife', amount: 1 }] }, 'p1', [['link']])).toEqual([['link']]);
  });
});
