// Every distinct bug in one run, as a user runs castcheck: clusters with their own repros, expectations
// (XFAIL, stale, rewritten), the failure store that survives a killed run and is replayed first, and
// findings promoted to fixed cases.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../model/schemas.ts';
import { killedWhileShrinking } from './fixtures/killed-run.ts';
import { reproIn, storedRepro, storedRepros } from './fixtures/repros.ts';

function castcheck(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const TOKEN_NAMES = 'agreement.reference:battlefield[].name';

describe('castcheck run against several bugs at once', () => {
  it('reports two faults as distinct clusters, each with its own shrunk repro that replays', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-store-'));
    const r = castcheck('run', '--fault', 'copy-loses-kicked,flicker-keeps-kicked', '--runs', '300', '--seed', '1', '--out', out, '--no-progress');
    expect(r.err).toBe('');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^ +\d+ x copies\.kicked-like-original$/m);
    expect(r.out).toMatch(/^ +\d+ x permanents\.not-kicked-without-casting$/m);
    const files = [reproIn(r.out, 'copies.kicked-like-original'), reproIn(r.out, 'permanents.not-kicked-without-casting')];
    expect(files[0]).not.toBe(files[1]);
    for (const file of files) {
      const repro = JSON.parse(readFileSync(file, 'utf8'));
      expect(validateDocument('repro', repro)).toEqual([]);
      expect(repro.replay.shrunk).toBeUndefined();
      expect(castcheck('replay', file).out).toMatch(/^STILL FAILS on reference .* with fault copy-loses-kicked,flicker-keeps-kicked/);
    }
    // Every cluster of the run has its own file in the engine's folder of the store.
    expect(storedRepros(join(out, 'store'), 'reference+copy-loses-kicked+flicker-keeps-kicked').size).toBe(r.out.match(/^ +\d+ x /gm)!.length);
  });

  it('shows an expected difference as XFAIL and still finds the real fault; the same expectations fail a run without it as stale', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-store-'));
    const file = join(out, 'expectations.json');
    writeFileSync(file, JSON.stringify({ format: 'castcheck-expectations/1', expectations: [{ signature: TOKEN_NAMES, note: 'our tokens are named "<name> Token"', link: 'https://example.org/issues/12' }] }));
    const json = join(out, 'report.json');
    const xml = join(out, 'junit.xml');
    const r = castcheck('run', '--fault', 'token-copy-renamed,copy-loses-kicked', '--expectations', file, '--runs', '400', '--seed', '2', '--out', out, '--no-progress', '--json', json, '--junit', xml);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^ +\d+ x agreement\.reference:battlefield\[\]\.name {2}XFAIL: our tokens are named "<name> Token" \(https:\/\/example\.org\/issues\/12\)$/m);
    expect(r.out).toMatch(/^FAIL copies\.kicked-like-original \(CR 707\.2, 707\.10, 702\.33d\)$/m);
    expect(r.out).not.toMatch(/signature: agreement\.reference:battlefield\[\]\.name/);
    expect(reproIn(r.out, 'copies.kicked-like-original')).toMatch(/copies\.kicked-like-original-[0-9a-f]{8}\.repro\.json$/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(validateDocument('report', report)).toEqual([]);
    expect(report.clusters.find((c: { signature: string }) => c.signature === TOKEN_NAMES)).toMatchObject({ xfail: true, link: 'https://example.org/issues/12' });
    expect(report.clusters.find((c: { signature: string }) => c.signature === TOKEN_NAMES).repro).toBeUndefined();
    expect(report.expectations).toEqual({ file, stale: [] });
    expect(readFileSync(xml, 'utf8')).toMatch(/<failure message="\d+ of \d+ scenarios failed, in \d+ cluster\(s\)/);

    const clean = castcheck('run', '--expectations', file, '--runs', '200', '--seed', '2', '--out', out, '--no-progress');
    expect(clean.code).toBe(1);
    expect(clean.out).toMatch(/^STALE expectations \(.*expectations\.json\): they did not occur/m);
    expect(clean.out).toMatch(/^ {2}agreement\.reference:battlefield\[\]\.name: our tokens/m);
  });

  it('rewrites the expectations with --update-expectations, keeping the notes; the next run passes', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-store-'));
    const file = join(out, 'expectations.json');
    writeFileSync(file, JSON.stringify({ format: 'castcheck-expectations/1', expectations: [{ signature: TOKEN_NAMES, note: 'kept note' }, { signature: 'copies.same-choices', note: 'stale one' }] }));
    const args = ['run', '--fault', 'token-copy-renamed,flicker-keeps-kicked', '--expectations', file, '--runs', '300', '--seed', '3', '--out', out, '--no-progress', '--shrink-budget', '200'];
    const first = castcheck(...args, '--update-expectations');
    expect(first.code).toBe(1);
    expect(first.out).toMatch(/^expectations: wrote .*expectations\.json \(\d+ expectation\(s\): 1 stale removed, \d+ added\)$/m);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    expect(validateDocument('expectations', doc)).toEqual([]);
    expect(doc.expectations[0]).toEqual({ signature: TOKEN_NAMES, note: 'kept note' });
    const signatures = doc.expectations.map((e: { signature: string }) => e.signature);
    expect(signatures).toContain('permanents.not-kicked-without-casting');
    expect(signatures).not.toContain('copies.same-choices');
    expect(first.out).toMatch(/run with --update-expectations again until it adds none/);
    // A failure now expected no longer hides what follows it in its scenarios: updating again until
    // nothing is added leaves every failure of the engine known.
    for (let i = 0; i < 3 && !/ 0 added\)$/m.test(castcheck(...args, '--update-expectations').out); i++);
    // The same run passes, its findings replayed first as expected.
    const again = castcheck(...args);
    expect(again.out).not.toMatch(/STALE/);
    expect(again.out).toMatch(/STILL FAILS +permanents\.not-kicked-without-casting \(expected\)/);
    expect(again.code).toBe(0);
  });

  it('exits 2 on an expectations file that names no property, or with --update-expectations alone', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-store-'));
    const file = join(out, 'bad.json');
    writeFileSync(file, JSON.stringify({ format: 'castcheck-expectations/1', expectations: [{ signature: 'copies.no-such', note: 'x' }] }));
    const r = castcheck('run', '--expectations', file, '--runs', '5');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.json: \/expectations\/0\/signature: no property 'copies\.no-such'/);
    expect(castcheck('run', '--update-expectations', '--runs', '5').err).toMatch(/--update-expectations needs --expectations FILE/);
  });
});

describe('the failure store', () => {
  it('keeps what a run killed with SIGKILL while shrinking found, and the next run replays it first', async () => {
    const out = await killedWhileShrinking('castcheck-store-');

    // The first scenario of every failure it had found is on disk, marked as not shrunk.
    const kept = storedRepros(join(out, 'store'), 'reference');
    expect([...kept.values()].map((r) => r.signature)).toContain('copies.kicked-like-original');
    for (const repro of kept.values()) expect(repro.replay.shrunk).toBe(false);

    const served = `"${process.execPath}" bin/castcheck.mjs serve reference --fault copy-loses-kicked`;
    const next = castcheck('run', '--engine-cmd', served, '--runs', '100', '--seed', '5', '--out', out, '--no-progress');
    expect(next.code).toBe(1);
    const lines = next.out.split('\n');
    const replayed = lines.findIndex((l) => /^store: \d+ finding\(s\) of earlier runs in .*store\/reference, replayed first$/.test(l));
    expect(replayed).toBeGreaterThan(-1);
    expect(replayed).toBeLessThan(lines.findIndex((l) => l.startsWith('property ')));
    expect(lines[replayed + 1]).toMatch(/^ {2}STILL FAILS/);
    expect(next.out).toMatch(/^ {2}STILL FAILS +copies\.kicked-like-original {2}/m);
    // Met again, it is shrunk this time, in place.
    expect(storedRepro(join(out, 'store'), 'reference', 'copies.kicked-like-original').repro.replay.shrunk).toBeUndefined();
  });

  it('moves a finding that now passes out of the way, and promotes one to a fixed case that castcheck cases runs', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-store-'));
    const r = castcheck('run', '--fault', 'copy-loses-kicked', '--runs', '200', '--seed', '4', '--out', out, '--no-progress', '--store', join(out, 'findings'));
    const file = reproIn(r.out, 'copies.kicked-like-original');
    expect(file.startsWith(join(out, 'findings', 'reference+copy-loses-kicked'))).toBe(true);

    const cases = join(out, 'cases');
    const promoted = castcheck('promote', file, '--to', cases);
    expect(promoted.code).toBe(0);
    const id = /to the case (promoted-copies-kicked-like-original-[0-9a-f]{8}):/.exec(promoted.out)![1]!;
    const caseFile = join(cases, `${id}.case.json`);
    expect(validateDocument('case', JSON.parse(readFileSync(caseFile, 'utf8')))).toEqual([]);
    expect(castcheck('promote', file, '--to', cases).code).toBe(2);
    const faulty = castcheck('cases', '--dir', cases, '--fault', 'copy-loses-kicked');
    expect(faulty.code).toBe(1);
    expect(faulty.out).toMatch(new RegExp(`^FAIL ${id}`, 'm'));
    expect(castcheck('cases', '--dir', cases).out).toMatch(/^1 cases: 1 passed, 0 failed, 0 skipped$/m);

    // Once the engine is fixed (here: the same finding stored for the reference engine without the
    // fault), replaying it first says so and moves it to the store's fixed/ folder.
    const store = join(out, 'findings');
    mkdirSync(join(store, 'reference'));
    copyFileSync(file, join(store, 'reference', basename(file)));
    const fixed = castcheck('run', '--runs', '20', '--seed', '4', '--out', out, '--no-progress', '--store', store);
    expect(fixed.code).toBe(0);
    const moved = /^ {2}NOW PASSES +copies\.kicked-like-original {2}moved to (\S+)$/m.exec(fixed.out);
    expect(moved).not.toBeNull();
    expect(moved![1]!.startsWith(join(store, 'reference', 'fixed'))).toBe(true);
    expect(existsSync(moved![1]!)).toBe(true);
    expect(storedRepros(store, 'reference').size).toBe(0);
    // The faulty engine's own findings are where they were.
    expect(storedRepros(store, 'reference+copy-loses-kicked').size).toBeGreaterThan(0);
  });
});
