import { openEngine } from '../adapters/create-engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runParallel } from '../runner/parallel.ts';
const ms = Number(process.argv[2]);
const choice = { process: { command: `"${process.execPath}" bin/run-ts.mjs bench/sleepy-engine.ts ${ms}` } };
for (const [workers, runs] of [[1, 20], [8, 160]] as const) {
  const engine = await openEngine(choice);
  let ready = 0; let engineRuns = 0;
  const r = await runParallel({ ...judgeFor(engine), properties: PROPERTIES, runs, seed: 1, inFlight: 4, workers, engineChoice: choice, readings: { spliceCopy: 'ruling' }, onLanes: () => (ready = performance.now()) });
  const s = (performance.now() - ready) / 1000;
  console.log(workers, r.runs, s.toFixed(2), (r.runs / s).toFixed(1) + '/s', 'cpu', (process.cpuUsage().user / 1e6).toFixed(1));
  await engine.close();
}
