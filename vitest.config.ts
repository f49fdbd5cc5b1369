import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests start node processes and run hundreds of scenarios; the machines are shared.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
