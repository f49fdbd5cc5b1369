// What enters the battlefield in a step and how (oracle/entries.ts, CR 400.7): kicked as its spell, with
// the counters it enters with (CR 603.6d), dying at once with no toughness (704.5f), or to the legend
// rule (704.5j), which leaves its absence no mismatch.
import { describe, expect, it } from 'vitest';
import { diesAtOnce, entries, expectedCounters, legendRuleMayTake } from '../oracle/entries.ts';
import type { CardDefinition, Scenario } from '../model/schema-types.ts';
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

describe('the oracle of entries: resolving everything, spells that die at once, legends and flickered clones', () => {
  const SHADE = S.creature('Husk', 0, 0, { kicker: { costs: [{ mana: '{1}' }] }, entersWith: [{ counter: '+1/+1', amount: 2, condition: 'kicked' }] });
  const LADY = S.creature('Lady of the Vale', 2, 2, { supertypes: ['Legendary'] });
  /**
   * Steps: 0 an unkicked Husk cast, 1 it resolves and dies at once (704.5f), 2 a second Lady of the
   * Vale cast, 3 it resolves beside the first (the legend rule, 704.5j), 4 and 5 an unkicked Husk and
   * Grizzly Bears cast, 6 everything resolves: the Bears enter, the Husk dies at once.
   */
  const s: Scenario = {
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'husk', definition: SHADE },
      { id: 'husk2', definition: SHADE },
      { id: 'lady1', definition: LADY },
      { id: 'lady2', definition: LADY },
      { id: 'bears', oracle: 'Grizzly Bears' },
    ],
    players: [
      { id: 'p1', hand: ['husk', 'husk2', 'lady2', 'bears'], mana: { G: 2, C: 8 }, battlefield: [{ card: 'lady1' }] },
      { id: 'p2' },
    ],
    actions: [
      { do: 'cast', card: 'husk' },
      { do: 'resolve' },
      { do: 'cast', card: 'lady2' },
      { do: 'resolve' },
      { do: 'cast', card: 'husk2' },
      { do: 'cast', card: 'bears' },
      { do: 'resolve', untilEmpty: true },
    ],
  };

  it('a spell that dies at once or to the legend rule is no missing entry; resolving everything lists only what entered', () => {
    const run = runOf(s);
    expect(run.steps.map((x) => x.step.outcome)).toEqual(Array(7).fill('accepted'));
    expect(run.steps[3]!.after.battlefield.map((p) => p.id)).toEqual(['lady1']);
    expect(listed(run)).toEqual([]);
    expect(listed(run, true)).toEqual([[6, 'bears', 'spell', 'Grizzly Bears', 0, 'bears', false]]);
  });

  it('a Lady that stays while the first goes is listed; one the engine leaves out where no rule takes it is absent', () => {
    const stays = runOf(s, (t) => (t.steps[3]!.state.battlefield = t.steps[3]!.state.battlefield.map((p) => ({ ...p, id: 'lady2', card: 'lady2' }))));
    expect(listed(stays)).toEqual([[3, 'lady2', 'spell', 'Lady of the Vale', 0, 'lady2', false]]);
    const alone = runOf({ ...s, players: [{ ...s.players[0], battlefield: [] }, s.players[1]] });
    expect(listed(alone)).toEqual([[3, 'lady2', 'spell', 'Lady of the Vale', 0, 'lady2', false]]);
  });

  it('a spell whose cast the engine refused, or whose card no definition names, enters as nothing the oracle can judge', () => {
    const refused = runOf(s, (t) => Object.assign(t.steps[5]!, { outcome: 'rejected', reason: 'illegal-action' }));
    expect(listed(refused, true)).toEqual([]);
    const first = runOf(s, (t) => Object.assign(t.steps[0]!, { outcome: 'rejected', reason: 'illegal-action' }));
    expect(listed(first)).toEqual([]);
    const unknown = runOf(s, (t) => {
      for (const i of [2]) {
        const o = t.steps[i]!.state.stack.at(-1)!;
        if (o.kind === 'spell') o.card = 'nothing';
      }
    });
    expect(listed(unknown)).toEqual([]);
  });
});
