// The README's long commands, run as a new user runs them: `npm start`'s command against the reference
// engine, then the walk through a finding (a run with a named fault, its replay, promote and cases),
// in an empty folder as written, with `npx castcheck` standing for this repository's command.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'shell-quote';
import { castcheckBin, castcheckCall, codeBlocks, commandsOf, readme, root } from './readme-commands.ts';

const folder = mkdtempSync(join(tmpdir(), 'castcheck-readme-'));
// The README's paths to examples/ and bin/ are relative to a clone's root.
symlinkSync(join(root, 'examples'), join(folder, 'examples'));
symlinkSync(join(root, 'bin'), join(folder, 'bin'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function castcheck(args: string[], cwd: string) {
  return spawnSync(process.execPath, [castcheckBin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

/** The castcheck commands of the README's shell blocks in the section under `heading`. */
function sectionCommands(heading: string): string[][] {
  const text = readme();
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start, heading).toBeGreaterThan(0);
  const end = text.indexOf('\n## ', start + 1);
  return codeBlocks(text.slice(start, end < 0 ? undefined : end))
    .filter((b) => b.lang === 'sh')
    .flatMap((b) => b.lines.flatMap(commandsOf))
    .flatMap((c) => {
      const call = castcheckCall(c.words);
      return call ? [[call.sub, ...call.args]] : [];
    });
}

type Ran = { args: string[]; result: ReturnType<typeof castcheck> };

/** Runs the castcheck commands of a README section in order, as written; none may be a usage error (2). */
function runSection(heading: string, keep: (args: string[]) => boolean = () => true): Ran[] {
  const ran = sectionCommands(heading)
    .filter(keep)
    .map((args) => ({ args, result: castcheck(args, folder) }));
  for (const { args, result } of ran) expect([0, 1], `castcheck ${args.join(' ')}: ${result.stderr}`).toContain(result.status);
  return ran;
}

function find(ran: Ran[], sub: string): Ran {
  const found = ran.find((r) => r.args[0] === sub);
  expect(found, `castcheck ${sub} in the README section`).toBeDefined();
  return found!;
}

describe('the README, run as written', () => {
  it("npm start's command runs the suite against the reference engine, exits 0 and prints the summary", () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const words = parse(scripts.start!).filter((w): w is string => typeof w === 'string');
    expect(words.slice(0, 2)).toEqual(['node', 'bin/castcheck.mjs']);
    const result = castcheck(words.slice(2), folder);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^castcheck: 1000 scenarios against reference/m);
    expect(result.stdout).toMatch(/^\d+ properties: \d+ passed, 0 failed/m);
    expect(result.stdout).toMatch(/^reports: castcheck-out\/report\.json/m);
  });

  it('walks through a finding: a named fault found, replayed, promoted and run as a fixed case', () => {
    const ran = runSection('Reading a finding');
    const run = find(ran, 'run');
    const replay = find(ran, 'replay');
    expect(run.result.status, run.result.stderr).toBe(1);
    // The repro the README replays is the one the run wrote, and the run prints its replay command.
    expect(run.result.stdout).toContain(`replay: npx castcheck ${replay.args.join(' ')}`);
    expect(replay.result.status, replay.result.stderr).toBe(1);
    expect(replay.result.stdout).toMatch(/^STILL FAILS/m);
    expect(find(ran, 'promote').result.status).toBe(0);
    // The promoted case expects what the reference engine does: the faulty engine fails it.
    expect(find(ran, 'cases').result.status).toBe(1);
  });

  it('CI and nightly runs: expectations, shards and their merge (the runs with a time budget aside)', () => {
    const ran = runSection('CI and nightly runs', (args) => !args.includes('--time'));
    const expected = find(ran, 'run');
    // token-copy-renamed is expected (XFAIL); copy-loses-kicked is the real bug, found.
    expect(expected.result.status, expected.result.stderr).toBe(1);
    expect(expected.result.stdout).toMatch(/XFAIL/);
    const shards = ran.filter((r) => r.args[0] === 'fuzz');
    expect(shards.length).toBeGreaterThanOrEqual(2);
    for (const shard of shards) expect(shard.result.status, shard.result.stderr).toBe(0);
    expect(find(ran, 'merge').result.status).toBe(0);
    expect(readFileSync(join(folder, 'castcheck-out/merged.json'), 'utf8')).toContain('"runs": 1000');
  });

  it("the first result's quick commands: the rules listed, a scenario file validated", () => {
    // The 20,000-scenario run beside them is the same command as npm start's, longer.
    const ran = runSection('The first result', (args) => !args.includes('--runs'));
    expect(find(ran, 'list').result.stdout).toContain('702.33d');
    expect(find(ran, 'validate').result.status).toBe(0);
  });
});
