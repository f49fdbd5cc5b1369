// What protocol 2 adds to castcheck's CPU against an engine that answers nearly at once
// (bench/cached-serve.ts) and against `castcheck serve reference`, each less the null engine in
// process under the reference engine's name (judged alike: agreement skipped), the three in turn in
// one process, round by round: the medians of the rounds' differences after the first two. The
// bench's row protocol2.addedCpuUs is the second, as the difference of two bests; this tells whether
// a faster engine would bring it to the target.
//
//   node bin/run-ts.mjs bench/protocol-instant.ts [--runs 2000] [--rounds 10]
import { DEFAULT_PIPELINE } from '../adapters/process/pipeline.ts';
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { benchArgs } from './args.ts';
import { cpuUsPer, median } from './clock.ts';
import { NullEngine, plainSuite, RecordingEngine } from './shares.ts';

const { count } = benchArgs('protocol-instant');
const RUNS = count('--runs', 2000);
const ROUNDS = Math.max(3, count('--rounds', 10));

const recorder = new RecordingEngine();
await plainSuite(recorder, RUNS, 1);
const start = (argv: string[]) => ProcessEngine.start({ argv: [process.execPath, ...argv], command: argv.join(' '), ...PROCESS_DEFAULTS, protocols: [2] });
const engines = [await start(['bin/castcheck.mjs', 'serve', 'reference']), await start(['bin/run-ts.mjs', 'bench/cached-serve.ts'])];
try {
  const us = (run: () => Promise<unknown>) => cpuUsPer(RUNS, run);
  const over = (e: ProcessEngine) => () => runSuite({ ...judgeFor(e), properties: PROPERTIES, runs: RUNS, seed: 1, inFlight: DEFAULT_PIPELINE, onProgress: () => {} });
  const inProcess = () => plainSuite(new NullEngine(recorder.traces, recorder, { named: true }), RUNS, 1);
  const added: [number[], number[]] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    process.stderr.write(`protocol-instant: round ${round + 1} of ${ROUNDS}\n`);
    const base = await us(inProcess);
    const [slow, fast] = [await us(over(engines[0]!)), await us(over(engines[1]!))];
    if (round >= 2) {
      added[0].push(slow - base);
      added[1].push(fast - base);
    }
  }
  console.log(`protocol 2 adds, castcheck's CPU a scenario (all threads), medians of ${ROUNDS - 2} rounds of ${RUNS}:`);
  console.log(`  against castcheck serve reference:      ${median(added[0]).toFixed(0)} µs (${added[0].map((x) => x.toFixed(0)).join(' ')})`);
  console.log(`  against an engine answering from cache: ${median(added[1]).toFixed(0)} µs (${added[1].map((x) => x.toFixed(0)).join(' ')})`);
} finally {
  await Promise.all(engines.map((e) => e.close()));
}
