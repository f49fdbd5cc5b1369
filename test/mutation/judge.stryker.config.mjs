// StrykerJS for npm run mutation -- --judge: mutates the judge (properties/ and oracle/, the judge's
// own model of a step) and runs the judge's tests against each mutant (test/mutation/
// judge.vitest.config.ts), never the engine's suites. Per-test coverage: each mutant runs only the
// tests that reach its code.
const out = 'castcheck-out/mutation';

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'test/mutation/judge.vitest.config.ts', related: false },
  mutate: ['properties/**/*.ts', 'oracle/**/*.ts'],
  coverageAnalysis: 'perTest',
  // A static mutant (code run when a module loads) would run every test, for seconds each: not run,
  // counted apart in docs/MUTATION.md.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `${out}/judge.incremental.json`,
  reporters: ['json', 'progress'],
  // The driver (test/mutation/run.ts) names a report file per run and merges it into judge.json.
  jsonReporter: { fileName: process.env.CASTCHECK_JUDGE_REPORT ?? `${out}/judge.json` },
  tempDirName: `${out}/.stryker-tmp-judge`,
  concurrency: 2,
  timeoutMS: 20000,
};
