import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite, type SuiteResult } from '../runner/run-suite.ts';
import { runParallel } from '../runner/parallel.ts';
import { mergeResults } from '../runner/merge.ts';
const fault = 'copy-loses-kicked,flicker-keeps-kicked';
const base = { properties: PROPERTIES, runs: 300, seed: 7, maxShrinkRuns: 300 };
const sum = (r: SuiteResult) => JSON.stringify({ runs: r.runs, t: r.tallies.map((t) => [t.property.id, t.passed, t.failed, t.checks, t.notApplicable]), c: r.clusters.map((c) => [c.signature, c.count, c.first.run, c.finding && JSON.stringify(c.finding.scenario), c.finding?.path, c.finding?.shrinkRuns]) });
let t = Date.now();
const single = await runSuite({ ...judgeFor(new ReferenceEngine({ fault })), ...base });
console.log('single', Date.now() - t, single.clusters.map((c) => `${c.signature} ${c.count} ${c.first.run} ${c.finding?.shrinkRuns}`));
for (const workers of [1, 2]) {
  t = Date.now();
  const eng = new ReferenceEngine({ fault });
  const r = await runParallel({ ...judgeFor(eng), ...base, workers, engineChoice: { fault }, readings: { spliceCopy: 'ruling' } });
  console.log('workers', workers, Date.now() - t, sum(r) === sum(single));
}
const parts = [];
for (const index of [1, 2]) parts.push(await runParallel({ ...judgeFor(new ReferenceEngine({ fault })), ...base, workers: 1, shard: { index, count: 2 }, engineChoice: { fault }, readings: { spliceCopy: 'ruling' } }));
const m = mergeResults(parts);
console.log('shards', sum(m) === sum(single));
if (sum(m) !== sum(single)) { console.log(sum(m)); console.log(sum(single)); }
