// The named faults of the reference engine: each one's hand-written minimal repro shows it (the
// property it names fails on the faulty engine and every property passes on the reference engine).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS_DOC, renderFaultsDoc } from '../adapters/faults/doc.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { FAULTS, faultyReference } from '../adapters/faults/index.ts';
import { lintScenario } from '../model/lint.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { validateDocument } from '../model/schemas.ts';
import { propertyById, PROPERTIES } from '../properties/index.ts';
import { judge, judgeFor } from '../runner/evaluate.ts';

const failing = (verdicts: ReadonlyMap<string, { status: string }> | undefined) => [...(verdicts ?? [])].filter(([, v]) => v.status === 'fail' || v.status === 'contested').map(([id]) => id);

describe('the named faults', () => {
  it('have distinct ids, rules, a family, a summary and an inspiration', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FAULTS.map((f) => f.id)).size).toBe(FAULTS.length);
    for (const f of FAULTS) {
      expect(f.id, f.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(f.rules.length, f.id).toBeGreaterThan(0);
      for (const rule of f.rules) expect(rule, f.id).toMatch(/^\d{3}(\.\d+[a-z]?)?$/);
      expect(f.summary.length, f.id).toBeGreaterThan(20);
      expect(f.inspiredBy.length, f.id).toBeGreaterThan(20);
      expect(propertyById(f.minimal.shows), f.id).toBeDefined();
    }
  });

  it('are documented in docs/FAULTS.md, kept current (npm run docs)', () => {
    expect(readFileSync(FAULTS_DOC, 'utf8')).toBe(renderFaultsDoc());
  });

  describe.each(FAULTS.map((f) => [f.id, f] as const))('%s', (_id, fault) => {
    it('has a minimal repro that is a valid, consistent scenario', () => {
      const s = fault.minimal.scenario;
      expect(validateDocument('scenario', s)).toEqual([]);
      expect(lintScenario(normalizeScenario(s))).toEqual([]);
    });

    it(`whose ${fault.minimal.shows} fails on the faulty engine and every property passes on the reference engine`, async () => {
      const reference = await judge(judgeFor(new ReferenceEngine()), fault.minimal.scenario, PROPERTIES);
      expect(reference.failure).toBeUndefined();
      expect(failing(reference.verdicts)).toEqual([]);
      const faulty = await judge(judgeFor(faultyReference(fault.id)), fault.minimal.scenario, PROPERTIES);
      expect(faulty.failure).toBeUndefined();
      expect(failing(faulty.verdicts)).toContain(fault.minimal.shows);
    });
  });
});
