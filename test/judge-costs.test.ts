// Breakers for the cost properties (properties/costs.ts): a reference trace of a small scenario broken
// in one field, which only that branch rejects, asserted by verdict and by the words an engine's author
// reads; and the traces each branch must let pass.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { rushingRiverKicked } from './fixtures/scenario-builders.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;

const RIVER = rushingRiverKicked({ U: 1, C: 2 });

describe('costs.mana-value-unchanged', () => {
  const p = property('costs.mana-value-unchanged');

  it('a spell of a card the scenario does not have fails, naming it', async () => {
    const s = normalizeScenario(F.KICKED_BOLT_COPIED);
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 0, 0).card = 'ghost';
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'every spell on the stack is a card of the scenario (or a copy of one)', observed: 'bolt is card "ghost", which the scenario does not have', checks: 1 });
    // Two such spells in one step: the first is named, and the step's other spells are not read.
    const two = editableCopy(engine.runSync(s));
    spellAt(two, 1, 0).card = 'ghost';
    spellAt(two, 1, 1).card = 'ghost';
    expect(await verdictOf(p, s, two)).toEqual({ status: 'fail', step: 'copy', expected: 'every spell on the stack is a card of the scenario (or a copy of one)', observed: 'bolt is card "ghost", which the scenario does not have', checks: 2 });
  });

  it('a wrong mana value names the card, and X where the card has one (CR 202.3e)', async () => {
    const s = normalizeScenario(F.FREE_AND_REDUCED);
    expect(await verdictOf(p, s, engine.runSync(s))).toMatchObject({ status: 'pass' });
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 0, 0).manaValue = 5;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'comet (Comet Storm, X=0) has mana value 2', observed: 'mana value 5', checks: 1 });
    const titan = editableCopy(engine.runSync(s));
    spellAt(titan, 3, 2).manaValue = 5;
    expect(await verdictOf(p, s, titan)).toMatchObject({ status: 'fail', step: 'a4', expected: 'titan (Kavu Titan) has mana value 2', observed: 'mana value 5' });
  });

  it('without an observed X, the cast spell takes the X it was cast with, and a copy is not judged', async () => {
    const s = normalizeScenario({ ...F.FREE_AND_REDUCED, actions: F.FREE_AND_REDUCED.actions.map((a) => (a.do === 'cast' && a.card === 'comet' ? { ...a, x: 1, withoutPayingManaCost: false } : a)), players: [{ ...F.FREE_AND_REDUCED.players[0]!, mana: { R: 4, G: 2, C: 3 } }, F.FREE_AND_REDUCED.players[1]!] });
    const t = editableCopy(engine.runSync(s));
    expect(spellAt(t, 0, 0)).toMatchObject({ x: 1, manaValue: 3 });
    for (const st of t.steps) for (const o of st.state.stack) if (o.kind === 'spell') delete o.x;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass' });
    spellAt(t, 0, 0).manaValue = 2;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a1', expected: 'comet (Comet Storm, X=1) has mana value 3', observed: 'mana value 2' });
    // The copy's X is not known without one observed: its mana value is not judged.
    const copy = editableCopy(engine.runSync(s));
    for (const st of copy.steps) for (const o of st.state.stack) if (o.kind === 'spell') delete o.x;
    spellAt(copy, 2, 1).manaValue = 9;
    expect(await verdictOf(p, s, copy)).toMatchObject({ status: 'pass' });
    // Observed, the copy's X is read.
    const shown = editableCopy(engine.runSync(s));
    spellAt(shown, 2, 1).manaValue = 9;
    expect(await verdictOf(p, s, shown)).toMatchObject({ status: 'fail', step: 'copy', expected: 'copy (Comet Storm, X=1) has mana value 3', observed: 'mana value 9' });
  });

  it('counts each spell on the stack at each step, and stops at the first failure', async () => {
    const s = normalizeScenario(F.KICKED_BOLT_COPIED);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 11 });
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 0, 0).manaValue = 5;
    spellAt(t, 3, 2).manaValue = 5;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'bolt (Burst Lightning) has mana value 1', observed: 'mana value 5', checks: 1 });
  });
});

describe('costs.copy-same-mana-value', () => {
  const p = property('costs.copy-same-mana-value');
  const s = normalizeScenario(F.FREE_AND_REDUCED);

  it("a copy's mana value or X other than the original's fails (CR 707.2)", async () => {
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 2 });
    const mv = editableCopy(engine.runSync(s));
    spellAt(mv, 2, 1).manaValue = 4;
    expect(await verdictOf(p, s, mv)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has mana value 2 like comet', observed: 'mana value 4', checks: 1 });
    const x = editableCopy(engine.runSync(s));
    spellAt(x, 2, 1).x = 3;
    expect(await verdictOf(p, s, x)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has X=0 like comet', observed: 'X=3', checks: 1 });
    const none = editableCopy(engine.runSync(s));
    delete spellAt(none, 2, 1).x;
    expect(await verdictOf(p, s, none)).toMatchObject({ status: 'fail', expected: 'copy copy has X=0 like comet', observed: 'X=(none)' });
    const originalNone = editableCopy(engine.runSync(s));
    delete spellAt(originalNone, 1, 0).x;
    expect(await verdictOf(p, s, originalNone)).toMatchObject({ status: 'fail', expected: 'copy copy has X=(none) like comet', observed: 'X=0' });
  });
});

describe('costs.total-cost-paid', () => {
  const p = property('costs.total-cost-paid');

  it('a total cost other than the mana cost plus the kicker fails (CR 601.2f)', async () => {
    const s = normalizeScenario(F.KICKED_BOLT_COPIED);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 2 });
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 0, 0).totalCost = { mana: '{3}{R}', sacrificed: [] };
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'total cost {4}{R} for Burst Lightning', observed: 'total cost {3}{R}', checks: 1 });
  });

  it('the permanents sacrificed are those declared (CR 601.2h)', async () => {
    const s = normalizeScenario(RIVER);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 0, 0).totalCost = { mana: '{2}{U}', sacrificed: ['island'] };
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'Rushing River paid by sacrificing ["forest"]', observed: 'sacrificed ["island"]', checks: 1 });
    const none = editableCopy(engine.runSync(s));
    spellAt(none, 0, 0).totalCost = { mana: '{2}{U}', sacrificed: [] };
    expect(await verdictOf(p, s, none)).toMatchObject({ status: 'fail', observed: 'sacrificed []' });
    // Left out, the sacrificed permanents are not compared.
    const unshown = editableCopy(engine.runSync(s));
    spellAt(unshown, 0, 0).totalCost = { mana: '{2}{U}' } as never;
    expect(await verdictOf(p, s, unshown)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a pool not shown before or after the cast is a mismatch, not a skip', async () => {
    const s = normalizeScenario({ ...F.KICKED_BOLT_COPIED, actions: F.KICKED_BOLT_COPIED.actions.slice(0, 3) });
    const after = editableCopy(engine.runSync(s));
    delete playerAt(after, 0, 'p1').mana;
    expect(await verdictOf(p, s, after)).toEqual({ status: 'fail', step: 'a1', expected: "p1's mana pool shown before and after the cast", observed: 'none after', checks: 1 });
    const s2 = normalizeScenario({ ...F.KICKED_BOLT_COPIED, actions: [F.KICKED_BOLT_COPIED.actions[1 - 1]!, { do: 'resolve' }, { do: 'cast', card: 'bolt2', targets: [['p2']] }], players: [{ ...F.KICKED_BOLT_COPIED.players[0]!, mana: { R: 2, C: 4 } }, F.KICKED_BOLT_COPIED.players[1]!] });
    const before = editableCopy(engine.runSync(s2));
    expect(await verdictOf(p, s2, before)).toEqual({ status: 'pass', checks: 2 });
    delete playerAt(before, 1, 'p1').mana;
    expect(await verdictOf(p, s2, before)).toEqual({ status: 'fail', step: 'a3', expected: "p1's mana pool shown before and after the cast", observed: 'none before', checks: 2 });
  });

  it("an opponent's cast is paid from the opponent's pool", async () => {
    const s = normalizeScenario({ format: 'castcheck-scenario/1', cards: [{ id: 'bolt', oracle: 'Burst Lightning' }], players: [{ id: 'p1', mana: { R: 1 } }, { id: 'p2', hand: ['bolt'], mana: { R: 1 } }], actions: [{ do: 'cast', player: 'p2', card: 'bolt', targets: [['p1']] }] });
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    playerAt(t, 0, 'p2').mana = { R: 1 };
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a1', observed: expect.stringContaining('(total cost "{R}")') });
  });

  it('what left the pool is judged against the total cost, and named with it', async () => {
    const s = normalizeScenario(F.KICKED_BOLT_COPIED);
    const t = editableCopy(engine.runSync(s));
    playerAt(t, 0, 'p1').mana = { G: 3, C: 5 };
    const v = await verdictOf(p, s, t);
    expect(v).toMatchObject({ status: 'fail', step: 'a1', observed: expect.stringMatching(/ \(total cost "\{4\}\{R\}"\)$/), checks: 1 });
    const hidden = editableCopy(engine.runSync(s));
    playerAt(hidden, 0, 'p1').mana = { G: 3, C: 5 };
    delete (spellAt(hidden, 0, 0) as { totalCost?: unknown }).totalCost;
    const unnamed = await verdictOf(p, s, hidden);
    expect(unnamed).toMatchObject({ status: 'fail', step: 'a1' });
    expect((unnamed as { observed: string }).observed).not.toContain('total cost');
  });

  it('an accepted cast missing from the stack fails (CR 601.2a), and nothing after it is judged', async () => {
    const s = normalizeScenario(F.KICKED_BOLT_COPIED);
    const t = editableCopy(engine.runSync(s));
    step(t, 0).state.stack = [];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'bolt is on the stack: its cast was accepted (CR 601.2a)', observed: 'it is not on the stack', checks: 1 });
  });
});

describe('costs.reductions-only-generic', () => {
  const p = property('costs.reductions-only-generic');
  const s = normalizeScenario(F.FREE_AND_REDUCED);

  it('a coloured symbol changed by a reduction fails and says which (CR 118.7a)', async () => {
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 2 });
    const t = editableCopy(engine.runSync(s));
    spellAt(t, 3, 2).totalCost = { mana: '{1}{G}', sacrificed: [] };
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a4', expected: '2 {G} in the total cost of Kavu Titan, as declared', observed: '1 in {1}{G}', checks: 2 });
    const red = editableCopy(engine.runSync(s));
    spellAt(red, 3, 2).totalCost = { mana: '{G}{G}{R}', sacrificed: [] };
    expect(await verdictOf(p, s, red)).toMatchObject({ status: 'fail', expected: '0 {R} in the total cost of Kavu Titan, as declared', observed: '1 in {G}{G}{R}' });
  });

  it('a cast spell without its total cost shown fails; one missing from the stack fails', async () => {
    const t = editableCopy(engine.runSync(s));
    delete (spellAt(t, 0, 0) as { totalCost?: unknown }).totalCost;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a1', expected: 'Comet Storm, cast, shows its total cost', observed: 'no total cost', checks: 1 });
    const gone = editableCopy(engine.runSync(s));
    step(gone, 0).state.stack = [];
    expect(await verdictOf(p, s, gone)).toMatchObject({ status: 'fail', step: 'a1', observed: 'it is not on the stack' });
  });
});

describe('costs.free-cast-keeps-additional-costs', () => {
  const p = property('costs.free-cast-keeps-additional-costs');
  const s = normalizeScenario(F.FREE_AND_REDUCED);

  it('a free cast shown unkicked, kicked another number of times, or with another total cost fails (CR 118.9d)', async () => {
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    const flag = editableCopy(engine.runSync(s));
    spellAt(flag, 0, 0).kicked = false;
    expect(await verdictOf(p, s, flag)).toEqual({ status: 'fail', step: 'a1', expected: 'Comet Storm, cast free, is kicked: true', observed: 'kicked: false', checks: 1 });
    const times = editableCopy(engine.runSync(s));
    spellAt(times, 0, 0).timesKicked = 1;
    expect(await verdictOf(p, s, times)).toEqual({ status: 'fail', step: 'a1', expected: 'kicked 2 times', observed: '1 times', checks: 1 });
    const cost = editableCopy(engine.runSync(s));
    spellAt(cost, 0, 0).totalCost = { mana: '{2}', sacrificed: [] };
    expect(await verdictOf(p, s, cost)).toEqual({ status: 'fail', step: 'a1', expected: 'total cost {0}: the additional costs only', observed: 'total cost {2}', checks: 1 });
    const gone = editableCopy(engine.runSync(s));
    step(gone, 0).state.stack = [];
    expect(await verdictOf(p, s, gone)).toMatchObject({ status: 'fail', step: 'a1', observed: 'it is not on the stack' });
  });

  it('without the kick fields shown, the total cost is still judged', async () => {
    const t = editableCopy(engine.runSync(s));
    delete spellAt(t, 0, 0).kicked;
    delete spellAt(t, 0, 0).timesKicked;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    delete (spellAt(t, 0, 0) as { totalCost?: unknown }).totalCost;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a free cast spliced other than declared fails (CR 702.47a)', async () => {
    const spliced = normalizeScenario({ ...F.SPLICED_SPIKE, actions: [{ ...F.SPLICED_SPIKE.actions[0]!, withoutPayingManaCost: true } as Scenario['actions'][number]] });
    const t = editableCopy(engine.runSync(spliced));
    expect(await verdictOf(p, spliced, t)).toEqual({ status: 'pass', checks: 1 });
    spellAt(t, 0, 0).spliced = ['ray'];
    expect(await verdictOf(p, spliced, t)).toEqual({ status: 'fail', step: 'a1', expected: 'spliced ["ray","ritual"]', observed: 'spliced ["ray"]', checks: 1 });
  });
});

describe('costs.x-zero-on-free-cast', () => {
  const p = property('costs.x-zero-on-free-cast');
  const s = normalizeScenario(F.FREE_AND_REDUCED);

  it('X above 0 on a free cast must be rejected (CR 107.3b); X=0 must be shown as 0', async () => {
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 2 });
    const accepted = editableCopy(engine.runSync(s));
    step(accepted, 1).outcome = 'accepted';
    expect(await verdictOf(p, s, accepted)).toEqual({ status: 'fail', step: 'a2', expected: 'casting comet2 free with X=2 is rejected', observed: 'it was accepted', checks: 2 });
    const x = editableCopy(engine.runSync(s));
    spellAt(x, 0, 0).x = 1;
    expect(await verdictOf(p, s, x)).toEqual({ status: 'fail', step: 'a1', expected: 'X=0 on the stack', observed: 'X=1', checks: 1 });
    const unshown = editableCopy(engine.runSync(s));
    delete spellAt(unshown, 0, 0).x;
    expect(await verdictOf(p, s, unshown)).toEqual({ status: 'pass', checks: 2 });
    const gone = editableCopy(engine.runSync(s));
    step(gone, 0).state.stack = [];
    expect(await verdictOf(p, s, gone)).toEqual({ status: 'fail', step: 'a1', expected: 'comet is on the stack: its cast was accepted (CR 601.2a)', observed: 'it is not on the stack', checks: 1 });
  });
});
