// Breakers for the branches of actions.as-declared (CR 400.7, 704.5f) and actions.taken-when-possible
// (CR 117.4) that test/judge-actions.test.ts leaves alive: a 0/0 creature put onto the battlefield,
// which may die at once to state-based actions (its card then in its owner's graveyard), or stay; the
// words of each mismatch, lists sorted and an empty one said as "nothing"; a stack shorter than what
// the action keeps on it; a state that leaves the mana out; an accepted action that carries a reason.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

/**
 * Steps: 0 a 0/0 Zero Shell put onto the battlefield (it dies at once, CR 704.5f), 1 a Grizzly Bears
 * named ape put onto the battlefield, 2 and 3 two Burst Lightnings cast at p2, 4 the Hill Giant tapped
 * with both on the stack, 5 the second countered, 6 everything resolves.
 */
const SHELL: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'shell', definition: { name: 'Zero Shell', manaCost: '{1}', types: ['Creature'], power: 0, toughness: 0 } },
    { id: 'ape', oracle: 'Grizzly Bears' },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'giant', oracle: 'Hill Giant' },
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'bolt2', oracle: 'Burst Lightning' },
  ],
  players: [{ id: 'p1', hand: ['shell', 'ape', 'bolt', 'bolt2'], mana: { R: 2 }, battlefield: [{ card: 'giant' }, { card: 'bears' }] }, { id: 'p2' }],
  actions: [
    { do: 'putOntoBattlefield', card: 'shell' },
    { do: 'putOntoBattlefield', card: 'ape' },
    { do: 'cast', card: 'bolt', targets: [['p2']] },
    { do: 'cast', card: 'bolt2', targets: [['p2']] },
    { do: 'tap', permanent: 'giant' },
    { do: 'counter', spell: 'bolt2' },
    { do: 'resolve', untilEmpty: true },
  ],
};
const s = normalizeScenario(SHELL);
const fresh = () => editableCopy(engine.runSync(s));

/** p2's Hill Giant destroyed twice: the second time it is gone, and the action is rejected. */
const LONE_GIANT: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'giant', oracle: 'Hill Giant' }],
  players: [{ id: 'p1' }, { id: 'p2', battlefield: [{ card: 'giant' }] }],
  actions: [
    { do: 'destroy', permanent: 'giant' },
    { do: 'destroy', permanent: 'giant' },
  ],
};
const lone = normalizeScenario(LONE_GIANT);

describe('actions.as-declared: a 0/0 creature put onto the battlefield', () => {
  const p = propertyById('actions.as-declared')!;

  it('dies at once, its card in its owner\'s graveyard: that passes, as every other action', async () => {
    const t = fresh();
    expect(step(t, 0).state.battlefield.map((x) => x.id)).toEqual(['bears', 'giant']);
    expect(playerAt(t, 0, 'p1').graveyard).toEqual(['shell']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 5 });
  });

  it('left on the battlefield (state-based actions not yet checked) passes too: it only may die', async () => {
    const t = fresh();
    for (let i = 0; i < t.steps.length; i++) {
      step(t, i).state.battlefield.push({ ...permanent(t, 1, 'ape'), id: 'shell', card: 'shell', name: 'Zero Shell', power: 0, toughness: 0 });
      playerAt(t, i, 'p1').graveyard = playerAt(t, i, 'p1').graveyard.filter((id) => id !== 'shell');
    }
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 5 });
  });

  it('gone from the battlefield but in no graveyard fails: its card is in its owner\'s', async () => {
    const t = fresh();
    playerAt(t, 0, 'p1').graveyard = [];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'p1\'s graveyard ["shell"]', observed: '[]', checks: 1 });
  });
});

describe('actions.as-declared: what a mismatch says', () => {
  const p = propertyById('actions.as-declared')!;
  const failure = async (t: Trace) => verdictOf(p, s, t);

  it('the battlefield expected and shown, each sorted', async () => {
    const t = fresh();
    step(t, 1).state.battlefield = [permanent(t, 1, 'giant'), permanent(t, 1, 'ape')];
    expect(await failure(t)).toEqual({ status: 'fail', step: 'a2', expected: 'on the battlefield: ape, bears, giant', observed: 'ape, giant', checks: 2 });
    step(t, 1).state.battlefield = [];
    expect(await failure(t)).toMatchObject({ step: 'a2', observed: 'nothing' });
  });

  it('an empty battlefield expected is said as nothing', async () => {
    const t = editableCopy(engine.runSync(lone));
    step(t, 0).state.battlefield = [...(t.initialState?.battlefield ?? [])];
    expect(await verdictOf(p, lone, t)).toEqual({ status: 'fail', step: 'a1', expected: 'on the battlefield: nothing', observed: 'giant', checks: 1 });
  });

  it('the stack kept in order, and one shorter than what is kept', async () => {
    const swapped = fresh();
    step(swapped, 4).state.stack.reverse();
    expect(await failure(swapped)).toEqual({ status: 'fail', step: 'a5', expected: 'on the stack: bolt, bolt2, then only abilities it triggered', observed: 'bolt2, bolt', checks: 3 });
    const emptied = fresh();
    step(emptied, 5).state.stack = [];
    expect(await failure(emptied)).toEqual({ status: 'fail', step: 'a6', expected: 'on the stack: bolt, then only abilities it triggered', observed: 'nothing', checks: 4 });
  });

  it('everything left on the stack after resolving everything is named', async () => {
    const t = fresh();
    step(t, 6).state.stack = [...step(t, 3).state.stack];
    expect(await failure(t)).toMatchObject({ status: 'fail', step: 'a7', expected: 'the stack is empty once everything has resolved', observed: 'bolt, bolt2 on the stack' });
  });

  it('a hand and a graveyard shown, sorted', async () => {
    const hand = fresh();
    playerAt(hand, 1, 'p1').hand = ['bolt2', 'ape', 'bolt'];
    expect(await failure(hand)).toEqual({ status: 'fail', step: 'a2', expected: 'p1\'s hand ["bolt","bolt2"]', observed: '["ape","bolt","bolt2"]', checks: 2 });
    const graveyard = fresh();
    playerAt(graveyard, 5, 'p1').graveyard = ['shell', 'bolt'];
    expect(await failure(graveyard)).toEqual({ status: 'fail', step: 'a6', expected: 'p1\'s graveyard ["bolt2","shell"]', observed: '["bolt","shell"]', checks: 4 });
  });

  it('mana is compared only where both states show it', async () => {
    const t = fresh();
    // The state after the second Burst Lightning leaves the mana out; the next ones show mana it has not spent.
    delete playerAt(t, 3, 'p1').mana;
    playerAt(t, 4, 'p1').mana = { R: 1 };
    playerAt(t, 5, 'p1').mana = { R: 1 };
    expect(await failure(t)).toEqual({ status: 'pass', checks: 5 });
    playerAt(t, 5, 'p1').mana = { R: 2 };
    expect(await failure(t)).toEqual({ status: 'fail', step: 'a6', expected: "p1's mana unchanged: {R}", observed: '{R}{R}', checks: 4 });
  });
});

describe('actions.taken-when-possible: an accepted action is judged by its outcome, not its reason', () => {
  const p = propertyById('actions.taken-when-possible')!;

  it('a destroy accepted though the Giant is gone fails, even with an illegal-object reason attached; rejected with no reason, too', async () => {
    const t = editableCopy(engine.runSync(lone));
    expect(await verdictOf(p, lone, t)).toEqual({ status: 'pass', checks: 2 });
    Object.assign(step(t, 1), { outcome: 'accepted', reason: 'illegal-object' });
    expect(await verdictOf(p, lone, t)).toMatchObject({ status: 'fail', step: 'a2', kind: 'taken', observed: 'accepted (illegal-object)', checks: 2 });
    delete step(t, 1).reason;
    step(t, 1).outcome = 'rejected';
    expect(await verdictOf(p, lone, t)).toMatchObject({ status: 'fail', step: 'a2', kind: 'taken', observed: 'rejected', checks: 2 });
  });
});
