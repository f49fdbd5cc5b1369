// castcheck validate: checks documents against the schemas, and scenarios for consistency.
import { checkDocument } from '../model/documents.ts';
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';

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
  const { kind, problems } = checkDocument(doc);
  if (problems.length > 0) return problems;
  console.log(`${file}: valid ${kind}`);
  return [];
}
