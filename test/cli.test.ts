// The command line, run as a user runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../model/schemas.ts';
import { reproIn } from './fixtures/repros.ts';

function castcheck(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('castcheck run', () => {
  it('passes the reference engine and prints the table', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-'));
    const r = castcheck('run', '--engine', 'reference', '--runs', '1000', '--seed', '1', '--out', out);
    // Off a terminal, stderr has only the plain progress lines.
    expect(r.err.split('\n').filter((l) => l !== '' && !l.startsWith('castcheck: '))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/1000 scenarios against reference .* \(seed 1\)/);
    // n/a, nothing checked, checked, checks, failed, status.
    expect(r.out).toMatch(/^copies\.kicked-like-original\s+707\.2 707\.10 702\.33d\s+\d+\s+\d+\s+[1-9]\d*\s+[1-9]\d*\s+0\s+PASS$/m);
    expect(r.out).toMatch(/^agreement\.reference .*SKIP: the engine under test is the reference engine/m);
    expect(r.out).toMatch(/^n\/a: scenarios the property does not apply to; nothing: it applied but found nothing to check/m);
    expect(r.out).toMatch(/^(\d+) properties: \d+ passed, 0 failed, 0 expected to fail, 0 contested, \d+ under-tested, 0 untested, 1 skipped \(never run\)$/m);
  });

  it('fails on a faulty engine, writes a repro that replays', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-'));
    const r = castcheck('run', '--fault', 'copy-loses-kicked', '--runs', '200', '--seed', '5', '--out', out);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL copies\.kicked-like-original/);
    const file = reproIn(r.out, 'copies.kicked-like-original');
    expect(file.startsWith(join(out, 'store', 'reference+copy-loses-kicked'))).toBe(true);
    expect(r.out).toContain(`npx castcheck replay ${file}`);
    const repro = JSON.parse(readFileSync(file, 'utf8'));
    expect(validateDocument('repro', repro)).toEqual([]);
    expect(repro.engine).toMatchObject({ name: 'reference', fault: 'copy-loses-kicked' });
    expect(repro.replay.seed).toBe(5);

    const replay = castcheck('replay', file);
    expect(replay.code).toBe(1);
    expect(replay.out).toMatch(/^STILL FAILS/);
    const fixed = castcheck('replay', file, '--engine', 'reference');
    expect(fixed.code).toBe(0);
    expect(fixed.out).toMatch(/^PASSES/);
  });

  it('prints feature shares with --stats and fails a run whose supported features fall under the floor', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-'));
    const ok = castcheck('run', '--runs', '600', '--seed', '2', '--stats', '--gate-floor', '0.02', '--out', out, '--no-progress');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^kicked\s+\d+\.\d%\s+\d+\s+ok\s+a spell cast kicked$/m);
    expect(ok.out).toMatch(/^spliced-two-or-more\s+\d+\.\d%/m);
    const strict = castcheck('run', '--runs', '200', '--seed', '2', '--stats', '--gate-floor', '0.5', '--out', out, '--no-progress');
    expect(strict.code).toBe(1);
    expect(strict.out).toMatch(/^many-kicks\s+\d+\.\d%\s+\d+\s+UNDER/m);
    expect(strict.out).toMatch(/^coverage gates: .*many-kicks.* under 50% beyond chance/m);
  });

  it('runs the reference engine restricted to a capabilities file: printed cards only, every property tested', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-'));
    const r = castcheck('run', '--capabilities', 'examples/printed-only.capabilities.json', '--runs', '400', '--seed', '3', '--out', out, '--no-progress');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/restricted to the capabilities in examples\/printed-only\.capabilities\.json/);
    expect(r.out).toMatch(/\d+ printed card\(s\)/);
    // The legend names every status; no property row ends UNTESTED and the totals count none.
    expect(r.out).not.toMatch(/ UNTESTED$/m);
    expect(r.out).toMatch(/, 0 untested,/);
    const bad = join(out, 'bad.json');
    writeFileSync(bad, JSON.stringify({ mechanics: ['kicker'], actions: ['cast'], cards: {}, observes: [] }));
    const invalid = castcheck('run', '--capabilities', bad, '--runs', '5', '--out', out);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toMatch(/bad\.json is not valid capabilities .*\n  \/cards: missing required property .synthetic./);
    expect(castcheck('run', '--capabilities', 'examples/printed-only.capabilities.json', '--engine-cmd', 'python3 x.py', '--runs', '5', '--out', out).code).toBe(2);
  });

  it('writes a JSON report and JUnit XML for CI', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-'));
    const json = join(out, 'report.json');
    const xml = join(out, 'junit.xml');
    const r = castcheck('run', '--fault', 'copy-loses-kicked', '--runs', '200', '--seed', '5', '--out', out, '--json', json, '--junit', xml);
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(validateDocument('report', report)).toEqual([]);
    expect(report.properties.find((p: { id: string }) => p.id === 'copies.kicked-like-original')).toMatchObject({ status: 'FAIL' });
    expect(report.clusters.some((c: { signature: string; repro?: string; count: number }) => c.signature === 'copies.kicked-like-original' && c.repro?.endsWith('.repro.json') && c.count > 0)).toBe(true);
    const junit = readFileSync(xml, 'utf8');
    expect(junit).toMatch(/<testcase classname="copies" name="copies\.kicked-like-original \(CR 707\.2, 707\.10, 702\.33d\)">\s*<properties>[\s\S]*?<\/properties>\s*<failure message="\d+ of \d+ scenarios failed/);
    expect(junit).toMatch(/replay: npx castcheck replay .*copies\.kicked-like-original-[0-9a-f]{8}\.repro\.json/);
    expect(junit).toMatch(/<property name="checks" value="\d+"\/>/);
  });

  it('rejects bad usage with exit code 2', () => {
    expect(castcheck('run', '--runs', 'many').code).toBe(2);
    expect(castcheck('run', '--fault', 'no-such-fault').err).toMatch(/unknown fault 'no-such-fault'; the faults are: copy-loses-kicked/);
    expect(castcheck('frobnicate').code).toBe(2);
    expect(castcheck('replay', '/nonexistent.json').err).toMatch(/no such file/);
  });
});

describe('castcheck cases', () => {
  it('passes every fixed case on the reference engine, each reading of a contested point with its own', () => {
    const r = castcheck('cases');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^PASS everdream-copy-loses-splice-literal .*\[contested\]$/m);
    expect(r.out).toMatch(/^(\d+) cases: \1 passed, 0 failed, 0 skipped$/m);
  });

  it('fails the cases a faulty engine gets wrong and says what differed', () => {
    const r = castcheck('cases', '--fault', 'copy-loses-kicked', '--filter', 'twincast');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^FAIL kicked-burst-lightning-twincast/m);
    expect(r.out).toMatch(/kicked: expected true, observed false/);
  });
});

describe('castcheck validate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'castcheck-'));
  const write = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('accepts the fixed cases', () => {
    const r = castcheck('validate', 'scenarios/copies/kicked-burst-lightning-twincast.case.json');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/valid case/);
  });

  it('exits 2 and names the JSON pointer of a misspelled field', () => {
    const file = write(
      'misspelled.json',
      JSON.stringify({
        format: 'castcheck-scenario/1',
        cards: [{ id: 'bolt', oracle: 'Burst Lightning' }],
        players: [{ id: 'p1', hand: ['bolt'], mana: { R: 5 } }, { id: 'p2' }],
        actions: [{ do: 'cast', card: 'bolt', kickr: ['A'], targets: [['p2']] }],
      }),
    );
    const r = castcheck('validate', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain("/actions/0/kickr: unknown property 'kickr' (did you mean 'kicker'?)");
  });

  it('gives malformed JSON a line and column, not a stack trace', () => {
    const r = castcheck('validate', write('broken.json', '{\n  "format": "castcheck-scenario/1",\n  "cards": [\n}'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/broken\.json:4:1: malformed JSON/);
    expect(r.err).not.toMatch(/at .*\.ts:\d+/);
  });

  it('names documents it cannot recognise', () => {
    const r = castcheck('validate', write('other.json', '{"hello": 1}'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/cannot tell what this is/);
  });

  it('validates the repro a run wrote', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-'));
    const r = castcheck('run', '--fault', 'copy-loses-kicked', '--runs', '100', '--seed', '2', '--out', out);
    const file = reproIn(r.out, 'copies.kicked-like-original');
    expect(existsSync(file)).toBe(true);
    expect(castcheck('validate', file).code).toBe(0);
  });
});

describe('castcheck list', () => {
  it('prints the properties with their rules, the cards and the faults', () => {
    expect(castcheck('list').out).toMatch(/kicker\.declarations\s+CR 702\.33b, 702\.33c, 702\.33d/);
    const cards = castcheck('list', '--cards').out;
    for (const name of ['Burst Lightning', 'Kavu Titan', 'Everflowing Chalice', 'Gnarlid Pack', 'Glacial Ray', 'Lava Spike', 'Reach Through Mists', 'Desperate Ritual', 'Twincast']) {
      expect(cards).toContain(name);
    }
    expect(castcheck('list', '--faults').out).toMatch(/copy-loses-kicked/);
  });
});
