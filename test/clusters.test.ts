// Every distinct bug in one run: failures grouped by signature into clusters, each shrunk once;
// expectations (XFAIL, stale); partial observation and unsupported steps never taken for failures.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { EngineFailure } from '../adapters/engine-failure.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import type { Capabilities, Observable, Scenario, Trace } from '../model/schema-types.ts';
import { abstractPath } from '../properties/agreement.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { Expectations, staleAfterRun, staleExpectations, updatedExpectations } from '../runner/expectations.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';
import { engineFailureSignature, parseSignature, signatureFileName } from '../runner/signatures.ts';
import { engineFolder, FailureStore } from '../runner/store.ts';
import { editableCopy } from './fixtures/traces.ts';

const TOKEN_NAMES = 'agreement.reference:battlefield[].name';

function cluster(r: SuiteResult, signature: string) {
  return r.clusters.find((c) => c.signature === signature);
}

describe('signatures', () => {
  it('abstract the ids and positions out of agreement paths', () => {
    expect(abstractPath('stack[2].kicked')).toBe('stack[].kicked');
    expect(abstractPath('battlefield[a3.k1].counters')).toBe('battlefield[].counters');
    expect(abstractPath('battlefield.kavu')).toBe('battlefield[]');
    expect(abstractPath('stack')).toBe('stack[]');
    expect(abstractPath('players.p2.life')).toBe('players[].life');
    expect(abstractPath('players.p1')).toBe('players[]');
  });

  it('tell crashes apart by exit status and stderr, and the same crash from scenario to scenario as one', () => {
    const crash = (message: string, stderr: string) => engineFailureSignature(new EngineFailure('crash', message, stderr));
    const a = crash('the engine exited with status 70 while running request 12', 'request 11\nrequest 12\nTraceback (most recent call last):\nRuntimeError: simulated crash');
    const a2 = crash('the engine exited with status 70 while running request 40', 'request 40\nTraceback (most recent call last):\nRuntimeError: simulated crash');
    expect(a).toBe('crash:exit 70:RuntimeError: simulated crash');
    expect(a2).toBe(a);
    expect(crash('the engine exited with status 1 while running request 12', 'RuntimeError: simulated crash')).not.toBe(a);
    expect(crash('the engine exited with status 70 while running request 3', 'KeyError: card not found')).not.toBe(a);
    expect(crash('the engine was killed by SIGSEGV while running request 3', 'segmentation fault at 0x7ffd1234 in /usr/lib/engine.so')).toBe('crash:SIGSEGV:segmentation fault at <address> in <path>');
    expect(crash("the engine reported an error for request 5: unknown card 'bolt'", '')).toBe("crash:error:unknown card '…'");
    expect(engineFailureSignature(new EngineFailure('protocol-error', 'a line that is not JSON: "DEBUG: 3 items"'))).toBe('protocol-error:a line that is not JSON: "…"');
    expect(engineFailureSignature(new EngineFailure('timeout', 'no answer to request 7 within 2000 ms'))).toBe('timeout');
    expect(parseSignature(a)).toEqual({ engine: 'crash' });
    expect(parseSignature('agreement.reference:accepted->rejected:cannot-pay')).toEqual({ property: 'agreement.reference', kind: 'accepted->rejected:cannot-pay' });
    expect(parseSignature('copies.kicked-like-original')).toEqual({ property: 'copies.kicked-like-original', kind: 'fail' });
  });

  it('give repro files names that never collide, per engine and faults', () => {
    const signatures = [
      'copies.kicked-like-original',
      'copies.kicked-like-original:contested',
      'agreement.reference:stack[].kicked',
      'agreement.reference:stack.kicked',
      'agreement.reference:stack[]',
      'agreement.reference:stack',
      `agreement.reference:${'x'.repeat(120)}a`,
      `agreement.reference:${'x'.repeat(120)}b`,
      'crash:exit 70:RuntimeError: simulated crash',
      'crash:exit 70:RuntimeError: simulated crash!',
      'crash:exit 71:RuntimeError: simulated crash',
    ];
    const names = signatures.map((s) => signatureFileName(s));
    expect(new Set(names).size).toBe(signatures.length);
    for (const n of names) expect(n).toMatch(/^[a-z0-9.+-]+-[0-9a-f]{8}\.repro\.json$/);
    expect(engineFolder({ name: 'reference', version: '1', fault: 'a,b' })).toBe('reference+a+b');
    expect(engineFolder({ name: 'reference', version: '1', fault: 'a' })).not.toBe(engineFolder({ name: 'reference', version: '1' }));
    expect(engineFolder({ name: '../My Engine', version: '1' })).toBe('My-Engine');
    // Written, each keeps its own file.
    const store = new FailureStore(mkdtempSync(join(tmpdir(), 'castcheck-store-')), { name: 'x', version: '1' });
    const repro = (signature: string) => ({ format: 'castcheck-repro/1', signature, verdict: 'fail', engine: { name: 'x', version: '1' }, expected: '', observed: '', replay: { seed: 1, path: '0' }, scenario: { format: 'castcheck-scenario/1', cards: [], players: [{ id: 'p1' }, { id: 'p2' }], actions: [] } }) as never;
    for (const s of signatures) store.save(repro(s));
    expect(readdirSync(store.dir).filter((f) => f.endsWith('.repro.json'))).toHaveLength(signatures.length);
    expect(store.list().findings.map((f) => f.repro.signature).sort()).toEqual([...signatures].sort());
  });
});

describe('one run against several bugs', () => {
  it('reports two faults that different properties catch as distinct clusters, each with its own shrunk repro', async () => {
    const engine = faultyReference('copy-loses-kicked,flicker-keeps-kicked');
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 300, seed: 1, maxShrinkRuns: 400, shrinkBudget: 1500 });
    const copies = cluster(r, 'copies.kicked-like-original');
    const flicker = cluster(r, 'permanents.not-kicked-without-casting');
    for (const c of [copies, flicker]) {
      expect(c?.finding?.shrunk).toBe(true);
      expect(c?.finding?.reproduced).toBe(true);
      expect(c!.finding!.scenario.actions.length).toBeLessThanOrEqual(4);
    }
    expect(copies!.finding!.scenario.actions.map((a) => a.do)).toContain('copy');
    expect(flicker!.finding!.scenario.actions.map((a) => a.do)).toContain('flicker');
    // Agreement sees them too, under the field that differs first.
    expect(cluster(r, 'agreement.reference:stack[].kicked@copy')?.finding?.shrunk).toBe(true);
    // One cluster per signature, one repro per cluster.
    expect(new Set(r.clusters.map((c) => c.signature)).size).toBe(r.clusters.length);
    expect(r.findings).toHaveLength(r.clusters.length);
    const agreement = r.tallies.find((t) => t.property.id === 'agreement.reference')!;
    expect(r.clusters.filter((c) => c.property === agreement.property).reduce((n, c) => n + c.count, 0)).toBeGreaterThanOrEqual(agreement.failed);
  });

  it('shares one shrinking budget among the clusters', async () => {
    const engine = faultyReference('copy-loses-kicked,flicker-keeps-kicked');
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 150, seed: 1, shrinkBudget: 100 });
    expect(r.findings.reduce((n, f) => n + f.shrinkRuns, 0)).toBeLessThanOrEqual(100);
    expect(r.findings.length).toBe(r.clusters.length);
    const none = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 150, seed: 1, shrinkBudget: 0 });
    expect(none.findings.every((f) => !f.shrunk && f.shrinkRuns === 0)).toBe(true);
  });

  it('shows a known difference as XFAIL, unshrunk, and still finds and shrinks the real fault', async () => {
    const expectations = new Expectations([{ signature: TOKEN_NAMES, note: 'tokens are named "<name> Token"' }]);
    const engine = faultyReference('token-copy-renamed,copy-loses-kicked');
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 300, seed: 2, maxShrinkRuns: 400, expectations });
    const known = cluster(r, TOKEN_NAMES);
    expect(known?.expectation?.note).toMatch(/Token/);
    expect(known!.count).toBeGreaterThan(10);
    expect(known!.finding).toBeUndefined();
    expect(r.findings.map((f) => f.signature)).not.toContain(TOKEN_NAMES);
    expect(cluster(r, 'copies.kicked-like-original')?.finding?.shrunk).toBe(true);
    expect(cluster(r, 'agreement.reference:stack[].kicked@copy')?.finding?.shrunk).toBe(true);
    const agreement = r.tallies.find((t) => t.property.id === 'agreement.reference')!;
    expect(agreement.xfailed).toBeGreaterThan(0);
    expect(agreement.failed).toBeGreaterThan(0);
    // Without the expectation the token names are a failure of their own, counted where nothing
    // unexpected came before them in the scenario.
    const plain = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 300, seed: 2, shrinkBudget: 0 });
    // Without it, they are clusters by the action they differed at (`@resolve`, `@clone`...), which the expectation covers together.
    const names = plain.clusters.filter((c) => c.signature.startsWith(`${TOKEN_NAMES}@`));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((c) => c.expectation === undefined)).toBe(true);
    expect(names.reduce((n, c) => n + c.count, 0)).toBeLessThanOrEqual(known!.count);
  });

  it('finds an expectation stale when its property applied and it did not occur, agreement against the reference engine included', async () => {
    const expectations = new Expectations([
      { signature: TOKEN_NAMES, note: 'tokens' },
      { signature: 'copies.kicked-like-original', note: 'copies' },
      { signature: 'crash:exit 3:fatal', note: 'a crash' },
    ]);
    const r = await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: 100, seed: 3, expectations });
    const agreement = r.tallies.find((t) => t.property.id === 'agreement.reference')!;
    expect(agreement.skipped).toBeDefined();
    expect(agreement.vacuous).toBe(true);
    const stale = staleAfterRun(expectations, r, []);
    expect(stale.map((e) => e.signature)).toEqual([TOKEN_NAMES, 'copies.kicked-like-original', 'crash:exit 3:fatal']);
    // Seen, or without the chance to occur, it is not stale.
    expect(staleExpectations(expectations, new Set([TOKEN_NAMES]), () => false, 0)).toEqual([]);
    expect(staleAfterRun(expectations, r, [TOKEN_NAMES]).map((e) => e.signature)).not.toContain(TOKEN_NAMES);
    const doc = updatedExpectations(expectations, stale.slice(1), [{ signature: 'x.y', note: 'new' }], 'reference');
    expect(doc.expectations).toEqual([{ signature: TOKEN_NAMES, note: 'tokens' }, { signature: 'x.y', note: 'new' }]);
  });

  it('tells two different crashes apart: two clusters, two repros', async () => {
    const reference = new ReferenceEngine();
    const crashing: Engine = {
      id: { name: 'crashing', version: '1' },
      capabilities: reference.capabilities,
      run: async (s) => {
        if (s.actions.some((a) => a.do === 'copy')) throw new TypeError("Cannot read properties of undefined (reading 'kicker')");
        if (s.actions.some((a) => a.do === 'flicker')) throw new RangeError('Maximum call stack size exceeded');
        return reference.run(s);
      },
      close: async () => undefined,
    };
    const r = await runSuite({ ...judgeFor(crashing), properties: PROPERTIES, runs: 200, seed: 4, maxShrinkRuns: 300 });
    const crashes = r.clusters.filter((c) => c.kind === 'crash');
    expect(crashes.map((c) => c.signature).sort()).toEqual(["crash:error:RangeError: Maximum call stack size exceeded", "crash:error:TypeError: Cannot read properties of undefined (reading '…')"]);
    for (const c of crashes) expect(c.finding?.shrunk).toBe(true);
    expect(r.engineFailures.crash).toBe(crashes.reduce((n, c) => n + c.count, 0));
  });
});

describe('an engine that observes part of the state and cannot perform some actions', () => {
  const reference = new ReferenceEngine();
  const OBSERVES: Observable[] = ['stack.manaCost', 'stack.kicker', 'stack.timesKicked'];
  const UNSUPPORTED = new Set(['flicker', 'clone', 'destroyAll', 'bounce']);
  const capabilities: Capabilities = { ...reference.capabilities, observes: OBSERVES };

  /** The reference engine's answer with what it does not observe filled with nonsense, and `unsupported` from the first action it cannot perform. */
  const partial: Engine = {
    id: { name: 'partial', version: '1' },
    capabilities,
    run: async (s: Scenario): Promise<Trace> => {
      const trace = editableCopy(await reference.run(s));
      const first = s.actions.findIndex((a) => UNSUPPORTED.has(a.do));
      trace.steps.forEach((step, i) => {
        step.triggered = [];
        for (const o of step.state.stack) if (o.kind === 'spell') Object.assign(o, { multikicker: 99, spliced: ['nonsense'], totalCost: { mana: '{99}', sacrificed: [] } });
        for (const p of step.state.battlefield) Object.assign(p, { kicked: !p.kicked, timesKicked: 7, power: -1 });
        for (const p of step.state.players) Object.assign(p, { mana: { W: 42 }, library: [] });
        if (first !== -1 && i >= first) Object.assign(step, { outcome: 'unsupported', reason: undefined, message: `cannot ${s.actions[i]!.do}` });
      });
      for (const step of trace.steps) if (step.reason === undefined) delete step.reason;
      return trace;
    },
    close: async () => undefined,
  };

  it('gets no failure from either: what it does not observe is never compared, and an unsupported step ends what is judged', async () => {
    const r = await runSuite({ ...judgeFor(partial), properties: PROPERTIES, runs: 300, seed: 5 });
    expect(r.clusters.map((c) => `${c.signature}: ${c.first.hit.divergences[0]?.observed ?? c.first.judged.failure?.message}`)).toEqual([]);
    expect(r.unsupported).toBeGreaterThan(10);
    const agreement = r.tallies.find((t) => t.property.id === 'agreement.reference')!;
    expect(agreement.skipped).toBeUndefined();
    expect(agreement.passed).toBeGreaterThan(100);
    expect(r.tallies.find((t) => t.property.id === 'costs.total-cost-paid')!.skipped).toMatch(/does not observe player\.mana/);
  });

  it('still fails agreement on what it observes', async () => {
    const wrong: Engine = {
      ...partial,
      run: async (s) => {
        const trace = await partial.run(s);
        for (const step of trace.steps) for (const o of step.state.stack) if (o.kind === 'spell' && o.kicker?.length) o.kicker = [];
        return trace;
      },
    };
    const r = await runSuite({ ...judgeFor(wrong), properties: PROPERTIES, runs: 200, seed: 5, shrinkBudget: 0 });
    expect(r.clusters.map((c) => c.signature)).toContain('agreement.reference:stack[].kicker@cast');
  });
});
