// Engines in other processes that crash, hang or break the protocol: each gets its own status and a
// repro, nothing found before is lost, and the run finishes. The engines are the Python example with
// one fault each (test/fixtures/fault_engine.py).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../model/schemas.ts';
import type { Repro } from '../model/schema-types.ts';

const FIXTURE = 'python3 test/fixtures/fault_engine.py';

// Asynchronous, so that the tests of one file can run side by side: most of their time is spent
// waiting for time limits and restarts.
function castcheck(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/castcheck.mjs', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

async function runFault(fault: string, ...extra: string[]) {
  const out = mkdtempSync(join(tmpdir(), 'castcheck-fault-'));
  // The engine that hangs costs its whole time limit on every scenario it hangs on, so its limit is
  // shorter; both are far above what the engine takes to answer, even on a busy machine. Shrinking is
  // budgeted in engine runs, never in seconds.
  const timeout = fault.startsWith('hang') ? '2000' : '10000';
  const r = await castcheck('run', '--engine-cmd', `${FIXTURE} ${fault}`, '--runs', '60', '--seed', '3', '--timeout', timeout, '--max-shrink-runs', '400', '--max-line-bytes', '1048576', '--out', out, '--no-progress', ...extra);
  return { ...r, out: r.out, dir: out };
}

/** A row of the summary table: property, rules, passed, failed, contested, skipped, status. */
function row(out: string, property: string): string[] {
  const line = out.split('\n').find((l) => l.startsWith(`${property} `));
  expect(line, `a row for ${property}`).toBeDefined();
  return line!.split(/\s{2,}/);
}

function readRepro(dir: string, name: string): Repro {
  const file = join(dir, 'repros', `${name}.repro.json`);
  expect(existsSync(file), `${file} is written`).toBe(true);
  const repro = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  expect(validateDocument('repro', repro)).toEqual([]);
  return repro as Repro;
}

describe.concurrent('an engine that fails on some scenarios', () => {
  // Each fault strikes when the first cast is a kicked Comet Storm, so it shrinks to one.
  const cases = [
    { mode: 'hang', status: 'TIMEOUT', verdict: 'timeout', message: /no answer to request \d+ within 2000 ms; the engine was killed/ },
    { mode: 'non-json', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /a line that is not JSON: "DEBUG: resolving the stack"/ },
    { mode: 'wrong-id', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /answered request \d+ while request \d+ was waiting/ },
    { mode: 'invalid-trace', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /breaks the trace schema: \/steps\/0\/state: missing required property 'players'/ },
    { mode: 'endless-line', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /a line longer than 1048576 bytes/ },
    { mode: 'error', status: 'CRASH', verdict: 'crash', message: /reported an error for request \d+: NullPointerException in KickerAbility/ },
  ] as const;

  for (const c of cases) {
    it(`${c.mode}: ${c.status} with a repro, and the run goes on`, async () => {
      const r = await runFault(`${c.mode} --when 'Comet Storm'`);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(new RegExp(`^${c.status} the engine gave no usable trace$`, 'm'));
      expect(r.out).toMatch(c.message);
      // The other scenarios were judged: the run went on after each failure.
      const [, , passed, failed, , , status] = row(r.out, 'kicker.declarations');
      expect(Number(passed)).toBeGreaterThan(0);
      expect([failed, status]).toEqual(['0', 'PASS']);
      expect(r.out).toMatch(new RegExp(`engine gave no usable trace for \\d+ scenario\\(s\\): .*${c.status} [1-9]`));
      expect(r.out).toMatch(/\d+ properties: \d+ passed, 0 failed, 0 contested, \d+ skipped/);
      const repro = readRepro(r.dir, c.verdict);
      expect(repro.verdict).toBe(c.verdict);
      expect(repro.observed).toMatch(c.message);
      expect(repro.engine).toMatchObject({ name: 'python-example', command: `${FIXTURE} ${c.mode} --when 'Comet Storm'`, cwd: process.cwd() });
      expect(repro.stderr).toMatch(/request \d+/);
      // Shrunk to the scenario the fault needs: a kicked Comet Storm.
      expect(repro.replay.reproduced).toBeUndefined();
      expect(repro.scenario.cards.map((card) => card.oracle)).toContain('Comet Storm');
      const cast = repro.scenario.actions[0]!;
      expect(cast.do === 'cast' && (cast.multikicker ?? 0)).toBe(1);
    });
  }

  it('crash on the nth scenario: CRASH with the stderr, and the failures found before it are kept', async () => {
    const r = await runFault('crash-on --n 40 --bug kicker-free', '--runs', '100');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL costs\.total-cost-paid/m);
    expect(r.out).toMatch(/^CRASH the engine gave no usable trace$/m);
    expect(r.out).toMatch(/the engine exited with status 70 while running request \d+/);
    expect(r.out).toMatch(/stderr: .*RuntimeError: simulated crash/);
    expect(readRepro(r.dir, 'costs.total-cost-paid').verdict).toBe('fail');
    const crash = readRepro(r.dir, 'crash');
    expect(crash.stderr).toMatch(/RuntimeError: simulated crash/);
    // The crash depends on how many requests the process has seen, not on the scenario.
    expect(crash.replay.reproduced).toBe(false);
    expect(r.out).toMatch(/not reproduced: the engine did not fail again/);
  });

  it('an engine that will not start again: the run stops, reports what it found, and finishes', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'castcheck-marker-')), 'started');
    const r = await runFault(`exit-at-restart --n 20 --marker ${marker}`);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the run stopped after \d+ scenario\(s\): the engine failed to start 3 times in a row/);
    // With several requests in flight, the first scenario recorded as a crash is the one that met the
    // dying process (status 70) or one sent to it after (it would not start again): either is a CRASH.
    expect(r.out).toMatch(/^CRASH the engine gave no usable trace\n {2}(the engine exited with status 70 while running request \d+|the engine did not start again: the engine exited with status 3 before answering hello)$/m);
    expect(readRepro(r.dir, 'crash').verdict).toBe('crash');
    expect(Number(row(r.out, 'costs.total-cost-paid')[2])).toBeGreaterThan(0);
    expect(r.out).toMatch(/^\d+ properties:/m);
  });
});

describe.concurrent('an engine that fails before the run', () => {
  it('exits at start: usage error (exit 2) with its status and stderr', async () => {
    const r = await runFault('exit-at-start');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the engine did not start \(CRASH\): the engine exited with status 3 before answering hello/);
    expect(r.err).toMatch(/fatal: cannot open the card database/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
  });

  it('speaks another protocol version: a clear refusal', async () => {
    const r = await runFault('protocol-9');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/\(PROTOCOL_ERROR\): the engine answers in protocol 9; castcheck offered protocol 1 and 2/);
  });

  it('does not exist', async () => {
    const r = await castcheck('run', '--engine-cmd', 'no-such-engine-program --castcheck', '--runs', '5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/could not be started \(no-such-engine-program: no such program\)/);
  });

  it('is given with a shell pipeline', async () => {
    const r = await castcheck('run', '--engine-cmd', 'python3 engine.py | tee log', '--runs', '5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/run without a shell, so '\|' cannot be used/);
  });
});

describe('replaying a repro of an engine process', () => {
  it('starts the engine again with its command and time limit', async () => {
    const r = await runFault("hang --when 'Comet Storm'", '--runs', '20');
    const file = join(r.dir, 'repros', 'timeout.repro.json');
    const again = await castcheck('replay', file);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^STILL FAILS on python-example 0\.1\.0: timeout/);
    expect(again.out).toMatch(/within 2000 ms/);
    const fixed = await castcheck('replay', file, '--engine-cmd', 'python3 examples/python-engine/engine.py');
    expect(fixed.code).toBe(0);
    expect(fixed.out).toMatch(/^PASSES on python-example 0\.1\.0: the engine answers this scenario now/);
  });
});
