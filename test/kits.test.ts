// The engine kits (kits/python, kits/java) and their example engines, as an engine author uses them:
// each kit passes its own tests (pytest, mvn -q test), the Python kit installs with pip from its
// folder, and each example passes its own tests and castcheck run --runs 500.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Repro } from '../model/schema-types.ts';
import { junitLoop, junitNasty, surefire } from './fixtures/export-loop.ts';

const env = { ...process.env, PYTHONDONTWRITEBYTECODE: '1' };

function run(command: string, args: string[], cwd = process.cwd()) {
  const r = spawnSync(command, args, { encoding: 'utf8', cwd, env, maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '' };
}

function castcheckRun(command: string) {
  const out = mkdtempSync(join(tmpdir(), 'castcheck-kit-'));
  return run(process.execPath, ['bin/castcheck.mjs', 'run', '--engine-cmd', command, '--runs', '500', '--seed', '7', '--out', out, '--no-progress']);
}

describe('the Python kit', () => {
  it('passes its own tests (pytest)', () => {
    const r = run('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'kits/python']);
    expect(r.out).toMatch(/\b\d+ passed\b/);
    expect(r.out).not.toMatch(/failed|error/);
    expect(r.code).toBe(0);
  });

  it('installs with pip from its folder', () => {
    const src = mkdtempSync(join(tmpdir(), 'castcheck-kit-src-'));
    cpSync('kits/python', src, { recursive: true, filter: (p) => !/(__pycache__|\.pytest_cache|build|egg-info)/.test(p) });
    const target = mkdtempSync(join(tmpdir(), 'castcheck-kit-site-'));
    const r = run('python3', ['-m', 'pip', 'install', '--quiet', '--no-deps', '--disable-pip-version-check', '--target', target, src]);
    expect(r.code, r.err).toBe(0);
    const imported = spawnSync('python3', ['-c', 'import castcheck_kit; print(castcheck_kit.__file__)'], { encoding: 'utf8', cwd: tmpdir(), env: { ...env, PYTHONPATH: target } });
    expect(imported.stdout).toContain(target);
  });

  it('carries the reason codes and required fields of the trace schema', () => {
    const schema = JSON.parse(readFileSync('schema/trace.schema.json', 'utf8')) as { $defs: Record<string, { enum?: string[]; required?: string[] }> };
    const check = readFileSync('kits/python/castcheck_kit/check.py', 'utf8');
    const java = readFileSync('kits/java/src/main/java/dev/castcheck/kit/TraceCheck.java', 'utf8');
    for (const code of schema.$defs.reason!.enum!) {
      expect(check).toContain(`"${code}"`);
      expect(java).toContain(`"${code}"`);
    }
    for (const [def, kind] of [['stackSpell', 'spell'], ['stackAbility', 'ability'], ['permanent', 'permanent'], ['playerState', 'player']] as const) {
      const list = schema.$defs[def]!.required!.map((f) => `"${f}"`).join(', ');
      expect(check).toContain(`"${kind}": [${list}]`);
      expect(java).toContain(`"${kind}", List.of(${list})`);
    }
  });
});

describe('the Python example engine on the kit', () => {
  it('passes its own tests (pytest) and castcheck run --runs 500', () => {
    const tests = run('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', 'examples/python-engine']);
    expect(tests.out).toMatch(/\b\d+ passed\b/);
    expect(tests.code).toBe(0);
    const r = castcheckRun('python3 examples/python-engine/engine.py');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/500 scenarios against python-example/);
    expect(r.out).toMatch(/\d+ properties: \d+ passed, 0 failed, 0 expected to fail, 0 contested/);
    expect(r.code).toBe(0);
  });

  it('is at most half the size it had before the kit (527 lines)', () => {
    expect(readFileSync('examples/python-engine/engine.py', 'utf8').split('\n').length - 1).toBeLessThanOrEqual(263);
  });
});

describe('the Java kit and its example engine', () => {
  it('the kit passes its own tests (mvn -q test) and installs; the example passes its tests and castcheck run --runs 500', () => {
    const kit = run('mvn', ['-q', '-B', 'install'], 'kits/java');
    expect(kit.code, kit.out + kit.err).toBe(0);
    const kitTests = surefire('kits/java');
    expect(kitTests.run).toBeGreaterThanOrEqual(8);
    expect(kitTests.failed).toBe(0);
    const example = run('mvn', ['-q', '-B', 'package'], 'examples/java-engine');
    expect(example.code, example.out + example.err).toBe(0);
    expect(surefire('examples/java-engine')).toMatchObject({ failed: 0 });
    expect(existsSync('examples/java-engine/target/java-example-engine.jar')).toBe(true);
    const r = castcheckRun('java -jar examples/java-engine/target/java-example-engine.jar');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/500 scenarios against java-example 0\.1\.0/);
    expect(r.out).toMatch(/\d+ properties: \d+ passed, 0 failed, 0 expected to fail, 0 contested/);
    expect(r.code).toBe(0);
  });

  // After the build above, which it shares (Maven offline): castcheck export --as junit (docs/EXPORT.md).
  it('castcheck export --as junit: the repros found with the planted multikicker-counts-once, as JUnit tests, fail with it and pass without it', async () => {
    const loop = junitLoop();
    expect(loop.code).toBe(1);
    expect(loop.refused).toEqual([]);
    expect(loop.exported.length).toBeGreaterThanOrEqual(3);
    expect(loop.withFault.code, loop.withFault.out).not.toBe(0);
    expect(loop.withFault.tests).toEqual({ run: loop.exported.length, failed: loop.exported.length });
    expect(loop.withFault.out).toMatch(/counters\.\+1\/\+1 ==> expected: <2> but was: <1>/);
    expect(loop.without.code, loop.without.out + loop.without.err).toBe(0);
    expect(loop.without.tests).toEqual({ run: loop.exported.length, failed: 0 });
    // Text that needs escaping (quotes, backslashes, \u, */, non-ASCII) compiles, and the scenario reads back as it was.
    const enters = loop.repros.find((f) => /permanents\.enters-with-counters-/.test(f))!;
    const nasty = await junitNasty(enters, loop.out);
    expect(nasty.compiled.code, nasty.compiled.err).toBe(0);
    expect(nasty.faults).toBeGreaterThanOrEqual(60);
    const repro = JSON.parse(readFileSync(join(loop.out, 'nasty.repro.json'), 'utf8')) as Repro;
    expect(nasty.scenario).toEqual(JSON.parse(JSON.stringify(normalizeScenario(repro.scenario))));
  });
});
