// Two judgments of triggered abilities that scenarios of the tuned generators met: an ability that
// triggers and resolves within one "resolve until empty" has been done this turn (CR 603.2h), and
// nothing that triggers goes on the stack once a player has lost (CR 704.3, 104.2a).
import { describe, expect, test } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Engine } from '../adapters/engine.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { judge, judgeFor } from '../runner/evaluate.ts';

async function verdict(scenario: Scenario, property: string, tamper?: (t: Trace) => void) {
  const reference = new ReferenceEngine();
  const engine: Engine = tamper
    ? { id: reference.id, capabilities: reference.capabilities, run: async (s) => { const t = await reference.run(s); tamper(t); return t; }, close: async () => {} }
    : reference;
  const j = await judge({ ...judgeFor(reference), engine }, scenario, [propertyById(property)!]);
  return j.verdicts!.get(property)!;
}

const landWatcher: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'land1', oracle: 'Mountain' },
    { id: 'land2', oracle: 'Mountain' },
    { id: 'w1', definition: { name: 'Land Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'landToGraveyard', whose: 'any', effects: [{ kind: 'gainLife', amount: 1 }], oncePerTurn: true }] } },
    { id: 'main', oracle: 'Stone Rain' },
  ],
  players: [{ id: 'p1', hand: ['main'], mana: { R: 1, C: 2 }, battlefield: [{ card: 'land1' }, { card: 'land2' }, { card: 'w1' }] }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'main', targets: [['land2']] }, { do: 'resolve', untilEmpty: true }, { do: 'destroyAll', filter: { types: ['Land'] } }],
};

describe('judging triggered abilities', () => {
  test('a "do this only once each turn" ability that triggered and resolved within one resolve until empty triggers no more that turn', async () => {
    expect(await verdict(landWatcher, 'triggers.once-per-land')).toMatchObject({ status: 'pass' });
    const again = await verdict(landWatcher, 'triggers.once-per-land', (t) => {
      t.steps[2]!.triggered = [{ id: 'a3.t1', source: 'w1', ability: 0, controller: 'p1' }];
    });
    expect(again).toMatchObject({ status: 'fail', step: 'a3' });
  });

  test('once a player has lost, what triggered does not go on the stack', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'w1', oracle: 'Rosie Cotton of South Lane' },
        { id: 'main', oracle: 'Comet Storm' },
        { id: 's1', oracle: "Splicer's Skill" },
      ],
      players: [{ id: 'p1', hand: ['main', 's1'], mana: { W: 1, R: 2, C: 4 }, battlefield: [{ card: 'w1' }] }, { id: 'p2', life: 1 }],
      actions: [{ do: 'cast', card: 'main', splice: ['s1'], x: 1, targets: [['p2']] }, { do: 'resolve' }],
    };
    const v = await verdict(scenario, 'triggers.targets');
    expect(v.status).not.toBe('fail');
    expect(await verdict(scenario, 'game.loss-ends-the-game')).toMatchObject({ status: 'pass' });
  });
});
