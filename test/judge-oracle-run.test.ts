// The run as the judge sees it (oracle/run.ts): the steps while the game is on (cut where a player has
// lost, CR 704.5a-b), the state before the first step, and the facts kept once for every property.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import { initialObservedState } from '../model/initial-state.ts';
import type { ObservedState } from '../model/schema-types.ts';
import { ofTheCast, permanentOn, Run, spellOnStack, spells } from '../oracle/run.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

describe('the run as the judge sees it', () => {
  it('judges the steps up to the one after which a player has lost (CR 704.5a-b), and keeps every step apart', () => {
    const run = runOf(F.GAME_LOST);
    expect(run.allSteps.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(run.steps.map((s) => s.index)).toEqual([0, 1]);
    expect(run.steps[1]!.after.players[1]!.lost).toBe(true);
    // A run where nobody loses keeps every step; a trace shorter than the actions stops with it.
    expect(runOf(S.DAMAGE).steps).toHaveLength(10);
    const short = runOf(S.DAMAGE, (t) => void t.steps.splice(3));
    expect([short.steps.length, short.allSteps.length]).toEqual([3, 3]);
  });

  it('starts from the scenario: the first step\'s state before is the starting state, the others\' the state after the step before', () => {
    const run = runOf(S.DAMAGE);
    const first = run.steps[0]!;
    expect([first.index, first.action.do]).toEqual([0, 'cast']);
    expect(first.before).toEqual(initialObservedState(normalizeScenario(S.DAMAGE)));
    expect(first.before).toBe(first.before);
    expect(first.after).toBe(run.trace.steps[0]!.state);
    expect(run.steps[3]!.before).toBe(run.trace.steps[2]!.state);
    expect(run.steps[3]!.after).toBe(run.trace.steps[3]!.state);
    expect(run.steps[3]!.step).toBe(run.trace.steps[3]!);
    expect(run.def('bears')?.name).toBe('Grizzly Bears');
    expect(run.def('nothing')).toBeUndefined();
  });

  it('lists the accepted steps, the casts and the accepted casts, each list made once', () => {
    // An engine that refused the third Zap (step 4) and so had nothing to resolve at step 5.
    const run = runOf(S.DAMAGE, (t) => {
      for (const i of [4, 5]) Object.assign(t.steps[i]!, { outcome: 'rejected', reason: 'illegal-target' });
    });
    expect(run.accepted().map((s) => s.index)).toEqual([0, 1, 2, 3, 6, 7, 8, 9]);
    expect(run.casts().map((s) => s.index)).toEqual([0, 2, 4, 6, 8]);
    expect(run.acceptedCasts().map((s) => s.index)).toEqual([0, 2, 6, 8]);
    expect(run.accepted()).toBe(run.accepted());
    expect(run.casts()).toBe(run.casts());
    expect(run.acceptedCasts()).toBe(run.acceptedCasts());
  });

  it('works a fact out once, an undefined one too, by key, by argument and by step; a step of another run is worked out each time', () => {
    const run = runOf(S.DAMAGE);
    let n = 0;
    const count = <T>(v: T) => () => (n++, v);
    expect([run.shared('a', count(undefined)), run.shared('a', count(1)), run.shared('b', count(2)), run.shared('b', count(3))]).toEqual([undefined, undefined, 2, 2]);
    expect(n).toBe(2);
    expect([run.memo('m', 1, count(undefined)), run.memo('m', 1, count(5)), run.memo('m', 2, count(6)), run.memo('m', 2, count(7)), run.memo('k', 1, count(8))]).toEqual([undefined, undefined, 6, 6, 8]);
    expect(n).toBe(5);
    const [s0, s1] = [run.steps[0]!, run.steps[1]!];
    expect([run.ofStep(s0, 'f', count(undefined)), run.ofStep(s0, 'f', count(9)), run.ofStep(s1, 'f', count(10)), run.ofStep(s1, 'f', count(11)), run.ofStep(s0, 'g', count(12))]).toEqual([undefined, undefined, 10, 10, 12]);
    expect(n).toBe(8);
    const other = runOf(S.DAMAGE).steps[1]!;
    expect([run.ofStep(other, 'f', count(13)), run.ofStep(other, 'f', count(14))]).toEqual([13, 14]);
    // A cast's facts are kept for the step's own action only: another action is worked out each time.
    const cast = s0.action;
    if (cast.do !== 'cast') throw new Error('step 0 casts');
    expect([ofTheCast(run, s0, cast, 'c', count(15)), ofTheCast(run, s0, cast, 'c', count(16))]).toEqual([15, 15]);
    const copy = { ...cast };
    expect([ofTheCast(run, s0, copy, 'c', count(17)), ofTheCast(run, s0, copy, 'c', count(18))]).toEqual([17, 18]);
  });

  it('finds spells and permanents by id: the spells without the abilities, a spell and not an ability of the same id', () => {
    const run = runOf(S.ABILITIES);
    const withAbilities = run.steps[0]!.after;
    expect(withAbilities.stack.map((o) => o.kind)).toEqual(['spell', 'ability', 'ability']);
    expect(spells(withAbilities).map((o) => o.id)).toEqual(['bait']);
    const onlySpells = runOf(S.TARGETS_LOST).steps[2]!.after;
    expect(spells(onlySpells)).toBe(onlySpells.stack);
    expect(spells({ ...onlySpells, stack: [] })).toEqual([]);
    expect(spellOnStack(withAbilities, 'bait')?.card).toBe('bait');
    const abilityId = withAbilities.stack[1]!.id;
    expect(spellOnStack(withAbilities, abilityId)).toBeUndefined();
    expect(spellOnStack(withAbilities, 'nothing')).toBeUndefined();
    expect(permanentOn(withAbilities, 'grower')?.id).toBe('grower');
    expect(permanentOn(withAbilities, 'link')?.id).toBe('link');
    expect(permanentOn(withAbilities, 'bait')).toBeUndefined();
    const empty: ObservedState = { ...withAbilities, battlefield: [] };
    expect(permanentOn(empty, 'grower')).toBeUndefined();
  });
});
