// Breakers for copies.copy-appears (CR 707.10, 707.10c, 115.5): a copy action or a resolving Twincast
// whose copy is missing, is no copy, or copies another card; copy actions rejected when they could
// not be, or for the wrong reason; and what the property leaves alone (Twincast at itself, at a
// spell that is no instant or sorcery, resolved with the rest of the stack).
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { RejectionReason, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { COPIES_BOTH_WAYS, TWINCAST_UNTIL_EMPTY } from './fixtures/copies-both-ways.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('copies.copy-appears')!;
const s = normalizeScenario(COPIES_BOTH_WAYS);
const fresh = () => editableCopy(engine.runSync(s));
const reject = (t: Trace, i: number, reason?: RejectionReason) => {
  step(t, i).outcome = 'rejected';
  if (reason === undefined) delete step(t, i).reason;
  else step(t, i).reason = reason;
  step(t, i).state = step(t, i - 1).state;
};

describe('copies.copy-appears', () => {
  it('checks c1, c3 and Twincast\'s copy, and the copy of a card in hand rejected as naming no spell', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 4 });
  });

  it('a copy missing from the stack, a copy shown as no copy, a copy of another card: each fails, and nothing after it is judged', async () => {
    const missing = fresh();
    step(missing, 1).state.stack.pop();
    expect(await verdictOf(p, s, missing)).toEqual({ status: 'fail', step: 'c1', expected: 'a copy of bolt named c1 on the stack', observed: 'no such object on the stack', checks: 2 });
    const notCopy = fresh();
    spellAt(notCopy, 1, 1).copy = false;
    expect(await verdictOf(p, s, notCopy)).toEqual({ status: 'fail', step: 'c1', expected: 'a copy of bolt named c1 on the stack', observed: 'c1 is no copy', checks: 2 });
    const ability = fresh();
    step(ability, 1).state.stack[1] = { kind: 'ability', id: 'c1', source: 'bolt', ability: 0, controller: 'p1', targets: [] };
    expect(await verdictOf(p, s, ability)).toMatchObject({ status: 'fail', step: 'c1', observed: 'no such object on the stack' });
    const other = fresh();
    spellAt(other, 3, 2).card = 'bolt2';
    expect(await verdictOf(p, s, other)).toEqual({ status: 'fail', step: 'c3', expected: 'a copy of bolt named c3 on the stack', observed: 'c3 is a copy of bolt2', checks: 3 });
  });

  it("Twincast's copy missing after it resolves fails at the resolve", async () => {
    const t = fresh();
    step(t, 5).state.stack = step(t, 5).state.stack.filter((o) => o.id !== 'tw');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'tw', expected: 'a copy of c1 named tw on the stack', observed: 'no such object on the stack', checks: 4 });
  });

  it('Twincast aimed at itself copies nothing (CR 115.5), nor when aimed at a spell that is no instant or sorcery', async () => {
    const itself = fresh();
    spellAt(itself, 4, 3).targets = [['twin']];
    expect(await verdictOf(p, s, itself)).toEqual({ status: 'pass', checks: 3 });
    const creature = fresh();
    spellAt(creature, 4, 1).types = ['Creature'];
    expect(await verdictOf(p, s, creature)).toEqual({ status: 'pass', checks: 3 });
    const sorcery = fresh();
    spellAt(sorcery, 4, 1).types = ['Sorcery'];
    expect(await verdictOf(p, s, sorcery)).toEqual({ status: 'pass', checks: 4 });
  });

  it('Twincast aimed at a spell that is an instant among other types copies it', async () => {
    const t = fresh();
    spellAt(t, 4, 1).types = ['Creature', 'Instant'];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 4 });
  });

  it('a resolve with nothing on the stack, of a card the scenario lacks, or of Twincast aimed at an ability, copies nothing', async () => {
    const empty = fresh();
    step(empty, 4).state.stack = [];
    expect(await verdictOf(p, s, empty)).toEqual({ status: 'pass', checks: 3 });
    const unknown = fresh();
    spellAt(unknown, 4, 3).card = 'nothing';
    expect(await verdictOf(p, s, unknown)).toEqual({ status: 'pass', checks: 3 });
    const ability = fresh();
    step(ability, 4).state.stack.splice(3, 0, { kind: 'ability', id: 'ab', source: 'bolt', ability: 0, controller: 'p1', targets: [] });
    spellAt(ability, 4, 4).targets = [['ab']];
    expect(await verdictOf(p, s, ability)).toEqual({ status: 'pass', checks: 3 });
  });

  it('Twincast resolved with the rest of the stack at once is not judged here', async () => {
    const u = normalizeScenario(TWINCAST_UNTIL_EMPTY);
    expect(await verdictOf(p, u, editableCopy(engine.runSync(u)))).toEqual({ status: 'n/a' });
  });

  it('a copy of a spell on the stack keeping its targets, rejected, fails with the reason given (CR 707.10)', async () => {
    const t = fresh();
    reject(t, 1, 'illegal-target');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'c1', expected: 'a copy of bolt, a spell on the stack, is put on the stack', observed: 'rejected (illegal-target)', checks: 2 });
    const silent = fresh();
    reject(silent, 1);
    expect(await verdictOf(p, s, silent)).toMatchObject({ status: 'fail', step: 'c1', observed: 'rejected (no reason)' });
  });

  it('a copy with new targets may be rejected for them; a copy of a card in hand must be rejected as naming no spell', async () => {
    const newTargets = fresh();
    reject(newTargets, 3, 'illegal-target');
    expect(await verdictOf(p, s, newTargets)).toEqual({ status: 'pass', checks: 4 });
    const wrongReason = fresh();
    step(wrongReason, 2).reason = 'cannot-pay';
    expect(await verdictOf(p, s, wrongReason)).toEqual({ status: 'fail', step: 'c2', expected: 'rejected: bolt2 is not a spell on the stack (reason of the illegal-object family)', observed: 'reason cannot-pay', checks: 2 });
    const none = fresh();
    delete step(none, 2).reason;
    expect(await verdictOf(p, s, none)).toMatchObject({ status: 'fail', step: 'c2', observed: 'reason (none)' });
    const sameFamily = fresh();
    step(sameFamily, 2).reason = 'no-such-object';
    expect(await verdictOf(p, s, sameFamily)).toEqual({ status: 'pass', checks: 4 });
  });

  it('applies to a scenario with a copy action or a card that copies a spell, and to no other', () => {
    const [bolt, , twin] = COPIES_BOTH_WAYS.cards;
    const base = { format: 'castcheck-scenario/1' as const, cards: [bolt!, twin!], players: COPIES_BOTH_WAYS.players };
    expect(p.applies(normalizeScenario({ ...base, actions: [{ do: 'cast', card: 'twin', targets: [['p2']] }] }))).toBe(true);
    expect(p.applies(normalizeScenario({ ...base, cards: [bolt!], players: [{ id: 'p1', hand: ['bolt'] }, { id: 'p2' }], actions: [{ do: 'copy', id: 'c', spell: 'bolt' }] }))).toBe(true);
    expect(p.applies(normalizeScenario({ ...base, cards: [bolt!], players: [{ id: 'p1', hand: ['bolt'] }, { id: 'p2' }], actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }] }))).toBe(false);
  });
});
