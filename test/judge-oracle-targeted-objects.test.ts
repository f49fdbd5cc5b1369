// Whether a target is still the object that was targeted (oracle/targeted-objects.ts, CR 400.7,
// 608.2b): a permanent that left the battlefield since it was targeted, or was flickered, is a new
// object; a copy that kept its original's target targeted it when the original did (CR 707.10).
import { describe, expect, it } from 'vitest';
import { newObjectSinceTargeted, stepThatStacked } from '../oracle/targeted-objects.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

describe('the oracle of targeted objects (CR 400.7, 608.2b)', () => {
  it('finds the step that put an object on the stack, from which on it stayed there', () => {
    const run = runOf(S.RETARGETED);
    const resolving = run.steps[5]!;
    expect(['z', 'c1', 'c2', 'nothing'].map((id) => stepThatStacked(run, resolving, id))).toEqual([0, 3, 4, -1]);
    expect(stepThatStacked(run, run.steps[7]!, 'c1')).toBe(-1);
    expect(stepThatStacked(run, run.steps[0]!, 'z')).toBe(-1);
    expect(stepThatStacked(run, run.steps[1]!, 'z')).toBe(0);
  });

  it('a permanent flickered after it was targeted is a new object, for the spell and for a copy that kept its target; not for a copy that chose another one after', () => {
    const run = runOf(S.RETARGETED);
    // c2 resolves first (step 5), then c1 (6), then Zap (7).
    expect([5, 6, 7].map((i) => run.steps[i]!.before.stack.at(-1)!.id)).toEqual(['c2', 'c1', 'z']);
    expect([newObjectSinceTargeted(run, run.steps[5]!, 'ox', 'c2'), newObjectSinceTargeted(run, run.steps[6]!, 'bears', 'c1'), newObjectSinceTargeted(run, run.steps[7]!, 'bears', 'z')]).toEqual([false, true, true]);
    // A player is no permanent that could have changed zones; an object never on the stack targeted nothing.
    expect(newObjectSinceTargeted(run, run.steps[7]!, 'p2', 'z')).toBe(false);
    expect(newObjectSinceTargeted(run, run.steps[7]!, 'bears', 'nothing')).toBe(false);
  });

  it('a permanent destroyed and returned, or flickered, since it was targeted is a new object; one that stayed is not', () => {
    const run = runOf(F.TARGETS_CHANGED_ZONES);
    const top = (i: number) => run.steps[i]!.before.stack.at(-1)!.id;
    expect(newObjectSinceTargeted(run, run.steps[2]!, 'bears', top(2))).toBe(true);
    expect(newObjectSinceTargeted(run, run.steps[6]!, 'giant', top(6))).toBe(true);
    expect(newObjectSinceTargeted(run, run.steps[10]!, 'giant', top(10))).toBe(true);
    const stayed = runOf(S.DAMAGE);
    expect(newObjectSinceTargeted(stayed, stayed.steps[3]!, 'bears', 's2')).toBe(false);
    // A refused flicker moves nothing.
    const refused = runOf(S.RETARGETED, (t) => Object.assign(t.steps[1]!, { outcome: 'rejected', reason: 'no-such-object' }));
    expect(newObjectSinceTargeted(refused, refused.steps[7]!, 'bears', 'z')).toBe(false);
  });
});
