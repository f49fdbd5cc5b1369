// Resolving until the stack is empty is judged as single resolutions composed top first (CR 608.2):
// an engine that takes the stack as a queue fails a rule property that names the order.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { runSuite } from '../runner/run-suite.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { bottomFirst } from './fixtures/bottom-first.ts';

vi.mock('../adapters/reference/resolve.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../adapters/reference/resolve.ts')>();
  const { resolvingFromTheBottom } = await import('./fixtures/bottom-first.ts');
  return { ...real, resolveTop: resolvingFromTheBottom(real.resolveTop) };
});

afterEach(() => {
  bottomFirst.on = false;
});

describe('resolving until the stack is empty', () => {
  it('passes the reference engine, and judges resolutions until empty as fully as single ones', async () => {
    const result = await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: 1000, seed: 1 });
    expect(result.findings.map((f) => f.verdict)).toEqual([]);
  });

  it('fails an engine that resolves the stack from the bottom, naming what resolved out of order', async () => {
    bottomFirst.on = true;
    const result = await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: 1000, seed: 1 });
    const failed = result.findings.filter((f) => f.property?.kind !== 'agreement' && f.property?.id !== 'agreement.reference');
    const ids = failed.map((f) => f.property?.id);
    expect(ids).toContain('resolution.player-effects');
    const finding = failed.find((f) => f.property?.id === 'resolution.player-effects')!;
    expect(JSON.stringify(finding.verdict)).toMatch(/resolving top first, \S+ resolves before \S+/);
  });
});
