import { openEngine } from '../adapters/create-engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runParallel } from '../runner/parallel.ts';
const choice = {};
const cpuNow = () => process.cpuUsage().user + process.cpuUsage().system;
for (const [workers, runs] of [[1, 6000], [2, 16000]] as const) {
  const engine = await openEngine(choice);
  const marks: { done: number; at: number; cpu: number }[] = [];
  await runParallel({ ...judgeFor(engine), properties: PROPERTIES, runs, seed: 1, inFlight: 1, workers, engineChoice: choice, readings: { spliceCopy: 'ruling' }, onProgress: (done) => { if (done % 2000 === 0) marks.push({ done, at: performance.now(), cpu: cpuNow() }); } });
  for (let i = 1; i < marks.length; i++) { const a = marks[i - 1]!, b = marks[i]!; const s = (b.at - a.at) / 1000; console.log(workers, b.done, ((b.done - a.done) / s).toFixed(0) + '/s', 'cores', ((b.cpu - a.cpu) / 1e6 / s).toFixed(2), 'ms/scn', ((b.cpu - a.cpu) / 1e3 / (b.done - a.done)).toFixed(2)); }
  await engine.close();
}
