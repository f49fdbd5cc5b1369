import { openEngine } from '../adapters/create-engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runParallel } from '../runner/parallel.ts';
const choice = {};
for (const [workers, runs] of [[1, 3000], [2, 3000], [2, 3000], [1, 3000]] as const) {
  const engine = await openEngine(choice);
  let ready = 0; let cpu0 = 0;
  const r = await runParallel({ ...judgeFor(engine), properties: PROPERTIES, runs, seed: 1, inFlight: 1, workers, engineChoice: choice, readings: { spliceCopy: 'ruling' }, onLanes: () => { ready = performance.now(); cpu0 = process.cpuUsage().user; } });
  const s = (performance.now() - ready) / 1000;
  const cpu = (process.cpuUsage().user - cpu0) / 1e6;
  console.log(workers, r.runs, s.toFixed(2), (r.runs / s).toFixed(1) + '/s', 'cores', (cpu / s).toFixed(2), 'cpu ms/scenario', (cpu * 1000 / r.runs).toFixed(2));
  await engine.close();
}
