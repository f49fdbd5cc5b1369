// The scenarios StrykerJS judges each mutant of the reference engine on (npm run mutation): the same
// generator as castcheck run, at a fixed seed, generated once for the unmutated engine.
import fc from 'fast-check';
import { scenarioArb } from '../generators/scenario.ts';
import type { Capabilities, Scenario } from '../model/schema-types.ts';

export const MUTATION_SEED = 1;
export const MUTATION_SCENARIOS = 500;
/** The environment variable that names the file of generated scenarios for the mutation tests. */
export const SCENARIOS_FILE_VARIABLE = 'CASTCHECK_MUTATION_SCENARIOS_FILE';

export function mutationScenarios(capabilities: Capabilities, count = MUTATION_SCENARIOS): Scenario[] {
  return fc.sample(scenarioArb({ capabilities }), { seed: MUTATION_SEED, numRuns: count });
}
