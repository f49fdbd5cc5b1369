// Breakers for the branches of the casting properties (CR 601.2, 733.1) that the verdict snapshots
// leave alive: a cast with several problems refused for any of them, an unpayable cost or unfit
// sacrifices among them only once its declarations can be read (CR 601.2f); the caster's own mana;
// the words an engine's author reads; unsupported steps skipped; a state that leaves the mana out; the
// derived fields of a permanent compared once the engine showed its own state before.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import { observedTrace } from '../model/observables.ts';
import type { Scenario, Step, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { answered, engine, permanent, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const CARDS: Scenario['cards'] = [
  { id: 'bolt', oracle: 'Burst Lightning' },
  { id: 'bolt2', oracle: 'Burst Lightning' },
  { id: 'bolt3', oracle: 'Burst Lightning' },
  { id: 'river', oracle: 'Rushing River' },
  { id: 'forest', oracle: 'Forest' },
  { id: 'island', oracle: 'Island' },
  { id: 'bears', oracle: 'Grizzly Bears' },
  { id: 'giant', oracle: 'Hill Giant' },
  { id: 'pbolt', oracle: 'Burst Lightning' },
];

/**
 * Four casts, each with an illegal target (the Forest) and one more problem, all rejected by the
 * reference engine: 0 Burst Lightning kicked ({4}{R}, more than p1's four mana), 1 Burst Lightning
 * kicked, with a kicker B besides that it does not print (its total unknown, though {4}{R} at least), 2 Rushing River kicked by sacrificing p2's Hill Giant, 3 p2's
 * Burst Lightning, with no mana of p2's (p1 has the {R} it costs).
 */
const CASTS = normalizeScenario({
  format: 'castcheck-scenario/1',
  cards: CARDS,
  players: [
    { id: 'p1', hand: ['bolt', 'bolt2', 'river'], mana: { R: 1, U: 1, C: 2 }, battlefield: [{ card: 'forest' }, { card: 'island' }] },
    { id: 'p2', hand: ['pbolt'], battlefield: [{ card: 'bears' }, { card: 'giant' }] },
  ],
  actions: [
    { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['forest']] },
    { do: 'cast', card: 'bolt2', kicker: ['A', 'B'], targets: [['forest']] },
    { do: 'cast', card: 'river', kicker: ['A'], sacrifice: ['giant'], targets: [['forest'], ['bears']] },
    { do: 'cast', player: 'p2', card: 'pbolt', targets: [['forest']] },
  ],
});

/**
 * 0 Rushing River kicked by sacrificing p2's Grizzly Bears (rejected: sacrifice-mismatch), 1 the same
 * aimed at the Forest as well (illegal-target), 2 Burst Lightning kicked, unpayable (cannot-pay), 3
 * Burst Lightning for {R} (accepted), 4 another, with no {R} left (cannot-pay), 5 Rushing River
 * unkicked (accepted).
 */
const PAY = normalizeScenario({
  format: 'castcheck-scenario/1',
  cards: CARDS,
  players: [
    { id: 'p1', hand: ['bolt', 'bolt2', 'bolt3', 'river'], mana: { R: 1, U: 1, C: 2 }, battlefield: [{ card: 'forest' }, { card: 'island' }] },
    { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'giant' }] },
  ],
  actions: [
    { do: 'cast', card: 'river', kicker: ['A'], sacrifice: ['bears'], targets: [['giant'], ['bears']] },
    { do: 'cast', card: 'river', kicker: ['A'], sacrifice: ['bears'], targets: [['forest'], ['giant']] },
    { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] },
    { do: 'cast', card: 'bolt2', targets: [['p2']] },
    { do: 'cast', card: 'bolt3', targets: [['p2']] },
    { do: 'cast', card: 'river', targets: [['giant']] },
  ],
});

/** A failed verdict, as the casting properties give it (no kind, no rule). */
const failure = (at: string, expected: string, observed: string, checks: number, rule?: string) => ({ status: 'fail', step: at, expected, observed, ...(rule ? { rule } : {}), checks });
const run = (s: typeof CASTS) => editableCopy(engine.runSync(s));

describe('casting.illegal-declarations-rejected', () => {
  const p = propertyById('casting.illegal-declarations-rejected')!;
  const TARGETS_AND_COST = 'illegal-targets (illegal-target: forest is not a legal any target) or illegal-payment (cannot-pay: the total cost cannot be paid)';

  it('a cast with an illegal target may be refused for an unpayable cost or unfit sacrifices too, the caster\'s own mana counted', async () => {
    expect(await verdictOf(p, CASTS, run(CASTS))).toEqual({ status: 'pass', checks: 4 });
    const t = answered(CASTS, { 0: { outcome: 'rejected', reason: 'cannot-pay' }, 2: { outcome: 'rejected', reason: 'sacrifice-mismatch' }, 3: { outcome: 'rejected', reason: 'cannot-pay' } });
    expect(await verdictOf(p, CASTS, t)).toEqual({ status: 'pass', checks: 4 });
  });

  it('refused for another family, it names every problem it may be refused for, and the reason given', async () => {
    const cost = answered(CASTS, { 0: { outcome: 'rejected', reason: 'not-in-hand' } });
    expect(await verdictOf(p, CASTS, cost)).toEqual({ status: 'fail', step: 'a1', expected: `rejected as ${TARGETS_AND_COST}`, observed: 'reason not-in-hand (illegal-object)', rule: '601.2c', checks: 1 });
    const sacrifices = answered(CASTS, { 2: { outcome: 'rejected', reason: 'not-in-hand' } });
    expect(await verdictOf(p, CASTS, sacrifices)).toEqual(failure('a3', 'rejected as illegal-targets (illegal-target: forest is not a legal nonlandPermanent target) or illegal-payment (sacrifice-mismatch: the sacrifices do not fit)', 'reason not-in-hand (illegal-object)', 3, '601.2c'));
  });

  it('a reason left out, or a family\'s own code, is said as given', async () => {
    expect(await verdictOf(p, CASTS, answered(CASTS, { 0: { outcome: 'rejected' } }))).toMatchObject({ status: 'fail', step: 'a1', observed: 'reason (none)' });
    expect(await verdictOf(p, CASTS, answered(CASTS, { 0: { outcome: 'rejected', reason: 'illegal-object' } }))).toMatchObject({ status: 'fail', step: 'a1', observed: 'reason illegal-object' });
  });

  it('with a kicker cost it does not print, its total cost is unknown: cannot-pay is no answer (CR 601.2f)', async () => {
    const t = answered(CASTS, { 1: { outcome: 'rejected', reason: 'cannot-pay' } });
    expect(await verdictOf(p, CASTS, t)).toEqual(failure('a2', 'rejected as illegal-declaration (kicker-not-printed: a kicker cost is declared that Burst Lightning does not print) or illegal-targets (illegal-target: forest is not a legal any target)', 'reason cannot-pay (illegal-payment)', 2, '601.2b'));
  });

  it('from an engine that does not show mana, a cast with an illegal target may be refused as cannot-pay: its mana may be short', async () => {
    const t = answered(CASTS, { 3: { outcome: 'rejected', reason: 'cannot-pay' } });
    const blind = observedTrace(t, engine.capabilities.observes.filter((o) => o !== 'player.mana'));
    expect(playerAt(blind, 2, 'p2').mana).toBeUndefined();
    expect(await verdictOf(p, CASTS, blind)).toEqual({ status: 'pass', checks: 4 });
    // A family neither problem calls for still fails.
    step(blind, 3).reason = 'not-in-hand';
    expect(await verdictOf(p, CASTS, blind)).toEqual(failure('a4', `rejected as ${TARGETS_AND_COST}`, 'reason not-in-hand (illegal-object)', 4, '601.2c'));
  });

  it('from an engine that does not show mana, a free cast with an illegal target refused as cannot-pay fails: nothing is paid from any pool', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: CARDS,
      players: [{ id: 'p1', hand: ['bolt', 'bolt2'], mana: { R: 1 }, battlefield: [{ card: 'forest' }] }, { id: 'p2' }],
      actions: [
        { do: 'cast', card: 'bolt', targets: [['p2']] },
        { do: 'cast', card: 'bolt2', withoutPayingManaCost: true, targets: [['forest']] },
      ],
    });
    const t = observedTrace(answered(s, { 1: { outcome: 'rejected', reason: 'cannot-pay' } }), engine.capabilities.observes.filter((o) => o !== 'player.mana'));
    expect(await verdictOf(p, s, t)).toEqual(failure('a2', 'rejected as illegal-targets (illegal-target: forest is not a legal any target)', 'reason cannot-pay (illegal-payment)', 1, '601.2c'));
  });

  it('accepted, it names every problem; the first failure ends the check, and an unsupported cast is not judged', async () => {
    const t = answered(CASTS, { 1: { outcome: 'accepted' }, 3: { outcome: 'accepted' } });
    expect(await verdictOf(p, CASTS, t)).toEqual(failure('a2', 'rejected: a kicker cost is declared that Burst Lightning does not print; forest is not a legal any target', 'accepted', 2, '601.2b'));
    expect(await verdictOf(p, CASTS, answered(CASTS, { 0: { outcome: 'unsupported' } }))).toEqual({ status: 'pass', checks: 3 });
  });
});

describe('a state that shows one player twice and the caster not (the trace schema allows it): the caster\'s mana is unknown', () => {
  it('casting.illegal-declarations-rejected: p2\'s cast with an illegal target may be refused as cannot-pay', async () => {
    const t = answered(CASTS, { 3: { outcome: 'rejected', reason: 'cannot-pay' } });
    step(t, 2).state.players[1]!.id = 'p1';
    expect(await verdictOf(propertyById('casting.illegal-declarations-rejected')!, CASTS, t)).toEqual({ status: 'pass', checks: 4 });
  });

  it('casting.unpayable-rejected: p1\'s unpayable cast is not judged', async () => {
    const t = run(PAY);
    step(t, 1).state.players[0]!.id = 'p2';
    expect(await verdictOf(propertyById('casting.unpayable-rejected')!, PAY, t)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('casting.unpayable-rejected', () => {
  const p = propertyById('casting.unpayable-rejected')!;

  it('two unpayable casts rejected as cannot-pay pass; the sacrifice refused first is another property\'s', async () => {
    expect(await verdictOf(p, PAY, run(PAY))).toEqual({ status: 'pass', checks: 2 });
    expect(await verdictOf(p, PAY, answered(PAY, { 2: { outcome: 'rejected', reason: 'illegal-payment' } }))).toEqual({ status: 'pass', checks: 2 });
  });

  it('a cast with legal declarations accepted though its sacrifices do not fit fails, and ends the check (CR 601.2h)', async () => {
    const t = answered(PAY, { 0: { outcome: 'accepted' } });
    expect(await verdictOf(p, PAY, t)).toEqual({ status: 'fail', step: 'a1', expected: 'rejected: the sacrifices do not fit (bears is not a permanent p1 controls)', observed: 'accepted', checks: 1 });
  });

  it('with an illegal target besides, its sacrifices are not judged here', async () => {
    expect(await verdictOf(p, PAY, answered(PAY, { 1: { outcome: 'accepted' } }))).toEqual({ status: 'pass', checks: 2 });
  });

  it('an unpayable cast rejected for another reason, or accepted, fails; the first failure ends the check', async () => {
    expect(await verdictOf(p, PAY, answered(PAY, { 2: { outcome: 'rejected', reason: 'illegal-target' } }))).toEqual(failure('a3', 'rejected as illegal-payment (cannot-pay)', 'reason illegal-target (illegal-targets)', 1));
    expect(await verdictOf(p, PAY, answered(PAY, { 2: { outcome: 'rejected', reason: 'illegal-object' } }))).toMatchObject({ status: 'fail', observed: 'reason illegal-object' });
    expect(await verdictOf(p, PAY, answered(PAY, { 2: { outcome: 'rejected' } }))).toMatchObject({ status: 'fail', step: 'a3', observed: 'reason (none)' });
    expect(await verdictOf(p, PAY, answered(PAY, { 2: { outcome: 'accepted' }, 4: { outcome: 'accepted' } }))).toEqual(failure('a3', 'rejected: the total cost {4}{R} cannot be paid', 'accepted', 1));
  });

  it('an unsupported cast, or one after a state that leaves the mana out, is not judged', async () => {
    expect(await verdictOf(p, PAY, answered(PAY, { 2: { outcome: 'unsupported' } }))).toEqual({ status: 'pass', checks: 1 });
    const t = run(PAY);
    delete playerAt(t, 3, 'p1').mana;
    expect(await verdictOf(p, PAY, t)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('casting.legal-cast-accepted', () => {
  const p = propertyById('casting.legal-cast-accepted')!;

  it('a legal, payable cast refused fails, saying what the engine answered; the first failure ends the check', async () => {
    expect(await verdictOf(p, PAY, run(PAY))).toEqual({ status: 'pass', checks: 2 });
    expect(await verdictOf(p, PAY, answered(PAY, { 3: { outcome: 'unsupported' } }))).toEqual({ status: 'fail', step: 'a4', expected: 'accepted (total cost {R} is payable)', observed: 'unsupported:', checks: 1 });
    const both = answered(PAY, { 3: { outcome: 'rejected', reason: 'cannot-pay', message: 'no red mana' }, 5: { outcome: 'rejected', reason: 'cannot-pay' } });
    expect(await verdictOf(p, PAY, both)).toEqual({ status: 'fail', step: 'a4', expected: 'accepted (total cost {R} is payable)', observed: 'rejected: cannot-pay no red mana', checks: 1 });
  });
});

describe('casting.legal-cast-accepted: lands', () => {
  it('a land is played, never cast (CR 305.1): its cast refused is no failure, even where its definition gives it a mana cost', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'grove', definition: { name: 'Priced Grove', manaCost: '{G}', types: ['Land'] } }],
      players: [{ id: 'p1', hand: ['grove'], mana: { G: 1 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'grove' }],
    });
    const t = run(s);
    expect(step(t, 0)).toMatchObject({ outcome: 'rejected', reason: 'not-a-spell' });
    expect(await verdictOf(propertyById('casting.legal-cast-accepted')!, s, t)).toEqual({ status: 'n/a' });
  });
});

describe('casting.rejection-changes-nothing', () => {
  const p = propertyById('casting.rejection-changes-nothing')!;

  it('after the engine\'s own state, a rejected cast that changes even a derived field (power) fails, naming at most three differences', async () => {
    expect(await verdictOf(p, PAY, run(PAY))).toEqual({ status: 'pass', checks: 4 });
    const power = run(PAY);
    permanent(power, 2, 'giant').power = 5;
    expect(await verdictOf(p, PAY, power)).toEqual({ status: 'fail', step: 'a3', expected: 'the state before the action', observed: 'battlefield[giant].power: expected 3, observed 5', checks: 3 });
    playerAt(power, 2, 'p1').life = 19;
    playerAt(power, 2, 'p2').life = 18;
    permanent(power, 2, 'bears').power = 4;
    const v = await verdictOf(p, PAY, power);
    expect(v).toMatchObject({ status: 'fail', step: 'a3' });
    expect(v.status === 'fail' && v.observed.split('; ')).toHaveLength(3);
  });
});
