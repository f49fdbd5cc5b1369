// castcheck fuzz and castcheck merge as a user runs them: failures stored once each, the store
// replayed first by the next run, engines in worker threads and in other processes, a time budget
// that stops the search, and shards on separate "machines" merged into the unsharded run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../model/schemas.ts';
import { storedRepros } from './fixtures/repros.ts';

function castcheck(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const FAULT = 'copy-loses-kicked';
const FOLDER = `reference+${FAULT}`;

describe('castcheck fuzz', () => {
  it('stores each distinct failure once with two workers, exits 1, and the next run replays the store first', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-fuzz-'));
    const args = ['fuzz', '--runs', '150', '--workers', '2', '--engine', 'reference', '--fault', FAULT, '--seed', '3', '--out', out, '--no-progress'];
    const first = castcheck(...args);
    expect(first.err).toBe('');
    expect(first.code).toBe(1);
    expect(first.out).toMatch(/^castcheck fuzz: 150 scenarios against reference .* with fault copy-loses-kicked \(seed 3; 2 worker\(s\)\)$/m);
    expect(first.out).toMatch(/^ {2}found copies\.kicked-like-original in scenario \d+$/m);
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
    expect(validateDocument('shard-result', result)).toEqual([]);
    const failing = result.clusters.filter((c: { xfail: boolean }) => !c.xfail);
    expect(failing.length).toBeGreaterThan(0);
    // One file per failure of the run, each shrunk, none twice.
    const stored = storedRepros(join(out, 'store'), FOLDER);
    expect(stored.size).toBe(failing.length);
    expect(new Set([...stored.values()].map((r) => r.signature))).toEqual(new Set(failing.map((c: { signature: string }) => c.signature)));
    for (const r of stored.values()) expect(r.replay.shrunk).toBeUndefined();
    // Each cluster says how many scenarios of the whole run showed it, though it was shrunk while the
    // workers still judged: a finding's lead in its story, the others of its finding after it.
    for (const c of failing as { signature: string; count: number }[]) {
      expect([`signature: ${c.signature} (${c.count} scenario(s) this run)`, `also seen as ${c.signature} (${c.count} scenario(s))`].some((line) => first.out.includes(line)), c.signature).toBe(true);
    }
    expect(failing.some((c: { count: number }) => c.count > 1)).toBe(true);
    expect(first.out).toMatch(/^repeat: npx castcheck fuzz --seed 3 --runs 150 --engine reference --fault copy-loses-kicked$/m);

    const again = castcheck(...args);
    expect(again.code).toBe(1);
    const lines = again.out.split('\n');
    const replayed = lines.findIndex((l) => /^store: \d+ finding\(s\) of earlier runs in .*, replayed first$/.test(l));
    expect(replayed).toBeGreaterThan(-1);
    expect(replayed).toBeLessThan(lines.findIndex((l) => l.startsWith('property ')));
    expect(again.out).toMatch(/^ {2}STILL FAILS +copies\.kicked-like-original {2}/m);
    // Still one file per failure: met again, a stored shrunk repro stands.
    expect(storedRepros(join(out, 'store'), FOLDER).size).toBe(stored.size);
    expect(again.out).not.toMatch(/shrunk in \d+ engine run/);
  });

  it('runs engine processes side by side, one per worker', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-fuzz-'));
    const served = `"${process.execPath}" bin/castcheck.mjs serve reference --fault ${FAULT}`;
    const r = castcheck('fuzz', '--runs', '60', '--workers', '2', '--engine-cmd', served, '--seed', '3', '--out', out, '--no-progress', '--max-shrink-runs', '60');
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL copies\.kicked-like-original/m);
  });

  it('stops at its time budget, and its result file repeats exactly what it judged', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-fuzz-'));
    const r = castcheck('fuzz', '--time', '1s', '--workers', '2', '--date', '2025-01-31', '--out', out, '--no-progress');
    expect(r.err).toBe('');
    expect([0, 1]).toContain(r.code);
    const result = JSON.parse(readFileSync(join(out, 'result.json'), 'utf8'));
    expect(result.timeBudget).toBe('1s');
    expect(r.out).toMatch(/from the date 2025-01-31/);
    // What it judged is every scenario up to where it stopped: that many again is the same run.
    expect(result.repeat).toBe(`npx castcheck fuzz --seed ${result.seed} --runs ${result.scenarios}`);
  });

  it('refuses bad usage with exit code 2 and one line naming the option', () => {
    expect(castcheck('fuzz').err).toMatch(/castcheck fuzz needs a budget: --time DURATION/);
    expect(castcheck('fuzz', '--time', 'soon').err).toMatch(/--time soon: a duration like 8h/);
    expect(castcheck('fuzz', '--runs', '5', '--shard', '3/2').code).toBe(2);
    expect(castcheck('fuzz', '--runs', '5', '--workers', '0').code).toBe(2);
    expect(castcheck('fuzz', '--runs', '5', '--seed', '1', '--date', '2025-01-31').err).toMatch(/either --seed or --date/);
  });
});

describe('castcheck merge', () => {
  it('makes two shards on separate machines into the unsharded run: the same report and the same store', () => {
    const base = mkdtempSync(join(tmpdir(), 'castcheck-merge-'));
    const run = ['--runs', '120', '--seed', '5', '--fault', `${FAULT},flicker-keeps-kicked`, '--no-progress', '--max-shrink-runs', '300'];
    for (const i of [1, 2]) expect(castcheck('fuzz', ...run, '--shard', `${i}/2`, '--out', join(base, `shard${i}`)).code).toBe(1);
    const merged = castcheck('merge', join(base, 'shard1', 'result.json'), join(base, 'shard2', 'result.json'), '--out', join(base, 'merged'), '--json', join(base, 'merged.json'));
    expect(merged.err).toBe('');
    expect(merged.code).toBe(1);
    expect(merged.out).toMatch(/^castcheck merge: 2 of 2 shard\(s\) of the run with seed 5 against .*: 120 scenarios$/m);
    expect(castcheck('fuzz', ...run, '--out', join(base, 'whole'), '--json', join(base, 'whole.json')).code).toBe(1);

    const report = (file: string) => {
      const r = JSON.parse(readFileSync(join(base, file), 'utf8'));
      expect(validateDocument('report', r)).toEqual([]);
      return { runs: r.runs, properties: r.properties, engineFailures: r.engineFailures, clusters: r.clusters.map((c: { repro?: string }) => ({ ...c, repro: undefined })) };
    };
    expect(report('merged.json')).toEqual(report('whole.json'));
    const folder = `reference+${FAULT}+flicker-keeps-kicked`;
    const files = (dir: string) => readdirSync(join(base, dir, 'store', folder)).sort();
    expect(files('merged')).toEqual(files('whole'));
    for (const name of files('whole')) expect(readFileSync(join(base, 'merged', 'store', folder, name), 'utf8'), name).toBe(readFileSync(join(base, 'whole', 'store', folder, name), 'utf8'));

    // The same shard twice, or shards of different runs, are refused.
    expect(castcheck('merge', join(base, 'shard1', 'result.json'), join(base, 'shard1', 'result.json')).err).toMatch(/shard 1\/2 is .* already/);
    expect(castcheck('merge', join(base, 'shard1', 'result.json'), join(base, 'whole', 'result.json')).code).toBe(2);
  });
});
