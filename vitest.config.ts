import { defineConfig } from 'vitest/config';

// Engines in other processes that crash and hang are judged by time limits: their tests run on their
// own, after the rest, so that a busy machine does not turn a slow answer into a TIMEOUT.
const TIMED = ['test/process-faults.test.ts'];

export default defineConfig({
  test: {
    // CLI tests start node processes and run hundreds of scenarios; the machines are shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: TIMED, sequence: { groupOrder: 0 } } },
      { extends: true, test: { name: 'engine processes', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } } },
    ],
  },
});
