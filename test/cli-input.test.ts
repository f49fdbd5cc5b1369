// Bad input and unwritable output paths, through the command line as a user meets them: exit code
// 2, one line naming the option or the file, never a stack trace, a hang or the file's bytes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, chaliceRepro } from './fixtures/bad-input.ts';

function castcheck(...args: string[]) {
  // A safety net only: each of these answers at once, and a hang must fail the test, not the suite.
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'castcheck-cli-input-'));
const write = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const linux = existsSync('/proc/self');

describe('castcheck run with output paths it cannot write', () => {
  const refused = (args: string[], message: string) => {
    const r = castcheck('run', '--runs', '5', '--no-progress', ...args);
    expect(r.code).toBe(2);
    expect(r.err.trimEnd().split('\n')).toEqual([message]);
    expect(r.out).toBe('');
  };

  it('exits 2 with one line for --out naming a file', () => {
    const file = write('a-file', 'x');
    refused(['--out', file], `castcheck: --out ${file}: it is a file, not a folder`);
  });

  it.runIf(linux)('exits 2 with one line for /proc, /dev/null and their like, instead of hanging', () => {
    refused(['--out', '/proc/x'], 'castcheck: --out /proc/x: cannot create the folder /proc/x (ENOENT: the file system does not allow it)');
    refused(['--json', '/proc/x/report.json'], 'castcheck: --json /proc/x/report.json: cannot create the folder /proc/x (ENOENT: the file system does not allow it)');
    refused(['--junit', '/proc/x/junit.xml'], 'castcheck: --junit /proc/x/junit.xml: cannot create the folder /proc/x (ENOENT: the file system does not allow it)');
    refused(['--out', '/dev/null/x'], 'castcheck: --out /dev/null/x: /dev/null is not a folder');
  });
});

describe('castcheck validate and replay with bad input', () => {
  it('refuses a repro with multikicker 1e9, in validate and in replay', () => {
    const file = write('billion.repro.json', JSON.stringify(chaliceRepro(1e9)));
    const v = castcheck('validate', file);
    expect(v.code).toBe(2);
    expect(v.err).toContain('/scenario/actions/0/multikicker: 1000000000 is out of range: at most 20');
    const r = castcheck('replay', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`castcheck: ${file} is not a valid repro`);
    expect(r.err).toContain('/scenario/actions/0/multikicker: 1000000000 is out of range: at most 20');
    expect(castcheck('validate', write('two.repro.json', JSON.stringify(chaliceRepro(2)))).code).toBe(0);
  });

  it('says what binary garbage, arrays and deep nesting are without printing them', () => {
    const garbage = castcheck('validate', write('garbage.json', BINARY));
    expect(garbage.code).toBe(2);
    expect(garbage.err).toContain('garbage.json: not a UTF-8 JSON file');
    expect(garbage.err).not.toMatch(CONTROL);
    const array = castcheck('validate', write('array.json', '[1,2,3]'));
    expect(array.err).toContain('expected a scenario, trace, repro, case, report or expectations object, got an array');
    expect(castcheck('replay', write('number.json', '42')).err).toContain('number.json: expected a repro object, got a number');
    const deep = castcheck('validate', write('deep.json', '['.repeat(5_000_000) + ']'.repeat(5_000_000)));
    expect(deep.code).toBe(2);
    expect(deep.err).toContain('deep.json:1:65: nested more than 64 arrays and objects deep');
  });

  it('refuses seeds past 32 bits, naming the option and the range', () => {
    const r = castcheck('run', '--seed', '99999999999999999999');
    expect(r.code).toBe(2);
    expect(r.err).toContain("option '--seed <n>' argument '99999999999999999999' is invalid. It must be a 32-bit seed, a whole number from 0 to 4294967295.");
  });
});

describe('castcheck cases with an invalid case file', () => {
  it('names the file, runs the other cases and exits 2', () => {
    const cases = join(dir, 'cases');
    mkdirSync(cases, { recursive: true });
    const good = { format: 'castcheck-case/1', id: 'chalice-twice', source: 'CR 702.33d', rules: ['702.33d'], scenario: chaliceRepro().scenario, expect: [{ action: 'a1', outcome: 'accepted' }] };
    writeFileSync(join(cases, 'good.case.json'), JSON.stringify(good));
    writeFileSync(join(cases, 'unknown-card.case.json'), JSON.stringify({ ...good, id: 'typo', scenario: { ...good.scenario, cards: [{ id: 'chalice', oracle: 'Everflowing Chalise' }] } }));
    const r = castcheck('cases', '--dir', cases);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/^INVALID .*unknown-card\.case\.json is not a valid case$/m);
    expect(r.out).toMatch(/unknown card 'Everflowing Chalise'/);
    expect(r.out).toMatch(/^PASS chalice-twice /m);
    expect(r.out).toMatch(/^1 cases: 1 passed, 0 failed, 0 skipped, 1 invalid case file\(s\)$/m);
  });
});
