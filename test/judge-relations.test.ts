// Breakers for the relation properties (properties/relations.ts): the run judged and each related run
// the property asks for are the reference engine's traces, one of them changed by hand (or withheld,
// as an engine that gave no usable trace), so that each branch is seen to reject what it must and to
// let pass, or say nothing of, what it must.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Capabilities, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, spellAt, step } from './fixtures/trace-edits.ts';
import { verdictWithReruns, type RerunEdit } from './fixtures/reruns.ts';

const property = (id: string) => propertyById(id)!;

/** The multikicker count a variant casts Gnarlid Pack with. */
const kicks = (v: Scenario) => v.actions.flatMap((a) => (a.do === 'cast' && a.card === 'pack' ? [a.multikicker] : []))[0];
/** Removes Gnarlid Pack from the battlefield at every step of a trace. */
const withoutPack = (t: Trace) => t.steps.forEach((x) => (x.state.battlefield = x.state.battlefield.filter((p) => p.id !== 'pack')));
const onlyKicked = (n: number, edit: (t: Trace) => void): RerunEdit => (v, t) => void (kicks(v) === n && edit(t));

describe('relations.one-more-multikick', () => {
  const p = property('relations.one-more-multikick');
  const s = normalizeScenario(F.MULTIKICKED_PACK);

  it('compares the run with a rerun kicked once more, with the mana for it (CR 702.33c)', async () => {
    const { verdict, asked } = await verdictWithReruns(p, s, engine.runSync(s));
    expect(verdict).toEqual({ status: 'pass', checks: 1 });
    // The pack entered in the run itself: one rerun only, kicked twice with {1}{G} more in the pool, everything resolved.
    expect(asked).toHaveLength(1);
    expect(asked[0]!.actions).toEqual([
      { do: 'cast', card: 'pack', multikicker: 2, id: 'a1', player: 'p1' },
      { do: 'resolve', id: 'a2' },
      { do: 'resolve', id: 'finally', untilEmpty: true },
    ]);
    expect(asked[0]!.players.find((x) => x.id === 'p1')!.mana).toEqual({ G: 3, C: 3 });
    expect(asked[0]!.players.find((x) => x.id === 'p2')).toEqual(s.players.find((x) => x.id === 'p2'));
  });

  it('the same answer when the engine answers at once', async () => {
    expect((await verdictWithReruns(p, s, engine.runSync(s), undefined, { sync: true })).verdict).toEqual({ status: 'pass', checks: 1 });
    const other = await verdictWithReruns(p, s, engine.runSync(s), onlyKicked(2, (t) => void (t.steps[1]!.state.battlefield[0]!.counters = { '+1/+1': 1 })), { sync: true });
    expect(other.verdict).toMatchObject({ status: 'fail' });
  });

  it('one more kick that adds no counter, or two, fails and says by how much', async () => {
    const same = await verdictWithReruns(p, s, engine.runSync(s), onlyKicked(2, (t) => void (t.steps[1]!.state.battlefield[0]!.counters = { '+1/+1': 1 })));
    expect(same.verdict).toEqual({ status: 'fail', step: 'a1', expected: "one more kick changes pack's +1/+1 counters by 1", observed: 'by 0', checks: 1 });
    const two = await verdictWithReruns(p, s, engine.runSync(s), onlyKicked(2, (t) => void (t.steps[1]!.state.battlefield[0]!.counters = { '+1/+1': 3 })));
    expect(two.verdict).toMatchObject({ status: 'fail', expected: "one more kick changes pack's +1/+1 counters by 1", observed: 'by 2' });
    // A counter kind the card does not give is not compared.
    const other = await verdictWithReruns(p, s, engine.runSync(s), onlyKicked(2, (t) => void (t.steps[1]!.state.battlefield[0]!.counters = { '+1/+1': 2, charge: 1 })));
    expect(other.verdict).toEqual({ status: 'pass', checks: 1 });
  });

  it('a pack on the battlefield in one run only fails, naming the run it is missing from', async () => {
    const variant = await verdictWithReruns(p, s, engine.runSync(s), onlyKicked(2, withoutPack));
    expect(variant.verdict).toEqual({ status: 'fail', step: 'a1', expected: 'pack is on the battlefield in the end both as cast and kicked once more', observed: 'kicked once more with the mana for it, it is not', checks: 1 });
    // Missing from the run judged: the scenario is run again to the end, and it is missing there too.
    const missing = editableCopy(engine.runSync(s));
    withoutPack(missing);
    const base = await verdictWithReruns(p, s, missing, onlyKicked(1, withoutPack));
    expect(base.asked.map(kicks)).toEqual([1, 2]);
    expect(base.verdict).toEqual({ status: 'fail', step: 'a1', expected: 'pack is on the battlefield in the end both as cast and kicked once more', observed: 'as cast (kicked 1 times by multikicker), it is not', checks: 1 });
  });

  it('a pack in neither run, or a run without a usable trace, compares nothing', async () => {
    expect((await verdictWithReruns(p, s, engine.runSync(s), () => false)).verdict).toEqual({ status: 'n/a' });
    const missing = editableCopy(engine.runSync(s));
    withoutPack(missing);
    // The run judged misses it, and so does its rerun to the end: nothing to compare in either.
    expect((await verdictWithReruns(p, s, missing, (v, t) => withoutPack(t))).verdict).toEqual({ status: 'n/a' });
    // The rerun to the end gave no usable trace.
    expect((await verdictWithReruns(p, s, missing, (v) => kicks(v) !== 1)).verdict).toEqual({ status: 'n/a' });
    // Entered in the rerun to the end: the run judged is not used.
    expect((await verdictWithReruns(p, s, missing)).verdict).toEqual({ status: 'pass', checks: 1 });
  });

  it('reads the counters as the pack first enters, not after a flicker made it a new object (CR 400.7)', async () => {
    const flickered = normalizeScenario({ ...F.MULTIKICKED_PACK, actions: [...F.MULTIKICKED_PACK.actions, { do: 'flicker', permanent: 'pack' }] });
    const t = engine.runSync(flickered);
    expect(permanent(editableCopy(t), 2, 'pack').counters).toEqual({});
    expect((await verdictWithReruns(p, flickered, t)).verdict).toEqual({ status: 'pass', checks: 1 });
  });

  it('a rejected cast, or a card without multikicker, is not judged', async () => {
    const rejected = editableCopy(engine.runSync(s));
    step(rejected, 0).outcome = 'rejected';
    expect((await verdictWithReruns(p, s, rejected)).verdict).toEqual({ status: 'n/a' });
  });
});

describe('relations.one-more-multikick: which cast is kicked once more', () => {
  const p = property('relations.one-more-multikick');
  /** Gnarlid Pack kicked once, bounced, and cast again unkicked: the last cast is the one kicked once more. */
  const RECAST = normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [{ id: 'pack', oracle: 'Gnarlid Pack' }],
    players: [{ id: 'p1', hand: ['pack'], mana: { G: 4, C: 4 } }, { id: 'p2' }],
    actions: [{ do: 'cast', card: 'pack', multikicker: 1 }, { do: 'resolve' }, { do: 'bounce', object: 'pack' }, { do: 'cast', card: 'pack' }, { do: 'resolve' }],
  });

  it('a card cast again is compared as it enters from its last cast, not its first (CR 400.7)', async () => {
    const { verdict, asked } = await verdictWithReruns(p, RECAST, engine.runSync(RECAST));
    expect(verdict).toEqual({ status: 'pass', checks: 1 });
    expect(asked.map((v) => v.actions.flatMap((a) => (a.do === 'cast' ? [a.multikicker ?? 0] : [])))).toEqual([[1, 1]]);
    // The last cast entering with a counter too many in the rerun kicked once more.
    const more = await verdictWithReruns(p, RECAST, engine.runSync(RECAST), (v, t) => void (t.steps[4]!.state.battlefield[0]!.counters = { '+1/+1': 2 }));
    expect(more.verdict).toEqual({ status: 'fail', step: 'a4', expected: "one more kick changes pack's +1/+1 counters by 1", observed: 'by 2', checks: 1 });
  });

  it('the last cast rejected in the rerun, as when an earlier cast spent the added mana (CR 601.2h), compares nothing', async () => {
    expect((await verdictWithReruns(p, RECAST, engine.runSync(RECAST), (v, t) => void (t.steps[3]!.outcome = 'rejected'))).verdict).toEqual({ status: 'n/a' });
    // The last cast rejected in the run judged: nothing to kick once more.
    const t = editableCopy(engine.runSync(RECAST));
    step(t, 3).outcome = 'rejected';
    expect(await verdictWithReruns(p, RECAST, t)).toEqual({ verdict: { status: 'n/a' }, asked: [] });
  });

  it('the first cast is the one read, after other actions, and only if it has multikicker with an "enters with" per kick', async () => {
    const later = normalizeScenario({ ...F.MULTIKICKED_PACK, cards: [...F.MULTIKICKED_PACK.cards, { id: 'bears', oracle: 'Grizzly Bears' }], actions: [{ do: 'putOntoBattlefield', card: 'bears' }, ...F.MULTIKICKED_PACK.actions] });
    expect((await verdictWithReruns(p, later, engine.runSync(later))).verdict).toEqual({ status: 'pass', checks: 1 });
    // A trace cut before the cast: no step to read.
    const cut = editableCopy(engine.runSync(later));
    cut.steps = cut.steps.slice(0, 1);
    expect(await verdictWithReruns(p, later, cut)).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    // The pack put onto the battlefield, never cast.
    const uncast = normalizeScenario({ ...F.MULTIKICKED_PACK, actions: [{ do: 'putOntoBattlefield', card: 'pack' }] });
    expect(await verdictWithReruns(p, uncast, engine.runSync(uncast))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    // Burst Lightning cast first: no multikicker.
    const bolt = normalizeScenario(F.KICKED_BOLT_COPIED);
    expect(await verdictWithReruns(p, bolt, engine.runSync(bolt))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    // Multikicker paid by sacrifice, or counters that are not per kick: nothing this relation predicts.
    const pack = (definition: object) => normalizeScenario({ ...F.MULTIKICKED_PACK, cards: [{ id: 'pack', definition: { name: 'Odd Pack', manaCost: '{1}{G}', types: ['Creature'], power: 2, toughness: 2, ...definition } }, { id: 'other', oracle: 'Gnarlid Pack' }], actions: [{ do: 'cast', card: 'pack' }] });
    const sacrifice = pack({ multikicker: { cost: { sacrifice: { count: 1, filter: { types: ['Land'] } } } }, entersWith: [{ counter: '+1/+1', amount: 1, condition: 'perKick' }] });
    expect(await verdictWithReruns(p, sacrifice, engine.runSync(sacrifice))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    const kicked = pack({ multikicker: { cost: { mana: '{G}' } }, entersWith: [{ counter: '+1/+1', amount: 1, condition: 'kicked' }] });
    expect(await verdictWithReruns(p, kicked, engine.runSync(kicked))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    // One "enters with" per kick among others is enough.
    const both = pack({ multikicker: { cost: { mana: '{G}' } }, entersWith: [{ counter: 'charge', amount: 1, condition: 'kicked' }, { counter: '+1/+1', amount: 1, condition: 'perKick' }] });
    const v = await verdictWithReruns(p, both, engine.runSync(both));
    expect(v.asked).toHaveLength(2);
    expect(v.verdict).toEqual({ status: 'pass', checks: 2 });
  });
});

describe('relations.reduction-keeps-kicked', () => {
  const p = property('relations.reduction-keeps-kicked');
  const s = normalizeScenario(F.MULTIKICKED_PACK);
  const reduced = (v: Scenario) => v.cards.some((c) => c.id === 'extra-reducer');

  it('reruns the cast alone with a {1} reducer on its player\'s battlefield (CR 601.2f)', async () => {
    const { verdict, asked } = await verdictWithReruns(p, s, engine.runSync(s));
    expect(verdict).toEqual({ status: 'pass', checks: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.actions).toEqual([s.actions[0]]);
    expect(asked[0]!.cards.at(-1)).toMatchObject({ id: 'extra-reducer', definition: { name: 'One Less' } });
    expect(asked[0]!.players[0]!.battlefield).toEqual([{ card: 'extra-reducer' }]);
    expect(asked[0]!.players[1]).toEqual(s.players[1]);
    expect((await verdictWithReruns(p, s, engine.runSync(s), undefined, { sync: true })).verdict).toEqual({ status: 'pass', checks: 1 });
  });

  it('a reduced cast kicked another number of times, or costing other than one less, fails', async () => {
    const unkicked = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void (t.steps[0]!.state.stack[0]!.kind === 'spell' && Object.assign(t.steps[0]!.state.stack[0]!, { timesKicked: 2 })));
    expect(unkicked.verdict).toEqual({ status: 'fail', step: 'a1', expected: 'kicked 1 times with the reduction too', observed: '2', checks: 1 });
    const kicked = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void Object.assign(t.steps[0]!.state.stack[0]!, { kicked: false }));
    expect(kicked.verdict).toMatchObject({ status: 'fail', expected: 'kicked 1 times with the reduction too', observed: '1' });
    const full = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void Object.assign(t.steps[0]!.state.stack[0]!, { totalCost: { mana: '{2}{G}{G}', sacrificed: [] } }));
    expect(full.verdict).toEqual({ status: 'fail', step: 'a1', expected: 'total cost {1}{G}{G} with one more {1} reduction', observed: '{2}{G}{G}', checks: 1 });
  });

  it('without kick counts shown, the kicked flags are compared', async () => {
    const t = editableCopy(engine.runSync(s));
    delete spellAt(t, 0, 0).timesKicked;
    const hide = (other: Trace) => void delete (other.steps[0]!.state.stack[0] as { timesKicked?: number }).timesKicked;
    expect((await verdictWithReruns(p, s, t, (v, other) => hide(other))).verdict).toEqual({ status: 'pass', checks: 1 });
    const flag = await verdictWithReruns(p, s, t, (v, other) => void (hide(other), Object.assign(other.steps[0]!.state.stack[0]!, { kicked: false })));
    expect(flag.verdict).toEqual({ status: 'fail', step: 'a1', expected: 'kicked true times with the reduction too', observed: 'false', checks: 1 });
  });

  it('a reduction below {0} leaves the generic part at {0}', async () => {
    const free = normalizeScenario({ ...F.MULTIKICKED_PACK, cards: [{ id: 'pack', definition: { name: 'Green Pack', manaCost: '{G}', types: ['Creature'], power: 1, toughness: 1, multikicker: { cost: { mana: '{G}' } } } }], players: [{ id: 'p1', hand: ['pack'], mana: { G: 2 } }, { id: 'p2' }] });
    expect((await verdictWithReruns(p, free, engine.runSync(free))).verdict).toEqual({ status: 'pass', checks: 1 });
    const more = await verdictWithReruns(p, free, engine.runSync(free), (v, t) => void Object.assign(t.steps[0]!.state.stack[0]!, { totalCost: { mana: '{1}{G}{G}', sacrificed: [] } }));
    expect(more.verdict).toMatchObject({ status: 'fail', expected: 'total cost {G}{G} with one more {1} reduction', observed: '{1}{G}{G}' });
  });

  it('a cast rejected with the reducer there fails; one without a total cost shown is not compared', async () => {
    const rejected = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void (t.steps[0]!.outcome = 'rejected'));
    expect(rejected.verdict).toEqual({ status: 'fail', step: 'a1', expected: 'pack is still cast with a {1} reduction on the battlefield', observed: 'the cast was rejected', checks: 1 });
    const gone = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void (t.steps[0]!.state.stack = []));
    expect(gone.verdict).toMatchObject({ status: 'fail', observed: 'the cast was rejected' });
    const noCost = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void delete (t.steps[0]!.state.stack[0] as { totalCost?: unknown }).totalCost);
    expect(noCost.verdict).toMatchObject({ status: 'fail', observed: 'the cast was rejected' });
    expect((await verdictWithReruns(p, s, engine.runSync(s), () => false)).verdict).toEqual({ status: 'n/a' });
    const t = editableCopy(engine.runSync(s));
    delete (spellAt(t, 0, 0) as { totalCost?: unknown }).totalCost;
    const unshown = await verdictWithReruns(p, s, t);
    expect(unshown).toEqual({ verdict: { status: 'n/a' }, asked: [] });
  });

  it('a rejected cast is not rerun; an engine that takes no reducer at all is not asked', async () => {
    const rejected = editableCopy(engine.runSync(s));
    step(rejected, 0).outcome = 'rejected';
    expect(await verdictWithReruns(p, s, rejected)).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    const caps = engine.capabilities;
    const neither: Capabilities = { ...caps, cards: { ...caps.cards, synthetic: false, oracle: (caps.cards.oracle ?? []).filter((n) => n !== 'Helm of Awakening') } };
    expect(await verdictWithReruns(p, s, engine.runSync(s), undefined, { capabilities: neither })).toEqual({ verdict: { status: 'n/a' }, asked: [] });
  });

  it('an engine that takes no card like the reducer is not asked; one that knows only Helm of Awakening gets it', async () => {
    const caps = engine.capabilities;
    const printedOnly: Capabilities = { ...caps, cards: { ...caps.cards, synthetic: false } };
    const helm = await verdictWithReruns(p, s, engine.runSync(s), undefined, { capabilities: printedOnly });
    expect(helm.asked[0]?.cards.at(-1)).toEqual({ id: 'extra-reducer', oracle: 'Helm of Awakening' });
    expect(helm.verdict).toEqual({ status: 'pass', checks: 1 });
    // Asked again for the same capabilities, the same card.
    expect((await verdictWithReruns(p, s, engine.runSync(s), undefined, { capabilities: printedOnly })).asked[0]?.cards.at(-1)).toEqual({ id: 'extra-reducer', oracle: 'Helm of Awakening' });
    const withDefinitions = await verdictWithReruns(p, s, engine.runSync(s), undefined, { capabilities: caps });
    expect(withDefinitions.asked[0]?.cards.at(-1)).toMatchObject({ id: 'extra-reducer', definition: { name: 'One Less' } });
  });
});

describe('relations.splice-order', () => {
  const p = property('relations.splice-order');
  const s = normalizeScenario(F.UNTARGETED_SPLICES);

  it('reruns the cast with its splices reversed, and compares life, hands and mana at the end (CR 702.47b)', async () => {
    const { verdict, asked } = await verdictWithReruns(p, s, engine.runSync(s));
    expect(verdict).toEqual({ status: 'pass', checks: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.actions).toEqual([{ ...s.actions[0], splice: ['dream', 'ritual'] }, s.actions[1]]);
    expect((await verdictWithReruns(p, s, engine.runSync(s), undefined, { sync: true })).verdict).toEqual({ status: 'pass', checks: 1 });
  });

  it('a reversed order that ends with other life, hand or mana fails and shows both', async () => {
    const life = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void (t.steps[1]!.state.players[1]!.life = 19));
    expect(life.verdict).toMatchObject({ status: 'fail', step: 'a2', checks: 1 });
    const hand = await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void t.steps[1]!.state.players[0]!.hand.pop());
    expect(hand.verdict).toMatchObject({ status: 'fail', step: 'a2' });
    const t = engine.runSync(s);
    const mana = await verdictWithReruns(p, s, t, (v, other) => void (other.steps[1]!.state.players[0]!.mana = { R: 2 }));
    const shown = (m: unknown) => JSON.stringify(t.steps[1]!.state.players.map((x) => ({ id: x.id, life: x.life, hand: [...x.hand].sort(), mana: x.id === 'p1' ? m : x.mana })));
    expect(mana.verdict).toEqual({ status: 'fail', step: 'a2', expected: `the same players' state with the splice order reversed: ${shown({ R: 2 })}`, observed: shown(t.steps[1]!.state.players[0]!.mana), checks: 1 });
  });

  it('the order of a hand does not matter', async () => {
    expect((await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void t.steps[1]!.state.players[0]!.hand.reverse())).verdict).toEqual({ status: 'pass', checks: 1 });
  });

  it('splices with a target, with effects that may not commute, one splice, a rejected cast, or no usable rerun: nothing compared', async () => {
    expect((await verdictWithReruns(p, s, engine.runSync(s), () => false)).verdict).toEqual({ status: 'n/a' });
    const rejected = editableCopy(engine.runSync(s));
    step(rejected, 0).outcome = 'rejected';
    expect((await verdictWithReruns(p, s, rejected)).asked).toEqual([]);
    // Glacial Ray spliced: it has a target.
    const targeted = normalizeScenario(F.SPLICED_SPIKE);
    expect(await verdictWithReruns(p, targeted, engine.runSync(targeted))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    // Dampen Thought mills: its effect does not commute with a draw.
    const milled = normalizeScenario(F.SPLICED_DRAW_AND_MILL);
    expect(await verdictWithReruns(p, milled, engine.runSync(milled))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    const untargetedMill = normalizeScenario({ ...F.UNTARGETED_SPLICES, cards: [...F.UNTARGETED_SPLICES.cards.slice(0, 2), { id: 'dream', definition: { name: 'Mill Dream', manaCost: '{U}', types: ['Instant'], effects: [{ kind: 'mill', amount: 1 }], splice: { onto: 'instant or sorcery', cost: { mana: '{U}' } } } }, ...F.UNTARGETED_SPLICES.cards.slice(3)] });
    expect(await verdictWithReruns(p, untargetedMill, engine.runSync(untargetedMill))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
  });
});

describe('relations.splice-order: which casts are reversed', () => {
  const p = property('relations.splice-order');

  it('the first cast is the one reversed: with one splice or none, nothing is compared', async () => {
    const second = normalizeScenario({
      ...F.UNTARGETED_SPLICES,
      cards: [...F.UNTARGETED_SPLICES.cards, { id: 'mists2', oracle: 'Reach Through Mists' }],
      players: [{ ...F.UNTARGETED_SPLICES.players[0]!, hand: ['mists2', 'mists', 'ritual', 'dream'], mana: { U: 3, R: 1, C: 3 } }, F.UNTARGETED_SPLICES.players[1]!],
      actions: [{ do: 'cast', card: 'mists2' }, ...F.UNTARGETED_SPLICES.actions],
    });
    expect(await verdictWithReruns(p, second, engine.runSync(second))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
    const one = normalizeScenario({ ...second, actions: second.actions.map((a, i) => (i === 0 && a.do === 'cast' ? { ...a, splice: ['ritual'] } : a)) });
    expect(await verdictWithReruns(p, one, engine.runSync(one))).toEqual({ verdict: { status: 'n/a' }, asked: [] });
  });

  it('life gained by a spliced card commutes with a draw: compared, and a difference fails', async () => {
    const s = normalizeScenario({
      ...F.UNTARGETED_SPLICES,
      cards: [...F.UNTARGETED_SPLICES.cards.slice(0, 2), { id: 'dream', definition: { name: 'Life Dream', manaCost: '{W}', types: ['Instant'], effects: [{ kind: 'gainLife', amount: 2 }], splice: { onto: 'Arcane', cost: { mana: '{1}' } } } }, ...F.UNTARGETED_SPLICES.cards.slice(3)],
      players: [{ ...F.UNTARGETED_SPLICES.players[0]!, mana: { U: 1, R: 1, C: 4 } }, F.UNTARGETED_SPLICES.players[1]!],
    });
    const { verdict, asked } = await verdictWithReruns(p, s, engine.runSync(s));
    expect(verdict).toEqual({ status: 'pass', checks: 1 });
    expect(asked).toHaveLength(1);
    expect((await verdictWithReruns(p, s, engine.runSync(s), (v, t) => void (t.steps[1]!.state.players[0]!.life += 1))).verdict).toMatchObject({ status: 'fail', step: 'a2' });
  });
});

describe('relations judged for the scenarios they are about', () => {
  it('a multikicked pack with another counter-putting or counterspell effect around is not judged', () => {
    const p = property('relations.one-more-multikick');
    expect(p.applies(normalizeScenario(F.MULTIKICKED_PACK))).toBe(true);
    expect(p.applies(normalizeScenario(F.KICKED_BOLT_COPIED))).toBe(true);
    expect(p.applies(normalizeScenario({ ...F.MULTIKICKED_PACK, cards: [...F.MULTIKICKED_PACK.cards, { id: 'cs', oracle: 'Counterspell' }] }))).toBe(false);
    expect(p.applies(normalizeScenario({ ...F.MULTIKICKED_PACK, cards: [...F.MULTIKICKED_PACK.cards, { id: 'w', definition: { name: 'W', manaCost: '{1}', types: ['Instant'], effects: [{ kind: 'putCounters', amount: 1, target: 0 }], targets: [{ kind: 'creature' }] } }] }))).toBe(false);
    expect(p.applies(normalizeScenario(F.TRIGGERS))).toBe(false);
    expect(p.applies(normalizeScenario(F.KICKED_ONLY_TARGET))).toBe(false);
    expect(property('relations.reduction-keeps-kicked').applies(normalizeScenario(F.UNTARGETED_SPLICES))).toBe(false);
    expect(property('relations.splice-order').applies(normalizeScenario(F.FIZZLE))).toBe(false);
    expect(property('relations.splice-order').applies(normalizeScenario(F.UNTARGETED_SPLICES))).toBe(true);
  });
});

