import { defineConfig } from 'vitest/config';

// The example's own configuration: castcheck's tests, not this repository's (vitest.config.ts at the root).
export default defineConfig({
  test: {
    include: ['examples/vitest/*.castcheck.test.ts'],
    testTimeout: 60_000,
  },
});
