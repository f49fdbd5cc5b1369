// StrykerJS for npm run mutation (test/mutation/run.ts runs it once per suite). It mutates the
// reference engine (adapters/reference/; its named faults live beside it, in adapters/faults/, and
// are not mutated) and the model code the engine uses, and runs one suite of test/mutation/ against
// each mutant: `properties` (castcheck's rule properties without agreement over generated
// scenarios) or `cases` (the fixed cases from rulings).
const suite = process.env.CASTCHECK_MUTATION_SUITE ?? 'properties';
const out = 'castcheck-out/mutation';

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'test/mutation/vitest.config.ts', related: false },
  mutate: [
    'adapters/reference/**/*.ts',
    // The model code the engine uses to read costs (shared with the judge: parsing and normal forms only).
    'model/mana.ts',
  ],
  coverageAnalysis: 'perTest',
  // Each mutant's results are kept: a second run retests only what changed.
  incremental: true,
  incrementalFile: `${out}/${suite}.incremental.json`,
  reporters: ['json', 'progress'],
  jsonReporter: { fileName: `${out}/${suite}.json` },
  tempDirName: `${out}/.stryker-tmp`,
  // Two cores: one test process each.
  concurrency: 2,
  timeoutMS: 20000,
};
