// Engines in other processes that crash, hang or break the protocol: each gets its own status and a
// repro, nothing found before is lost, and the run finishes. The engines are the Python example with
// one fault each (test/fixtures/fault_engine.py).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killChildren, spawnChild } from './fixtures/children.ts';
import type { Repro } from '../model/schema-types.ts';
import { castcheckAsync } from './fixtures/castcheck-process.ts';
import { reproIn, storedRepro, storedRepros } from './fixtures/repros.ts';

const FIXTURE = 'python3 test/fixtures/fault_engine.py';

// Asynchronous, so that the tests of one file can run side by side: most of their time is spent
// waiting for time limits and restarts.
const castcheck = (...args: string[]) => castcheckAsync(args);

// No castcheck run (and through its watchdog no engine) outlives the file, whatever its tests did.
afterAll(killChildren);

/**
 * An engine's time limit, the same for every fault: castcheck's default, thousands of times what the
 * Python engine takes to answer, so that no working answer runs out of it on a loaded machine. Only an
 * engine that never answers (hang: it sleeps an hour) exceeds it, whatever the load.
 */
const LIMIT_MS = 10_000;

async function runFault(fault: string, ...extra: string[]) {
  const out = mkdtempSync(join(tmpdir(), 'castcheck-fault-'));
  // Shrinking is budgeted in engine runs, never in seconds. The engine that hangs does so on kicked
  // Comet Storms only, some of which come in a row: not the engine that hangs on everything, which
  // stops the run (ENGINE HANGS, test/slow-engines.test.ts).
  const hangs = fault.startsWith('hang') ? ['--max-timeouts', '60'] : [];
  const r = await castcheck('run', '--engine-cmd', `${FIXTURE} ${fault}`, '--runs', '60', '--seed', '3', '--timeout', String(LIMIT_MS), ...hangs, '--max-shrink-runs', '400', '--max-line-bytes', '1048576', '--out', out, '--no-progress', '--check-floor', '5', ...extra);
  return { ...r, out: r.out, dir: out };
}

/**
 * The run against the engine that hangs, made once for the two tests that read it. Every scenario it
 * hangs on costs the whole limit, so it is held to few by counts: at seed 3 the first hang is
 * scenario 11, and the run stops there (eight hangs in all, with shrinking).
 */
let hanging: ReturnType<typeof runFault> | undefined;
const hangRun = () => (hanging ??= runFault("hang --when 'Comet Storm'", '--runs', '11'));

/** A row of the summary table: property, rules, n/a, nothing checked, checked, checks, failed, status. */
function row(out: string, property: string): string[] {
  const line = out.split('\n').find((l) => l.startsWith(`${property} `));
  expect(line, `a row for ${property}`).toBeDefined();
  return line!.split(/\s{2,}/);
}

/** The stored repro whose signature starts with `name` (a property id, or crash, timeout, protocol-error). */
function readRepro(dir: string, name: string): Repro {
  return storedRepro(join(dir, 'store'), 'python-example', name).repro;
}

describe.concurrent('an engine that fails on some scenarios', () => {
  // Each fault strikes when the first cast is a kicked Comet Storm, so it shrinks to one.
  const cases = [
    { mode: 'hang', status: 'TIMEOUT', verdict: 'timeout', message: /no answer to request \d+ within 10000 ms; the engine was killed/ },
    { mode: 'non-json', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /a line that is not JSON: "DEBUG: resolving the stack"/ },
    { mode: 'wrong-id', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /answered request \d+ while request \d+ was waiting/ },
    { mode: 'invalid-trace', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /breaks the trace schema: \/steps\/0\/state: missing required property 'players'/ },
    { mode: 'endless-line', status: 'PROTOCOL_ERROR', verdict: 'protocol-error', message: /a line longer than 1048576 bytes/ },
    { mode: 'error', status: 'CRASH', verdict: 'crash', message: /reported an error for request \d+: NullPointerException in KickerAbility/ },
  ] as const;

  for (const c of cases) {
    it(`${c.mode}: ${c.status} with a repro, and the run goes on`, async () => {
      const r = c.mode === 'hang' ? await hangRun() : await runFault(`${c.mode} --when 'Comet Storm'`);
      expect(r.code).toBe(1);
      expect(r.out).toMatch(new RegExp(`^${c.status} the engine gave no usable trace$`, 'm'));
      expect(r.out).toMatch(c.message);
      // The other scenarios were judged: the run went on after each failure.
      const [, , , , checked, , failed, status] = row(r.out, 'kicker.declarations');
      expect(Number(checked)).toBeGreaterThan(0);
      expect([failed, status]).toEqual(['0', 'PASS']);
      expect(r.out).toMatch(new RegExp(`engine gave no usable trace for \\d+ scenario\\(s\\): .*${c.status} [1-9]`));
      expect(r.out).toMatch(/\d+ properties: \d+ passed, 0 failed, 0 expected to fail, 0 contested, \d+ under-tested, \d+ untested, \d+ skipped/);
      const repro = readRepro(r.dir, c.verdict);
      expect(repro.signature).toMatch(new RegExp(`^${c.verdict}`));
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

  it('two different crash bugs: two findings, each with its own repro that replays to its own signature', async () => {
    const r = await runFault("crash-two-ways --when 'Comet Storm'");
    expect(r.code).toBe(1);
    const signatures = ['crash:exit 70:RuntimeError: simulated crash', 'crash:SIGABRT:AssertionError: the stack is empty after resolve'];
    for (const signature of signatures) expect(r.out).toContain(`x ${signature}\n`);
    const files = signatures.map((signature) => reproIn(r.out, signature));
    expect(new Set(files).size).toBe(2);
    for (const [i, file] of files.entries()) {
      const again = await castcheck('replay', file);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(new RegExp(`^STILL FAILS on python-example 0\\.1\\.0: ${signatures[i]!.replace(/[.()]/g, '\\$&')}$`, 'm'));
    }
  });

  it('a crash that needs the scenarios before it: NOT REPRODUCED alone, and back when replayed after its history', async () => {
    const json = join(mkdtempSync(join(tmpdir(), 'castcheck-report-')), 'report.json');
    // The process dies on its third request, whatever the scenario.
    const r = await runFault('crash-on --n 3', '--runs', '10', '--pipeline', '1', '--json', json);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/not reproduced: the engine did not fail again when this scenario was run once more; it may depend on the 2 scenario\(s\) its process ran before it, kept in the repro/);
    const { path, repro } = storedRepro(join(r.dir, 'store'), 'python-example', 'crash-exit-70-runtimeerror-simulated-crash');
    expect(repro.replay.reproduced).toBe(false);
    expect(repro.history).toMatchObject({ omitted: 0 });
    expect(repro.history!.scenarios).toHaveLength(2);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.clusters.find((c: { verdict: string }) => c.verdict === 'crash')).toMatchObject({ reproduced: false, history: 2, repro: path });

    const again = await castcheck('replay', path);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^NOT REPRODUCED: the crash depended on earlier scenarios \(on python-example 0\.1\.0: crash:exit 70:RuntimeError: simulated crash\)$/m);
    expect(again.out).toMatch(/run after the 2 scenario\(s\) the engine process ran before it \(the repro's history\), in one fresh process, it fails again/);
    expect(again.out).toMatch(/^STILL FAILS after its history/m);
    // On an engine without the bug, neither alone nor after its history.
    const fixed = await castcheck('replay', path, '--engine-cmd', 'python3 examples/python-engine/engine.py');
    expect(fixed.code).toBe(0);
    expect(fixed.out).toMatch(/^NOT REPRODUCED on python-example 0\.1\.0: crash:exit 70:RuntimeError: simulated crash\n {2}neither alone nor after the 2 scenario\(s\)/m);
  });

  it('an engine that will not start again: the run stops, reports what it found, and finishes', async () => {
    const marker = join(mkdtempSync(join(tmpdir(), 'castcheck-marker-')), 'started');
    const r = await runFault(`exit-at-restart --n 20 --marker ${marker}`);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the run stopped after \d+ scenario\(s\): the engine failed to start 3 times in a row/);
    // With several requests in flight, the first scenario recorded as a crash is the one that met the
    // dying process (status 70) or one sent to it after (it would not start again): either is a CRASH.
    expect(r.out).toMatch(/^CRASH the engine gave no usable trace\n {2}signature: crash:.*\n {2}(the engine exited with status 70 while running request \d+|the engine did not start again: the engine exited with status 3 before answering hello)$/m);
    // Each way the engine crashed is a finding of its own, with its repro.
    const crashes = [...storedRepros(join(r.dir, 'store'), 'python-example')].filter(([name]) => name.startsWith('crash-'));
    expect(crashes.length).toBeGreaterThan(0);
    for (const [, repro] of crashes) expect(repro.verdict).toBe('crash');
    expect(Number(row(r.out, 'costs.total-cost-paid')[4])).toBeGreaterThan(0);
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

  it('starts in a working folder that does not exist: says so, not that the program is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'castcheck-fault-'));
    const config = join(dir, 'engine.json');
    writeFileSync(config, JSON.stringify({ command: 'python3 engine.py', cwd: 'no-such-folder' }));
    const r = await castcheck('run', '--engine-config', config, '--runs', '5');
    expect(r.code).toBe(2);
    expect(r.err).toContain(`could not be started (its working folder ${join(dir, 'no-such-folder')} does not exist)`);
    expect(r.err).not.toMatch(/no such program/);
  });

  it('is given with a shell pipeline', async () => {
    const r = await castcheck('run', '--engine-cmd', 'python3 engine.py | tee log', '--runs', '5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/run without a shell, so '\|' cannot be used/);
  });
});

describe('replaying a repro of an engine process', () => {
  it('starts the engine again with its command and time limit', async () => {
    const r = await hangRun();
    const file = storedRepro(join(r.dir, 'store'), 'python-example', 'timeout').path;
    const again = await castcheck('replay', file);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^STILL FAILS on python-example 0\.1\.0: timeout/);
    expect(again.out).toMatch(/within 10000 ms/);
    const fixed = await castcheck('replay', file, '--engine-cmd', 'python3 examples/python-engine/engine.py');
    expect(fixed.code).toBe(0);
    expect(fixed.out).toMatch(/^PASSES on python-example 0\.1\.0: the engine answers this scenario now/);
  });
});
