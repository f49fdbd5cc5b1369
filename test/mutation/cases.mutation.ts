// The fixed cases from rulings (scenarios/) as StrykerJS runs them against each mutant of the
// reference engine: a separate score from the properties' (npm run mutation). Not part of npm test.
import { describe, it } from 'vitest';
import { ReferenceEngine } from '../../adapters/reference/engine.ts';
import { checkCase, loadCases } from '../../runner/cases.ts';

describe('the fixed cases on the reference engine', () => {
  for (const { case: c } of loadCases()) {
    it(c.id, async () => {
      const problems = await checkCase(new ReferenceEngine(c.options ?? {}), c);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    });
  }
});
