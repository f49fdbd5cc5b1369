// A run stopped from outside keeps what it found: SIGINT and SIGTERM end it with its findings on disk,
// a partial report and exit status 130 / 143; SIGKILL leaves the findings written as they were found.
// Whatever the signal, no engine process is left behind. A reader that goes away (`| head`) ends a
// command quietly. The engine is the stalling fixture: it hangs, deaf to its input, the first time
// shrinking replays a failing scenario, so the run is surely still going when the signal comes.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { validateDocument } from '../model/schemas.ts';
import { killChildren, spawnChild } from './fixtures/children.ts';
import { storedRepros } from './fixtures/repros.ts';

interface Started {
  child: ChildProcess;
  out: string;
  pidFile: string;
  marker: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A run against the stalling engine, with its engines' process ids written to a file. */
function startStalled(...extra: string[]): Started {
  const out = mkdtempSync(join(tmpdir(), 'castcheck-interrupt-'));
  const marker = join(out, 'stalled');
  const pidFile = join(out, 'engine.pids');
  const engine = `"${process.execPath}" bin/run-ts.mjs test/fixtures/stalling-engine.ts copy-loses-kicked ${marker}`;
  const args = ['run', '--engine-cmd', engine, '--runs', '100', '--seed', '5', '--out', out, '--no-progress', '--timeout', '3600000', '--pipeline', '1'];
  const child = spawnChild(process.execPath, ['bin/castcheck.mjs', ...args, '--json', join(out, 'run.json'), '--junit', join(out, 'junit.xml'), ...extra.map((a) => a.replace('OUT', out))], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CASTCHECK_ENGINE_PID_FILE: pidFile },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, out, pidFile, marker, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Waits for something to happen: no time limit but the test's own. */
async function until(happened: () => boolean): Promise<void> {
  while (!happened()) await sleep(50);
}

/** Whether a process is still there; a zombie (dead, not yet reaped by whoever adopted it) is not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!existsSync('/proc')) return true;
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The engine processes the run started, once each has had a bounded number of polls to go away. */
async function engineProcessesLeft(pidFile: string): Promise<number[]> {
  const pids = readFileSync(pidFile, 'utf8').trim().split('\n').map(Number);
  expect(pids.length).toBeGreaterThan(0);
  // The watchdog acts when the kernel closes the dead castcheck's pipe: allow it some polls.
  for (let poll = 0; poll < 200 && pids.some(alive); poll++) await sleep(50);
  return pids.filter(alive);
}

/** The findings of the run in the failure store: the first failing scenario, written before shrinking, marked unshrunk. */
function expectFindingsOnDisk(out: string): void {
  const stored = [...storedRepros(join(out, 'store'), 'reference').values()];
  expect(stored.map((r) => r.signature)).toContain('copies.kicked-like-original');
  for (const repro of stored) expect(repro.replay.shrunk).toBe(false);
}

// A test that fails or times out leaves no castcheck run (and through its watchdog no engine) behind.
afterEach(killChildren);

describe('a run stopped by a signal', () => {
  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal}: findings on disk, a partial report, exit ${status}, no engine left`, async () => {
      // --update-expectations does not rewrite its file from a run cut short.
      const expectations = JSON.stringify({ format: 'castcheck-expectations/1', expectations: [{ signature: 'copies.same-choices', note: 'kept' }] });
      const file = join(mkdtempSync(join(tmpdir(), 'castcheck-interrupt-')), 'expectations.json');
      writeFileSync(file, expectations);
      const run = startStalled('--expectations', file, '--update-expectations');
      await until(() => existsSync(run.marker));
      run.child.kill(signal);
      expect(await run.exited).toEqual({ code: status, signal: null });
      expect(run.stderr()).toMatch(new RegExp(`^castcheck: ${signal}: stopping the run and writing what it found`, 'm'));
      expect(run.stderr()).not.toMatch(/at .*\.ts:\d+/);

      expectFindingsOnDisk(run.out);
      // The summary as far as it went, and the report files, marked partial.
      expect(run.stdout()).toMatch(new RegExp(`^the run stopped after \\d+ scenario\\(s\\): interrupted by ${signal}`, 'm'));
      expect(run.stdout()).toMatch(/^FAIL copies\.kicked-like-original/m);
      expect(run.stdout()).toMatch(/not shrunk/);
      expect(run.stdout()).toContain(`partial report: ${join(run.out, 'report.json')}`);
      for (const file of ['report.json', 'run.json']) {
        const report = JSON.parse(readFileSync(join(run.out, file), 'utf8'));
        expect(validateDocument('report', report)).toEqual([]);
        expect(report.partial).toBe(true);
        expect(report.stopped).toMatch(new RegExp(`^interrupted by ${signal}`));
        expect(report.runs).toBeGreaterThan(0);
        expect(report.runs).toBeLessThanOrEqual(100);
        const cluster = report.clusters.find((c: { signature: string }) => c.signature === 'copies.kicked-like-original');
        expect(cluster).toMatchObject({ shrunk: false });
        expect(existsSync(cluster.repro)).toBe(true);
      }
      expect(readFileSync(join(run.out, 'junit.xml'), 'utf8')).toMatch(/<testcase [^>]*name="copies\.kicked-like-original/);
      expect(run.stdout()).toContain(`expectations: ${file} not rewritten: the run was interrupted`);
      expect(readFileSync(file, 'utf8')).toBe(expectations);

      expect(await engineProcessesLeft(run.pidFile)).toEqual([]);
    });
  }

  it('SIGKILL: the findings written as they were found stay, and the watchdog kills the engine', async () => {
    const run = startStalled();
    await until(() => existsSync(run.marker));
    run.child.kill('SIGKILL');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expectFindingsOnDisk(run.out);
    // The engine hangs deaf to its input ending: only the watchdog can have killed it.
    expect(await engineProcessesLeft(run.pidFile)).toEqual([]);
  });

  it('a second SIGINT exits at once, with the engine stopped', async () => {
    const run = startStalled();
    await until(() => existsSync(run.marker));
    run.child.kill('SIGINT');
    await until(() => /stopping the run/.test(run.stderr()));
    run.child.kill('SIGINT');
    expect(await run.exited).toEqual({ code: 130, signal: null });
    expectFindingsOnDisk(run.out);
    expect(await engineProcessesLeft(run.pidFile)).toEqual([]);
  });
});

describe('output whose reader went away', () => {
  function withClosedStdout(...args: string[]) {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-epipe-'));
    const child = spawnChild(process.execPath, ['bin/castcheck.mjs', ...args.map((a) => a.replace('OUT', out))], { stdio: ['ignore', 'pipe', 'pipe'] });
    // As `castcheck ... | head -0`: the reader is gone before castcheck writes a line.
    child.stdout!.destroy();
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    return new Promise<{ code: number | null; stderr: string; out: string }>((resolve) => child.on('close', (code) => resolve({ code, stderr, out })));
  }

  it('ends castcheck list quietly, with the status of SIGPIPE', async () => {
    const r = await withClosedStdout('list', '--cards');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(141);
  });

  it('stops castcheck run as an interrupt does: a partial report, no stack trace', async () => {
    const r = await withClosedStdout('run', '--fault', 'copy-loses-kicked', '--runs', '100000', '--seed', '1', '--out', 'OUT', '--no-progress');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(141);
    const report = JSON.parse(readFileSync(join(r.out, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ partial: true, stopped: expect.stringMatching(/^interrupted by SIGPIPE/) });
    expect(report.runs).toBeLessThan(100000);
  });
});
