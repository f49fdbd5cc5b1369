// Breakers for triggers.intervening-if-false's cast branch (CR 603.4): a "whenever you cast a spell, if
// that spell was kicked" ability (Bloodstone Goblin) triggers not at all for a spell cast unkicked;
// only the abilities that would trigger but for their "if" are judged. What the engine reports
// triggered is changed by hand.
import { describe, expect, it } from 'vitest';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace, TriggeredAbility } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('triggers.intervening-if-false')!;
const gain = [{ kind: 'gainLife' as const, amount: 1 }] as TriggeredAbility['effects'];
const watcher = (t: Omit<TriggeredAbility, 'effects' | 'event'>): CardDefinition => ({ name: 'Kick Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'spellCast', effects: gain, ...t } as TriggeredAbility] });

/** Burst Lightning cast by `player`, with `kicker`, while Bloodstone Goblin (or `w`) watches for p1. */
function casting(kicker: string[], player: 'p1' | 'p2' = 'p1', w?: CardDefinition, more: Scenario['actions'] = []): NormalizedScenario {
  const hand = { hand: ['bolt'], mana: { R: 1, C: 4 } };
  return normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [w ? { id: 'goblin', definition: w } : { id: 'goblin', oracle: 'Bloodstone Goblin' }, { id: 'bolt', oracle: 'Burst Lightning' }],
    players: [
      { id: 'p1', ...(player === 'p1' ? hand : {}), battlefield: [{ card: 'goblin' }] },
      { id: 'p2', ...(player === 'p2' ? hand : {}) },
    ],
    actions: [{ do: 'cast', card: 'bolt', player, targets: [[player === 'p1' ? 'p2' : 'p1']], ...(kicker.length ? { kicker } : {}) } as Scenario['actions'][number], ...more],
  });
}

/** The reference engine's trace of `s`, with the goblin's ability reported triggered by the cast. */
function triggered(s: NormalizedScenario, times = 1): Trace {
  const t = editableCopy(engine.runSync(s));
  step(t, 0).triggered = Array.from({ length: times }, (_, n) => ({ id: `x${n}`, source: 'goblin', ability: 0, controller: 'p1' as const }));
  return t;
}

describe('triggers.intervening-if-false: cast abilities (CR 603.4)', () => {
  it('applies to a scenario with a cast ability whose "if" is about the kick, and to no other cast ability', () => {
    expect(p.applies(casting([]))).toBe(true);
    expect(p.applies(casting([], 'p1', watcher({ whose: 'yours' })))).toBe(false);
    expect(p.applies(casting([], 'p1', watcher({ whose: 'yours', ifYouControl: { types: ['Creature'] } })))).toBe(false);
  });

  it('Bloodstone Goblin triggering for a spell cast unkicked fails, naming the "if" and the kick', async () => {
    const s = casting([]);
    expect(step(engine.runSync(s), 0).triggered ?? []).toEqual([]);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, triggered(s, 2))).toEqual({
      status: 'fail',
      step: 'a1',
      expected: 'goblin#0 does not trigger: its intervening "if" (kicked) is false for bolt, cast kicked 0 times',
      observed: 'it triggered 2 time(s)',
      checks: 1,
    });
  });

  it('two unkicked casts that both trigger it: the first is reported, and the judging stops there', async () => {
    const s = casting([]);
    const twice = normalizeScenario({
      ...s,
      cards: [...s.cards, { id: 'bolt2', oracle: 'Burst Lightning' }],
      players: s.players.map((x) => (x.id === 'p1' ? { ...x, hand: ['bolt', 'bolt2'], mana: { R: 2 } } : x)),
      actions: [...s.actions, { do: 'cast', card: 'bolt2', targets: [['p2']] }],
    } as Scenario);
    const t = triggered(twice);
    step(t, 1).triggered = [{ id: 'y', source: 'goblin', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, twice, t)).toEqual({ status: 'fail', step: 'a1', expected: 'goblin#0 does not trigger: its intervening "if" (kicked) is false for bolt, cast kicked 0 times', observed: 'it triggered 1 time(s)', checks: 1 });
    // With the first right, the second is judged.
    const second = editableCopy(engine.runSync(twice));
    step(second, 1).triggered = [{ id: 'y', source: 'goblin', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, twice, second)).toEqual({ status: 'fail', step: 'a2', expected: 'goblin#0 does not trigger: its intervening "if" (kicked) is false for bolt2, cast kicked 0 times', observed: 'it triggered 1 time(s)', checks: 2 });
  });

  it('a kicked spell meets the "if": the trigger is the count property\'s to judge, not this one\'s', async () => {
    const s = casting(['A']);
    expect(step(engine.runSync(s), 0).triggered?.map((x) => x.source)).toEqual(['goblin']);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'n/a' });
    expect(await verdictOf(p, s, triggered(s, 3))).toEqual({ status: 'n/a' });
  });

  it('"if it was kicked twice" is false for a spell kicked once', async () => {
    const s = casting(['A'], 'p1', watcher({ whose: 'yours', if: 'kickedTwice' }));
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, triggered(s))).toMatchObject({ status: 'fail', expected: 'goblin#0 does not trigger: its intervening "if" (kickedTwice) is false for bolt, cast kicked 1 times' });
  });

  it("an opponent's unkicked spell is not judged for an ability that watches its controller's spells only", async () => {
    const s = casting([], 'p2');
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'n/a' });
    expect(await verdictOf(p, s, triggered(s))).toEqual({ status: 'n/a' });
    // One that watches every player's spells is judged on it.
    const any = casting([], 'p2', watcher({ whose: 'any', if: 'kicked' }));
    expect(await verdictOf(p, any, triggered(any))).toMatchObject({ status: 'fail', step: 'a1', observed: 'it triggered 1 time(s)' });
  });

  it('an ability done for the turn ("do this only once each turn", resolved) is not judged', async () => {
    const once = watcher({ whose: 'yours', if: 'notKicked', oncePerTurn: true });
    const s = casting([], 'p1', once, [{ do: 'resolve' }, { do: 'resolve' }, { do: 'cast', card: 'bolt2', targets: [['p2']], kicker: ['A'] }]);
    const withSecond = normalizeScenario({
      ...s,
      cards: [...s.cards, { id: 'bolt2', oracle: 'Burst Lightning' }],
      players: s.players.map((x) => (x.id === 'p1' ? { ...x, hand: ['bolt', 'bolt2'], mana: { R: 2, C: 8 } } : x)),
    } as Scenario);
    const t = engine.runSync(withSecond);
    expect(step(t, 0).triggered?.map((x) => x.source)).toEqual(['goblin']);
    expect(await verdictOf(p, withSecond, t)).toEqual({ status: 'n/a' });
    const broken = editableCopy(t);
    step(broken, 3).triggered = [{ id: 'x', source: 'goblin', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, withSecond, broken)).toEqual({ status: 'n/a' });
  });

  it('an enters ability that failed is reported first, and the casts are then not looked at', async () => {
    const s = casting([]);
    const gk = normalizeScenario({
      ...s,
      cards: [...s.cards, { id: 'gk', oracle: 'Gatekeeper of Malakir' }],
      players: s.players.map((x) => (x.id === 'p1' ? { ...x, hand: ['bolt', 'gk'], mana: { R: 1, B: 2, C: 4 } } : x)),
      actions: [{ do: 'cast', card: 'gk' }, { do: 'resolve' }, ...s.actions],
    } as Scenario);
    const t = editableCopy(engine.runSync(gk));
    step(t, 1).triggered = [{ id: 'y', source: 'gk', ability: 0, controller: 'p1' }];
    step(t, 2).triggered = [{ id: 'x', source: 'goblin', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, gk, t)).toMatchObject({ status: 'fail', step: 'a2', checks: 1 });
  });
});
