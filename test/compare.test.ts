import { describe, expect, it } from 'vitest';
import { diffStates, sameJson, sameJsonSince } from '../model/compare.ts';
import type { ObservedState } from '../model/schema-types.ts';

describe('comparing states step by step', () => {
  const shared = { id: 'kavu', counters: { '+1/+1': 2 } };
  const before = { stack: [{ id: 's1' }], battlefield: [shared], players: [{ id: 'p1', life: 20 }] };
  const beforeCopy = JSON.parse(JSON.stringify(before)) as typeof before;

  it('takes a part both sides left untouched since a pair found the same as the same', () => {
    const a = { ...before, players: [{ id: 'p1', life: 18 }] };
    const b = { ...beforeCopy, players: [{ id: 'p1', life: 18 }] };
    expect(sameJsonSince(a, b, before, beforeCopy)).toBe(true);
  });

  it('still finds what changed, in a changed part or beside an untouched one', () => {
    const a = { ...before, players: [{ id: 'p1', life: 18 }] };
    const b = { ...beforeCopy, players: [{ id: 'p1', life: 17 }] };
    expect(sameJsonSince(a, b, before, beforeCopy)).toBe(false);
    // One side changed a part the other kept: walked, not taken as the same.
    const c = { ...beforeCopy, battlefield: [{ id: 'kavu', counters: { '+1/+1': 3 } }] };
    expect(sameJsonSince(before, c, before, beforeCopy)).toBe(false);
    // Lists of other lengths, and parts of other kinds than before.
    expect(sameJsonSince({ ...before, stack: [] }, beforeCopy, before, beforeCopy)).toBe(false);
    expect(sameJsonSince({ ...before, stack: {} }, { ...beforeCopy, stack: {} }, before, beforeCopy)).toBe(true);
  });

  it('follows a part that moved by one place, as when a permanent enters or leaves before it', () => {
    const elf = { id: 'elf', counters: {} };
    const a = { ...before, battlefield: [elf, shared] };
    // The same on the other side, written anew: the kavu moved along on both.
    expect(sameJsonSince(a, { ...beforeCopy, battlefield: [{ id: 'elf', counters: {} }, beforeCopy.battlefield[0]!] }, before, beforeCopy)).toBe(true);
    // The other side's kavu changed as it moved: found, though this side's kavu is the part found the same before.
    expect(sameJsonSince(a, { ...beforeCopy, battlefield: [{ id: 'elf', counters: {} }, { id: 'kavu', counters: { '+1/+1': 3 } }] }, before, beforeCopy)).toBe(false);
    // And moved the other way, when the permanent before it left.
    const two = { ...before, battlefield: [elf, shared] };
    const twoCopy = JSON.parse(JSON.stringify(two)) as typeof two;
    expect(sameJsonSince({ ...two, battlefield: [shared] }, { ...twoCopy, battlefield: [twoCopy.battlefield[1]!] }, two, twoCopy)).toBe(true);
    expect(sameJsonSince({ ...two, battlefield: [shared] }, { ...twoCopy, battlefield: [twoCopy.battlefield[0]!] }, two, twoCopy)).toBe(false);
  });

  it('answers as sameJson does on every pair, whatever the pair before', () => {
    const elf = { id: 'elf', counters: {} };
    const kavuAhead = { ...before, battlefield: [elf, shared] };
    const kavuAheadCopy = JSON.parse(JSON.stringify(kavuAhead)) as typeof kavuAhead;
    const states = [before, beforeCopy, { ...before, players: [{ id: 'p1', life: 1 }] }, { ...before, stack: [] }, { ...beforeCopy, battlefield: [] }, kavuAhead, kavuAheadCopy, { ...beforeCopy, battlefield: [shared, elf] }, { ...before, battlefield: [elf, beforeCopy.battlefield[0]!] }, { ...before, battlefield: [elf, { id: 'kavu', counters: {} }] }];
    for (const a of states) for (const b of states) for (const wa of states) for (const wb of states) {
      if (!sameJson(wa, wb)) continue;
      expect(sameJsonSince(a, b, wa, wb)).toBe(sameJson(a, b));
    }
  });
});

describe('flags left out where false', () => {
  it('differ when set on one side only: a player who lost the game', () => {
    const state = (lost: boolean) => ({ stack: [], battlefield: [], players: [{ id: 'p1', life: 20, ...(lost ? { lost: true } : {}) }] }) as never;
    expect(diffStates(state(true), state(false)).map((d) => [d.path, d.expected, d.observed])).toEqual([['players.p1.lost', true, false]]);
    expect(diffStates(state(false), state(false))).toEqual([]);
  });
});

describe('graveyard order in a fixed case (CR 404.2)', () => {
  const state = (graveyard: string[]): ObservedState => ({ stack: [], battlefield: [], players: [{ id: 'p1', life: 20, hand: [], graveyard }, { id: 'p2', life: 20, hand: [], graveyard: [] }] });
  const expected = (graveyard: string[]): Partial<ObservedState> => ({ players: [{ id: 'p1', life: 20, hand: [], graveyard }] as unknown as ObservedState['players'] });
  const before = state(['old1', 'old2']);

  it('lets cards put there during the step come in any order', () => {
    expect(diffStates(expected(['old1', 'old2', 'new1', 'new2']), state(['old1', 'old2', 'new2', 'new1']), true, before)).toEqual([]);
  });

  it('fails a graveyard whose cards already there changed order', () => {
    const diffs = diffStates(expected(['old1', 'old2', 'new1']), state(['old2', 'old1', 'new1']), true, before);
    expect(diffs.map((d) => d.path)).toEqual(['players.p1.graveyard (order of the cards already there)']);
  });

  it('still compares the cards as a set, and leaves the order out without the state before', () => {
    expect(diffStates(expected(['old1', 'old2']), state(['old2', 'old1']), true)).toEqual([]);
    expect(diffStates(expected(['old1', 'old2', 'new1']), state(['old1', 'old2']), true, before).map((d) => d.path)).toEqual(['players.p1.graveyard']);
  });
});
