// Breakers for the event-order properties (properties/event-order.ts, CR 608.2c, 608.2n): a resolving
// spell's events, as the reference engine lists them, put out of order by hand, which only that branch
// rejects, asserted with the instructions and events an engine's author reads.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;

/** One instruction of each kind whose event shows which instruction made it. */
const MANY: CardDefinition = {
  name: 'Many Things',
  manaCost: '{1}',
  types: ['Instant'],
  targets: [{ kind: 'creature' }, { kind: 'player' }],
  effects: [
    { kind: 'gainLife', amount: 2 },
    { kind: 'putCounters', amount: 1, target: 0 },
    { kind: 'damage', amount: 1, each: 'opponent' },
    { kind: 'createToken', amount: 1, token: { name: 'Spirit', types: ['Creature'], power: 1, toughness: 1 } },
    { kind: 'draw', amount: 1 },
    { kind: 'mill', amount: 1, target: 1 },
    { kind: 'discard', amount: 1, target: 1 },
    { kind: 'bounce', target: 0 },
  ],
};

const manyScenario = (def: CardDefinition, targets: string[][] = [['bears'], ['p2']]): Scenario => ({
  format: 'castcheck-scenario/1',
  cards: [{ id: 'many', definition: def }, { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'l1', oracle: 'Island' }, { id: 'l2', oracle: 'Island' }, { id: 'h1', oracle: 'Island' }],
  players: [{ id: 'p1', hand: ['many'], library: ['l1'], mana: { C: 1 } }, { id: 'p2', hand: ['h1'], library: ['l2'], battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'cast', card: 'many', targets }, { do: 'resolve' }],
});

const S = normalizeScenario(manyScenario(MANY));
const EVENTS = ['p1 gains 2 life', '1 +1/+1 counter(s) on bears', 'damage 1 to p2', 'move a2.k1 (created)→battlefield', 'move l1 library→hand', 'move l2 library→graveyard', 'move h1 hand→graveyard', 'move bears battlefield→hand'];
const KINDS = ['gainLife', 'putCounters', 'damage', 'createToken', 'draw', 'mill', 'discard', 'bounce'];
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th'];

describe('resolution.events-in-order', () => {
  const p = property('resolution.events-in-order');

  it('each instruction of Many Things is pinned by its event: any two swapped fail, naming both (CR 608.2c)', async () => {
    expect(await verdictOf(p, S, engine.runSync(S))).toEqual({ status: 'pass', checks: 1 });
    for (let i = 0; i + 1 < KINDS.length; i++) {
      const t = editableCopy(engine.runSync(S));
      const events = step(t, 1).events!;
      [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
      expect(await verdictOf(p, S, t), KINDS[i]).toEqual({
        status: 'fail',
        step: 'a2',
        expected: `many's Many Things's ${ORDINALS[i]} instruction (${KINDS[i]}) before its Many Things's ${ORDINALS[i + 1]} instruction (${KINDS[i + 1]})`,
        observed: `${EVENTS[i + 1]} came before ${EVENTS[i]}`,
        checks: 1,
      });
    }
  });

  it('an event that two instructions of one kind could have made pins neither (amounts tell them apart)', async () => {
    const burns: CardDefinition = { name: 'Two Burns', manaCost: '{1}', types: ['Instant'], targets: [{ kind: 'creature' }, { kind: 'player' }], effects: [{ kind: 'damage', amount: 1, target: 1 }, { kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 3, target: 1 }] };
    const s = normalizeScenario(manyScenario(burns));
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(s));
    step(t, 1).events!.splice(0, 3, ...step(t, 1).events!.slice(0, 3).reverse());
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: "many's Two Burns's 2nd instruction (gainLife) before its Two Burns's 3rd instruction (damage)", observed: 'damage 3 to p2 came before p1 gains 2 life', checks: 1 });
    // Same amounts: each damage event may be either instruction's, and none is pinned.
    const same = normalizeScenario(manyScenario({ ...burns, effects: [{ kind: 'damage', amount: 3, target: 1 }, { kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 3, target: 1 }] }));
    const u = editableCopy(engine.runSync(same));
    step(u, 1).events!.splice(0, 3, ...step(u, 1).events!.slice(0, 3).reverse());
    expect(await verdictOf(p, same, u)).toEqual({ status: 'n/a' });
  });

  it('damage to one the instruction cannot reach, or counters of another kind or on another object, is no instruction of the spell', async () => {
    const first = async (event: NonNullable<ReturnType<typeof step>['events']>[number]) => {
      const t = editableCopy(engine.runSync(S));
      const events = step(t, 1).events!;
      const at = events.findIndex((e) => e.kind === event.kind);
      events.splice(at, 1);
      events.unshift(event);
      return verdictOf(p, S, t);
    };
    expect(await first({ kind: 'damage', by: 'many', to: 'p2', amount: 1 })).toMatchObject({ status: 'fail', expected: "many's Many Things's 1st instruction (gainLife) before its Many Things's 3rd instruction (damage)", observed: 'damage 1 to p2 came before p1 gains 2 life' });
    expect(await first({ kind: 'damage', by: 'many', to: 'p1', amount: 1 })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'damage', by: 'many', to: 'p2', amount: 2 })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'counters', by: 'many', object: 'bears', counter: '+1/+1', amount: 1 })).toMatchObject({ status: 'fail', observed: '1 +1/+1 counter(s) on bears came before p1 gains 2 life' });
    expect(await first({ kind: 'counters', by: 'many', object: 'bears', counter: '-1/-1', amount: 1 })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'counters', by: 'many', object: 'l1', counter: '+1/+1', amount: 1 })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'counters', by: 'many', object: 'bears', counter: '+1/+1', amount: 2 })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'lifeGain', by: 'many', player: 'p1', amount: 3 })).toEqual({ status: 'pass', checks: 1 });
    // Moves no instruction makes: to the battlefield from a library, or from the stack with no counterspell.
    expect(await first({ kind: 'move', by: 'many', object: 'l1', from: 'library', to: 'battlefield' })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'move', by: 'many', object: 'h1', from: 'hand', to: 'hand' })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'move', by: 'many', object: 'bears', from: 'battlefield', to: 'library' as 'hand' })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'move', by: 'many', object: 'x', from: 'stack', to: 'graveyard' })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'move', by: 'many', object: 'x', from: 'graveyard' as 'stack', to: 'hand' })).toEqual({ status: 'pass', checks: 1 });
    expect(await first({ kind: 'move', by: 'many', object: 'x', to: 'hand' })).toEqual({ status: 'pass', checks: 1 });
  });

  it("instructions are ordered within a card: a spliced card's first comes after the main card's second", async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'main', definition: { name: 'Main Spell', manaCost: '{1}', types: ['Instant'], subtypes: ['Arcane'], effects: [{ kind: 'gainLife', amount: 2 }, { kind: 'draw', amount: 1 }] } },
        { id: 'mill', definition: { name: 'Mill Splice', manaCost: '{1}', types: ['Instant'], subtypes: ['Arcane'], splice: { onto: 'Arcane', cost: { mana: '{1}' } }, effects: [{ kind: 'mill', amount: 1, each: 'opponent' }] } },
        { id: 'l1', oracle: 'Island' },
        { id: 'l2', oracle: 'Island' },
      ],
      players: [{ id: 'p1', hand: ['main', 'mill'], library: ['l1'], mana: { C: 2 } }, { id: 'p2', library: ['l2'] }],
      actions: [{ do: 'cast', card: 'main', splice: ['mill'] }, { do: 'resolve' }],
    });
    const t = engine.runSync(s);
    expect(editableCopy(t).steps[1]!.events!.map((e) => e.kind)).toEqual(['lifeGain', 'move', 'move', 'move']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    // The mill listed first: still no instruction of the main card is out of order.
    const u = editableCopy(t);
    u.steps[1]!.events!.unshift(u.steps[1]!.events!.splice(2, 1)[0]!);
    expect(await verdictOf(p, s, u)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a spell with nothing pinned twice, or only one kind of instruction, compares nothing', async () => {
    const s = normalizeScenario(F.SPLICED_SPIKE);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'n/a' });
  });
});

describe('resolution.card-to-graveyard-last', () => {
  const p = property('resolution.card-to-graveyard-last');
  const s = normalizeScenario(F.SPLICED_SPIKE);

  it("a spell's card put into the graveyard before an event it caused fails (CR 608.2n)", async () => {
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(s));
    step(t, 3).events!.unshift(step(t, 3).events!.pop()!);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a4', kind: 'order', rule: '608.2n', expected: "spike's card put into the graveyard after everything it does", observed: 'damage 3 to p2 came after move spike stack→graveyard', checks: 1 });
    expect(await verdictOf(p, S, engine.runSync(S))).toEqual({ status: 'pass', checks: 1 });
  });

  it('a card shown in the graveyard with no event of its move fails, listing the events seen', async () => {
    const t = editableCopy(engine.runSync(s));
    step(t, 3).events!.pop();
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a4', kind: 'unlisted', rule: '608.2n', expected: "spike moving from the stack to the graveyard among the step's events", observed: 'events damage 3 to p2, damage 2 to p2', checks: 1 });
    const none = editableCopy(engine.runSync(s));
    step(none, 3).events = [];
    expect(await verdictOf(p, s, none)).toEqual({ status: 'fail', step: 'a4', kind: 'unlisted', rule: '608.2n', expected: "spike moving from the stack to the graveyard among the step's events", observed: 'events none', checks: 1 });
    const unlisted = editableCopy(engine.runSync(s));
    delete step(unlisted, 3).events;
    expect(await verdictOf(p, s, unlisted)).toMatchObject({ status: 'fail', kind: 'unlisted', observed: 'events none' });
    // A move of the card to another zone, or from another zone, is not its move to the graveyard.
    for (const wrong of [{ to: 'hand' }, { from: 'hand' }, { object: 'ray' }]) {
      const other = editableCopy(engine.runSync(s));
      Object.assign(step(other, 3).events!.at(-1)!, wrong);
      expect(await verdictOf(p, s, other), JSON.stringify(wrong)).toMatchObject({ status: 'fail', kind: 'unlisted' });
    }
  });

  it('a copy, a card already in the graveyard, a rejected or an until-empty resolve is not looked for', async () => {
    const copy = editableCopy(engine.runSync(s));
    // The copy resolves in step 2: no card of it goes anywhere, and none is looked for.
    step(copy, 2).state.players[0]!.graveyard = ['spike'];
    step(copy, 3).events = step(copy, 3).events!.filter((e) => e.kind !== 'move');
    expect(await verdictOf(p, s, copy)).toMatchObject({ status: 'n/a' });
    const rejected = editableCopy(engine.runSync(s));
    step(rejected, 3).outcome = 'rejected';
    step(rejected, 3).events = [];
    expect(await verdictOf(p, s, rejected)).toEqual({ status: 'n/a' });
    const all = normalizeScenario({ ...F.SPLICED_SPIKE, actions: [...F.SPLICED_SPIKE.actions.slice(0, 2), { do: 'resolve', untilEmpty: true }] });
    const u = editableCopy(engine.runSync(all));
    step(u, 2).events = step(u, 2).events!.filter((e) => e.kind !== 'move');
    expect(await verdictOf(p, all, u)).toEqual({ status: 'n/a' });
  });

  it('a permanent spell, and a spell whose spliced cards are not shown, are not judged for order', async () => {
    const titan = normalizeScenario(F.COPIED_PERMANENT);
    expect(await verdictOf(p, titan, engine.runSync(titan))).toEqual({ status: 'n/a' });
    const t = editableCopy(engine.runSync(s));
    step(t, 3).events!.unshift(step(t, 3).events!.pop()!);
    for (const o of t.steps.flatMap((x) => x.state.stack)) if (o.kind === 'spell') delete o.spliced;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'n/a' });
    // Nothing spliced onto the card in any cast: its own text only, and the order is judged.
    const jilt = normalizeScenario(F.JILT_RESOLVED);
    const j = editableCopy(engine.runSync(jilt));
    for (const o of j.steps.flatMap((x) => x.state.stack)) if (o.kind === 'spell') delete o.spliced;
    step(j, 1).events!.unshift(step(j, 1).events!.pop()!);
    expect(await verdictOf(p, jilt, j)).toMatchObject({ status: 'fail', kind: 'order', observed: 'move bears battlefield→hand came after move jilt stack→graveyard' });
  });
});
