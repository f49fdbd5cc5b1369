// castcheck fuzz: the suite for as long as it is given (--time 8h) or for --runs N scenarios, going
// on after failures: each new failure is stored the moment it is found and shrunk while the search
// goes on; the store is replayed first. The seed comes from the date unless given, so that each
// night explores new scenarios and any night can be repeated; the report and the shard result file
// carry the command that repeats the run exactly.
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { describeEngine } from '../adapters/engine.ts';
import { InputError } from '../model/errors.ts';
import { parallelSearch, writeShardResult, type AfterRun } from './parallel.ts';
import { runCommand } from './run.ts';
import type { RunOptions } from './run-options.ts';

export interface FuzzOptions extends Omit<RunOptions, 'runs'> {
  runs?: number;
  /** The time budget, as given (`8h`). */
  time?: string;
  /** The day whose seed to use, YYYY-MM-DD (default: today, UTC). */
  date?: string;
}

/** How often a run without a progress bar says how far it has come. */
const STATUS_EVERY_MS = 5 * 60_000;

/** The most scenarios a run with only a time budget may judge. */
const UNBOUNDED = 100_000_000;

export async function fuzzCommand(o: FuzzOptions): Promise<number> {
  if (o.time === undefined && o.runs === undefined) throw new InputError('castcheck fuzz needs a budget: --time DURATION (like 8h or 90m) or --runs N, or both');
  const ms = o.time === undefined ? undefined : parseDuration(o.time);
  if (o.seed !== undefined && o.date !== undefined) throw new InputError('give either --seed or --date, not both: --date derives the seed');
  const date = o.date ?? new Date().toISOString().slice(0, 10);
  const seed = o.seed ?? dateSeed(date);
  const runs = o.runs ?? UNBOUNDED;
  const workers = o.workers ?? 1;
  const run: RunOptions = { ...o, runs, seed, workers };
  const budget = [ms !== undefined ? `for ${o.time}` : '', o.runs !== undefined ? `${o.runs} scenarios${ms !== undefined ? ' at most' : ''}` : ''].filter(Boolean).join(', ');
  const from = o.seed === undefined ? `, from the date ${date}` : '';
  const shard = o.shard ? `; shard ${o.shard.index}/${o.shard.count}` : '';
  return runCommand(run, {
    header: (engine) => `castcheck fuzz: ${budget} against ${describeEngine(engine)} (seed ${seed}${from}${shard}; ${workers} worker(s))`,
    // The clock starts once the store is replayed and every engine is ready: the budget is the search's.
    search: (s) => {
      const search = parallelSearch(run, s.readings, ms);
      // Without a progress bar (CI logs), a line now and then says how far a long run has come.
      const started = Date.now();
      let said = started;
      const quiet = !(o.progress && process.stderr.isTTY);
      return search({
        ...s,
        onProgress: (done, total, clusters, k) => {
          s.onProgress?.(done, total, clusters, k);
          if (quiet && Date.now() - said >= STATUS_EVERY_MS) {
            said = Date.now();
            console.log(`  ${done} scenarios judged, ${clusters} distinct failure(s), after ${Math.round((said - started) / 60_000)} min`);
          }
        },
        onCluster: (c) => {
          s.onCluster?.(c);
          console.log(`  found ${c.signature} in scenario ${c.first.run}${s.alreadyShrunk?.has(c.signature) ? ' (in the store already)' : ''}`);
        },
      });
    },
    after: (x: AfterRun) => {
      const file = o.result ?? join(o.out, 'result.json');
      const repeat = writeShardResult(file, x, run, 'fuzz', o.time);
      console.log(`\n${x.result.runs} scenarios judged; result: ${file}\nrepeat: ${repeat}`);
    },
  });
}

/** The seed of a day: the same on every machine of a nightly run, another each night. */
export function dateSeed(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new InputError(`--date ${date}: a day as YYYY-MM-DD is expected`);
  return seedrandom(`castcheck ${date}`).int32() >>> 0;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `8h`, `90m`, `1h30m`, `45s`, or a number of seconds; at most 30 days. */
export function parseDuration(text: string): number {
  const parts = [...text.trim().matchAll(/(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?/g)];
  const whole = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || whole.replace(/\s/g, '') !== text.replace(/\s/g, '') || (parts.length > 1 && parts.some((p) => p[2] === undefined))) {
    throw new InputError(`--time ${text}: a duration like 8h, 90m, 1h30m or 45s is expected`);
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2] ?? 's']!, 0);
  if (!(ms >= 1) || ms > 30 * UNITS.d!) throw new InputError(`--time ${text}: it must be more than 0 and at most 30 days`);
  return ms;
}
