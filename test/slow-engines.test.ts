// Real engines are slow and fail. The engine here is the gated fixture (test/fixtures/gated-engine.ts):
// it answers only when the test lets it, never, or crashes, so that what each test sees depends on
// what the test does, never on the speed of the machine.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { quote } from 'shell-quote';
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

/** The capabilities of examples/printed-only.capabilities.json without multikicker, splice and cost changes: no relation property applies, so every scenario is one engine run. */
function oneRunEach(dir: string): string {
  const caps = JSON.parse(readFileSync('examples/printed-only.capabilities.json', 'utf8')) as { mechanics: string[] };
  caps.mechanics = caps.mechanics.filter((m) => !['multikicker', 'splice', 'costModifiers'].includes(m));
  const file = join(dir, 'one-run-each.capabilities.json');
  writeFileSync(file, JSON.stringify(caps));
  return file;
}

/** The scenarios events.jsonl says were judged so far. */
function judgedSoFar(out: string): number {
  const file = join(out, 'events.jsonl');
  if (!existsSync(file)) return 0;
  const done = readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as { event: string; done?: number })
    .filter((e) => e.event === 'progress')
    .map((e) => e.done!);
  return Math.max(0, ...done);
}

/** A run against the gated engine at the default --pipeline, with `allowed` answers let through: at seed 2 the first five scenarios show two clusters (copies.kicked-like-original, and agreement's at the copy). */
function gatedRun(allowed: number) {
  const out = mkdtempSync(join(tmpdir(), 'castcheck-slow-'));
  writeFileSync(join(out, 'allowed'), `${allowed}\n`);
  const engine = `${GATED} copy-loses-kicked gate ${out} --capabilities ${oneRunEach(out)}`;
  const child = spawn(process.execPath, ['bin/castcheck.mjs', 'run', '--engine-cmd', engine, '--runs', '100', '--seed', '2', '--out', out, '--no-progress', '--timeout', '3600000'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { child, out, exited, stdout: () => stdout };
}

async function until(happened: () => boolean): Promise<void> {
  while (!happened()) await sleep(50);
}

describe('an engine slower than castcheck judges', () => {
  // Five answers let through, at the default --pipeline (chunks of 32): each judged, tallied and its
  // failures stored as it came, not when a chunk is complete.
  for (const [signal, status] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} after 5 answers: 5 scenarios in the report, their 2 findings in the store`, async () => {
      const run = gatedRun(5);
      await until(() => judgedSoFar(run.out) === 5);
      run.child.kill(signal);
      expect(await run.exited).toEqual({ code: status, signal: null });
      const report = JSON.parse(readFileSync(join(run.out, 'report.json'), 'utf8')) as { runs: number; partial: boolean; clusters: { signature: string }[] };
      expect(report).toMatchObject({ runs: 5, partial: true });
      expect(report.clusters).toHaveLength(2);
      expect(run.stdout()).toMatch(new RegExp(`^the run stopped after 5 scenario\\(s\\): interrupted by ${signal}`, 'm'));
      expect([...storedRepros(join(run.out, 'store'), 'reference').values()].map((r) => r.signature).sort()).toEqual(report.clusters.map((c) => c.signature).sort());
    });
  }

  it('SIGKILL after 5 answers: their 2 findings in the store', async () => {
    const run = gatedRun(5);
    await until(() => judgedSoFar(run.out) === 5);
    run.child.kill('SIGKILL');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(storedRepros(join(run.out, 'store'), 'reference').size).toBe(2);
  });
});

describe('an engine that never answers', () => {
  // Its time limit is over the 5 s between progress lines, so that a line is due while each scenario waits.
  it('keeps the progress lines coming and stops the run as ENGINE HANGS after 3 time-outs in a row', async () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-slow-'));
    const r = await castcheck('run', '--engine-cmd', `${GATED} copy-loses-kicked never`, '--runs', '100', '--seed', '1', '--out', out, '--timeout', '6000');
    expect(r.code).toBe(1);
    expect(r.err.match(/^castcheck: scenario \d+: waiting \d+ s for the engine/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(r.out).toMatch(/^the run stopped after 3 scenario\(s\): ENGINE HANGS: no answer within the engine's time limit \(6000 ms\) on 3 scenarios in a row/m);
    expect(r.out).toMatch(/^TIMEOUT the engine gave no usable trace/m);
    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toMatch(/^## castcheck: ENGINE HANGS, 1 distinct failure\(s\)/);
    expect([...storedRepros(join(out, 'store'), 'reference').values()].map((x) => x.verdict)).toEqual(['timeout']);
  });
});

describe('two runs into one --out', () => {
  it('the second exits 2 naming the first; with --out-suffix it writes to its own folder; a killed run leaves its folder free', async () => {
    const first = gatedRun(0);
    await until(() => existsSync(join(first.out, 'events.jsonl')));
    const pid = first.child.pid!;

    const second = await castcheck('run', '--runs', '3', '--seed', '1', '--out', first.out, '--no-progress');
    expect(second.code).toBe(2);
    expect(second.err).toContain(`another castcheck run (process ${pid}) is writing to this folder`);

    const suffixed = await castcheck('run', '--runs', '3', '--seed', '1', '--out', first.out, '--no-progress', '--out-suffix');
    expect(suffixed.code).toBe(0);
    expect(suffixed.out).toContain(`writing to ${first.out}-2 (--out-suffix)`);
    expect(existsSync(join(`${first.out}-2`, 'report.json'))).toBe(true);
    expect(existsSync(join(first.out, 'report.json'))).toBe(false);

    first.child.kill('SIGKILL');
    await first.exited;
    const after = await castcheck('run', '--runs', '3', '--seed', '1', '--out', first.out, '--no-progress');
    expect(after.code).toBe(0);
    expect(existsSync(join(first.out, 'report.json'))).toBe(true);
  });
});

describe('commands that paste', () => {
  // The printed commands begin `npx castcheck`; pasted here they run this castcheck instead.
  const thisCastcheck = (line: string) => line.replace(/^npx castcheck /, `${quote([process.execPath, join(process.cwd(), 'bin', 'castcheck.mjs')])} `);
  const pasted = (line: string, cwd: string) => spawnSync('sh', ['-c', thisCastcheck(line)], { cwd, encoding: 'utf8' });

  it('from a folder whose path has a space and a letter beyond ASCII: replay, promote and cases, pasted into sh -c, run', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'castcheck-paste-')), "Jace's runs é");
    mkdirSync(folder);
    const out = join(folder, 'out');
    const run = await castcheckAsync(['run', '--fault', 'copy-loses-kicked', '--runs', '100', '--seed', '5', '--out', out, '--no-progress', '--shrink-budget', '0'], { cwd: folder });
    expect(run.code).toBe(1);
    const replay = /^ {2}replay: (.*)$/m.exec(run.out)![1]!;
    expect(replay).toContain(`'`);
    const replayed = pasted(replay, folder);
    expect(replayed.stdout).toMatch(/^STILL FAILS on reference/m);
    expect(replayed.status).toBe(1);

    const next = run.out.split('\n').slice(run.out.split('\n').indexOf('next:') + 1);
    const promote = next.find((l) => l.trimStart().startsWith('npx castcheck promote'))!.trim().replace(/ {3}#.*$/, '');
    const promoted = pasted(promote, folder);
    expect(promoted.status).toBe(0);
    const cases = /run it with the other cases: (.*)$/m.exec(promoted.stdout)![1]!;
    const ran = pasted(cases, folder);
    expect(ran.stdout).toMatch(/^PASS /m);
    expect(ran.status).toBe(0);

    // castcheck's own cases, from the same folder.
    const own = await castcheckAsync(['cases', '--filter', 'kicker'], { cwd: folder });
    expect(own.code).toBe(0);
  });
});
