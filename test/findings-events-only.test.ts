// A failure of only what a step's events report (an instant put into its graveyard before what it
// does, CR 608.2n) leaves the state as the rules have it: a repro that shows it at another action
// than the cluster's own failure does not show it as a cause (noteRepros in runner/causes.ts).
import { describe, expect, it } from 'vitest';
import { faultyReference } from '../adapters/faults/index.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { noteRepros } from '../runner/causes.ts';
import { judgeFor } from '../runner/evaluate.ts';
import type { Cluster } from '../runner/results.ts';

const of = (id: string) => PROPERTIES.find((p) => p.id === id)!;
const ORDER = 'resolution.card-to-graveyard-last:CR608.2n/order';

/** Vicious Offering aimed at a creature that Flicker of Fate, resolving first, exiles and returns. */
const flickered: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'b1', definition: { name: 'Bystander One', manaCost: '{2}', types: ['Creature'], power: 0, toughness: 1 } },
    { id: 'main', oracle: 'Vicious Offering' },
    { id: 'flk', oracle: 'Flicker of Fate' },
  ],
  players: [
    { id: 'p1', hand: ['main'], mana: { B: 1, C: 1 } },
    { id: 'p2', hand: ['flk'], mana: { W: 1, C: 1 }, battlefield: [{ card: 'b1' }] },
  ],
  actions: [{ do: 'cast', card: 'main', targets: [['b1']] }, { do: 'cast', player: 'p2', card: 'flk', targets: [['b1']] }, { do: 'resolve' }, { do: 'resolve', id: 'zones-resolve' }],
};

const clusterOf = (signature: string, scenario: Scenario): Cluster => ({
  signature,
  kind: 'fail',
  property: of(signature.split(':')[0]!),
  count: 1,
  first: { run: 0 } as Cluster['first'],
  finding: { shrunk: true, reproduced: true, scenario } as Cluster['finding'],
});

describe('what a repro shows of a failure of events only', () => {
  it('leaves it out where it was seen at another action than the cluster failed at', async () => {
    // Flicker of Fate's card goes to the graveyard before the creature is flickered (the third
    // action); Vicious Offering, at the fourth, still affects the flickered creature: two bugs.
    const engine = judgeFor(faultyReference('card-to-graveyard-first,flicker-spell-keeps-object'));
    const moved = clusterOf('resolution.new-object-not-targeted:CR608.2b/moved', flickered);
    await noteRepros(engine, [moved], PROPERTIES);
    expect([...moved.inRepro!]).toContain('resolution.new-object-not-targeted:CR608.2b/moved');
    expect([...moved.inRepro!]).not.toContain(ORDER);
    // The order's own repro shows it, at its own action.
    const order = clusterOf(ORDER, flickered);
    await noteRepros(engine, [order], PROPERTIES);
    expect([...order.inRepro!]).toContain(ORDER);
  });

  it('shows it where it was seen at the action the cluster failed at', async () => {
    // An instant that gains 1 life and draws a card, put into the graveyard first and doing its
    // instructions last first: both orders differ at its resolution, and each repro shows the other.
    const drawing: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'b1', definition: { name: 'Bystander One', manaCost: '{2}', types: ['Creature'], power: 0, toughness: 1 } },
        { id: 'main', definition: { name: 'Main Spell', manaCost: '{0}', types: ['Instant'], effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'draw', amount: 1 }] } },
      ],
      players: [{ id: 'p1', hand: ['main'], library: ['b1'] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main' }, { do: 'resolve' }],
    };
    const engine = judgeFor(faultyReference('card-to-graveyard-first,instructions-last-first'));
    const events = clusterOf('resolution.events-in-order', drawing);
    await noteRepros(engine, [events], PROPERTIES);
    expect([...events.inRepro!].sort()).toEqual([ORDER, 'resolution.events-in-order']);
  });
});
