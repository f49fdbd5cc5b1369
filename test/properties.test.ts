// Every property is shown to pass on the reference engine's trace of a hand-made scenario it applies
// to, and to fail on a hand-made break of that trace, so that no property can be vacuous.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { ObservedPermanent, ObservedPlayer, Scenario, StackSpell, Step, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run, type CheckContext, type Property } from '../properties/property.ts';
import * as F from './fixtures/scenarios.ts';
import { loadCases } from '../runner/cases.ts';
import { observedTrace } from '../model/observables.ts';
import { editableCopy } from './fixtures/traces.ts';

const engine = new ReferenceEngine();

function step(t: Trace, i: number): Step {
  return t.steps[i]!;
}

/** The spell at a stack position after a step, for breaking its fields. */
function spellAt(t: Trace, i: number, position: number): StackSpell {
  const o = step(t, i).state.stack[position]!;
  if (o.kind !== 'spell') throw new Error(`stack position ${position} after step ${i} is not a spell`);
  return o;
}

function permanent(t: Trace, i: number, id: string): ObservedPermanent {
  const p = step(t, i).state.battlefield.find((x) => x.id === id);
  if (!p) throw new Error(`no permanent ${id} after step ${i}`);
  return p;
}

function playerAt(t: Trace, i: number, id: 'p1' | 'p2'): ObservedPlayer {
  return step(t, i).state.players.find((p) => p.id === id)!;
}

type Breaker = { scenario: Scenario; break: (t: Trace) => void; status?: 'fail' | 'contested' };

const breakers: Record<string, Breaker> = {
  'costs.mana-value-unchanged': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 0, 0).manaValue = 5) },
  'costs.copy-same-mana-value': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 1, 1).manaValue = 2) },
  'costs.total-cost-paid': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (playerAt(t, 0, 'p1').mana = { G: 3, C: 5 }) },
  'costs.reductions-only-generic': { scenario: F.FREE_AND_REDUCED, break: (t) => void (spellAt(t, 3, 2).totalCost = { mana: '{1}{G}', sacrificed: [] }) },
  'costs.free-cast-keeps-additional-costs': {
    scenario: F.FREE_AND_REDUCED,
    break: (t) => {
      spellAt(t, 0, 0).kicked = false;
      spellAt(t, 0, 0).timesKicked = 0;
    },
  },
  'costs.x-zero-on-free-cast': {
    scenario: F.FREE_AND_REDUCED,
    break: (t) => {
      step(t, 1).outcome = 'accepted';
      delete step(t, 1).reason;
    },
  },
  'kicker.declarations': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 3, 2).timesKicked = 1) },
  'kicker.kicked-even-when-free': { scenario: F.FREE_AND_REDUCED, break: (t) => void (spellAt(t, 0, 0).kicked = false) },
  'kicker.targets-only-if-kicked': { scenario: F.KICKED_ONLY_TARGET, break: (t) => void (spellAt(t, 0, 0).targets = [['bears']]) },
  'kicker.target-count-fixed': { scenario: F.FREE_AND_REDUCED, break: (t) => void (spellAt(t, 2, 1).targets = [['p1', 'p2']]) },
  'permanents.enters-with-counters': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (permanent(t, 4, 'pack').counters = { '+1/+1': 1 }) },
  'permanents.counters-ignore-trigger-multipliers': { scenario: F.TRIGGERS, break: (t) => void (permanent(t, 3, 'gk').counters = { '+1/+1': 2 }) },
  'permanents.remember-kick': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (permanent(t, 4, 'pack').kicked = false) },
  'permanents.not-kicked-without-casting': { scenario: F.TRIGGERS, break: (t) => void (permanent(t, 6, 'gk2').kicked = true) },
  'permanents.clone-not-kicked': { scenario: F.TRIGGERS, break: (t) => void (permanent(t, 7, 'clone').kicked = true) },
  // A creature whose power the engine declares it observes and leaves out: a mismatch, not a pass.
  'permanents.power-toughness': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void delete permanent(t, 4, 'pack').power },
  'splice.card-stays-in-hand': { scenario: F.SPLICED_SPIKE, break: (t) => void (playerAt(t, 3, 'p1').hand = ['ritual']) },
  'splice.keeps-main-characteristics': { scenario: F.SPLICED_SPIKE, break: (t) => void (spellAt(t, 0, 0).types = ['Sorcery', 'Instant']) },
  'splice.declarations': {
    scenario: F.BOUNCED_SPLICE,
    break: (t) => {
      step(t, 0).outcome = 'accepted';
      delete step(t, 0).reason;
    },
  },
  'splice.lost-off-the-stack': { scenario: F.BOUNCED_SPLICE, break: (t) => void (spellAt(t, 3, 0).spliced = ['ray']) },
  'copies.kicked-like-original': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 1, 1).kicked = false) },
  'copies.same-choices': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 1, 1).targets = [['p2']]) },
  'copies.not-cast': { scenario: F.COPIED_PERMANENT, break: (t) => void (step(t, 2).triggered = [{ id: 'copy.t1', source: 'castw', ability: 0, controller: 'p1' }]) },
  'copies.permanent-copy-is-kicked-token': { scenario: F.COPIED_PERMANENT, break: (t) => void (permanent(t, 3, 'copy').token = false) },
  'copies.token-keeps-name': { scenario: F.COPIED_PERMANENT, break: (t) => void (permanent(t, 3, 'copy').name += ' Token') },
  'copies.token-not-created': { scenario: F.COPIED_PERMANENT, break: (t) => void (step(t, 3).triggered = [{ id: 'a4.t1', source: 'tokw', ability: 0, controller: 'p1' }]) },
  'copies.original-unchanged': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 1, 0).targets = [['bears']]) },
  'copies.same-characteristics': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 1, 1).colors = ['U']) },
  'copies.cease-off-the-stack': {
    scenario: F.KICKED_BOLT_COPIED,
    break: (t) => {
      playerAt(t, 5, 'p1').graveyard = [...playerAt(t, 5, 'p1').graveyard, 'copy'];
    },
  },
  'copies.keep-splice': { scenario: F.SPLICED_SPIKE, status: 'contested', break: (t) => void (spellAt(t, 1, 1).spliced = []) },
  'resolution.player-effects': { scenario: F.SPLICED_SPIKE, break: (t) => void (playerAt(t, 2, 'p2').life = 16) },
  'resolution.all-targets-illegal': { scenario: F.FIZZLE, break: (t) => void (playerAt(t, 4, 'p1').mana = { R: 3 }) },
  'resolution.damage-to-creatures': { scenario: F.FIZZLE, break: (t) => void (permanent(t, 1, 'pro').damage = 0) },
  // The destroyed Grizzly Bears returned to its owner's hand instead of going to the graveyard.
  'actions.as-declared': {
    scenario: F.FIZZLE,
    break: (t) => {
      const p2 = playerAt(t, 3, 'p2');
      p2.graveyard = p2.graveyard.filter((id) => id !== 'bears');
      p2.hand = [...p2.hand, 'bears'];
    },
  },
  // The resolve with Reach Through Mists on the stack refused as if the stack were empty.
  'actions.taken-when-possible': {
    scenario: F.FIZZLE,
    break: (t) => {
      step(t, 1).outcome = 'rejected';
      step(t, 1).reason = 'empty-stack';
      step(t, 1).state = step(t, 0).state;
    },
  },
  'triggers.cast-triggers-once-per-cast': { scenario: F.TRIGGERS, break: (t) => void (step(t, 0).triggered = step(t, 0).triggered!.filter((x) => x.source !== 'castw')) },
  'triggers.enters-count': { scenario: F.TRIGGERS, break: (t) => void step(t, 3).triggered!.pop() },
  'triggers.intervening-if-false': { scenario: F.TRIGGERS, break: (t) => void (step(t, 6).triggered = [{ id: 'a7.t1', source: 'gk2', ability: 0, controller: 'p1' }]) },
  'triggers.linked-kicker-abilities': { scenario: F.TRIGGERS, break: (t) => void (step(t, 3).triggered = step(t, 3).triggered!.filter((x) => x.ability !== 1)) },
  'triggers.once-per-land': { scenario: F.TRIGGERS, break: (t) => void step(t, 22).triggered!.pop() },
  // The watcher destroyed on its own sets off its own death ability.
  'triggers.creatures-die': { scenario: F.DEATHS, break: (t) => void (step(t, 1).triggered = [{ id: 'a2.t1', source: 'dw', ability: 0, controller: 'p1' }]) },
  'triggers.becomes-tapped': { scenario: F.TRIGGERS, break: (t) => void (step(t, 9).triggered = [{ id: 'a10.t1', source: 'tapw', ability: 0, controller: 'p1' }]) },
  'triggers.once-each-turn': { scenario: F.TRIGGERS, break: (t) => void (step(t, 18).triggered = [...step(t, 18).triggered!, { id: 'a19.t2', source: 'hurt', ability: 0, controller: 'p2' }]) },
  'triggers.apnap-order': { scenario: F.TRIGGERS, break: (t) => void step(t, 0).triggered!.reverse() },
  // The watcher's ability aimed at its own controller, where the first legal target is the opponent.
  'triggers.targets': {
    scenario: F.TARGETED_TRIGGER,
    break: (t) => {
      const o = step(t, 0).state.stack.find((x) => x.kind === 'ability')!;
      o.targets = [['p1']];
    },
  },
  'triggers.prevented-damage': { scenario: F.PREVENTED, break: (t) => void (step(t, 1).triggered = [{ id: 'a2.t1', source: 'hurt', ability: 0, controller: 'p2' }]) },
  'triggers.token-created': { scenario: F.TRIGGERS, break: (t) => void (step(t, 12).triggered = []) },
  'casting.rejection-changes-nothing': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (playerAt(t, 2, 'p1').hand = []) },
  'casting.illegal-declarations-rejected': { scenario: F.KICKED_ONLY_TARGET, break: (t) => void (step(t, 1).reason = 'kicker-not-printed') },
  'casting.unpayable-rejected': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (step(t, 7).reason = 'illegal-target') },
  'casting.legal-cast-accepted': {
    scenario: F.KICKED_ONLY_TARGET,
    break: (t) => {
      Object.assign(step(t, 2), { outcome: 'rejected', reason: 'cannot-pay', state: structuredClone(step(t, 1).state) });
    },
  },
  'relations.one-more-multikick': { scenario: F.MULTIKICKED_PACK, break: (t) => void (permanent(t, 1, 'pack').counters = { '+1/+1': 2 }) },
  'relations.reduction-keeps-kicked': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (spellAt(t, 0, 0).totalCost = { mana: '{5}{R}', sacrificed: [] }) },
  'relations.splice-order': { scenario: F.UNTARGETED_SPLICES, break: (t) => void (playerAt(t, 1, 'p1').mana = { R: 2 }) },
  'agreement.reference': { scenario: F.KICKED_BOLT_COPIED, break: (t) => void (playerAt(t, 6, 'p2').life = 17) },
  'casting.kick-belongs-to-its-cast': {
    scenario: F.RECAST_AFTER_REJECTION,
    break: (t) => void Object.assign(spellAt(t, 1, 0), { kicked: true, kicker: ['A'], timesKicked: 1 }),
  },
  'casting.rejected-cast-refunds': { scenario: F.RECAST_AFTER_REJECTION, break: (t) => void (playerAt(t, 3, 'p1').mana = {}) },
  'kicker.if-kicked-keywords': { scenario: F.RECAST_AFTER_REJECTION, break: (t) => void (permanent(t, 5, 'titan').keywords = ['trample']) },
  'zones.one-zone-each': { scenario: F.COUNTERSPELL_AT_ITSELF, break: (t) => void playerAt(t, 3, 'p1').graveyard.push('cs') },
  'resolution.never-targets-itself': {
    scenario: F.COUNTERSPELL_AT_ITSELF,
    break: (t) => {
      step(t, 1).outcome = 'accepted';
      delete step(t, 1).reason;
    },
  },
  'copies.copy-appears': { scenario: F.COUNTERSPELL_AT_ITSELF, break: (t) => void step(t, 6).state.stack.pop() },
  'triggers.intervening-if-on-resolution': {
    scenario: F.CONDITION_LOST_BEFORE_RESOLUTION,
    break: (t) => void Object.assign(playerAt(t, 2, 'p1'), { hand: ['lib1'], library: ['lib2'] }),
  },
  'splice.effects-after-host': {
    scenario: F.SPLICED_DRAW_AND_MILL,
    break: (t) => void Object.assign(playerAt(t, 1, 'p1'), { hand: ['dt', 'ed', 'lib1', 'lib2'], graveyard: ['lib3', 'lib4', 'lib5', 'lib6', 'mists'], library: [] }),
  },
  'copies.copier-controls': { scenario: F.BOLT_COPIED_BY_OPPONENT_COUNTERED, break: (t) => void (spellAt(t, 1, 1).controller = 'p1') },
  'copies.counter-hits-copy': { scenario: F.BOLT_COPIED_BY_OPPONENT_COUNTERED, break: (t) => void (step(t, 2).state.stack = [spellAt(t, 1, 1)]) },
  'game.loss-ends-the-game': { scenario: F.GAME_LOST, break: (t) => void delete playerAt(t, 1, 'p2').lost },
  'game.legend-rule': {
    scenario: F.TWO_LEGENDS,
    break: (t) => void step(t, 3).state.battlefield.push({ ...permanent(t, 2, 'copy') }),
  },
};

/** Checks with the reference engine standing in for reruns and agreement. */
async function verdictOf(p: Property, s: NormalizedScenario, t: Trace) {
  expect(p.applies(s)).toBe(true);
  const ctx: CheckContext = {
    readings: { spliceCopy: 'ruling' },
    rerun: async (variant) => new Run(normalizeScenario(variant), engine.runSync(variant)),
    reference: async () => new Run(s, engine.runSync(s)),
  };
  return p.check(new Run(s, t), ctx);
}

describe('properties', () => {
  it('number at least 40, with unique ids, rules and statements', () => {
    expect(PROPERTIES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PROPERTIES.map((p) => p.id)).size).toBe(PROPERTIES.length);
    for (const p of PROPERTIES) {
      expect(p.rules.length, p.id).toBeGreaterThan(0);
      for (const r of p.rules) expect(r, p.id).toMatch(/^\d{3}(\.\d+[a-z]?)?$/);
      expect(p.statement.length, p.id).toBeGreaterThan(20);
    }
  });

  it('come in three kinds: invariants, relations between runs, agreement with the reference engine', () => {
    const kinds = new Set(PROPERTIES.map((p) => p.kind ?? 'invariant'));
    expect([...kinds].sort()).toEqual(['agreement', 'invariant', 'relation']);
  });

  for (const p of PROPERTIES) {
    describe(p.id, () => {
      const b = breakers[p.id];
      it('has a hand-made trace that breaks it', () => {
        expect(b, `add a breaker for ${p.id}`).toBeDefined();
      });
      if (!b) return;
      const scenario = normalizeScenario(b.scenario);
      it('passes on the reference engine', async () => {
        expect(await verdictOf(p, scenario, engine.runSync(scenario))).toMatchObject({ status: 'pass' });
      });
      it(`gives ${b.status ?? 'fail'} on the broken trace`, async () => {
        const trace = editableCopy(engine.runSync(scenario));
        b.break(trace);
        expect(await verdictOf(p, scenario, trace)).toMatchObject({ status: b.status ?? 'fail' });
      });
    });
  }

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
