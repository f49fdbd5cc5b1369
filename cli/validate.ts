// castcheck validate: checks documents against the schemas, and scenarios for consistency.
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';
import { lintScenario } from '../model/lint.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { documentKind, FORMATS, formatIssues, validateDocument, type ValidationIssue } from '../model/schemas.ts';
import type { Scenario } from '../model/schema-types.ts';

export function validateCommand(files: string[]): number {
  let bad = 0;
  for (const file of files) {
    const problems = validateFile(file);
    if (problems.length === 0) continue;
    bad++;
    console.error(`${file}: invalid`);
    for (const line of problems) console.error(`  ${line}`);
  }
  if (bad > 0) return 2;
  return 0;
}

/** Problems with one file, as printable lines; prints the file's kind when it is valid. */
function validateFile(file: string): string[] {
  let doc: unknown;
  try {
    doc = readJsonFile(file);
  } catch (error) {
    if (error instanceof InputError) return [error.message, ...error.details];
    throw error;
  }
  const kind = documentKind(doc);
  if (!kind) {
    return [`cannot tell what this is: its "format" must be one of ${Object.keys(FORMATS).join(', ')}`];
  }
  const issues = validateDocument(kind, doc);
  if (issues.length === 0 && (kind === 'scenario' || kind === 'repro' || kind === 'case')) {
    const scenario = kind === 'scenario' ? (doc as Scenario) : (doc as { scenario: Scenario }).scenario;
    const prefix = kind === 'scenario' ? '' : '/scenario';
    issues.push(...scenarioIssues(scenario).map((i) => ({ ...i, pointer: prefix + i.pointer })));
  }
  if (issues.length > 0) return formatIssues(issues);
  console.log(`${file}: valid ${kind}`);
  return [];
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
