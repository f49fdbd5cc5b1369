// The check floor as a gate: under --require-floor, a run in which a property the engine can run made
// fewer checks than the floor exits 1, naming each such property and why (no scenario reached what it
// is about, or too few runs); a run in which every one reached it exits 0.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../cli/main.ts';

afterEach(() => vi.restoreAllMocks());

async function run(...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  vi.spyOn(console, 'log').mockImplementation((...x: unknown[]) => void (out += `${x.join(' ')}\n`));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const code = await main(['run', ...args, '--out', mkdtempSync(join(tmpdir(), 'castcheck-floor-')), '--no-progress']);
  vi.restoreAllMocks();
  return { code, out };
}

describe('castcheck run --require-floor', () => {
  it('exits 1 naming the properties under the floor, and 0 once every property reaches it', async () => {
    const few = await run('--engine', 'reference', '--runs', '60', '--seed', '1', '--require-floor');
    expect(few.code).toBe(1);
    expect(few.out).toMatch(/^check floor \(--require-floor\): \d+ properties made fewer than 30 checks:$/m);
    expect(few.out).toMatch(/^ {2}[a-z]+\.[a-z-]+: \d+ check\(s\) in \d+ scenario\(s\) it applied to: more runs \(--runs\) give it more$/m);
    // Without the option, the same run passes: the floor only reports.
    expect((await run('--engine', 'reference', '--runs', '60', '--seed', '1')).code).toBe(0);
    // test/check-floor.test.ts holds every property over the floor at 1,000 runs, seed 1.
    const enough = await run('--engine', 'reference', '--runs', '1000', '--seed', '1', '--require-floor');
    expect(enough.out).not.toMatch(/check floor \(--require-floor\)/);
    expect(enough.code).toBe(0);
  });
});
