// Breakers for the multiplied branch (CR 603.2d) that the count properties of five events share
// (properties/multiplied.ts): an ability that triggered once more per trigger multiplier (Panharmonicon)
// its controller has, for an event that no artifact or creature entering is, fails as
// `CR603.2d/multiplied`; any other wrong count fails as before. What the engine reports triggered is
// changed by hand.
import { describe, expect, it } from 'vitest';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace, TriggeredAbility } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { failCounts } from '../properties/multiplied.ts';
import { Checker, Run } from '../properties/property.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const gain = [{ kind: 'gainLife' as const, amount: 1 }] as TriggeredAbility['effects'];
const watcher = (t: Omit<TriggeredAbility, 'effects'>): CardDefinition => ({ name: 'Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ effects: gain, ...t } as TriggeredAbility] });
const pan = (id: string) => ({ id, oracle: 'Panharmonicon' });

/** `watch` for p1 beside the cards and p1's permanents given, with p2's; `actions` played. */
function scenario(watch: CardDefinition, cards: Scenario['cards'], p1: Partial<Scenario['players'][number]>, actions: Scenario['actions'], p2: string[] = []): NormalizedScenario {
  return normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [{ id: 'w', definition: watch }, ...cards],
    players: [
      { id: 'p1', ...p1, battlefield: [{ card: 'w' }, ...(p1.battlefield ?? [])] },
      { id: 'p2', battlefield: p2.map((card) => ({ card })) },
    ],
    actions,
  });
}

/** The reference engine's trace of `s`, with the watcher reported triggered `times` times in step `i`. */
function triggered(s: NormalizedScenario, i: number, times: number): Trace {
  const t = editableCopy(engine.runSync(s));
  step(t, i).triggered = Array.from({ length: times }, (_, n) => ({ id: `x${n}`, source: 'w', ability: 0, controller: 'p1' as const }));
  return t;
}

const multiplied = (stepId: string, expected: string, observed: string) => ({ status: 'fail', step: stepId, expected, observed, kind: 'multiplied', rule: '603.2d', checks: 1 });

describe('triggers.cast-triggers-once-per-cast: a multiplier applied to a cast', () => {
  const p = propertyById('triggers.cast-triggers-once-per-cast')!;
  const bolt = { id: 'bolt', oracle: 'Burst Lightning' };
  const cast = (pans: string[], p2: string[] = []) =>
    scenario(watcher({ event: 'spellCast', whose: 'yours' }), [bolt, ...[...pans, ...p2].map(pan)], { hand: ['bolt'], mana: { R: 1 }, battlefield: pans.map((card) => ({ card })) }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }], p2);

  it('twice with one Panharmonicon is the multiplied branch, naming it; three times is a wrong count', async () => {
    const s = cast(['pan']);
    expect(step(engine.runSync(s), 0).triggered?.map((x) => x.source)).toEqual(['w']);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, triggered(s, 0, 2))).toEqual({
      ...multiplied('a1', 'w#0 triggers 1 time(s) for bolt cast: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '2 time(s), once more for each of the 1 trigger multiplier(s) its controller has'),
    });
    expect(await verdictOf(p, s, triggered(s, 0, 3))).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers w#0×1', observed: 'w#0×3', checks: 1 });
    expect(await verdictOf(p, s, triggered(s, 0, 0))).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers w#0×1', observed: 'nothing', checks: 1 });
  });

  it('two Panharmonicons make three, named once; twice is then a wrong count', async () => {
    const s = cast(['pan', 'pan2']);
    expect(await verdictOf(p, s, triggered(s, 0, 3))).toEqual(multiplied('a1', 'w#0 triggers 1 time(s) for bolt cast: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '3 time(s), once more for each of the 2 trigger multiplier(s) its controller has'));
    expect(await verdictOf(p, s, triggered(s, 0, 2))).toMatchObject({ status: 'fail', expected: 'cast triggers w#0×1' });
  });

  it('multipliers of two names are both named', async () => {
    const chamber = { id: 'echo', definition: { name: 'Echo Chamber', manaCost: '{4}', types: ['Artifact'], statics: [{ kind: 'triggerMultiplier' }] } as CardDefinition };
    const s = scenario(watcher({ event: 'spellCast', whose: 'yours' }), [bolt, pan('pan'), chamber], { hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'pan' }, { card: 'echo' }] }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }]);
    expect(await verdictOf(p, s, triggered(s, 0, 3))).toMatchObject({ kind: 'multiplied', expected: 'w#0 triggers 1 time(s) for bolt cast: Echo Chamber and Panharmonicon do not apply to it, only to abilities an artifact or creature entering sets off' });
  });

  it('every wrong count must be multiplied: one ability right and one twice is; one twice and one missing is not', async () => {
    const two: CardDefinition = { ...watcher({ event: 'spellCast', whose: 'yours' }), triggers: [0, 1].map(() => ({ event: 'spellCast', whose: 'yours', effects: gain }) as TriggeredAbility) };
    const s = scenario(two, [bolt, pan('pan')], { hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'pan' }] }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }]);
    const fired = (abilities: number[]) => {
      const t = editableCopy(engine.runSync(s));
      step(t, 0).triggered = abilities.map((ability, n) => ({ id: `x${n}`, source: 'w', ability, controller: 'p1' as const }));
      return t;
    };
    expect(await verdictOf(p, s, fired([0, 1]))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, fired([0, 1, 1]))).toEqual(multiplied('a1', 'w#1 triggers 1 time(s) for bolt cast: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '2 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
    expect(await verdictOf(p, s, fired([1, 1]))).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers w#0×1, w#1×1', observed: 'w#1×2', checks: 1 });
  });

  it('an ability of a permanent not on the battlefield, reported twice, is a wrong count', async () => {
    const s = scenario(watcher({ event: 'spellCast', whose: 'yours' }), [bolt, pan('pan'), { id: 'w2', definition: watcher({ event: 'spellCast', whose: 'yours' }) }], { hand: ['bolt', 'w2'], mana: { R: 1 }, battlefield: [{ card: 'pan' }] }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }]);
    const t = triggered(s, 0, 1);
    step(t, 0).triggered!.push(...[1, 2].map((n) => ({ id: `y${n}`, source: 'w2', ability: 0, controller: 'p1' as const })));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers w#0×1', observed: 'w#0×1, w2#0×2', checks: 1 });
  });

  it("twice without a multiplier, or with the opponent's only, is a wrong count", async () => {
    for (const s of [cast([]), cast([], ['pan'])]) expect(await verdictOf(p, s, triggered(s, 0, 2))).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers w#0×1', observed: 'w#0×2', checks: 1 });
  });

  it('an ability that should not trigger at all, triggered twice, is a wrong count: no count the rules allow was multiplied', async () => {
    const s = scenario(watcher({ event: 'spellCast', whose: 'opponents' }), [bolt, pan('pan')], { hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'pan' }] }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }]);
    expect(await verdictOf(p, s, triggered(s, 0, 2))).toEqual({ status: 'fail', step: 'a1', expected: 'cast triggers nothing', observed: 'w#0×2', checks: 1 });
  });
});

describe('the other events: lands to a graveyard, tapping, deaths, tokens', () => {
  it('triggers.once-per-land: two lands destroyed together, four triggers with a Panharmonicon', async () => {
    const p = propertyById('triggers.once-per-land')!;
    const s = scenario(watcher({ event: 'landToGraveyard', whose: 'any' }), [pan('pan'), { id: 'm1', oracle: 'Mountain' }, { id: 'm2', oracle: 'Mountain' }], { battlefield: [{ card: 'pan' }, { card: 'm1' }, { card: 'm2' }] }, [{ do: 'destroyAll', filter: { types: ['Land'] } }]);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, triggered(s, 0, 4))).toEqual(multiplied('a1', 'w#0 triggers 2 time(s) for 2 land(s) going to the graveyard: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '4 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
    expect(await verdictOf(p, s, triggered(s, 0, 3))).toMatchObject({ status: 'fail', expected: '2 land(s) to the graveyard trigger w#0×2', observed: 'w#0×3' });
    // With two Panharmonicons, three is one more per multiplier than once, but once is no count two lands allow.
    const two = scenario(watcher({ event: 'landToGraveyard', whose: 'any' }), [pan('pan'), pan('pan2'), { id: 'm1', oracle: 'Mountain' }, { id: 'm2', oracle: 'Mountain' }], { battlefield: [{ card: 'pan' }, { card: 'pan2' }, { card: 'm1' }, { card: 'm2' }] }, [{ do: 'destroyAll', filter: { types: ['Land'] } }]);
    expect(await verdictOf(p, two, triggered(two, 0, 3))).toMatchObject({ status: 'fail', expected: '2 land(s) to the graveyard trigger w#0×2', observed: 'w#0×3' });
    expect(await verdictOf(p, two, triggered(two, 0, 6))).toMatchObject({ kind: 'multiplied', observed: '6 time(s), once more for each of the 2 trigger multiplier(s) its controller has' });
  });

  it('triggers.becomes-tapped: a land tapped, twice with a Panharmonicon', async () => {
    const p = propertyById('triggers.becomes-tapped')!;
    const s = scenario(watcher({ event: 'becomesTapped', whose: 'any' }), [pan('pan'), { id: 'm1', oracle: 'Mountain' }], { battlefield: [{ card: 'pan' }, { card: 'm1' }] }, [{ do: 'tap', permanent: 'm1' }]);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, triggered(s, 0, 2))).toEqual(multiplied('a1', 'w#0 triggers 1 time(s) for tapping m1: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '2 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
  });

  it('triggers.creatures-die: one creature destroyed, twice; a legend that may have died, a multiple of a count within the bounds', async () => {
    const p = propertyById('triggers.creatures-die')!;
    const dies = (actions: Scenario['actions']) =>
      scenario(watcher({ event: 'creaturesDie' }), [pan('pan'), { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'ox', oracle: 'Hill Giant' }], { battlefield: [{ card: 'pan' }] }, actions, ['bears', 'ox']);
    const one = dies([{ do: 'destroy', permanent: 'bears' }]);
    expect(await verdictOf(p, one, engine.runSync(one))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, one, triggered(one, 0, 2))).toEqual(multiplied('a1', 'w#0 triggers 1 time(s) for creatures dying: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '2 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
    expect(await verdictOf(p, one, triggered(one, 0, 3))).toMatchObject({ status: 'fail', expected: 'w#0 triggers 1 time(s): ["bears"] left the battlefield', observed: '3 time(s)' });
    // Panharmonicon destroyed with an artifact creature: it was there as they died.
    const thopter = { id: 'thopter', definition: { name: 'Thopter', manaCost: '{0}', types: ['Artifact', 'Creature'], power: 0, toughness: 2 } as CardDefinition };
    const artifacts = scenario(watcher({ event: 'creaturesDie' }), [pan('pan'), thopter], { battlefield: [{ card: 'pan' }, { card: 'thopter' }] }, [{ do: 'destroyAll', filter: { types: ['Artifact'] } }]);
    expect(step(engine.runSync(artifacts), 0).state.battlefield.map((x) => x.id)).toEqual(['w']);
    expect(await verdictOf(p, artifacts, engine.runSync(artifacts))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, artifacts, triggered(artifacts, 0, 2))).toMatchObject({ kind: 'multiplied', expected: 'w#0 triggers 1 time(s) for creatures dying: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off' });
    // A second Josu Vess put onto the battlefield; the reference engine keeps the first (CR 704.5j): the
    // new one enters and dies, seen only as its card in the graveyard, so 0 to 1 deaths are told.
    const legend = scenario(watcher({ event: 'creaturesDie' }), [pan('pan'), { id: 'jv1', oracle: 'Josu Vess, Lich Knight' }, { id: 'jv2', oracle: 'Josu Vess, Lich Knight' }], { hand: ['jv2'], battlefield: [{ card: 'pan' }, { card: 'jv1' }] }, [{ do: 'putOntoBattlefield', card: 'jv2' }]);
    const t = engine.runSync(legend);
    expect(step(t, 0).triggered?.map((x) => x.source)).toEqual(['w']);
    expect(await verdictOf(p, legend, t)).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, legend, triggered(legend, 0, 2))).toEqual(multiplied('a1', 'w#0 triggers 0 to 1 time(s) for creatures dying: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '2 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
  });

  it('triggers.token-created: a token made, twice with a Panharmonicon', async () => {
    const p = propertyById('triggers.token-created')!;
    const maker = { id: 'maker', definition: { name: 'Spirit Maker', manaCost: '{1}', types: ['Sorcery'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Spirit', types: ['Creature'], power: 1, toughness: 1 } }] } as CardDefinition };
    const s = scenario(watcher({ event: 'tokenCreated', whose: 'any' }), [pan('pan'), maker], { hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'pan' }] }, [{ do: 'cast', card: 'maker' }, { do: 'resolve' }]);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    expect(await verdictOf(p, s, triggered(s, 1, 2))).toEqual(multiplied('a2', "w#0 triggers 1 time(s) for maker's tokens: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off", '2 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
    expect(await verdictOf(p, s, triggered(s, 1, 3))).toMatchObject({ status: 'fail', expected: 'w#0 triggers once per token: 1', observed: '3' });
  });
});

describe('failCounts: a count between bounds', () => {
  it('is multiplied when it is a whole count within them times one more than the multipliers; three with one Panharmonicon for 0 to 2 is not', () => {
    const s = scenario(watcher({ event: 'spellCast', whose: 'yours' }), [{ id: 'bolt', oracle: 'Burst Lightning' }, pan('pan')], { hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'pan' }] }, [{ do: 'cast', card: 'bolt', targets: [['p2']] }]);
    const run = new Run(s, engine.runSync(s));
    const verdict = (got: number) => {
      const c = new Checker();
      failCounts(c, run, run.steps[0]!, 'some event', [{ key: 'w#0', least: 0, most: 2, got }], 'w#0 triggers 0 to 2 times', `${got} time(s)`);
      return c.verdict();
    };
    expect(verdict(3)).toEqual({ status: 'fail', step: 'a1', expected: 'w#0 triggers 0 to 2 times', observed: '3 time(s)', checks: 1 });
    expect(verdict(4)).toEqual(multiplied('a1', 'w#0 triggers 0 to 2 time(s) for some event: Panharmonicon does not apply to it, only to abilities an artifact or creature entering sets off', '4 time(s), once more for each of the 1 trigger multiplier(s) its controller has'));
  });
});
