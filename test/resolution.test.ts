// The judge's own model of a resolution (oracle/resolution.ts): triggered abilities are judged
// like spells, and counters, power and toughness follow the effects.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { Run, type CheckContext } from '../properties/property.ts';
import { editableCopy } from './fixtures/traces.ts';

const engine = new ReferenceEngine();
const ctx: CheckContext = { readings: { spliceCopy: 'ruling' }, rerun: async () => undefined, reference: async () => Promise.reject(new Error('unused')) };

async function playerEffects(s: Scenario, breakTrace?: (t: Trace) => void) {
  const n = normalizeScenario(s);
  const t = editableCopy(engine.runSync(n));
  breakTrace?.(t);
  return propertyById('resolution.player-effects')!.check(new Run(n, t), ctx);
}

/** A watcher whose ability gains its controller life when a spell is cast, and the ability resolving. */
const CAST_WATCHED: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'w', definition: { name: 'Cast Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'spellCast', effects: [{ kind: 'gainLife', amount: 2 }] }] } },
  ],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 }, battlefield: [{ card: 'w' }] }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve' }],
};

/** Giant Growth-like pump and +1/+1 counters on a creature, from one sorcery. */
const GROWN: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    {
      id: 'grow',
      definition: { name: 'Grow', manaCost: '{G}', types: ['Sorcery'], targets: [{ kind: 'creature' }], effects: [{ kind: 'putCounters', amount: 2, counter: '+1/+1', target: 0 }, { kind: 'pump', power: 3, toughness: 3, target: 0 }] },
    },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  players: [{ id: 'p1', hand: ['grow'], mana: { G: 1 }, battlefield: [{ card: 'bears' }] }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'grow', targets: [['bears']] }, { do: 'resolve' }],
};

describe('the judge of resolutions', () => {
  it('judges a triggered ability resolving like a spell: its controller gains the life it says', async () => {
    const t = engine.runSync(normalizeScenario(CAST_WATCHED));
    expect(t.steps[1]!.state.players[0]!.life).toBe(22);
    expect(await playerEffects(CAST_WATCHED)).toMatchObject({ status: 'pass' });
    expect(await playerEffects(CAST_WATCHED, (x) => void (x.steps[1]!.state.players[0]!.life = 20))).toMatchObject({ status: 'fail' });
  });

  it('follows counters, power and toughness through the effects', async () => {
    expect(await playerEffects(GROWN)).toMatchObject({ status: 'pass' });
    const bears = (x: Trace) => x.steps[1]!.state.battlefield.find((p) => p.id === 'bears')!;
    expect(await playerEffects(GROWN, (x) => void (bears(x).counters = { '+1/+1': 1 }))).toMatchObject({ status: 'fail', expected: expect.stringMatching(/counters/) });
    expect(await playerEffects(GROWN, (x) => void (bears(x).power = 4))).toMatchObject({ status: 'fail', expected: expect.stringMatching(/power 7/) });
  });
});
