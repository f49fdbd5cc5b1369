// Breakers for triggers.creatures-die (properties/triggers.ts, CR 603.2c, 603.2h, 603.6c, 603.10): what
// an engine reports triggered changed by hand where only one reading of the trace tells it apart: a
// trigger in a step where nothing died, a token that stayed among the dead, "triggers only once each
// turn" in one step and across steps, a watcher that dies with another creature, a creature bounced as
// another dies.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, TriggeredAbility } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('triggers.creatures-die')!;
const fired = (id: string, source: string, ability = 0, controller: 'p1' | 'p2' = 'p1') => ({ id, source, ability, controller });
const watcher = (name: string, trigger: Partial<TriggeredAbility> = {}): CardDefinition => ({ name, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'creaturesDie', effects: [{ kind: 'gainLife', amount: 1 }], ...trigger }] });
const sorcery = (name: string, effects: CardDefinition['effects']): CardDefinition => ({ name, manaCost: '{1}', types: ['Sorcery'], targets: [{ kind: 'creature' }, { kind: 'creature' }], effects });

describe('triggers.creatures-die: steps and permanents that are no deaths', () => {
  it('an ability reported triggered in a step where nothing left and no card moved fails', async () => {
    const s = normalizeScenario({ ...F.DEATHS, actions: [{ do: 'tap', permanent: 'bears' }, ...F.DEATHS.actions] });
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 4 });
    step(t, 0).triggered = [fired('a1.t1', 'dw')];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'dw#0 triggers 0 time(s): no other creature died', observed: '1 time(s)', checks: 1 });
  });

  it('a token that stays on the battlefield is not among the dead the failure names', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [...F.DEATHS.cards, { id: 'maker', definition: { name: 'Golem Maker', manaCost: '{1}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Golem', types: ['Artifact', 'Creature'], power: 3, toughness: 3 } }] } }],
      players: [{ id: 'p1', hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'dw' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'destroy', permanent: 'bears' }],
    });
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 2).state.battlefield.map((o) => o.id)).toEqual(['a2.k1', 'dw']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    step(t, 2).triggered = [];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a3', expected: 'dw#0 triggers 1 time(s): ["bears"] left the battlefield', observed: '0 time(s)', checks: 1 });
  });
});

describe('triggers.creatures-die: "triggers only once each turn" (CR 603.2h)', () => {
  /** Burst Lightning kills Grizzly Bears (step 1), the ability resolves (2), then Hill Giant is destroyed (3). */
  const s = normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'tw', definition: watcher('Once a Turn Watcher', { triggersOnlyOnceEachTurn: true }) },
      { id: 'bears', oracle: 'Grizzly Bears' },
      { id: 'giant', oracle: 'Hill Giant' },
      { id: 'bolt', oracle: 'Burst Lightning' },
    ],
    players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'tw' }] }, { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'giant' }] }],
    actions: [{ do: 'cast', card: 'bolt', targets: [['bears']] }, { do: 'resolve' }, { do: 'resolve' }, { do: 'destroy', permanent: 'giant' }],
  });

  it('twice in one resolution is once too many', async () => {
    const t = editableCopy(engine.runSync(s));
    expect(t.steps.map((x) => (x.triggered ?? []).map((y) => y.source))).toEqual([[], ['tw'], [], []]);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    step(t, 1).triggered!.push(fired('x', 'tw'));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: 'tw#0 triggers 1 time(s): ["bears"] left the battlefield', observed: '2 time(s)', checks: 1 });
  });

  it('again later in the turn fails, saying it is done for the turn', async () => {
    const t = editableCopy(engine.runSync(s));
    step(t, 3).triggered = [fired('a4.t1', 'tw')];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a4', expected: 'tw#0 triggers 0 time(s): ["giant"] left the battlefield, and it is done for the turn', observed: '1 time(s)', checks: 2 });
  });
});

describe('triggers.creatures-die: several creatures leaving in one resolution', () => {
  /** A sorcery aimed at two creatures: `first` its first target, then destroy its second. */
  const both = (first: 'destroy' | 'bounce', targets: [string, string]): Scenario => ({
    format: 'castcheck-scenario/1',
    cards: [...F.DEATHS.cards, { id: 'giant', oracle: 'Hill Giant' }, { id: 'doom', definition: sorcery('Double Doom', [{ kind: first, target: 0 }, { kind: 'destroy', target: 1 }]) }],
    players: [{ id: 'p1', hand: ['doom'], mana: { C: 1 }, battlefield: [{ card: 'dw' }, { card: 'dw2' }] }, { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'giant' }] }],
    actions: [{ do: 'cast', card: 'doom', targets: [[targets[0]], [targets[1]]] }, { do: 'resolve' }],
  });

  it('a watcher that dies with another creature may be reported triggered or not (it looks back, CR 603.10a), and is counted only if it was', async () => {
    const s = normalizeScenario(both('destroy', ['dw', 'bears']));
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 1).triggered!.map((x) => x.source)).toEqual(['dw2']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    step(t, 1).triggered!.push(fired('x', 'dw'));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('two creatures dying to one resolution may trigger a watcher once each: no upper bound as for a single destroy', async () => {
    const s = normalizeScenario(both('destroy', ['giant', 'bears']));
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 1).triggered!.map((x) => x.source).sort()).toEqual(['dw', 'dw', 'dw2', 'dw2']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('a creature returned to hand as another dies: the card in a graveyard may have been discarded, so no trigger is required', async () => {
    const s = normalizeScenario(both('bounce', ['giant', 'bears']));
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 1).state.players[1]!.hand).toEqual(['giant']);
    step(t, 1).triggered = [];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
  });
});

describe('triggers.once-each-turn and triggers.becomes-tapped: limits and filters', () => {
  /** Tapping a Mountain with a watcher of artifacts or lands, and one that resolves once each turn. */
  const s = normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'aw', definition: watcher('Artifact or Land Watcher', { event: 'becomesTapped', whose: 'any', filter: { types: ['Artifact', 'Land'] } }) },
      { id: 'ow', definition: watcher('Once Watcher', { event: 'becomesTapped', whose: 'any', oncePerTurn: true }) },
      { id: 'm1', oracle: 'Mountain' },
      { id: 'm2', oracle: 'Mountain' },
    ],
    players: [{ id: 'p1', battlefield: [{ card: 'aw' }, { card: 'ow' }, { card: 'm1' }, { card: 'm2' }] }, { id: 'p2' }],
    actions: [{ do: 'tap', permanent: 'm1' }, { do: 'tap', permanent: 'm2' }],
  });

  it('a land fits a filter of artifacts or lands: one of the types is enough', async () => {
    const tapped = propertyById('triggers.becomes-tapped')!;
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 0).triggered!.map((x) => x.source).sort()).toEqual(['aw', 'ow']);
    expect(await verdictOf(tapped, s, t)).toEqual({ status: 'pass', checks: 2 });
    // Reported in another order, and once too often: the counts are written sorted.
    step(t, 0).triggered = [fired('a1.t2', 'ow'), fired('a1.t1', 'aw'), fired('x', 'aw')];
    expect(await verdictOf(tapped, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'tapping m1 triggers aw#0×1, ow#0×1', observed: 'aw#0×2, ow#0×1', checks: 1 });
  });

  it('"do this only once each turn" may trigger twice before it resolves: both are counted, and the judging goes on', async () => {
    const once = propertyById('triggers.once-each-turn')!;
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(once, s, t)).toEqual({ status: 'pass', checks: 2 });
    step(t, 0).triggered!.push(fired('x', 'ow'));
    expect(await verdictOf(once, s, t)).toEqual({ status: 'pass', checks: 3 });
  });
});
