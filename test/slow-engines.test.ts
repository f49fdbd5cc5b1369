// Real engines are slow and fail. The engine here is the gated fixture (test/fixtures/gated-engine.ts):
// it answers only when the test lets it, never, or crashes, so that what each test sees depends on
// what the test does, never on the speed of the machine.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { castcheckAsync } from './fixtures/castcheck-process.ts';
import { storedRepros } from './fixtures/repros.ts';

const GATED = `"${process.execPath}" bin/run-ts.mjs test/fixtures/gated-engine.ts`;

const castcheck = (...args: string[]) => castcheckAsync(args);

/** A failure store with one finding of the reference engine with copy-loses-kicked, in the folder the gated fixture's findings go to. */
function storeWithOneFinding(): { store: string; repro: string } {
  const found = mkdtempSync(join(tmpdir(), 'castcheck-slow-'));
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', 'run', '--fault', 'copy-loses-kicked', '--runs', '100', '--seed', '5', '--out', found, '--no-progress', '--shrink-budget', '0'], { encoding: 'utf8' });
  expect(r.status).toBe(1);
  const [name] = [...storedRepros(join(found, 'store'), 'reference+copy-loses-kicked').keys()].filter((n) => n.startsWith('copies.kicked-like-original-'));
  expect(name).toBeDefined();
  const store = join(found, 'kept');
  mkdirSync(join(store, 'reference'), { recursive: true });
  const repro = join(store, 'reference', basename(name!));
  copyFileSync(join(found, 'store', 'reference+copy-loses-kicked', name!), repro);
  return { store, repro };
}

describe('an engine that crashes on a stored finding', () => {
  it('replay says CRASH and exits non-zero; run keeps the finding in the store and fails', async () => {
    const { store, repro } = storeWithOneFinding();
    const crashing = `${GATED} copy-loses-kicked crash`;

    const replay = await castcheck('replay', repro, '--engine-cmd', crashing);
    expect(replay.code).toBe(1);
    expect(replay.out).toMatch(/^CRASH on reference .*: the engine failed on this scenario instead of showing copies\.kicked-like-original/m);
    expect(replay.out).toContain('gated-engine: crashing as told');
    expect(replay.out).not.toMatch(/PASSES/);

    const out = mkdtempSync(join(tmpdir(), 'castcheck-slow-'));
    const run = await castcheck('run', '--engine-cmd', crashing, '--store', store, '--out', out, '--runs', '2', '--seed', '1', '--shrink-budget', '0', '--no-progress');
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/^ {2}CRASH +copies\.kicked-like-original \(the engine failed on its scenario: whether it is fixed is not known; kept\)/m);
    expect(run.out).not.toMatch(/NOW PASSES/);
    expect(existsSync(repro)).toBe(true);
    expect(existsSync(join(store, 'reference', 'fixed')) ? readdirSync(join(store, 'reference', 'fixed')) : []).toEqual([]);
  });
});
