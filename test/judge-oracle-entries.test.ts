// What enters the battlefield in a step and how (oracle/entries.ts, CR 400.7): kicked as its spell, with
// the counters it enters with (CR 603.6d), dying at once with no toughness (704.5f), or to the legend
// rule (704.5j), which leaves its absence no mismatch.
import { describe, expect, it } from 'vitest';
import { diesAtOnce, entries, expectedCounters, legendRuleMayTake } from '../oracle/entries.ts';
import type { CardDefinition } from '../model/schema-types.ts';
import type { Run } from '../oracle/run.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const listed = (run: Run, untilEmpty?: boolean) =>
  entries(run, untilEmpty === undefined ? undefined : { untilEmpty }).map((e) => [e.step.index, e.id, e.via, e.def.name, e.kick.kicker.length + e.kick.multikicker, e.spell?.id ?? '-', e.absent ?? false]);

const grower = (entersWith: CardDefinition['entersWith']): CardDefinition => ({ name: 'G', types: ['Creature'], power: 0, toughness: 1, entersWith });

describe('the oracle of entries (CR 400.7, 603.6d)', () => {
  it('lists what entered: a kicked spell, a flickered card; not what died at once, a flickered token, a second legend; in a step resolving everything only when asked', () => {
    const run = runOf(S.ENTRIES);
    expect(listed(run)).toEqual([
      [1, 'husk', 'spell', 'Husk', 1, 'husk', false],
      [11, 'bears', 'flicker', 'Grizzly Bears', 0, '-', false],
    ]);
    expect(listed(run, false)).toEqual(listed(run));
    expect(listed(run, true)).toEqual([
      [1, 'husk', 'spell', 'Husk', 1, 'husk', false],
      [9, 'bears', 'spell', 'Grizzly Bears', 0, 'bears', false],
      [11, 'bears', 'flicker', 'Grizzly Bears', 0, '-', false],
    ]);
    expect(entries(run)).toBe(entries(run));
  });

  it('marks absent what should have entered and is not there', () => {
    const run = runOf(S.ENTRIES, (t) => {
      for (const i of [1, 11]) t.steps[i]!.state.battlefield = t.steps[i]!.state.battlefield.filter((p) => p.id !== 'husk' && p.id !== 'bears');
    });
    expect(listed(run)).toEqual([
      [1, 'husk', 'spell', 'Husk', 1, 'husk', true],
      [11, 'bears', 'flicker', 'Grizzly Bears', 0, '-', true],
    ]);
  });

  it('puts counters on as the replacements say for the kick: each condition, per kick, -1/-1 counters too (CR 603.6d)', () => {
    const one = { kicker: ['A' as const], multikicker: 0 };
    const three = { kicker: [], multikicker: 3 };
    const none = { kicker: [], multikicker: 0 };
    const def = grower([
      { counter: '+1/+1', amount: 2, condition: 'kicked' },
      { counter: '+1/+1', amount: 1, condition: 'perKick' },
      { counter: '-1/-1', amount: 1 },
      { tapped: true },
    ]);
    expect([expectedCounters(def, none), expectedCounters(def, one), expectedCounters(def, three)]).toEqual([
      { '-1/-1': 1 },
      { '+1/+1': 3, '-1/-1': 1 },
      { '+1/+1': 5, '-1/-1': 1 },
    ]);
    expect(expectedCounters({ name: 'N', types: ['Creature'] }, one)).toEqual({});
    expect([diesAtOnce(def, none), diesAtOnce(def, one), diesAtOnce(grower([]), none), diesAtOnce(grower([{ counter: '-1/-1', amount: 1 }]), none)]).toEqual([true, false, false, true]);
    expect([diesAtOnce({ name: 'Wall', types: ['Artifact'], toughness: 0 }, none), diesAtOnce(undefined, none), diesAtOnce({ name: 'Shade', types: ['Creature'] }, none)]).toEqual([false, false, true]);
  });

  it('lets the legend rule take a legendary permanent when another of its name is there, and nothing else', () => {
    const run = runOf(S.ENTRIES);
    const step = run.steps[10]!;
    const legend: CardDefinition = { name: 'Lady of the Vale', types: ['Creature'], supertypes: ['Legendary'] };
    expect(legendRuleMayTake(legend, step, 'leg2')).toBe(true);
    expect(legendRuleMayTake(legend, step, 'leg1')).toBe(false);
    expect(legendRuleMayTake({ ...legend, supertypes: [] }, step, 'leg2')).toBe(false);
    expect(legendRuleMayTake({ ...legend, name: 'Another Lady' }, step, 'leg2')).toBe(false);
  });
});
