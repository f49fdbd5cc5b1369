// How the judge reads kicks (oracle/kicks.ts): from the declarations, never from what the engine
// shows (CR 702.33d); a copy as the spell it copies was cast (CR 707.10); and how often each
// kicker-conditioned effect happens.
import { describe, expect, it } from 'vitest';
import { declaredKick, effectTimes, kickedCastsBefore, kickOf } from '../oracle/kicks.ts';
import type { Effect, StackSpell } from '../model/schema-types.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const NONE = { kicker: [], multikicker: 0 };
const KICKED = { kicker: ['A'], multikicker: 0 };

describe('the oracle of kicks (CR 702.33d, 707.10)', () => {
  it('reads a cast\'s kick from its declaration', () => {
    expect(declaredKick({ do: 'cast', card: 'x', player: 'p1' } as never)).toEqual(NONE);
    expect(declaredKick({ do: 'cast', card: 'x', player: 'p1', kicker: ['A', 'B'], multikicker: 3 } as never)).toEqual({ kicker: ['A', 'B'], multikicker: 3 });
  });

  it('reads a spell\'s kick from the last accepted cast of its card up to the step, and a copy\'s from the cast before the copy was made', () => {
    const run = runOf(S.KICKS);
    const at = (step: number, id: string) => run.steps[step]!.after.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === id)!;
    // Burst Lightning cast unkicked (step 0), copied (1), returned to hand (2), cast kicked (3); a refused kicked cast (4).
    expect(kickOf(run, at(0, 'bolt'), 0)).toEqual(NONE);
    expect(kickOf(run, at(1, 'copy'), 1)).toEqual(NONE);
    expect(kickOf(run, at(3, 'bolt'), 3)).toEqual(KICKED);
    expect(kickOf(run, at(6, 'copy'), 6)).toEqual(NONE);
    expect(kickOf(run, at(6, 'bolt'), 6)).toEqual(KICKED);
    expect(kickOf(run, at(6, 'pack'), 6)).toEqual({ kicker: [], multikicker: 2 });
    expect(kickOf(run, at(6, 'theirs'), 6)).toEqual(KICKED);
    // Asked beyond the last step, the last step counts; before its card was cast, there is no kick.
    expect(kickOf(run, at(6, 'bolt'), 99)).toEqual(KICKED);
    expect(kickOf(run, at(6, 'pack'), 4)).toBeUndefined();
    expect(kickOf(run, { ...at(6, 'bolt'), card: 'never' }, 6)).toBeUndefined();
    // Only a cast declares a kick: a card put onto the battlefield by an engine that took it is no cast of it.
    const put = runOf({ ...S.KICKS, actions: [...S.KICKS.actions, { do: 'putOntoBattlefield', card: 'never' }] }, (t) => void Object.assign(t.steps[8]!, { outcome: 'accepted' }));
    expect(put.steps[8]!.step.outcome).toBe('accepted');
    expect(kickOf(put, { ...at(6, 'bolt'), card: 'never' }, 8)).toBeUndefined();
    // A copy no action made (a cast trigger's) is taken as of the step asked about.
    expect(kickOf(run, { ...at(6, 'copy'), id: 'made by a trigger' }, 6)).toEqual(KICKED);
  });

  it('counts the kicked spells a player cast before a step, refused casts left out', () => {
    const run = runOf(S.KICKS);
    expect([0, 3, 4, 5, 6, 7, 8].map((i) => kickedCastsBefore(run, i, 'p1'))).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect([6, 7].map((i) => kickedCastsBefore(run, i, 'p2'))).toEqual([0, 1]);
  });

  it('makes an effect happen as its condition says, and an instead-if-kicked effect replace the one before it', () => {
    const burst: Effect[] = [{ kind: 'damage', amount: 2, target: 0 }, { kind: 'damage', amount: 4, target: 0, condition: 'insteadIfKicked' }];
    expect([effectTimes(burst, 0, NONE), effectTimes(burst, 1, NONE), effectTimes(burst, 0, KICKED as never), effectTimes(burst, 1, KICKED as never)]).toEqual([1, 0, 0, 1]);
    const perKick: Effect[] = [{ kind: 'gainLife', amount: 1, condition: 'perKick' }, { kind: 'gainLife', amount: 1 }];
    expect([effectTimes(perKick, 0, { kicker: [], multikicker: 3 }), effectTimes(perKick, 1, { kicker: [], multikicker: 3 }), effectTimes(perKick, 0, NONE)]).toEqual([3, 1, 0]);
  });
});
