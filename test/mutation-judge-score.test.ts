// The judge's mutation score as npm run mutation -- --judge writes it: the headline, a triage that
// names each equivalent mutant on its own, and docs/MUTATION.md's two parts each rewritten by its run.
import { describe, expect, it } from 'vitest';
import { judgeDoc, judgeLineOf, judgeScoreLine, triageProblems, withEnginePart, withJudgePart } from '../reports/judge-mutation.ts';
import { mutantsOf, suiteScore, type StrykerReport } from '../reports/mutation.ts';

const source = ["export function f(a: number) {", "  if (a > 0) return fail('kicked', '702.33d');", '  return a > 0 ? 1 : 2;', '}'].join('\n');
const at = (line: number, start: number, end: number) => ({ start: { line, column: start }, end: { line, column: end } });
const report: StrykerReport = {
  files: {
    'properties/f.ts': {
      source,
      mutants: [
        { id: '1', mutatorName: 'EqualityOperator', replacement: 'a >= 0', status: 'Survived', location: at(2, 7, 12) },
        { id: '2', mutatorName: 'EqualityOperator', replacement: 'a >= 0', status: 'Survived', location: at(3, 10, 15) },
        { id: '3', mutatorName: 'StringLiteral', replacement: '""', status: 'Killed', location: at(2, 29, 37) },
        { id: '4', mutatorName: 'StringLiteral', replacement: '""', status: 'Ignored', location: at(2, 39, 48) },
      ],
    },
  },
};
const run = { date: '2026-12-07 10:00 UTC', commit: 'abc', mutate: ['properties/**/*.ts'], files: ['properties/f.ts'], notRun: ['oracle/step.ts'], staticMutants: 1 };

describe("the judge's mutation score", () => {
  it('prints the headline with one decimal, static mutants left out and counted', () => {
    const s = suiteScore('judge', mutantsOf(report, []), 0);
    expect(judgeScoreLine(s)).toMatch(/^judge mutation score: 33\.3% of 3 non-equivalent mutants \(1 killed/);
    const doc = judgeDoc(s, run, [], mutantsOf(report, []));
    expect(doc).toMatch(/^judge mutation score: 33\.3%/m);
    expect(doc).toMatch(/Run of 2026-12-07 10:00 UTC, at commit abc; 1 files with mutants; 1 static mutants not run/);
    expect(doc).toMatch(/Files not scored yet .*`oracle\/step.ts`/);
    expect(doc).toMatch(/\| properties\/f.ts \| 4 \| 1 \| 2 \| 0 \| 1 \|/);
  });

  it('takes equivalent mutants one by one: a pattern, or a change two mutants share without a line to tell them apart, is refused', () => {
    const one = { file: 'properties/f.ts', mutator: 'EqualityOperator', original: 'a > 0', replacement: 'a >= 0', line: 'return a > 0', reason: 'a is never 0 there' };
    const two = { ...one, line: undefined, reason: 'both' };
    const pattern = { file: 'properties/f.ts', mutator: 'StringLiteral', originalMatches: '.*', reason: 'all strings' };
    expect(triageProblems(mutantsOf(report, [one]), [one])).toEqual([]);
    expect(suiteScore('judge', mutantsOf(report, [one]), 0)).toMatchObject({ equivalent: 1, score: 50 });
    expect(triageProblems(mutantsOf(report, [two]), [two])).toEqual([expect.stringMatching(/matches 2 mutants/)]);
    expect(triageProblems(mutantsOf(report, [pattern]), [pattern])).toEqual([expect.stringMatching(/names no one mutant/)]);
  });

  it("rewrites the judge's part of docs/MUTATION.md and keeps the engine's, and the other way round", () => {
    const engine = '# Mutation score of the reference engine\n\n- properties: 77.6%\n';
    const judge = judgeDoc(suiteScore('judge', mutantsOf(report, []), 0), run, [], mutantsOf(report, []));
    const both = withJudgePart(engine, judge);
    expect(both.startsWith('# Mutation score of the judge')).toBe(true);
    expect(both.endsWith(engine)).toBe(true);
    expect(withJudgePart(both, judge)).toBe(both);
    const engine2 = engine.replace('77.6', '80.1');
    expect(withEnginePart(both, engine2)).toBe(withJudgePart(engine2, judge));
    expect(withEnginePart(engine, engine2)).toBe(engine2);
    expect(judgeLineOf(both)).toMatch(/^judge mutation score: 33\.3%/);
  });
});
