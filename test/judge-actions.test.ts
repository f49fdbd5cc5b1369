// Breakers for actions.as-declared (CR 400.7, 707.10a, 110.5) and actions.taken-when-possible (CR 117.4,
// 608.1): each action from outside the cards (tap, untap, destroy, counter, put onto the battlefield,
// return, flicker, clone, resolve everything) shown moving, tapping or changing what it should not, or
// not what it should, each failure saying what; an action refused though what it names is there, or
// taken though it is not.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

/**
 * Steps: 0 p1's Forest tapped, 1 untapped, 2 p2's Hill Giant destroyed, 3 Burst Lightning cast at p2,
 * 4 countered, 5 Kavu Titan put onto the battlefield from hand, 6 Grizzly Bears returned to hand,
 * 7 the Titan flickered, 8 a second Grizzly Bears (elk) put onto the battlefield as a clone of the
 * Titan, 9 Grizzly Bears cast again, 10 everything resolves, 11 the Hill Giant destroyed again: it is
 * not there, rejected.
 */
const ACTIONS: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'giant', oracle: 'Hill Giant' },
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'forest', oracle: 'Forest' },
    { id: 'titan', oracle: 'Kavu Titan' },
    { id: 'lib1', oracle: 'Island' },
    { id: 'elk', oracle: 'Grizzly Bears' },
  ],
  players: [
    { id: 'p1', hand: ['bolt', 'titan', 'elk'], library: ['lib1'], mana: { R: 1, G: 3 }, battlefield: [{ card: 'forest' }, { card: 'bears' }] },
    { id: 'p2', battlefield: [{ card: 'giant' }] },
  ],
  actions: [
    { do: 'tap', permanent: 'forest' },
    { do: 'untap', permanent: 'forest' },
    { do: 'destroy', permanent: 'giant' },
    { do: 'cast', card: 'bolt', targets: [['p2']] },
    { do: 'counter', spell: 'bolt' },
    { do: 'putOntoBattlefield', card: 'titan' },
    { do: 'bounce', object: 'bears' },
    { do: 'flicker', permanent: 'titan' },
    { do: 'clone', card: 'elk', copyOf: 'titan' },
    { do: 'cast', card: 'bears' },
    { do: 'resolve', untilEmpty: true },
    { do: 'destroy', permanent: 'giant' },
  ],
};
const s = normalizeScenario(ACTIONS);
const fresh = () => editableCopy(engine.runSync(s));

describe('actions.as-declared', () => {
  const p = propertyById('actions.as-declared')!;

  it('checks each action from outside the cards, and the stack emptied by resolving everything', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 9 });
  });

  it('an action shown doing other than it says fails, naming what', async () => {
    const breaks: [string, (t: Trace) => void, string, string][] = [
      ['a1', (t) => void (permanent(t, 0, 'forest').tapped = false), 'forest is tapped', 'untapped'],
      ['a2', (t) => void (permanent(t, 1, 'forest').tapped = true), 'forest is untapped', 'tapped'],
      ['a3', (t) => void step(t, 2).state.battlefield.push({ ...permanent(t, 1, 'giant') }), 'on the battlefield: bears, forest', 'bears, forest, giant'],
      ['a3', (t) => void (playerAt(t, 2, 'p2').graveyard = []), 'p2\'s graveyard ["giant"]', '[]'],
      ['a5', (t) => void step(t, 4).state.stack.push({ ...step(t, 3).state.stack[0]! }), 'on the stack: nothing, then only abilities it triggered', 'bolt'],
      ['a6', (t) => void (playerAt(t, 5, 'p2').life = 19), "p2's life unchanged: 20", '19'],
      ['a6', (t) => void (playerAt(t, 5, 'p1').library = []), 'p1\'s library unchanged: ["lib1"]', '[]'],
      ['a7', (t) => void (playerAt(t, 6, 'p1').hand = ['elk']), 'p1\'s hand ["bears","elk"]', '["elk"]'],
      ['a7', (t) => void (playerAt(t, 6, 'p1').mana = { G: 2 }), "p1's mana unchanged: {G}{G}{G}", '{G}{G}'],
    ];
    for (const [at, change, expected, observed] of breaks) {
      const t = fresh();
      change(t);
      const checks = Number(at.slice(1)) - (Number(at.slice(1)) > 4 ? 1 : 0);
      expect(await verdictOf(p, s, t), `${at} ${expected}`).toEqual({ status: 'fail', step: at, expected, observed, checks });
    }
  });

  it('resolving everything leaves the stack empty, unless a player lost on the way', async () => {
    const left = fresh();
    left.steps[10]!.state.stack = [{ ...step(left, 9).state.stack[0]! }];
    expect(await verdictOf(p, s, left)).toMatchObject({ status: 'fail', step: 'a11', expected: 'the stack is empty once everything has resolved', observed: 'bears on the stack' });
    // p2 lost partway: the game ended with the Bears still on the stack (game.loss-ends-the-game judges that).
    playerAt(left, 10, 'p2').lost = true;
    expect(await verdictOf(p, s, left)).toEqual({ status: 'pass', checks: 8 });
  });
});

describe('actions.taken-when-possible', () => {
  const p = propertyById('actions.taken-when-possible')!;

  it('checks each action from outside the cards: taken where what it names is there, rejected as illegal-object where not', async () => {
    expect(step(fresh(), 11)).toMatchObject({ outcome: 'rejected' });
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 10 });
  });

  it('refused though there, taken though gone, or rejected for another reason: each fails', async () => {
    const refused = fresh();
    Object.assign(step(refused, 2), { outcome: 'rejected', reason: 'illegal-object' });
    expect(await verdictOf(p, s, refused)).toMatchObject({ status: 'fail', step: 'a3', kind: 'refused', expected: expect.stringMatching(/^accepted: it needs .+, and that is there$/), observed: 'rejected (illegal-object)', checks: 3 });
    const taken = fresh();
    Object.assign(step(taken, 11), { outcome: 'accepted', reason: undefined });
    expect(await verdictOf(p, s, taken)).toMatchObject({ status: 'fail', step: 'a12', kind: 'taken', expected: expect.stringMatching(/^rejected as illegal-object: it needs .+, and that is not there$/), observed: 'accepted', checks: 10 });
    const otherwise = fresh();
    step(otherwise, 11).reason = 'cannot-pay';
    expect(await verdictOf(p, s, otherwise)).toMatchObject({ status: 'fail', step: 'a12', kind: 'taken', observed: 'rejected (cannot-pay)', checks: 10 });
    const unsupported = fresh();
    Object.assign(step(unsupported, 2), { outcome: 'unsupported', reason: undefined });
    expect(await verdictOf(p, s, unsupported)).toEqual({ status: 'pass', checks: 9 });
  });
});
