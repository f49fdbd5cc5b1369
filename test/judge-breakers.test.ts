// One breaker per branch that names a rule: a hand-made break of a reference trace that only that
// branch of its property rejects, so that a lenient change to the branch (the judge's own mutants) is
// killed. The trace unbroken passes; broken, the property fails with the branch's kind and rule.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { dwynensEliteEnters } from './fixtures/scenario-builders.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => PROPERTIES.find((p) => p.id === id)!;

/** Burst Lightning at Grizzly Bears: 2 damage to a 2/2, which dies (CR 704.5g). */
const BOLTED_BEARS: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'burst', oracle: 'Burst Lightning' },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'hill', oracle: 'Hill Giant' },
  ],
  players: [{ id: 'p1', hand: ['burst'], mana: { R: 1 } }, { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'hill' }] }],
  actions: [{ do: 'cast', card: 'burst', targets: [['bears']] }, { do: 'resolve' }],
};

/** Morbid Opportunist (triggers only once each turn) watching Grizzly Bears destroyed. */
const OPPORTUNIST: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'mo', oracle: 'Morbid Opportunist' },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'lib1', oracle: 'Island' },
  ],
  players: [{ id: 'p1', battlefield: [{ card: 'mo' }], library: ['lib1'] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'destroy', permanent: 'bears' }],
};

describe('branch breakers', () => {
  it('resolution.new-object-not-targeted: the flickered Hill Giant moved, damaged or changed by the ability that targeted it before (CR 400.7, 608.2b)', async () => {
    const s = normalizeScenario(F.TARGETS_CHANGED_ZONES);
    const p = property('resolution.new-object-not-targeted');
    expect(await verdictOf(p, s, engine.runSync(s))).toMatchObject({ status: 'pass' });
    const breaks: [string, (t: ReturnType<typeof editableCopy>) => void][] = [
      ['moved', (t) => void (step(t, 10).state.battlefield = step(t, 10).state.battlefield.filter((o) => o.id !== 'giant'))],
      ['damaged', (t) => void (permanent(t, 10, 'giant').damage = 2)],
      ['changed', (t) => void (permanent(t, 10, 'giant').counters = { '+1/+1': 1 })],
    ];
    for (const [kind, change] of breaks) {
      const t = editableCopy(engine.runSync(s));
      change(t);
      expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind, rule: '608.2b' });
    }
  });

  it('resolution.new-object-not-targeted: Grizzly Bears Cloudshifted by p2 in response, then killed or damaged by the Burst Lightning that targeted them before (CR 400.7, 608.2b)', async () => {
    const s = normalizeScenario(F.CLOUDSHIFTED_TARGET);
    const p = property('resolution.new-object-not-targeted');
    expect(await verdictOf(p, s, engine.runSync(s))).toMatchObject({ status: 'pass', checks: 1 });
    const breaks: [string, (t: ReturnType<typeof editableCopy>) => void][] = [
      ['moved', (t) => void (step(t, 3).state.battlefield = step(t, 3).state.battlefield.filter((o) => o.id !== 'bears'))],
      ['damaged', (t) => void (permanent(t, 3, 'bears').damage = 2)],
    ];
    for (const [kind, change] of breaks) {
      const t = editableCopy(engine.runSync(s));
      change(t);
      expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind, rule: '608.2b' });
    }
  });

  it("resolution.spell-condition-on-resolution: Horobi's Whisper destroys Grizzly Bears with the Swamp gone, or leaves Hill Giant with a Swamp arrived (CR 608.2c)", async () => {
    const s = normalizeScenario(F.HOROBIS_WHISPER_CONDITION);
    const p = property('resolution.spell-condition-on-resolution');
    expect(await verdictOf(p, s, engine.runSync(s))).toMatchObject({ status: 'pass', checks: 2 });
    const breaks: [string, number, string, (t: ReturnType<typeof editableCopy>) => void][] = [
      ['done-without-condition', 2, 'bears', (t) => void (step(t, 2).state.battlefield = step(t, 2).state.battlefield.filter((o) => o.id !== 'bears'))],
      ['condition-ignored', 5, 'giant', (t) => void step(t, 5).state.battlefield.push({ ...permanent(t, 4, 'giant') })],
    ];
    for (const [kind, , , change] of breaks) {
      const t = editableCopy(engine.runSync(s));
      change(t);
      expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind, rule: '608.2c' });
    }
  });

  it('kicker.declarations: a multikicker count other than declared, kicked and kicked as often as declared (CR 702.33c)', async () => {
    const s = normalizeScenario(F.MULTIKICKED_PACK);
    const p = property('kicker.declarations');
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    spellAt(t, 0, 0).multikicker = 2;
    expect(spellAt(t, 0, 0)).toMatchObject({ kicked: true, timesKicked: 1 });
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'multikicker', rule: '702.33c' });
  });

  it('kicker.declarations: each branch fails on its own break of Burst Lightning kicked and Gnarlid Pack kicked with a kicker it does not print (CR 702.33b, 702.33d)', async () => {
    const s = normalizeScenario(F.KICKED_BOLT_COPIED);
    const p = property('kicker.declarations');
    const given = engine.runSync(s);
    expect(given.steps[2]!.outcome).toBe('rejected');
    const breaks: [string, string, (t: ReturnType<typeof editableCopy>) => void][] = [
      ['declaration', '702.33b', (t) => Object.assign(step(t, 2), { outcome: 'accepted', reason: undefined })],
      ['kicked', '702.33d', (t) => void (spellAt(t, 0, 0).kicked = false)],
      ['kicker', '702.33b', (t) => void (spellAt(t, 0, 0).kicker = ['B'])],
      ['times-kicked', '702.33d', (t) => void (spellAt(t, 0, 0).timesKicked = 2)],
    ];
    for (const [kind, rule, change] of breaks) {
      const t = editableCopy(given);
      change(t);
      expect(await verdictOf(p, s, t), kind).toMatchObject({ status: 'fail', kind, rule });
    }
  });

  it('triggers.once-each-turn: an ability that triggers only once each turn, triggered twice in one step (CR 603.2h)', async () => {
    const s = normalizeScenario(OPPORTUNIST);
    const p = property('triggers.once-each-turn');
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 0).triggered).toEqual([expect.objectContaining({ source: 'mo', ability: 0 })]);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    step(t, 0).triggered!.push({ ...step(t, 0).triggered![0]!, id: 'a1.t2' });
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', expected: expect.stringMatching(/mo#0 triggers no more this turn/) });
  });

  it('resolution.damage-to-creatures: a creature with lethal damage marked that stays on the battlefield (CR 704.5g)', async () => {
    const s = normalizeScenario(BOLTED_BEARS);
    const p = property('resolution.damage-to-creatures');
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    // The Bears kept, with the 2 damage dealt to them: only the state-based action is missing.
    step(t, 1).state.battlefield.push({ ...permanent(t, 0, 'bears'), damage: 2 });
    playerAt(t, 1, 'p2').graveyard = playerAt(t, 1, 'p2').graveyard.filter((id) => id !== 'bears');
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'lethal', rule: '704.5g' });
  });

  it('resolution.damage-to-creatures: a creature dealt damage short of lethal that left the battlefield (CR 704.5g)', async () => {
    const s = normalizeScenario({ ...BOLTED_BEARS, actions: [{ do: 'cast', card: 'burst', targets: [['hill']] }, { do: 'resolve' }] });
    const p = property('resolution.damage-to-creatures');
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    step(t, 1).state.battlefield = step(t, 1).state.battlefield.filter((o) => o.id !== 'hill');
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'not-lethal', rule: '704.5g' });
  });

  it('resolution.damage-to-creatures: damage on a creature the spell did not target (CR 702.16b, 608.2b)', async () => {
    const s = normalizeScenario(BOLTED_BEARS);
    const p = property('resolution.damage-to-creatures');
    const t = editableCopy(engine.runSync(s));
    permanent(t, 1, 'hill').damage = 2;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'undealt', rule: '702.16b' });
  });

  it('resolution.player-effects: resolving until empty from the bottom, the creature spell entering under its counterspell (CR 608.2)', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bears', oracle: 'Grizzly Bears' },
        { id: 'cs', oracle: 'Counterspell' },
      ],
      players: [{ id: 'p1', hand: ['bears'], mana: { G: 1, C: 1 } }, { id: 'p2', hand: ['cs'], mana: { U: 2 } }],
      actions: [{ do: 'cast', card: 'bears' }, { do: 'cast', card: 'cs', player: 'p2', targets: [['bears']] }, { do: 'resolve', untilEmpty: true }],
    });
    const p = property('resolution.player-effects');
    const t = editableCopy(engine.runSync(s));
    expect(t.steps.map((x) => x.outcome)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass', checks: 1 });
    // As a queue resolves it: Grizzly Bears enters, Counterspell finds no target and goes to the graveyard.
    const p1 = playerAt(t, 2, 'p1');
    p1.graveyard = p1.graveyard.filter((id) => id !== 'bears');
    step(t, 2).state.battlefield.push({ id: 'bears', card: 'bears', name: 'Grizzly Bears', owner: 'p1', controller: 'p1', token: false, tapped: false, counters: {}, power: 2, toughness: 2, damage: 0 });
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', kind: 'until-empty', rule: '608.2', expected: expect.stringMatching(/^resolving top first, cs resolves before bears/) });
  });

  it("triggers.intervening-if-on-resolution: Dwynen's Elite's ability making its token after the other Elf was destroyed, Lagonna-Band Elder's gaining no life with the enchantment still there (CR 608.2a, 603.4)", async () => {
    const p = property('triggers.intervening-if-on-resolution');
    const elite = normalizeScenario(dwynensEliteEnters([{ do: 'destroy', permanent: 'elf' }]));
    const lost = editableCopy(engine.runSync(elite));
    expect(step(lost, 0).triggered).toHaveLength(1);
    expect(await verdictOf(p, elite, lost)).toMatchObject({ status: 'pass', checks: 1 });
    step(lost, 2).state.battlefield.push({ id: 'a3.token1', name: 'Elf Warrior Token', owner: 'p1', controller: 'p1', token: true, tapped: false, counters: {}, power: 1, toughness: 1, damage: 0 });
    expect(await verdictOf(p, elite, lost)).toMatchObject({ status: 'fail', kind: 'resolved-anyway', rule: '608.2a' });

    const elder = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'elder', oracle: 'Lagonna-Band Elder' },
        { id: 'tap', oracle: 'Lifetap' },
      ],
      players: [{ id: 'p1', hand: ['elder'], battlefield: [{ card: 'tap' }] }, { id: 'p2' }],
      actions: [{ do: 'putOntoBattlefield', card: 'elder' }, { do: 'resolve' }],
    });
    const kept = editableCopy(engine.runSync(elder));
    expect(playerAt(kept, 1, 'p1').life).toBe(playerAt(kept, 0, 'p1').life + 3);
    expect(await verdictOf(p, elder, kept)).toMatchObject({ status: 'pass', checks: 1 });
    playerAt(kept, 1, 'p1').life = playerAt(kept, 0, 'p1').life;
    expect(await verdictOf(p, elder, kept)).toMatchObject({ status: 'fail', kind: 'did-nothing', rule: '603.4' });
  });
});
