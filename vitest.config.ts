import { defineConfig } from 'vitest/config';

// Two tiers. `npm test` is the fast tier: everything that runs in this process. `npm run test:e2e`
// is the slow tier: the CLI run as a user runs it, engines in other processes (including the ones
// that crash and hang), and the mutation run. .ci/run runs both. Both go through bin/test-tier.mjs,
// which kills every process the tests started when vitest ends or is stopped.
// No test depends on wall-clock time: every test's work is bounded by counts (scenarios, engine
// runs), and the time limits below are only a safety net against a test that never ends, far above
// what any test takes on a loaded machine.
export const E2E = [
  'test/cli.test.ts',
  'test/cli-input.test.ts',
  'test/store.test.ts',
  'test/serve-reference.test.ts',
  'test/mutants.test.ts',
  'test/doctor.test.ts',
  'test/kits.test.ts',
  'test/interrupt.test.ts',
  'test/report-files.test.ts',
  'test/report-browser.test.ts',
  'test/vitest-integration.test.ts',
  'test/package.test.ts',
  'test/fuzz.test.ts',
  'test/seeds.test.ts',
  'test/readme-e2e.test.ts',
  'test/slow-engines.test.ts',
  'test/export.test.ts',
  'test/python-engine.test.ts',
  'test/xmage-e2e.test.ts',
];
// Engines that hang are judged by their time limit: those tests run one file at a time, after the rest.
export const ENGINE_PROCESSES = ['test/process-faults.test.ts'];

export default defineConfig({
  test: {
    // Builds dist/ first: tests spawn bin/castcheck.mjs, which runs it (docs/DEVELOPING.md).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // Vitest's default in a run is one worker fewer than the cores: one worker on two cores, the
    // other core idle. A worker per core; the tiers' files share no state.
    maxWorkers: '100%',
    // The reference engine's states and traces share unchanged parts; under test what they share is
    // frozen, so that code changing a shared object or a trace throws (adapters/reference/game.ts).
    env: { CASTCHECK_FREEZE_STATES: '1' },
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...E2E, ...ENGINE_PROCESSES], sequence: { groupOrder: 0 } } },
      {
        extends: true,
        test: { name: 'e2e', include: E2E, testTimeout: 1_800_000, hookTimeout: 1_800_000, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'engine-processes', include: ENGINE_PROCESSES, fileParallelism: false, testTimeout: 1_800_000, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
