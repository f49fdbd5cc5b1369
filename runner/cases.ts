// Fixed cases: scenarios with their expected outcome, kept as data files under scenarios/ and read
// by this one runner (the way toml-test keeps its cases).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Engine } from '../adapters/engine.ts';
import { canonical, diffStates, formatDifferences } from '../model/compare.ts';
import { InputError } from '../model/errors.ts';
import { readJsonFile } from '../model/json-file.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { FixedCase, ObservedState } from '../model/schema-types.ts';

export const CASES_DIR = new URL('../scenarios/', import.meta.url).pathname;

export interface LoadedCase {
  file: string;
  case: FixedCase;
}

export function loadCases(dir = CASES_DIR): LoadedCase[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.case.json')) files.push(path);
    }
  };
  walk(dir);
  return files.map((file) => {
    const doc = readJsonFile(file);
    const issues = validateDocument('case', doc);
    if (issues.length > 0) throw new InputError(`${relative(process.cwd(), file)} is not a valid case`, formatIssues(issues));
    return { file, case: doc as FixedCase };
  });
}

/** What the engine did differently from the case's expectations; empty when it passes. */
export async function checkCase(engine: Engine, c: FixedCase): Promise<string[]> {
  const scenario = normalizeScenario(c.scenario);
  const trace = await engine.run(scenario);
  const problems: string[] = [];
  for (const expected of c.expect) {
    const index = scenario.actions.findIndex((a) => a.id === expected.action);
    const step = trace.steps[index];
    if (index === -1 || !step) {
      problems.push(`${expected.action}: no such action in the trace`);
      continue;
    }
    if (step.outcome !== expected.outcome) {
      problems.push(`${expected.action}: expected ${expected.outcome}, got ${step.outcome}${step.reason ? ` (${step.reason}: ${step.message ?? ''})` : ''}`);
      continue;
    }
    if (expected.reason && step.reason !== expected.reason) problems.push(`${expected.action}: expected reason ${expected.reason}, got ${step.reason}`);
    if (expected.triggered) {
      const observed = step.triggered ?? [];
      if (canonical(observed) !== canonical(expected.triggered)) {
        problems.push(`${expected.action}: triggered: expected ${canonical(expected.triggered)}, observed ${canonical(observed)}`);
      }
    }
    if (expected.state) {
      const diffs = diffStates(expected.state as Partial<ObservedState>, step.state, true);
      if (diffs.length > 0) problems.push(`${expected.action}: ${formatDifferences(diffs)}`);
    }
  }
  return problems;
}
