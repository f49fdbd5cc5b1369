// castcheck promote: a finding (a repro) becomes a fixed case that `castcheck cases` runs from then on.
import { existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { InputError } from '../model/errors.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import { CASES_DIR, checkCase } from '../runner/cases.ts';
import { caseFromRepro } from '../runner/promote.ts';
import { writeJsonAtomically } from '../runner/store.ts';
import { readRepro } from './replay.ts';
import { castcheckCommand } from '../reports/shell-command.ts';

export interface PromoteOptions {
  to?: string;
}

export async function promoteCommand(file: string, o: PromoteOptions): Promise<number> {
  const repro = readRepro(file);
  const reference = new ReferenceEngine({ spliceCopy: repro.readings?.spliceCopy ?? 'ruling' });
  const c = await caseFromRepro(repro, reference, file);
  const issues = validateDocument('case', c);
  if (issues.length > 0) throw new Error(`castcheck made an invalid case from ${file}: ${formatIssues(issues).join('; ')}`);
  // The case expects the reference engine's outcome; a case it does not pass would be a castcheck bug.
  const problems = await checkCase(reference, c);
  if (problems.length > 0) throw new Error(`the reference engine does not pass the case made from ${file}: ${problems.join('; ')}`);
  const dir = o.to ?? join(CASES_DIR, 'promoted');
  const path = join(dir, `${c.id}.case.json`);
  if (existsSync(path)) throw new InputError(`${path} exists already: this finding was promoted before`);
  mkdirSync(dir, { recursive: true });
  writeJsonAtomically(path, c);
  console.log(`promoted ${file}\n  to the case ${c.id}: ${path}`);
  console.log(`  it expects what the reference engine does with the scenario: ${c.expect.length} action(s), their outcomes and triggers, the state after ${c.expect.filter((e) => e.state).map((e) => e.action).join(' and ')}`);
  const shown = relative(process.cwd(), dir);
  const where = o.to === undefined ? [] : ['--dir', shown.startsWith('..') ? dir : shown || '.'];
  console.log(`  run it with the other cases: ${castcheckCommand('cases', ...where, '--filter', c.id)}`);
  return 0;
}
