// Breakers for what splice.effects-after-host leaves unjudged and what it reads (properties/splice-order.ts,
// CR 702.47b, 608.2c): a spliced spell whose tokens or moves show the order of its parts, beside the
// steps and spells that show none (a rejected or repeated resolution, a step that resolves nothing, a
// spell with nothing spliced, a part the scenario does not know, a target gone, protected, flickered or
// unknown), each of which a judge that looked at it would answer differently.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, StackSpell, TokenDefinition, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('splice.effects-after-host')!;
const arcane = (name: string, manaCost: string, rest: Partial<CardDefinition>): CardDefinition => ({ name, manaCost, types: ['Instant'], subtypes: ['Arcane'], ...rest });
const splicable = (name: string, rest: Partial<CardDefinition>): CardDefinition => arcane(name, '{1}', { splice: { onto: 'Arcane', cost: { mana: '{1}' } }, ...rest });
const token = (name: string): TokenDefinition => ({ name, types: ['Creature'], power: 1, toughness: 1 });
const BEARS = { name: 'Grizzly Bears', manaCost: '{1}{G}', types: ['Creature'], power: 2, toughness: 2 } as CardDefinition;

/**
 * Twin Call (nothing spliced, two kinds of tokens) resolves first; then Goblin Call with X Goblins,
 * 1 damage to its first target and +1/+1 to Grizzly Bears, Golem Call spliced onto it (a Golem, 1
 * damage to its target), aimed at p1, the Bears and p2. `before` come between the cast and its resolution.
 */
function tokens(x: number, before: Scenario['actions'] = [], bears: CardDefinition = BEARS, last: Scenario['actions'][number] = { do: 'resolve' }): Scenario {
  return {
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'main', definition: arcane('Goblin Call', '{X}{R}', { targets: [{ kind: 'player' }, { kind: 'creature' }], effects: [{ kind: 'createToken', amount: 'X', token: token('Goblin') }, { kind: 'damage', amount: 1, target: 0 }, { kind: 'pump', power: 1, toughness: 1, target: 1 }] }) },
      { id: 'skill', definition: splicable('Golem Call', { targets: [{ kind: 'player' }], effects: [{ kind: 'createToken', amount: 1, token: token('Golem') }, { kind: 'damage', amount: 1, target: 0 }] }) },
      { id: 'twin', definition: arcane('Twin Call', '{1}', { effects: [{ kind: 'createToken', amount: 1, token: token('Goblin') }, { kind: 'createToken', amount: 1, token: token('Golem') }] }) },
      { id: 'bears', definition: bears },
    ],
    players: [{ id: 'p1', hand: ['twin', 'main', 'skill'], mana: { R: 1, C: 8 } }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
    actions: [{ do: 'cast', card: 'twin' }, { do: 'resolve' }, { do: 'cast', card: 'main', x, splice: ['skill'], targets: [['p1'], ['bears'], ['p2']] }, ...before, last],
  };
}

async function judged(s: Scenario, edit?: (t: Trace) => void) {
  const n = normalizeScenario(s);
  const t = editableCopy(engine.runSync(n));
  edit?.(t);
  return verdictOf(p, n, t);
}

const spellAfter = (t: Trace, i: number) => step(t, i).state.stack.at(-1) as StackSpell;

describe('splice.effects-after-host: the tokens of a spliced spell', () => {
  it('X Goblins then a Golem, with players and a creature for targets: judged once, the unspliced Twin Call not at all', async () => {
    expect(await judged(tokens(2))).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(tokens(2), (t) => step(t, 3).state.battlefield.reverse())).toEqual({ status: 'pass', checks: 1 });
    const swapped = await judged(tokens(2), (t) => {
      const made = step(t, 3).state.battlefield.filter((o) => o.token && o.id.startsWith('a4.'));
      made.forEach((o, i) => (o.name = i === 0 ? 'Golem' : 'Goblin'));
    });
    expect(swapped).toEqual({ status: 'fail', step: 'a4', expected: `main's tokens created in the order of its parts: ["Goblin","Goblin","Golem"]`, observed: '["Golem","Goblin","Goblin"]', checks: 1 });
  });

  it('X of 0 leaves one kind of token: no order to see', async () => {
    expect(await judged(tokens(0))).toEqual({ status: 'n/a' });
  });

  it('a copy made while the spliced spell waits is judged when it resolves, not when it is made', async () => {
    expect(await judged(tokens(1, [{ do: 'copy', id: 'cp', spell: 'main' }, { do: 'resolve' }]))).toEqual({ status: 'pass', checks: 2 });
  });

  it('a target destroyed, flickered, protected or unknown leaves the tokens unjudged, though the spell still resolves', async () => {
    expect(await judged(tokens(2, [{ do: 'destroy', permanent: 'bears' }]))).toEqual({ status: 'n/a' });
    expect(await judged(tokens(2, [{ do: 'flicker', permanent: 'bears' }]))).toEqual({ status: 'n/a' });
    expect(await judged(tokens(2, [], { ...BEARS, protection: ['B'] }))).toEqual({ status: 'n/a' });
    expect(await judged(tokens(2), (t) => (spellAfter(t, 2).targets[1] = ['ghost']))).toEqual({ status: 'n/a' });
  });

  it('a resolution refused, one that resolves until empty, a cast the engine refused, or a part no card names: unjudged', async () => {
    expect(await judged(tokens(2, [], BEARS, { do: 'resolve', untilEmpty: true }))).toEqual({ status: 'n/a' });
    expect(await judged(tokens(2), (t) => Object.assign(step(t, 3), { outcome: 'rejected', reason: 'illegal-action', state: structuredClone(step(t, 2).state) }))).toEqual({ status: 'n/a' });
    expect(await judged(tokens(2), (t) => Object.assign(step(t, 2), { outcome: 'rejected', reason: 'illegal-action' }))).toEqual({ status: 'n/a' });
    expect(await judged(tokens(2), (t) => (spellAfter(t, 2).spliced = ['nothing']))).toEqual({ status: 'n/a' });
  });

  it('a resolve accepted on an empty stack is no spliced resolution', async () => {
    expect(await judged(tokens(2, [{ do: 'resolve' }]), (t) => Object.assign(step(t, 4), { outcome: 'accepted', reason: undefined }))).toEqual({ status: 'pass', checks: 1 });
  });
});

/**
 * Smash ({X}{1}): 1 life, mill X of its first target, destroy its second; Wave spliced onto it: 1 life,
 * draw 1, return its target to hand, mill 1 of each player. Twin Call made a Goblin and a Golem before.
 * Ant (p1's), Grizzly Bears and an Ox (p2's) are on the battlefield; Smash aims at p2 and the Bears, Wave at the Ant.
 */
function moves(extra: Scenario['actions'] = [], last: Scenario['actions'] = [{ do: 'resolve' }], smash: Partial<CardDefinition> = {}): Scenario {
  return {
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'twin', definition: arcane('Twin Call', '{1}', { effects: [{ kind: 'createToken', amount: 1, token: token('Goblin') }, { kind: 'createToken', amount: 1, token: token('Golem') }] }) },
      { id: 'smash', definition: arcane('Smash', '{X}{1}', { targets: [{ kind: 'player' }, { kind: 'creature' }], effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'mill', amount: 'X', target: 0 }, { kind: 'destroy', target: 1 }], ...smash }) },
      { id: 'wave', definition: splicable('Wave', { targets: [{ kind: 'creature' }], effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'draw', amount: 1 }, { kind: 'bounce', target: 0 }, { kind: 'mill', amount: 1, each: 'player' }] }) },
      { id: 'shove', definition: arcane('Shove', '{1}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'bounce', target: 0 }] }) },
      { id: 'ant', definition: { name: 'Ant', manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1 } },
      { id: 'bears', definition: BEARS },
      { id: 'ox', definition: { name: 'Ox', manaCost: '{2}', types: ['Creature'], power: 2, toughness: 4 } },
      ...['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8'].map((id) => ({ id, oracle: 'Island' })),
    ],
    players: [
      { id: 'p1', hand: ['twin', 'smash', 'wave', 'shove'], library: ['l1', 'l2', 'l7', 'l8'], mana: { C: 9 }, battlefield: [{ card: 'ant' }] },
      { id: 'p2', library: ['l3', 'l4', 'l5', 'l6'], battlefield: [{ card: 'bears' }, { card: 'ox' }] },
    ],
    actions: [{ do: 'cast', card: 'twin' }, { do: 'resolve' }, { do: 'cast', card: 'smash', x: 2, splice: ['wave'], targets: [['p2'], ['bears'], ['ant']] }, ...extra, ...last],
  };
}

describe('splice.effects-after-host: the zones of a spliced spell', () => {
  it('X cards milled from the target player, each part on its own targets, the draw and the mill of each player, the tokens already there kept', async () => {
    const n = normalizeScenario(moves());
    const t = editableCopy(engine.runSync(n));
    expect(t.steps[3]!.state.players.map((x) => [x.hand, x.graveyard, x.library])).toEqual([
      [['ant', 'l1', 'shove', 'wave'], ['twin', 'l2', 'smash'], ['l7', 'l8']],
      [[], ['l3', 'l4', 'bears', 'l5'], ['l6']],
    ]);
    expect(await verdictOf(p, n, t)).toEqual({ status: 'pass', checks: 1 });
    // The permanents listed in another order are the same permanents.
    step(t, 2).state.battlefield.reverse();
    step(t, 3).state.battlefield.reverse();
    expect(await verdictOf(p, n, t)).toEqual({ status: 'pass', checks: 1 });
  });

  it('each zone the parts decide, put otherwise, fails with the zones expected', async () => {
    const wrong = (edit: (t: Trace) => void) => judged(moves(), edit);
    const expected = (who: string, zones: string) => ({ status: 'fail', step: 'a4', expected: `smash's effects in the order smash, wave: ${who}'s ${zones}`, checks: 1 });
    // Mill X of 2 left out, or milled from p1.
    expect(await wrong((t) => Object.assign(playerAt(t, 3, 'p2'), { graveyard: ['bears', 'l5'], library: ['l3', 'l4', 'l6'] }))).toMatchObject(expected('p2', 'hand [], graveyard ["l3","l4","bears","l5"], library ["l6"]'));
    // The Ant returned to hand, not destroyed; p1 drew.
    expect(await wrong((t) => Object.assign(playerAt(t, 3, 'p1'), { hand: ['l1', 'shove', 'wave'], graveyard: ['twin', 'l2', 'ant', 'smash'] }))).toMatchObject(expected('p1', 'hand ["ant","l1","shove","wave"], graveyard ["twin","l2","smash"], library ["l7","l8"]'));
  });

  it('a permanent left or a new token among the permanents fails, naming them sorted', async () => {
    const n = normalizeScenario(moves());
    const t = editableCopy(engine.runSync(n));
    const kept = step(t, 3).state.battlefield;
    step(t, 3).state.battlefield = [...kept, ...step(t, 2).state.battlefield.filter((o) => o.id === 'ant')].reverse();
    const tokens = kept.map((o) => o.id).sort();
    expect(await verdictOf(p, n, t)).toEqual({ status: 'fail', step: 'a4', expected: `smash's effects in the order smash, wave: permanents ${JSON.stringify(tokens)}`, observed: `permanents ${JSON.stringify(['ant', ...tokens].sort())}`, checks: 1 });
    const made = editableCopy(engine.runSync(n));
    step(made, 3).state.battlefield.push({ ...step(made, 3).state.battlefield[0]!, id: 'a4.k1', name: 'Goblin' });
    expect(await verdictOf(p, n, made)).toEqual({ status: 'pass', checks: 1 });
    const gone = editableCopy(engine.runSync(n));
    step(gone, 3).state.battlefield = [];
    expect(await verdictOf(p, n, gone)).toMatchObject({ status: 'fail', expected: `smash's effects in the order smash, wave: permanents ${JSON.stringify(tokens)}`, observed: 'permanents []' });
  });

  it('a copy is judged as it resolves, the original after it with its targets gone is not, nor a spell with nothing spliced', async () => {
    const s = moves([{ do: 'copy', id: 'cp', spell: 'smash' }], [{ do: 'resolve' }, { do: 'resolve' }, { do: 'cast', card: 'shove', targets: [['ox']] }, { do: 'resolve' }]);
    const n = normalizeScenario(s);
    const t = editableCopy(engine.runSync(n));
    expect(t.steps.map((x) => x.reason ?? x.outcome)).toEqual(Array(8).fill('accepted'));
    expect(await verdictOf(p, n, t)).toEqual({ status: 'pass', checks: 1 });
    // The copy's zones wrong: one failure, the first.
    Object.assign(playerAt(t, 4, 'p2'), { graveyard: [] });
    expect(await verdictOf(p, n, t)).toMatchObject({ status: 'fail', step: 'a5', checks: 1 });
  });

  it('a resolution refused or repeated until empty, a cast refused, a part no card names, a target unknown, or a part that also harms: unjudged', async () => {
    expect(await judged(moves([], [{ do: 'resolve', untilEmpty: true }]))).toEqual({ status: 'n/a' });
    expect(await judged(moves(), (t) => Object.assign(step(t, 3), { outcome: 'rejected', reason: 'illegal-action', state: structuredClone(step(t, 2).state) }))).toEqual({ status: 'n/a' });
    expect(await judged(moves(), (t) => Object.assign(step(t, 2), { outcome: 'rejected', reason: 'illegal-action' }))).toEqual({ status: 'n/a' });
    expect(await judged(moves(), (t) => (spellAfter(t, 2).spliced = ['nothing']))).toEqual({ status: 'n/a' });
    expect(await judged(moves(), (t) => (spellAfter(t, 2).targets[1] = ['ghost']))).toEqual({ status: 'n/a' });
    const withered = moves([], undefined, { effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'mill', amount: 'X', target: 0 }, { kind: 'putCounters', counter: '-1/-1', amount: 1, target: 1 }, { kind: 'destroy', target: 1 }] });
    expect(await judged(withered)).toEqual({ status: 'n/a' });
    expect(await judged(moves([{ do: 'resolve' }]), (t) => Object.assign(step(t, 4), { outcome: 'accepted', reason: undefined }))).toEqual({ status: 'pass', checks: 1 });
  });

  it('a discard takes the cards chosen that are in hand first, then the smallest ids of the hand in any order', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'main', definition: arcane('Mind Spell', '{1}', { targets: [{ kind: 'player' }], effects: [{ kind: 'discard', amount: 2, target: 0 }] }) },
        { id: 'spliced', definition: splicable('Draw', { effects: [{ kind: 'draw', amount: 1 }] }) },
        ...['h1', 'h2', 'h3', 'l1'].map((id) => ({ id, oracle: 'Island' })),
      ],
      players: [{ id: 'p1', hand: ['main', 'spliced', 'h3', 'h2', 'h1'], library: ['l1'], mana: { C: 2 } }, { id: 'p2', library: [] }],
      actions: [{ do: 'cast', card: 'main', splice: ['spliced'], targets: [['p1']] }, { do: 'resolve', choices: ['l1', 'h2'] }],
    });
    const t = editableCopy(engine.runSync(s));
    expect(t.steps[1]!.state.players[0]!.graveyard).toEqual(['h2', 'h1', 'main']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    // The hand as an engine lists it, in any order: the smallest ids all the same.
    const h = playerAt(t, 0, 'p1').hand;
    h.sort().reverse();
    expect(h).toEqual(['spliced', 'h3', 'h2', 'h1']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const first = normalizeScenario({ ...s, actions: [s.actions[0]!, { do: 'resolve', choices: ['h1'] }] });
    const f = editableCopy(engine.runSync(first));
    expect(f.steps[1]!.state.players[0]!.graveyard).toEqual(['h1', 'h2', 'main']);
    expect(await verdictOf(p, first, f)).toEqual({ status: 'pass', checks: 1 });
  });
});

describe('splice.events-after-host: three parts', () => {
  const ev = propertyById('splice.events-after-host')!;
  const ping = (name: string, amount: number, rest: { target: number } | { each: 'opponent' }): Partial<CardDefinition> => ({ effects: [{ kind: 'damage', amount, ...rest }], ...(name === 'One' ? {} : { splice: { onto: 'Arcane', cost: { mana: '{1}' } } }) });
  const base: Omit<Scenario, 'actions'> = {
    format: 'castcheck-scenario/1' as const,
    cards: [
      { id: 'one', definition: arcane('One', '{1}', { targets: [{ kind: 'player' }], ...ping('One', 1, { target: 0 }) }) },
      { id: 'two', definition: arcane('Two', '{1}', ping('Two', 2, { each: 'opponent' })) },
      { id: 'three', definition: arcane('Three', '{1}', ping('Three', 3, { each: 'opponent' })) },
    ],
    players: [{ id: 'p1', hand: ['one', 'two', 'three'], mana: { C: 3 } }, { id: 'p2' }],
  };

  it("Three's damage listed between One's and Two's fails: the latest part seen is kept", async () => {
    const s = normalizeScenario({ ...base, actions: [{ do: 'cast', card: 'one', splice: ['two', 'three'], targets: [['p2']] }, { do: 'resolve' }] });
    const t = editableCopy(engine.runSync(s));
    expect(step(t, 1).events!.filter((e) => e.kind === 'damage').map((e) => e.kind === 'damage' && e.amount)).toEqual([1, 2, 3]);
    expect(await verdictOf(ev, s, t)).toEqual({ status: 'pass', checks: 1 });
    const events = step(t, 1).events!;
    [events[1], events[2]] = [events[2]!, events[1]!];
    expect(await verdictOf(ev, s, t)).toEqual({
      status: 'fail',
      step: 'a2',
      expected: "one's text in the order One, then Two (spliced 1st), then Three (spliced 2nd): Two's before Three's",
      observed: 'damage 3 to p2 (Three) came before damage 2 to p2 (Two)',
      checks: 1,
    });
    // A cast with nothing spliced, then a resolution: not this property's.
    expect(ev.applies(normalizeScenario({ ...base, actions: [{ do: 'cast', card: 'one', targets: [['p2']] }, { do: 'resolve' }] }))).toBe(false);
  });
});
