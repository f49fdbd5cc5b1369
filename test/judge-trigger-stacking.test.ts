// Breakers for triggers.targets (CR 603.3d, 601.2c) and more of triggers.apnap-order (CR 603.3b):
// Pingers that enter and aim at a player (the opponent by default, the one the action names, p1 for
// p2's), an Artifact Eater with no artifact to aim at, each aimed wrongly, put on the stack without a
// legal target, or missing; and the steps neither judges (a player lost, everything resolved at once).
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const pinger = (): CardDefinition => ({
  name: 'Pinger',
  manaCost: '{1}',
  types: ['Creature'],
  power: 1,
  toughness: 1,
  triggers: [{ event: 'selfEnters', targets: [{ kind: 'player' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] }],
});

/**
 * Steps: 0 a Pinger enters (its ability a1.t1 aims at p2, the opponent), 1 it resolves; 2 a second
 * enters, aimed at p1 by the action (a3.t1), 3 it resolves; 4 Artifact Eater enters with no artifact
 * about: its ability is removed; 5 p2's Pinger enters (a6.t1, at p1); 6 everything resolves.
 */
const PINGERS: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'ping1', definition: pinger() },
    { id: 'ping2', definition: pinger() },
    {
      id: 'eater',
      definition: { name: 'Artifact Eater', manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'selfEnters', targets: [{ kind: 'artifact' }], effects: [{ kind: 'destroy', target: 0 }] }] },
    },
    { id: 'ping3', definition: pinger() },
  ],
  players: [{ id: 'p1', hand: ['ping1', 'ping2', 'eater'] }, { id: 'p2', hand: ['ping3'] }],
  actions: [
    { do: 'putOntoBattlefield', card: 'ping1' },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'ping2', triggerTargets: [{ source: 'ping2', targets: [['p1']] }] },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'eater' },
    { do: 'putOntoBattlefield', player: 'p2', card: 'ping3' },
    { do: 'resolve', untilEmpty: true },
  ],
};
const s = normalizeScenario(PINGERS);
const fresh = () => editableCopy(engine.runSync(s));
/** The ability on the stack after a step, by id. */
const ability = (t: Trace, i: number, id: string) => {
  const o = step(t, i).state.stack.find((x) => x.id === id);
  if (o?.kind !== 'ability') throw new Error(`no ability ${id} after step ${i}`);
  return o;
};

describe('triggers.targets', () => {
  const p = propertyById('triggers.targets')!;

  it('checks each ability that triggered with targets: the default, the named, the removed, p2’s', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 4 });
  });

  it('an ability aimed elsewhere than the default or the action names fails, naming both', async () => {
    const breaks: [string, (t: Trace) => void, string, string, number][] = [
      ['a1', (t) => void (ability(t, 0, 'a1.t1').targets = [['p1']]), 'a1.t1 targets [["p2"]]', 'targets [["p1"]]', 1],
      ['a3', (t) => void (ability(t, 2, 'a3.t1').targets = [['p2']]), 'a3.t1 targets [["p1"]]', 'targets [["p2"]]', 2],
      ['a6', (t) => void (ability(t, 5, 'a6.t1').targets = [['p2']]), 'a6.t1 targets [["p1"]]', 'targets [["p2"]]', 4],
    ];
    for (const [at, change, expected, observed, checks] of breaks) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), at).toEqual({ status: 'fail', step: at, expected, observed, checks });
    }
  });

  it('an ability with no legal target put on the stack fails; one with targets missing from it fails', async () => {
    const eater = fresh();
    step(eater, 4).triggered = [{ id: 'a5.t1', source: 'eater', ability: 0, controller: 'p1' }];
    step(eater, 4).state.stack = [{ ...ability(eater, 5, 'a6.t1'), id: 'a5.t1', source: 'eater', controller: 'p1', targets: [['p2']] }];
    expect(await verdictOf(p, s, eater)).toEqual({ status: 'fail', step: 'a5', expected: 'eater#0 has no legal target and is removed (CR 603.3d)', observed: 'a5.t1 on the stack', checks: 3 });
    const missing = fresh();
    step(missing, 5).state.stack = [];
    expect(await verdictOf(p, s, missing)).toEqual({ status: 'fail', step: 'a6', expected: 'ping3#0 on the stack with targets [["p1"]]', observed: 'no ability a6.t1 on the stack', checks: 4 });
    const removed = fresh();
    step(removed, 5).state.stack = [];
    delete step(removed, 5).triggered![0]!.id;
    expect(await verdictOf(p, s, removed)).toEqual({ status: 'fail', step: 'a6', expected: 'ping3#0 on the stack with targets [["p1"]]', observed: 'it was removed', checks: 4 });
  });

  it('a step after which a player has lost is not judged', async () => {
    const t = fresh();
    ability(t, 5, 'a6.t1').targets = [['p2']];
    playerAt(t, 5, 'p1').lost = true;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 3 });
  });
});

describe('triggers.targets: resolving everything at once', () => {
  const p = propertyById('triggers.targets')!;

  it('a Pinger cast and resolved with everything else: its ability triggered and resolved between states no trace shows', async () => {
    const all = normalizeScenario({
      ...PINGERS,
      players: [{ id: 'p1', hand: ['ping1', 'ping2'], mana: { C: 1 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'ping1' }, { do: 'resolve', untilEmpty: true }, { do: 'putOntoBattlefield', card: 'ping2' }],
    });
    const t = editableCopy(engine.runSync(all));
    expect(step(t, 1).triggered?.map((x) => x.source)).toEqual(['ping1']);
    expect(await verdictOf(p, all, t)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('triggers.apnap-order: one player\'s abilities in the order the action names', () => {
  const p = propertyById('triggers.apnap-order')!;

  it('the Gatekeeper\'s abilities ordered by the action count a check; the same unordered count none', async () => {
    const ordered = normalizeScenario({ ...F.TRIGGERS, actions: F.TRIGGERS.actions.map((a, i) => (i === 3 ? { ...a, triggerOrder: ['gk#0', 'gk#2'] } : a)) });
    const plain = normalizeScenario(F.TRIGGERS);
    const o = await verdictOf(p, ordered, editableCopy(engine.runSync(ordered)));
    const u = await verdictOf(p, plain, editableCopy(engine.runSync(plain)));
    expect(o.status).toBe('pass');
    expect((o as { checks: number }).checks).toBe((u as { checks: number }).checks + 1);
  });
});

describe('triggers.apnap-order: the steps it does not judge', () => {
  const p = propertyById('triggers.apnap-order')!;
  const triggers = normalizeScenario(F.TRIGGERS);

  it("Cast Watcher's and Opponent Watcher's abilities swapped after a player has lost are not judged", async () => {
    const t = editableCopy(engine.runSync(triggers));
    const first = await verdictOf(p, triggers, t);
    expect(first.status).toBe('pass');
    const stack = step(t, 0).state.stack;
    [stack[1], stack[2]] = [stack[2]!, stack[1]!];
    playerAt(t, 0, 'p1').lost = true;
    const v = await verdictOf(p, triggers, t);
    expect(v.status).not.toBe('fail');
    expect((v as { checks?: number }).checks ?? 0).toBe(((first as { checks: number }).checks) - 1);
  });

  it('resolving until empty: a reported ability that never reached the stack (no id) has no place to judge', async () => {
    const s2 = normalizeScenario({ ...F.TRIGGERS, actions: [F.TRIGGERS.actions[0]!, { do: 'resolve', untilEmpty: true }] });
    const t = editableCopy(engine.runSync(s2));
    const list = step(t, 1).triggered!;
    expect(await verdictOf(p, s2, t)).toEqual({ status: 'pass', checks: 1 });
    // Two players' abilities now: the batch is judged, on p1's alone.
    list.unshift({ source: 'oppw', ability: 0, controller: 'p2' });
    expect(await verdictOf(p, s2, t)).toEqual({ status: 'pass', checks: 2 });
  });
});
