// Agreement re-synchronised to the engine's state (issue 36): after a step whose state differs, the
// reference engine goes on from what the engine showed, so that a later step fails only where it goes
// wrong on its own, and what followed from the first difference alone is attached to it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Expectations } from '../runner/expectations.ts';
import type { Engine } from '../adapters/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { canonical } from '../model/compare.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { scenarioAt } from '../runner/scenario-space.ts';
import type { Observable, Scenario, Trace } from '../model/schema-types.ts';
import { agreesWithReference } from '../properties/agreement.ts';
import { divergences, type Divergence, type Failed } from '../properties/property.ts';
import { judge, judgeFor, type Judge } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { notResyncedLines } from '../reports/console.ts';
import { COPIED_PERMANENT, DEATHS, FIZZLE, KICKED_BOLT_COPIED, SPLICED_SPIKE, TRIGGERS } from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';

/** The agreement's divergences for an engine's run of a scenario, judged by `j`. */
async function agreement(j: Judge, s: Scenario): Promise<Divergence[]> {
  const judged = await judge(j, s, [agreesWithReference]);
  const v = judged.verdicts!.get('agreement.reference')!;
  return v.status === 'fail' ? divergences(v as Failed) : [];
}

/** The reference engine as an engine that cannot start from an observed state: agreement as it was before. */
function withoutResync(j: Judge): Judge {
  const r = new ReferenceEngine();
  return { ...j, reference: { id: r.id, capabilities: r.capabilities, run: (s) => r.run(s), runSync: (s) => r.runSync(s), close: () => r.close() } };
}

/** An engine whose answer is `engine`'s with `edit` made to it. */
function edited(engine: Engine, edit: (t: Trace) => void, observes?: Observable[]): Engine {
  return {
    id: { name: 'edited', version: '1' },
    capabilities: observes ? { ...engine.capabilities, observes } : engine.capabilities,
    runSync: (s) => {
      const t = editableCopy(engine.runSync!(s));
      edit(t);
      return t;
    },
    run: async (s) => (edited(engine, edit, observes).runSync!(s)),
    close: async () => undefined,
  };
}

describe('the reference engine started from an observed state', () => {
  it('given its own state after every step, runs as it runs alone', () => {
    const reference = new ReferenceEngine();
    for (const s of [KICKED_BOLT_COPIED, SPLICED_SPIKE, FIZZLE, TRIGGERS, COPIED_PERMANENT, DEATHS]) {
      const n = normalizeScenario(s);
      const own = reference.runSync(n);
      const points = own.steps.slice(0, -1).map((step, after) => ({ after, state: step.state }));
      const resynced = reference.runResynced(n, points);
      expect(typeof resynced === 'string' ? resynced : resynced.steps).toEqual(own.steps);
    }
  });

  it('given its own state after every step of generated scenarios, runs as it runs alone, events included', () => {
    const reference = new ReferenceEngine();
    const arb = scenarioArb({ capabilities: reference.capabilities });
    for (let k = 0; k < 200; k++) {
      const n = normalizeScenario(scenarioAt(arb, 7, k).value);
      const own = reference.runSync(n);
      const resynced = reference.runResynced(n, own.steps.slice(0, -1).map((step, after) => ({ after, state: step.state })));
      expect(typeof resynced === 'string' ? resynced : canonical(resynced.steps), `scenario ${k}`).toBe(canonical(own.steps));
    }
  });

  it('goes on from the state given: a spell shown unkicked resolves unkicked', () => {
    const reference = new ReferenceEngine();
    const n = normalizeScenario(COPIED_PERMANENT);
    const own = editableCopy(reference.runSync(n));
    // After the copy action: the copy of the kicked Kavu Titan shown unkicked.
    const state = own.steps[2]!.state;
    const copy = state.stack.find((o) => o.id === 'copy')!;
    Object.assign(copy, { kicked: false, kicker: [], multikicker: 0, timesKicked: 0 });
    const resynced = reference.runResynced(n, [{ after: 2, state }]);
    if (typeof resynced === 'string') throw new Error(resynced);
    const token = resynced.steps[3]!.state.battlefield.find((p) => p.id === 'copy')!;
    expect(token).toMatchObject({ token: true, kicked: false, power: 2, toughness: 2, counters: {} });
    expect(own.steps[3]!.state.battlefield.find((p) => p.id === 'copy')).toMatchObject({ kicked: true, power: 5, toughness: 5 });
  });

  it('says why where the state names what it cannot make: a token it never made', () => {
    const reference = new ReferenceEngine();
    const n = normalizeScenario(KICKED_BOLT_COPIED);
    const state = editableCopy(reference.runSync(n)).steps[0]!.state;
    state.battlefield.push({ id: 'thopter', name: 'Thopter', owner: 'p1', controller: 'p1', token: true, tapped: false, counters: {} });
    expect(reference.runResynced(n, [{ after: 0, state }])).toMatch(/token thopter \(Thopter\) is none the reference engine made/);
  });
});

describe('agreement after a divergence', () => {
  const copyLosesKick = judgeFor(faultyReference('copy-loses-kicked'));

  it('reports a copy that lost its kick once, at the copy, with what followed as its consequences', async () => {
    const found = await agreement(copyLosesKick, COPIED_PERMANENT);
    expect(found.map((d) => d.kind)).toEqual(['stack[].kicked@copy', 'stack[].kicker@copy', 'stack[].timesKicked@copy']);
    expect(found[0]!.consequences).toEqual(expect.arrayContaining(['battlefield[].kicked@resolve', 'battlefield[].counters@resolve', 'battlefield[].power@resolve']));
    expect(found.every((d) => d.notResynced === undefined)).toBe(true);
    // Compared with the reference engine's own run, the token it resolves into is reported too.
    const before = await agreement(withoutResync(copyLosesKick), COPIED_PERMANENT);
    expect(before.map((d) => d.kind)).toEqual(expect.arrayContaining(['stack[].kicked@copy', 'battlefield[].kicked@resolve', 'battlefield[].counters@resolve']));
    expect(before[0]!.notResynced).toMatch(/cannot start from an observed state/);
  });

  it('still reports a later step that goes wrong on its own', async () => {
    // The copy loses its kick, and at the last step the engine also takes a life from p2 that nothing took.
    const twice = { ...copyLosesKick, engine: edited(copyLosesKick.engine, (t) => void (t.steps.at(-1)!.state.players[1].life -= 1)) };
    const found = await agreement(twice, COPIED_PERMANENT);
    expect(found.map((d) => d.kind)).toEqual(['stack[].kicked@copy', 'stack[].kicker@copy', 'stack[].timesKicked@copy', 'players[].life@resolve']);
    expect(found[0]!.consequences).not.toContain('players[].life@resolve');
  });

  it('compares with the reference engine own run where the engine shows too little of its state, and says what it does not show', async () => {
    const reference = new ReferenceEngine();
    const observes = reference.capabilities.observes.filter((o) => o !== 'player.library');
    const partial = { ...copyLosesKick, engine: edited(copyLosesKick.engine, () => undefined, observes) };
    const found = await agreement(partial, COPIED_PERMANENT);
    expect(found.map((d) => d.kind)).toEqual(expect.arrayContaining(['stack[].kicked@copy', 'battlefield[].kicked@resolve']));
    expect(found[0]!.notResynced).toBe('the engine does not observe player.library');
  });

  it('counts the scenarios it could not go on from the engine state in, by why, and the console says so', async () => {
    const observes = new ReferenceEngine().capabilities.observes.filter((o) => o !== 'player.library');
    const partial = { ...copyLosesKick, engine: edited(copyLosesKick.engine, () => undefined, observes) };
    const r = await runSuite({ ...partial, properties: [agreesWithReference], runs: 40, seed: 1, maxShrinkRuns: 0 });
    const n = r.notResynced?.['the engine does not observe player.library'] ?? 0;
    expect(n).toBeGreaterThan(0);
    expect(notResyncedLines(r.notResynced).join('\n')).toContain(`own run in ${n} scenario(s)`);
    const whole = await runSuite({ ...copyLosesKick, properties: [agreesWithReference], runs: 40, seed: 1, maxShrinkRuns: 0 });
    expect(whole.clusters.length).toBeGreaterThan(0);
    expect(whole.notResynced).toBeUndefined();
  });

  it('with the first fault of a pair marked XFAIL, reports the second and none of the first one consequences', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castcheck-resync-'));
    const file = join(dir, 'expectations.json');
    // The first fault, copy-loses-kicked, as it shows at the copy: the copy's kick in every field that
    // shows it, and a copy refused whose kicked part's targets were copied (where another spell then
    // stands in the copy's place on the stack, its first field to differ is the colours).
    const kinds = ['stack[].kicked', 'stack[].kicker', 'stack[].timesKicked', 'stack[].multikicker', 'stack[].colors', 'accepted->rejected:illegal-targets'].map((k) => ({ signature: `agreement.reference:${k}`, note: 'a copy loses its kick' }));
    writeFileSync(file, JSON.stringify({ format: 'castcheck-expectations/1', engine: 'reference', expectations: kinds }));
    const expectations = Expectations.load(file, [agreesWithReference]);
    const pair = judgeFor(faultyReference('copy-loses-kicked,flicker-keeps-kicked'));
    const run = (j: Judge) => runSuite({ ...j, properties: [agreesWithReference], runs: 300, seed: 1, maxShrinkRuns: 0, expectations });
    const r = await run(pair);
    const failing = r.clusters.filter((c) => !c.expectation).map((c) => c.signature);
    expect(failing.length).toBeGreaterThan(0);
    // Every failure left is the second fault's: a flickered permanent that keeps its kick.
    expect(failing.filter((s) => !s.endsWith('@flicker'))).toEqual([]);
    expect(r.clusters.some((c) => c.expectation)).toBe(true);
    // Compared with the reference engine's own run, what follows from the copy's lost kick fails too.
    const before = await run(withoutResync(pair));
    expect(before.clusters.filter((c) => !c.expectation && !c.signature.endsWith('@flicker')).length).toBeGreaterThan(0);
  });
});
