// Breakers for the branches of resolution.player-effects that say why a permanent the resolving spell
// should leave alone left, or why one it should take away stayed (properties/resolution-differences.ts,
// with what oracle/resolution.ts works out): a target that is a new object since it was targeted (CR
// 400.7, 608.2b: 'moved', as resolution.new-object-not-targeted names it), a target otherwise illegal as
// the spell resolves (608.2b), and an instruction done, or not done, against its condition as the spell
// resolves (608.2c: Horobi's Whisper). A permanent the spell does not target keeps the unnamed branch.
// Each test takes the reference engine's trace of a small scenario, which passes, and breaks it in one
// place.
import { describe, expect, it } from 'vitest';
import type { CardDefinition, ObservedPermanent, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run } from '../properties/property.ts';
import { expectedResolution } from '../oracle/resolution.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { engine, judgedAfterEdit, permanent, step } from './fixtures/trace-edits.ts';

const effects = propertyById('resolution.player-effects')!;

const judged = (s: Scenario, edit?: (t: Trace) => void) => judgedAfterEdit(effects, s, edit);

/** Takes a permanent off the battlefield after step `i`. */
const gone = (i: number, id: string) => (t: Trace) => {
  const state = step(t, i).state;
  state.battlefield = state.battlefield.filter((p) => p.id !== id);
};

/** Puts a permanent back on the battlefield after step `i`, as it was after step `i - 1`. */
const kept = (i: number, id: string) => (t: Trace) => {
  const p: ObservedPermanent = permanent(t, i - 1, id);
  step(t, i).state.battlefield.push(p);
};

const instant = (name: string, rest: Partial<CardDefinition>): CardDefinition => ({ name, manaCost: '{1}', types: ['Instant'], ...rest });

/** Burst Lightning aimed at Grizzly Bears, which are flickered in response: the Bears that come back are a new object. */
const FLICKERED: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'hill', oracle: 'Hill Giant' },
  ],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 } }, { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'hill' }] }],
  actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'flicker', permanent: 'bears' }, { do: 'resolve' }],
};

/** Sky Fall ("destroy target creature with flying") aimed at Academy Drake, which has flying as it is cast. */
const SKY_FALL: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'fall', definition: instant('Sky Fall', { targets: [{ kind: 'creature', filter: { keywords: ['flying'] } }], effects: [{ kind: 'destroy', target: 0 }] }) },
    { id: 'drake', oracle: 'Academy Drake' },
  ],
  players: [{ id: 'p1', hand: ['fall'], mana: { C: 1 } }, { id: 'p2', battlefield: [{ card: 'drake' }] }],
  actions: [{ do: 'cast', card: 'fall', targets: [['drake']] }, { do: 'resolve' }],
};

/** Horobi's Whisper cast while p1 controls a Swamp, which is destroyed in response: the Whisper destroys nothing. */
const SWAMP_GONE: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'whisper', oracle: "Horobi's Whisper" },
    { id: 'swamp', oracle: 'Swamp' },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  players: [{ id: 'p1', hand: ['whisper'], mana: { B: 2, C: 1 }, battlefield: [{ card: 'swamp' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'cast', card: 'whisper', targets: [['bears']] }, { do: 'destroy', permanent: 'swamp' }, { do: 'resolve' }],
};

/** Horobi's Whisper cast while p1 controls no Swamp; one is put onto the battlefield in response: the Whisper destroys Grizzly Bears. */
const SWAMP_COMES: Scenario = {
  ...SWAMP_GONE,
  players: [{ id: 'p1', hand: ['whisper', 'swamp'], mana: { B: 2, C: 1 } }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'cast', card: 'whisper', targets: [['bears']] }, { do: 'putOntoBattlefield', card: 'swamp' }, { do: 'resolve' }],
};

/** Marsh Return ("if you control a Swamp or Island, return target creature to its owner's hand") while p1 controls neither. */
const NO_MARSH: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'ret', definition: instant('Marsh Return', { targets: [{ kind: 'creature' }], effects: [{ kind: 'bounce', target: 0, ifYouControl: { subtypes: ['Swamp', 'Island'] } }] }) },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  players: [{ id: 'p1', hand: ['ret'], mana: { C: 1 } }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'cast', card: 'ret', targets: [['bears']] }, { do: 'resolve' }],
};

const PASS = { status: 'pass', checks: 1 };

describe('resolution.player-effects: a target the spell leaves alone, a new object (CR 400.7, 608.2b)', () => {
  it('the Bears that came back stay: the reference trace passes', async () => {
    expect(await judged(FLICKERED)).toMatchObject({ status: 'pass' });
  });

  it('the Bears that came back leave: the branch resolution.new-object-not-targeted names alike', async () => {
    expect(await judged(FLICKERED, gone(2, 'bears'))).toMatchObject({
      status: 'fail',
      step: 'a3',
      expected: 'bolt (Burst Lightning, kicked 0 times, every target illegal): bears stays on the battlefield: a new object since bolt targeted it (CR 400.7), an illegal target as it resolves (CR 608.2b)',
      observed: 'it left',
      kind: 'moved',
      rule: '608.2b',
    });
  });

  it('a permanent the spell never targeted leaves: the unnamed branch', async () => {
    const v = await judged(FLICKERED, gone(2, 'hill'));
    expect(v).toMatchObject({ status: 'fail', step: 'a3', expected: 'bolt (Burst Lightning, kicked 0 times, every target illegal): hill stays on the battlefield', observed: 'it left' });
    expect(v).not.toHaveProperty('kind');
    expect(v).not.toHaveProperty('rule');
  });
});

describe('resolution.player-effects: a target illegal as the spell resolves (CR 608.2b)', () => {
  it('Academy Drake, with flying, is destroyed: the reference trace passes', async () => {
    expect(await judged(SKY_FALL)).toEqual(PASS);
  });

  it('the Drake lost flying before Sky Fall resolved, and still left', async () => {
    const lostFlying = (t: Trace) => void (permanent(t, 0, 'drake').keywords = []);
    expect(await judged(SKY_FALL, lostFlying)).toMatchObject({
      status: 'fail',
      step: 'a2',
      expected: 'fall (Sky Fall, kicked 0 times, every target illegal): drake stays on the battlefield: an illegal target as fall resolves, which does nothing to it (CR 608.2b)',
      observed: 'it left',
      kind: 'illegal-target',
      rule: '608.2b',
    });
  });

  it('the Drake, a legal target, stays: the unnamed branch', async () => {
    const v = await judged(SKY_FALL, kept(1, 'drake'));
    expect(v).toMatchObject({ status: 'fail', step: 'a2', expected: 'fall (Sky Fall, kicked 0 times): drake leaves the battlefield', observed: 'it is still there' });
    expect(v).not.toHaveProperty('kind');
  });
});

describe("resolution.player-effects: an instruction against its condition as the spell resolves (CR 608.2c)", () => {
  it('the Swamp gone, Grizzly Bears stay; a Swamp come, they are destroyed; with no Swamp or Island, nothing is returned: the reference traces pass', async () => {
    expect(await judged(SWAMP_GONE)).toEqual(PASS);
    expect(await judged(SWAMP_COMES)).toEqual(PASS);
    expect(await judged(NO_MARSH)).toEqual(PASS);
  });

  it('the Swamp gone, the Bears are destroyed all the same', async () => {
    expect(await judged(SWAMP_GONE, gone(2, 'bears'))).toMatchObject({
      status: 'fail',
      step: 'a3',
      expected: "whisper (Horobi's Whisper, kicked 0 times): bears stays on the battlefield: “if you control a Swamp” does not hold as whisper resolves, so it is not destroyed (CR 608.2c)",
      observed: 'it left',
      kind: 'condition-misjudged',
      rule: '608.2c',
    });
  });

  it('with no Swamp or Island, the Bears are returned all the same', async () => {
    expect(await judged(NO_MARSH, gone(1, 'bears'))).toMatchObject({
      status: 'fail',
      step: 'a2',
      expected: 'ret (Marsh Return, kicked 0 times): bears stays on the battlefield: “if you control a Swamp or Island” does not hold as ret resolves, so it is not returned to its owner’s hand (CR 608.2c)',
      observed: 'it left',
      kind: 'condition-misjudged',
      rule: '608.2c',
    });
  });

  it('a Swamp come, the Bears stay: the same branch, the other way', async () => {
    expect(await judged(SWAMP_COMES, kept(2, 'bears'))).toMatchObject({
      status: 'fail',
      step: 'a3',
      expected: "whisper (Horobi's Whisper, kicked 0 times): bears leaves the battlefield: “if you control a Swamp” holds as whisper resolves, so it is destroyed (CR 608.2c)",
      observed: 'it is still there',
      kind: 'condition-misjudged',
      rule: '608.2c',
    });
  });
});

describe('the oracle: which targets a resolution spares, and why', () => {
  /** What the oracle says of the last step of a scenario's reference trace. */
  const last = (s: Scenario) => {
    const n = normalizeScenario(s);
    const run = new Run(n, engine.runSync(n));
    return expectedResolution(run, run.steps.at(-1)!)!;
  };

  it('a new object, a target without flying, a target whose condition fails; none where the target is legal and the condition holds', () => {
    expect(last(FLICKERED).spared).toEqual(new Map([['bears', { why: 'new-object' }]]));
    expect(last(SWAMP_GONE).spared).toEqual(new Map([['bears', { why: 'condition-false', condition: { subtypes: ['Swamp'] }, effect: 'destroy' }]]));
    expect(last(SWAMP_COMES).spared?.size).toBe(0);
    expect(last(SWAMP_COMES).removedOnCondition).toEqual(new Map([['bears', { condition: { subtypes: ['Swamp'] }, effect: 'destroy' }]]));
    expect(last(SKY_FALL).removedOnCondition?.size).toBe(0);
  });

  it('a target destroyed before the spell resolves is not on the battlefield to be spared', () => {
    const DIED: Scenario = { ...FLICKERED, actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'destroy', permanent: 'bears' }, { do: 'resolve' }] };
    const e = last(DIED);
    expect(e.fizzled).toBe(true);
    expect(e.spared?.size).toBe(0);
  });
});

describe('resolution.player-effects: what is not spared', () => {
  /**
   * Twin Fall: "destroy target creature with flying; target creature gets +1/+1", both aimed at
   * Academy Drake (one object may be chosen once for each word "target", CR 115.3).
   */
  const TWIN_FALL: Scenario = {
    ...SKY_FALL,
    cards: [
      {
        id: 'fall',
        definition: instant('Twin Fall', {
          targets: [{ kind: 'creature', filter: { keywords: ['flying'] } }, { kind: 'creature' }],
          effects: [{ kind: 'destroy', target: 0 }, { kind: 'pump', power: 1, toughness: 1, target: 1 }],
        }),
      },
      { id: 'drake', oracle: 'Academy Drake' },
    ],
    actions: [{ do: 'cast', card: 'fall', targets: [['drake'], ['drake']] }, { do: 'resolve' }],
  };

  it('a permanent illegal for one target but legal for another is not spared: the other may act on it', async () => {
    const lostFlying = (t: Trace) => void (permanent(t, 0, 'drake').keywords = []);
    expect(await judged(TWIN_FALL)).toEqual(PASS);
    // The engine destroyed the Drake as if it still had flying: Twin Fall's second target was legal all along.
    const v = await judged(TWIN_FALL, lostFlying);
    expect(v).toMatchObject({ status: 'fail', step: 'a2', expected: 'fall (Twin Fall, kicked 0 times): drake stays on the battlefield', observed: 'it left' });
    expect(v).not.toHaveProperty('kind');
  });

  /** Bird Burn: "if you control Ornithopter, Bird Burn deals 1 damage to target creature", p1 controlling none. */
  const BIRD_BURN: Scenario = {
    ...NO_MARSH,
    cards: [
      { id: 'ret', definition: instant('Bird Burn', { targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 1, target: 0, ifYouControl: { name: 'Ornithopter' } }] }) },
      { id: 'bears', oracle: 'Grizzly Bears' },
    ],
  };

  it('an instruction that would not take its target away, its condition false: a target that left is the unnamed branch', async () => {
    expect(await judged(BIRD_BURN)).toEqual(PASS);
    const v = await judged(BIRD_BURN, gone(1, 'bears'));
    expect(v).toMatchObject({ status: 'fail', step: 'a2', expected: 'ret (Bird Burn, kicked 0 times): bears stays on the battlefield', observed: 'it left' });
    expect(v).not.toHaveProperty('rule');
  });

  const UNTIL_EMPTY = (s: Scenario): Scenario => ({ ...s, actions: [...s.actions.slice(0, -1), { do: 'resolve', untilEmpty: true }] });

  it('resolving until the stack is empty, a permanent that stays or leaves wrongly fails by the order of the resolutions, not by a target spared', async () => {
    const stays = await judged(UNTIL_EMPTY(SWAMP_COMES), kept(2, 'bears'));
    expect(stays).toMatchObject({ status: 'fail', step: 'a3', observed: 'it is still there', kind: 'until-empty', rule: '608.2' });
    expect(stays).toMatchObject({ expected: expect.stringMatching(/: bears leaves the battlefield$/) });
    const left = await judged(UNTIL_EMPTY(SWAMP_GONE), gone(2, 'bears'));
    expect(left).toMatchObject({ status: 'fail', step: 'a3', observed: 'it left', kind: 'until-empty', rule: '608.2' });
    expect(left).toMatchObject({ expected: expect.stringMatching(/: bears stays on the battlefield$/) });
  });
});
