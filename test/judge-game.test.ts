// Breakers for game.loss-ends-the-game (CR 704.5a-b, 104.2a, 603.3) and game.legend-rule (CR 704.5j):
// a player at 0 life or who drew from an empty library not lost, actions after the end accepted or
// changing the game, abilities put on the stack as it ended; two Josu Vess kept, or the one the action
// chose put away.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';
/** Reach Through Mists drawn from an empty library: p1 loses (CR 704.5b), and Burst Lightning after it is rejected. */
const DRAW: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'mists', oracle: 'Reach Through Mists' }, { id: 'bolt', oracle: 'Burst Lightning' }],
  players: [{ id: 'p1', hand: ['mists', 'bolt'], library: [], mana: { U: 1, R: 1 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'mists' }, { do: 'resolve' }, { do: 'cast', card: 'bolt', targets: [['p2']] }],
};
describe('game.loss-ends-the-game', () => {
  const p = propertyById('game.loss-ends-the-game')!;
  const s = normalizeScenario(F.GAME_LOST);
  const fresh = () => editableCopy(engine.runSync(s));

  it('checks the step the game ended and each one after', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 2 });
  });

  it('p2 at 0 life, not lost, fails', async () => {
    const t = fresh();
    delete playerAt(t, 1, 'p2').lost;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: 'p2, at 0 life, has lost the game', observed: 'not lost', checks: 1 });
    const one = fresh();
    delete playerAt(one, 1, 'p2').lost;
    playerAt(one, 1, 'p2').life = 1;
    expect(await verdictOf(p, s, one)).toEqual({ status: 'n/a' });
  });

  it('after the end, an action accepted or rejected for another reason fails, and so does one that changed the game', async () => {
    const accepted = fresh();
    step(accepted, 2).outcome = 'accepted';
    delete step(accepted, 2).reason;
    expect(await verdictOf(p, s, accepted)).toEqual({ status: 'fail', step: 'a3', expected: 'rejected as game-over: a player has lost', observed: 'accepted', checks: 2 });
    const other = fresh();
    step(other, 2).reason = 'cannot-pay';
    expect(await verdictOf(p, s, other)).toMatchObject({ status: 'fail', step: 'a3', observed: 'rejected (cannot-pay)' });
    const changes: [string, (t: ReturnType<typeof fresh>) => void][] = [
      ['life', (t) => void (playerAt(t, 2, 'p1').life = 19)],
      ['hand', (t) => void (playerAt(t, 2, 'p1').hand = [])],
      ['graveyard', (t) => void playerAt(t, 2, 'p1').graveyard.push('bolt2')],
      ['stack', (t) => void step(t, 2).state.stack.push({ ...step(t, 0).state.stack[0]!, id: 'bolt2' })],
      ['battlefield', (t) => void step(t, 2).state.battlefield.push({ id: 'bolt2', card: 'bolt2', name: 'Burst Lightning', owner: 'p1', controller: 'p1', token: false, tapped: false, counters: {} })],
    ];
    for (const [what, change] of changes) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), what).toEqual({ status: 'fail', step: 'a3', expected: 'the game as it ended', observed: 'it changed', checks: 2 });
    }
  });

  it('abilities put on the stack as the game ends fail; resolving everything at once, they may stay', async () => {
    const t = fresh();
    const ability = { kind: 'ability' as const, id: 'a2.t1', source: 'bolt', ability: 0, controller: 'p1' as const, targets: [] };
    step(t, 1).state.stack.push(ability);
    step(t, 2).state.stack.push(ability);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: 'nothing triggered as the game ended is put on the stack', observed: '["a2.t1"] on the stack', checks: 1 });
    const atOnce = normalizeScenario({ ...F.GAME_LOST, actions: F.GAME_LOST.actions.map((a, i) => (i === 1 ? { do: 'resolve' as const, untilEmpty: true } : a)) });
    const u = editableCopy(engine.runSync(atOnce));
    step(u, 1).state.stack.push(ability);
    step(u, 2).state.stack.push(ability);
    expect(await verdictOf(p, atOnce, u)).toEqual({ status: 'pass', checks: 2 });
  });

  it('p1, who drew from an empty library, not lost, fails (CR 704.5b)', async () => {
    const d = normalizeScenario(DRAW);
    const t = editableCopy(engine.runSync(d));
    expect(await verdictOf(p, d, t)).toEqual({ status: 'pass', checks: 2 });
    delete playerAt(t, 1, 'p1').lost;
    expect(await verdictOf(p, d, t)).toEqual({ status: 'fail', step: 'a2', expected: 'p1, who drew 1 from a library of 0, has lost the game', observed: 'not lost', checks: 1 });
    // With a card left to draw it is no loss.
    const kept = editableCopy(engine.runSync(d));
    delete playerAt(kept, 1, 'p1').lost;
    for (const i of [0, 1]) playerAt(kept, i, 'p1').library = ['lib'];
    expect(await verdictOf(p, d, kept)).toEqual({ status: 'n/a' });
  });
});

describe('game.loss-ends-the-game: what it compares', () => {
  const p = propertyById('game.loss-ends-the-game')!;
  const s = normalizeScenario(F.GAME_LOST);
  const fresh = () => editableCopy(engine.runSync(s));
  const bears = { id: 'bears', card: 'bolt2', name: 'Grizzly Bears', owner: 'p1' as const, controller: 'p1' as const, token: false, tapped: false, counters: {} };
  const ability = (id: string) => ({ kind: 'ability' as const, id, source: 'bolt', ability: 0, controller: 'p1' as const, targets: [] });

  it('the same hand and battlefield in another order are no change; other ids in the same places are', async () => {
    const order = fresh();
    playerAt(order, 1, 'p1').hand = ['bolt2', 'x'];
    playerAt(order, 2, 'p1').hand = ['x', 'bolt2'];
    step(order, 1).state.battlefield = [bears, { ...bears, id: 'bears2' }];
    step(order, 2).state.battlefield = [{ ...bears, id: 'bears2' }, bears];
    expect(await verdictOf(p, s, order)).toEqual({ status: 'pass', checks: 2 });
    const ids: [string, (t: ReturnType<typeof fresh>) => void][] = [
      ['battlefield', (t) => { step(t, 1).state.battlefield = [bears]; step(t, 2).state.battlefield = [{ ...bears, id: 'bears2' }]; }],
      ['stack', (t) => { step(t, 0).state.stack.push(ability('x1')); step(t, 1).state.stack = [ability('x1')]; step(t, 2).state.stack = [ability('x2')]; }],
    ];
    for (const [what, change] of ids) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), what).toMatchObject({ status: 'fail', step: 'a3', expected: 'the game as it ended', observed: 'it changed' });
    }
  });

  it('an action after the end accepted, though it gives game-over as its reason, fails', async () => {
    const t = fresh();
    step(t, 2).outcome = 'accepted';
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a3', observed: 'accepted (game-over)' });
  });

  it('only abilities new on the stack as the game ends fail: not a spell, nor an ability that was there before', async () => {
    const spell = fresh();
    for (const i of [1, 2]) step(spell, i).state.stack = [{ ...step(spell, 0).state.stack[0]! }, { ...step(spell, 0).state.stack[0]!, id: 'x' }];
    expect(await verdictOf(p, s, spell)).toEqual({ status: 'pass', checks: 2 });
    const before = fresh();
    for (const i of [0, 1, 2]) step(before, i).state.stack.push(ability('old'));
    expect(await verdictOf(p, s, before)).toEqual({ status: 'pass', checks: 2 });
  });

  it('after the end, each later action is checked until one fails', async () => {
    const more = normalizeScenario({ ...F.GAME_LOST, actions: [...F.GAME_LOST.actions, { do: 'cast', card: 'bolt2', targets: [['p1']] }] });
    const t = editableCopy(engine.runSync(more));
    expect(await verdictOf(p, more, t)).toEqual({ status: 'pass', checks: 3 });
    step(t, 2).reason = 'cannot-pay';
    expect(await verdictOf(p, more, t)).toMatchObject({ status: 'fail', step: 'a3', checks: 2 });
  });

  it("p2, who drew from an empty library while p1's holds a card, not lost, fails", async () => {
    const d = normalizeScenario({ ...DRAW, players: [{ id: 'p1', hand: ['bolt'], library: ['lib'], mana: { R: 1 } }, { id: 'p2', hand: ['mists'], library: [], mana: { U: 1 } }], cards: [...DRAW.cards, { id: 'lib', oracle: 'Island' }], actions: [{ do: 'cast', player: 'p2', card: 'mists' }, { do: 'resolve' }] });
    const t = editableCopy(engine.runSync(d));
    delete playerAt(t, 1, 'p2').lost;
    expect(await verdictOf(p, d, t)).toEqual({ status: 'fail', step: 'a2', expected: 'p2, who drew 1 from a library of 0, has lost the game', observed: 'not lost', checks: 1 });
  });
});

describe('game.legend-rule', () => {
  const p = propertyById('game.legend-rule')!;
  const s = normalizeScenario(F.TWO_LEGENDS);
  const fresh = () => editableCopy(engine.runSync(s));

  it('checks each step with a legend on the battlefield', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 2 });
  });

  it('both Josu Vess kept fails, and nothing after it is judged', async () => {
    const t = fresh();
    step(t, 3).state.battlefield.push({ ...step(t, 2).state.battlefield[0]! });
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a4', expected: 'one of ["jv","copy"] kept, the others in the graveyard', observed: 'all on the battlefield', checks: 2 });
  });

  it('the token kept rather than the Josu Vess the action chose fails', async () => {
    const t = fresh();
    step(t, 3).state.battlefield = [...step(t, 2).state.battlefield];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a4', expected: 'jv, the legend the action chose, kept', observed: 'copy kept', checks: 3 });
  });

  it('the Josu Vess token chosen, already on the battlefield, put away for the original fails', async () => {
    const chose = normalizeScenario({ ...F.TWO_LEGENDS, actions: F.TWO_LEGENDS.actions.map((a, i) => (i === 3 ? { do: 'resolve' as const, choices: ['copy'] } : a)) });
    const t = editableCopy(engine.runSync(chose));
    expect(await verdictOf(p, chose, t)).toEqual({ status: 'pass', checks: 2 });
    step(t, 3).state.battlefield = [{ ...step(t, 2).state.battlefield[0]!, id: 'jv', card: 'jv' }];
    expect(await verdictOf(p, chose, t)).toEqual({ status: 'fail', step: 'a4', expected: 'copy, the legend the action chose, kept', observed: 'jv kept', checks: 3 });
  });

  it("two legends of one name under different players, or of different names, are each kept", async () => {
    const t = fresh();
    step(t, 3).state.battlefield.push({ ...step(t, 2).state.battlefield[0]!, controller: 'p2' });
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });
});
