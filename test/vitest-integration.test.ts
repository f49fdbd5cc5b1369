// castcheck/vitest run as an engine author runs it: `npx vitest run` on the example test files
// (examples/vitest/), against the reference engine (every test passes, the impossible ones skipped
// with why) and against a faulty one (the failing property's test fails with the story and the
// repro path); and spread over `vitest --shard`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../properties/index.ts';

interface VitestJson {
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
  testResults: { name: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

function vitest(env: Record<string, string>, ...args: string[]): { code: number | null; json: VitestJson; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'castcheck-vitest-'));
  const file = join(dir, 'vitest.json');
  const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'examples/vitest/vitest.config.ts', '--reporter=json', `--outputFile=${file}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, CASTCHECK_OUT: join(dir, 'out'), CASTCHECK_SEED: '1', ...env },
  });
  return { code: r.status, json: JSON.parse(readFileSync(file, 'utf8')) as VitestJson, out: r.stdout + r.stderr };
}

const tests = (j: VitestJson) => j.testResults.flatMap((f) => f.assertionResults);

describe('castcheck/vitest', () => {
  it('passes the reference engine: a test per property, the ones it cannot run skipped with why', () => {
    const r = vitest({});
    expect(r.code).toBe(0);
    expect(r.json.numFailedTests).toBe(0);
    const all = tests(r.json);
    expect(all.find((t) => t.title.startsWith('copies.kicked-like-original'))?.status).toBe('passed');
    expect(all.find((t) => t.title.startsWith('kicker.declarations'))?.status).toBe('passed');
    const skipped = all.filter((t) => t.status === 'skipped' || t.status === 'pending');
    expect(skipped.map((t) => t.title)).toEqual(['agreement.reference (CR 601.2, 608.2, 603.3, 707.10): skipped, the engine under test is the reference engine: nothing to compare']);
    // Every property once over the two files.
    expect(all.filter((t) => /^[a-z]+\.[a-z-]+ \(CR /.test(t.title))).toHaveLength(PROPERTIES.length);
  });

  it('fails a faulty engine with the story and the repro in the failure', () => {
    const r = vitest({ CASTCHECK_FAULT: 'copy-loses-kicked' });
    expect(r.code).toBe(1);
    const failed = tests(r.json).filter((t) => t.status === 'failed');
    const copies = failed.find((t) => t.title.startsWith('copies.kicked-like-original'))!;
    expect(copies).toBeDefined();
    const message = copies.failureMessages.join('\n');
    expect(message).toMatch(/1\. p1 casts .*, (multi)?kicked/);
    expect(message).toMatch(/Wrong: The engine shows kicked false, where castcheck expects copy \S+ has kicked true like \S+\./);
    expect(message).toMatch(/repro: +\S+copies\.kicked-like-original-[0-9a-f]{8}\.repro\.json/);
    expect(message).toContain('seed 1: CASTCHECK_SEED=1 repeats the run');
    // The engine over the protocol, with the same fault, disagrees with the reference engine.
    expect(failed.map((t) => t.title)).toContain('agreement.reference (CR 601.2, 608.2, 603.3, 707.10)');
  });

  it('spreads over vitest --shard: each example file in one shard, every property once', () => {
    const one = vitest({}, '--shard=1/2');
    const two = vitest({}, '--shard=2/2');
    expect([one.code, two.code]).toEqual([0, 0]);
    const files = (j: VitestJson) => j.testResults.map((f) => f.name.replace(/^.*\//, ''));
    expect([...files(one.json), ...files(two.json)].sort()).toEqual(['copies.castcheck.test.ts', 'engine.castcheck.test.ts']);
    const titles = [...tests(one.json), ...tests(two.json)].map((t) => t.title).filter((t) => /^[a-z]+\.[a-z-]+ \(CR /.test(t));
    expect(titles).toHaveLength(PROPERTIES.length);
    expect(new Set(titles).size).toBe(PROPERTIES.length);
  });
});
