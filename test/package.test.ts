// castcheck as its users get it: `npm pack` makes the tarball (its `prepare` script builds dist/), npm
// installs it into an empty folder with the dependencies from npm's cache (which this repository's
// `npm ci` filled; the registry is asked only for what the cache lacks), and then the installed
// command line runs the suite without tsx, and a TypeScript engine compiles against the declarations
// the package exports and runs the suite in its own process.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = resolve('.');
const consumer = mkdtempSync(join(tmpdir(), 'castcheck-package-'));
const installed = join(consumer, 'node_modules', 'castcheck');

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
  if (r.error) throw r.error;
  return r;
}

const npm = (args: string[], cwd: string) => run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, cwd);

beforeAll(() => {
  const packed = npm(['pack', '--pack-destination', consumer], repo);
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = readdirSync(consumer).find((f) => f.endsWith('.tgz'))!;
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'an-engine', private: true, type: 'module' }));
  const install = npm(['install', '--prefer-offline', join(consumer, tarball)], consumer);
  expect(install.status, install.stderr).toBe(0);
});

describe('the package installed from its tarball', () => {
  it('ships the build, the data it reads and the docs, and neither sources nor tests', () => {
    const top = readdirSync(installed).sort();
    expect(top).toEqual(['README.md', 'bin', 'catalog', 'dist', 'docs', 'kits', 'model', 'package.json', 'scenarios', 'schema']);
    expect(readdirSync(join(installed, 'model')).every((f) => f.endsWith('.json'))).toBe(true);
    expect(existsSync(join(installed, 'dist', 'types', 'api.d.ts'))).toBe(true);
    expect(existsSync(join(consumer, 'node_modules', 'tsx'))).toBe(false);
  });

  it('runs castcheck run --runs 50 from the installed bin, without tsx', () => {
    const out = join(consumer, 'out');
    const r = run(join(consumer, 'node_modules', '.bin', 'castcheck'), ['run', '--runs', '50', '--seed', '1', '--out', out, '--no-progress'], consumer);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/50 scenarios against reference/);
    expect(r.stdout).toMatch(/\d+ properties: \d+ passed, 0 failed/);
    const cases = run(join(consumer, 'node_modules', '.bin', 'castcheck'), ['list', '--rules'], consumer);
    expect(cases.status, cases.stderr).toBe(0);
  });

  it('gives TypeScript engine authors the Engine interface, the schema types and checkEngine', () => {
    writeFileSync(
      join(consumer, 'engine.ts'),
      `import { checkEngine, ReferenceEngine, type Capabilities, type Engine, type Scenario, type Trace } from 'castcheck';

// An engine of its own, here one that hands every scenario to the reference engine.
class Mine implements Engine {
  private readonly inner = new ReferenceEngine();
  readonly id = { name: 'mine', version: '1.0.0' };
  readonly capabilities: Capabilities = this.inner.capabilities;
  run(scenario: Scenario): Promise<Trace> {
    return this.inner.run(scenario);
  }
  async close(): Promise<void> {}
}

const result = await checkEngine(new Mine(), { runs: 30, seed: 2 });
const failed: number = result.properties.filter((p) => p.failed > 0).length;
console.log(JSON.stringify({ ok: result.ok, runs: result.runs, properties: result.properties.length, failed }));
`,
    );
    writeFileSync(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, outDir: 'out-js', typeRoots: [join(repo, 'node_modules', '@types')], types: ['node'] },
        files: ['engine.ts'],
      }),
    );
    const tsc = run(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer], consumer);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
    const r = run(process.execPath, [join(consumer, 'out-js', 'engine.js')], consumer);
    expect(r.stderr).toBe('');
    const summary = JSON.parse(r.stdout) as { ok: boolean; runs: number; properties: number; failed: number };
    expect(summary).toMatchObject({ ok: true, runs: 30, failed: 0 });
    const version = (JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { version: string }).version;
    expect(run(join(consumer, 'node_modules', '.bin', 'castcheck'), ['--version'], consumer).stdout.trim()).toBe(version);
  });
});
