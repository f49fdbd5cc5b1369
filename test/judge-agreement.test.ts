// Agreement with the reference engine (properties/agreement.ts), judged step by step on hand-made
// traces: each change of outcome and each differing field a failure of its own kind, a difference
// that stands unchanged reported once, the reference engine going on from the engine's state after a
// difference (what followed from it alone attached as its consequences), and why it could not.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Observable, Scenario, Trace } from '../model/schema-types.ts';
import type { ResyncPoint } from '../model/resync.ts';
import { abstractPath, agreesWithReference } from '../properties/agreement.ts';
import { Run, type CheckContext, type Verdict } from '../properties/property.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';

const engine = new ReferenceEngine();

interface Options {
  /** What the engine declares it observes; left out, everything. */
  observes?: Observable[];
  /** false: no engine to compare with can start from an observed state; a string: the one that can says why it cannot. */
  resync?: false | string;
  /** A change to the reference engine's own trace. */
  reference?: (t: Trace) => void;
}

/** The agreement verdict on an engine whose trace of `s` is the reference engine's changed by `edit`; and the points the reference engine was asked to go on from. */
function agreement(s: Scenario, edit?: (t: Trace) => void, o: Options = {}): { verdict: Verdict; asked: number[][] } {
  const n = normalizeScenario(s);
  const t = editableCopy(engine.runSync(n));
  edit?.(t);
  const asked: number[][] = [];
  const ctx: CheckContext = {
    readings: { spliceCopy: 'ruling' },
    rerun: () => undefined,
    reference: () => {
      const r = editableCopy(engine.runSync(n));
      o.reference?.(r);
      return new Run(n, r);
    },
    ...(o.resync === false
      ? {}
      : {
          resynced: (points: readonly ResyncPoint[]) => {
            asked.push(points.map((p) => p.after));
            if (typeof o.resync === 'string') return o.resync;
            const r = engine.runResynced(n, points);
            return typeof r === 'string' ? r : new Run(n, r);
          },
        }),
    ...(o.observes ? { capabilities: { ...engine.capabilities, observes: o.observes } } : {}),
  };
  const verdict = agreesWithReference.check(new Run(n, t), ctx);
  if (verdict instanceof Promise) throw new Error('every answer is at hand: no promise');
  return { verdict, asked };
}

const life = (t: Trace, from: number, id: 'p1' | 'p2', by: number) => {
  for (const st of t.steps.slice(from)) st.state.players.find((p) => p.id === id)!.life += by;
};

/** An engine that goes wrong at step `at` only (`wrong` changes its state after it) and then plays on rightly from there: the reference engine started from that state. */
function wrongAt(s: Scenario, at: number, wrong: (t: Trace) => void): (t: Trace) => void {
  return (t) => {
    wrong(t);
    const rest = engine.runResynced(normalizeScenario(s), [{ after: at, state: t.steps[at]!.state }]);
    if (typeof rest === 'string') throw new Error(rest);
    t.steps = [...t.steps.slice(0, at + 1), ...editableCopy(rest).steps.slice(at + 1)];
  };
}

const poor = { ...S.DAMAGE, players: [{ ...S.DAMAGE.players[0]!, mana: { R: 1 } }, S.DAMAGE.players[1]!] } as Scenario;
const atP1 = { ...S.DAMAGE, actions: S.DAMAGE.actions.map((a, i) => (i === 0 ? { ...a, targets: [['p1']] } : a)) } as Scenario;
/** An engine whose first Zap targets p1 where the scenario says p2, and which goes on rightly from there. */
const wrongTarget = (t: Trace) => void (t.steps = editableCopy(engine.runSync(normalizeScenario(atP1))).steps);
const targetsDiffer = { step: 'a1', expected: 'stack[0].targets: [["p2"]]', observed: 'stack[0].targets: [["p1"]]', kind: 'stack[].targets@cast' };
const lifeDiffers = { step: 'a2', expected: 'players.p2.life: 18', observed: 'players.p2.life: 17', kind: 'players[].life@resolve' };

describe('agreement with the reference engine, step by step', () => {
  it('an engine that plays as the reference engine passes, one check a step; only the steps both engines gave are compared', () => {
    expect(agreement(S.DAMAGE)).toEqual({ verdict: { status: 'pass', checks: 10 }, asked: [] });
    expect(agreement(S.DAMAGE, (t) => life(t, 1, 'p2', -1), { resync: false, reference: (r) => void r.steps.splice(3) }).verdict).toMatchObject({ status: 'fail', checks: 3 });
  });

  it('a change of outcome is a failure of its own kind, by family of reason and action, with the reference engine\'s message; two reasons of one family are the same decision', () => {
    expect(agreement(poor, (t) => void Object.assign(t.steps[2]!, { outcome: 'rejected', reason: 'sacrifice-mismatch' }))).toEqual({ verdict: { status: 'pass', checks: 10 }, asked: [] });
    expect(agreement(poor, (t) => void Object.assign(t.steps[2]!, { outcome: 'rejected', reason: 'illegal-target' })).verdict).toEqual({
      status: 'fail',
      step: 'a3',
      expected: 'rejected:illegal-payment (the mana available cannot pay the total cost)',
      observed: 'rejected:illegal-targets',
      kind: 'rejected:illegal-payment->rejected:illegal-targets@cast',
      checks: 10,
    });
    // Nothing on the stack to resolve told as an object that is not there: the same family, no failure.
    expect(agreement(poor, (t) => void (t.steps[3]!.reason = 'no-such-object')).verdict).toEqual({ status: 'pass', checks: 10 });
    const accepted = agreement(poor, (t) => {
      t.steps[2]!.outcome = 'accepted';
      delete t.steps[2]!.reason;
    }, { resync: false });
    expect(accepted.verdict).toEqual({ status: 'fail', step: 'a3', expected: 'rejected:illegal-payment (the mana available cannot pay the total cost)', observed: 'accepted', kind: 'rejected:illegal-payment->accepted@cast', checks: 10 });
    // Accepted is not rejected, whatever reason an engine gives with it.
    expect(agreement(poor, (t) => void (t.steps[2]!.outcome = 'accepted'), { resync: false }).verdict).toMatchObject({ status: 'fail', step: 'a3', observed: 'accepted:illegal-payment', kind: 'rejected:illegal-payment->accepted:illegal-payment@cast' });
    // An accepted step has no message: none is shown.
    expect(agreement(S.DAMAGE, (t) => void Object.assign(t.steps[2]!, { outcome: 'rejected', reason: 'cannot-pay' }), { resync: false }).verdict).toEqual({
      status: 'fail', step: 'a3', expected: 'accepted', observed: 'rejected:illegal-payment', kind: 'accepted->rejected:illegal-payment@cast', checks: 10,
    });
  });

  it('a differing field is a failure named by its path without ids; the reference engine goes on from the engine\'s state after it, so the same error carried on is not counted again', () => {
    const carried = agreement(S.DAMAGE, (t) => life(t, 1, 'p2', -1));
    expect(carried).toEqual({ verdict: { status: 'fail', ...lifeDiffers, checks: 10 }, asked: [[1]] });
    // A hand in another order is the same hand: nothing differs, nothing to go on from.
    expect(agreement(S.DAMAGE, (t) => void t.steps[2]!.state.players[0]!.hand.reverse())).toEqual({ verdict: { status: 'pass', checks: 10 }, asked: [] });
    // A difference after the last step leaves nothing to go on to.
    expect(agreement(S.DAMAGE, (t) => life(t, 9, 'p2', -1))).toEqual({ verdict: { status: 'fail', ...lifeDiffers, step: 'a10', checks: 10 }, asked: [] });
  });

  it('without an engine that can go on from the engine\'s state, a difference that stands unchanged is reported once, where it began, and says why the comparison did not go on', () => {
    expect(agreement(S.DAMAGE, (t) => life(t, 1, 'p2', -1), { resync: false })).toEqual({
      verdict: { status: 'fail', ...lifeDiffers, notResynced: 'no engine to compare with can start from an observed state', checks: 10 },
      asked: [],
    });
    // One that grows is reported again where it changes (here at a cast: a kind of its own).
    expect(agreement(S.DAMAGE, (t) => {
      life(t, 1, 'p2', -1);
      life(t, 2, 'p2', -1);
    }, { resync: false }).verdict).toMatchObject({ status: 'fail', ...lifeDiffers, more: [{ step: 'a3', expected: 'players.p2.life: 18', observed: 'players.p2.life: 16', kind: 'players[].life@cast' }] });
  });

  it('what followed from a difference alone is attached to it as its consequences: a later cast accepted, a trigger missing, state after', () => {
    expect(agreement(S.DAMAGE, wrongTarget)).toEqual({ verdict: { status: 'fail', ...targetsDiffer, consequences: ['players[].life@resolve'], checks: 10 }, asked: [[0]] });
    const floating = agreement(poor, wrongAt(poor, 0, (t) => void (t.steps[0]!.state.players[0]!.mana = { R: 1 })));
    expect(floating).toEqual({
      verdict: {
        status: 'fail',
        step: 'a1',
        expected: 'players.p1.mana: {}',
        observed: 'players.p1.mana: {"R":1}',
        kind: 'players[].mana@cast',
        consequences: ['rejected:illegal-payment->accepted@cast', 'stack[]@cast', 'players[].hand@cast', 'rejected:illegal-object->accepted@resolve', 'battlefield[]@resolve', 'players[].graveyard@resolve'],
        checks: 10,
      },
      asked: [[0]],
    });
    const noGrower = agreement(S.ABILITIES, wrongAt(S.ABILITIES, 3, (t) => void (t.steps[3]!.state.battlefield = t.steps[3]!.state.battlefield.filter((p) => p.id !== 'grower'))));
    expect(noGrower.verdict).toMatchObject({ step: 'a4', kind: 'battlefield[]@resolve', consequences: ['stack[]@cast', 'triggered@cast', 'accepted->rejected:illegal-object@flicker', 'stack[]@resolve', 'players[].life@resolve', 'players[].graveyard@resolve'] });
    // With the engine it went on from cut short, nothing is compared past its end.
    expect(agreement(S.DAMAGE, wrongAt(S.DAMAGE, 1, (t) => void (t.steps[1]!.state.players[1]!.life = 17)), { reference: (r) => void r.steps.splice(3) })).toEqual({ verdict: { status: 'fail', ...lifeDiffers, checks: 10 }, asked: [[1]] });
    // A step that goes wrong on its own as well (p1's hand short of a card) is a failure of its own, not a consequence of the first.
    const handShort = (t: Trace) => {
      wrongTarget(t);
      wrongAt(S.DAMAGE, 1, (u) => void (u.steps[1]!.state.players[0]!.hand = u.steps[1]!.state.players[0]!.hand.filter((c) => c !== 's4')))(t);
    };
    expect(agreement(S.DAMAGE, handShort)).toEqual({
      verdict: { status: 'fail', ...targetsDiffer, consequences: ['players[].life@resolve'], more: [{ step: 'a2', expected: 'players.p1.hand: ["blast","s2","s3","s4"]', observed: 'players.p1.hand: ["blast","s2","s3"]', kind: 'players[].hand@resolve', consequences: ['players[].hand@cast', 'accepted->rejected:illegal-object@cast', 'stack[]@cast', 'players[].mana@cast', 'accepted->rejected:illegal-object@resolve', 'players[].life@resolve', 'players[].graveyard@resolve'] }], checks: 10 },
      asked: [[0], [0, 1]],
    });
    // A later step that goes wrong on its own is a failure again, and the reference engine goes on from each point.
    expect(agreement(S.DAMAGE, (t) => {
      life(t, 1, 'p2', -1);
      life(t, 5, 'p1', -1);
    }).asked).toEqual([[1], [1, 5]]);
  });

  it('where the engine compared with cannot go on, or the engine shows too little to start from, later steps are compared with the reference engine\'s own run, and the failures say why', () => {
    const why = 'the state names a token it never made';
    expect(agreement(S.DAMAGE, wrongTarget, { resync: why })).toEqual({
      verdict: { status: 'fail', ...targetsDiffer, notResynced: why, more: [{ step: 'a2', expected: 'players.p1.life: 20', observed: 'players.p1.life: 18', kind: 'players[].life@resolve', notResynced: why }], checks: 11 },
      asked: [[0]],
    });
    const unseen = 'the engine does not observe stack.kicker, stack.multikicker, stack.x, stack.spliced, ability.targets, permanent.kicked, permanent.powerToughness, player.mana, player.library';
    expect(agreement(S.DAMAGE, wrongTarget, { observes: ['step.triggered'] })).toEqual({
      verdict: { status: 'fail', ...targetsDiffer, notResynced: unseen, more: [{ step: 'a2', expected: 'players.p1.life: 20', observed: 'players.p1.life: 18', kind: 'players[].life@resolve', notResynced: unseen }], checks: 11 },
      asked: [],
    });
    // A field the engine does not observe is not compared.
    expect(agreement(poor, wrongAt(poor, 0, (t) => void (t.steps[0]!.state.players[0]!.mana = { R: 1 })), { observes: ['step.triggered', 'stack.x'] }).verdict).toMatchObject({ step: 'a3', kind: 'rejected:illegal-payment->accepted@cast' });
  });

  it('the abilities triggered are compared in order, by controller, source and ability, where the engine observes them', () => {
    const triggered = (edit: (ts: NonNullable<Trace['steps'][number]['triggered']>) => void, observes?: Observable[]) => agreement(S.ABILITIES, (t) => edit(t.steps[0]!.triggered!), { ...(observes ? { observes } : {}) }).verdict;
    const expected = 'triggered ["p1:link#0","p1:grower#0"]';
    const failed = (observed: string) => ({ status: 'fail', step: 'a1', expected, observed: `triggered ${observed}`, kind: 'triggered@cast', checks: 8 });
    expect(triggered((ts) => ts.reverse())).toEqual(failed('["p1:grower#0","p1:link#0"]'));
    expect(triggered((ts) => void (ts[0]!.ability = 1))).toEqual(failed('["p1:link#1","p1:grower#0"]'));
    expect(triggered((ts) => void (ts[0]!.controller = 'p2'))).toEqual(failed('["p2:link#0","p1:grower#0"]'));
    expect(triggered((ts) => void (ts[1]!.source = 'link'))).toEqual(failed('["p1:link#0","p1:link#0"]'));
    expect(triggered((ts) => void ts.pop())).toEqual(failed('["p1:link#0"]'));
    expect(triggered((ts) => void ts.reverse(), ['player.mana'])).toEqual({ status: 'pass', checks: 8 });
    expect(triggered((ts) => void ts.reverse(), ['step.triggered', 'player.mana'])).toEqual(failed('["p1:grower#0","p1:link#0"]'));
    expect(agreement(S.ABILITIES, (t) => void delete t.steps[0]!.triggered).verdict).toEqual(failed('[]'));
  });

  it('names a difference by its path with ids and positions taken out', () => {
    expect(['stack[2].kicked', 'battlefield[a3.k1].counters', 'battlefield.kavu', 'stack', 'players.p1.life', 'players.p2', 'players.p1.graveyard (order of the cards already there)', 'battlefield[x].counters[y]'].map(abstractPath)).toEqual([
      'stack[].kicked',
      'battlefield[].counters',
      'battlefield[]',
      'stack[]',
      'players[].life',
      'players[]',
      'players[].graveyard (order of the cards already there)',
      'battlefield[].counters[]',
    ]);
  });
});
