// Whether a target is still the object that was targeted (oracle/targeted-objects.ts, CR 400.7,
// 608.2b): a permanent that left the battlefield since it was targeted, or was flickered, is a new
// object; a copy that kept its original's target targeted it when the original did (CR 707.10).
import { describe, expect, it } from 'vitest';
import { flickeredIn, newObjectSinceTargeted, stepThatStacked } from '../oracle/targeted-objects.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, verdictOf } from './fixtures/trace-edits.ts';

const ZAP2 = S.instant('Zap', '{R}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 2, target: 0 }] });
const TWINCAST = S.instant('Twincast', '{U}', { targets: [{ kind: 'instantOrSorcerySpell' }], effects: [{ kind: 'copySpell', target: 0 }] });
/**
 * Zap aimed at Grizzly Bears, the Bears flickered (a new object, CR 400.7), then a copy of Zap made
 * with new targets naming the Bears as they are now (CR 707.10c): by a copy action (steps 0 to 4), or
 * by Twincast resolving (steps 0 to 5).
 */
/** The trace with the Bears left untouched by the copy, as if it had targeted the old object, from step `from` on. */
function bearsStayFrom(t: Trace, from: number): void {
  const bears = t.steps[from - 1]!.state.battlefield.find((p) => p.id === 'bears')!;
  for (const s of t.steps.slice(from)) {
    s.state.battlefield = [...s.state.battlefield.filter((p) => p.id !== 'bears'), structuredClone(bears)].sort((x, y) => x.id.localeCompare(y.id));
    s.state.players[1]!.graveyard = [];
  }
}

const COPIED_AFTER_FLICKER = (byTwincast: boolean): Scenario => ({
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'z', definition: ZAP2 },
    { id: 'twin', definition: TWINCAST },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'ox', definition: S.creature('Ox', 2, 4) },
  ],
  players: [
    { id: 'p1', hand: ['z', 'twin'], mana: { R: 1, U: 1 } },
    { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'ox' }] },
  ],
  actions: [
    { do: 'cast', card: 'z', targets: [['bears']] },
    { do: 'flicker', permanent: 'bears' },
    ...(byTwincast
      ? [{ do: 'cast' as const, card: 'twin', targets: [['z']] }, { do: 'resolve' as const, id: 'c1', newTargets: [['bears']] }]
      : [{ do: 'copy' as const, id: 'c1', spell: 'z', newTargets: [['bears']] }]),
    { do: 'resolve' },
    { do: 'resolve' },
  ],
});

/** The trace with the copy's 2 damage killing the Bears it named, from step `from` on (CR 704.5g). */
function bearsDieAt(t: Trace, from: number): void {
  for (const s of t.steps.slice(from)) {
    s.state.battlefield = s.state.battlefield.filter((p) => p.id !== 'bears');
    s.state.players[1]!.graveyard = ['bears'];
  }
}

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

  it('a copy given new targets after the permanent came back targets the new object, from the copy on (CR 400.7, 707.10c)', async () => {
    for (const byTwincast of [false, true]) {
      const s = COPIED_AFTER_FLICKER(byTwincast);
      const resolving = byTwincast ? 4 : 3;
      const made = resolving - 1;
      const run = runOf(s, (t) => bearsDieAt(t, resolving));
      expect(run.steps[resolving]!.before.stack.at(-1)!.id).toBe('c1');
      expect(stepThatStacked(run, run.steps[resolving]!, 'c1')).toBe(made);
      expect(newObjectSinceTargeted(run, run.steps[resolving]!, 'bears', 'c1')).toBe(false);
      // Zap itself targeted the Bears before they were flickered.
      expect(newObjectSinceTargeted(run, run.steps[resolving]!, 'bears', 'z')).toBe(true);
      // The property that reads it: the Bears die to the copy's damage, as they must; staying is the failure.
      const n = normalizeScenario(s);
      const died = editableCopy(engine.runSync(n));
      bearsDieAt(died, resolving);
      const stayed = editableCopy(engine.runSync(n));
      bearsStayFrom(stayed, resolving);
      const damage = propertyById('resolution.damage-to-creatures')!;
      expect((await verdictOf(propertyById('resolution.player-effects')!, n, died)).status).toBe('pass');
      expect((await verdictOf(damage, n, died)).status).toBe('pass');
      // A trace where the copy did nothing to the Bears, as if they were the old object, fails.
      expect(await verdictOf(damage, n, stayed)).toMatchObject({ status: 'fail', step: byTwincast ? 'a5' : 'a4', expected: 'bears has 2 damage after c1', observed: '0 damage', rule: '120.3' });
    }
  });

  it('the reference engine plays it so: the copy given new targets after the flicker kills the Bears, and Zap then has no legal target', () => {
    for (const byTwincast of [false, true]) {
      const t = engine.runSync(normalizeScenario(COPIED_AFTER_FLICKER(byTwincast)));
      const resolving = byTwincast ? 4 : 3;
      expect(t.steps[resolving]!.state.battlefield.map((p) => p.id)).toEqual(['ox']);
      expect(t.steps[resolving]!.state.players[1]!.graveyard).toEqual(['bears']);
    }
  });
});

describe('the oracle of targeted objects: whose target a copy keeps, and what a flicker spell flickers', () => {
  /**
   * Steps: 0 Other Zap at the Ox, 1 Zap at Grizzly Bears (on top of it), 2 the Bears tapped, 3 the Bears
   * flickered, 4 a copy of Zap keeping its target, 5 the copy resolves.
   */
  const KEPT: Scenario = {
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'z0', definition: S.instant('Other Zap', '{R}', { targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] }) },
      { id: 'z', definition: ZAP2 },
      { id: 'bears', oracle: 'Grizzly Bears' },
      { id: 'ox', definition: S.creature('Ox', 2, 4) },
    ],
    players: [
      { id: 'p1', hand: ['z0', 'z'], mana: { R: 2 } },
      { id: 'p2', battlefield: [{ card: 'bears' }, { card: 'ox' }] },
    ],
    actions: [
      { do: 'cast', card: 'z0', targets: [['ox']] },
      { do: 'cast', card: 'z', targets: [['bears']] },
      { do: 'tap', permanent: 'bears' },
      { do: 'flicker', permanent: 'bears' },
      { do: 'copy', id: 'c1', spell: 'z' },
      { do: 'resolve' },
    ],
  };

  it("a copy that kept its target targeted it when its own original did, not another spell below it", () => {
    const run = runOf(KEPT);
    expect(run.steps.map((x) => x.step.outcome)).toEqual(Array(6).fill('accepted'));
    expect(newObjectSinceTargeted(run, run.steps[5]!, 'bears', 'c1')).toBe(true);
    // Tapped is no new object; nor is a permanent for an object that was never on the stack.
    expect(newObjectSinceTargeted(run, run.steps[3]!, 'bears', 'z')).toBe(false);
    expect(newObjectSinceTargeted(run, run.steps[5]!, 'bears', 'nothing')).toBe(false);
    expect(newObjectSinceTargeted(run, run.steps[5]!, 'ox', 'z0')).toBe(false);
  });

  const BLINK = S.instant('Blink Twice', '{W}', {
    targets: [{ kind: 'creature' }, { kind: 'creature' }],
    effects: [{ kind: 'flicker', target: 0 }, { kind: 'gainLife', amount: 1 }, { kind: 'flicker', target: 0 }, { kind: 'damage', amount: 1, target: 1 }],
  });
  /** Two Zaps at p2, then Blink Twice at Grizzly Bears (flickered twice) and the Ox (dealt 1 damage), resolving at step 3 (`before` first). */
  const blink = (before: Scenario['actions'] = []): Scenario => ({
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'z', definition: ZAP2 },
      { id: 'z2', definition: S.instant('Other Zap', '{R}', { targets: [{ kind: 'player' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] }) },
      { id: 'blink', definition: BLINK },
      { id: 'bears', oracle: 'Grizzly Bears' },
      { id: 'ox', definition: S.creature('Ox', 2, 4) },
    ],
    players: [
      { id: 'p1', hand: ['z', 'z2', 'blink'], mana: { R: 2, W: 1 }, battlefield: [{ card: 'bears' }, { card: 'ox' }] },
      { id: 'p2' },
    ],
    actions: [
      { do: 'cast', card: 'z2', targets: [['p2']] },
      { do: 'cast', card: 'z2', targets: [['p2']] },
      { do: 'cast', card: 'blink', targets: [['bears'], ['ox']] },
      ...before,
      { do: 'resolve' },
      { do: 'resolve' },
      { do: 'resolve' },
      { do: 'resolve' },
    ],
  });

  it('a spell that exiles and returns its target flickers it once, and only the targets of its flicker effects', () => {
    const s = blink();
    s.actions[0] = { do: 'cast', card: 'z', targets: [['bears']] };
    const run = runOf(s);
    expect(run.steps.map((x) => x.step.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'accepted', 'accepted', 'rejected']);
    expect(run.steps[3]!.before.stack.map((o) => o.id)).toEqual(['z', 'z2', 'blink']);
    expect(flickeredIn(run, run.steps[3]!)).toEqual(['bears']);
    // Zap resolving flickers nothing; nor does a resolve on an empty stack, though an engine accepted it.
    expect(flickeredIn(run, run.steps[5]!)).toEqual([]);
    const empty = runOf(s, (t) => Object.assign(t.steps[6]!, { outcome: 'accepted', reason: undefined }));
    expect(flickeredIn(empty, empty.steps[6]!)).toEqual([]);
    // A spell no card describes flickers nothing.
    const unknown = runOf(s, (t) => {
      const top = t.steps[2]!.state.stack.at(-1)!;
      if (top.kind === 'spell') top.card = 'nothing';
    });
    expect(flickeredIn(unknown, unknown.steps[3]!)).toEqual([]);
  });

  it('a target that changed zones before the flicker spell resolves is a new object it does not flicker', () => {
    const s = blink([{ do: 'flicker', permanent: 'bears' }]);
    s.actions[0] = { do: 'cast', card: 'z', targets: [['bears']] };
    const run = runOf(s);
    expect(run.steps[4]!.before.stack.at(-1)!.id).toBe('blink');
    expect(flickeredIn(run, run.steps[4]!)).toEqual([]);
  });
});

