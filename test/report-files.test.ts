// The files a run leaves in its output folder, run as a user runs it: after a run against a faulty
// engine, report.json, events.jsonl, junit.xml, summary.md and report.html; the story in the console,
// in replay and in every file; and the events of a run killed with SIGKILL, readable up to the kill.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../model/schema-types.ts';
import { validateDocument } from '../model/schemas.ts';
import { killedWhileShrinking } from './fixtures/killed-run.ts';
import { reproIn } from './fixtures/repros.ts';

function castcheck(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8', env: { ...process.env, CI: 'true' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const eventSchema = (JSON.parse(readFileSync('schema/report.schema.json', 'utf8')) as { $defs: { event: object } }).$defs.event;
const validEvent = new Ajv2020({ strict: false }).compile(eventSchema);

function events(out: string): { event: string; [k: string]: unknown }[] {
  const lines = readFileSync(join(out, 'events.jsonl'), 'utf8').split('\n').filter((l) => l !== '');
  return lines.map((l) => {
    const e = JSON.parse(l) as { event: string };
    expect(validEvent(e), l).toBe(true);
    return e;
  });
}

describe('the output folder of a run', () => {
  it('holds the five report files after a run against a faulty engine, each telling the story', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-files-'));
    const r = castcheck('run', '--fault', 'copy-loses-kicked', '--runs', '200', '--seed', '5', '--out', out);
    expect(r.code).toBe(1);
    for (const f of ['report.json', 'events.jsonl', 'junit.xml', 'summary.md', 'report.html']) expect(existsSync(join(out, f)), f).toBe(true);

    // The console: each cluster's story and replay command, the files, what to do next.
    expect(r.out).toMatch(/^FAIL copies\.kicked-like-original \(CR 707\.2, 707\.10, 702\.33d\)\n {2}signature: .*\n {2}p1 has /m);
    expect(r.out).toMatch(/^ {5}Wrong: The engine shows kicked false, where castcheck expects copy \S+ has kicked true like \S+\.$/m);
    expect(r.out).toMatch(/^ {2}The rule: A copy of a spell is kicked exactly as the original was/m);
    expect(r.out).toContain(`reports: ${join(out, 'report.json')}, ${join(out, 'junit.xml')}, ${join(out, 'summary.md')}, ${join(out, 'report.html')}, ${join(out, 'events.jsonl')}`);
    const file = reproIn(r.out, 'copies.kicked-like-original');
    expect(r.out).toMatch(/^next:$/m);
    expect(r.out).toMatch(/^ {2}npx castcheck replay .*\.repro\.json +# see the first failure again/m);
    // Under CI, progress comes as plain lines on stderr, the shrinking named.
    expect(r.err).toMatch(/^castcheck: shrinking \S+ \(1 of \d+\): \d+ engine run\(s\) so far$/m);

    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as RunReport;
    expect(validateDocument('report', report)).toEqual([]);
    expect(report).toMatchObject({ castcheck: expect.any(String) as unknown, seed: 5, engine: { name: 'reference', fault: 'copy-loses-kicked' }, environment: { node: process.version } });
    const copies = report.clusters.find((c) => c.signature === 'copies.kicked-like-original')!;
    expect(copies.repro).toBe(file);
    expect(copies.story?.divergence).toMatch(/^The engine shows kicked false/);

    const seen = events(out);
    expect(seen[0]).toMatchObject({ event: 'start', seed: 5, runs: 200 });
    expect(seen.filter((e) => e.event === 'progress').map((e) => e.done)).toEqual([100, 200]);
    expect(seen.some((e) => e.event === 'cluster' && e.signature === 'copies.kicked-like-original')).toBe(true);
    expect(seen.some((e) => e.event === 'finding' && e.signature === 'copies.kicked-like-original' && e.repro === file)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ event: 'end', partial: false, exitCode: 1, runs: 200 });

    const junit = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' }).parse(readFileSync(join(out, 'junit.xml'), 'utf8')) as { testsuites: { testsuite: { testcase: { '@name': string; failure?: { '#text': string } }[] } } };
    const failing = junit.testsuites.testsuite.testcase.find((t) => t['@name'].startsWith('copies.kicked-like-original'))!;
    expect(failing.failure!['#text']).toContain('Wrong: The engine shows kicked false');

    expect(readFileSync(join(out, 'summary.md'), 'utf8')).toContain(`npx castcheck replay ${file}`);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Wrong: The engine shows kicked false');

    // replay tells the same story.
    const replay = castcheck('replay', file);
    expect(replay.code).toBe(1);
    expect(replay.out).toMatch(/^STILL FAILS on reference .*\n {2}p1 has /);
    expect(replay.out).toContain('Wrong: The engine shows kicked false');
  });

  it('says what to try next after a passing run', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-files-'));
    const r = castcheck('run', '--runs', '50', '--seed', '1', '--out', out);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}npx castcheck run --runs 20000 --stats +# \d+ propert(y is|ies are) under-tested or untested at 50 scenarios/m);
    expect(r.out).toMatch(/^ {2}npx castcheck doctor --engine-cmd/m);
    expect(r.out).toContain(`open ${out}/report.html`);
  });

  it('keeps the events of a run killed with SIGKILL while shrinking, readable up to the kill', async () => {
    const out = await killedWhileShrinking('castcheck-files-');
    const seen = events(out);
    expect(seen[0]).toMatchObject({ event: 'start', seed: 5 });
    expect(seen.filter((e) => e.event === 'progress').map((e) => e.done)).toEqual([100]);
    const clusters = seen.filter((e) => e.event === 'cluster');
    expect(clusters.map((e) => e.signature)).toContain('copies.kicked-like-original');
    for (const c of clusters) expect(existsSync(c.repro as string), String(c.repro)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ event: 'shrinking', index: 1 });
  });
});
