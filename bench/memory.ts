// Resident memory over a long run: the suite against the reference engine in process, or against
// `castcheck serve reference` over protocol 2 (castcheck's own process measured), its resident set
// size sampled a hundred times. The run over the protocol takes the other path of the runner (an
// engine that answers through promises, scenarios in flight), which kept every judgement to the end of
// the run until it was measured here. After a warm-up (the first fifth of the run: the JIT, the
// caches, the heap growing to its working size) it must not grow: issue 12's target is growth under
// 10%, the highest of the last ten samples against the mean of the first ten after the warm-up.
// The spread (lowest to highest after the warm-up) is reported too: it also counts the collector's
// ups and downs, which are not growth.
// bench/main.ts runs it in a process of its own (`bench/memory.ts RUNS SEED [protocol]`, which prints
// the result as JSON), so that nothing else the bench did is in the figures, with --expose-gc: each sample is
// taken after a full collection, so that it shows what the run keeps, not when the collector ran.
import { fileURLToPath } from 'node:url';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import { DEFAULT_PIPELINE } from '../adapters/process/pipeline.ts';
import type { Engine } from '../adapters/engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

export interface MemoryRun {
  runs: number;
  /** Where the engine ran: in castcheck's process, or in its own over protocol 2. */
  engine: 'in process' | 'protocol 2';
  seconds: number;
  /** MiB, after the warm-up. */
  rssFirstMiB: number;
  rssLowMiB: number;
  rssHighMiB: number;
  rssLastMiB: number;
  heapLastMiB: number;
  /** (highest - lowest) / lowest, after the warm-up. */
  spread: number;
  /** (highest of the last ten samples - mean of the first ten after the warm-up) / that mean. */
  growth: number;
  heapSpread: number;
  samples: { run: number; rssMiB: number; heapMiB: number }[];
}

const MiB = 1024 * 1024;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

export async function memoryRun(runs: number, seed: number, onSample?: (done: number) => void, engineAt: MemoryRun['engine'] = 'in process'): Promise<MemoryRun> {
  const every = Math.max(1, Math.floor(runs / 100));
  const samples: MemoryRun['samples'] = [];
  const t0 = Date.now();
  const engine: Engine =
    engineAt === 'in process'
      ? new ReferenceEngine()
      : await ProcessEngine.start({ argv: [process.execPath, 'bin/castcheck.mjs', 'serve', 'reference'], command: 'castcheck serve reference', ...PROCESS_DEFAULTS, protocols: [2] });
  try {
    await runSuite({
      ...judgeFor(engine),
      properties: PROPERTIES,
      runs,
      seed,
      ...(engineAt === 'in process' ? {} : { inFlight: DEFAULT_PIPELINE }),
      // As castcheck run passes one (Ctrl-C): a run with a signal waits on it beside the engine's answers.
      abort: new AbortController().signal,
      onProgress: (done) => {
        if (done % every !== 0) return;
        (globalThis as { gc?: () => void }).gc?.();
        const m = process.memoryUsage();
        samples.push({ run: done, rssMiB: m.rss / MiB, heapMiB: m.heapUsed / MiB });
        onSample?.(done);
      },
    });
  } finally {
    await engine.close();
  }
  const after = samples.filter((s) => s.run > runs / 5);
  const rss = after.map((s) => s.rssMiB);
  const heap = after.map((s) => s.heapMiB);
  const low = Math.min(...rss);
  const base = mean(rss.slice(0, 10));
  const high = Math.max(...rss);
  return {
    runs,
    engine: engineAt,
    seconds: (Date.now() - t0) / 1000,
    rssFirstMiB: rss[0]!,
    rssLowMiB: low,
    rssHighMiB: high,
    rssLastMiB: rss.at(-1)!,
    heapLastMiB: after.at(-1)!.heapMiB,
    spread: (high - low) / low,
    growth: (Math.max(...rss.slice(-10)) - base) / base,
    heapSpread: (Math.max(...heap) - Math.min(...heap)) / Math.min(...heap),
    samples,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [runs, seed] = process.argv.slice(2, 4).map(Number);
  const engineAt = process.argv[4] === 'protocol' ? 'protocol 2' : 'in process';
  const result = await memoryRun(
    runs ?? 20_000,
    seed ?? 1,
    (done) => {
      if (done % Math.max(1, Math.floor((runs ?? 20_000) / 10)) === 0) process.stderr.write(`bench: memory ${engineAt}, ${done} scenarios\n`);
    },
    engineAt,
  );
  console.log(JSON.stringify(result));
}
