// The properties of properties/permanents.ts held to their branches: counters a permanent enters with
// (CR 603.6d, 702.33d-e), the kick it remembers (CR 400.7d), none for what was put onto the battlefield
// or cloned (CR 400.7, 707.2), power and toughness as it enters (CR 208.1, 208.3, 122.1a). Each test
// takes the reference engine's trace of one small scenario, which passes, and breaks it in one field.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run } from '../properties/property.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, step, verdictOf } from './fixtures/trace-edits.ts';

const shell: CardDefinition = { name: 'Clone Shell', manaCost: '{3}{U}', types: ['Creature'], power: 0, toughness: 0 };

/**
 * Kavu Titan kicked once (three +1/+1 counters), Gnarlid Pack multikicked twice and resolved with
 * the rest of the stack, Academy Drake unkicked; then put onto the battlefield: a golem entering with
 * three kinds of counters, a wisp with a -1/-1 counter, Everflowing Chalice (no counters unkicked,
 * not a creature); last, clones of the Titan and the Pack.
 */
const ENTERING: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'kavu', oracle: 'Kavu Titan' },
    { id: 'gnarl', oracle: 'Gnarlid Pack' },
    { id: 'drake', oracle: 'Academy Drake' },
    {
      id: 'tri',
      definition: {
        name: 'Tri-Counter Golem',
        manaCost: '{3}',
        types: ['Artifact', 'Creature'],
        power: 3,
        toughness: 3,
        entersWith: [
          { counter: 'charge', amount: 2 },
          { counter: 'zeal', amount: 1 },
          { counter: '+1/+1', amount: 1 },
        ],
      },
    },
    { id: 'wisp', definition: { name: 'Withered Wisp', manaCost: '{2}', types: ['Creature'], power: 3, toughness: 3, entersWith: [{ counter: '-1/-1', amount: 1 }] } },
    { id: 'chalice', oracle: 'Everflowing Chalice' },
    { id: 'clone1', definition: shell },
    { id: 'clone2', definition: shell },
  ],
  players: [{ id: 'p1', hand: ['kavu', 'gnarl', 'drake', 'tri', 'wisp', 'chalice', 'clone1', 'clone2'], mana: { G: 11, U: 3, C: 9 } }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'kavu', kicker: ['A'] },
    { do: 'resolve' },
    { do: 'cast', card: 'gnarl', multikicker: 2 },
    { do: 'resolve', untilEmpty: true },
    { do: 'cast', card: 'drake' },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'tri' },
    { do: 'putOntoBattlefield', card: 'wisp' },
    { do: 'putOntoBattlefield', card: 'chalice' },
    { do: 'clone', card: 'clone1', copyOf: 'kavu' },
    { do: 'clone', card: 'clone2', copyOf: 'gnarl' },
  ],
};
// Steps by index: the Titan enters at 1, the Pack at 3, the Drake at 5; put: golem 6, wisp 7, Chalice 8; clones 9 and 10.

async function judged(id: string, s: Scenario, edit: (t: Trace) => void = () => undefined) {
  const n = normalizeScenario(s);
  const t = editableCopy(engine.runSync(n));
  edit(t);
  return verdictOf(propertyById(id)!, n, t);
}

const gone = (t: Trace, i: number, id: string) => void (step(t, i).state.battlefield = step(t, i).state.battlefield.filter((p) => p.id !== id));

describe('permanents.remember-kick (CR 400.7d, 702.33d)', () => {
  const id = 'permanents.remember-kick';

  it('the Titan kicked once, the Pack twice (resolved with the rest of the stack), the Drake not at all: the reference trace passes', async () => {
    expect(await judged(id, ENTERING)).toEqual({ status: 'pass', checks: 3 });
  });

  it('a permanent that resolved while the stack was resolved until empty remembers its kicks too', async () => {
    expect(await judged(id, ENTERING, (t) => void (permanent(t, 3, 'gnarl').kicked = false))).toMatchObject({ status: 'fail', step: 'a4', expected: 'gnarl is kicked: true', observed: 'kicked: false' });
  });

  it('the first permanent not kicked as its spell was: judged there, the rest not checked', async () => {
    expect(await judged(id, ENTERING, (t) => void (permanent(t, 1, 'kavu').kicked = false))).toEqual({ status: 'fail', step: 'a2', expected: 'kavu is kicked: true', observed: 'kicked: false', checks: 1 });
    expect(await judged(id, ENTERING, (t) => void (permanent(t, 1, 'kavu').timesKicked = 2))).toEqual({ status: 'fail', step: 'a2', expected: 'kavu was kicked 1 times', observed: '2 times', checks: 1 });
  });

  it('a permanent from an unkicked spell that shows itself kicked', async () => {
    expect(await judged(id, ENTERING, (t) => void (permanent(t, 5, 'drake').kicked = true))).toEqual({ status: 'fail', step: 'a6', expected: 'drake is kicked: false', observed: 'kicked: true', checks: 3 });
  });

  it('either field an engine leaves out is not compared; a permanent with neither is no check', async () => {
    expect(await judged(id, ENTERING, (t) => void delete permanent(t, 1, 'kavu').kicked)).toEqual({ status: 'pass', checks: 3 });
    expect(await judged(id, ENTERING, (t) => void delete permanent(t, 1, 'kavu').timesKicked)).toEqual({ status: 'pass', checks: 3 });
    const neither = (t: Trace) => {
      delete permanent(t, 1, 'kavu').kicked;
      delete permanent(t, 1, 'kavu').timesKicked;
    };
    expect(await judged(id, ENTERING, neither)).toEqual({ status: 'pass', checks: 2 });
  });

  it('the spell resolved and its permanent is not there', async () => {
    expect(await judged(id, ENTERING, (t) => gone(t, 1, 'kavu'))).toMatchObject({ status: 'fail', step: 'a2', expected: 'kavu (Kavu Titan) is on the battlefield after resolving', observed: 'it is not' });
  });
});

describe('permanents.not-kicked-without-casting and permanents.clone-not-kicked (CR 400.7, 707.2)', () => {
  const put = 'permanents.not-kicked-without-casting';
  const clone = 'permanents.clone-not-kicked';

  it('what was put onto the battlefield or cloned is unkicked, with the counters of no kick: the reference trace passes', async () => {
    expect(await judged(put, ENTERING)).toEqual({ status: 'pass', checks: 3 });
    expect(await judged(clone, ENTERING)).toEqual({ status: 'pass', checks: 2 });
  });

  it('a permanent put onto the battlefield that is not there: the failure names the action', async () => {
    expect(await judged(put, ENTERING, (t) => gone(t, 6, 'tri'))).toMatchObject({ status: 'fail', step: 'a7', expected: 'tri (Tri-Counter Golem) is on the battlefield after the putOntoBattlefield action', observed: 'it is not' });
  });

  it('other counters than its own: both written out sorted by kind, kinds with none left out', async () => {
    const v = await judged(put, ENTERING, (t) => void (permanent(t, 6, 'tri').counters = { zeal: 1, '+1/+1': 1, none: 0, aim: 3 }));
    expect(v).toEqual({ status: 'fail', step: 'a7', expected: 'tri enters with the unkicked counters {"+1/+1":1,"charge":2,"zeal":1}', observed: 'counters {"+1/+1":1,"aim":3,"zeal":1}', checks: 1 });
  });

  it('a clone missing, kicked, or with the counters of the kicked permanent it copies', async () => {
    expect(await judged(clone, ENTERING, (t) => gone(t, 9, 'clone1'))).toMatchObject({ status: 'fail', step: 'a10', expected: 'clone1 (Kavu Titan) is on the battlefield after the clone action', observed: 'it is not' });
    expect(await judged(clone, ENTERING, (t) => void (permanent(t, 9, 'clone1').kicked = true))).toEqual({ status: 'fail', step: 'a10', expected: 'clone clone1 is not kicked', observed: 'kicked', checks: 1 });
    const v = await judged(clone, ENTERING, (t) => void (permanent(t, 9, 'clone1').counters = { '+1/+1': 3 }));
    expect(v).toEqual({ status: 'fail', step: 'a10', expected: 'clone clone1 enters with the unkicked counters {}', observed: 'counters {"+1/+1":3}', checks: 1 });
  });
});

describe('permanents.power-toughness (CR 208.1, 208.3, 122.1a)', () => {
  const id = 'permanents.power-toughness';

  it('printed values plus +1/+1 and minus -1/-1 counters (the wisp 2/2), the Chalice with neither: the reference trace passes', async () => {
    const t = editableCopy(engine.runSync(normalizeScenario(ENTERING)));
    expect(permanent(t, 7, 'wisp')).toMatchObject({ counters: { '-1/-1': 1 }, power: 2, toughness: 2 });
    expect(await judged(id, ENTERING)).toEqual({ status: 'pass', checks: 7 });
  });

  it('a permanent that is not a creature showing power, or toughness: judged there, the rest not checked', async () => {
    const chalice = 'chalice (Everflowing Chalice) is not a creature: no power or toughness';
    expect(await judged(id, ENTERING, (t) => void (permanent(t, 8, 'chalice').power = 1))).toEqual({ status: 'fail', step: 'a9', expected: chalice, observed: '1/no toughness', checks: 5 });
    expect(await judged(id, ENTERING, (t) => void (permanent(t, 8, 'chalice').toughness = 1))).toEqual({ status: 'fail', step: 'a9', expected: chalice, observed: 'no power/1', checks: 5 });
  });

  it('a permanent put onto the battlefield that is not there', async () => {
    expect(await judged(id, ENTERING, (t) => gone(t, 6, 'tri'))).toMatchObject({ status: 'fail', step: 'a7', expected: 'tri (Tri-Counter Golem) is on the battlefield after the putOntoBattlefield action', observed: 'it is not' });
  });
});

/**
 * Kavu Titan kicked while only Kicker's Warden (a static cost reduction, no trigger multiplier) is out; then
 * Panharmonicon is put onto the battlefield and Gnarlid Pack enters kicked once.
 */
const MULTIPLIED: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    {
      id: 'gecko',
      definition: { name: "Kicker's Warden", manaCost: '{1}{G}', types: ['Creature'], power: 2, toughness: 2, statics: [{ kind: 'costReduction', amount: 1, spells: 'yours', kicked: true, firstEachTurn: true }] },
    },
    { id: 'pan', oracle: 'Panharmonicon' },
    { id: 'kavu', oracle: 'Kavu Titan' },
    { id: 'gnarl', oracle: 'Gnarlid Pack' },
  ],
  players: [{ id: 'p1', hand: ['pan', 'kavu', 'gnarl'], mana: { G: 12 }, battlefield: [{ card: 'gecko' }] }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'kavu', kicker: ['A'] },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'pan' },
    { do: 'cast', card: 'gnarl', multikicker: 1 },
    { do: 'resolve' },
  ],
};

describe('permanents.counters-ignore-trigger-multipliers (CR 603.6d, 603.2d)', () => {
  const id = 'permanents.counters-ignore-trigger-multipliers';

  it('only the permanent that enters with Panharmonicon out is checked, other static abilities aside', async () => {
    expect(await judged(id, MULTIPLIED)).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(id, MULTIPLIED, (t) => void (permanent(t, 4, 'gnarl').counters = { '+1/+1': 2 }))).toEqual({
      status: 'fail',
      step: 'a5',
      expected: 'gnarl (Gnarlid Pack, kicked 1 times) enters with counters {"+1/+1":1}',
      observed: 'counters {"+1/+1":2}',
      checks: 1,
    });
  });

  it('a permanent on the battlefield whose card the judge cannot find (an engine-named object) is no trigger multiplier', async () => {
    const stranger = (t: Trace) => void step(t, 3).state.battlefield.unshift({ ...permanent(t, 3, 'gecko'), id: 'e-1', card: undefined as never });
    expect(await judged(id, MULTIPLIED, stranger)).toEqual({ status: 'pass', checks: 1 });
  });
});
