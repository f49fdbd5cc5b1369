// Breakers for the splice-order properties (properties/splice-order.ts, CR 702.47b, 608.2c): a spliced
// spell's resolution as the reference engine shows it, its zones, permanents, tokens or events put in
// another order by hand, which only that branch rejects, asserted with what an engine's author reads;
// and the resolutions each branch must leave unjudged (a target gone, protected or a new object).
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const property = (id: string) => propertyById(id)!;
const arcane = (name: string, rest: Partial<CardDefinition>): CardDefinition => ({ name, manaCost: '{1}', types: ['Instant'], subtypes: ['Arcane'], ...rest });
const splicable = (name: string, rest: Partial<CardDefinition>): CardDefinition => arcane(name, { splice: { onto: 'Arcane', cost: { mana: '{1}' } }, ...rest });

/** A spell that destroys a creature, with a spliced card that returns it to hand: destroyed first, it stays in the graveyard. */
const smashAndWave = (first: 'destroy' | 'bounce', extra: Partial<Scenario> = {}): Scenario => ({
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'main', definition: arcane('Main Spell', { targets: [{ kind: 'creature' }], effects: [{ kind: first, target: 0 }] }) },
    { id: 'spliced', definition: splicable('Spliced Spell', { targets: [{ kind: 'creature' }], effects: [{ kind: first === 'destroy' ? 'bounce' : 'destroy', target: 0 }] }) },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  players: [{ id: 'p1', hand: ['main', 'spliced'], library: [], mana: { C: 2 } }, { id: 'p2', library: [], battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'cast', card: 'main', splice: ['spliced'], targets: [['bears'], ['bears']] }, { do: 'resolve' }],
  ...extra,
});

describe('splice.effects-after-host', () => {
  const p = property('splice.effects-after-host');

  it("Reach Through Mists's draw, then Dampen Thought's mill, then Everdream's draw: other zones fail, naming the order (CR 702.47b)", async () => {
    const s = normalizeScenario(F.SPLICED_DRAW_AND_MILL);
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 1 });
    const t = editableCopy(engine.runSync(s));
    Object.assign(playerAt(t, 1, 'p1'), { hand: ['dt', 'ed', 'lib1', 'lib2'], graveyard: ['lib3', 'lib4', 'lib5', 'lib6', 'mists'] });
    expect(await verdictOf(p, s, t)).toEqual({
      status: 'fail',
      step: 'a2',
      expected: `mists's effects in the order mists, dt, ed: p1's hand ["dt","ed","lib1","lib6"], graveyard ["lib2","lib3","lib4","lib5","mists"], library []`,
      observed: 'hand ["dt","ed","lib1","lib2"], graveyard ["lib3","lib4","lib5","lib6","mists"], library []',
      checks: 1,
    });
    // A hand in another order is the same hand; a graveyard in another order is not.
    const hand = editableCopy(engine.runSync(s));
    playerAt(hand, 1, 'p1').hand.reverse();
    expect(await verdictOf(p, s, hand)).toEqual({ status: 'pass', checks: 1 });
    const grave = editableCopy(engine.runSync(s));
    playerAt(grave, 1, 'p1').graveyard.reverse();
    expect(await verdictOf(p, s, grave)).toMatchObject({ status: 'fail', step: 'a2' });
    const library = editableCopy(engine.runSync(s));
    playerAt(library, 1, 'p1').library = ['lib6'];
    expect(await verdictOf(p, s, library)).toMatchObject({ status: 'fail', step: 'a2', observed: 'hand ["dt","ed","lib1","lib6"], graveyard ["lib2","lib3","lib4","lib5","mists"], library ["lib6"]' });
    // The opponent's zones are compared too.
    const other = editableCopy(engine.runSync(s));
    playerAt(other, 1, 'p2').graveyard = ['lib2'];
    expect(await verdictOf(p, s, other)).toMatchObject({ status: 'fail', step: 'a2', expected: expect.stringContaining("p2's hand [], graveyard [], library []"), observed: 'hand [], graveyard ["lib2"], library []' });
  });

  it('destroyed then returned: the creature stays in the graveyard; returned then destroyed: it stays in hand', async () => {
    for (const [first, zone] of [['destroy', 'graveyard'], ['bounce', 'hand']] as const) {
      const s = normalizeScenario(smashAndWave(first));
      const t = engine.runSync(s);
      expect(editableCopy(t).steps[1]!.state.players[1]![zone]).toEqual(['bears']);
      expect(await verdictOf(p, s, t), first).toEqual({ status: 'pass', checks: 1 });
      const wrong = editableCopy(t);
      Object.assign(playerAt(wrong, 1, 'p2'), zone === 'hand' ? { hand: [], graveyard: ['bears'] } : { hand: ['bears'], graveyard: [] });
      expect(await verdictOf(p, s, wrong), first).toMatchObject({ status: 'fail', step: 'a2', expected: expect.stringMatching(new RegExp(`^main's effects in the order main, spliced: p2's hand ${zone === 'hand' ? '\\["bears"\\]' : '\\[\\]'}`)) });
    }
  });

  it('a permanent left on the battlefield that the effects moved fails, naming the permanents', async () => {
    const s = normalizeScenario(smashAndWave('destroy'));
    const t = editableCopy(engine.runSync(s));
    step(t, 1).state.battlefield = step(t, 0).state.battlefield;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: "main's effects in the order main, spliced: permanents []", observed: 'permanents ["bears"]', checks: 1 });
  });

  it('a token destroyed then returned ceases to exist: it is in no zone', async () => {
    const s = normalizeScenario({
      ...smashAndWave('destroy'),
      cards: [...smashAndWave('destroy').cards.slice(0, 2), { id: 'maker', definition: arcane('Token Maker', { effects: [{ kind: 'createToken', amount: 1, token: { name: 'Spirit', types: ['Creature'], power: 1, toughness: 1 } }] }) }],
      players: [{ id: 'p1', hand: ['main', 'spliced', 'maker'], library: [], mana: { C: 3 } }, { id: 'p2', library: [] }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'cast', card: 'main', splice: ['spliced'], targets: [['a2.k1'], ['a2.k1']] }, { do: 'resolve' }],
    });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const card = editableCopy(t);
    playerAt(card, 3, 'p1').graveyard.push('a2.k1');
    expect(await verdictOf(p, s, card)).toMatchObject({ status: 'fail', step: 'a4' });
  });

  it('a discard takes the cards chosen on resolution, else the smallest ids; a mill of each opponent is counted', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'main', definition: arcane('Mind Spell', { targets: [{ kind: 'player' }], effects: [{ kind: 'discard', amount: 1, target: 0 }] }) },
        { id: 'spliced', definition: splicable('Draw and Mill', { effects: [{ kind: 'draw', amount: 1 }, { kind: 'mill', amount: 2, each: 'opponent' }] }) },
        ...['h1', 'h2', 'l1', 'l2', 'l3', 'l4'].map((id) => ({ id, oracle: 'Island' })),
      ],
      players: [{ id: 'p1', hand: ['main', 'spliced', 'h1', 'h2'], library: ['l1'], mana: { C: 2 } }, { id: 'p2', library: ['l2', 'l3', 'l4'] }],
      actions: [{ do: 'cast', card: 'main', splice: ['spliced'], targets: [['p1']] }, { do: 'resolve', choices: ['h2'] }],
    });
    const t = engine.runSync(s);
    const seen = editableCopy(t);
    expect(seen.steps[1]!.state.players.map((x) => [x.hand, x.graveyard, x.library])).toEqual([
      [['h1', 'l1', 'spliced'], ['h2', 'main'], []],
      [[], ['l2', 'l3'], ['l4']],
    ]);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const smallest = editableCopy(t);
    Object.assign(playerAt(smallest, 1, 'p1'), { hand: ['h2', 'l1', 'spliced'], graveyard: ['h1', 'main'] });
    expect(await verdictOf(p, s, smallest)).toMatchObject({ status: 'fail', expected: expect.stringContaining(`p1's hand ["h1","l1","spliced"], graveyard ["h2","main"]`) });
    const milled = editableCopy(t);
    Object.assign(playerAt(milled, 1, 'p2'), { graveyard: ['l2'], library: ['l3', 'l4'] });
    expect(await verdictOf(p, s, milled)).toMatchObject({ status: 'fail', expected: expect.stringContaining(`p2's hand [], graveyard ["l2","l3"], library ["l4"]`) });
    const unchosen = normalizeScenario({ ...s, actions: [s.actions[0]!, { do: 'resolve' }] });
    const u = editableCopy(engine.runSync(unchosen));
    expect(u.steps[1]!.state.players[0]!.graveyard).toEqual(['h1', 'main']);
    expect(await verdictOf(p, unchosen, u)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a target gone, protected, or a new object, or a library not shown, leaves the order unjudged', async () => {
    const fizzle = normalizeScenario({ ...smashAndWave('destroy'), actions: [smashAndWave('destroy').actions[0]!, { do: 'destroy', permanent: 'bears' }, { do: 'resolve' }] });
    const t = editableCopy(engine.runSync(fizzle));
    playerAt(t, 2, 'p2').hand = ['bears'];
    expect(await verdictOf(p, fizzle, t)).toEqual({ status: 'n/a' });
    const flicker = normalizeScenario({ ...smashAndWave('destroy'), actions: [smashAndWave('destroy').actions[0]!, { do: 'flicker', permanent: 'bears' }, { do: 'resolve' }] });
    const f = editableCopy(engine.runSync(flicker));
    playerAt(f, 2, 'p2').hand = ['bears'];
    expect(await verdictOf(p, flicker, f)).toEqual({ status: 'n/a' });
    const warded = normalizeScenario({
      ...smashAndWave('destroy'),
      cards: [...smashAndWave('destroy').cards.slice(0, 2), { id: 'bears', definition: { name: 'Warded Bears', manaCost: '{1}{G}', types: ['Creature'], power: 2, toughness: 2, protection: ['R'] } }],
    });
    const w = editableCopy(engine.runSync(warded));
    playerAt(w, 1, 'p2').hand = ['bears'];
    expect(await verdictOf(p, warded, w)).toEqual({ status: 'n/a' });
    const s = normalizeScenario(smashAndWave('destroy'));
    const hidden = editableCopy(engine.runSync(s));
    for (const x of hidden.steps) for (const pl of x.state.players) delete pl.library;
    playerAt(hidden, 1, 'p2').hand = ['bears'];
    expect(await verdictOf(p, s, hidden)).toEqual({ status: 'n/a' });
    // An effect that is neither a move nor harmless (a -1/-1 counter), or a spell that moves nothing: no order to see.
    const counters = normalizeScenario({ ...smashAndWave('destroy'), cards: [smashAndWave('destroy').cards[0]!, { id: 'spliced', definition: splicable('Wither', { targets: [{ kind: 'creature' }], effects: [{ kind: 'putCounters', counter: '-1/-1', amount: 1, target: 0 }] }) }, smashAndWave('destroy').cards[2]!] });
    const c = editableCopy(engine.runSync(counters));
    playerAt(c, 1, 'p2').hand = ['bears'];
    expect(await verdictOf(p, counters, c)).toEqual({ status: 'n/a' });
  });

  it('harmless effects (life, mana, +1/+1 counters, pumps, damage to players) do not stop the order being judged', async () => {
    const harmless: CardDefinition['effects'] = [
      { kind: 'gainLife', amount: 1 },
      { kind: 'addMana', mana: '{R}' },
      { kind: 'putCounters', amount: 1, target: 0 },
      { kind: 'pump', power: 1, toughness: 1, target: 0 },
      { kind: 'damage', amount: 1, each: 'opponent' },
      { kind: 'damage', amount: 1, target: 1 },
    ];
    for (const e of harmless!) {
      const base = smashAndWave('bounce');
      const s = normalizeScenario({ ...base, cards: [{ id: 'main', definition: arcane('Main Spell', { targets: [{ kind: 'creature' }, { kind: 'player' }], effects: [e, { kind: 'bounce', target: 0 }] }) }, ...base.cards.slice(1)], actions: [{ do: 'cast', card: 'main', splice: ['spliced'], targets: [['bears'], ['p2'], ['bears']] }, { do: 'resolve' }] });
      const t = editableCopy(engine.runSync(s));
      expect(await verdictOf(p, s, t), e.kind).toEqual({ status: 'pass', checks: 1 });
      Object.assign(playerAt(t, 1, 'p2'), { hand: [], graveyard: ['bears'] });
      expect(await verdictOf(p, s, t), e.kind).toMatchObject({ status: 'fail', step: 'a2' });
    }
  });

  it("tokens of two kinds are created in the order of the parts that make them; one kind shows no order", async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'main', definition: arcane('Goblin Call', { effects: [{ kind: 'createToken', amount: 2, token: { name: 'Goblin', types: ['Creature'], power: 1, toughness: 1 } }] }) },
        { id: 'skill', definition: splicable("Splicer's Call", { effects: [{ kind: 'createToken', amount: 1, token: { name: 'Golem', types: ['Artifact', 'Creature'], power: 3, toughness: 3 } }] }) },
      ],
      players: [{ id: 'p1', hand: ['main', 'skill'], mana: { C: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main', splice: ['skill'] }, { do: 'resolve' }],
    });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    const swapped = editableCopy(t);
    permanent(swapped, 1, 'a2.k1').name = 'Golem';
    permanent(swapped, 1, 'a2.k3').name = 'Goblin';
    expect(await verdictOf(p, s, swapped)).toEqual({ status: 'fail', step: 'a2', expected: `main's tokens created in the order of its parts: ["Goblin","Goblin","Golem"]`, observed: '["Golem","Goblin","Goblin"]', checks: 1 });
    const missing = editableCopy(t);
    step(missing, 1).state.battlefield = step(missing, 1).state.battlefield.filter((o) => o.id !== 'a2.k2');
    expect(await verdictOf(p, s, missing)).toMatchObject({ status: 'fail', observed: '["Goblin","Golem"]' });
    // The same kind from both parts: no order shows.
    const same = normalizeScenario({ ...s, cards: [s.cards[0]!, { id: 'skill', definition: splicable('More Goblins', { effects: [{ kind: 'createToken', amount: 1, token: { name: 'Goblin', types: ['Creature'], power: 1, toughness: 1 } }] }) }] });
    const g = editableCopy(engine.runSync(same));
    permanent(g, 1, 'a2.k1').name = 'Gremlin';
    expect(await verdictOf(p, same, g)).toEqual({ status: 'n/a' });
  });
});

describe('splice.effects-after-host: copies and many tokens', () => {
  const p = property('splice.effects-after-host');

  it("a copy of the spliced spell draws and mills in the same order, and puts no card into the graveyard (CR 707.10)", async () => {
    const s = normalizeScenario({ ...F.SPLICED_DRAW_AND_MILL, actions: [F.SPLICED_DRAW_AND_MILL.actions[0]!, { do: 'copy', id: 'copy', spell: 'mists' }, { do: 'resolve' }, { do: 'resolve' }] });
    const t = engine.runSync(s);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 2 });
    const card = editableCopy(t);
    playerAt(card, 2, 'p1').graveyard.push('mists');
    expect(await verdictOf(p, s, card)).toMatchObject({ status: 'fail', step: 'a3', expected: expect.stringMatching(/^copy's effects in the order mists, dt, ed: p1's hand/) });
  });

  it('tokens are ordered by the number in their ids, the tenth after the ninth', async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'main', definition: arcane('Goblin Horde', { effects: [{ kind: 'createToken', amount: 10, token: { name: 'Goblin', types: ['Creature'], power: 1, toughness: 1 } }] }) },
        { id: 'skill', definition: splicable("Splicer's Call", { effects: [{ kind: 'createToken', amount: 2, token: { name: 'Golem', types: ['Artifact', 'Creature'], power: 3, toughness: 3 } }] }) },
      ],
      players: [{ id: 'p1', hand: ['main', 'skill'], mana: { C: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main', splice: ['skill'] }, { do: 'resolve' }],
    });
    const t = editableCopy(engine.runSync(s));
    step(t, 1).state.battlefield.sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    step(t, 1).state.battlefield.reverse();
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    permanent(t, 1, 'a2.k10').name = 'Golem';
    permanent(t, 1, 'a2.k12').name = 'Goblin';
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', observed: `[${[...Array(9).fill('"Goblin"'), '"Golem"', '"Golem"', '"Goblin"'].join(',')}]` });
  });
});

describe('splice.events-after-host', () => {
  const p = property('splice.events-after-host');
  const s = normalizeScenario(F.SPLICED_SPIKE);

  it("Glacial Ray's damage listed before Lava Spike's fails, naming both parts and events (CR 702.47b)", async () => {
    expect(await verdictOf(p, s, engine.runSync(s))).toEqual({ status: 'pass', checks: 2 });
    const t = editableCopy(engine.runSync(s));
    step(t, 2).events!.reverse();
    expect(await verdictOf(p, s, t)).toEqual({
      status: 'fail',
      step: 'a3',
      expected: "copy's text in the order Lava Spike, then Glacial Ray (spliced 1st), then Desperate Ritual (spliced 2nd): Lava Spike's before Glacial Ray's",
      observed: 'damage 2 to p2 (Glacial Ray) came before damage 3 to p2 (Lava Spike)',
      checks: 1,
    });
  });

  it('an event either part could have made is no evidence; a spell with nothing spliced is not judged', async () => {
    const t = editableCopy(engine.runSync(s));
    // Both damage events 2: Lava Spike (3) cannot have made them, Glacial Ray could have: nothing before Ray's shows.
    for (const e of step(t, 2).events!) if (e.kind === 'damage') e.amount = 2;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'pass', checks: 1 });
    const jilt = normalizeScenario({ ...F.JILT_RESOLVED, cards: F.JILT_RESOLVED.cards, actions: F.JILT_RESOLVED.actions });
    expect(p.applies(jilt)).toBe(false);
    // Draws that Reach Through Mists or Everdream could each have made, and Dampen Thought's mills between: no two parts pinned in turn.
    const drawn = normalizeScenario(F.SPLICED_DRAW_AND_MILL);
    expect(await verdictOf(p, drawn, engine.runSync(drawn))).toEqual({ status: 'n/a' });
  });
});
