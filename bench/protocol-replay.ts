// castcheck's own CPU per request over the protocol, and nothing else: the requests a suite makes of
// its engine (scenarios and relation reruns, recorded from a run against the reference engine) sent
// again through ProcessEngine to `castcheck serve reference`, 4 in flight, their answers read,
// checked and rebuilt but not judged. The suite's figure (bench row protocol2.addedCpuUs) is a
// difference of two whole runs and moves by ±50 µs from run to run on a shared machine; this one
// keeps only the protocol's part, for comparing two versions of adapters/process/.
//
//   npm run build && node bin/run-ts.mjs bench/protocol-replay.ts [scenarios=2000] [rounds=10] [protocols=1,2] [other checkout]
//
// Prints the best round (the runtime goes on compiling over the first ones) and every round. Given
// the folder of another checkout of castcheck (`git worktree add ../main-copy main`, say), its
// adapters/process/ replays the same requests too, in turn with this one's round by round in this
// process, so that both see the same load on a shared machine; then it prints the ratio.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROCESS_DEFAULTS, ProcessEngine, type ProcessEngineOptions } from '../adapters/process/process-engine.ts';
import type { Engine } from '../adapters/engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { replayCpuUs } from './replay.ts';
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
const [runsArg, roundsArg, protocolsArg, otherArg] = process.argv.slice(2);
const RUNS = wholeNumber(runsArg, 2000, 'scenarios');
const ROUNDS = wholeNumber(roundsArg, 10, 'rounds');
const protocols = (protocolsArg ?? '1,2').split(',').map((v) => wholeNumber(v, 0, 'protocols'));

const recorder = new RecordingEngine();
const asked = recorder.asked;
await runSuite({ ...judgeFor(recorder), properties: PROPERTIES, runs: RUNS, seed: 1 });
// A replay of nothing would print figures of nothing (as once, when the runner began to call runSync).
if (asked.length === 0) {
  console.error('protocol-replay: the suite asked the recording engine for no run: nothing to replay');
  process.exit(1);
}

const argv = [process.execPath, 'bin/castcheck.mjs', 'serve', 'reference'];
const options: ProcessEngineOptions = { argv, command: 'castcheck serve reference', ...PROCESS_DEFAULTS, protocols };
const versions: { name: string; engine: Engine & { protocol: number }; rounds: number[] }[] = [{ name: 'this checkout', engine: await ProcessEngine.start(options), rounds: [] }];
if (otherArg !== undefined) {
  const path = resolve(otherArg, 'adapters/process/process-engine.ts');
  let other: { ProcessEngine: typeof ProcessEngine };
  try {
    other = (await import(pathToFileURL(path).href)) as typeof other;
  } catch (error) {
    console.error(`protocol-replay: cannot load ${path}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
  versions.push({ name: resolve(otherArg), engine: await other.ProcessEngine.start(options), rounds: [] });
}

// In turn, each version first every other round.
for (let round = 0; round < ROUNDS; round++) {
  for (const v of round % 2 === 0 ? versions : [...versions].reverse()) v.rounds.push(await replayCpuUs(v.engine, asked, IN_FLIGHT));
}
for (const v of versions) await v.engine.close();
const best = (v: (typeof versions)[number]) => Math.min(...v.rounds);
const median = (v: (typeof versions)[number]) => [...v.rounds].sort((a, b) => a - b)[Math.floor(v.rounds.length / 2)]!;
for (const v of versions) {
  console.log(`${v.name}: protocol ${v.engine.protocol}, ${asked.length} requests (${(asked.length / RUNS).toFixed(2)} a scenario), ${IN_FLIGHT} in flight`);
  console.log(`  castcheck CPU per request: best ${best(v).toFixed(1)} µs (${((best(v) * asked.length) / RUNS).toFixed(0)} µs a scenario), median ${median(v).toFixed(1)}; rounds ${v.rounds.map((r) => r.toFixed(0)).join(' ')}`);
}
if (versions.length === 2) {
  const [a, b] = versions as [(typeof versions)[number], (typeof versions)[number]];
  const fewer = a.rounds.filter((r, i) => r < b.rounds[i]!).length;
  console.log(`this checkout / the other: best ${(best(a) / best(b)).toFixed(3)}, median ${(median(a) / median(b)).toFixed(3)}; cheaper in ${fewer} of ${ROUNDS} rounds`);
}
