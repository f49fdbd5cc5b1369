// castcheck's own CPU per request over the protocol, and nothing else: the requests a suite makes of
// its engine (scenarios and relation reruns, recorded from a run against the reference engine) sent
// again through ProcessEngine to `castcheck serve reference`, 4 in flight, their answers read,
// checked and rebuilt but not judged. The suite's figure (bench row protocol2.addedCpuUs) is a
// difference of two whole runs and moves by ±50 µs from run to run on a shared machine; this one
// keeps only the protocol's part, for comparing two versions of adapters/process/.
//
//   npm run build && node bin/run-ts.mjs bench/protocol-replay.ts [scenarios=2000] [rounds=10] [protocols=1,2]
//
// Prints the best round (the runtime goes on compiling over the first ones) and every round.
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { cpuMs } from './clock.ts';
import { RecordingEngine } from './shares.ts';

const IN_FLIGHT = 4;

function wholeNumber(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`protocol-replay: ${name} takes a whole number above 0, not '${text}'`);
    process.exit(2);
  }
  return n;
}
const [runsArg, roundsArg, protocolsArg] = process.argv.slice(2);
const RUNS = wholeNumber(runsArg, 2000, 'scenarios');
const ROUNDS = wholeNumber(roundsArg, 10, 'rounds');
const protocols = (protocolsArg ?? '1,2').split(',').map((v) => wholeNumber(v, 0, 'protocols'));

const recorder = new RecordingEngine();
const asked: Scenario[] = [];
const record = recorder.run.bind(recorder);
recorder.run = (scenario: Scenario) => {
  asked.push(scenario);
  return record(scenario);
};
await runSuite({ ...judgeFor(recorder), properties: PROPERTIES, runs: RUNS, seed: 1 });

const argv = [process.execPath, 'bin/castcheck.mjs', 'serve', 'reference'];
const engine = await ProcessEngine.start({ argv, command: 'castcheck serve reference', ...PROCESS_DEFAULTS, protocols });

async function replay(): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < asked.length) await engine.run(asked[next++]!);
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
}

const rounds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const cpu = process.cpuUsage();
  await replay();
  rounds.push((cpuMs(cpu) / asked.length) * 1000);
}
await engine.close();
const best = Math.min(...rounds);
console.log(`protocol ${engine.protocol}, ${asked.length} requests (${(asked.length / RUNS).toFixed(2)} a scenario), ${IN_FLIGHT} in flight`);
console.log(`castcheck CPU per request: best ${best.toFixed(1)} µs (${((best * asked.length) / RUNS).toFixed(0)} µs a scenario); rounds ${rounds.map((r) => r.toFixed(0)).join(' ')}`);
