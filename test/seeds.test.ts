// `castcheck run` against the reference engine at default settings passes at twenty seeds (issue 11):
// exit 0, no property fails or goes untested, and no coverage gate fails by chance. --stats adds the
// coverage gates and nothing else: the scenarios, verdicts and checks are those of a run without it.
// The floor of checks is held at fixed seeds by test/check-floor.test.ts; here a property short of it
// at some seed is said (UNDER-TESTED does not fail a run), and the test fails only below half of it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_FLOOR } from '../reports/console.ts';

const SEEDS = Array.from({ length: 20 }, (_, i) => 101 + i * 7919);

describe('the reference engine at default settings', () => {
  it.each(SEEDS)('passes at seed %i', (seed) => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-seeds-'));
    const r = spawnSync(process.execPath, ['bin/castcheck.mjs', 'run', '--seed', String(seed), '--stats', '--out', out, '--no-progress'], { encoding: 'utf8' });
    expect(r.stdout).toMatch(/^castcheck: 1000 scenarios against reference/m);
    expect(r.stdout).not.toMatch(/^coverage gates:/m);
    expect(r.status, r.stdout.split('\n').filter((l) => /FAIL|coverage/.test(l)).join('\n')).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { properties: { id: string; status: string; checks: number }[] };
    expect(report.properties.filter((p) => !['PASS', 'SKIP', 'UNDER-TESTED'].includes(p.status)).map((p) => `${p.id} ${p.status}`)).toEqual([]);
    const short = report.properties.filter((p) => p.status === 'UNDER-TESTED');
    if (short.length > 0) console.log(`seed ${seed}: under the floor of ${CHECK_FLOOR}: ${short.map((p) => `${p.id} ${p.checks}`).join(', ')}`);
    expect(short.filter((p) => p.checks < CHECK_FLOOR / 2).map((p) => `${p.id} ${p.checks}`)).toEqual([]);
  });
});
