// The mutation score npm run mutation reports, from StrykerJS's JSON report and the triage file.
import { describe, expect, it } from 'vitest';
import { mutantsOf, mutationDoc, staleEquivalents, suiteScore, textAt, withFilesOf, type StrykerReport } from '../reports/mutation.ts';

const source = ["export function f(a: number) {", "  if (a > 0) return { reason: 'x', message: `bad ${a}` };", '  return a + 1;', '}'].join('\n');
const at = (line: number, start: number, end: number) => ({ start: { line, column: start }, end: { line, column: end } });
const report: StrykerReport = {
  files: {
    'adapters/reference/f.ts': {
      source,
      mutants: [
        { id: '1', mutatorName: 'EqualityOperator', replacement: 'a >= 0', status: 'Survived', location: at(2, 7, 12) },
        { id: '2', mutatorName: 'StringLiteral', replacement: '``', status: 'Survived', location: at(2, 45, 53) },
        { id: '3', mutatorName: 'ArithmeticOperator', replacement: 'a - 1', status: 'Killed', location: at(3, 10, 15) },
        { id: '4', mutatorName: 'BlockStatement', replacement: '{}', status: 'NoCoverage', location: at(1, 30, 2) },
        { id: '5', mutatorName: 'StringLiteral', replacement: '""', status: 'CompileError', location: at(2, 30, 33) },
      ],
    },
  },
};

describe('the mutation score', () => {
  it('reads the code a mutant replaces', () => {
    expect(textAt(source, at(2, 7, 12))).toBe('a > 0');
    expect(textAt(source, at(3, 10, 15))).toBe('a + 1');
  });

  it('counts killed and timed-out mutants as detected, leaves out equivalent and invalid ones', () => {
    const mutants = mutantsOf(report, [
      { file: 'adapters/reference/', mutator: 'StringLiteral', line: 'message:', reason: 'messages are free-form' },
      { file: 'adapters/reference/f.ts', mutator: 'EqualityOperator', original: 'a > 0', replacement: 'a >= 0', reason: 'a is never 0' },
    ]);
    const s = suiteScore('properties', mutants, 61);
    expect(s).toMatchObject({ mutants: 5, detected: 1, survived: 0, noCoverage: 1, equivalent: 2, invalid: 1, score: 50 });
    expect(s.undetected.map((m) => m.mutator)).toEqual(['BlockStatement']);
    const doc = mutationDoc([s], { scenarios: 500, seed: 1, mutate: ['adapters/reference/**/*.ts'], stale: [] });
    expect(doc).toMatch(/properties: 50% of 2 non-equivalent mutants detected/);
    expect(doc).toMatch(/1: messages are free-form/);
    expect(doc).toMatch(/adapters\/reference\/f.ts:1 \| BlockStatement \| NoCoverage/);
  });

  it('rescores the files of a run over some of them, keeping the last results of the others', () => {
    const other = { source: 'export const g = 1;', mutants: [{ id: '9', mutatorName: 'ArithmeticOperator', status: 'Survived' as const, location: at(1, 18, 19) }] };
    const last: StrykerReport = { files: { ...report.files, 'adapters/reference/g.ts': other } };
    const killed = { ...report.files['adapters/reference/f.ts']!, mutants: report.files['adapters/reference/f.ts']!.mutants.map((m) => ({ ...m, status: 'Killed' as const })) };
    const merged = withFilesOf(last, { files: { 'adapters/reference/f.ts': killed } });
    expect(Object.keys(merged.files).sort()).toEqual(['adapters/reference/f.ts', 'adapters/reference/g.ts']);
    expect(merged.files['adapters/reference/f.ts']!.mutants.every((m) => m.status === 'Killed')).toBe(true);
    expect(merged.files['adapters/reference/g.ts']).toBe(other);
  });

  it('names triage entries that match no undetected mutant any more', () => {
    const stale = { file: 'adapters/reference/f.ts', mutator: 'ArithmeticOperator', original: 'a + 1', replacement: 'a - 1', reason: 'it was killed since' };
    const mutants = mutantsOf(report, [stale]);
    expect(staleEquivalents(mutants, [stale])).toEqual([stale]);
    // An entry with neither a line nor the code matches nothing.
    expect(mutantsOf(report, [{ file: 'adapters/', mutator: 'StringLiteral', reason: 'too broad' }]).filter((m) => m.equivalent)).toEqual([]);
  });
});
