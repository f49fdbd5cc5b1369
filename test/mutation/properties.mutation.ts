// The tests StrykerJS runs against each mutant of the reference engine (npm run mutation): castcheck's
// rule properties, without agreement with the reference engine (which would compare the mutant with
// itself), over a fixed set of generated scenarios with every trace checked as the protocol checks an
// engine's, under the ruling on copied splices and, for the
// scenarios that copy a spliced spell, under the literal reading too. Any failure, a contested
// verdict (the engine leaving the reading it was set to), or an engine failure kills the mutant.
// Not part of npm test: the file name does not end in .test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import type { Engine } from '../../adapters/engine.ts';
import { checkTrace } from '../../adapters/process/protocol.ts';
import { ReferenceEngine } from '../../adapters/reference/engine.ts';
import { normalizeScenario } from '../../model/scenario.ts';
import type { Scenario } from '../../model/schema-types.ts';
import { makesCopies } from '../../properties/copies.ts';
import { PROPERTIES } from '../../properties/index.ts';
import type { Readings } from '../../properties/property.ts';
import { judge, judgeFor } from '../../runner/evaluate.ts';
import { mutationScenarios, SCENARIOS_FILE_VARIABLE } from '../../runner/mutation-scenarios.ts';

const CHUNKS = 10;

const properties = PROPERTIES.filter((p) => (p.kind ?? 'invariant') !== 'agreement');
/**
 * The reference engine as castcheck takes any engine over the protocol: a trace that breaks the trace
 * schema, or does not answer the scenario step by step, is an engine failure.
 */
function checked(e: ReferenceEngine): Engine {
  return { id: e.id, capabilities: e.capabilities, run: async (s) => checkTrace(await e.run(s), normalizeScenario(s)), close: () => e.close() };
}

const engine = checked(new ReferenceEngine());
// The reference engine under the literal reading of a copied splice (CR 702.47c with 707.2), judged
// under the same reading: its own code path, reached only by copies of spliced spells.
const literal = checked(new ReferenceEngine({ spliceCopy: 'literal' }));
// npm run mutation generates the scenarios once, with the engine unmutated, and names the file:
// every mutant is judged on the same scenarios, and none pays for generating them.
const file = process.env[SCENARIOS_FILE_VARIABLE];
const scenarios: Scenario[] = file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Scenario[]) : mutationScenarios(engine.capabilities);
const size = Math.ceil(scenarios.length / CHUNKS);

/** Whether a scenario casts a spell with a splice and copies something: where the two readings differ. */
const copiesASplice = (scenario: Scenario) => {
  const s = normalizeScenario(scenario);
  return makesCopies(s) && s.actions.some((a) => a.do === 'cast' && (a.splice?.length ?? 0) > 0);
};

async function check(j: ReturnType<typeof judgeFor>, s: Scenario, i: number, readings: Readings['spliceCopy']) {
  const judged = await judge(j, s, properties);
  if (judged.failure) throw new Error(`scenario ${i + 1} (${readings}): the engine failed: ${judged.failure.kind}: ${judged.failure.message}`);
  // The engine runs with the reading the judge expects: a contested verdict is the engine leaving it.
  const failed = [...judged.verdicts].filter(([, v]) => v.status === 'fail' || v.status === 'contested');
  if (failed.length > 0) throw new Error(`scenario ${i + 1} (${readings}): ${failed.map(([id, v]) => `${id} ${v.status}`).join(', ')}`);
}

describe('the rule properties on the reference engine', () => {
  for (let from = 0; from < scenarios.length; from += size) {
    const to = Math.min(scenarios.length, from + size);
    it(`pass on generated scenarios ${from + 1}-${to}`, async () => {
      const j = judgeFor(engine);
      const jl = judgeFor(literal, { spliceCopy: 'literal' });
      for (let i = from; i < to; i++) {
        await check(j, scenarios[i]!, i, 'ruling');
        if (copiesASplice(scenarios[i]!)) await check(jl, scenarios[i]!, i, 'literal');
      }
    });
  }
});
