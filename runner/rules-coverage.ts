// The rules coverage table: for every Comprehensive Rules subrule castcheck cites, and every entry
// of the rules digest (composite scenarios and rulings), the fixed cases that exercise it, or why
// none does. `npm run rules-coverage` writes it to docs/RULES-COVERAGE.md; test/rules-coverage.test.ts
// fails when that file is stale or an entry has neither a case nor a reason.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FixedCase } from '../model/schema-types.ts';
import { CASES_DIR, loadCases, type LoadedCase } from './cases.ts';

/** One cited subrule, or one digest entry, in our own words. */
export interface CoverageEntry {
  id: string;
  says: string;
  /** Why no fixed case exercises it. */
  uncovered?: string;
  /** What a partial coverage leaves out. */
  note?: string;
  /** Why no property checks it (for cited subrules). */
  unchecked?: string;
}

export interface CitedRules {
  /** Rules every subrule of which is listed. */
  families: string[];
  rules: CoverageEntry[];
}

export const CITED_RULES_FILE = fileURLToPath(new URL('../model/cited-rules.json', import.meta.url));
export const DIGEST_ENTRIES_FILE = fileURLToPath(new URL('../model/digest-entries.json', import.meta.url));
export const COVERAGE_DOC = fileURLToPath(new URL('../docs/RULES-COVERAGE.md', import.meta.url));
const DOCS_DIR = fileURLToPath(new URL('../docs/', import.meta.url));

export function citedRules(): CitedRules {
  return JSON.parse(readFileSync(CITED_RULES_FILE, 'utf8')) as CitedRules;
}

export function digestEntries(): CoverageEntry[] {
  return (JSON.parse(readFileSync(DIGEST_ENTRIES_FILE, 'utf8')) as { entries: CoverageEntry[] }).entries;
}

/** 702.33f -> 702.33; 603.2 -> 603.2. */
const baseRule = (id: string) => id.replace(/[a-z]$/, '');

function casesCiting(cases: readonly LoadedCase[], pick: (c: FixedCase) => readonly string[] | undefined, id: string): LoadedCase[] {
  return cases.filter((c) => (pick(c.case) ?? []).includes(id)).sort((a, b) => (a.case.id < b.case.id ? -1 : 1));
}

/** What is wrong with the data: duplicates, entries with neither case nor reason, stale reasons, unlisted citations. */
export function coverageProblems(cited: CitedRules, entries: readonly CoverageEntry[], cases: readonly LoadedCase[]): string[] {
  const problems: string[] = [];
  const check = (kind: string, list: readonly CoverageEntry[], pick: (c: FixedCase) => readonly string[] | undefined) => {
    const seen = new Set<string>();
    for (const e of list) {
      if (seen.has(e.id)) problems.push(`${kind} ${e.id} is listed twice`);
      seen.add(e.id);
      const n = casesCiting(cases, pick, e.id).length;
      if (n === 0 && !e.uncovered) problems.push(`${kind} ${e.id} has no fixed case and no reason why`);
      if (n > 0 && e.uncovered) problems.push(`${kind} ${e.id} says why no case covers it, but ${n} case(s) do`);
    }
    return seen;
  };
  const rules = check('rule', cited.rules, (c) => c.rules);
  for (const e of cited.rules) if (!/^[0-9]{3}(\.[0-9]+[a-z]?)?$/.test(e.id)) problems.push(`rule ${e.id} is not a rule number`);
  const digest = check('digest entry', entries, (c) => c.digest);
  for (const { case: c } of cases) {
    for (const id of c.rules) {
      if (cited.families.includes(baseRule(id)) && !rules.has(id)) problems.push(`${c.id} cites ${id}, which model/cited-rules.json does not list`);
    }
    for (const id of c.digest ?? []) if (!digest.has(id)) problems.push(`${c.id} names digest entry ${id}, which model/digest-entries.json does not list`);
  }
  return problems;
}

function caseLink(c: LoadedCase): string {
  const path = relative(DOCS_DIR, c.file).split('\\').join('/');
  return `[${c.case.id}](${path})${c.case.contested ? ' (contested)' : ''}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(entries: readonly CoverageEntry[], cases: readonly LoadedCase[], pick: (c: FixedCase) => readonly string[] | undefined, head: string): string[] {
  const lines = [`| ${head} | what it says, in our words | fixed cases |`, '|---|---|---|'];
  for (const e of entries) {
    const covering = casesCiting(cases, pick, e.id);
    const where = covering.length > 0 ? covering.map(caseLink).join(', ') : `not covered: ${e.uncovered ?? '(no reason given)'}`;
    lines.push(`| ${e.id} | ${cell(e.says)}${e.note ? ` *${cell(e.note)}*` : ''} | ${cell(where)} |`);
  }
  return lines;
}

/** The whole document, deterministic for given data and cases. */
export function renderCoverage(cited: CitedRules, entries: readonly CoverageEntry[], cases: readonly LoadedCase[]): string {
  const ruleCases = (id: string) => casesCiting(cases, (c) => c.rules, id).length;
  const covered = cited.rules.filter((e) => ruleCases(e.id) > 0).length;
  const coveredEntries = entries.filter((e) => casesCiting(cases, (c) => c.digest, e.id).length > 0).length;
  const listed = new Set(cited.rules.map((e) => e.id));
  const others = [...new Set(cases.flatMap((c) => c.case.rules))].filter((id) => !listed.has(id)).sort();
  const contested = cases.filter((c) => c.case.contested).sort((a, b) => (a.case.id < b.case.id ? -1 : 1));
  const lines = [
    '# Rules coverage',
    '',
    'Generated by `npm run rules-coverage` from [model/cited-rules.json](../model/cited-rules.json),',
    '[model/digest-entries.json](../model/digest-entries.json) and the `rules` and `digest` fields of the fixed cases',
    `under [scenarios/](../scenarios/). Do not edit it by hand: test/rules-coverage.test.ts fails when it is out of date.`,
    '',
    `${cases.length} fixed cases. ${covered} of ${cited.rules.length} cited subrules are exercised by at least one case; the others`,
    'say why not. Every subrule of ' + cited.families.map((f) => `CR ${f}`).join(', ') + ' is listed.',
    '',
    '## Cited subrules',
    '',
    ...table(cited.rules, cases, (c) => c.rules, 'rule'),
    '',
    '## Digest entries: composite scenarios (section 12) and rulings',
    '',
    `${coveredEntries} of ${entries.length} entries of the rules digest have a case. Ids are section/name; rulings are cited by card and date in each case's \`source\`.`,
    '',
    ...table(entries, cases, (c) => c.digest, 'entry'),
    '',
    '## Contested readings',
    '',
    ...contested.map((c) => `- ${caseLink(c)}${c.case.options?.spliceCopy ? ` (spliceCopy ${c.case.options.spliceCopy})` : ''}: ${cell(c.case.contested!)}`),
    '',
    '## Other rules the cases cite',
    '',
    '| rule | fixed cases |',
    '|---|---|',
    ...others.map((id) => `| ${id} | ${casesCiting(cases, (c) => c.rules, id).map(caseLink).join(', ')} |`),
    '',
  ];
  return lines.join('\n');
}

export function currentCoverage(): string {
  return renderCoverage(citedRules(), digestEntries(), loadCases(CASES_DIR));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = coverageProblems(citedRules(), digestEntries(), loadCases(CASES_DIR));
  for (const p of problems) console.error(p);
  writeFileSync(COVERAGE_DOC, currentCoverage());
  console.log(`wrote ${COVERAGE_DOC}`);
  if (problems.length > 0) process.exitCode = 1;
}
