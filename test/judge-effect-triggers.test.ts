// Breakers for triggers.prevented-damage (CR 603.2g) and triggers.token-created (CR 603.2, 111.1):
// "dealt damage" and "token created" abilities triggering other than once per event, per token, per
// controller's side, or more than once in a turn when they may trigger once.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const w = (name: string, triggers: CardDefinition['triggers']): CardDefinition => ({ name, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers });
const gain: NonNullable<CardDefinition['triggers']>[number]['effects'] = [{ kind: 'gainLife', amount: 1 }];
const golem: CardDefinition = { name: 'Golem Maker', manaCost: '{2}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 2, token: { name: 'Golem', types: ['Artifact', 'Creature'], power: 3, toughness: 3 } }] };
/**
 * Shock Wave twice at Two-Faced Watcher (its second "dealt damage" ability once each turn), each
 * resolution alone; Golem Maker twice, watched by token watchers of every "whose" on both sides (p1's
 * "yours" one once each turn); then Shock Wave at Grizzly Bears, destroyed before it resolves.
 */
const S: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'wave', definition: { name: 'Shock Wave', manaCost: '{2}', types: ['Instant'], targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } },
    { id: 'wave2', definition: { name: 'Shock Wave', manaCost: '{2}', types: ['Instant'], targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } },
    { id: 'two', definition: w('Two-Faced Watcher', [{ event: 'spellCast', effects: gain }, { event: 'selfDealtDamage', effects: gain }, { event: 'selfDealtDamage', oncePerTurn: true, effects: gain }]) },
    { id: 'golems', definition: golem },
    { id: 'golems2', definition: golem },
    { id: 'anyw', definition: w('Any Token Watcher', [{ event: 'spellCast', effects: gain }, { event: 'tokenCreated', effects: gain }]) },
    { id: 'yoursw', definition: w('Your Token Watcher', [{ event: 'tokenCreated', whose: 'yours', oncePerTurn: true, effects: gain }]) },
    { id: 'oppw', definition: w('Their Token Watcher', [{ event: 'tokenCreated', whose: 'opponents', effects: gain }]) },
    { id: 'yoursw2', definition: w('Your Token Watcher', [{ event: 'tokenCreated', whose: 'yours', effects: gain }]) },
    { id: 'oppw2', definition: w('Their Token Watcher', [{ event: 'tokenCreated', whose: 'opponents', effects: gain }]) },
    { id: 'wave3', definition: { name: 'Shock Wave', manaCost: '{2}', types: ['Instant'], targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  players: [
    { id: 'p1', hand: ['wave', 'wave2', 'golems', 'golems2', 'wave3'], mana: { C: 10 }, battlefield: [{ card: 'anyw' }, { card: 'yoursw' }, { card: 'oppw' }] },
    { id: 'p2', battlefield: [{ card: 'two' }, { card: 'yoursw2' }, { card: 'oppw2' }, { card: 'bears' }] },
  ],
  actions: [
    { do: 'cast', card: 'wave', targets: [['two']] },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve', untilEmpty: true },
    { do: 'cast', card: 'wave2', targets: [['two']] },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve', untilEmpty: true },
    { do: 'cast', card: 'golems' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve', untilEmpty: true },
    { do: 'cast', card: 'golems2' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve', untilEmpty: true },
    { do: 'cast', card: 'wave3', targets: [['bears']] },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'destroy', permanent: 'bears' },
    { do: 'resolve' },
  ],
};
const s = normalizeScenario(S);
const fresh = () => editableCopy(engine.runSync(s));
const trigger = (t: Trace, i: number, source: string, ability: number, controller: 'p1' | 'p2') => (step(t, i).triggered ??= []).push({ id: `x${i}.${source}`, source, ability, controller });
const untrigger = (t: Trace, i: number, source: string) => void (step(t, i).triggered = step(t, i).triggered!.filter((x) => x.source !== source));

describe('triggers.prevented-damage', () => {
  const p = propertyById('triggers.prevented-damage')!;

  it('checks each "dealt damage" ability at each resolution, not at a fizzled one', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 28 });
  });

  it('an ability missing for the damage dealt, or triggered for none, fails with both counts', async () => {
    const missing = fresh();
    untrigger(missing, 3, 'two');
    trigger(missing, 3, 'two', 2, 'p2');
    expect(await verdictOf(p, s, missing)).toEqual({ status: 'fail', step: 'a4', expected: "two#1 triggers 1 time(s) from wave's damage", observed: '0 time(s)', checks: 6 });
    const none = fresh();
    trigger(none, 1, 'two', 1, 'p2');
    expect(await verdictOf(p, s, none)).toEqual({ status: 'fail', step: 'a2', expected: "two#1 triggers 0 time(s) from a1.t2's damage", observed: '1 time(s)', checks: 2 });
  });

  it('an ability that triggers once each turn, triggered again, fails', async () => {
    const t = fresh();
    trigger(t, 8, 'two', 2, 'p2');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a9', expected: "two#2 triggers 0 time(s) from wave2's damage", observed: '1 time(s)', checks: 12 });
  });

  it('a fizzled Shock Wave deals no damage: what triggers then is not judged here', async () => {
    const t = fresh();
    trigger(t, 23, 'two', 1, 'p2');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 28 });
  });
});

describe('triggers.token-created', () => {
  const p = propertyById('triggers.token-created')!;

  it("checks each token watcher at each resolution that makes tokens: any side's, its own side's, the other side's", async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 10 });
  });

  it("p2's watcher of its opponents' tokens missing fails, once per token", async () => {
    const t = fresh();
    untrigger(t, 13, 'oppw2');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a14', expected: 'oppw2#0 triggers once per token: 2', observed: '0', checks: 5 });
  });

  it("p1's watcher of its opponents' tokens, and p2's of its own, triggered by p1's tokens, fail", async () => {
    const theirs = fresh();
    trigger(theirs, 13, 'oppw', 0, 'p1');
    expect(await verdictOf(p, s, theirs)).toEqual({ status: 'fail', step: 'a14', expected: 'oppw#0 triggers once per token: 0', observed: '1', checks: 5 });
    const yours = fresh();
    trigger(yours, 13, 'yoursw2', 0, 'p2');
    expect(await verdictOf(p, s, yours)).toMatchObject({ status: 'fail', step: 'a14', expected: 'yoursw2#0 triggers once per token: 0', observed: '1' });
  });

  it('a watcher that triggers once each turn, triggered again that turn, fails; the any-side watcher counts each token', async () => {
    const again = fresh();
    trigger(again, 18, 'yoursw', 0, 'p1');
    expect(await verdictOf(p, s, again)).toEqual({ status: 'fail', step: 'a19', expected: 'yoursw#0 triggers once per token: 0', observed: '1', checks: 10 });
    const once = fresh();
    step(once, 18).triggered!.splice(0, 1);
    expect(await verdictOf(p, s, once)).toMatchObject({ status: 'fail', step: 'a19', expected: 'anyw#1 triggers once per token: 2', observed: '1' });
  });
});

it('each applies to the scenarios with its event among their triggers only', () => {
  const without = (event: string) => normalizeScenario({ ...S, cards: S.cards.map((c) => (c.definition?.triggers ? { ...c, definition: { ...c.definition, triggers: c.definition.triggers.filter((t) => t.event !== event) } } : c)) });
  expect(propertyById('triggers.prevented-damage')!.applies(without('tokenCreated'))).toBe(true);
  expect(propertyById('triggers.prevented-damage')!.applies(without('selfDealtDamage'))).toBe(false);
  expect(propertyById('triggers.token-created')!.applies(without('selfDealtDamage'))).toBe(true);
  expect(propertyById('triggers.token-created')!.applies(without('tokenCreated'))).toBe(false);
});
