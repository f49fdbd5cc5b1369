// The tests StrykerJS runs against each mutant of the reference engine (npm run mutation): castcheck's
// rule properties, without agreement with the reference engine (which would compare the mutant with
// itself), over a fixed set of generated scenarios. Any failure, an engine failure, or a trace that
// breaks the trace schema (which castcheck refuses from any engine over the protocol) kills the mutant. Not part of npm test: the file name does not end in .test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { ReferenceEngine } from '../../adapters/reference/engine.ts';
import type { Scenario } from '../../model/schema-types.ts';
import { PROPERTIES } from '../../properties/index.ts';
import { validateDocument } from '../../model/schemas.ts';
import { judge, judgeFor } from '../../runner/evaluate.ts';
import { mutationScenarios, SCENARIOS_FILE_VARIABLE } from '../../runner/mutation-scenarios.ts';

const CHUNKS = 10;

const properties = PROPERTIES.filter((p) => (p.kind ?? 'invariant') !== 'agreement');
const engine = new ReferenceEngine();
// npm run mutation generates the scenarios once, with the engine unmutated, and names the file:
// every mutant is judged on the same scenarios, and none pays for generating them.
const file = process.env[SCENARIOS_FILE_VARIABLE];
const scenarios: Scenario[] = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Scenario[]) : mutationScenarios(engine.capabilities);
const size = Math.ceil(scenarios.length / CHUNKS);

describe('the rule properties on the reference engine', () => {
  for (let from = 0; from < scenarios.length; from += size) {
    const to = Math.min(scenarios.length, from + size);
    it(`pass on generated scenarios ${from + 1}-${to}`, async () => {
      const j = judgeFor(engine);
      for (let i = from; i < to; i++) {
        const judged = await judge(j, scenarios[i]!, properties);
        if (judged.failure) throw new Error(`scenario ${i + 1}: the engine failed: ${judged.failure.kind}: ${judged.failure.message}`);
        const invalid = validateDocument('trace', judged.trace);
        if (invalid.length > 0) throw new Error(`scenario ${i + 1}: the trace breaks the trace schema: ${invalid[0]!.message}`);
        const failed = [...judged.verdicts].filter(([, v]) => v.status === 'fail');
        if (failed.length > 0) throw new Error(`scenario ${i + 1}: ${failed.map(([id]) => id).join(', ')} failed`);
      }
    });
  }
});
