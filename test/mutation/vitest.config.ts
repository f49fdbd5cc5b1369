import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The tests StrykerJS runs against mutants (npm run mutation): one file at a time, chosen by
// CASTCHECK_MUTATION_SUITE (properties or cases). Apart from the tiers of vitest.config.ts.
const suite = process.env.CASTCHECK_MUTATION_SUITE ?? 'properties';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [`test/mutation/${suite}.mutation.ts`],
    testTimeout: 600_000,
  },
});
