import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// The judge's tests, which StrykerJS runs against the judge's mutants (npm run mutation -- --judge):
// tests that feed hand-made traces, or traces of small fixed scenarios, to the properties and assert
// their verdicts. Not the engine's suites of test/mutation/, and none of the tests that run the
// suite over generated scenarios (judge-robustness, trigger-order's 1,000 runs, resolve-until-empty,
// unobserved-kicks, printed-relations): every mutant those cover would run them, for seconds each.
// Nor those that judge with every property at once (faults, own-mistakes), which every mutant reaches:
// test/judge-fault-verdicts.test.ts and test/judge-verdicts.test.ts judge the same repros and fixed
// cases one property per test.
export const JUDGE_TESTS = [
  'test/judge-*.test.ts',
  'test/properties.test.ts',
  'test/property-edge-cases.test.ts',
  'test/property-shortcuts.test.ts',
  'test/shape-mismatches.test.ts',
  'test/tolerant-judging.test.ts',
  'test/trigger-judging.test.ts',
  'test/resolution.test.ts',
  // The judge's payments (oracle/payment.ts) held to their listing of every way to pay: pure pools, a second.
  'test/mana.test.ts',
];
export const SLOW_JUDGE_TESTS = ['test/judge-robustness.test.ts'];

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: JUDGE_TESTS,
    exclude: SLOW_JUDGE_TESTS,
    // As in the fast tier: what the reference engine's states share is frozen, so that judge code
    // changing a trace it reads throws.
    env: { CASTCHECK_FREEZE_STATES: '1' },
    testTimeout: 600_000,
  },
});
