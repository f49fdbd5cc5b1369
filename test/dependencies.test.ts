// The boundary between the judge and the engine, checked with dependency-cruiser against the rules
// in .dependency-cruiser.json: properties/ and generators/ never import adapters/, the reference
// engine never imports the judge's readings, model/ depends on nothing that uses it.
import { readFileSync } from 'node:fs';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const config = JSON.parse(readFileSync('.dependency-cruiser.json', 'utf8')) as { forbidden: IForbiddenRuleType[] };
const FOLDERS = ['adapters', 'cli', 'generators', 'model', 'properties', 'reports', 'runner'];

async function check(folders: string[], baseDir?: string): Promise<ICruiseResult> {
  const result = await cruise(folders, {
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    ...(baseDir ? { baseDir } : {}),
  });
  return result.output as ICruiseResult;
}

const violations = (r: ICruiseResult) => (r.summary.violations ?? []).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);

describe('the dependency rules', () => {
  it('hold for the whole tree', async () => {
    const r = await check(FOLDERS);
    expect(violations(r)).toEqual([]);
    // The cruise read the TypeScript imports: the engine's payment is found where the engine uses it.
    const costs = r.modules.find((m) => m.source === 'adapters/reference/costs.ts');
    expect(costs?.dependencies.map((d) => d.resolved)).toContain('adapters/reference/mana.ts');
    expect(r.modules.filter((m) => m.source.startsWith('properties/')).length).toBeGreaterThanOrEqual(14);
  });

  it('refuse a property that imports the engine', async () => {
    const r = await check(['properties'], 'test/fixtures/dependencies');
    expect(violations(r)).toEqual(['judge-apart-from-engine: properties/judge.mjs -> adapters/engine.mjs']);
  });
});
