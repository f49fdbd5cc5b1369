// `npm run bench`: castcheck's speed and memory, measured on this machine in one run, each figure
// against issue 15's target and as a ratio to the figure the issue started from (bench/baseline.ts).
// Prints one table and writes bench-results.json. Figures, never timed tests.
//
//   npm run bench                        2,000 scenarios per measure, 20,000 for memory, in process and over protocol 2 (about five minutes on a quiet machine);
//                                        bundled first (bin/build.mjs --bench), as castcheck ships
//   npm run bench -- --runs 5000         more scenarios per measure
//   npm run bench -- --long              memory over a million scenarios, in process and over protocol 2 (about half an hour more)
//   npm run bench -- --memory-runs 0     no memory run
//   npm run bench -- --no-fuzz           without issue 12's figures (workers and shrinking, about five minutes)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';
import { ScenarioSpace } from '../runner/scenario-space.ts';
import { ISSUE_15, TARGETS } from './baseline.ts';
import { allocatedKiB } from './allocation.ts';
import { cpuMs, median, SHARES, type Share } from './clock.ts';
import type { MemoryRun } from './memory.ts';
import { protocolCost } from './protocol-cost.ts';
import { replayCpuUs } from './replay.ts';
import { DEFAULT_PIPELINE } from '../adapters/process/pipeline.ts';
import { NullEngine, oneByOne, plainSuite, RecordingEngine, timedSuite, type TimedSuite } from './shares.ts';
import { CPU_AT_EXIT, serveHelloMs, startupTimes } from './startup.ts';
import { workerFigures, workersTable, type WorkerFigures } from './workers.ts';
import { shrinkFigures, shrinkTable, type ShrinkFigures } from './shrink.ts';

const args = process.argv.slice(2);
function option(name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i === -1) return fallback;
  const n = Number(args[i + 1]);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`bench: ${name} takes a whole number, not '${args[i + 1] ?? ''}'`);
    process.exit(2);
  }
  return n;
}
const RUNS = Math.max(100, option('--runs', 2000));
const SEED = option('--seed', 1);
const MEMORY_RUNS = args.includes('--long') ? 1_000_000 : option('--memory-runs', 20_000);
const FUZZ = !args.includes('--no-fuzz');
const OUT = 'bench-results.json';
// As castcheck run sends them.
const IN_FLIGHT = DEFAULT_PIPELINE;
const STARTS = 7;
const ROUNDS = 6;
const ENGINE_ROUNDS = 8;
const SUITE_ROUNDS = 5;
/** Pairs of own-cost rounds: the null engine under its own name, then under the reference engine's, or the other way round. */
const OWN_ROUNDS = 8;

const note = (s: string) => process.stderr.write(`bench: ${s}\n`);
/** Of two measures, the one that took the least CPU: the others were slowed by whatever else the machine did. */
const fewest = <T extends { cpuMs: number }>(a: T | undefined, b: T): T => (a === undefined || b.cpuMs < a.cpuMs ? b : a);
const us = (ms: number, n: number) => (ms / n) * 1000;

/** The counts of the properties a run judged; `skippedIn` leaves out those another run skipped too. */
function verdictsOf(r: SuiteResult, skippedIn?: SuiteResult) {
  const skipped = new Set(skippedIn?.tallies.filter((t) => t.skipped).map((t) => t.property.id));
  return r.tallies.filter((t) => !skipped.has(t.property.id)).map((t) => [t.property.id, t.passed, t.failed, t.contested, t.notApplicable]);
}

function mustPass(label: string, r: SuiteResult): void {
  if (r.findings.length > 0 || r.stopped) throw new Error(`${label}: the reference engine failed ${r.findings.map((f) => f.property?.id ?? f.kind).join(', ')}`);
}

// ---- in process ----

note(`${RUNS} scenarios per measure, seed ${SEED}, node ${process.version}`);
const reference = new ReferenceEngine();
// fc.sample's scenarios, made one at a time and kept as copies: kept as made, they would teach the
// runtime that generation's objects live long (see RecordingEngine in bench/shares.ts).
const space = new ScenarioSpace(scenarioArb({ capabilities: reference.capabilities }), SEED);
const scenarios = Array.from({ length: RUNS }, (_, k) => structuredClone(normalizeScenario(space.scenario(k))));

note('warming up');
for (const s of scenarios.slice(0, 500)) reference.runSync(s);
await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: 300, seed: SEED + 1 });

note('the reference engine alone');
let engineAloneMs = Infinity;
// The best of eight rounds: the runtime goes on compiling the engine over the first rounds (CPU a
// scenario fell from about 490 µs to 60 µs over five rounds of 2,000), and a night's run is spent
// long after that.
for (let round = 0; round < ENGINE_ROUNDS; round++) {
  const c = process.cpuUsage();
  for (const s of scenarios) reference.runSync(s);
  engineAloneMs = Math.min(engineAloneMs, cpuMs(c));
}

// The suite by share, the round that took the least CPU of SUITE_ROUNDS, then castcheck's own cost,
// the least of OWN_ROUNDS: the runtime goes on compiling castcheck's code over the first ten thousand or so
// scenarios judged (the properties alone fell from about 2,000 to 450 µs a scenario over ten rounds
// of 1,000), and a night's run is spent long after that. The first rounds of a fresh process are
// what `castcheck run` shows below, start to exit.
note(`the suite in process, by share: the reference engine, then a null engine, best of ${SUITE_ROUNDS} rounds each`);
let withReference: TimedSuite = await timedSuite(new ReferenceEngine(), RUNS, SEED);
for (let round = 1; round < SUITE_ROUNDS; round++) withReference = fewest(withReference, await timedSuite(new ReferenceEngine(), RUNS, SEED));
mustPass('by share', withReference.result);
// Recorded apart from the timed rounds: the recording copies every trace (bench/shares.ts).
const recorder = new RecordingEngine();
await oneByOne(recorder, RUNS, SEED);
let withNull: TimedSuite = await timedSuite(new NullEngine(recorder.traces, recorder), RUNS, SEED);
for (let round = 1; round < SUITE_ROUNDS; round++) withNull = fewest(withNull, await timedSuite(new NullEngine(recorder.traces, recorder), RUNS, SEED));
mustPass('null engine', withNull.result);
// castcheck's own cost from runs as castcheck makes them, without the shares' clock, against the
// traces of a run made the same way (scenarios a chunk at a time ask for their reruns in another order).
const plainRecorder = new RecordingEngine();
await plainSuite(plainRecorder, RUNS, SEED);
// The same under the reference engine's name: agreement is skipped, as over the protocol against
// `castcheck serve reference` (the engine under test is the reference itself). What the protocol adds
// is measured against this run, which judges the same properties as the protocol runs.
const asReference = () => new NullEngine(plainRecorder.traces, plainRecorder, { named: true });
const asItself = () => new NullEngine(plainRecorder.traces, plainRecorder);
// The two in pairs, round by round, the one first in a pair taking turns: what agreement costs is
// the median of the pairs' differences. Taken as the difference of two bests measured one block
// after the other, it read anything from 2 to 124 µs over seven bench runs, as the runtime was still
// compiling through the first block and the machine's load moved between them.
note(`castcheck's own cost: the null engine under its own name and under the reference engine's, ${OWN_ROUNDS} rounds each in pairs`);
let bestItself: Awaited<ReturnType<typeof plainSuite>> | undefined;
let bestNamed: Awaited<ReturnType<typeof plainSuite>> | undefined;
// The main thread's least over the same rounds (not always the round with the least CPU in all).
let ownMainThreadMs: number | undefined;
const agreementPairs: number[] = [];
for (let round = 0; round < OWN_ROUNDS; round++) {
  const pair = round % 2 === 0 ? [asItself(), asReference()] : [asReference(), asItself()];
  const [first, second] = [await plainSuite(pair[0]!, RUNS, SEED), await plainSuite(pair[1]!, RUNS, SEED)];
  const [itself, named] = round % 2 === 0 ? [first, second] : [second, first];
  bestItself = fewest(bestItself, itself);
  bestNamed = fewest(bestNamed, named);
  if (itself.mainThreadMs !== undefined) ownMainThreadMs = Math.min(ownMainThreadMs ?? Infinity, itself.mainThreadMs);
  agreementPairs.push(us(itself.cpuMs, RUNS) - us(named.cpuMs, RUNS));
}
if (bestItself === undefined || bestNamed === undefined) throw new Error('no round of castcheck\'s own cost');
const ownRun = bestItself;
const ownRunAsReference = bestNamed;
mustPass('null engine, unclocked', ownRun.result);
mustPass('null engine under the reference engine\'s name', ownRunAsReference.result);
if (!ownRunAsReference.result.tallies.some((t) => t.property.kind === 'agreement' && t.skipped)) throw new Error('agreement was judged against the null engine under the reference engine\'s name');
// Agreement with the reference engine is skipped against the reference engine itself, not against the null engine.
if (JSON.stringify(verdictsOf(withNull.result, withReference.result)) !== JSON.stringify(verdictsOf(withReference.result, withReference.result))) throw new Error('the null engine was not judged as the reference engine was');

// ---- over the protocol ----

note('the protocol, part by part');
const sample = scenarios.slice(0, Math.min(RUNS, 2000));
const cost = { 1: protocolCost(sample, 1), 2: protocolCost(sample, 2) };

type OverProtocol = { ms: number; cpuMs: number; engineCpuMs: number; replayUs: number; protocol: number; result: SuiteResult };
const SERVE = [process.execPath, '--import', CPU_AT_EXIT, 'bin/castcheck.mjs', 'serve', 'reference'];
const serve = (protocols: number[], env: Record<string, string> = {}) => ProcessEngine.start({ argv: SERVE, command: 'castcheck serve reference', ...PROCESS_DEFAULTS, protocols, env });
const suiteOver = (engine: ProcessEngine, runs: number, seed: number) => runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs, seed, inFlight: IN_FLIGHT, onProgress: () => {} });

/**
 * The suite against `castcheck serve reference` over protocol 1 and over 2, castcheck's CPU and wall
 * time: one engine process for each, warmed up, then ROUNDS runs against each in turn, the run that
 * took castcheck the least CPU kept. A night's run talks to one engine process all night: against a
 * process started for each run, castcheck waited on an engine still compiling its own code, and spent
 * more CPU on the wake-ups in between. The engine's CPU comes from a run against a fresh process of its
 * own, read at its exit (start-up aside).
 */
async function overProtocol(): Promise<{ 1: OverProtocol; 2: OverProtocol }> {
  const dir = mkdtempSync(join(tmpdir(), 'castcheck-bench-'));
  // Every engine process started is closed at the end, also when a run throws.
  const started: ProcessEngine[] = [];
  const start = async (protocols: number[], env?: Record<string, string>) => {
    const e = await serve(protocols, env);
    started.push(e);
    return e;
  };
  try {
    const engines = { 1: await start([1]), 2: await start([1, 2]) };
    const replayUs = { 1: 0, 2: 0 };
    for (const v of [1, 2] as const) {
      await runSuite({ ...judgeFor(engines[v]), properties: PROPERTIES, runs: 300, seed: SEED + 1, inFlight: IN_FLIGHT });
      // The protocol's part alone: the suite's requests sent again to the warm engine, answers read,
      // checked and rebuilt, not judged (bench/replay.ts), in µs of castcheck's CPU a scenario: the better of two.
      const perRequest = Math.min(await replayCpuUs(engines[v], recorder.asked, IN_FLIGHT), await replayCpuUs(engines[v], recorder.asked, IN_FLIGHT));
      replayUs[v] = (perRequest * recorder.asked.length) / RUNS;
    }
    const best: { 1?: { ms: number; cpuMs: number; result: SuiteResult }; 2?: { ms: number; cpuMs: number; result: SuiteResult } } = {};
    for (let round = 1; round <= ROUNDS; round++) {
      note(`the suite over protocol 1 and 2 (castcheck serve reference), round ${round} of ${ROUNDS}`);
      for (const v of [1, 2] as const) {
        const cpu = process.cpuUsage();
        const t0 = performance.now();
        const result = await suiteOver(engines[v], RUNS, SEED);
        best[v] = fewest(best[v], { ms: performance.now() - t0, cpuMs: cpuMs(cpu), result });
      }
    }
    const out = {} as { 1: OverProtocol; 2: OverProtocol };
    for (const v of [1, 2] as const) {
      const cpuFile = join(dir, `cpu${v}`);
      const fresh = await start(v === 1 ? [1] : [1, 2], { CASTCHECK_BENCH_CPU: cpuFile });
      await suiteOver(fresh, RUNS, SEED);
      await fresh.close();
      out[v] = { ...best[v]!, engineCpuMs: Number(readFileSync(cpuFile, 'utf8')), replayUs: replayUs[v], protocol: engines[v].protocol };
    }
    return out;
  } finally {
    await Promise.all(started.map((e) => e.close()));
    rmSync(dir, { recursive: true, force: true });
  }
}
async function inProcessRun(): Promise<{ ms: number; cpuMs: number; result: SuiteResult }> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const result = await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: RUNS, seed: SEED, onProgress: () => {} });
  return { ms: performance.now() - t0, cpuMs: cpuMs(cpu), result };
}

// In process, then over protocol 1 and 2: each figure is the round that took the least CPU, as the
// others were slowed by whatever else the machine was doing. The in-process rounds come in a block of
// their own, after the own-cost rounds (the same synchronous path): a round right after the timed
// rounds or a protocol run took 1.3-1.7 times the CPU of a warm one, in one process, as the runtime
// recompiled the runner for the other path, and a night's run takes one path all night.
note(`the suite in process, best of ${SUITE_ROUNDS} rounds`);
let inProcess = await inProcessRun();
for (let round = 1; round < SUITE_ROUNDS; round++) inProcess = fewest(inProcess, await inProcessRun());
const over = await overProtocol();
const over1 = over[1];
const over2 = over[2];
const plain = inProcess.result;
mustPass('in process', plain);
for (const o of [over1, over2]) {
  mustPass(`protocol ${o.protocol}`, o.result);
  if (JSON.stringify(verdictsOf(o.result)) !== JSON.stringify(verdictsOf(plain))) throw new Error(`protocol ${o.protocol} gave other verdicts than in process`);
}
// What the null engine's run allocates, under the heap profiler, after every timed round of this
// process (the profiler slows a run, and its runs would change the heap the timed ones start from).
// The median of three: the runtime's compiler removes some allocations in one run and not in another
// (two builds read 200-201 and 213-214 KiB a scenario in most runs, and down to 180 in some).
note('what the null engine\'s run allocates, under the heap profiler, median of 3 runs');
const allocations: number[] = [];
for (let round = 0; round < 3; round++) allocations.push((await allocatedKiB(() => plainSuite(new NullEngine(plainRecorder.traces, plainRecorder), RUNS, SEED))) / RUNS);
const ownKiB = median(allocations);

/** A share of a timed run in CPU µs per scenario: its part of the wall time, applied to the CPU time. */
const shareCpuUs = (t: TimedSuite, share: Share) => us((t.shares[share] / t.ms) * t.cpuMs, RUNS);
// What the protocol adds: a run over the protocol less the null engine's under the reference engine's
// name, judged alike (agreement is skipped in both: the engine under test is the reference itself).
// Against the null engine under its own name the difference would leave out agreement's reference run
// and comparison, which only that run makes (row ownCost.agreementUs).
const addedCpuUs = (o: { cpuMs: number }) => us(o.cpuMs, RUNS) - us(ownRunAsReference.cpuMs, RUNS);

// ---- the command line ----

note('the command line: castcheck run, and start-up');
const out = mkdtempSync(join(tmpdir(), 'castcheck-bench-'));
const cliT0 = performance.now();
const cli = spawnSync(process.execPath, ['--import', CPU_AT_EXIT, 'bin/castcheck.mjs', 'run', '--runs', String(RUNS), '--seed', String(SEED), '--no-progress', '--out', out], { encoding: 'utf8', env: { ...process.env, CASTCHECK_BENCH_CPU: join(out, 'cpu') } });
const cliMs = performance.now() - cliT0;
const cliCpuMs = cli.status === 0 ? Number(readFileSync(join(out, 'cpu'), 'utf8')) : NaN;
rmSync(out, { recursive: true, force: true });
if (cli.status !== 0) throw new Error(`castcheck run exited with ${cli.status}: ${cli.stderr}`);

const startup = {
  version: startupTimes('bin/castcheck.mjs', ['--version'], STARTS),
  list: startupTimes('bin/castcheck.mjs', ['list'], STARTS),
  serveHelloMs: await serveHelloMs('bin/castcheck.mjs', STARTS),
  tsxVersion: startupTimes('bin/castcheck-dev.mjs', ['--version'], 3),
  tsxList: startupTimes('bin/castcheck-dev.mjs', ['list'], 3),
};

// ---- memory ----

let memory: MemoryRun | undefined;
let memoryOverProtocol: MemoryRun | undefined;
if (MEMORY_RUNS > 0) {
  const memoryRun = (where: 'in process' | 'protocol') => {
    note(`memory over ${MEMORY_RUNS} scenarios ${where === 'protocol' ? 'over protocol 2 (castcheck serve reference)' : 'in process'}, in a process of its own`);
    const m = spawnSync(process.execPath, ['--expose-gc', 'bin/run-ts.mjs', 'bench/memory.ts', String(MEMORY_RUNS), String(SEED), ...(where === 'protocol' ? ['protocol'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
    if (m.status !== 0) throw new Error(`the memory run ${where} exited with ${m.status}`);
    return JSON.parse(m.stdout) as MemoryRun;
  };
  memory = memoryRun('in process');
  memoryOverProtocol = memoryRun('protocol');
}

// ---- several engines at once (--workers), and engine runs spent shrinking: issue 12 ----

let workers: WorkerFigures | undefined;
let shrinking: ShrinkFigures | undefined;
if (FUZZ) {
  note('1 against 2 workers (in process, over the protocol), 1 against 8 against a 50 ms engine');
  workers = await workerFigures();
  note('engine runs spent shrinking, over the named faults (castcheck mutants, seed 1)');
  shrinking = await shrinkFigures();
}

// ---- the table ----

interface Row {
  id: string;
  label: string;
  value: number;
  unit: string;
  /** The target, as text, and whether it is met; undefined where the issue sets none. */
  target?: { text: string; met: boolean };
  /** The issue's starting figure, and how many times better this is (higher is better). */
  issue?: { value: number; better: number };
}

const rows: Row[] = [];
const faster = (value: number, was: number) => ({ value: was, better: value / was });
const cheaper = (value: number, was: number) => ({ value: was, better: was / value });

const perSecond = (ms: number) => (RUNS / ms) * 1000;
const ownUs = us(ownRun.cpuMs, RUNS);
// One core's worth: CPU time, since the machine may be shared while the bench runs.
rows.push({ id: 'inProcess.perCpuSecond', label: 'in process, reference engine: scenarios a CPU-second (warm)', value: perSecond(inProcess.cpuMs), unit: '/s', target: { text: `>= ${TARGETS.inProcessPerSecond.least} (aim ${TARGETS.inProcessPerSecond.aim})`, met: perSecond(inProcess.cpuMs) >= TARGETS.inProcessPerSecond.least }, issue: faster(perSecond(inProcess.cpuMs), ISSUE_15.inProcessPerCpuSecond) });
rows.push({ id: 'inProcess.perSecond', label: 'in process, reference engine: scenarios a second (wall)', value: perSecond(inProcess.ms), unit: '/s' });
rows.push({ id: 'ownCost.us', label: `castcheck's own cost, null engine: CPU per scenario (warm, best of ${OWN_ROUNDS})`, value: ownUs, unit: 'µs', target: { text: `<= ${TARGETS.ownCostUs.most} (aim ${TARGETS.ownCostUs.aim})`, met: ownUs <= TARGETS.ownCostUs.most }, issue: cheaper(ownUs, ISSUE_15.ownCostUs) });
if (ownMainThreadMs !== undefined) rows.push({ id: 'ownCost.mainThreadUs', label: `castcheck's own cost, null engine: its main thread's CPU per scenario, the runtime's compiler and collector threads left out (best of ${OWN_ROUNDS}, counted in the kernel's clock ticks)`, value: us(ownMainThreadMs, RUNS), unit: 'µs' });
rows.push({ id: 'ownCost.allocatedKiB', label: `castcheck's own cost, null engine: memory allocated per scenario (the heap profiler's estimate, median of 3 runs after the timed ones; it does not move with the machine's load)`, value: ownKiB, unit: 'KiB' });
rows.push({ id: 'ownCost.agreementUs', label: `castcheck's own cost: of it, agreement (the reference engine's run and the comparison): the median over ${OWN_ROUNDS} pairs of rounds of the difference against the same null engine under the reference engine's name`, value: median(agreementPairs), unit: 'µs' });
const engineUs = us(engineAloneMs, RUNS);
rows.push({ id: 'referenceEngine.us', label: 'the reference engine alone: CPU per scenario', value: engineUs, unit: 'µs', target: { text: `<= ${TARGETS.referenceEngineUs.most}`, met: engineUs <= TARGETS.referenceEngineUs.most }, issue: cheaper(engineUs, ISSUE_15.referenceEngineUs) });
for (const [v, o] of [[1, over1], [2, over2]] as const) {
  rows.push({ id: `protocol${v}.perCpuSecond`, label: `over protocol ${v}, ${IN_FLIGHT} in flight: scenarios a CPU-second (both processes)`, value: perSecond(o.cpuMs + o.engineCpuMs), unit: '/s' });
  rows.push({ id: `protocol${v}.perSecond`, label: `over protocol ${v}, ${IN_FLIGHT} in flight: scenarios a second (wall)`, value: perSecond(o.ms), unit: '/s' });
}
rows.push({ id: 'protocol2.vs1', label: 'protocol 2 against 1: CPU per scenario, both processes, 1 / 2', value: (over1.cpuMs + over1.engineCpuMs) / (over2.cpuMs + over2.engineCpuMs), unit: '×' });
const issueProtocolUs = ISSUE_15.protocol.writeUs + ISSUE_15.protocol.parseUs + ISSUE_15.protocol.checkUs;
for (const v of [1, 2] as const) {
  const c = cost[v];
  rows.push({ id: `protocol${v}.castcheckUs`, label: `protocol ${v}, castcheck's side of one answer, measured alone (request, parse, check${v === 2 ? ', rebuild' : ''})`, value: c.castcheckUs, unit: 'µs', issue: cheaper(c.castcheckUs, issueProtocolUs) });
  rows.push({ id: `protocol${v}.parseCheckUs`, label: `protocol ${v}: parse / schema check${v === 2 ? ' / rebuild' : ''}`, value: c.parseUs + c.checkUs + c.rebuildUs, unit: 'µs', issue: cheaper(c.parseUs + c.checkUs + c.rebuildUs, ISSUE_15.protocol.parseUs + ISSUE_15.protocol.checkUs) });
  rows.push({ id: `protocol${v}.engineWriteUs`, label: `protocol ${v}, the engine's side (${v === 2 ? 'changes, ' : ''}write)`, value: c.engineWriteUs, unit: 'µs', issue: cheaper(c.engineWriteUs, ISSUE_15.protocol.writeUs) });
  rows.push({ id: `protocol${v}.answerKiB`, label: `protocol ${v}: answer size`, value: c.answerBytes / 1024, unit: 'KiB', issue: cheaper(c.answerBytes / 1024, ISSUE_15.protocol.traceKiB) });
  const o = v === 1 ? over1 : over2;
  const added = addedCpuUs(o);
  rows.push({ id: `protocol${v}.addedCpuUs`, label: `protocol ${v}, castcheck CPU added per scenario, whole suite, against the null engine in process judged alike (agreement skipped in both)`, value: added, unit: 'µs', target: { text: `<= ${TARGETS.protocolAddedUs.most}`, met: added <= TARGETS.protocolAddedUs.most } });
  rows.push({ id: `protocol${v}.replayUs`, label: `protocol ${v}, its requests alone, I/O included: castcheck CPU per scenario`, value: o.replayUs, unit: 'µs' });
}
rows.push({ id: 'cli.perCpuSecond', label: `castcheck run --runs ${RUNS}, start to exit: scenarios a CPU-second`, value: perSecond(cliCpuMs), unit: '/s', issue: faster(perSecond(cliCpuMs), ISSUE_15.cliPerSecond) });
rows.push({ id: 'cli.perSecond', label: `castcheck run --runs ${RUNS}, start to exit: scenarios a second (wall)`, value: perSecond(cliMs), unit: '/s' });
for (const [key, s, was] of [['version', startup.version, ISSUE_15.startupCpuMs], ['list', startup.list, ISSUE_15.startupCpuMs]] as const) {
  rows.push({ id: `startup.${key}.wallMs`, label: `start-up: ${s.command} (wall, fastest of ${STARTS})`, value: s.wallMs, unit: 'ms', target: { text: `< ${TARGETS.startupMs.most}`, met: s.wallMs < TARGETS.startupMs.most }, ...(key === 'list' ? { issue: cheaper(s.wallMs, ISSUE_15.listMs.tsx) } : {}) });
  rows.push({ id: `startup.${key}.cpuMs`, label: `start-up: ${s.command} (CPU, median)`, value: s.cpuMs, unit: 'ms', issue: cheaper(s.cpuMs, was) });
}
rows.push({ id: 'startup.serveHelloMs', label: 'start-up: castcheck serve reference, to its hello (wall)', value: startup.serveHelloMs, unit: 'ms', target: { text: `< ${TARGETS.startupMs.most}`, met: startup.serveHelloMs < TARGETS.startupMs.most } });
rows.push({ id: 'startup.tsx.version.cpuMs', label: 'start-up through tsx, as before: castcheck --version (CPU)', value: startup.tsxVersion.cpuMs, unit: 'ms', issue: cheaper(startup.tsxVersion.cpuMs, ISSUE_15.startupCpuMs) });
rows.push({ id: 'startup.tsx.list.wallMs', label: 'start-up through tsx, as before: castcheck list (wall)', value: startup.tsxList.wallMs, unit: 'ms', issue: cheaper(startup.tsxList.wallMs, ISSUE_15.listMs.tsx) });
for (const [name, t] of [['reference engine', withReference], ['null engine', withNull]] as const) {
  for (const share of SHARES) {
    const pct = (t.shares[share] / t.ms) * 100;
    const was = ISSUE_15.shares[share as keyof typeof ISSUE_15.shares];
    rows.push({ id: `shares.${name === 'null engine' ? 'null' : 'reference'}.${share}`, label: `share, ${name}: ${shareLabel(share)} (${shareCpuUs(t, share).toFixed(0)} µs)`, value: pct, unit: '%', ...(name === 'reference engine' ? { issue: { value: was, better: NaN } } : {}) });
  }
}
// Of castcheck's CPU over the protocol, what the protocol adds: both figures of whole suites.
const protocolShare = (o: { cpuMs: number }) => (addedCpuUs(o) / us(o.cpuMs, RUNS)) * 100;
for (const [v, o] of [[1, over1], [2, over2]] as const) rows.push({ id: `shares.protocol${v}`, label: `share, over protocol ${v}: what the protocol adds, of castcheck's CPU over the protocol`, value: protocolShare(o), unit: '%' });
for (const [key, m] of [['memory', memory], ['memoryProtocol', memoryOverProtocol]] as const) {
  if (!m) continue;
  const what = `memory over ${m.runs} scenarios${m.engine === 'in process' ? '' : ', over protocol 2 (castcheck\'s process)'}`;
  rows.push({ id: `${key}.growth`, label: `${what}: RSS growth after warm-up (to ${m.rssLastMiB.toFixed(0)} MiB at the end)`, value: m.growth * 100, unit: '%', target: { text: `< ${TARGETS.memoryGrowth.most * 100}`, met: m.growth < TARGETS.memoryGrowth.most } });
  rows.push({ id: `${key}.spread`, label: `${what}: RSS spread after warm-up, lowest to highest (${m.rssLowMiB.toFixed(0)}-${m.rssHighMiB.toFixed(0)} MiB)`, value: m.spread * 100, unit: '%' });
  rows.push({ id: `${key}.heapSpread`, label: `${what}: heap spread after warm-up (${m.heapLastMiB.toFixed(0)} MiB at the end)`, value: m.heapSpread * 100, unit: '%' });
  rows.push({ id: `${key}.seconds`, label: `${m.engine === 'in process' ? 'memory run' : 'memory run over protocol 2'}: duration (a million scenarios: about ${((m.seconds / m.runs) * 1e6 / 60).toFixed(0)} min)`, value: m.seconds, unit: 's' });
}

if (workers) {
  for (const [i, c] of workers.comparisons.entries()) {
    const id = ['workers.inProcess', 'workers.protocol', 'workers.slowEngine'][i] ?? `workers.${i}`;
    rows.push({ id: `${id}.one`, label: `${c.name}, 1 worker: scenarios a second (wall)`, value: c.one.perSecond, unit: '/s' });
    rows.push({ id: `${id}.many`, label: `${c.name}, ${c.many.workers} workers: scenarios a second (wall)`, value: c.many.perSecond, unit: '/s' });
    rows.push({ id: `${id}.speedup`, label: `${c.name}: ${c.many.workers} workers against 1`, value: c.speedup, unit: '×', target: { text: `>= ${c.target}`, met: c.speedup >= c.target } });
  }
}
if (shrinking) {
  rows.push({ id: 'shrink.median', label: `engine runs shrinking a named fault: median of ${shrinking.faults} (max ${shrinking.max})`, value: shrinking.median, unit: 'runs', target: { text: `<= ${shrinking.target}`, met: shrinking.median <= shrinking.target } });
  rows.push({ id: 'shrink.size', label: `shrunk repros: cards + actions in all (hand-written: ${shrinking.size.minimal}; ${shrinking.nearMinimal} of ${shrinking.faults} within +1 of theirs)`, value: shrinking.size.shrunk, unit: '' });
}

function shareLabel(s: Share): string {
  return { generation: 'generation', engine: 'the engine run under test', reruns: 'relation reruns', reference: 'the reference run for agreement', properties: 'properties', runner: 'runner and the rest' }[s];
}

const fmt = (v: number, unit: string) => `${v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)} ${unit}`;
const width = Math.max(...rows.map((r) => r.label.length));
const lines = [
  `castcheck bench: ${RUNS} scenarios per measure, seed ${SEED}, node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
  `${'figure'.padEnd(width)}  ${'measured'.padStart(11)}  ${'target'.padEnd(18)}  ${'met'.padEnd(3)}  ${'issue 15'.padStart(11)}  ${'vs issue'.padStart(8)}`,
  ...rows.map((r) => {
    const issue = r.issue ? fmt(r.issue.value, r.unit).padStart(11) : ''.padStart(11);
    const better = r.issue && Number.isFinite(r.issue.better) ? `${r.issue.better.toFixed(2)}×`.padStart(8) : ''.padStart(8);
    return `${r.label.padEnd(width)}  ${fmt(r.value, r.unit).padStart(11)}  ${(r.target?.text ?? '').padEnd(18)}  ${(r.target ? (r.target.met ? 'yes' : 'NO') : '').padEnd(3)}  ${issue}  ${better}`.trimEnd();
  }),
  '"vs issue": how many times better than the figure issue 15 started from (bench/baseline.ts). µs are CPU time per scenario; shares are percent of the in-process run, in µs of CPU.',
  `wrote ${OUT}`,
];
console.log(lines.join('\n'));
// The two tables of issue 12 in full: every comparison with the cores castcheck's process got, and the machine's load.
if (workers) console.log(`\n${workersTable(workers)}`);
if (shrinking) console.log(`\n${shrinkTable(shrinking)}`);

writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      format: 'castcheck-bench/1',
      date: new Date().toISOString(),
      node: process.version,
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown' },
      runs: RUNS,
      seed: SEED,
      figures: rows.map((r) => ({ ...r, ...(r.issue && !Number.isFinite(r.issue.better) ? { issue: { value: r.issue.value } } : {}) })),
      inProcess: { ...inProcess, shares: { reference: withReference.shares, null: withNull.shares }, referenceEngineUs: engineUs },
      protocol: { cost, over: { 1: { ms: over1.ms, cpuMs: over1.cpuMs, engineCpuMs: over1.engineCpuMs, replayUs: over1.replayUs }, 2: { ms: over2.ms, cpuMs: over2.cpuMs, engineCpuMs: over2.engineCpuMs, replayUs: over2.replayUs } } },
      cli: { ms: cliMs, cpuMs: cliCpuMs },
      startup,
      ...(memory ? { memory } : {}),
      ...(memoryOverProtocol ? { memoryOverProtocol } : {}),
      ...(workers ? { workers } : {}),
      ...(shrinking ? { shrinking: { ...shrinking, results: undefined } } : {}),
    },
    null,
    2,
  )}\n`,
);
