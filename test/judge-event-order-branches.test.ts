// Breakers for the branches of properties/event-order.ts that tell which instruction of a spell made an
// event (CR 608.2c) and which step puts the card into the graveyard last (CR 608.2n): a probe sorcery's
// resolve step given a hand-made list of events, where one reading of an instruction, a player or a
// step alone decides whether the order is judged.
import { describe, expect, it } from 'vitest';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { CardDefinition, Effect, GameEvent, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const inOrder = propertyById('resolution.events-in-order')!;
const lastToGraveyard = propertyById('resolution.card-to-graveyard-last')!;

const sorcery = (effects: Effect[], more: Partial<CardDefinition> = {}): CardDefinition => ({
  name: 'Probe',
  manaCost: '{X}',
  types: ['Sorcery'],
  targets: [{ kind: 'creature' }],
  effects,
  ...more,
});

/** `caster` casts Probe at Grizzly Bears (X=1), then it resolves: step 1 is its resolution. */
const probe = (def: CardDefinition, caster: 'p1' | 'p2' = 'p1', more: Partial<Scenario> = {}): NormalizedScenario =>
  normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [{ id: 'probe', definition: def }, { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'l1', oracle: 'Island' }, { id: 'crt', oracle: 'Hill Giant' }],
    players: [
      { id: 'p1', hand: caster === 'p1' ? ['probe'] : [], library: ['l1'], mana: { C: 2 } },
      { id: 'p2', hand: caster === 'p2' ? ['probe'] : [], mana: { C: 2 }, battlefield: [{ card: 'bears' }, { card: 'crt' }] },
    ],
    actions: [{ do: 'cast', player: caster, card: 'probe', x: 1, targets: [['bears']] }, { do: 'resolve' }],
    ...more,
  });

const by = (e: Record<string, unknown>) => ({ by: 'probe', ...e }) as GameEvent;
const gain = (player: 'p1' | 'p2' = 'p1', amount = 2) => by({ kind: 'lifeGain', player, amount });
const damage = (to: string, amount = 1) => by({ kind: 'damage', to, amount });
const move = (object: string, from: string | undefined, to: string) => by({ kind: 'move', object, ...(from ? { from } : {}), to });

/** The verdict of `p` with Probe's resolution listing `events`, after `edit`. */
async function judged(p = inOrder, s: NormalizedScenario, events: GameEvent[], edit: (t: Trace) => void = () => {}) {
  const t = editableCopy(engine.runSync(s));
  step(t, 1).events = events;
  edit(t);
  return verdictOf(p, s, t);
}

/** The failure of Probe's `first` instruction listed after its `second`. */
const outOfOrder = (first: string, second: string, observed: string) => ({
  status: 'fail',
  step: 'a2',
  expected: `probe's Probe's ${first} before its Probe's ${second}`,
  observed,
  checks: 1,
});

describe('resolution.events-in-order: whom an instruction reaches', () => {
  it('damage to each player reaches both players and no creature', async () => {
    const s = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'player' }]));
    for (const who of ['p1', 'p2']) {
      expect(await judged(inOrder, s, [damage(who), gain()]), who).toEqual(outOfOrder('1st instruction (gainLife)', '2nd instruction (damage)', `damage 1 to ${who} came before p1 gains 2 life`));
    }
    expect(await judged(inOrder, s, [damage('bears'), gain()])).toEqual({ status: 'n/a' });
  });

  it("damage to each opponent reaches the caster's opponent, p1 when p2 casts it", async () => {
    const s = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }]), 'p2');
    expect(await judged(inOrder, s, [damage('p1'), gain('p2')])).toEqual(outOfOrder('1st instruction (gainLife)', '2nd instruction (damage)', 'damage 1 to p1 came before p2 gains 2 life'));
    expect(await judged(inOrder, s, [damage('p2'), gain('p2')])).toEqual({ status: 'n/a' });
  });

  it('damage with neither target nor "each" may reach anyone; targeted damage only its targets', async () => {
    const untargeted = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1 }]));
    expect(await judged(inOrder, untargeted, [damage('p2'), gain()])).toEqual(outOfOrder('1st instruction (gainLife)', '2nd instruction (damage)', 'damage 1 to p2 came before p1 gains 2 life'));
    const targeted = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, target: 0 }]));
    expect(await judged(inOrder, targeted, [damage('p2'), gain()])).toEqual({ status: 'n/a' });
    expect(await judged(inOrder, targeted, [damage('bears'), gain()])).toEqual(outOfOrder('1st instruction (gainLife)', '2nd instruction (damage)', 'damage 1 to bears came before p1 gains 2 life'));
  });

  it('an amount of X matches any amount of damage, life or counters', async () => {
    const s = probe(sorcery([{ kind: 'draw', amount: 1 }, { kind: 'gainLife', amount: 'X' }, { kind: 'damage', amount: 'X', each: 'opponent' }, { kind: 'putCounters', amount: 'X', target: 0 }]));
    const draw = move('l1', 'library', 'hand');
    expect(await judged(inOrder, s, [gain('p1', 5), draw])).toEqual(outOfOrder('1st instruction (draw)', '2nd instruction (gainLife)', 'p1 gains 5 life came before move l1 library→hand'));
    expect(await judged(inOrder, s, [damage('p2', 7), draw])).toEqual(outOfOrder('1st instruction (draw)', '3rd instruction (damage)', 'damage 7 to p2 came before move l1 library→hand'));
    const counters = by({ kind: 'counters', object: 'bears', counter: '+1/+1', amount: 4 });
    expect(await judged(inOrder, s, [counters, draw])).toEqual(outOfOrder('1st instruction (draw)', '4th instruction (putCounters)', '4 +1/+1 counter(s) on bears came before move l1 library→hand'));
    // A fixed amount matches only itself.
    const fixed = probe(sorcery([{ kind: 'draw', amount: 1 }, { kind: 'gainLife', amount: 2 }]));
    expect(await judged(inOrder, fixed, [gain('p1', 5), draw])).toEqual({ status: 'n/a' });
    expect(await judged(inOrder, fixed, [gain('p1', 2), draw])).toEqual(outOfOrder('1st instruction (draw)', '2nd instruction (gainLife)', 'p1 gains 2 life came before move l1 library→hand'));
  });
});

describe('resolution.events-in-order: which moves an instruction makes', () => {
  const withLife = (e: Effect) => probe(sorcery([{ kind: 'gainLife', amount: 2 }, e]));
  const second = (kind: string) => ['1st instruction (gainLife)', `2nd instruction (${kind})`] as const;

  it('destroy and sacrifice put a permanent into a graveyard, nowhere else', async () => {
    for (const e of [{ kind: 'destroy', target: 0 }, { kind: 'sacrifice', amount: 1, each: 'opponent' }] as Effect[]) {
      const s = withLife(e);
      expect(await judged(inOrder, s, [move('bears', 'battlefield', 'graveyard'), gain()]), e.kind).toEqual(outOfOrder(...second(e.kind), 'move bears battlefield→graveyard came before p1 gains 2 life'));
      expect(await judged(inOrder, s, [move('bears', 'battlefield', 'exile'), gain()]), e.kind).toEqual({ status: 'n/a' });
    }
  });

  it('a bounce puts no permanent into a graveyard', async () => {
    const s = withLife({ kind: 'bounce', target: 0 });
    expect(await judged(inOrder, s, [move('bears', 'battlefield', 'graveyard'), gain()])).toEqual({ status: 'n/a' });
  });

  it('a flicker exiles a permanent and returns it, and moves it nowhere else', async () => {
    const s = withLife({ kind: 'flicker', target: 0 });
    expect(await judged(inOrder, s, [move('bears', 'battlefield', 'exile'), gain()])).toEqual(outOfOrder(...second('flicker'), 'move bears battlefield→exile came before p1 gains 2 life'));
    expect(await judged(inOrder, s, [move('bears', 'exile', 'battlefield'), gain()])).toEqual(outOfOrder(...second('flicker'), 'move bears exile→battlefield came before p1 gains 2 life'));
    expect(await judged(inOrder, s, [move('bears', 'battlefield', 'graveyard'), gain()])).toEqual({ status: 'n/a' });
    expect(await judged(inOrder, s, [move('bears', 'exile', 'hand'), gain()])).toEqual({ status: 'n/a' });
  });

  it('a destroy returns nothing from exile', async () => {
    const s = withLife({ kind: 'destroy', target: 0 });
    expect(await judged(inOrder, s, [move('bears', 'exile', 'battlefield'), gain()])).toEqual({ status: 'n/a' });
  });

  it('a counterspell moves a spell from the stack, and nothing from a graveyard', async () => {
    const s = withLife({ kind: 'counterSpell', target: 0 });
    expect(await judged(inOrder, s, [move('x', 'stack', 'graveyard'), gain()])).toEqual(outOfOrder(...second('counterSpell'), 'move x stack→graveyard came before p1 gains 2 life'));
    expect(await judged(inOrder, s, [move('x', 'graveyard', 'hand'), gain()])).toEqual({ status: 'n/a' });
  });
});

describe('resolution.events-in-order: what is compared', () => {
  it('two instructions of one kind are never ordered against each other', async () => {
    const s = probe(sorcery([{ kind: 'damage', amount: 1, each: 'opponent' }, { kind: 'damage', amount: 3, each: 'opponent' }]));
    expect(await judged(inOrder, s, [damage('p2', 3), damage('p2', 1)])).toEqual({ status: 'n/a' });
    expect(await judged(inOrder, s, [damage('p2', 1), damage('p2', 3)])).toEqual({ status: 'n/a' });
  });

  it("a spliced card's instruction before a later one of the main card is no comparison", async () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'probe', definition: { name: 'Probe', manaCost: '{1}', types: ['Instant'], subtypes: ['Arcane'], effects: [{ kind: 'damage', amount: 1, each: 'opponent' }, { kind: 'gainLife', amount: 2 }] } },
        { id: 'sp', definition: { name: 'Draw Splice', manaCost: '{1}', types: ['Instant'], subtypes: ['Arcane'], splice: { onto: 'Arcane', cost: { mana: '{1}' } }, effects: [{ kind: 'draw', amount: 1 }] } },
        { id: 'l1', oracle: 'Island' },
      ],
      players: [{ id: 'p1', hand: ['probe', 'sp'], library: ['l1'], mana: { C: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'probe', splice: ['sp'] }, { do: 'resolve' }],
    });
    expect(await judged(inOrder, s, [move('l1', 'library', 'hand'), gain()])).toEqual({ status: 'n/a' });
    expect(await judged(inOrder, s, [damage('p2'), move('l1', 'library', 'hand'), gain()])).toEqual({ status: 'pass', checks: 1 });
  });

  it('a rejected resolve, or a step that resolves nothing, shows no resolution', async () => {
    const s = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }]));
    expect(await judged(inOrder, s, [damage('p2'), gain()], (t) => (step(t, 1).outcome = 'rejected'))).toEqual({ status: 'n/a' });
    // Burst Lightning cast while Probe waits: events said to be Probe's in that cast step are no resolution of it.
    const cast = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }]), 'p1', {
      cards: [{ id: 'probe', definition: sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }], { types: ['Instant'] }) }, { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'bolt', oracle: 'Burst Lightning' }],
      players: [{ id: 'p1', hand: ['probe', 'bolt'], mana: { C: 1, R: 1 } }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'cast', card: 'probe', x: 0, targets: [['bears']] }, { do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve' }, { do: 'resolve' }],
    });
    const t = editableCopy(engine.runSync(cast));
    expect(t.steps.map((x) => x.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    step(t, 1).events = [damage('p2'), gain()];
    // Probe's own resolution (step 4) is judged, and in order.
    expect(await verdictOf(inOrder, cast, t)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a creature spell, or one with a creature card spliced on, is not judged; a spliced card with no definition neither', async () => {
    const creature = probe({ name: 'Probe', manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1, effects: [{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }] } as CardDefinition);
    const t = editableCopy(engine.runSync(creature));
    step(t, 1).events = [damage('p2'), gain()];
    expect(await verdictOf(inOrder, creature, t)).toEqual({ status: 'n/a' });
    const s = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }]));
    const fails = outOfOrder('1st instruction (gainLife)', '2nd instruction (damage)', 'damage 1 to p2 came before p1 gains 2 life');
    expect(await judged(inOrder, s, [damage('p2'), gain()])).toEqual(fails);
    const spliced = (card: string) => (t: Trace) => {
      const o = step(t, 0).state.stack[0]!;
      if (o.kind === 'spell') o.spliced = [card];
    };
    expect(await judged(inOrder, s, [damage('p2'), gain()], spliced('crt'))).toEqual({ status: 'n/a' });
    expect(await judged(inOrder, s, [damage('p2'), gain()], spliced('nowhere'))).toEqual({ status: 'n/a' });
    // An artifact sorcery is a permanent spell all the same.
    const artifact = probe(sorcery([{ kind: 'gainLife', amount: 2 }, { kind: 'damage', amount: 1, each: 'opponent' }], { types: ['Artifact', 'Sorcery'] }));
    expect(await judged(inOrder, artifact, [damage('p2'), gain()])).toEqual({ status: 'n/a' });
  });
});

describe('resolution.card-to-graveyard-last: which move is the card going to the graveyard', () => {
  const s = probe(sorcery([{ kind: 'gainLife', amount: 2 }]));

  it('only a move from the stack to the graveyard is it; another move of the card after it fails (CR 608.2n)', async () => {
    const failed = (observed: string) => ({ status: 'fail', step: 'a2', kind: 'order', rule: '608.2n', expected: "probe's card put into the graveyard after everything it does", observed, checks: 1 });
    expect(await judged(lastToGraveyard, s, [gain(), move('probe', 'stack', 'graveyard')])).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(lastToGraveyard, s, [move('probe', 'stack', 'graveyard'), gain(), move('probe', 'stack', 'hand')])).toEqual(failed('p1 gains 2 life came after move probe stack→graveyard'));
    expect(await judged(lastToGraveyard, s, [gain(), move('probe', 'stack', 'graveyard'), move('probe', 'exile', 'graveyard')])).toEqual(failed('move probe exile→graveyard came after move probe stack→graveyard'));
  });

  it('a spell countered by an action is no resolution: no move event is looked for', async () => {
    const countered = probe(sorcery([{ kind: 'gainLife', amount: 2 }], { types: ['Instant'] }), 'p1', { actions: [{ do: 'cast', card: 'probe', x: 1, targets: [['bears']] }, { do: 'counter', spell: 'probe' }, { do: 'resolve' }] });
    const t = editableCopy(engine.runSync(countered));
    expect(t.steps.map((x) => x.outcome)).toEqual(['accepted', 'accepted', 'rejected']);
    expect(step(t, 1).state.players[0]!.graveyard).toEqual(['probe']);
    step(t, 1).events = [];
    expect(await verdictOf(lastToGraveyard, countered, t)).toEqual({ status: 'n/a' });
  });

  it('a resolve accepted with nothing on the stack, or of a card with no definition, looks for nothing', async () => {
    const twice = probe(sorcery([{ kind: 'gainLife', amount: 2 }]), 'p1', { actions: [{ do: 'cast', card: 'probe', x: 1, targets: [['bears']] }, { do: 'resolve' }, { do: 'resolve' }] });
    const t = editableCopy(engine.runSync(twice));
    step(t, 2).outcome = 'accepted';
    expect(await verdictOf(lastToGraveyard, twice, t)).toEqual({ status: 'pass', checks: 1 });
    const u = editableCopy(engine.runSync(s));
    const o = step(u, 0).state.stack[0]!;
    if (o.kind === 'spell') o.card = 'nowhere';
    step(u, 1).events = [];
    expect(await verdictOf(lastToGraveyard, s, u)).toEqual({ status: 'n/a' });
  });

  it('the first failure ends the run: a later resolution is not counted', async () => {
    const two = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'probe', definition: sorcery([{ kind: 'gainLife', amount: 2 }], { types: ['Instant'], targets: [] }) }, { id: 'bolt', oracle: 'Burst Lightning' }],
      players: [{ id: 'p1', hand: ['probe', 'bolt'], mana: { C: 1, R: 1 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'probe', x: 0 }, { do: 'resolve' }, { do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve' }],
    });
    const t = editableCopy(engine.runSync(two));
    expect(await verdictOf(lastToGraveyard, two, t)).toEqual({ status: 'pass', checks: 2 });
    step(t, 1).events = [];
    expect(await verdictOf(lastToGraveyard, two, t)).toEqual({ status: 'fail', step: 'a2', kind: 'unlisted', rule: '608.2n', expected: "probe moving from the stack to the graveyard among the step's events", observed: 'events none', checks: 1 });
  });
});
