// The judge's prediction of what a resolving copy effect copies (oracle/copies.ts, CR 707.10): its
// target, if still legal as it resolves (CR 608.2b), each copy effect as its kicker condition says.
import { describe, expect, it } from 'vitest';
import { spellCopiedOnResolution } from '../oracle/copies.ts';
import type { Run } from '../oracle/run.ts';
import type { Trace } from '../model/schema-types.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const copiedAt = (run: Run) => run.steps.map((st) => spellCopiedOnResolution(run, st).map((s) => s.id));

/** Twincast, the spell on top of the stack after step 2, as the trace shows it. */
const twincast = (t: Trace) => {
  const o = t.steps[2]!.state.stack.at(-1)!;
  if (o.kind !== 'spell' || o.card !== 'twin') throw new Error('Twincast is not on top after step 2');
  return o;
};

describe('the oracle of copy effects (CR 707.10)', () => {
  it('copies the target of the resolving spell on top of the stack: never for a cast, an unkicked "if kicked" copy, or a counter effect on the same target', () => {
    // Steps: casts (nothing resolves), Twincast on Bait #2 under two other spells, Kicked Echo unkicked
    // then kicked, Mirror and Void, which copies Bait once and counters it, and Grow and Echo, whose
    // copy effect has its second target.
    expect(copiedAt(runOf(S.COPIES))).toEqual([[], [], [], ['bait2'], [], [], [], ['bait'], [], ['bait'], [], ['bait2']]);
  });

  it('copies nothing whose target is no longer a legal one (CR 608.2b): gone from the stack, or the copy effect itself', () => {
    const gone = runOf(S.COPIES, (t) => void (t.steps[2]!.state.stack = t.steps[2]!.state.stack.filter((o) => o.id !== 'bait2')));
    expect(spellCopiedOnResolution(gone, gone.steps[3]!)).toEqual([]);
    const itself = runOf(S.COPIES, (t) => void (twincast(t).targets = [['twin']]));
    expect(spellCopiedOnResolution(itself, itself.steps[3]!)).toEqual([]);
  });

  it('copies nothing for a spell whose card no accepted cast put there (its kick is unknown) or no card of the scenario describes, nor for an ability on top', () => {
    const uncast = runOf(S.COPIES, (t) => void (twincast(t).card = 'twinB'));
    expect(spellCopiedOnResolution(uncast, uncast.steps[3]!)).toEqual([]);
    const unknown = runOf(S.COPIES, (t) => void (twincast(t).card = 'no such card'));
    expect(spellCopiedOnResolution(unknown, unknown.steps[3]!)).toEqual([]);
    const abilities = runOf(S.ABILITIES);
    expect(abilities.steps[1]!.before.stack.at(-1)!.kind).toBe('ability');
    expect(spellCopiedOnResolution(abilities, abilities.steps[1]!)).toEqual([]);
  });
});
