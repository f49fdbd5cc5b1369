// `npm run bench`: what the protocol costs per scenario, against the same reference engine in
// process, on the same scenarios. Figures from one run on this machine; never a timed test.
//   1. engine calls one at a time: the round trip's overhead per scenario (latency);
//   2. engine calls with 4 in flight, as `castcheck run` sends them;
//   3. the whole suite (generate, run, judge) for the same seed: scenarios per second.
import { judgeFor } from '../runner/evaluate.ts';
import fc from 'fast-check';
import type { Engine } from '../adapters/engine.ts';
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import { PROPERTIES } from '../properties/index.ts';
import { runSuite } from '../runner/run-suite.ts';
import { workerFigures, workersTable } from './workers.ts';
import { shrinkFigures, shrinkTable } from './shrink.ts';

const N = Number(process.argv[2] ?? 4000);
const IN_FLIGHT = 4;

async function sequential(engine: Engine, scenarios: readonly NormalizedScenario[]): Promise<number> {
  const start = process.hrtime.bigint();
  for (const s of scenarios) await engine.run(s);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function pipelined(engine: Engine, scenarios: readonly NormalizedScenario[], window: number): Promise<number> {
  const start = process.hrtime.bigint();
  const running = new Set<Promise<unknown>>();
  for (const s of scenarios) {
    const job: Promise<unknown> = engine.run(s).then(() => running.delete(job));
    running.add(job);
    if (running.size >= window) await Promise.race(running);
  }
  await Promise.all(running);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function suite(engine: Engine, inFlight: number): Promise<number> {
  const start = process.hrtime.bigint();
  const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: N, seed: 1, inFlight });
  if (r.findings.length > 0) throw new Error('the reference engine failed a property');
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const inProcess = new ReferenceEngine();
const argv = [process.execPath, 'bin/castcheck.mjs', 'serve', 'reference'];
const overStdio = await ProcessEngine.start({ argv, command: argv.join(' '), ...PROCESS_DEFAULTS });
const scenarios = fc.sample(scenarioArb({ capabilities: inProcess.capabilities }), { seed: 1, numRuns: N }).map(normalizeScenario);

// Warm up both sides (JIT, caches) before measuring.
await sequential(inProcess, scenarios.slice(0, 1000));
await sequential(overStdio, scenarios.slice(0, 1000));
await suite(inProcess, 1);
await suite(overStdio, IN_FLIGHT);

const us = (seconds: number) => ((seconds / N) * 1e6).toFixed(1);
const row = (label: string, a: number, b: number) =>
  `${label.padEnd(34)} ${us(a).padStart(8)} µs ${us(b).padStart(8)} µs ${(((b - a) / N) * 1e6).toFixed(1).padStart(9)} µs ${((a / b) * 100).toFixed(0).padStart(5)}%`;

const runIn = await sequential(inProcess, scenarios);
const runOut = await sequential(overStdio, scenarios);
const pipeIn = await pipelined(inProcess, scenarios, IN_FLIGHT);
const pipeOut = await pipelined(overStdio, scenarios, IN_FLIGHT);
const suiteIn = await suite(inProcess, 1);
const suiteOut = await suite(overStdio, IN_FLIGHT);
await overStdio.close();

console.log(`castcheck bench: ${N} scenarios, reference engine in process vs over stdio (castcheck serve reference), node ${process.version}`);
console.log(`${''.padEnd(34)} ${'in process'.padStart(11)} ${'over stdio'.padStart(11)} ${'overhead'.padStart(12)} ${'ratio'.padStart(6)}`);
console.log(row('engine.run, one at a time', runIn, runOut));
console.log(row(`engine.run, ${IN_FLIGHT} in flight`, pipeIn, pipeOut));
console.log(row(`whole suite (castcheck run)`, suiteIn, suiteOut));
console.log(`per scenario, "overhead" is over stdio minus in process; "ratio" is throughput over stdio / in process.`);
console.log(`suite throughput: ${(N / suiteIn).toFixed(0)}/s in process, ${(N / suiteOut).toFixed(0)}/s over stdio (${((suiteIn / suiteOut) * 100).toFixed(0)}%)`);
const overhead = ((suiteOut - suiteIn) / N) * 1e6;
const ratio = (suiteIn / suiteOut) * 100;
console.log(`targets (issue 5), on the whole suite: overhead <= 50 µs: ${overhead.toFixed(1)} µs, ${overhead <= 50 ? 'met' : 'NOT met'}; throughput >= 60%: ${ratio.toFixed(0)}%, ${ratio >= 60 ? 'met' : 'NOT met'}`);

// Several engines at once (--workers) and engine runs spent shrinking: bench/workers.ts, bench/shrink.ts.
console.log(`\n${workersTable(await workerFigures())}\n\n${shrinkTable(await shrinkFigures())}`);
