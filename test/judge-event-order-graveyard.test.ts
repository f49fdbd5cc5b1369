// Breakers for resolution.card-to-graveyard-last (properties/event-order.ts, CR 608.2n) on the spells it
// must leave alone: a creature spell that dies at once goes to the graveyard by way of the battlefield,
// and a step that resolves everything is not one resolution; an instant resolving alone is judged.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { creature } from './fixtures/oracle-scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('resolution.card-to-graveyard-last')!;
/** Steps: 0 a 0/0 Husk cast, 1 it resolves and dies at once (CR 704.5f), 2 Burst Lightning at p2, 3 `last` resolves it. */
const scenario = (untilEmpty: boolean) =>
  normalizeScenario({
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'husk', definition: creature('Husk', 0, 0, { manaCost: '{1}' }) },
      { id: 'bolt', oracle: 'Burst Lightning' },
    ],
    players: [{ id: 'p1', hand: ['husk', 'bolt'], mana: { R: 1, C: 1 } }, { id: 'p2' }],
    actions: [{ do: 'cast', card: 'husk' }, { do: 'resolve' }, { do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'resolve', ...(untilEmpty ? { untilEmpty: true } : {}) }],
  });
const withoutMoveFromStack = (t: Trace, i: number) => (step(t, i).events = step(t, i).events!.filter((e) => !(e.kind === 'move' && e.from === 'stack')));

describe('resolution.card-to-graveyard-last: what is one instant or sorcery resolving', () => {
  it('Burst Lightning resolving alone without its move from the stack listed fails', async () => {
    const s = scenario(false);
    const t = editableCopy(engine.runSync(s));
    expect(t.steps[1]!.state.players[0]!.graveyard).toEqual(['husk']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
    withoutMoveFromStack(t, 3);
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a4', expected: "bolt moving from the stack to the graveyard among the step's events", kind: 'unlisted', rule: '608.2n' });
  });

  it('a creature spell dying at once, whose events list no move from the stack to the graveyard, is not judged', async () => {
    const s = scenario(false);
    const t = editableCopy(engine.runSync(s));
    withoutMoveFromStack(t, 1);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 1 });
  });

  it('a step resolving everything is not judged as one resolution', async () => {
    const s = scenario(true);
    const t = editableCopy(engine.runSync(s));
    withoutMoveFromStack(t, 3);
    expect(await verdictOf(p, s, t)).not.toMatchObject({ status: 'fail' });
  });
});
