// copies.copy-appears judges new targets given to a copy (CR 707.10c) for the player who makes it, who
// controls the copy (CR 707.10): p2's copy of p1's "target opponent" spell may be aimed at p1, and
// refusing it is a failure of the branch new-targets; p1's copy may not, and refusing it is right.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const property = PROPERTIES.find((p) => p.id === 'copies.copy-appears')!;
const JAB: CardDefinition = { name: 'Opponent Jab', manaCost: '{R}', types: ['Instant'], targets: [{ kind: 'opponent' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] };
const copiedBy = (player: 'p1' | 'p2'): Scenario => ({
  format: 'castcheck-scenario/1',
  cards: [{ id: 'jab', definition: JAB }],
  players: [{ id: 'p1', hand: ['jab'], mana: { R: 1 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'jab', targets: [['p2']] }, { do: 'copy', id: 'copy', player, spell: 'jab', newTargets: [['p1']] }],
});

describe('copies.copy-appears: new targets chosen by the copy\'s controller (CR 707.10c)', () => {
  it("accepts p2's copy aimed at p1, and fails an engine that refuses it", async () => {
    const s = normalizeScenario(copiedBy('p2'));
    const t = engine.runSync(s);
    expect(step(t, 1).outcome).toBe('accepted');
    expect(await verdictOf(property, s, t)).toMatchObject({ status: 'pass' });
    const broken = editableCopy(t);
    step(broken, 1).outcome = 'rejected';
    step(broken, 1).reason = 'illegal-target';
    step(broken, 1).state = step(broken, 0).state;
    expect(await verdictOf(property, s, broken)).toMatchObject({ status: 'fail', step: 'copy', kind: 'new-targets', rule: '707.10c' });
  });

  it("lets an engine refuse p1's own copy aimed at p1, who is not p1's opponent", async () => {
    const s = normalizeScenario(copiedBy('p1'));
    const t = engine.runSync(s);
    expect(step(t, 1)).toMatchObject({ outcome: 'rejected', reason: 'illegal-target' });
    expect(await verdictOf(property, s, t)).toMatchObject({ status: 'pass' });
  });
});
