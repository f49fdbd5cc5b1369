// Breakers for zones.one-zone-each (CR 400.1, 608.2n, 707.10a): Grizzly Bears and Burst Lightning,
// with both libraries shown, each card put in a second zone (hand, graveyard, library, battlefield,
// stack, of either player), a copy or a token put in a graveyard, a card lost while the libraries are
// shown, and what is no failure: a card missing where a library is not shown, a permanent the
// scenario does not know on the battlefield, the copy of a spell on the stack.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { zonesOf } from '../properties/zones.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('zones.one-zone-each')!;

/**
 * Steps: 0 Grizzly Bears cast, 1 it resolves, 2 Burst Lightning cast at it, 3 copied at p2 (the copy
 * on the stack above it), 4 the copy resolves, 5 Burst Lightning resolves: Bears and Lightning in p1's
 * graveyard. p1's library Island l1 and l2, p2's Island l3; p2's Hill Giant on the battlefield.
 */
const Z: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'l1', oracle: 'Island' },
    { id: 'l2', oracle: 'Island' },
    { id: 'l3', oracle: 'Island' },
    { id: 'giant', oracle: 'Hill Giant' },
  ],
  players: [
    { id: 'p1', hand: ['bears', 'bolt'], library: ['l1', 'l2'], mana: { G: 2, R: 2 } },
    { id: 'p2', library: ['l3'], battlefield: [{ card: 'giant' }] },
  ],
  actions: [
    { do: 'cast', card: 'bears' },
    { do: 'resolve' },
    { do: 'cast', card: 'bolt', targets: [['bears']] },
    { do: 'copy', id: 'copy', spell: 'bolt', newTargets: [['p2']] },
    { do: 'resolve' },
    { do: 'resolve' },
  ],
};
const s = normalizeScenario(Z);
const fresh = () => editableCopy(engine.runSync(s));

describe('zones.one-zone-each', () => {
  it('checks every accepted step: each card in one zone, the copy on the stack no card', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 6 });
  });

  it('a card in two zones fails, naming both, whichever zones of either player they are', async () => {
    const breaks: [string, number, (t: Trace) => void, string][] = [
      ['bolt', 0, (t) => void playerAt(t, 0, 'p1').graveyard.push('bolt'), "in p1's hand and p1's graveyard"],
      ['l1', 0, (t) => void playerAt(t, 0, 'p1').hand.push('l1'), "in p1's hand and p1's library"],
      ['l3', 1, (t) => void playerAt(t, 1, 'p2').hand.push('l3'), "in p2's hand and p2's library"],
      ['giant', 1, (t) => void playerAt(t, 1, 'p2').graveyard.push('giant'), "in p2's graveyard and the battlefield"],
      ['bears', 0, (t) => void playerAt(t, 0, 'p1').hand.push('bears'), "in p1's hand and the stack"],
    ];
    for (const [id, i, change, observed] of breaks) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), observed).toEqual({ status: 'fail', step: `a${i + 1}`, expected: `${id} in one zone`, observed, checks: i + 1 });
    }
  });

  it('a copy of a spell or a token in a graveyard fails; its name elsewhere is no card of the scenario', async () => {
    const copy = fresh();
    playerAt(copy, 4, 'p2').graveyard.push('copy');
    expect(await verdictOf(p, s, copy)).toEqual({ status: 'fail', step: 'a5', expected: 'copy, a copy or a token, in no hand, library or graveyard', observed: 'in ["p2\'s graveyard"]', checks: 5 });
    // A permanent of a card the scenario does not have (an engine's own id) is left to other properties.
    const stranger = fresh();
    step(stranger, 1).state.battlefield.push({ ...permanent(stranger, 1, 'bears'), id: 'elsewhere', card: 'elsewhere' });
    expect(await verdictOf(p, s, stranger)).toEqual({ status: 'pass', checks: 6 });
    // A token on the battlefield is no card, even named as one the scenario has in its graveyard.
    const token = fresh();
    step(token, 5).state.battlefield.push({ ...permanent(token, 4, 'bears'), token: true });
    expect(await verdictOf(p, s, token)).toEqual({ status: 'pass', checks: 6 });
  });

  it('a card in no zone fails while both libraries are shown, and only then', async () => {
    const lost = fresh();
    playerAt(lost, 5, 'p1').graveyard = ['bolt'];
    expect(await verdictOf(p, s, lost)).toEqual({ status: 'fail', step: 'a6', expected: 'bears in some zone', observed: 'in none the trace shows', checks: 6 });
    const drawn = fresh();
    playerAt(drawn, 5, 'p1').graveyard = ['bolt'];
    delete playerAt(drawn, 5, 'p2').library;
    expect(await verdictOf(p, s, drawn)).toEqual({ status: 'pass', checks: 6 });
    // A library shown shorter is a card lost too.
    const milled = fresh();
    playerAt(milled, 2, 'p1').library = ['l1'];
    expect(await verdictOf(p, s, milled)).toEqual({ status: 'fail', step: 'a3', expected: 'l2 in some zone', observed: 'in none the trace shows', checks: 3 });
  });

  it('without the libraries shown, a card in two zones and a copy in a graveyard still fail', async () => {
    const unshown = () => {
      const t = fresh();
      for (const st of t.steps) for (const pl of st.state.players) delete pl.library;
      return t;
    };
    expect(await verdictOf(p, s, unshown())).toEqual({ status: 'pass', checks: 6 });
    const twice = unshown();
    playerAt(twice, 1, 'p1').graveyard.push('bolt');
    expect(await verdictOf(p, s, twice)).toEqual({ status: 'fail', step: 'a2', expected: 'bolt in one zone', observed: "in p1's hand and p1's graveyard", checks: 2 });
    const onBoth = unshown();
    playerAt(onBoth, 1, 'p2').graveyard.push('bears');
    expect(await verdictOf(p, s, onBoth)).toEqual({ status: 'fail', step: 'a2', expected: 'bears in one zone', observed: "in p2's graveyard and the battlefield", checks: 2 });
    const copy = unshown();
    playerAt(copy, 4, 'p1').hand.push('copy');
    expect(await verdictOf(p, s, copy)).toEqual({ status: 'fail', step: 'a5', expected: 'copy, a copy or a token, in no hand, library or graveyard', observed: 'in ["p1\'s hand"]', checks: 5 });
  });

  it('the fuller look, once something is odd (a permanent of a card the scenario does not have)', async () => {
    const odd = (t: Trace, i: number) => void step(t, i).state.battlefield.push({ ...permanent(t, 1, 'bears'), id: 'elsewhere', card: 'elsewhere' });
    // p2's library not shown: its Island is not lost.
    const unshown = fresh();
    odd(unshown, 1);
    delete playerAt(unshown, 1, 'p2').library;
    expect(await verdictOf(p, s, unshown)).toEqual({ status: 'pass', checks: 6 });
    // A token of Grizzly Bears while its card is in the graveyard; a permanent the engine names otherwise than its card.
    const token = fresh();
    odd(token, 5);
    step(token, 5).state.battlefield.push({ ...permanent(token, 4, 'bears'), id: 'tok1', token: true });
    expect(await verdictOf(p, s, token)).toEqual({ status: 'pass', checks: 6 });
    const renamed = fresh();
    odd(renamed, 1);
    permanent(renamed, 1, 'bears').id = 'b-1';
    expect(await verdictOf(p, s, renamed)).toEqual({ status: 'pass', checks: 6 });
    // Two strangers: the first found is named.
    const two = fresh();
    playerAt(two, 4, 'p1').hand.push('copy');
    playerAt(two, 4, 'p2').graveyard.push('tok9');
    expect(await verdictOf(p, s, two)).toMatchObject({ status: 'fail', step: 'a5', expected: 'copy, a copy or a token, in no hand, library or graveyard' });
    // No library shown: a card in hand and on the stack.
    const stacked = fresh();
    for (const st of stacked.steps) for (const pl of st.state.players) delete pl.library;
    playerAt(stacked, 0, 'p1').hand.push('bears');
    expect(await verdictOf(p, s, stacked)).toEqual({ status: 'fail', step: 'a1', expected: 'bears in one zone', observed: "in p1's hand and the stack", checks: 1 });
  });

  it('stops at the first failure', async () => {
    const t = fresh();
    playerAt(t, 1, 'p1').graveyard.push('bolt');
    playerAt(t, 3, 'p1').graveyard.push('l1');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: 'bolt in one zone', observed: "in p1's hand and p1's graveyard", checks: 2 });
  });

  it('zonesOf lists each card by the zones it is in, copies on the stack and tokens left out', () => {
    const t = fresh();
    expect(Object.fromEntries(zonesOf(step(t, 3).state))).toEqual({
      l1: ["p1's library"],
      l2: ["p1's library"],
      l3: ["p2's library"],
      bears: ['the battlefield'],
      giant: ['the battlefield'],
      bolt: ['the stack'],
    });
    expect(spellAt(t, 3, 1).copy).toBe(true);
  });
});
