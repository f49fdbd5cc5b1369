// Breakers for the trigger-count properties (properties/triggers.ts, CR 603.2, 603.4, 603.10, 603.2h):
// the reference trace of a small scenario with what the engine reports triggered changed by hand, which
// only that branch rejects, asserted with the counts an engine's author reads; and what each branch
// must let pass.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, TriggeredAbility } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run } from '../properties/property.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;
const T = normalizeScenario(F.TRIGGERS);
const fired = (id: string, source: string, ability: number, controller: 'p1' | 'p2' = 'p1') => ({ id, source, ability, controller });

const watcher = (name: string, trigger: TriggeredAbility): CardDefinition => ({ name, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [trigger] });

describe('triggers.cast-triggers-once-per-cast', () => {
  const p = property('triggers.cast-triggers-once-per-cast');

  it('a cast trigger missing or doubled fails with both counts, sorted (CR 601.2i)', async () => {
    expect(await verdictOf(p, T, engine.runSync(T))).toEqual({ status: 'pass', checks: 4 });
    const missing = editableCopy(engine.runSync(T));
    step(missing, 0).triggered = [fired('a1.t2', 'oppw', 0, 'p2')];
    expect(await verdictOf(p, T, missing)).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers castw#0×1, oppw#0×1', observed: 'oppw#0×1', checks: 1 });
    const doubled = editableCopy(engine.runSync(T));
    step(doubled, 10).triggered = [fired('x', 'oppw', 0, 'p2'), fired('y', 'oppw', 0, 'p2')];
    expect(await verdictOf(p, T, doubled)).toEqual({ status: 'fail', step: 'a11', expected: 'cast triggers oppw#0×1', observed: 'oppw#0×2', checks: 2 });
    const none = editableCopy(engine.runSync(T));
    step(none, 10).triggered = [];
    expect(await verdictOf(p, T, none)).toMatchObject({ status: 'fail', step: 'a11', expected: 'cast triggers oppw#0×1', observed: 'nothing' });
    // Abilities of other events reported with the cast are not counted here.
    const other = editableCopy(engine.runSync(T));
    step(other, 10).triggered = [fired('x', 'oppw', 0, 'p2'), fired('y', 'tapw', 0)];
    expect(await verdictOf(p, T, other)).toEqual({ status: 'pass', checks: 4 });
  });

  it('a rejected cast is not judged', async () => {
    const t = editableCopy(engine.runSync(T));
    step(t, 10).outcome = 'rejected';
    step(t, 10).triggered = [];
    expect(await verdictOf(p, T, t)).toEqual({ status: 'pass', checks: 3 });
  });
});

describe('the enters-trigger properties', () => {
  it('triggers.enters-count: an enters ability triggered once too few fails, saying how the permanent was kicked (CR 603.2, 603.2d)', async () => {
    const p = property('triggers.enters-count');
    const passed = await verdictOf(p, T, engine.runSync(T));
    expect(passed).toMatchObject({ status: 'pass' });
    const t = editableCopy(engine.runSync(T));
    step(t, 3).triggered!.pop();
    expect(await verdictOf(p, T, t)).toEqual({ status: 'fail', step: 'a4', expected: 'gk entering (kicked 2 times, AB kicker costs) triggers gk#0×2, gk#1×2, gk#2×2', observed: 'gk#0×2, gk#1×2, gk#2×1', checks: 1 });
    const unkicked = editableCopy(engine.runSync(T));
    step(unkicked, 6).triggered = [fired('a7.t1', 'gk2', 2)];
    expect(await verdictOf(p, T, unkicked)).toMatchObject({ status: 'fail', step: 'a7', expected: 'gk2 entering (kicked 0 times, no kicker costs) triggers nothing', observed: 'gk2#2×1' });
    // Another permanent's ability, or one of another event, reported with the entry is not counted for it.
    const others = editableCopy(engine.runSync(T));
    step(others, 6).triggered = [fired('a7.t1', 'gk', 0), fired('a7.t2', 'castw', 0)];
    expect(await verdictOf(p, T, others)).toEqual(passed);
  });

  it('triggers.intervening-if-false judges only entries whose "if" is false (CR 603.4)', async () => {
    const p = property('triggers.intervening-if-false');
    const passed = await verdictOf(p, T, engine.runSync(T));
    expect(passed).toMatchObject({ status: 'pass' });
    const t = editableCopy(engine.runSync(T));
    step(t, 6).triggered = [fired('a7.t1', 'gk2', 0)];
    expect(await verdictOf(p, T, t)).toMatchObject({ status: 'fail', step: 'a7', expected: 'gk2 entering (kicked 0 times, no kicker costs) triggers nothing', observed: 'gk2#0×1' });
    // gk, kicked with both costs, is no entry of this property's.
    const kicked = editableCopy(engine.runSync(T));
    step(kicked, 3).triggered!.pop();
    expect(await verdictOf(p, T, kicked)).toEqual(passed);
  });

  it('triggers.linked-kicker-abilities: an ability linked to one kicker cost judged on its entries (CR 702.33f)', async () => {
    const p = property('triggers.linked-kicker-abilities');
    expect(await verdictOf(p, T, engine.runSync(T))).toMatchObject({ status: 'pass' });
    const t = editableCopy(engine.runSync(T));
    step(t, 3).triggered = step(t, 3).triggered!.filter((x) => x.ability !== 1);
    expect(await verdictOf(p, T, t)).toMatchObject({ status: 'fail', step: 'a4', expected: 'gk entering (kicked 2 times, AB kicker costs) triggers gk#0×2, gk#1×2, gk#2×2', observed: 'gk#0×2, gk#2×2' });
    // Only cards with a linked ability: a kicked-only watcher entering is not an entry of this property's.
    const plain = normalizeScenario({
      ...F.MULTIKICKED_PACK,
      cards: [...F.MULTIKICKED_PACK.cards, { id: 'ab', definition: { name: 'Linked', manaCost: '{1}', types: ['Artifact'], kicker: { costs: [{ mana: '{1}' }, { mana: '{2}' }] }, triggers: [{ event: 'selfEnters', if: 'kickedA', effects: [{ kind: 'gainLife', amount: 1 }] }] } }],
      players: [{ id: 'p1', hand: ['pack'], mana: { G: 2, C: 2 } }, { id: 'p2' }],
    });
    const pack = editableCopy(engine.runSync(plain));
    step(pack, 1).triggered = [fired('a2.t1', 'pack', 0)];
    expect(await verdictOf(p, plain, pack)).toEqual({ status: 'n/a' });
  });
});

describe('triggers.once-per-land', () => {
  const p = property('triggers.once-per-land');

  it('three lands destroyed at once trigger a land watcher three times (CR 603.2c)', async () => {
    expect(await verdictOf(p, T, engine.runSync(T))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(T));
    step(t, 22).triggered!.pop();
    expect(await verdictOf(p, T, t)).toEqual({ status: 'fail', step: 'a23', expected: '3 land(s) to the graveyard trigger landw#0×3', observed: 'landw#0×2', checks: 1 });
    // A land watcher reported where no land left: a cast, with nothing gone from the battlefield.
    const cast = editableCopy(engine.runSync(T));
    step(cast, 10).triggered = [fired('x', 'landw', 0)];
    expect(await verdictOf(p, T, cast)).toEqual({ status: 'fail', step: 'a11', expected: '0 land(s) to the graveyard trigger nothing', observed: 'landw#0×1', checks: 1 });
    // Steps other than casts and destructions are not judged.
    const tap = editableCopy(engine.runSync(T));
    step(tap, 8).triggered = [fired('x', 'landw', 0)];
    expect(await verdictOf(p, T, tap)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a land that went to a hand, not a graveyard, triggers nothing; an opponent\'s land only "any" watchers', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'mine', definition: watcher('Mine Watcher', { event: 'landToGraveyard', whose: 'yours', effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'any', definition: watcher('Any Watcher', { event: 'landToGraveyard', whose: 'any', effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'once', definition: watcher('Once Watcher', { event: 'landToGraveyard', whose: 'any', oncePerTurn: true, effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'm1', oracle: 'Mountain' },
        { id: 'm2', oracle: 'Mountain' },
      ],
      players: [{ id: 'p1', battlefield: [{ card: 'mine' }, { card: 'any' }, { card: 'once' }, { card: 'm1' }] }, { id: 'p2', battlefield: [{ card: 'm2' }] }],
      actions: [{ do: 'destroy', permanent: 'm2' }, { do: 'resolve', untilEmpty: true }, { do: 'destroy', permanent: 'm1' }],
    });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    const seen = editableCopy(t);
    expect(step(seen, 0).triggered?.map((x) => x.source).sort()).toEqual(['any', 'once']);
    // The once-a-turn watcher resolved after the first: it triggers no more.
    expect(step(seen, 2).triggered?.map((x) => x.source).sort()).toEqual(['any', 'mine']);
    step(seen, 2).triggered!.push(fired('x', 'once', 0));
    expect(await verdictOf(p, s, seen)).toMatchObject({ status: 'fail', step: 'a3', expected: '1 land(s) to the graveyard trigger any#0×1, mine#0×1', observed: 'any#0×1, mine#0×1, once#0×1' });
    const mine = editableCopy(t);
    step(mine, 0).triggered!.push(fired('x', 'mine', 0));
    expect(await verdictOf(p, s, mine)).toMatchObject({ status: 'fail', step: 'a1', expected: '1 land(s) to the graveyard trigger any#0×1, once#0×1' });
    // The land bounced instead: it is in a hand, and nothing triggers.
    const bounced = editableCopy(t);
    step(bounced, 0).state.players[1]!.graveyard = [];
    step(bounced, 0).state.players[1]!.hand = ['m2'];
    expect(await verdictOf(p, s, bounced)).toMatchObject({ status: 'fail', step: 'a1', expected: '0 land(s) to the graveyard trigger nothing' });
  });
});

describe('triggers.becomes-tapped', () => {
  const p = property('triggers.becomes-tapped');

  it('tapping a land triggers the land watcher; entering tapped triggers nothing (CR 603.2e)', async () => {
    expect(await verdictOf(p, T, engine.runSync(T))).toEqual({ status: 'pass', checks: 2 });
    const tap = editableCopy(engine.runSync(T));
    step(tap, 8).triggered = [];
    expect(await verdictOf(p, T, tap)).toEqual({ status: 'fail', step: 'a9', expected: 'tapping m1 triggers tapw#0×1', observed: 'nothing', checks: 1 });
    const enters = editableCopy(engine.runSync(T));
    step(enters, 9).triggered = [fired('a10.t1', 'tapw', 0)];
    expect(await verdictOf(p, T, enters)).toEqual({ status: 'fail', step: 'a10', expected: 'entering tapped triggers nothing', observed: 'tapw#0×1', checks: 2 });
    const gone = editableCopy(engine.runSync(T));
    step(gone, 8).state.battlefield = step(gone, 8).state.battlefield.filter((o) => o.id !== 'm1');
    expect(await verdictOf(p, T, gone)).toEqual({ status: 'fail', step: 'a9', expected: 'm1 is still on the battlefield once tapped', observed: 'it is not', checks: 1 });
  });

  it('a permanent tapped already, or not of the filter\'s types and subtypes, triggers nothing', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'lands', definition: watcher('Land Watcher', { event: 'becomesTapped', whose: 'any', filter: { types: ['Land'] }, effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'swamps', definition: watcher('Swamp Watcher', { event: 'becomesTapped', whose: 'yours', filter: { subtypes: ['Swamp'] }, effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'once', definition: watcher('Once Watcher', { event: 'becomesTapped', whose: 'any', oncePerTurn: true, effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'm1', oracle: 'Mountain' },
        { id: 's1', oracle: 'Swamp' },
        { id: 'bears', oracle: 'Grizzly Bears' },
      ],
      players: [{ id: 'p1', battlefield: [{ card: 'lands' }, { card: 'swamps' }, { card: 'once' }, { card: 'm1' }, { card: 's1' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'tap', permanent: 'bears' }, { do: 'resolve', untilEmpty: true }, { do: 'tap', permanent: 'm1' }, { do: 'tap', permanent: 's1' }, { do: 'tap', permanent: 's1' }],
    });
    const t = engine.runSync(s);
    const seen = editableCopy(t);
    expect([0, 2, 3].map((i) => step(seen, i).triggered?.map((x) => x.source).sort() ?? [])).toEqual([['once'], ['lands'], ['lands', 'swamps']]);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 4 });
    for (const [i, source, expected] of [
      [0, 'lands', 'tapping bears triggers once#0×1'],
      [2, 'swamps', 'tapping m1 triggers lands#0×1'],
      [2, 'once', 'tapping m1 triggers lands#0×1'],
      [4, 'lands', 'tapping s1, already tapped, triggers nothing'],
    ] as const) {
      const broken = editableCopy(t);
      step(broken, i).triggered = [...(step(broken, i).triggered ?? []), fired('x', source, 0)];
      expect(await verdictOf(p, s, broken), `${i} ${source}`).toMatchObject({ status: 'fail', step: s.actions[i]!.id, expected });
    }
  });
});

describe('triggers.once-each-turn', () => {
  const p = property('triggers.once-each-turn');

  it('an ability done for the turn that triggers again fails, saying why it is done (CR 603.2h)', async () => {
    expect(await verdictOf(p, T, engine.runSync(T))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(T));
    step(t, 20).triggered = [fired('a21.t1', 'hurt', 0, 'p2')];
    expect(await verdictOf(p, T, t)).toEqual({ status: 'fail', step: 'a21', expected: 'hurt#0 triggers no more this turn: it has resolved', observed: 'it triggered', checks: 2 });
  });

  it('"triggers only once each turn" stops it once it has triggered, in the same step too', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'tw', definition: watcher('Once Tapper', { event: 'becomesTapped', whose: 'any', triggersOnlyOnceEachTurn: true, effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'm1', oracle: 'Mountain' },
        { id: 'm2', oracle: 'Mountain' },
      ],
      players: [{ id: 'p1', battlefield: [{ card: 'tw' }, { card: 'm1' }, { card: 'm2' }] }, { id: 'p2' }],
      actions: [{ do: 'tap', permanent: 'm1' }, { do: 'tap', permanent: 'm2' }],
    });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const again = editableCopy(t);
    step(again, 1).triggered = [fired('a2.t1', 'tw', 0)];
    expect(await verdictOf(p, s, again)).toEqual({ status: 'fail', step: 'a2', expected: 'tw#0 triggers no more this turn: it has triggered', observed: 'it triggered', checks: 2 });
    const twice = editableCopy(t);
    step(twice, 0).triggered = [fired('a1.t1', 'tw', 0), fired('a1.t2', 'tw', 0)];
    expect(await verdictOf(p, s, twice)).toMatchObject({ status: 'fail', step: 'a1', expected: 'tw#0 triggers no more this turn: it has triggered' });
    // Abilities with no such limit are not judged.
    const other = editableCopy(t);
    step(other, 1).triggered = [fired('x', 'm1', 0)];
    expect(await verdictOf(p, s, other)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('triggers.creatures-die', () => {
  const p = property('triggers.creatures-die');
  const D = normalizeScenario(F.DEATHS);

  it('a creature destroyed on its own triggers each watcher that sees it once; the watcher itself dying sees no other (CR 603.10)', async () => {
    expect(await verdictOf(p, D, engine.runSync(D))).toEqual({ status: 'pass', checks: 4 });
    const missing = editableCopy(engine.runSync(D));
    step(missing, 0).triggered = [fired('a1.t1', 'dw', 0)];
    expect(await verdictOf(p, D, missing)).toEqual({ status: 'fail', step: 'a1', expected: 'dw2#0 triggers 1 time(s): ["bears"] left the battlefield', observed: '0 time(s)', checks: 2 });
    const self = editableCopy(engine.runSync(D));
    step(self, 1).triggered = [fired('a2.t1', 'dw', 0)];
    expect(await verdictOf(p, D, self)).toMatchObject({ status: 'fail', step: 'a2', expected: 'dw#0 triggers 0 time(s): no other creature died', observed: '1 time(s)' });
    // dw2 looks at the opponent's creatures only: dw dying is not one.
    const mine = editableCopy(engine.runSync(D));
    step(mine, 1).triggered = [fired('a2.t1', 'dw2', 0)];
    expect(await verdictOf(p, D, mine)).toMatchObject({ status: 'fail', step: 'a2', expected: 'dw2#0 triggers 0 time(s): no other creature died', observed: '1 time(s)' });
  });

  it('the step that ends the game is not judged', async () => {
    const t = editableCopy(engine.runSync(D));
    step(t, 0).triggered = [];
    step(t, 0).state.players[1]!.lost = true;
    expect(await verdictOf(p, D, t)).toEqual({ status: 'n/a' });
  });

  it('destroying every creature at once is one event: each watcher triggers once, itself among the dead (CR 603.10)', async () => {
    const s = normalizeScenario({ ...F.DEATHS, actions: [{ do: 'destroyAll', filter: { types: ['Creature'] } }] });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    const twice = editableCopy(t);
    step(twice, 0).triggered!.push(fired('x', 'dw', 0));
    expect(await verdictOf(p, s, twice)).toMatchObject({ status: 'fail', step: 'a1', expected: 'dw#0 triggers 1 time(s): ["bears","dw2"] left the battlefield', observed: '2 time(s)' });
  });

  it('"only once each turn": done for the turn once it resolved, it triggers no more', async () => {
    const s = normalizeScenario({
      ...F.DEATHS,
      cards: [
        { id: 'dw', definition: watcher('Once Death Watcher', { event: 'creaturesDie', oncePerTurn: true, effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'bears', oracle: 'Grizzly Bears' },
        { id: 'giant', oracle: 'Hill Giant' },
      ],
      players: [{ id: 'p1', battlefield: [{ card: 'dw' }] }, { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'giant' }] }],
      actions: [{ do: 'destroy', permanent: 'bears' }, { do: 'resolve' }, { do: 'destroy', permanent: 'giant' }],
    });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    const again = editableCopy(t);
    step(again, 2).triggered = [fired('a3.t1', 'dw', 0)];
    expect(await verdictOf(p, s, again)).toMatchObject({ status: 'fail', step: 'a3', expected: 'dw#0 triggers 0 time(s): ["giant"] left the battlefield, and it is done for the turn', observed: '1 time(s)' });
  });

  it('creatures dying to a resolving spell trigger at least once, with no upper bound', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [...F.DEATHS.cards, { id: 'bolt', oracle: 'Burst Lightning' }],
      players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'dw' }, { card: 'dw2' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'resolve' }],
    });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    const none = editableCopy(t);
    step(none, 1).triggered = [fired('a2.t1', 'dw', 0)];
    expect(await verdictOf(p, s, none)).toMatchObject({ status: 'fail', step: 'a2', expected: 'dw2#0 triggers 1 to Infinity times: ["bears"] left the battlefield', observed: '0 time(s)' });
    const more = editableCopy(t);
    step(more, 1).triggered = [...step(more, 1).triggered!, fired('x', 'dw', 0)];
    expect(await verdictOf(p, s, more)).toEqual({ status: 'pass', checks: 2 });
  });
});

describe('triggers.creatures-die: tokens, abilities with conditions, and what the engine shows', () => {
  const p = property('triggers.creatures-die');
  /** A Golem token made by a spell, then destroyed with Death Watcher on the battlefield. */
  const s = normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [
      F.DEATHS.cards[0]!,
      { id: 'maker', definition: { name: 'Golem Maker', manaCost: '{1}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Golem', types: ['Artifact', 'Creature'], power: 3, toughness: 3 } }] } },
    ],
    players: [{ id: 'p1', hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'dw' }] }, { id: 'p2' }],
    actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'destroy', permanent: 'a2.k1' }],
  });

  it('a token creature that no card describes dies too: the watcher triggers once', async () => {
    const t = engine.runSync(s);
    expect(editableCopy(t).steps[2]!.triggered?.map((x) => x.source)).toEqual(['dw']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const none = editableCopy(t);
    step(none, 2).triggered = [];
    expect(await verdictOf(p, s, none)).toEqual({ status: 'fail', step: 'a3', expected: 'dw#0 triggers 1 time(s): ["a2.k1"] left the battlefield', observed: '0 time(s)', checks: 1 });
  });

  it('a token shown without power may not have been a creature: when the engine shows no power at all, once or not at all', async () => {
    const caps = { ...engine.capabilities, observes: engine.capabilities.observes.filter((o) => o !== 'permanent.powerToughness') };
    const t = editableCopy(engine.runSync(s));
    for (const x of t.steps) for (const o of x.state.battlefield) delete o.power;
    const judge = (trace: typeof t) => p.check(new Run(s, trace), { readings: { spliceCopy: 'ruling' }, rerun: () => undefined, reference: () => new Run(s, engine.runSync(s)), capabilities: caps });
    expect(await judge(t)).toEqual({ status: 'pass', checks: 1 });
    const none = editableCopy(t);
    step(none, 2).triggered = [];
    expect(await judge(none)).toEqual({ status: 'n/a' });
    const twice = editableCopy(t);
    step(twice, 2).triggered!.push(fired('x', 'dw', 0));
    expect(await judge(twice)).toMatchObject({ status: 'fail', expected: 'dw#0 triggers 0 to 1 times: no other creature died', observed: '2 time(s)' });
    // Powers observed but this token shows none: it was no creature, and nothing died.
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', expected: 'dw#0 triggers 0 time(s): no other creature died', observed: '1 time(s)' });
  });

  it('an ability with an intervening "if" is left to the properties of conditions', async () => {
    const iffy = normalizeScenario({ ...F.DEATHS, cards: [{ id: 'dw', definition: { ...(F.DEATHS.cards[0] as { definition: CardDefinition }).definition, triggers: [{ event: 'creaturesDie', if: 'kicked', effects: [{ kind: 'gainLife', amount: 1 }] }] } }, ...F.DEATHS.cards.slice(1)] });
    const t = editableCopy(engine.runSync(iffy));
    expect(step(t, 0).triggered?.map((x) => x.source)).toEqual(['dw2']);
    // dw triggering or not is not judged here: dw2 alone is checked.
    expect(await verdictOf(p, iffy, t)).toEqual({ status: 'pass', checks: 2 });
    step(t, 0).triggered!.push(fired('x', 'dw', 0));
    expect(await verdictOf(p, iffy, t)).toEqual({ status: 'pass', checks: 2 });
  });
});

