// The Python example engine (examples/python-engine/): castcheck passes it with its skipped
// properties listed, it agrees with the reference engine on every scenario it can run, it passes the
// fixed cases it has the cards for, and its own unit tests pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { diffStates, formatDifferences } from '../model/compare.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { checkCase, loadCases } from '../runner/cases.ts';

const COMMAND = 'python3 examples/python-engine/engine.py';
let python: ProcessEngine;

beforeAll(async () => {
  python = await ProcessEngine.start({ argv: ['python3', 'examples/python-engine/engine.py'], command: COMMAND, ...PROCESS_DEFAULTS, validateProtocol: true });
});
afterAll(async () => {
  await python.close();
});

describe('the Python example engine', () => {
  it('passes castcheck run with its skipped properties listed (the acceptance run)', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-python-'));
    const r = spawnSync(process.execPath, ['bin/castcheck.mjs', 'run', '--engine-cmd', COMMAND, '--out', out, '--no-progress'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/1000 scenarios against python-example 0\.1\.0/);
    expect(r.stdout).toMatch(/declares mechanics: kicker, multikicker, x; actions: cast, resolve; 8 printed card\(s\)/);
    expect(r.stdout).toMatch(/copies\.kicked-like-original .*SKIP: does not support copy$/m);
    expect(r.stdout).toMatch(/splice\.card-stays-in-hand .*SKIP: does not support splice$/m);
    expect(r.stdout).toMatch(/splice\.keeps-main-characteristics .*SKIP: does not support splice$/m);
    expect(r.stdout).toMatch(/\d+ properties: \d+ passed, 0 failed, 0 expected to fail, 0 contested, \d+ under-tested, \d+ untested, [1-9]\d* skipped/);
  });

  it('agrees with the reference engine on every step of the scenarios it can run', async () => {
    const reference = new ReferenceEngine();
    const scenarios = fc.sample(scenarioArb({ capabilities: python.capabilities }), { seed: 17, numRuns: 1000 });
    const disagreements: string[] = [];
    let illegal = 0;
    for (const s of scenarios) {
      const n = normalizeScenario(s);
      const [theirs, ours] = [await python.run(n), reference.runSync(n)];
      n.actions.forEach((action, i) => {
        const [a, b] = [theirs.steps[i]!, ours.steps[i]!];
        const diffs = diffStates(b.state, a.state);
        if (a.outcome !== b.outcome || a.reason !== b.reason || diffs.length > 0) {
          disagreements.push(`${JSON.stringify(action)}: ${a.outcome}/${a.reason ?? ''} vs ${b.outcome}/${b.reason ?? ''} ${formatDifferences(diffs)}`);
        }
        if (b.outcome === 'rejected') illegal++;
      });
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // The generated illegal declarations were among them.
    expect(illegal).toBeGreaterThan(50);
  });

  it('passes the fixed cases whose cards and actions it supports', async () => {
    const caps = python.capabilities;
    const runnable = loadCases().filter(({ case: c }) =>
      c.scenario.cards.every((card) => card.oracle !== undefined && caps.cards.oracle?.includes(card.oracle)) &&
      c.scenario.actions.every((a) => caps.actions.includes(a.do) && !(a.do === 'cast' && a.withoutPayingManaCost && !caps.mechanics.includes('freeCast'))),
    );
    expect(runnable.length).toBeGreaterThanOrEqual(5);
    const failing: string[] = [];
    for (const { case: c } of runnable) for (const p of await checkCase(python, c)) failing.push(`${c.id}: ${p}`);
    expect(failing).toEqual([]);
  });

  it('passes its own tests (pytest)', () => {
    const r = spawnSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'examples/python-engine'], { encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    expect(r.stdout).toMatch(/\d+ passed/);
    expect(r.status).toBe(0);
  });
});
