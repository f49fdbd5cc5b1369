// The least one exchange over JSON lines costs castcheck's side on this machine, with none of
// castcheck's code but its line splitter: a run request of the bench's mean size written to a child
// process (bench/exchange-echo.mjs) that answers each with a protocol 2 answer of the mean size,
// `--in-flight` of them waiting, the answers read line by line and, in the second measure, each parsed
// with JSON.parse. The child answers at once, then after spending `--engine-us` of CPU on each, as an
// engine slower than castcheck does. castcheck's own exchange (bench/protocol-replay.ts, the bench's
// replay row) adds building the request, the schema check, the rebuild and its bookkeeping to this;
// protocol 2's target (150 µs a scenario for all the protocol adds, at 1.76 exchanges a scenario) is
// read against it.
//
//   node bin/run-ts.mjs bench/exchange-floor.ts [--exchanges 20000] [--engine-us 500] [--in-flight 64] [--rounds 4]
//
// Prints castcheck's side's CPU per exchange (all its threads), the best of the rounds after the
// first, and the wall time per exchange of that round.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { LineSplitter } from '../adapters/process/line-splitter.ts';
import { runRequestLine } from '../adapters/process/request-line.ts';
import { traceWithChanges } from '../adapters/process/trace-changes.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { benchArgs } from './args.ts';
import { cpuMs } from './clock.ts';

const { count, option } = benchArgs('exchange-floor');
const EXCHANGES = count('--exchanges', 20_000);
const IN_FLIGHT = count('--in-flight', 64);
const ROUNDS = Math.max(2, count('--rounds', 4));
const engineUsText = option('--engine-us') ?? '500';
const ENGINE_US = Number(engineUsText);
if (!Number.isInteger(ENGINE_US) || ENGINE_US < 0) {
  console.error(`exchange-floor: --engine-us takes a whole number of microseconds, not '${engineUsText}'`);
  process.exit(2);
}

/** The line nearest the mean length of `lines`: a request or an answer as big as the bench's are on average. */
function nearMean(lines: readonly string[]): string {
  const mean = lines.reduce((n, l) => n + l.length, 0) / lines.length;
  return lines.reduce((best, l) => (Math.abs(l.length - mean) < Math.abs(best.length - mean) ? l : best));
}

const reference = new ReferenceEngine();
const scenarios = fc.sample(scenarioArb({ capabilities: reference.capabilities }), { seed: 1, numRuns: 400 }).map(normalizeScenario);
const request = nearMean(scenarios.map((s, i) => runRequestLine(i + 1, s)));
const answer = nearMean(scenarios.map((s, i) => JSON.stringify({ type: 'trace', id: i + 1, trace: traceWithChanges(reference.runSync(s)) })));

interface Round {
  cpuUs: number;
  wallUs: number;
}

/** Rounds of EXCHANGES exchanges with one child answering after `engineUs`; each answer parsed or not. */
async function measure(engineUs: number, parse: boolean): Promise<Round> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./exchange-echo.mjs', import.meta.url)), String(engineUs)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.write(`${answer}\n`);
  let sent = 0;
  let got = 0;
  let outgoing = '';
  let roundDone: () => void = () => {};
  // As castcheck sends: the requests of a turn of the event loop in one write (adapters/process/engine-process.ts).
  const flush = () => {
    const text = outgoing;
    outgoing = '';
    if (text !== '') child.stdin.write(text);
  };
  const send = () => {
    if (sent >= EXCHANGES) return;
    if (outgoing === '') setImmediate(flush);
    outgoing += `${request}\n`;
    sent++;
  };
  // Lines split as castcheck splits an engine's output.
  const splitter = new LineSplitter(8 * 1024 * 1024);
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of splitter.push(chunk)) {
      if (parse) JSON.parse(line);
      got++;
      send();
      if (got === EXCHANGES) roundDone();
    }
  });
  let best: Round | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    sent = 0;
    got = 0;
    const finished = new Promise<void>((resolve) => (roundDone = resolve));
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < IN_FLIGHT; i++) send();
    await finished;
    const r = { cpuUs: (cpuMs(cpu) / EXCHANGES) * 1000, wallUs: ((performance.now() - t0) / EXCHANGES) * 1000 };
    // The first round warms up.
    if (round > 0 && (!best || r.cpuUs < best.cpuUs)) best = r;
  }
  child.stdin.end();
  await new Promise((resolve) => child.once('close', resolve));
  return best!;
}

console.log(`exchange floor: requests of ${Buffer.byteLength(request) + 1} bytes, answers of ${Buffer.byteLength(answer) + 1}, ${IN_FLIGHT} in flight, ${EXCHANGES} exchanges a round, best of ${ROUNDS - 1} rounds after one`);
for (const engineUs of ENGINE_US > 0 ? [0, ENGINE_US] : [0]) {
  for (const parse of [false, true]) {
    const r = await measure(engineUs, parse);
    const who = engineUs === 0 ? 'an engine that answers at once' : `an engine spending ${engineUs} µs an answer`;
    console.log(`  ${who}, ${parse ? 'answers parsed' : 'answers only read'}: ${r.cpuUs.toFixed(1)} µs of CPU an exchange (${r.wallUs.toFixed(0)} µs of wall time)`);
  }
}
