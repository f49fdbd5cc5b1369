// The boundaries between castcheck's parts, checked with dependency-cruiser against the rules in
// .dependency-cruiser.json over the files `npm run deps` names: no import cycle; properties/,
// oracle/ and generators/ reach no engine by any path; the reference engine imports neither the
// judge's readings nor its named faults; the oracle imports no property; model/ depends on nothing
// that uses it; the runner never reads a report.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { parse } from 'shell-quote';
import { describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync('.dependency-cruiser.json', 'utf8')) as { forbidden: IForbiddenRuleType[]; options: { exclude: { path: string } } };
// What `npm run deps` cruises: the arguments of its script after the configuration file.
const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { deps: string } }).scripts.deps;
const args = parse(script).filter((a): a is string => typeof a === 'string');
const FILES = args.slice(args.indexOf('.dependency-cruiser.json') + 1);

async function check(files: string[], baseDir?: string): Promise<ICruiseResult> {
  const result = await cruise(files, {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    doNotFollow: { path: 'node_modules' },
    exclude: config.options.exclude,
    tsPreCompilationDeps: true,
    ...(baseDir ? { baseDir } : {}),
  });
  return result.output as ICruiseResult;
}

const violations = (r: ICruiseResult) => (r.summary.violations ?? []).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

/** `npm run deps` as a developer or .ci/run runs it: its exit status and what it printed. */
function npmRunDeps(): { status: number | null; output: string } {
  const r = spawnSync('npm', ['run', '--silent', 'deps'], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('the dependency rules', () => {
  it('hold for the whole tree', async () => {
    const r = await check(FILES);
    expect(violations(r)).toEqual([]);
    // The cruise read the TypeScript imports: the engine's payment is found where the engine uses it.
    const costs = r.modules.find((m) => m.source === 'adapters/reference/costs.ts');
    expect(costs?.dependencies.map((d) => d.resolved)).toContain('adapters/reference/mana.ts');
    expect(r.modules.filter((m) => m.source.startsWith('properties/')).length).toBeGreaterThanOrEqual(14);
    // Every folder with code is cruised, modules no other module imports included.
    const sources = new Set(r.modules.map((m) => m.source));
    for (const file of ['api.ts', 'runner/lane-worker.ts', 'runner/write-docs.ts', 'bench/main.ts', 'bin/build.mjs', 'integrations/vitest.ts', 'cli/main.ts']) expect(sources).toContain(file);
  });

  it('refuse a property that imports the engine', async () => {
    const r = await check(['properties'], 'test/fixtures/dependencies');
    expect(violations(r)).toEqual(['judge-apart-from-engine: properties/judge.mjs -> adapters/engine.mjs']);
  });

  it('refuse an oracle module that imports a property, and one that reaches the engine through it', async () => {
    const r = await check(['oracle'], 'test/fixtures/dependencies');
    expect(violations(r).sort()).toEqual([
      'judge-apart-from-engine: oracle/prediction.mjs -> adapters/engine.mjs',
      'judge-apart-from-engine: properties/judge.mjs -> adapters/engine.mjs',
      'oracle-below-properties: oracle/prediction.mjs -> properties/judge.mjs',
    ]);
  });

  it('make npm run deps fail on a property that reaches the reference engine through a runner module, and pass without it', { timeout: 600_000 }, () => {
    // runner/evaluate.ts builds the reference engine for agreement: a property importing it reaches
    // adapters/reference/ without importing anything under adapters/ itself.
    const probe = 'properties/reaches-the-engine.probe.ts';
    writeFileSync(probe, "import { judgeFor } from '../runner/evaluate.ts';\n\nexport const reachesTheEngine = judgeFor;\n");
    let withProbe: ReturnType<typeof npmRunDeps>;
    try {
      withProbe = npmRunDeps();
    } finally {
      rmSync(probe, { force: true });
    }
    expect(withProbe.status).not.toBe(0);
    expect(withProbe.output).toContain(`judge-apart-from-engine: ${probe} → adapters/reference/engine.ts`);
    expect(withProbe.output).toContain('runner/evaluate.ts');
    expect(existsSync(probe)).toBe(false);
    const without = npmRunDeps();
    expect(without.output).toContain('no dependency violations found');
    expect(without.status).toBe(0);
  });
});
