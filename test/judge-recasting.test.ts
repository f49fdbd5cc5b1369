// Breakers for casting.kick-belongs-to-its-cast (CR 702.33d, 733.1, 400.7) and
// casting.rejected-cast-refunds (CR 733.1, 601.2h): Burst Lightning and Kavu Titan cast again after a
// rejected kicked cast, or Kavu Titan bounced and cast again kicked, each kick field of the new
// cast and of the permanent it becomes wrong in turn; a rejected cast that keeps mana, cards or the stack.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { rushingRiverKicked } from './fixtures/scenario-builders.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

/** Kavu Titan cast unkicked, returned to hand from the stack, cast again kicked and resolved. */
const BOUNCED_TITAN: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'titan', oracle: 'Kavu Titan' }],
  players: [{ id: 'p1', hand: ['titan'], mana: { G: 4, C: 4 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'titan' }, { do: 'bounce', object: 'titan' }, { do: 'cast', card: 'titan', kicker: ['A'] }, { do: 'resolve' }],
};
// Steps: 0 Burst Lightning kicked, rejected; 1 cast again unkicked; 3 Kavu Titan kicked, rejected; 4 cast again; 5 it resolves.
const s = normalizeScenario(F.RECAST_AFTER_REJECTION);
const fresh = () => editableCopy(engine.runSync(s));

describe('casting.kick-belongs-to-its-cast', () => {
  const p = propertyById('casting.kick-belongs-to-its-cast')!;

  it('checks each accepted cast of a card cast before, and the permanent it becomes', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 3 });
  });

  it("Burst Lightning cast again unkicked, shown with the rejected cast's kick in any one field, fails", async () => {
    const fields: [string, (t: Trace) => void, string, string][] = [
      ['kicked', (t) => void (spellAt(t, 1, 0).kicked = true), 'bolt, cast again, is kicked: false (declared [], multikicker 0)', 'kicked: true'],
      ['timesKicked', (t) => void (spellAt(t, 1, 0).timesKicked = 1), 'bolt, cast again, was kicked 0 times', '1 times'],
      ['multikicker', (t) => void (spellAt(t, 1, 0).multikicker = 2), 'bolt, cast again, has multikicker 0', 'multikicker 2'],
      ['kicker', (t) => void (spellAt(t, 1, 0).kicker = ['A']), 'bolt, cast again, has kicker costs []', 'kicker costs ["A"]'],
    ];
    for (const [field, change, expected, observed] of fields) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), field).toEqual({ status: 'fail', step: 'a2', expected, observed, checks: 1 });
    }
  });

  it('a cast again that shows none of the kick fields counts no check; kicker costs in another order are the same', async () => {
    const t = fresh();
    for (const k of ['kicked', 'timesKicked', 'multikicker', 'kicker'] as const) delete spellAt(t, 1, 0)[k];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('a cast again missing from the stack fails, and no later cast is judged (the permanents still are)', async () => {
    const t = fresh();
    step(t, 1).state.stack = [];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a2', checks: 2 });
  });

  it('Kavu Titan cast again unkicked, entering kicked, kicked once or with counters, fails', async () => {
    const fields: [string, (t: Trace) => void, string, string][] = [
      ['kicked', (t) => void (permanent(t, 5, 'titan').kicked = true), 'titan resolved from a cast kicked 0 times: kicked false', 'kicked true'],
      ['timesKicked', (t) => void (permanent(t, 5, 'titan').timesKicked = 1), 'titan resolved from a cast kicked 0 times', 'timesKicked 1'],
      ['counters', (t) => void (permanent(t, 5, 'titan').counters = { '+1/+1': 3 }), 'titan enters with {} for its own cast', 'counters {"+1/+1":3}'],
    ];
    for (const [field, change, expected, observed] of fields) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), field).toEqual({ status: 'fail', step: 'a6', expected, observed, checks: 3 });
    }
    const none = fresh();
    permanent(none, 5, 'titan').counters = { '+1/+1': 0 };
    delete permanent(none, 5, 'titan').kicked;
    delete permanent(none, 5, 'titan').timesKicked;
    expect(await verdictOf(p, s, none)).toEqual({ status: 'pass', checks: 3 });
    const gone = fresh();
    step(gone, 5).state.battlefield = [];
    expect(await verdictOf(p, s, gone)).toMatchObject({ status: 'fail', step: 'a6', expected: 'titan (Kavu Titan) is on the battlefield after resolving', checks: 3 });
  });

  it('Kavu Titan bounced and cast again kicked enters with its three counters, kicked once', async () => {
    const b = normalizeScenario(BOUNCED_TITAN);
    const t = editableCopy(engine.runSync(b));
    expect(permanent(t, 3, 'titan').counters).toEqual({ '+1/+1': 3 });
    expect(await verdictOf(p, b, t)).toEqual({ status: 'pass', checks: 2 });
    permanent(t, 3, 'titan').counters = { '+1/+1': 2 };
    expect(await verdictOf(p, b, t)).toEqual({ status: 'fail', step: 'a4', expected: 'titan enters with {"+1/+1":3} for its own cast', observed: 'counters {"+1/+1":2}', checks: 2 });
    const unkicked = editableCopy(engine.runSync(b));
    spellAt(unkicked, 2, 0).kicked = false;
    expect(await verdictOf(p, b, unkicked)).toEqual({ status: 'fail', step: 'a3', expected: 'titan, cast again, is kicked: true (declared ["A"], multikicker 0)', observed: 'kicked: false', checks: 1 });
  });
});

describe('casting.rejected-cast-refunds', () => {
  const p = propertyById('casting.rejected-cast-refunds')!;

  it('checks each rejected cast', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 2 });
  });

  it("a rejected cast that kept p1's mana, the card, or left a spell on the stack fails", async () => {
    const mana = fresh();
    playerAt(mana, 0, 'p1').mana = { G: 2 };
    expect(await verdictOf(p, s, mana)).toEqual({ status: 'fail', step: 'a1', expected: 'p1\'s mana pool as before the rejected cast: [["G",2],["R",1]]', observed: '[["G",2]]', checks: 1 });
    const card = fresh();
    playerAt(card, 0, 'p1').hand = ['titan'];
    expect(await verdictOf(p, s, card)).toEqual({ status: 'fail', step: 'a1', expected: '["bolt"] still in p1\'s hand', observed: 'hand ["titan"]', checks: 1 });
    const stack = fresh();
    step(stack, 3).state.stack = [{ ...spellAt(stack, 4, 0) }];
    expect(await verdictOf(p, s, stack)).toEqual({ status: 'fail', step: 'a4', expected: 'the stack as before: []', observed: '["titan"]', checks: 2 });
  });

  it('mana not shown, or shown with empty kinds, is no change', async () => {
    const t = fresh();
    playerAt(t, 0, 'p1').mana = { R: 1, G: 2, U: 0 };
    delete playerAt(t, 2, 'p1').mana;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });
});

/**
 * Steps: 0 Kavu Titan put onto the battlefield, 1 returned to hand, 2 cast kicked (its only cast), 3 it
 * resolves; 4 Twice-Kicked Warden cast with both kicker costs declared B first, 5 returned to hand from
 * the stack, 6 cast again the same way, 7 copied, 8 the copy resolves (a token), 9 the Warden resolves;
 * 10 Grizzly Bears cast, 11 returned from the stack, 12 cast again, 13 it resolves; 14 p2's kicked
 * Burst Lightning, which p2's one red mana cannot pay, rejected.
 */
const AGAIN_AND_ONCE: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'titan', oracle: 'Kavu Titan' },
    {
      id: 'warden',
      definition: {
        name: 'Twice-Kicked Warden',
        manaCost: '{2}',
        types: ['Creature'],
        power: 1,
        toughness: 1,
        kicker: { costs: [{ mana: '{G}' }, { mana: '{1}' }] },
        // The charge counter first: the counters expected are written in this order, the engine's in its own.
        entersWith: [{ counter: 'charge', amount: 1 }, { counter: '+1/+1', amount: 1, condition: 'kicked' }],
      },
    },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'bolt', oracle: 'Burst Lightning' },
  ],
  players: [{ id: 'p1', hand: ['titan', 'warden', 'bears'], mana: { G: 10, C: 10 } }, { id: 'p2', hand: ['bolt'], mana: { R: 1 } }],
  actions: [
    { do: 'putOntoBattlefield', card: 'titan' },
    { do: 'bounce', object: 'titan' },
    { do: 'cast', card: 'titan', kicker: ['A'] },
    { do: 'resolve' },
    { do: 'cast', card: 'warden', kicker: ['B', 'A'] },
    { do: 'bounce', object: 'warden' },
    { do: 'cast', card: 'warden', kicker: ['B', 'A'] },
    { do: 'copy', id: 'wcopy', spell: 'warden' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'cast', card: 'bears' },
    { do: 'bounce', object: 'bears' },
    { do: 'cast', card: 'bears' },
    { do: 'resolve' },
    { do: 'cast', player: 'p2', card: 'bolt', kicker: ['A'], targets: [['p1']] },
  ],
};

describe('casting.kick-belongs-to-its-cast: only the casts of a card cast again, and only the permanents they become', () => {
  const p = propertyById('casting.kick-belongs-to-its-cast')!;
  const a = normalizeScenario(AGAIN_AND_ONCE);
  const run = () => editableCopy(engine.runSync(a));

  it('judges the Warden and the Bears cast again, not Kavu Titan put onto the battlefield and cast once, nor the copy of the Warden', async () => {
    // Kicker costs and counters compared whatever order each side writes them in.
    expect(spellAt(run(), 6, 0).kicker).toEqual(['A', 'B']);
    expect(await verdictOf(p, a, run())).toEqual({ status: 'pass', checks: 4 });
    const reversed = run();
    spellAt(reversed, 6, 0).kicker = ['B', 'A'];
    permanent(reversed, 9, 'warden').counters = { '+1/+1': 1, charge: 1 };
    expect(await verdictOf(p, a, reversed)).toEqual({ status: 'pass', checks: 4 });
  });

  it('the Warden cast again kicked twice, entering unkicked, fails there, and the Bears after it are not judged', async () => {
    const t = run();
    permanent(t, 9, 'warden').kicked = false;
    expect(await verdictOf(p, a, t)).toEqual({ status: 'fail', step: 'a10', expected: 'warden resolved from a cast kicked 2 times: kicked true', observed: 'kicked false', checks: 3 });
  });
});

describe('casting.rejected-cast-refunds: the caster of the rejected cast, and the permanents it names to sacrifice', () => {
  const p = propertyById('casting.rejected-cast-refunds')!;

  it("p2's rejected Burst Lightning is judged on p2's pool and hand, not p1's", async () => {
    const a = normalizeScenario(AGAIN_AND_ONCE);
    const t = editableCopy(engine.runSync(a));
    expect(await verdictOf(p, a, t)).toEqual({ status: 'pass', checks: 1 });
    playerAt(t, 14, 'p2').mana = {};
    expect(await verdictOf(p, a, t)).toEqual({ status: 'fail', step: 'a15', expected: 'p2\'s mana pool as before the rejected cast: [["R",1]]', observed: '[]', checks: 1 });
  });

  it('a pool the engine stops showing after the rejected cast is not judged; the hand and the stack still are', async () => {
    const t = fresh();
    delete playerAt(t, 0, 'p1').mana;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  /** Rushing River kicked by sacrificing a Forest, with one colourless mana of its {2}{U}: rejected. */
  const river = (forest: 'battlefield' | 'hand'): Scenario => rushingRiverKicked({ C: 1 }, forest);

  it('the Forest named to sacrifice for a rejected Rushing River stays on the battlefield', async () => {
    const r = normalizeScenario(river('battlefield'));
    const t = editableCopy(engine.runSync(r));
    expect(step(t, 0).outcome).toBe('rejected');
    expect(await verdictOf(p, r, t)).toEqual({ status: 'pass', checks: 1 });
    step(t, 0).state.battlefield = step(t, 0).state.battlefield.filter((o) => o.id !== 'forest');
    expect(await verdictOf(p, r, t)).toEqual({ status: 'fail', step: 'a1', expected: '["forest"] still on the battlefield', observed: 'battlefield ["bears","giant","island"]', checks: 1 });
  });

  it('a Forest named to sacrifice from the hand is not looked for on the battlefield', async () => {
    const r = normalizeScenario(river('hand'));
    const t = editableCopy(engine.runSync(r));
    expect(step(t, 0).outcome).toBe('rejected');
    expect(await verdictOf(p, r, t)).toEqual({ status: 'pass', checks: 1 });
  });
});
