// Intervening "if you control ..." clauses (oracle/conditions.ts, CR 603.4), read from the observed
// board and the card definitions: a created token is what the effect that made it describes.
import { describe, expect, it } from 'vitest';
import { boardDuring, controlConditionHolds, observedDef } from '../oracle/conditions.ts';
import type { ObservedPermanent, ObservedState, Scenario, TriggeredAbility } from '../model/schema-types.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const SCENARIO: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'maker', definition: { name: 'Raise', manaCost: '{W}', types: ['Instant'], effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'createToken', amount: 1, token: { name: 'Soldier Token', types: ['Creature'], subtypes: ['Soldier'] } }] } },
    { id: 'spawner', definition: { name: 'Spawner', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'selfEnters', effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'createToken', amount: 1, token: { name: 'Spirit', types: ['Creature'], subtypes: ['Spirit'] } }] }] } },
    { id: 'relic', definition: { name: 'Relic', manaCost: '{1}', types: ['Artifact'] } },
    { id: 'elf', definition: { name: 'Elvish Guide', manaCost: '{G}', types: ['Creature'], subtypes: ['Elf'], power: 1, toughness: 1 } },
  ],
  players: [{ id: 'p1', hand: ['maker'], battlefield: [{ card: 'spawner' }, { card: 'relic' }] }, { id: 'p2', battlefield: [{ card: 'elf' }] }],
  actions: [{ do: 'tap', permanent: 'relic' }],
};
const run = runOf(SCENARIO);
const start = run.steps[0]!.before;
const token = (id: string, name: string, controller: 'p1' | 'p2' = 'p1'): ObservedPermanent => ({ id, name, controller, owner: controller, token: true, tapped: false, counters: {} });
const board = (...more: ObservedPermanent[]): ObservedState => ({ ...start, battlefield: [...start.battlefield, ...more] });

describe('the oracle of intervening if clauses (CR 603.4)', () => {
  it('reads what a permanent is: its card\'s definition, a token as the effect or ability that made it describes it', () => {
    const s = board(token('t1', 'Soldier Token'), token('t2', 'Spirit'), token('t3', 'Nobody'), { ...token('maker', 'Raise Copy'), card: 'maker' });
    const defOf = (id: string) => observedDef(run, s, 0, id)?.name;
    expect(['relic', 'elf', 't1', 't2', 't3', 'maker', 'gone'].map(defOf)).toEqual(['Relic', 'Elvish Guide', 'Soldier Token', 'Spirit', undefined, 'Raise', undefined]);
  });

  it('holds "if you control" by type, subtype, name, and "another", for the controller only', () => {
    const ability = (ifYouControl: TriggeredAbility['ifYouControl']): TriggeredAbility => ({ event: 'selfEnters', effects: [{ kind: 'gainLife', amount: 1 }], ...(ifYouControl ? { ifYouControl } : {}) });
    const holds = (c: TriggeredAbility['ifYouControl'], s = start, who: 'p1' | 'p2' = 'p1', source = 'spawner') => controlConditionHolds(run, s, 0, ability(c), who, source);
    expect(holds(undefined)).toBe(true);
    expect([holds({ types: ['Artifact'] }), holds({ types: ['Artifact'] }, start, 'p2'), holds({ types: ['Land', 'Artifact'] }), holds({ types: ['Land'] })]).toEqual([true, false, true, false]);
    expect([holds({ subtypes: ['Elf'] }), holds({ subtypes: ['Elf'] }, start, 'p2'), holds({ subtypes: ['Soldier'] }), holds({ subtypes: ['Soldier'] }, board(token('t1', 'Soldier Token')))]).toEqual([false, true, false, true]);
    expect([holds({ name: 'Relic' }), holds({ name: 'Elvish Guide' }), holds({ name: 'Nobody' }, board(token('t3', 'Nobody')))]).toEqual([true, false, false]);
    expect([holds({ types: ['Creature'] }), holds({ types: ['Creature'], other: true }), holds({ types: ['Creature'], other: true }, start, 'p1', 'relic'), holds({ types: ['Artifact'], other: true }, start, 'p1', 'relic')]).toEqual([true, false, true, false]);
    expect(holds({ types: ['Creature'], subtypes: ['Spirit'] }, board(token('t2', 'Spirit')))).toBe(true);
    expect(holds({ types: ['Artifact'], subtypes: ['Spirit'] }, board(token('t2', 'Spirit')))).toBe(false);
  });

  it('sees the board during a step as what was there before and is there after', () => {
    const before = board(token('gone', 'Spirit'));
    const after = board(token('new', 'Soldier Token'));
    expect(boardDuring(before, after).battlefield.map((p) => p.id)).toEqual([...start.battlefield.map((p) => p.id), 'new', 'gone']);
    expect(boardDuring(before, after).stack).toBe(after.stack);
  });
});
