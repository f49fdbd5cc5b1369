// castcheck documents given by people (scenarios, repros, cases...): which kind a value is, and
// everything wrong with it, from its top-level type to the checks JSON Schema cannot express.
import { InputError } from './errors.ts';
import { readJsonFile } from './json-file.ts';
import { lintScenario } from './lint.ts';
import { normalizeScenario } from './scenario.ts';
import { FORMATS, formatIssues, validateDocument, type DocumentKind, type ValidationIssue } from './schemas.ts';
import type { Scenario } from './schema-types.ts';

/** The kinds of document `castcheck validate` recognises by their "format". */
export const FORMATTED_KINDS: readonly DocumentKind[] = [...new Set(Object.values(FORMATS))];

export type DocumentCheck = { kind: DocumentKind; problems: string[] } | { kind: undefined; problems: string[] };

/** What is wrong with a value that should be a document of one of `expected` kinds, as printable lines; none when it is valid. */
export function checkDocument(doc: unknown, expected: readonly DocumentKind[] = FORMATTED_KINDS): DocumentCheck {
  const which = kindOf(doc, expected);
  if ('problem' in which) return { kind: undefined, problems: [which.problem] };
  return { kind: which.kind, problems: formatIssues(documentIssues(which.kind, doc)) };
}

/** Reads a file that must be a valid document of one of `expected` kinds; an InputError names the file and every problem. */
export function readDocument(file: string, expected: readonly DocumentKind[]): { kind: DocumentKind; doc: unknown } {
  const doc = readJsonFile(file);
  const { kind, problems } = checkDocument(doc, expected);
  if (kind === undefined) throw new InputError(`${file}: ${problems[0]}`);
  if (problems.length > 0) throw new InputError(`${file} is not a valid ${kind}`, problems.map((p) => `  ${p}`));
  return { kind, doc };
}

/** The schema's issues, then for documents that hold a scenario the scenario's own consistency (unknown cards, lint). */
export function documentIssues(kind: DocumentKind, doc: unknown): ValidationIssue[] {
  const issues = validateDocument(kind, doc);
  if (issues.length > 0 || (kind !== 'scenario' && kind !== 'repro' && kind !== 'case')) return issues;
  const scenario = kind === 'scenario' ? (doc as Scenario) : (doc as { scenario: Scenario }).scenario;
  const prefix = kind === 'scenario' ? '' : '/scenario';
  return scenarioIssues(scenario).map((i) => ({ ...i, pointer: prefix + i.pointer }));
}

/** The kind of the document when it is one of `expected`, or else a sentence saying what it is instead. */
function kindOf(doc: unknown, expected: readonly DocumentKind[]): { kind: DocumentKind } | { problem: string } {
  const wanted = `${expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}` : expected[0]} object`;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { problem: `expected a ${wanted}, got ${describeValue(doc)}` };
  const format = (doc as { format?: unknown }).format;
  const formats = Object.entries(FORMATS).filter(([, k]) => expected.includes(k)).map(([f]) => f);
  const kind = typeof format === 'string' ? FORMATS[format] : undefined;
  // Documents without a "format" (cards, capabilities, engine configs) are checked against the one kind expected.
  if (formats.length === 0 && expected.length === 1) return { kind: expected[0]! };
  if (kind === undefined) {
    return { problem: `cannot tell what this is: its "format" must be one of ${formats.join(', ')}${format === undefined ? ' (it has none)' : ''}` };
  }
  if (!expected.includes(kind)) return { problem: `expected a ${wanted}, got a ${kind} ("format": "${format as string}")` };
  return { kind };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function scenarioIssues(scenario: Scenario): ValidationIssue[] {
  const unknown: ValidationIssue[] = [];
  scenario.cards.forEach((c, i) => {
    if (c.definition === undefined && c.oracle !== undefined) {
      try {
        normalizeScenario({ ...scenario, cards: [c], actions: [] });
      } catch (error) {
        if (error instanceof InputError) unknown.push({ pointer: `/cards/${i}/oracle`, message: error.message });
        else throw error;
      }
    }
  });
  if (unknown.length > 0) return unknown;
  return lintScenario(normalizeScenario(scenario));
}
