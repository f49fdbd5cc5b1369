// What the judge lets be targeted (oracle/targets.ts, CR 115): players as the requirement says, spells
// of the kind asked for, and permanents the requirement fits and protection does not shield (CR
// 702.16b); a token no card describes is a creature when it shows power.
import { describe, expect, it } from 'vitest';
import { targetAllowed } from '../oracle/targets.ts';
import type { Color, ObservedPermanent, ObservedState, TargetRequirement } from '../model/schema-types.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const run = runOf(S.DAMAGE);
const start = run.steps[0]!.before;
const spell = (id: string, types: string[]) => ({ kind: 'spell', id, card: id, name: id, controller: 'p1', types, colors: [], targets: [] }) as unknown as ObservedState['stack'][number];
const token = (id: string, power?: number): ObservedPermanent => ({ id, name: 'Thopter', controller: 'p2', owner: 'p2', token: true, tapped: false, counters: {}, ...(power === undefined ? {} : { power, toughness: 1 }) });
const state: ObservedState = {
  ...start,
  stack: [
    spell('bolt', ['Instant']),
    spell('rite', ['Sorcery']),
    spell('ox', ['Creature']),
    spell('relic', ['Artifact']),
    spell('odd', ['Artifact', 'Sorcery']),
    { kind: 'ability', id: 'trig', source: 'mine', ability: 0, controller: 'p1' } as never,
    // An engine that names an ability like a spell: the spell is still found.
    { kind: 'ability', id: 'twin', source: 'mine', ability: 0, controller: 'p1' } as never,
    spell('twin', ['Instant']),
  ],
  battlefield: [...start.battlefield.map((p) => (p.id === 'bears' ? { ...p, keywords: ['flying' as const] } : p)), token('t1', 1), token('t2')],
};

/** Which of the ids may be chosen for a requirement, by a spell `self` of p1 with these colours. */
function allowed(req: TargetRequirement, ids: string[], colors: Color[] = [], self = 'me', controller: 'p1' | 'p2' = 'p1') {
  return ids.filter((id) => targetAllowed(run, state, 0, req, id, self, controller, colors));
}

describe('the oracle of targets (CR 115)', () => {
  it('players: any target and a player take either, an opponent only the other player', () => {
    expect(allowed({ kind: 'any' }, ['p1', 'p2'])).toEqual(['p1', 'p2']);
    expect(allowed({ kind: 'player' }, ['p1', 'p2'])).toEqual(['p1', 'p2']);
    expect(allowed({ kind: 'opponent' }, ['p1', 'p2'])).toEqual(['p2']);
    expect(allowed({ kind: 'opponent' }, ['p1', 'p2'], [], 'me', 'p2')).toEqual(['p1']);
    expect(allowed({ kind: 'creature' }, ['p1', 'p2'])).toEqual([]);
  });

  it('spells: of the kind asked for (a spell of two card types is either), never an ability, never the spell itself', () => {
    const all = ['bolt', 'rite', 'ox', 'relic', 'odd', 'trig', 'twin'];
    expect(allowed({ kind: 'spell' }, all)).toEqual(['bolt', 'rite', 'ox', 'relic', 'odd', 'twin']);
    expect(allowed({ kind: 'instantOrSorcerySpell' }, all)).toEqual(['bolt', 'rite', 'odd', 'twin']);
    expect(allowed({ kind: 'creatureSpell' }, all)).toEqual(['ox']);
    expect(allowed({ kind: 'noncreatureSpell' }, all)).toEqual(['bolt', 'rite', 'relic', 'odd', 'twin']);
    expect(allowed({ kind: 'creature' }, all)).toEqual([]);
    expect(allowed({ kind: 'spell' }, all, [], 'bolt')).toEqual(['rite', 'ox', 'relic', 'odd', 'twin']);
  });

  it('permanents: as the requirement fits them, protection from the source\'s colour shielding, keywords as shown, tokens by the power they show', () => {
    const all = ['mine', 'wall', 'bears', 'pro', 't1', 't2', 'gone'];
    expect(allowed({ kind: 'creature' }, all)).toEqual(['mine', 'wall', 'bears', 'pro', 't1']);
    expect(allowed({ kind: 'creature' }, all, ['R'])).toEqual(['mine', 'wall', 'bears', 't1']);
    expect(allowed({ kind: 'artifact' }, all)).toEqual(['t2']);
    expect(allowed({ kind: 'creature', filter: { keywords: ['flying'] } }, all)).toEqual(['bears']);
    expect(allowed({ kind: 'creature', filter: { controller: 'opponent' } }, all)).toEqual(['bears', 'pro', 't1']);
    expect(allowed({ kind: 'creature', filter: { controller: 'you' } }, all)).toEqual(['mine', 'wall']);
    expect(allowed({ kind: 'creature' }, all, [], 'mine')).toEqual(['wall', 'bears', 'pro', 't1']);
  });
});
