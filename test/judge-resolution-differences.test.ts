// What resolution.player-effects reads in the state after a resolution (properties/resolution-differences.ts):
// counters, power, toughness and keywords of the permanents that stay (CR 122.1a, 613.4c), the tokens made
// (CR 111.4), spells left on the stack (CR 608.2), permanents gone or kept, creatures dead to state-based
// actions (CR 704.5f-g) and the players' zones. Each test takes the reference engine's trace of a small
// scenario, which passes, and breaks it in one field, asserting the failure the branch names.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, ObservedPermanent, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, judgedAfterEdit, permanent, playerAt, step } from './fixtures/trace-edits.ts';

const effects = propertyById('resolution.player-effects')!;

const judged = (s: Scenario, edit?: (t: Trace) => void) => judgedAfterEdit(effects, s, edit);

const without = <K extends keyof ObservedPermanent>(p: ObservedPermanent, k: K) => void delete p[k];

/**
 * Wither Touch puts a -1/-1 counter on Hill Giant (3/3) and gives it +1/+2 and flying until end of
 * turn (3/4 after); Academy Drake, printed with flying, stays as it was.
 */
const WITHERED: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    {
      id: 'wither',
      definition: {
        name: 'Wither Touch',
        manaCost: '{B}',
        types: ['Sorcery'],
        targets: [{ kind: 'creature' }],
        effects: [
          { kind: 'putCounters', amount: 1, counter: '-1/-1', target: 0 },
          { kind: 'pump', power: 1, toughness: 2, keyword: 'flying', target: 0 },
        ],
      },
    },
    { id: 'hill', oracle: 'Hill Giant' },
    { id: 'drake', oracle: 'Academy Drake' },
  ],
  players: [{ id: 'p1', hand: ['wither'], mana: { B: 1 } }, { id: 'p2', battlefield: [{ card: 'drake' }, { card: 'hill' }] }],
  actions: [{ do: 'cast', card: 'wither', targets: [['hill']] }, { do: 'resolve' }],
};
const WITHER = 'wither (Wither Touch, kicked 0 times)';

describe('resolution.player-effects: permanents that stay (CR 122.1a, 613.4c)', () => {
  it('a -1/-1 counter put by the effect lowers power and toughness by one, the pump raises them: the reference trace passes', async () => {
    const t = editableCopy(engine.runSync(normalizeScenario(WITHERED)));
    expect(permanent(t, 1, 'hill')).toMatchObject({ counters: { '-1/-1': 1 }, power: 3, toughness: 4, keywords: ['flying'] });
    expect(await judged(WITHERED)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a permanent no effect touched shows other power, or other toughness, than it had', async () => {
    expect(await judged(WITHERED, (t) => void (permanent(t, 1, 'drake').power = 4))).toMatchObject({ status: 'fail', step: 'a2', expected: `${WITHER}: drake has power 2`, observed: 'power 4' });
    expect(await judged(WITHERED, (t) => void (permanent(t, 1, 'drake').toughness = 5))).toMatchObject({ status: 'fail', step: 'a2', expected: `${WITHER}: drake has toughness 2`, observed: 'toughness 5' });
  });

  it('the creature the effect changed shows other power or toughness than the counter and the pump give', async () => {
    expect(await judged(WITHERED, (t) => void (permanent(t, 1, 'hill').power = 2))).toMatchObject({ status: 'fail', expected: `${WITHER}: hill has power 3`, observed: 'power 2' });
    expect(await judged(WITHERED, (t) => void (permanent(t, 1, 'hill').toughness = 2))).toMatchObject({ status: 'fail', expected: `${WITHER}: hill has toughness 4`, observed: 'toughness 2' });
  });

  it('power, toughness or keywords an engine leaves out, before or after, are not compared', async () => {
    const pass = { status: 'pass', checks: 1 };
    for (const k of ['power', 'toughness', 'keywords'] as const) {
      expect(await judged(WITHERED, (t) => without(permanent(t, 0, 'drake'), k))).toEqual(pass);
      expect(await judged(WITHERED, (t) => without(permanent(t, 1, 'drake'), k))).toEqual(pass);
    }
  });

  it('the keyword the effect grants missing, or a printed keyword lost', async () => {
    expect(await judged(WITHERED, (t) => void (permanent(t, 1, 'hill').keywords = ['trample']))).toMatchObject({ status: 'fail', expected: `${WITHER}: hill gains flying until end of turn`, observed: 'keywords ["trample"]' });
    expect(await judged(WITHERED, (t) => void (permanent(t, 1, 'drake').keywords = ['trample']))).toMatchObject({ status: 'fail', expected: `${WITHER}: drake keeps flying`, observed: 'keywords ["trample"]' });
  });

  it('other counters than the effect put: written out sorted by kind, kinds with none left out', async () => {
    const v = await judged(WITHERED, (t) => void (permanent(t, 1, 'hill').counters = { zeal: 2, '-1/-1': 1, none: 0, aim: 1 }));
    expect(v).toMatchObject({ status: 'fail', expected: `${WITHER}: hill has counters [["-1/-1",1]]`, observed: '[["-1/-1",1],["aim",1],["zeal",2]]' });
  });
});

/** Muster makes a 2/2 flying Drake, a Clue (an artifact, no power or toughness) and a 0/0 Husk, which dies at once (CR 704.5f). */
const MUSTERED: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    {
      id: 'muster',
      definition: {
        name: 'Muster',
        manaCost: '{1}',
        types: ['Sorcery'],
        effects: [
          { kind: 'createToken', amount: 1, token: { name: 'Drake Token', types: ['Creature'], subtypes: ['Drake'], colors: ['U'], power: 2, toughness: 2, keywords: ['flying'] } },
          { kind: 'createToken', amount: 1, token: { name: 'Clue Token', types: ['Artifact'], subtypes: ['Clue'] } },
          { kind: 'createToken', amount: 1, token: { name: 'Husk Token', types: ['Creature'], subtypes: ['Husk'], power: 0, toughness: 0 } },
        ],
      },
    },
  ],
  players: [{ id: 'p1', hand: ['muster'], mana: { C: 1 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'muster' }, { do: 'resolve' }],
};
const MUSTER = 'muster (Muster, kicked 0 times)';
const DRAKE = 'a2.k1';
const CLUE = 'a2.k2';

describe('resolution.player-effects: the tokens made (CR 111.4, 704.5f)', () => {
  it('the Drake and the Clue enter as described, the 0/0 Husk is gone at once: the reference trace passes', async () => {
    const t = editableCopy(engine.runSync(normalizeScenario(MUSTERED)));
    expect(step(t, 1).state.battlefield.map((p) => [p.id, p.name])).toEqual([[DRAKE, 'Drake Token'], [CLUE, 'Clue Token']]);
    expect(await judged(MUSTERED)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a token no effect made, or a permanent that is no token, entering', async () => {
    const named = await judged(MUSTERED, (t) => void (permanent(t, 1, CLUE).name = 'Map Token'));
    expect(named).toMatchObject({ status: 'fail', expected: `${MUSTER}: no permanent enters but the tokens ["Drake Token","Clue Token","Husk Token"]`, observed: `${CLUE} (Map Token, a token) entered` });
    const card = await judged(MUSTERED, (t) => void (permanent(t, 1, CLUE).token = false));
    expect(card).toMatchObject({ status: 'fail', observed: `${CLUE} (Clue Token) entered` });
  });

  it('a token under the other player, or with other power, toughness or keywords than its effect gives it', async () => {
    expect(await judged(MUSTERED, (t) => void (permanent(t, 1, CLUE).controller = 'p2'))).toMatchObject({ status: 'fail', expected: `${MUSTER}: ${CLUE} is a Clue Token under p1's control, with []`, observed: 'controller p2' });
    const drake = `${MUSTER}: ${DRAKE} is a Drake Token under p1's control, 2/2, with ["flying"]`;
    expect(await judged(MUSTERED, (t) => void (permanent(t, 1, DRAKE).controller = 'p2'))).toMatchObject({ status: 'fail', expected: drake, observed: 'controller p2' });
    expect(await judged(MUSTERED, (t) => void (permanent(t, 1, DRAKE).power = 3))).toMatchObject({ status: 'fail', expected: drake, observed: 'power 3' });
    expect(await judged(MUSTERED, (t) => void (permanent(t, 1, DRAKE).toughness = 1))).toMatchObject({ status: 'fail', expected: drake, observed: 'toughness 1' });
    expect(await judged(MUSTERED, (t) => void (permanent(t, 1, DRAKE).keywords = ['trample']))).toMatchObject({ status: 'fail', expected: drake, observed: 'keywords ["trample"]' });
  });

  it('power and toughness a token its effect gives none of shows are not compared', async () => {
    expect(await judged(MUSTERED, (t) => Object.assign(permanent(t, 1, CLUE), { power: 1, toughness: 1 }))).toEqual({ status: 'pass', checks: 1 });
  });

  it('a token made that did not enter (but the one with toughness 0)', async () => {
    const v = await judged(MUSTERED, (t) => void step(t, 1).state.battlefield.splice(0, 1));
    expect(v).toMatchObject({ status: 'fail', expected: `${MUSTER}: 3 token(s) created: ["Drake Token","Clue Token","Husk Token"]`, observed: '1 new permanent(s)' });
  });
});

const gain = (name: string): CardDefinition => ({ name, manaCost: '{W}', types: ['Instant'], effects: [{ kind: 'gainLife', amount: 1 }] });

/**
 * Two Gains on the stack, the top one resolving first; then Doom destroys Hill Giant, leaving Grizzly
 * Bears and Everflowing Chalice (an artifact) where they are.
 */
const ZONES: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'g1', definition: gain('Gain') },
    { id: 'g2', definition: gain('Gain') },
    { id: 'doom', definition: { name: 'Doom', manaCost: '{B}', types: ['Sorcery'], targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }] } },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'hill', oracle: 'Hill Giant' },
    { id: 'chalice', oracle: 'Everflowing Chalice' },
    { id: 'lib1', oracle: 'Island' },
  ],
  players: [
    { id: 'p1', hand: ['g1', 'g2', 'doom'], library: ['lib1'], mana: { W: 2, B: 1 }, battlefield: [{ card: 'bears' }] },
    { id: 'p2', battlefield: [{ card: 'hill' }, { card: 'chalice' }] },
  ],
  actions: [{ do: 'cast', card: 'g1' }, { do: 'cast', card: 'g2' }, { do: 'resolve' }, { do: 'resolve' }, { do: 'cast', card: 'doom', targets: [['hill']] }, { do: 'resolve' }],
};
const DOOM = 'doom (Doom, kicked 0 times)';

describe('resolution.player-effects: the stack, the battlefield and the zones (CR 608.2, 704.5g)', () => {
  it('the reference trace passes', async () => {
    expect(await judged(ZONES)).toEqual({ status: 'pass', checks: 3 });
  });

  it('a spell under the resolving one, which nothing counters, leaving the stack', async () => {
    const v = await judged(ZONES, (t) => void (step(t, 2).state.stack = []));
    expect(v).toMatchObject({ status: 'fail', step: 'a3', expected: 'g2 (Gain, kicked 0 times): g1 stays on the stack', observed: 'it left the stack' });
  });

  it('the destroyed creature still there, or an artifact no effect took away gone', async () => {
    const kept = await judged(ZONES, (t) => void step(t, 5).state.battlefield.push(permanent(t, 4, 'hill')));
    expect(kept).toMatchObject({ status: 'fail', step: 'a6', expected: `${DOOM}: hill leaves the battlefield`, observed: 'it is still there' });
    const gone = await judged(ZONES, (t) => void (step(t, 5).state.battlefield = step(t, 5).state.battlefield.filter((p) => p.id !== 'chalice')));
    expect(gone).toMatchObject({ status: 'fail', step: 'a6', expected: `${DOOM}: chalice stays on the battlefield`, observed: 'it left' });
  });

  it('a hand or a library other than the effects leave: the hand written out sorted', async () => {
    expect(await judged(ZONES, (t) => void (playerAt(t, 5, 'p1').hand = ['zz', 'aa']))).toMatchObject({ status: 'fail', expected: `${DOOM}: p1's hand []`, observed: '["aa","zz"]' });
    expect(await judged(ZONES, (t) => void (playerAt(t, 5, 'p1').library = ['lib1', 'x']))).toMatchObject({ status: 'fail', expected: `${DOOM}: p1's library ["lib1"]`, observed: '["lib1","x"]' });
  });

  it('a library an engine leaves out after is not compared', async () => {
    expect(await judged(ZONES, (t) => void delete playerAt(t, 5, 'p1').library)).toEqual({ status: 'pass', checks: 3 });
  });

  it("a creature with lethal damage that died goes to its owner's graveyard as its card, which an engine names apart from the permanent", async () => {
    // The engine calls the permanent of card bears2 by its own id; it had lethal damage marked as Doom resolved.
    const dying = (t: Trace) => {
      step(t, 4).state.battlefield.push({ ...permanent(t, 4, 'bears'), id: 'e-17', card: 'bears2', damage: 2 });
      playerAt(t, 5, 'p1').graveyard.push('bears2');
    };
    expect(await judged(ZONES, dying)).toEqual({ status: 'pass', checks: 3 });
    const v = await judged(ZONES, (t) => {
      dying(t);
      playerAt(t, 5, 'p1').graveyard.push('aaa');
    });
    expect(v).toMatchObject({ status: 'fail', step: 'a6', expected: `${DOOM}: p1's graveyard ["bears2","doom","g1","g2"]`, observed: '["aaa","bears2","doom","g1","g2"]' });
  });
});
