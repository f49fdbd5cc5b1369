// The reference engine shares what an action does not change: between the game before an action and
// the game it works on (adapters/reference/game.ts), and between the observed states of a trace
// (observe.ts). Traces are kept and judged after the run, so nothing shared may change later.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { cloneGame, initialGame, mutablePermanent, player, sealGame } from '../adapters/reference/game.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import * as F from './fixtures/scenarios.ts';

const engine = new ReferenceEngine();
const scenarios: NormalizedScenario[] = [
  ...[F.KICKED_BOLT_COPIED, F.RECAST_AFTER_REJECTION, F.MULTIKICKED_PACK].map(normalizeScenario),
  ...fc.sample(scenarioArb({ capabilities: engine.capabilities, illegalShare: 0.3 }), { seed: 15, numRuns: 300 }).map(normalizeScenario),
];

/** Every object and array reachable from `value`, each once. */
function* parts(value: unknown, seen = new Set<object>()): Generator<object> {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  yield value;
  for (const v of Object.values(value)) yield* parts(v, seen);
}

describe('the reference engine shares unchanged parts, and never changes them', () => {
  it('freezes every part of every observed state', () => {
    expect(process.env.CASTCHECK_FREEZE_STATES, 'set by vitest.config.ts').toBe('1');
    let count = 0;
    for (const s of scenarios) {
      const t = engine.runSync(s);
      for (const state of [t.initialState, ...t.steps.map((step) => step.state)]) {
        for (const part of parts(state)) {
          count++;
          expect(Object.isFrozen(part)).toBe(true);
        }
      }
    }
    expect(count).toBeGreaterThan(10_000);
  });

  it('shares the parts of a state that an action left as they were', () => {
    const t = engine.runSync(normalizeScenario(F.KICKED_BOLT_COPIED));
    // Copying the kicked Burst Lightning changes the stack and nothing on the battlefield.
    expect(t.steps[1]!.state.battlefield).toBe(t.steps[0]!.state.battlefield);
    expect(t.steps[1]!.state.stack).not.toBe(t.steps[0]!.state.stack);
    expect(t.steps[1]!.state.stack[0]).toBe(t.steps[0]!.state.stack[0]);
  });

  it('leaves a trace as it was while the engine goes on with other scenarios', () => {
    const kept = scenarios.map((s) => {
      const trace = engine.runSync(s);
      return { trace, json: JSON.stringify(trace) };
    });
    for (const s of scenarios) engine.runSync(s);
    for (const k of kept) expect(JSON.stringify(k.trace)).toBe(k.json);
  });

  it('observes each step as a run that stops after it would: later actions change no earlier state', () => {
    let compared = 0;
    for (const s of scenarios.slice(0, 150)) {
      const whole: Trace = engine.runSync(s);
      for (let k = 1; k < s.actions.length; k++) {
        const prefix = engine.runSync({ ...s, actions: s.actions.slice(0, k) });
        expect(JSON.stringify(prefix.steps)).toBe(JSON.stringify(whole.steps.slice(0, k)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('throws on a change to a sealed permanent; mutablePermanent changes a copy, and the game before keeps its own', () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'bears', oracle: 'Grizzly Bears' }],
      players: [{ id: 'p1', battlefield: [{ card: 'bears' }] }, { id: 'p2' }],
      actions: [],
    });
    const before = initialGame(s);
    sealGame(before);
    const next = cloneGame(before);
    const bears = next.battlefield[0]!;
    expect(() => {
      bears.tapped = true;
    }).toThrow(TypeError);
    const changed = mutablePermanent(next, bears);
    changed.tapped = true;
    changed.counters['+1/+1'] = 1;
    expect(next.battlefield[0]).toBe(changed);
    expect(mutablePermanent(next, bears)).toBe(changed);
    expect(before.battlefield[0]).toMatchObject({ tapped: false, counters: {} });
    expect(changed.serial).toBe(before.battlefield[0]!.serial);
  });

  it('shares the players until one changes: player copies a sealed one, and the game before keeps its own', () => {
    const s = normalizeScenario({ format: 'castcheck-scenario/1', cards: [{ id: 'bolt', oracle: 'Burst Lightning' }], players: [{ id: 'p1', hand: ['bolt'] }, { id: 'p2' }], actions: [] });
    const before = initialGame(s);
    sealGame(before);
    const next = cloneGame(before);
    expect(next.players[0]).toBe(before.players[0]);
    expect(() => next.players[0].hand.pop()).toThrow(TypeError);
    const p1 = player(next, 'p1');
    p1.hand.pop();
    p1.life -= 3;
    expect(next.players[0]).toBe(p1);
    expect(player(next, 'p1')).toBe(p1);
    expect(next.players[1]).toBe(before.players[1]);
    expect(before.players[0]).toMatchObject({ hand: ['bolt'], life: 20 });
  });
});
