import fc from 'fast-check';
import { scenarioArb } from '../generators/scenario.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { ScenarioSpace, scenarioAt } from '../runner/scenario-space.ts';
const arb = scenarioArb({ capabilities: new ReferenceEngine().capabilities });
for (const seed of [1, 42, 3000000000, 4294967295, 0]) {
  const seen: string[] = [];
  let i = 0;
  fc.check(fc.property(arb, (s) => { seen.push(JSON.stringify(s)); return true; }), { seed, numRuns: 300 });
  const space = new ScenarioSpace(arb, seed);
  let bad = 0;
  for (let k = 0; k < 300; k++) if (JSON.stringify(space.value(k).value) !== seen[k]) bad++;
  const p = JSON.stringify(fc.sample(arb, { seed, path: '250', numRuns: 1 })[0]);
  console.log(seed, 'mismatches', bad, 'path', p === JSON.stringify(scenarioAt(arb, seed, 250).value));
}
