// The judge's mutation score (npm run mutation -- --judge): StrykerJS mutates the judge (properties/,
// oracle/) and runs the judge's tests, which feed hand-made traces to the properties. Scored like the
// engine's suites (reports/mutation.ts), with a stricter triage: each equivalent mutant is named on
// its own (the code it replaces and the replacement, and a pattern of its source line where the file
// holds the same change twice), never a family of mutants by pattern.
import { staleEquivalents, type Equivalent, type Mutant, type SuiteScore } from './mutation.ts';

/** The heading that opens the judge's part of docs/MUTATION.md (the engine's part follows it). */
export const JUDGE_HEADING = '# Mutation score of the judge';
export const ENGINE_HEADING = '# Mutation score of the reference engine';

/** The headline the issue asks for: `judge mutation score: NN.N%`. */
export function judgeScoreLine(s: SuiteScore): string {
  return `judge mutation score: ${s.score.toFixed(1)}% of ${s.mutants - s.equivalent - s.invalid} non-equivalent mutants (${s.detected} killed or timed out, ${s.survived} survived, ${s.noCoverage} not covered; ${s.equivalent} equivalent, ${s.invalid} not run)`;
}

/** Triage entries that are not one mutant each: a pattern, or a change that matches several mutants. */
export function triageProblems(mutants: readonly Mutant[], equivalents: readonly Equivalent[]): string[] {
  const problems: string[] = [];
  for (const e of equivalents) {
    const name = `${e.file} ${e.mutator} \`${e.original ?? ''}\` -> \`${e.replacement ?? ''}\``;
    if (e.original === undefined || e.replacement === undefined || e.originalMatches !== undefined) {
      problems.push(`${e.file} ${e.mutator}: names no one mutant (the code it replaces and the replacement are required)`);
      continue;
    }
    const n = mutants.filter((m) => m.equivalent === e.reason && m.file.startsWith(e.file) && m.mutator === e.mutator && m.original === e.original && m.replacement === e.replacement && (e.line === undefined || new RegExp(e.line).test(m.source))).length;
    if (n > 1) problems.push(`${name}: matches ${n} mutants (give the line)`);
  }
  return problems;
}

export interface JudgeRun {
  /** When the last Stryker run over the judge ended (ISO date) and the commit it ran at. */
  date: string;
  commit: string;
  mutate: readonly string[];
  /** The files of the report, and those of `mutate` the report has no result for yet. */
  files: readonly string[];
  /** The files `mutate` names that no run has scored yet. */
  notRun: readonly string[];
  staticMutants: number;
}

const cell = (x: string) => `\`${x.replace(/\s+/g, ' ').trim().slice(0, 80).replace(/\|/g, '\\|').replace(/`/g, "'")}\``;

/** The judge's part of docs/MUTATION.md. */
export function judgeDoc(s: SuiteScore, run: JudgeRun, equivalents: readonly Equivalent[], mutants: readonly Mutant[]): string {
  const out = [
    JUDGE_HEADING,
    '',
    'Written by `npm run mutation -- --judge` (test/mutation/run.ts); do not edit. StrykerJS mutates the judge',
    `(${run.mutate.map((m) => `\`${m}\``).join(', ')}) and runs the judge's tests against each mutant`,
    "(test/mutation/judge.vitest.config.ts: hand-made traces, and traces of small fixed scenarios, fed to the properties",
    'by id, with the verdict, kind and rule asserted), never the engine suites below. Each mutant runs only the tests',
    "that reach its code (per-test coverage). Mutants of code run when a module loads (static mutants: property ids,",
    'names and lists built once) would each run every test; they are not run, and counted apart. Equivalent',
    'mutants are listed one by one with the reason in test/mutation/judge-triage.json and left out of the score.',
    '',
    judgeScoreLine(s),
    '',
    `Run of ${run.date}, at commit ${run.commit}; ${run.files.length} files with mutants; ${run.staticMutants} static mutants not run.`,
    '',
  ];
  if (run.notRun.length > 0) out.push(`Files not scored yet (the score is over the files above only): ${run.notRun.map((f) => `\`${f}\``).join(', ')}.`, '');
  const problems = triageProblems(mutants, equivalents);
  const stale = staleEquivalents(mutants, equivalents);
  if (problems.length + stale.length > 0) {
    out.push('Triage entries to correct:', '', ...problems.map((p) => `- ${p}`), ...stale.map((e) => `- ${e.file} ${e.mutator} \`${e.original}\` -> \`${e.replacement}\`: matches no undetected mutant any more (remove it)`), '');
  }
  const byFile = new Map<string, Mutant[]>();
  for (const m of mutants) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  out.push('## The judge by file', '', '| file | mutants | detected | undetected | equivalent | static, not run |', '|---|---|---|---|---|---|');
  const detected = (m: Mutant) => m.status === 'Killed' || m.status === 'Timeout';
  const counted = (m: Mutant) => m.status === 'Survived' || m.status === 'NoCoverage';
  for (const [file, ms] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const n = (f: (m: Mutant) => boolean) => ms.filter(f).length;
    out.push(`| ${file} | ${ms.length} | ${n(detected)} | ${n((m) => counted(m) && m.equivalent === undefined)} | ${n((m) => counted(m) && m.equivalent !== undefined)} | ${n((m) => m.status === 'Ignored')} |`);
  }
  out.push('');
  if (s.equivalents.length > 0) {
    out.push(`## Equivalent mutants of the judge (${s.equivalents.length})`, '', '| where | mutator | original | replacement | why |', '|---|---|---|---|---|');
    for (const m of s.equivalents) out.push(`| ${m.file}:${m.line} | ${m.mutator} | ${cell(m.original)} | ${cell(m.replacement)} | ${m.equivalent} |`);
    out.push('');
  }
  out.push('## Undetected by the judge\'s tests', '');
  if (s.undetected.length === 0) out.push('None.', '');
  else {
    out.push('| where | mutator | status | original | replacement |', '|---|---|---|---|---|');
    for (const m of s.undetected) out.push(`| ${m.file}:${m.line} | ${m.mutator} | ${m.status} | ${cell(m.original)} | ${cell(m.replacement)} |`);
    out.push('');
  }
  return out.join('\n');
}

/** docs/MUTATION.md with the judge's part replaced (or put first) and the engine's part kept. */
export function withJudgePart(doc: string, judge: string): string {
  const engine = doc.indexOf(ENGINE_HEADING);
  return `${judge.trimEnd()}\n\n${engine >= 0 ? doc.slice(engine) : doc}`;
}

/** docs/MUTATION.md with the engine's part replaced and the judge's part (before it) kept. */
export function withEnginePart(doc: string, engine: string): string {
  const at = doc.indexOf(ENGINE_HEADING);
  const judge = doc.startsWith(JUDGE_HEADING) && at > 0 ? doc.slice(0, at) : '';
  return `${judge}${engine}`;
}

/** The judge's headline as the last run wrote it into docs/MUTATION.md, to print beside the engine's. */
export function judgeLineOf(doc: string): string | undefined {
  return doc.split('\n').find((l) => l.startsWith('judge mutation score: '));
}
