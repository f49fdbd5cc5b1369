// The judge on hand-made edge cases: each a scenario the reference engine plays right, and breaks of
// its trace that name what a property must see (the rule in each test's name).
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run, type CheckContext } from '../properties/property.ts';
import * as F from './fixtures/scenarios.ts';
import { loadCases } from '../runner/cases.ts';
import { observedTrace } from '../model/observables.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

describe('the judge on edge cases', () => {
  it('reject an action that names what is not there: a resolve on an empty stack, a destroy of a permanent gone', async () => {
    const scenario = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'bears', oracle: 'Grizzly Bears' }],
      players: [{ id: 'p1' }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'resolve' }, { do: 'destroy', permanent: 'bears' }, { do: 'destroy', permanent: 'bears' }],
    });
    const p = PROPERTIES.find((x) => x.id === 'actions.taken-when-possible')!;
    const trace = engine.runSync(scenario);
    expect(trace.steps.map((s) => s.outcome)).toEqual(['rejected', 'accepted', 'rejected']);
    expect(await verdictOf(p, scenario, trace)).toMatchObject({ status: 'pass', checks: 3 });
    for (const i of [0, 2]) {
      const broken = editableCopy(trace);
      broken.steps[i]!.outcome = 'accepted';
      delete broken.steps[i]!.reason;
      expect(await verdictOf(p, scenario, broken), `step ${i + 1} accepted`).toMatchObject({ status: 'fail', kind: 'taken' });
    }
  });

  it('judge a clone the engine should have refused without going round in circles: a land cloning itself', async () => {
    const scenario = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'land', oracle: 'Mountain' }],
      players: [{ id: 'p1', battlefield: [{ card: 'land' }] }, { id: 'p2' }],
      actions: [{ do: 'clone', card: 'land', copyOf: 'land' }],
    });
    const trace = engine.runSync(scenario);
    expect(trace.steps[0]!.outcome).toBe('rejected');
    const accepted = editableCopy(trace);
    accepted.steps[0]!.outcome = 'accepted';
    delete accepted.steps[0]!.reason;
    for (const p of PROPERTIES.filter((x) => x.kind !== 'agreement' && x.kind !== 'relation' && x.applies(scenario))) {
      await expect(verdictOf(p, scenario, trace), p.id).resolves.toBeDefined();
      await expect(verdictOf(p, scenario, accepted), p.id).resolves.toBeDefined();
    }
    expect(await verdictOf(PROPERTIES.find((x) => x.id === 'actions.taken-when-possible')!, scenario, accepted)).toMatchObject({ status: 'fail', kind: 'taken' });
  });

  it("count damage that can't be prevented as dealt: kicked Urza's Rage through a damage ward sets off a 'dealt damage' ability", async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [{ id: 'rage', oracle: "Urza's Rage" }, ...F.PREVENTED.cards.filter((c) => c.id !== 'wave')],
      players: [{ id: 'p1', hand: ['rage'], mana: { R: 2, C: 10 } }, F.PREVENTED.players[1]],
      actions: [{ do: 'cast', card: 'rage', kicker: ['A'], targets: [['hurt']] }, { do: 'resolve' }],
    };
    const s = normalizeScenario(scenario);
    const t = engine.runSync(s);
    expect(t.steps[1]!.triggered?.map((x) => x.source)).toEqual(['hurt']);
    for (const id of ['triggers.prevented-damage', 'resolution.damage-to-creatures']) {
      expect(await verdictOf(PROPERTIES.find((p) => p.id === id)!, s, t), id).toMatchObject({ status: 'pass' });
    }
  });

  it("fail a death watcher that misses another creature's death, or triggers for a creature its controller does not name (CR 603.2c)", async () => {
    const s = normalizeScenario(F.DEATHS);
    const p = PROPERTIES.find((x) => x.id === 'triggers.creatures-die')!;
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass', checks: 4 });
    const missed = editableCopy(t);
    step(missed, 0).triggered = step(missed, 0).triggered!.filter((x) => x.source !== 'dw');
    expect(await verdictOf(p, s, missed)).toMatchObject({ status: 'fail' });
    const ownSide = editableCopy(t);
    step(ownSide, 1).triggered = [{ id: 'a2.t1', source: 'dw2', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, s, ownSide)).toMatchObject({ status: 'fail' });
  });

  it('fail a death watcher that triggers once per creature a destroy-all destroys, or that does not look back as it dies with them (CR 603.2c, 603.10)', async () => {
    const c = loadCases().find((x) => x.case.id === 'one-or-more-creatures-die-triggers-once-per-event')!.case;
    const s = normalizeScenario(c.scenario);
    const p = PROPERTIES.find((x) => x.id === 'triggers.creatures-die')!;
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    // The shrine triggered for each of the three creatures: one event, one trigger.
    const each = editableCopy(t);
    step(each, 0).triggered = [...step(each, 0).triggered!, { id: 'a1.t3', source: 'w', ability: 0, controller: 'p1' }, { id: 'a1.t4', source: 'w', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, s, each)).toMatchObject({ status: 'fail', step: 'a1' });
    // Morbid Opportunist, destroyed with the others, did not see them die.
    const blind = editableCopy(t);
    step(blind, 0).triggered = step(blind, 0).triggered!.filter((x) => x.source !== 'mo');
    expect(await verdictOf(p, s, blind)).toMatchObject({ status: 'fail', step: 'a1' });
  });

  it('count a creature token no card describes among the creatures that die, and fail a watcher that misses it', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'maker', definition: { name: 'Token Spell', manaCost: '{1}', types: ['Instant'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Spirit Token', types: ['Creature'], power: 1, toughness: 1 } }] } },
        { id: 'shrine', definition: { name: 'Grieving Shrine', manaCost: '{1}{B}', types: ['Enchantment'], triggers: [{ event: 'creaturesDie', effects: [{ kind: 'gainLife', amount: 1 }] }] } },
      ],
      players: [{ id: 'p1', hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'shrine' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'destroyAll', filter: { types: ['Creature'] } }],
    });
    const p = PROPERTIES.find((x) => x.id === 'triggers.creatures-die')!;
    const t = engine.runSync(s);
    expect(t.steps[2]!.triggered?.map((x) => x.source)).toEqual(['shrine']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass', checks: 1 });
    const missed = editableCopy(t);
    step(missed, 2).triggered = [];
    expect(await verdictOf(p, s, missed)).toMatchObject({ status: 'fail', step: 'a3' });
  });

  it('take a token that shows no power for no creature, unless the engine shows no power at all', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'maker', definition: { name: 'Clue Spell', manaCost: '{1}', types: ['Instant'], effects: [{ kind: 'createToken', amount: 1, token: { name: 'Clue Token', types: ['Artifact'] } }] } },
        { id: 'shrine', definition: { name: 'Grieving Shrine', manaCost: '{1}{B}', types: ['Enchantment'], triggers: [{ event: 'creaturesDie', effects: [{ kind: 'gainLife', amount: 1 }] }] } },
      ],
      players: [{ id: 'p1', hand: ['maker'], mana: { C: 1 }, battlefield: [{ card: 'shrine' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'destroyAll', filter: { types: ['Artifact'] } }],
    });
    const p = PROPERTIES.find((x) => x.id === 'triggers.creatures-die')!;
    const t = engine.runSync(s);
    expect(t.steps[1]!.state.battlefield.some((x) => x.token && x.power === undefined)).toBe(true);
    expect(t.steps[2]!.triggered ?? []).toEqual([]);
    // The shrine triggering for the Clue: no creature died.
    const wrong = editableCopy(t);
    step(wrong, 2).triggered = [{ id: 'a3.t1', source: 'shrine', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, s, wrong)).toMatchObject({ status: 'fail', step: 'a3' });
    // An engine that shows no power and toughness cannot tell: the same answer is no failure there.
    const blind = { ...engine.capabilities, observes: engine.capabilities.observes.filter((o) => o !== 'permanent.powerToughness') };
    const seen = observedTrace(wrong, blind.observes);
    expect(await p.check(new Run(s, seen), { readings: { spliceCopy: 'ruling' }, capabilities: blind, rerun: () => undefined, reference: () => new Run(s, t) })).toMatchObject({ status: 'pass' });
  });

  it('fail an ability put on the stack as the game ends: no player receives priority again (CR 603.3)', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'end', definition: { name: 'Last Word', manaCost: '{0}', types: ['Instant'], targets: [{ kind: 'player' }], effects: [{ kind: 'damage', amount: 5, target: 0 }, { kind: 'createToken', amount: 1, token: { name: 'Spirit Token', types: ['Creature'], power: 1, toughness: 1 } }] } },
        { id: 'tw', definition: { name: 'Token Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'tokenCreated', effects: [{ kind: 'gainLife', amount: 1 }] }] } },
      ],
      players: [{ id: 'p1', hand: ['end'], battlefield: [{ card: 'tw' }] }, { id: 'p2', life: 5 }],
      actions: [{ do: 'cast', card: 'end', targets: [['p2']] }, { do: 'resolve' }],
    });
    const p = PROPERTIES.find((x) => x.id === 'game.loss-ends-the-game')!;
    const t = engine.runSync(s);
    expect(t.steps[1]!.state.players[1]!.lost).toBe(true);
    expect(t.steps[1]!.triggered?.map((x) => x.source)).toEqual(['tw']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    const stacked = editableCopy(t);
    step(stacked, 1).state.stack = [{ kind: 'ability', id: 'a2.t1', source: 'tw', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, s, stacked)).toMatchObject({ status: 'fail', expected: 'nothing triggered as the game ended is put on the stack' });
  });

  it("judge an ability's counters on its own source: on it while it is the same object, on no new object it became (CR 400.7)", async () => {
    const scenario = (flicker: boolean) =>
      normalizeScenario({
        format: 'castcheck-scenario/1',
        cards: [
          { id: 'cw', definition: { name: 'Counter Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'creaturesDie', effects: [{ kind: 'putCounters', amount: 1, counter: '+1/+1', self: true }] }] } },
          { id: 'bears', oracle: 'Grizzly Bears' },
        ],
        players: [{ id: 'p1', battlefield: [{ card: 'cw' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
        actions: [{ do: 'destroy', permanent: 'bears' }, ...(flicker ? [{ do: 'flicker' as const, permanent: 'cw' }] : []), { do: 'resolve' }],
      });
    const p = PROPERTIES.find((x) => x.id === 'resolution.player-effects')!;
    const counters = (t: Trace) => t.steps.at(-1)!.state.battlefield.find((x) => x.id === 'cw')!.counters;
    for (const flicker of [false, true]) {
      const s = scenario(flicker);
      const t = engine.runSync(s);
      expect(counters(t), `flickered: ${flicker}`).toEqual(flicker ? {} : { '+1/+1': 1 });
      expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
      const broken = editableCopy(t);
      broken.steps.at(-1)!.state.battlefield.find((x) => x.id === 'cw')!.counters = flicker ? { '+1/+1': 1 } : {};
      expect(await verdictOf(p, s, broken), `flickered: ${flicker}`).toMatchObject({ status: 'fail' });
    }
  });

  it('fail a resolving counterspell that leaves its target on the stack, or puts the countered card elsewhere than the effect says', async () => {
    const p = PROPERTIES.find((x) => x.id === 'resolution.player-effects')!;
    // Remand: the countered card goes back to its owner's hand, then its caster draws a card.
    const remand = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bolt', oracle: 'Burst Lightning' },
        { id: 'remand', oracle: 'Remand' },
        { id: 'lib1', oracle: 'Mountain' },
      ],
      players: [{ id: 'p1', hand: ['bolt', 'remand'], library: ['lib1'], mana: { R: 1, U: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'cast', card: 'remand', targets: [['bolt']] }, { do: 'resolve' }],
    });
    const t = engine.runSync(remand);
    expect(playerAt(t, 2, 'p1').hand).toEqual(['bolt', 'lib1']);
    expect(await verdictOf(p, remand, t)).toMatchObject({ status: 'pass' });
    const stays = editableCopy(t);
    step(stays, 2).state.stack = step(stays, 0).state.stack;
    playerAt(stays, 2, 'p1').hand = ['lib1'];
    expect(await verdictOf(p, remand, stays)).toMatchObject({ status: 'fail', expected: expect.stringContaining('bolt is countered') });
    const toGraveyard = editableCopy(t);
    Object.assign(playerAt(toGraveyard, 2, 'p1'), { hand: ['lib1'], graveyard: ['bolt', 'remand'] });
    expect(await verdictOf(p, remand, toGraveyard)).toMatchObject({ status: 'fail', expected: expect.stringContaining("p1's hand") });
    // Counterspell: the countered card goes to its owner's graveyard.
    const cs = normalizeScenario(F.COUNTERSPELL_AT_ITSELF);
    const u = engine.runSync(cs);
    expect(await verdictOf(p, cs, u)).toMatchObject({ status: 'pass' });
    const uncountered = editableCopy(u);
    step(uncountered, 3).state.stack = step(uncountered, 0).state.stack;
    playerAt(uncountered, 3, 'p1').graveyard = ['cs'];
    expect(await verdictOf(p, cs, uncountered)).toMatchObject({ status: 'fail', expected: expect.stringContaining('bolt is countered') });
  });

  it('fail a pump that gives no keyword, a keyword lost, and tokens other than the effect describes (CR 111.4)', async () => {
    const p = PROPERTIES.find((x) => x.id === 'resolution.player-effects')!;
    // Lifted by Clouds on the bears, then Splicer's Skill, each resolved at once.
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'clouds', oracle: 'Lifted by Clouds' },
        { id: 'skill', oracle: "Splicer's Skill" },
        { id: 'bears', oracle: 'Grizzly Bears' },
      ],
      players: [{ id: 'p1', hand: ['clouds', 'skill'], battlefield: [{ card: 'bears' }], mana: { U: 1, W: 1, C: 4 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'clouds', targets: [['bears']] }, { do: 'resolve' }, { do: 'cast', card: 'skill' }, { do: 'resolve', id: 'golem' }],
    });
    const t = engine.runSync(s);
    expect(permanent(t, 1, 'bears').keywords).toEqual(['flying']);
    expect(permanent(t, 3, 'golem.k1')).toMatchObject({ name: 'Phyrexian Golem Token', token: true, power: 3, toughness: 3 });
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    const breaks: [string, (b: Trace) => void, string][] = [
      ['no flying', (b) => void (permanent(b, 1, 'bears').keywords = []), 'bears gains flying'],
      ['flying lost at the next resolution', (b) => void (permanent(b, 3, 'bears').keywords = []), 'bears keeps flying'],
      ['a 2/3 golem', (b) => void (permanent(b, 3, 'golem.k1').power = 2), 'golem.k1 is a Phyrexian Golem Token'],
      ['a golem that is no token', (b) => void (permanent(b, 3, 'golem.k1').token = false), 'no permanent enters but the tokens'],
      ['no golem', (b) => void (step(b, 3).state.battlefield = step(b, 2).state.battlefield), '1 token(s) created'],
      ['a golem under p2', (b) => void (permanent(b, 3, 'golem.k1').controller = 'p2'), 'golem.k1 is a Phyrexian Golem Token'],
    ];
    for (const [what, change, expected] of breaks) {
      const broken = editableCopy(t);
      change(broken);
      expect(await verdictOf(p, s, broken), what).toMatchObject({ status: 'fail', expected: expect.stringContaining(expected) });
    }
  });

  it("fail an ability's effect on its own source left undone while the source stayed the same object (CR 400.7)", async () => {
    const p = PROPERTIES.find((x) => x.id === 'resolution.player-effects')!;
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bolt', oracle: 'Burst Lightning' },
        {
          id: 'watcher',
          definition: { name: 'Damage Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'selfDealtDamage', effects: [{ kind: 'putCounters', amount: 1, counter: '+1/+1', self: true }] }] },
        },
      ],
      players: [{ id: 'p1', hand: ['bolt'], battlefield: [{ card: 'watcher' }], mana: { R: 1 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'bolt', targets: [['watcher']] }, { do: 'resolve' }, { do: 'resolve' }],
    });
    const t = engine.runSync(s);
    expect(permanent(t, 2, 'watcher').counters).toEqual({ '+1/+1': 1 });
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass', checks: 2 });
    const broken = editableCopy(t);
    Object.assign(permanent(broken, 2, 'watcher'), { counters: {}, power: 1, toughness: 4 });
    expect(await verdictOf(p, s, broken)).toMatchObject({ status: 'fail', expected: expect.stringContaining('watcher has counters') });
  });

  it('let a death watcher see a legend put onto the battlefield from the graveyard die again to the legend rule', async () => {
    // Found by a 20,000-scenario run: the card was in the graveyard before and after the step.
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'w1', definition: { name: 'Death Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'creaturesDie', whose: 'any', effects: [{ kind: 'gainLife', amount: 1 }] }] } },
        { id: 'main', definition: { name: 'Main Permanent', manaCost: '{0}', types: ['Creature'], supertypes: ['Legendary'], power: 0, toughness: 1 } },
      ],
      players: [{ id: 'p1', hand: ['main'], battlefield: [{ card: 'w1' }] }, { id: 'p2' }],
      actions: [
        { do: 'cast', card: 'main' },
        { do: 'copy', id: 'copy1', spell: 'main' },
        { do: 'resolve', untilEmpty: true },
        { do: 'putOntoBattlefield', card: 'main' },
      ],
    });
    const t = engine.runSync(s);
    expect(t.steps[3]!.triggered?.map((x) => x.source)).toEqual(['w1']);
    expect(await verdictOf(PROPERTIES.find((x) => x.id === 'triggers.creatures-die')!, s, t)).toMatchObject({ status: 'pass' });
  });

  it('count a creature whose damage a ward prevents as checked, and fail it when it is dealt the damage', async () => {
    const s = normalizeScenario(F.PREVENTED);
    const p = PROPERTIES.find((x) => x.id === 'resolution.damage-to-creatures')!;
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass', checks: 1 });
    const broken = editableCopy(t);
    broken.steps[1]!.state.battlefield.find((x) => x.id === 'hurt')!.damage = 1;
    expect(await verdictOf(p, s, broken)).toMatchObject({ status: 'fail' });
  });

  it('fail a copy action refused for a spell on the stack, or refused for another reason than naming no spell (CR 707.10)', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bolt', oracle: 'Burst Lightning' },
        { id: 'bears', oracle: 'Grizzly Bears' },
      ],
      players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 } }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [
        { do: 'cast', card: 'bolt', targets: [['p2']] },
        { do: 'copy', id: 'copy', spell: 'bolt' },
        { do: 'copy', id: 'copy2', spell: 'bears' },
      ],
    };
    const s = normalizeScenario(scenario);
    const p = PROPERTIES.find((x) => x.id === 'copies.copy-appears')!;
    const t = engine.runSync(s);
    expect(t.steps.map((x) => x.outcome)).toEqual(['accepted', 'accepted', 'rejected']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    const refused = editableCopy(t);
    Object.assign(step(refused, 1), { outcome: 'rejected', reason: 'illegal-targets', state: step(refused, 0).state });
    expect(await verdictOf(p, s, refused)).toMatchObject({ status: 'fail', expected: expect.stringContaining('is put on the stack') });
    const wrongReason = editableCopy(t);
    step(wrongReason, 2).reason = 'cannot-pay';
    expect(await verdictOf(p, s, wrongReason)).toMatchObject({ status: 'fail', observed: 'reason cannot-pay' });
  });

  it('fail a total cost that shows other permanents sacrificed than those declared (CR 601.2h)', async () => {
    const c = loadCases().find((x) => x.case.id === 'rushing-river-kicker-sacrifices-a-land')!.case;
    const s = normalizeScenario(c.scenario);
    const p = PROPERTIES.find((x) => x.id === 'costs.total-cost-paid')!;
    const t = engine.runSync(s);
    const kicked = t.steps.findIndex((x) => x.outcome === 'accepted');
    expect(spellAt(t, kicked, 0).totalCost?.sacrificed).toEqual(['isl1']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    const broken = editableCopy(t);
    spellAt(broken, kicked, 0).totalCost!.sacrificed = [];
    expect(await verdictOf(p, s, broken)).toMatchObject({ status: 'fail', observed: 'sacrificed []' });
  });

  it('fail a resolution refused with something on the stack, or refused on an empty stack for another reason (CR 608.2)', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [{ id: 'bolt', oracle: 'Burst Lightning' }],
      players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve' }, { do: 'resolve' }],
    };
    const s = normalizeScenario(scenario);
    const p = PROPERTIES.find((x) => x.id === 'actions.taken-when-possible')!;
    const t = engine.runSync(s);
    expect(t.steps.map((x) => x.outcome)).toEqual(['accepted', 'accepted', 'rejected']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    const refused = editableCopy(t);
    Object.assign(step(refused, 1), { outcome: 'rejected', reason: 'empty-stack', state: step(refused, 0).state });
    expect(await verdictOf(p, s, refused)).toMatchObject({ status: 'fail', kind: 'refused' });
    const wrongReason = editableCopy(t);
    step(wrongReason, 2).reason = 'cannot-pay';
    expect(await verdictOf(p, s, wrongReason)).toMatchObject({ status: 'fail', kind: 'taken', observed: 'rejected (cannot-pay)' });
  });

  it('let a spliced card go when the spell it is spliced onto makes its caster discard it (CR 702.47a)', async () => {
    const c = loadCases().find((x) => x.case.id === 'spliced-card-can-be-discarded-by-its-own-spell')!.case;
    const s = normalizeScenario(c.scenario);
    const p = PROPERTIES.find((x) => x.id === 'splice.card-stays-in-hand')!;
    expect(await verdictOf(p, s, engine.runSync(s))).toMatchObject({ status: 'pass' });
  });

  it('reports a copy of a spliced spell without the splice as contested under the ruling, and passes it under the literal reading', async () => {
    const literal = new ReferenceEngine({ spliceCopy: 'literal' });
    const p = PROPERTIES.find((x) => x.id === 'copies.keep-splice')!;
    const s = normalizeScenario(F.SPLICED_SPIKE);
    const run = new Run(s, literal.runSync(s));
    const ctx = (spliceCopy: 'ruling' | 'literal'): CheckContext => ({
      readings: { spliceCopy },
      rerun: async () => undefined,
      reference: async () => run,
    });
    expect(await p.check(run, ctx('ruling'))).toMatchObject({ status: 'contested', ruling: expect.stringMatching(/Everdream/) });
    expect(await p.check(run, ctx('literal'))).toMatchObject({ status: 'pass' });
  });
});
