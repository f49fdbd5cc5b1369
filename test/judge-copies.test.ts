// Breakers for the copy properties (properties/copies.ts, CR 707.2, 707.10, 111.13): a reference trace
// of a small scenario broken in one field, which only that branch rejects, asserted with the words an
// engine's author reads; and what each branch must let pass or leave unjudged.
import { describe, expect, it } from 'vitest';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run, type CheckContext } from '../properties/property.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;

/** A verdict under the literal reading of splice and copies (CR 702.47c with 707.2). */
async function literalVerdict(id: string, s: NormalizedScenario, t: Trace) {
  const ctx: CheckContext = { readings: { spliceCopy: 'literal' }, rerun: () => undefined, reference: () => new Run(s, engine.runSync(s)) };
  return property(id).check(new Run(s, t), ctx);
}

/** Reach Through Mists forked: the copy is red (Fork's exception, CR 707.2a's "except"). */
const FORKED_MISTS: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'mists', oracle: 'Reach Through Mists' },
    { id: 'fork', oracle: 'Fork' },
    { id: 'lib1', oracle: 'Island' },
    { id: 'lib2', oracle: 'Island' },
  ],
  players: [{ id: 'p1', hand: ['mists', 'fork'], library: ['lib1', 'lib2'], mana: { U: 1, R: 2 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'mists' }, { do: 'cast', card: 'fork', targets: [['mists']] }, { do: 'resolve', id: 'copy' }, { do: 'resolve' }],
};

const K = normalizeScenario(F.KICKED_BOLT_COPIED);
const TWIN = normalizeScenario(F.COUNTERSPELL_AT_ITSELF);
const PERMANENT = normalizeScenario(F.COPIED_PERMANENT);
const SPIKE = normalizeScenario(F.SPLICED_SPIKE);

describe('the copy a step made', () => {
  const p = property('copies.kicked-like-original');

  it('a copy action accepted with no such spell to copy, or with no copy on the stack, fails', async () => {
    const noOriginal = editableCopy(engine.runSync(K));
    step(noOriginal, 0).state.stack = [];
    expect(await verdictOf(p, K, noOriginal)).toEqual({ status: 'fail', step: 'copy', expected: 'copying bolt is rejected: it is not a spell on the stack', observed: 'the copy was accepted', checks: 1 });
    const noCopy = editableCopy(engine.runSync(K));
    step(noCopy, 1).state.stack.pop();
    expect(await verdictOf(p, K, noCopy)).toEqual({ status: 'fail', step: 'copy', expected: 'a copy named copy of bolt is on the stack', observed: 'no such object on the stack', checks: 1 });
    const rejected = editableCopy(engine.runSync(K));
    step(rejected, 1).outcome = 'rejected';
    expect(await verdictOf(p, K, rejected)).toEqual({ status: 'n/a' });
  });

  it("Twincast resolving makes a copy of its target; a copy of another card, none, or a card named like one fails", async () => {
    expect(await verdictOf(p, TWIN, engine.runSync(TWIN))).toEqual({ status: 'pass', checks: 1 });
    const other = editableCopy(engine.runSync(TWIN));
    spellAt(other, 6, 1).card = 'bolt';
    expect(await verdictOf(p, TWIN, other)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy is a copy of a spell the resolving twin copies (bolt2)', observed: 'a copy of card bolt', checks: 1 });
    const none = editableCopy(engine.runSync(TWIN));
    step(none, 6).state.stack.pop();
    expect(await verdictOf(p, TWIN, none)).toEqual({ status: 'fail', step: 'copy', expected: 'a copy named copy of bolt2 is on the stack', observed: 'no such object on the stack', checks: 1 });
    const notCopy = editableCopy(engine.runSync(TWIN));
    spellAt(notCopy, 6, 1).copy = false;
    expect(await verdictOf(p, TWIN, notCopy)).toEqual({ status: 'fail', step: 'copy', expected: 'a copy named copy of bolt2 is on the stack', observed: 'copy is not a copy', checks: 1 });
  });

  it('a copy made where the resolving spell copies nothing names what resolved, or "none"', async () => {
    const s = normalizeScenario({ ...F.COUNTERSPELL_AT_ITSELF, actions: [...F.COUNTERSPELL_AT_ITSELF.actions.slice(0, 6), { do: 'resolve' }, { do: 'resolve', id: 'again' }] });
    const t = editableCopy(engine.runSync(s));
    // The copy resolves first, then the original: make the step that resolves the original show a copy.
    step(t, 7).state.stack = [{ ...spellAt(t, 6, 1), id: 'again' }];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'again', expected: 'copy again is a copy of a spell the resolving a7 copies (none)', observed: 'a copy of card bolt2' });
    const empty = editableCopy(engine.runSync(s));
    step(empty, 7).state.stack = [{ ...spellAt(empty, 6, 1), id: 'again' }];
    step(empty, 6).state.stack = [];
    step(empty, 6).outcome = 'rejected';
    expect(await verdictOf(p, s, empty)).toMatchObject({ status: 'fail', step: 'again', expected: 'copy again is a copy of a spell the resolving object copies (none)' });
  });

  it('a spell cast onto a Twincast on the stack is no copy Twincast made', async () => {
    const s = normalizeScenario({
      ...F.COUNTERSPELL_AT_ITSELF,
      cards: [...F.COUNTERSPELL_AT_ITSELF.cards, { id: 'bolt3', oracle: 'Burst Lightning' }],
      players: [{ ...F.COUNTERSPELL_AT_ITSELF.players[0]!, hand: ['bolt', 'cs', 'twin', 'bolt2', 'bolt3'], mana: { R: 3, U: 4 } }, F.COUNTERSPELL_AT_ITSELF.players[1]!],
      actions: [...F.COUNTERSPELL_AT_ITSELF.actions.slice(0, 6), { do: 'cast', card: 'bolt3', targets: [['p2']] }],
    });
    const t = engine.runSync(s);
    expect(editableCopy(t).steps[6]!.outcome).toBe('accepted');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
  });

  it('resolving until empty is not read for copies made', async () => {
    const s = normalizeScenario({ ...F.COUNTERSPELL_AT_ITSELF, actions: [...F.COUNTERSPELL_AT_ITSELF.actions.slice(0, 6), { do: 'resolve', id: 'copy', untilEmpty: true }] });
    const t = editableCopy(engine.runSync(s));
    step(t, 6).state.stack = [{ ...spellAt(engine.runSync(TWIN) as Trace, 6, 1) }];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
  });
});

describe('copies.kicked-like-original', () => {
  const p = property('copies.kicked-like-original');

  it('a kick field other than the original\'s, or shown for one of them only, fails and says which (CR 707.10)', async () => {
    expect(await verdictOf(p, K, engine.runSync(K))).toEqual({ status: 'pass', checks: 1 });
    const kicker = editableCopy(engine.runSync(K));
    spellAt(kicker, 1, 1).kicker = [];
    expect(await verdictOf(p, K, kicker)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has kicker ["A"] like bolt', observed: 'kicker []', checks: 1 });
    const copyLeft = editableCopy(engine.runSync(K));
    delete spellAt(copyLeft, 1, 1).timesKicked;
    expect(await verdictOf(p, K, copyLeft)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has timesKicked 1 like bolt', observed: 'timesKicked (left out)', checks: 1 });
    const originalLeft = editableCopy(engine.runSync(K));
    delete spellAt(originalLeft, 0, 0).multikicker;
    expect(await verdictOf(p, K, originalLeft)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has multikicker (left out) like bolt', observed: 'multikicker 0', checks: 1 });
  });

  it('kick fields left out of both compare nothing, and count no check', async () => {
    const t = editableCopy(engine.runSync(K));
    for (const o of [spellAt(t, 0, 0), spellAt(t, 1, 1)]) {
      delete o.kicked;
      delete o.kicker;
      delete o.multikicker;
      delete o.timesKicked;
    }
    expect(await verdictOf(p, K, t)).toEqual({ status: 'n/a' });
    spellAt(t, 1, 1).kicked = true;
    expect(await verdictOf(p, K, t)).toMatchObject({ status: 'fail', expected: 'copy copy has kicked (left out) like bolt', observed: 'kicked true' });
  });
});

describe('copies.same-choices', () => {
  const p = property('copies.same-choices');

  it("a copy's X or targets other than the new targets given fail (CR 707.10c)", async () => {
    expect(await verdictOf(p, K, engine.runSync(K))).toEqual({ status: 'pass', checks: 1 });
    const targets = editableCopy(engine.runSync(K));
    spellAt(targets, 1, 1).targets = [['p2']];
    expect(await verdictOf(p, K, targets)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has targets [["bears"]]', observed: 'targets [["p2"]]', checks: 1 });
    const comet = normalizeScenario(F.FREE_AND_REDUCED);
    const x = editableCopy(engine.runSync(comet));
    spellAt(x, 2, 1).x = 2;
    expect(await verdictOf(p, comet, x)).toMatchObject({ status: 'fail', step: 'copy', expected: 'copy copy has X=0 like comet', observed: 'X=2' });
    delete spellAt(x, 2, 1).x;
    expect(await verdictOf(p, comet, x)).toMatchObject({ status: 'fail', step: 'copy', expected: 'copy copy has X=0 like comet', observed: 'X=(none)' });
    const none = editableCopy(engine.runSync(comet));
    delete spellAt(none, 1, 0).x;
    expect(await verdictOf(p, comet, none)).toMatchObject({ status: 'fail', step: 'copy', expected: 'copy copy has X=(none) like comet', observed: 'X=0' });
  });

  it('without new targets, a copy keeps the original\'s; Twincast\'s copy keeps its target too', async () => {
    expect(await verdictOf(p, TWIN, engine.runSync(TWIN))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(TWIN));
    spellAt(t, 6, 1).targets = [['p1']];
    expect(await verdictOf(p, TWIN, t)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has targets [["p2"]]', observed: 'targets [["p1"]]', checks: 1 });
    const given = normalizeScenario({ ...F.COUNTERSPELL_AT_ITSELF, actions: F.COUNTERSPELL_AT_ITSELF.actions.map((a, i) => (i === 6 ? { ...a, newTargets: [['p1']] } : a)) });
    expect(await verdictOf(p, given, engine.runSync(given))).toEqual({ status: 'pass', checks: 1 });
    const kept = editableCopy(engine.runSync(given));
    spellAt(kept, 6, 1).targets = [['p2']];
    expect(await verdictOf(p, given, kept)).toMatchObject({ status: 'fail', expected: 'copy copy has targets [["p1"]]', observed: 'targets [["p2"]]' });
  });

  it("a spliced spell's copy has the spliced cards' targets (Everdream ruling); under the literal reading, the main card's only", async () => {
    expect(await verdictOf(p, SPIKE, engine.runSync(SPIKE))).toEqual({ status: 'pass', checks: 1 });
    const shown = editableCopy(engine.runSync(SPIKE));
    spellAt(shown, 1, 1).spliced = [];
    // The copy shows nothing spliced: the main card's target group only.
    expect(await verdictOf(p, SPIKE, shown)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has targets [["p2"]]', observed: 'targets [["p2"],["p2"]]', checks: 1 });
    spellAt(shown, 1, 1).targets = [['p2']];
    expect(await verdictOf(p, SPIKE, shown)).toEqual({ status: 'pass', checks: 1 });
    const literal = editableCopy(engine.runSync(SPIKE));
    delete spellAt(literal, 1, 1).spliced;
    expect(await literalVerdict('copies.same-choices', SPIKE, literal)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has targets [["p2"]]', observed: 'targets [["p2"],["p2"]]', checks: 1 });
    expect(await verdictOf(p, SPIKE, literal)).toEqual({ status: 'pass', checks: 1 });
  });

  it('the spliced cards of an original that does not show them are read from its cast', async () => {
    const t = editableCopy(engine.runSync(SPIKE));
    delete spellAt(t, 0, 0).spliced;
    spellAt(t, 1, 1).spliced = ['ray'];
    // Ray kept, Ritual (no target) dropped: both target groups stay.
    expect(await verdictOf(p, SPIKE, t)).toEqual({ status: 'pass', checks: 1 });
    spellAt(t, 1, 1).spliced = ['ritual'];
    expect(await verdictOf(p, SPIKE, t)).toMatchObject({ status: 'fail', expected: 'copy copy has targets [["p2"]]' });
    // An original with target groups the cards do not account for keeps them all.
    const odd = editableCopy(engine.runSync(SPIKE));
    spellAt(odd, 0, 0).targets = [['p2'], ['p2'], ['p1']];
    spellAt(odd, 1, 1).spliced = [];
    spellAt(odd, 1, 1).targets = [['p2'], ['p2'], ['p1']];
    expect(await verdictOf(p, SPIKE, odd)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a copy of a copy has what its original has spliced, nothing read from casts', async () => {
    const s = normalizeScenario({ ...F.SPLICED_SPIKE, actions: [F.SPLICED_SPIKE.actions[0]!, F.SPLICED_SPIKE.actions[1]!, { do: 'copy', id: 'copy2', spell: 'copy' }] });
    const t = editableCopy(engine.runSync(s));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    delete spellAt(t, 2, 1).spliced;
    spellAt(t, 2, 2).spliced = [];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'copy2', expected: 'copy copy2 has targets [["p2"]]' });
  });
});

describe('copies.not-cast', () => {
  it('a cast trigger for a copy fails, naming the abilities (CR 707.10)', async () => {
    const p = property('copies.not-cast');
    expect(await verdictOf(p, PERMANENT, engine.runSync(PERMANENT))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(PERMANENT));
    step(t, 2).triggered = [
      { id: 'copy.t1', source: 'castw', ability: 0, controller: 'p1' },
      { id: 'copy.t2', source: 'tokw', ability: 0, controller: 'p1' },
    ];
    expect(await verdictOf(p, PERMANENT, t)).toEqual({ status: 'fail', step: 'copy', expected: 'no cast trigger for copy copy', observed: 'castw#0 triggered', checks: 1 });
    step(t, 2).triggered = [{ id: 'copy.t2', source: 'tokw', ability: 0, controller: 'p1' }];
    expect(await verdictOf(p, PERMANENT, t)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('copies.permanent-copy-is-kicked-token', () => {
  const p = property('copies.permanent-copy-is-kicked-token');

  it('a copy of Kavu Titan resolves into a token kicked as the copied spell (CR 707.10f)', async () => {
    expect(await verdictOf(p, PERMANENT, engine.runSync(PERMANENT))).toEqual({ status: 'pass', checks: 1 });
    const kicked = editableCopy(engine.runSync(PERMANENT));
    permanent(kicked, 3, 'copy').kicked = false;
    expect(await verdictOf(p, PERMANENT, kicked)).toEqual({ status: 'fail', step: 'a4', expected: 'token copy is kicked: true, as the copied spell was declared', observed: 'kicked: false', checks: 1 });
    const times = editableCopy(engine.runSync(PERMANENT));
    permanent(times, 3, 'copy').timesKicked = 2;
    expect(await verdictOf(p, PERMANENT, times)).toEqual({ status: 'fail', step: 'a4', expected: 'token copy was kicked 1 times', observed: '2 times', checks: 1 });
    const card = editableCopy(engine.runSync(PERMANENT));
    permanent(card, 3, 'copy').token = false;
    expect(await verdictOf(p, PERMANENT, card)).toEqual({ status: 'fail', step: 'a4', expected: 'copy entered as a token', observed: 'it is not a token', checks: 1 });
    const unshown = editableCopy(engine.runSync(PERMANENT));
    delete permanent(unshown, 3, 'copy').kicked;
    delete permanent(unshown, 3, 'copy').timesKicked;
    expect(await verdictOf(p, PERMANENT, unshown)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a copy that resolves into nothing fails, unless it dies at once or the legend rule may take it', async () => {
    const gone = editableCopy(engine.runSync(PERMANENT));
    for (const i of [3, 4]) step(gone, i).state.battlefield = step(gone, i).state.battlefield.filter((o) => o.id !== 'copy');
    expect(await verdictOf(p, PERMANENT, gone)).toEqual({ status: 'fail', step: 'a4', expected: 'copy is on the battlefield as a token (CR 707.10f)', observed: 'it is not', checks: 1 });
    const legends = normalizeScenario(F.TWO_LEGENDS);
    expect(await verdictOf(p, legends, engine.runSync(legends))).toEqual({ status: 'pass', checks: 1 });
    // Josu Vess's copy gone as it resolves, with no other Josu there: a failure.
    const josu = editableCopy(engine.runSync(legends));
    step(josu, 2).state.battlefield = [];
    expect(await verdictOf(p, legends, josu)).toMatchObject({ status: 'fail', step: 'a3', expected: 'copy is on the battlefield as a token (CR 707.10f)' });
    // With another Josu Vess already there, the legend rule may have taken the copy as it entered (CR 704.5j).
    const another = normalizeScenario({
      ...F.TWO_LEGENDS,
      cards: [...F.TWO_LEGENDS.cards, { id: 'jv0', oracle: 'Josu Vess, Lich Knight' }],
      players: [{ ...F.TWO_LEGENDS.players[0]!, battlefield: [{ card: 'jv0' }] }, F.TWO_LEGENDS.players[1]!],
      actions: [{ do: 'cast', card: 'jv' }, { do: 'copy', id: 'copy', spell: 'jv' }, { do: 'resolve', choices: ['jv0'] }],
    });
    const taken = editableCopy(engine.runSync(another));
    step(taken, 2).state.battlefield = step(taken, 2).state.battlefield.filter((o) => o.id !== 'copy');
    expect(await verdictOf(p, another, taken)).toEqual({ status: 'n/a' });
    const zero = normalizeScenario({ ...F.COPIED_PERMANENT, cards: [{ id: 'titan', definition: { name: 'Zero Shell', manaCost: '{1}', types: ['Creature'], power: 0, toughness: 0 } }, ...F.COPIED_PERMANENT.cards.slice(1)], actions: F.COPIED_PERMANENT.actions.map((a) => (a.do === 'cast' ? { do: 'cast', card: 'titan' } : a)) });
    expect(await verdictOf(p, zero, engine.runSync(zero))).toEqual({ status: 'n/a' });
  });

  it('in a step that resolves everything, a copy gone by the end is not a failure; one there is judged', async () => {
    const s = normalizeScenario({ ...F.COPIED_PERMANENT, actions: [...F.COPIED_PERMANENT.actions.slice(0, 3), { do: 'resolve', untilEmpty: true }] });
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    const gone = editableCopy(engine.runSync(s));
    step(gone, 3).state.battlefield = step(gone, 3).state.battlefield.filter((o) => o.id !== 'copy');
    expect(await verdictOf(p, s, gone)).toEqual({ status: 'n/a' });
    const card = editableCopy(engine.runSync(s));
    permanent(card, 3, 'copy').token = false;
    expect(await verdictOf(p, s, card)).toMatchObject({ status: 'fail', step: 'a4', expected: 'copy entered as a token' });
  });

  it('a copy countered by a counterspell aimed at it is not looked for as a token (CR 707.10a)', async () => {
    const s = normalizeScenario({
      ...F.COPIED_PERMANENT,
      cards: [...F.COPIED_PERMANENT.cards, { id: 'cs', oracle: 'Counterspell' }],
      players: [{ ...F.COPIED_PERMANENT.players[0]!, hand: ['titan', 'cs'], mana: { G: 2, U: 2, C: 3 } }, F.COPIED_PERMANENT.players[1]!],
      actions: [{ do: 'cast', card: 'titan', kicker: ['A'] }, { do: 'resolve' }, { do: 'copy', id: 'copy', spell: 'titan' }, { do: 'cast', card: 'cs', targets: [['copy']] }, { do: 'resolve' }, { do: 'resolve' }],
    });
    const t = engine.runSync(s);
    expect(editableCopy(t).steps[4]!.state.battlefield.map((o) => o.id)).not.toContain('copy');
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
  });
});

describe('the copies of permanent spells that resolved', () => {
  const p = property('copies.permanent-copy-is-kicked-token');

  it('a copy of an instant or sorcery that resolves becomes no token', async () => {
    const s = normalizeScenario({ ...F.KICKED_BOLT_COPIED, actions: [...F.KICKED_BOLT_COPIED.actions.slice(0, 2), { do: 'resolve' }] });
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'n/a' });
    expect(await verdictOf(p, SPIKE, engine.runSync(SPIKE))).toEqual({ status: 'n/a' });
  });

  it('a copy still on the stack after a resolve has not resolved', async () => {
    const s = normalizeScenario({ ...F.COPIED_PERMANENT, actions: [...F.COPIED_PERMANENT.actions.slice(0, 3), { do: 'copy', id: 'copy2', spell: 'titan' }, { do: 'resolve' }] });
    const t = engine.runSync(s);
    expect(editableCopy(t).steps[4]!.state.stack.map((o) => o.id)).toEqual(['titan', 'copy']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
  });

  it('copies.token-not-created does not read a step that resolves everything', async () => {
    const s = normalizeScenario({ ...F.COPIED_PERMANENT, actions: [...F.COPIED_PERMANENT.actions.slice(0, 3), { do: 'resolve', untilEmpty: true }] });
    const t = editableCopy(engine.runSync(s));
    step(t, 3).triggered = [{ id: 'a4.t1', source: 'tokw', ability: 0, controller: 'p1' }];
    expect(await verdictOf(property('copies.token-not-created'), s, t)).toEqual({ status: 'n/a' });
  });
});

describe('copies.token-keeps-name', () => {
  it("a token named other than the copied card fails (CR 707.2); one gone is not judged", async () => {
    const p = property('copies.token-keeps-name');
    expect(await verdictOf(p, PERMANENT, engine.runSync(PERMANENT))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(PERMANENT));
    permanent(t, 3, 'copy').name = 'Kavu Token';
    expect(await verdictOf(p, PERMANENT, t)).toEqual({ status: 'fail', step: 'a4', expected: 'token copy is named "Kavu Titan"', observed: 'named "Kavu Token"', checks: 1 });
    const gone = editableCopy(engine.runSync(PERMANENT));
    step(gone, 3).state.battlefield = step(gone, 3).state.battlefield.filter((o) => o.id !== 'copy');
    expect(await verdictOf(p, PERMANENT, gone)).toEqual({ status: 'n/a' });
  });
});

describe('copies.token-not-created', () => {
  it('a token-created trigger as a copy resolves fails, naming it (CR 111.13)', async () => {
    const p = property('copies.token-not-created');
    expect(await verdictOf(p, PERMANENT, engine.runSync(PERMANENT))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(PERMANENT));
    step(t, 3).triggered = [
      { id: 'a4.t1', source: 'castw', ability: 0, controller: 'p1' },
      { id: 'a4.t2', source: 'tokw', ability: 0, controller: 'p1' },
    ];
    expect(await verdictOf(p, PERMANENT, t)).toEqual({ status: 'fail', step: 'a4', expected: 'no token-created trigger when copy resolves', observed: 'tokw#0 triggered', checks: 1 });
  });
});

describe('copies.original-unchanged', () => {
  const p = property('copies.original-unchanged');

  it('an original gone, or changed in a field, once copied fails and says which (CR 707.10)', async () => {
    expect(await verdictOf(p, K, engine.runSync(K))).toEqual({ status: 'pass', checks: 1 });
    const gone = editableCopy(engine.runSync(K));
    step(gone, 1).state.stack = [spellAt(gone, 1, 1)];
    expect(await verdictOf(p, K, gone)).toEqual({ status: 'fail', step: 'copy', expected: 'bolt is still on the stack after it is copied', observed: 'it is not', checks: 1 });
    for (const [field, value, shown] of [
      ['kicked', false, 'false'],
      ['timesKicked', 2, '2'],
      ['colors', ['U'], '["U"]'],
      ['manaValue', 3, '3'],
      ['kicker', [], '[]'],
      ['multikicker', 1, '1'],
      ['targets', [['p1']], '[["p1"]]'],
      ['x', 1, '1'],
      ['spliced', ['bolt2'], '["bolt2"]'],
    ] as const) {
      const t = editableCopy(engine.runSync(K));
      Object.assign(spellAt(t, 1, 0), { [field]: value });
      const was = JSON.stringify(spellAt(editableCopy(engine.runSync(K)), 0, 0)[field]);
      expect(await verdictOf(p, K, t), field).toEqual({ status: 'fail', step: 'copy', expected: `bolt keeps ${field} ${was}`, observed: `${field} ${shown}`, checks: 1 });
    }
  });
});

describe('copies.keep-splice', () => {
  const p = property('copies.keep-splice');

  it("a copy of a spliced spell keeps its spliced cards (Everdream ruling); none is the literal reading, contested; others fail", async () => {
    expect(await verdictOf(p, SPIKE, engine.runSync(SPIKE))).toEqual({ status: 'pass', checks: 1 });
    const none = editableCopy(engine.runSync(SPIKE));
    spellAt(none, 1, 1).spliced = [];
    expect(await verdictOf(p, SPIKE, none)).toEqual({
      status: 'contested',
      step: 'copy',
      expected: 'copy copy spliced ["ray","ritual"]',
      observed: 'spliced []',
      ruling: 'expected the Everdream ruling (Modern Horizons release notes, 2019-04-29: the copy has the same abilities spliced onto it); the engine follows the literal reading of CR 702.47c with 707.2',
      checks: 1,
    });
    const other = editableCopy(engine.runSync(SPIKE));
    spellAt(other, 1, 1).spliced = ['ray'];
    expect(await verdictOf(p, SPIKE, other)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy spliced ["ray","ritual"]', observed: 'spliced ["ray"]', checks: 1 });
    const left = editableCopy(engine.runSync(SPIKE));
    delete spellAt(left, 1, 1).spliced;
    expect(await verdictOf(p, SPIKE, left)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy shows its spliced cards like spike', observed: 'spliced left out', checks: 1 });
  });

  it('under the literal reading, none is expected and the ruling is contested', async () => {
    expect(await literalVerdict('copies.keep-splice', SPIKE, engine.runSync(SPIKE))).toEqual({
      status: 'contested',
      step: 'copy',
      expected: 'copy copy spliced []',
      observed: 'spliced ["ray","ritual"]',
      ruling: 'expected the literal reading of CR 702.47c with 707.2 (a text-changing effect is not copied); the engine follows the Everdream ruling (Modern Horizons release notes, 2019-04-29)',
      checks: 1,
    });
    const none = editableCopy(engine.runSync(SPIKE));
    spellAt(none, 1, 1).spliced = [];
    expect(await literalVerdict('copies.keep-splice', SPIKE, none)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a copy of a spell with nothing spliced is not judged', async () => {
    const t = editableCopy(engine.runSync(SPIKE));
    spellAt(t, 0, 0).spliced = [];
    spellAt(t, 1, 1).spliced = ['ray'];
    expect(await verdictOf(p, SPIKE, t)).toEqual({ status: 'n/a' });
    delete spellAt(t, 0, 0).spliced;
    expect(await verdictOf(p, SPIKE, t)).toEqual({ status: 'n/a' });
  });
});

describe('copies.same-characteristics', () => {
  const p = property('copies.same-characteristics');

  it('each characteristic other than the original\'s fails and says which (CR 707.2)', async () => {
    expect(await verdictOf(p, K, engine.runSync(K))).toEqual({ status: 'pass', checks: 1 });
    const cases: [keyof ReturnType<typeof spellAt>, unknown, string][] = [
      ['name', 'Bolt Copy', 'copy copy has name "Burst Lightning"'],
      ['manaCost', '{R}{R}', 'copy copy has mana cost "{R}"'],
      ['types', ['Sorcery'], 'copy copy has types ["Instant"]'],
      ['subtypes', ['Arcane'], 'copy copy has subtypes []'],
      ['colors', ['U'], 'copy copy has colors ["R"]'],
    ];
    for (const [field, value, expected] of cases) {
      const t = editableCopy(engine.runSync(K));
      Object.assign(spellAt(t, 1, 1), { [field]: value });
      expect(await verdictOf(p, K, t), field).toMatchObject({ status: 'fail', step: 'copy', expected, checks: 1 });
    }
    // Types and colours in another order are the same.
    const order = editableCopy(engine.runSync(K));
    spellAt(order, 0, 0).colors = ['R', 'G'];
    spellAt(order, 1, 1).colors = ['G', 'R'];
    spellAt(order, 0, 0).types = ['Instant', 'Tribal'] as never;
    spellAt(order, 1, 1).types = ['Tribal', 'Instant'] as never;
    spellAt(order, 0, 0).subtypes = ['Arcane', 'Elf'];
    spellAt(order, 1, 1).subtypes = ['Elf', 'Arcane'];
    expect(await verdictOf(p, K, order)).toEqual({ status: 'pass', checks: 1 });
  });

  it("Fork's copy is red whatever the original's colours; Twincast's keeps them", async () => {
    const s = normalizeScenario(FORKED_MISTS);
    const t = editableCopy(engine.runSync(s));
    expect(spellAt(t, 2, 1).colors).toEqual(['R']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    spellAt(t, 2, 1).colors = ['U'];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'copy', expected: 'copy copy has colors ["R"]', observed: 'colors ["U"]', checks: 1 });
    expect(await verdictOf(p, TWIN, engine.runSync(TWIN))).toEqual({ status: 'pass', checks: 1 });
    const twin = editableCopy(engine.runSync(TWIN));
    spellAt(twin, 6, 1).colors = ['U'];
    expect(await verdictOf(p, TWIN, twin)).toMatchObject({ status: 'fail', expected: 'copy copy has colors ["R"]' });
  });
});

describe('copies.cease-off-the-stack', () => {
  const p = property('copies.cease-off-the-stack');

  it('a copy that left the stack found in a hand, a graveyard, or as a card on the battlefield fails (CR 707.10a)', async () => {
    expect(await verdictOf(p, SPIKE, engine.runSync(SPIKE))).toEqual({ status: 'pass', checks: 1 });
    // Bolt's copy stays on the stack while Gnarlid Pack is cast and resolves: it is judged once, as it leaves.
    expect(await verdictOf(p, K, engine.runSync(K))).toEqual({ status: 'pass', checks: 1 });
    const grave = editableCopy(engine.runSync(SPIKE));
    playerAt(grave, 2, 'p1').graveyard = ['copy'];
    expect(await verdictOf(p, SPIKE, grave)).toEqual({ status: 'fail', step: 'a3', expected: 'copy copy ceased to exist when it left the stack', observed: "it is in p1's graveyard", checks: 1 });
    const hand = editableCopy(engine.runSync(SPIKE));
    playerAt(hand, 2, 'p2').hand = ['copy'];
    expect(await verdictOf(p, SPIKE, hand)).toEqual({ status: 'fail', step: 'a3', expected: 'copy copy ceased to exist when it left the stack', observed: "it is in p2's hand", checks: 1 });
    expect(await verdictOf(p, PERMANENT, engine.runSync(PERMANENT))).toEqual({ status: 'pass', checks: 1 });
    const card = editableCopy(engine.runSync(PERMANENT));
    permanent(card, 3, 'copy').token = false;
    expect(await verdictOf(p, PERMANENT, card)).toEqual({ status: 'fail', step: 'a4', expected: 'copy copy is at most a token', observed: 'a non-token permanent', checks: 1 });
  });
});
