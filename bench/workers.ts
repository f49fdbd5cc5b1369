// Throughput with several engines at once (--workers): scenarios judged per second by the whole
// search (generate, run, judge), timed once a quarter of the scenarios are judged (engines started,
// code warm), for
//   - the reference engine in process: 1 and 2 workers (worker threads);
//   - the reference engine over the protocol (`castcheck serve reference`): 1 and 2 engine processes;
//   - an engine over the protocol that takes 50 ms a scenario (bench/sleepy-engine.ts): 1 and 8.
// Figures from one run on this machine, with its load; never a timed test.
//   node bin/run-ts.mjs bench/workers.ts
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { openEngine, type EngineChoice } from '../adapters/create-engine.ts';
import { DEFAULT_PIPELINE } from '../adapters/process/pipeline.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runParallel } from '../runner/parallel.ts';

export interface WorkerCase {
  label: string;
  workers: number;
  scenarios: number;
  seconds: number;
  perSecond: number;
  /** CPU time of this process (its threads included, not engine processes) over the time measured: the cores it got. */
  cores: number;
  /** CPU time of the engine processes over the same time (0 in process; undefined where /proc cannot tell). */
  engineCores?: number;
}

export interface WorkerComparison {
  name: string;
  one: WorkerCase;
  many: WorkerCase;
  speedup: number;
  target: number;
}

export interface WorkerFigures {
  comparisons: WorkerComparison[];
  /** The machine's load (1-minute average) before and after, and its cores. */
  load: { before: number; after: number; cores: number };
}

const node = `"${process.execPath}" bin/castcheck.mjs`;

/**
 * CPU milliseconds used so far by the processes this one started and that still run (the engine
 * processes), read from /proc: an engine process's time is counted only when it exits otherwise.
 * Undefined where there is no /proc.
 */
function childrenCpuMs(): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  let ms = 0;
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${e}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[1]) !== process.pid) continue;
    ms += (Number(f[11]) + Number(f[12])) * tick;
  }
  return ms;
}

async function measure(label: string, choice: EngineChoice, workers: number, runs: number, inFlight: number): Promise<WorkerCase> {
  const engine = await openEngine(choice);
  try {
    // Timed from the moment a quarter of the scenarios are judged: every engine is ready, and each
    // worker thread's code is compiled and warm, as it is for most of a long run.
    const warm = Math.ceil(runs / 4);
    let end: number | undefined;
    let start: { at: number; cpu: number; children: number | undefined; done: number } | undefined;
    const cpuNow = () => process.cpuUsage().user + process.cpuUsage().system;
    const result = await runParallel({
      ...judgeFor(engine),
      properties: PROPERTIES,
      runs,
      seed: 1,
      inFlight,
      workers,
      engineChoice: choice,
      readings: { spliceCopy: 'ruling' },
      onProgress: (done) => {
        if (done === warm) start = { at: performance.now(), cpu: cpuNow(), children: childrenCpuMs(), done };
        if (done === runs) end = childrenCpuMs();
      },
    });
    const seconds = (performance.now() - start!.at) / 1000;
    const judged = result.runs - start!.done;
    const cores = (cpuNow() - start!.cpu) / 1e6 / seconds;
    if (result.clusters.some((c) => !c.expectation)) throw new Error(`${label}: the engine failed a property`);
    const engineCores = start!.children === undefined || end === undefined ? undefined : (end - start!.children) / 1000 / seconds;
    return { label, workers, scenarios: judged, seconds, perSecond: judged / seconds, cores, ...(engineCores !== undefined ? { engineCores } : {}) };
  } finally {
    await engine.close();
  }
}

async function compare(name: string, choice: EngineChoice, many: number, runs: [number, number], target: number, inFlight: number): Promise<WorkerComparison> {
  const one = await measure(name, choice, 1, runs[0], inFlight);
  const more = await measure(name, choice, many, runs[1], inFlight);
  return { name, one, many: more, speedup: more.perSecond / one.perSecond, target };
}

export async function workerFigures(scale = 1): Promise<WorkerFigures> {
  const before = loadavg()[0]!;
  const n = (x: number) => Math.max(10, Math.round(x * scale));
  const engineProcess = (command: string): EngineChoice => ({ process: { command } });
  // A warm-up, so that the first measure does not pay for loading the code.
  await measure('warm-up', {}, 1, n(400), 1);
  const comparisons = [
    // Long enough for a steady state: the runtime goes on optimizing code on a thread of its own for
    // the first ten thousand scenarios or so, which a short measure counts as a core in use.
    await compare('reference engine, in process', {}, 2, [n(20000), n(40000)], 1.8, 1),
    // Engine processes get castcheck's default pipeline, as in a run without --pipeline.
    await compare('reference engine over the protocol', engineProcess(`${node} serve reference`), 2, [n(20000), n(40000)], 1.8, DEFAULT_PIPELINE),
    await compare('engine taking 50 ms a scenario', engineProcess(`"${process.execPath}" bin/run-ts.mjs bench/sleepy-engine.ts 50`), 8, [n(400), n(3000)], 7, DEFAULT_PIPELINE),
  ];
  return { comparisons, load: { before, after: loadavg()[0]!, cores: cpus().length } };
}

/** Cores the whole of a measure used: castcheck's process and its engine processes. */
export const coresUsed = (c: WorkerCase): number => c.cores + (c.engineCores ?? 0);

/**
 * The room one worker leaves on this machine: its cores over the cores one worker already used (a
 * worker pipelines its engine process beside its own judging, and the runtime compiles and collects
 * beside both), at most N. A rough bound: the runtime's own threads do not grow with the workers.
 */
export const room = (c: WorkerComparison, cores: number): number => Math.min(c.many.workers, cores / coresUsed(c.one));

export function workersTable(f: WorkerFigures): string {
  const lines = [`workers (--workers): scenarios judged per second by the whole search, seed 1; load average ${f.load.before.toFixed(1)} before, ${f.load.after.toFixed(1)} after, on ${f.load.cores} cores`];
  lines.push(`${'engine'.padEnd(36)} ${'1 worker'.padStart(12)} ${'N workers'.padStart(16)} ${'speed-up'.padStart(9)}  ${'target'.padEnd(15)} ${'room'.padStart(7)}  cores used: castcheck + engine processes, 1 worker and N`);
  for (const c of f.comparisons) {
    const rate = (x: { perSecond: number }) => `${x.perSecond.toFixed(1)}/s`;
    const target = `>= ${c.target}x ${c.speedup >= c.target ? 'met' : 'NOT met'}`;
    const used = (x: WorkerCase) => `${x.cores.toFixed(2)} + ${x.engineCores === undefined ? '?' : x.engineCores.toFixed(2)}`;
    lines.push(`${c.name.padEnd(36)} ${rate(c.one).padStart(12)} ${`${c.many.workers}: ${rate(c.many)}`.padStart(16)} ${`${c.speedup.toFixed(2)}x`.padStart(9)}  ${target.padEnd(15)} ${`${room(c, f.load.cores).toFixed(2)}x`.padStart(7)}  ${used(c.one)} and ${used(c.many)}`);
  }
  lines.push(`room: the machine's ${f.load.cores} cores over the cores one worker already used (its engine process and the runtime's own threads included): roughly the most more workers can give here.`);
  lines.push('cores used: CPU time over wall time; on a busy machine a process gets its share of the cores whatever its number of threads, and the speed-up follows that share.');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(workersTable(await workerFigures(Number(process.argv[2] ?? 1))));
