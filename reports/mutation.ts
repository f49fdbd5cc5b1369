// The mutation score of npm run mutation, from StrykerJS's JSON reports (mutation-testing-report
// schema): for each suite, the mutants of the reference engine it detects, the survivors, and the
// triage of survivors (equivalent mutants, with the reason, in test/mutation/triage.json).

/** A mutant as StrykerJS reports it. */
export interface ReportedMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface StrykerReport {
  files: Record<string, { source: string; mutants: ReportedMutant[] }>;
}

/**
 * Mutants that no test can detect because they do not change what the engine does, and why: one
 * mutant (the code it replaces and the replacement, as written), or every mutant of a kind whose
 * source line matches `line`, or whose replaced code matches `originalMatches` (regular
 * expressions), in files whose path starts with `file`.
 */
export interface Equivalent {
  file: string;
  mutator: string;
  original?: string;
  replacement?: string;
  line?: string;
  originalMatches?: string;
  reason: string;
}

function matches(e: Equivalent, file: string, mutator: string, original: string, replacement: string, line: string): boolean {
  if (!file.startsWith(e.file) || e.mutator !== mutator) return false;
  if (e.line !== undefined && !new RegExp(e.line).test(line)) return false;
  if (e.originalMatches !== undefined && !new RegExp(e.originalMatches).test(original)) return false;
  if (e.original !== undefined && (e.original !== original || e.replacement !== replacement)) return false;
  return e.line !== undefined || e.original !== undefined || e.originalMatches !== undefined;
}

export interface Mutant {
  file: string;
  line: number;
  /** The source line it starts on. */
  source: string;
  mutator: string;
  original: string;
  replacement: string;
  status: ReportedMutant['status'];
  /** The triage reason when it is equivalent. */
  equivalent?: string;
}

export interface SuiteScore {
  suite: string;
  mutants: number;
  /** Killed or timed out. */
  detected: number;
  survived: number;
  noCoverage: number;
  equivalent: number;
  /** Mutants the compiler or the runtime refused: not counted either way. */
  invalid: number;
  /** detected / (mutants - equivalent - invalid), in percent. */
  score: number;
  /** How long the run took; 0 when the report mixes runs (files rescored apart). */
  seconds: number;
  undetected: Mutant[];
  /** The mutants the triage left out as equivalent, with their reasons. */
  equivalents: Mutant[];
}

const DETECTED = new Set(['Killed', 'Timeout']);
const INVALID = new Set(['CompileError', 'RuntimeError', 'Ignored', 'Pending']);

/** The source text a location covers (lines and columns from 1, the end exclusive). */
export function textAt(source: string, loc: ReportedMutant['location']): string {
  const lines = source.split('\n');
  if (loc.start.line === loc.end.line) return lines[loc.start.line - 1]!.slice(loc.start.column - 1, loc.end.column - 1);
  const first = lines[loc.start.line - 1]!.slice(loc.start.column - 1);
  const middle = lines.slice(loc.start.line, loc.end.line - 1);
  const last = lines[loc.end.line - 1]!.slice(0, loc.end.column - 1);
  return [first, ...middle, last].join('\n');
}

/**
 * The last report with the files of a run over some of them (Stryker's --mutate) in place of theirs:
 * every other file keeps its last result, so that one file can be rescored without a full run.
 */
export function withFilesOf(last: StrykerReport, run: StrykerReport): StrykerReport {
  return { ...last, files: { ...last.files, ...run.files } };
}

export function mutantsOf(report: StrykerReport, equivalents: readonly Equivalent[]): Mutant[] {
  return Object.entries(report.files).flatMap(([file, f]) => {
    const lines = f.source.split('\n');
    return f.mutants.map((m) => {
      const original = textAt(f.source, m.location);
      const replacement = m.replacement ?? '';
      const line = lines[m.location.start.line - 1] ?? '';
      const eq = equivalents.find((e) => matches(e, file, m.mutatorName, original, replacement, line));
      return { file, line: m.location.start.line, source: line, mutator: m.mutatorName, original, replacement, status: m.status, ...(eq ? { equivalent: eq.reason } : {}) };
    });
  });
}

export function suiteScore(suite: string, mutants: readonly Mutant[], seconds: number): SuiteScore {
  const valid = mutants.filter((m) => !INVALID.has(m.status));
  const equivalent = valid.filter((m) => !DETECTED.has(m.status) && m.equivalent !== undefined);
  const counted = valid.filter((m) => !equivalent.includes(m));
  const detected = counted.filter((m) => DETECTED.has(m.status)).length;
  const undetected = counted.filter((m) => !DETECTED.has(m.status));
  return {
    suite,
    mutants: mutants.length,
    detected,
    survived: undetected.filter((m) => m.status === 'Survived').length,
    noCoverage: undetected.filter((m) => m.status === 'NoCoverage').length,
    equivalent: equivalent.length,
    invalid: mutants.length - valid.length,
    score: counted.length === 0 ? 0 : Math.round((1000 * detected) / counted.length) / 10,
    seconds,
    undetected,
    equivalents: equivalent,
  };
}

/** Triage entries that no longer match an undetected mutant: the code changed, or a property now kills it. */
export function staleEquivalents(mutants: readonly Mutant[], equivalents: readonly Equivalent[]): Equivalent[] {
  return equivalents.filter((e) => !mutants.some((m) => !DETECTED.has(m.status) && matches(e, m.file, m.mutator, m.original, m.replacement, m.source)));
}

const minutes = (s: number) => `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
const oneLine = (code: string) => code.replace(/\s+/g, ' ').trim();

export function scoreLine(s: SuiteScore): string {
  return `${s.suite}: ${s.score}% of ${s.mutants - s.equivalent - s.invalid} non-equivalent mutants detected (${s.detected} killed or timed out, ${s.survived} survived, ${s.noCoverage} not covered; ${s.equivalent} equivalent, ${s.invalid} invalid)${s.seconds > 0 ? ` in ${minutes(s.seconds)}` : ''}`;
}

/** docs/MUTATION.md: the scores, how they were measured, and every undetected mutant. */
export function mutationDoc(scores: readonly SuiteScore[], o: { scenarios: number; seed: number; mutate: readonly string[]; stale: readonly Equivalent[] }): string {
  const out = [
    '# Mutation score of the reference engine',
    '',
    'Written by `npm run mutation` (test/mutation/run.ts); do not edit. StrykerJS mutates the reference engine',
    `(${o.mutate.map((m) => `\`${m}\``).join(', ')}) and runs one suite against each mutant. The`,
    `**properties** suite is castcheck's rule properties without agreement with the reference engine, over ${o.scenarios}`,
    `scenarios generated at seed ${o.seed} (test/mutation/properties.mutation.ts; those that copy a spliced spell also under the`,
    'literal reading): a mutant is killed when a property fails or is contested, or the engine fails (a trace that breaks',
    'the trace schema included). The **cases** suite is the fixed cases from rulings (scenarios/), scored apart. Equivalent mutants',
    '(the code they change cannot change what the engine does) are listed with the reason in test/mutation/triage.json and',
    'left out of the score.',
    '',
    ...scores.map((s) => `- ${scoreLine(s)}`),
    '',
  ];
  if (o.stale.length > 0) {
    out.push('Triage entries that match no undetected mutant any more (remove them):', '');
    for (const e of o.stale) out.push(`- ${e.file} ${e.mutator}: ${e.line !== undefined ? `lines matching /${e.line}/` : `\`${oneLine(e.original ?? '')}\` -> \`${oneLine(e.replacement ?? '')}\``}`);
    out.push('');
  }
  const first = scores[0];
  if (first && first.equivalents.length > 0) {
    out.push(`## Equivalent mutants (${first.equivalents.length}), by reason`, '');
    const byReason = new Map<string, Mutant[]>();
    for (const m of first.equivalents) byReason.set(m.equivalent!, [...(byReason.get(m.equivalent!) ?? []), m]);
    for (const [reason, ms] of byReason) out.push(`- ${ms.length}: ${reason} (${[...new Set(ms.map((m) => `${m.file}:${m.line}`))].slice(0, 6).join(', ')}${ms.length > 6 ? ', ...' : ''})`);
    out.push('');
  }
  for (const s of scores) {
    out.push(`## Undetected by ${s.suite}`, '');
    if (s.undetected.length === 0) out.push('None.', '');
    else {
      out.push('| where | mutator | status | original | replacement |', '|---|---|---|---|---|');
      for (const m of s.undetected) {
        const cell = (x: string) => `\`${oneLine(x).slice(0, 80).replace(/\|/g, '\\|').replace(/`/g, "'")}\``;
        out.push(`| ${m.file}:${m.line} | ${m.mutator} | ${m.status} | ${cell(m.original)} | ${cell(m.replacement)} |`);
      }
      out.push('');
    }
  }
  return out.join('\n');
}
