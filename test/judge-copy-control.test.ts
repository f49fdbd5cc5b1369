// Breakers for copies.copier-controls and copies.counter-hits-copy (CR 707.10, 707.10a): a copy
// controlled by another than its maker (a copy action's player, Twincast's controller), a counter
// aimed at a copy that takes its original or leaves the copy, and what they leave alone.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { COPIES_BOTH_WAYS } from './fixtures/copies-both-ways.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const s = normalizeScenario(COPIES_BOTH_WAYS);
const fresh = () => editableCopy(engine.runSync(s));

describe('copies.copier-controls', () => {
  const p = propertyById('copies.copier-controls')!;

  it("checks c1 and c3, each its copy action's player's, and Twincast's copy, its controller's", async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 3 });
  });

  it("p2's copy shown as p1's fails; Twincast's copy shown as p2's fails", async () => {
    const t = fresh();
    spellAt(t, 3, 2).controller = 'p1';
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'c3', expected: 'copy c3 controlled by p2, who made it', observed: 'controlled by p1', checks: 2 });
    const twin = fresh();
    spellAt(twin, 5, 3).controller = 'p2';
    expect(await verdictOf(p, s, twin)).toEqual({ status: 'fail', step: 'tw', expected: 'copy tw controlled by p1, who made it', observed: 'controlled by p2', checks: 3 });
  });

  it("Twincast's copy is its controller's, whoever controls the spells beneath it", async () => {
    const t = fresh();
    spellAt(t, 4, 1).controller = 'p2';
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 3 });
  });

  it("a copy action with no player named is checked against p1's", async () => {
    const t = fresh();
    spellAt(t, 1, 1).controller = 'p2';
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'c1', expected: 'copy c1 controlled by p1, who made it' });
  });
});

describe('copies.counter-hits-copy', () => {
  const p = propertyById('copies.counter-hits-copy')!;

  it('checks Counterspell resolving at c1 and the counter action at c3, not Twincast at c1 nor what resolves at once', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 2 });
  });

  it('Counterspell at a copy that takes its original with it fails (CR 707.10a)', async () => {
    const t = fresh();
    step(t, 7).state.stack = step(t, 7).state.stack.filter((o) => o.id !== 'bolt');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a8', kind: 'original', expected: 'bolt stays on the stack: the counter is aimed at its copy c1', observed: 'bolt left the stack', checks: 1 });
  });

  it('a counter action that leaves the copy on the stack fails; a copy of a spell that cannot be countered may stay', async () => {
    const t = fresh();
    step(t, 8).state.stack = step(t, 7).state.stack;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a9', kind: 'copy', expected: 'copy c3 is countered and ceases to exist', observed: 'c3 is still on the stack', checks: 2 });
    const unc: Scenario = { ...COPIES_BOTH_WAYS, cards: COPIES_BOTH_WAYS.cards.map((c) => (c.id === 'bolt' ? { id: 'bolt', definition: { name: 'Uncounterable Bolt', manaCost: '{R}', types: ['Instant'], cantBeCountered: true, targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 2, target: 0 }] } } : c)) };
    const u = normalizeScenario(unc);
    const kept = editableCopy(engine.runSync(u));
    step(kept, 8).state.stack = step(kept, 7).state.stack;
    expect(await verdictOf(p, u, kept)).toMatchObject({ status: 'pass' });
  });

  it("the original is the copy's own card, not another spell beneath it that left", async () => {
    const t = fresh();
    const other = { ...spellAt(t, 6, 0), id: 'other', card: 'bolt2' };
    step(t, 6).state.stack.unshift(other);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('a Counterspell that resolves leaving the copy is not judged for the copy here; one aimed at nothing on the stack checks nothing', async () => {
    const kept = fresh();
    step(kept, 7).state.stack = step(kept, 6).state.stack.filter((o) => o.id !== 'cs');
    expect(await verdictOf(p, s, kept)).toEqual({ status: 'pass', checks: 2 });
    const gone = fresh();
    spellAt(gone, 6, 4).targets = [['gone']];
    expect(await verdictOf(p, s, gone)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a counter aimed at both a copy and its original may take both', async () => {
    const t = fresh();
    spellAt(t, 6, 4).targets = [['c1', 'bolt']];
    step(t, 7).state.stack = step(t, 7).state.stack.filter((o) => o.id !== 'bolt');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
  });

  it('counter-hits-copy applies where copies are made and a counter may be aimed, copier-controls wherever copies are made', () => {
    const only = (actions: Scenario['actions'], cards = COPIES_BOTH_WAYS.cards) => normalizeScenario({ ...COPIES_BOTH_WAYS, cards, actions });
    const cast: Scenario['actions'][number] = { do: 'cast', card: 'bolt', targets: [['p2']] };
    const copy: Scenario['actions'][number] = { do: 'copy', id: 'c', spell: 'bolt' };
    const noCounterspell = COPIES_BOTH_WAYS.cards.filter((c) => !c.id.startsWith('cs'));
    expect(p.applies(only([cast, copy]))).toBe(true);
    expect(p.applies(only([cast, copy, { do: 'counter', spell: 'c' }], noCounterspell))).toBe(true);
    expect(p.applies(only([cast, copy], noCounterspell))).toBe(false);
    expect(p.applies(only([cast, { do: 'cast', card: 'twin', targets: [['bolt']] }]))).toBe(true);
    expect(p.applies(only([cast], noCounterspell.filter((c) => c.id !== 'twin')))).toBe(false);
    expect(propertyById('copies.copier-controls')!.applies(only([cast, copy], noCounterspell))).toBe(true);
  });
});
