// The run request castcheck writes to an engine: the same text as JSON.stringify of the request, with
// card definitions written once and their text reused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runRequest } from '../adapters/process/protocol.ts';
import { runRequestLine } from '../adapters/process/request-line.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import { validateDocument } from '../model/schemas.ts';
import type { Scenario } from '../model/schema-types.ts';

const reference = new ReferenceEngine();

describe('run request lines', () => {
  it('are the text JSON.stringify writes, for generated scenarios and reruns that share their definitions', () => {
    const scenarios = fc.sample(scenarioArb({ capabilities: reference.capabilities }), { seed: 11, numRuns: 200 }).map(normalizeScenario);
    for (const [i, s] of scenarios.entries()) {
      expect(runRequestLine(i + 1, s)).toBe(JSON.stringify(runRequest(i + 1, s)));
      // A rerun as relation properties make it: the same cards, other actions; the definitions' text comes from the first.
      const rerun = normalizeScenario({ ...s, actions: s.actions.slice(0, 1) });
      expect(rerun.cards[0]?.definition).toBe(s.cards[0]?.definition);
      expect(runRequestLine(i + 1000, rerun)).toBe(JSON.stringify(runRequest(i + 1000, rerun)));
    }
  });

  it('write what JSON.stringify writes for fields left undefined, holes, other characters and keys in any order', () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      id: 'odd "one"',
      description: undefined,
      cards: [
        { definition: { name: 'Lim-Dûl’s Bolt \u2028', manaCost: '{R}', types: ['Instant'], effects: [{ kind: 'damage', amount: 3, target: 0 }], power: undefined }, id: 'bolt', oracle: undefined },
        { id: 'bear', oracle: 'Grizzly Bears' },
      ],
      players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1 } }, { id: 'p2', battlefield: [{ card: 'bear' }] }],
      actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }],
    } as unknown as Scenario);
    expect(runRequestLine(7, s)).toBe(JSON.stringify(runRequest(7, s)));
    const holes = { ...s, cards: [s.cards[0], , undefined, s.cards[1]] } as unknown as NormalizedScenario;
    expect(runRequestLine(8, holes)).toBe(JSON.stringify(runRequest(8, holes)));
    expect(validateDocument('protocol#toEngine', JSON.parse(runRequestLine(7, s)))).toEqual([]);
  });
});
