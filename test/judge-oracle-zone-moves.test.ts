// Where the judge sends what leaves (oracle/zone-moves.ts, CR 400.7): a card to its owner (the player
// whose starting zones hold it), a token nowhere (CR 111.7), a copy of a spell nowhere (707.10a); and
// a spell that can't be countered stays.
import { describe, expect, it } from 'vitest';
import { counterable, ownerOf, permanentLeaves, spellLeaves } from '../oracle/zone-moves.ts';
import type { StackSpell } from '../model/schema-types.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

describe('the oracle of zone moves (CR 400.7)', () => {
  it('owns a card by the starting zone that holds it: hand, library, graveyard or battlefield, either player', () => {
    const run = runOf({ ...S.ZONES, players: [{ ...S.ZONES.players[0]!, graveyard: ['m2'] }, { ...S.ZONES.players[1]!, library: ['m1'] }] });
    expect(['brain', 'l1', 'm2', 'h1', 'm1', 'bears', 'land', 'nothing'].map((c) => ownerOf(run, c))).toEqual(['p1', 'p1', 'p1', 'p2', 'p2', 'p2', 'p2', undefined]);
  });

  it('sends a permanent\'s card to its owner, a token nowhere', () => {
    const p = { id: 'bears', name: 'Grizzly Bears', controller: 'p1' as const, owner: 'p2' as const, tapped: false, token: false, counters: {} };
    expect(permanentLeaves({ ...p, card: 'bears' })).toEqual({ owner: 'p2', card: 'bears' });
    expect(permanentLeaves({ ...p, id: 'clone-of', card: 'bears' })).toEqual({ owner: 'p2', card: 'bears' });
    expect(permanentLeaves(p)).toEqual({ owner: 'p2', card: 'bears' });
    expect(permanentLeaves({ ...p, token: true })).toBeUndefined();
      });

  it('sends a spell\'s card to its owner, a copy nowhere; a spell whose card says so can\'t be countered', () => {
    const run = runOf(S.ZONES);
    const bait = run.steps[12]!.after.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === 'bait')!;
    expect(spellLeaves(run, bait)).toEqual({ owner: 'p1', card: 'bait' });
    expect(spellLeaves(run, { ...bait, copy: true })).toBeUndefined();
    expect(spellLeaves(run, { ...bait, card: 'nothing' })).toBeUndefined();
    expect(counterable(run, bait)).toBe(true);
    expect(counterable(run, { ...bait, card: 'sure' })).toBe(false);
    expect(counterable(run, { ...bait, card: 'nothing' })).toBe(true);
  });
});
