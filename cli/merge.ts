// castcheck merge: the result files of the shards of one run (castcheck fuzz, castcheck run --shard),
// from any number of machines, made into one report and one failure store, as if one machine had
// run it all: counts add up, each failure keeps the earliest first scenario of the run, and the
// repro shrunk from it.
import { join } from 'node:path';
import { describeEngine } from '../adapters/engine.ts';
import { InputError } from '../model/errors.ts';
import type { Expectation, Repro, Scenario, ShardResult, StoredReplay } from '../model/schema-types.ts';
import { findingText, statusLabel, summaryTable, totals } from '../reports/console.ts';
import { writeReports } from '../reports/write-reports.ts';
import { mergeResults } from '../runner/merge.ts';
import { readShardResult, suiteResultOf } from '../reports/shard-file.ts';
import { FailureStore, failsTheRun } from '../runner/store.ts';
import { checkOutputPaths } from './output-paths.ts';
import { castcheckCommand } from '../reports/shell-command.ts';
import { floorGate, floorGateLines } from '../reports/floor-gate.ts';

export interface MergeOptions {
  out: string;
  store?: string;
  checkFloor: number;
  /** Fail when a property run in the shards made fewer checks in all than checkFloor. */
  requireFloor?: boolean;
  json?: string;
  junit?: string;
}

export async function mergeCommand(files: string[], o: MergeOptions): Promise<number> {
  await checkOutputPaths([
    { option: '--out', path: o.out, kind: 'folder' },
    { option: '--store', path: o.store, kind: 'folder' },
    { option: '--json', path: o.json, kind: 'file' },
    { option: '--junit', path: o.junit, kind: 'file' },
  ]);
  const docs = files.map((file) => ({ file, doc: readShardResult(file) }));
  const head = docs[0]!;
  for (const { file, doc } of docs.slice(1)) {
    const differs = (what: string, a: unknown, b: unknown) => {
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new InputError(`${file}: not a shard of the same run as ${head.file}: its ${what} is ${JSON.stringify(a)}, not ${JSON.stringify(b)}`);
    };
    differs('seed', doc.seed, head.doc.seed);
    differs('engine', doc.engine, head.doc.engine);
    differs('readings', doc.readings, head.doc.readings);
    differs('number of shards', doc.shard.count, head.doc.shard.count);
  }
  const byIndex = new Map<number, string>();
  for (const { file, doc } of docs) {
    const twice = byIndex.get(doc.shard.index);
    if (twice !== undefined) throw new InputError(`${file}: shard ${doc.shard.index}/${doc.shard.count} is ${twice} already`);
    byIndex.set(doc.shard.index, file);
  }
  const count = head.doc.shard.count;
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));

  const parts = docs.map(({ file, doc }) => suiteResultOf(doc, file));
  const merged = mergeResults(parts);
  const engine = { id: head.doc.engine, ...(head.doc.command !== undefined ? { launch: { command: head.doc.command } } : {}) };
  console.log(`castcheck merge: ${docs.length} of ${count} shard(s) of the run with seed ${head.doc.seed} against ${describeEngine(engine.id)}: ${merged.runs} scenarios`);
  if (missing.length > 0) console.log(`  missing shard(s): ${missing.join(', ')} of ${count}: the merged run is not the whole run`);

  // One store: each failure of this run from the shard that met it first, then every other finding the shards kept.
  const store = new FailureStore(o.store ?? join(o.out, 'store'), head.doc.engine);
  const repros = new Map<string, string>();
  const firstOf = (signature: string) =>
    docs.flatMap(({ doc }) => doc.clusters.filter((c) => c.signature === signature && c.repro !== undefined)).sort((a, b) => a.firstRun - b.firstRun)[0];
  // The steps of each shrinking, from the shard whose repro stands, for the report.
  const shrinkSteps = new Map<string, { run: number; scenario: Scenario }[]>();
  for (const c of merged.clusters) {
    const first = c.expectation ? undefined : firstOf(c.signature);
    if (!first?.repro) continue;
    repros.set(c.signature, store.save(first.repro as Repro & { signature: string }));
    if (first.shrinkSteps) shrinkSteps.set(c.signature, first.shrinkSteps.map(({ run, scenario }) => ({ run, scenario })));
  }
  const kept = new Map<string, Repro>();
  for (const { doc } of docs) {
    for (const r of doc.store.findings) {
      if (r.signature === undefined || repros.has(r.signature)) continue;
      const known = kept.get(r.signature);
      if (!known || (known.replay.shrunk === false && r.replay.shrunk !== false)) kept.set(r.signature, r);
    }
  }
  for (const [signature, r] of kept) repros.set(signature, store.save(r as Repro & { signature: string }));
  console.log(`store: ${repros.size} finding(s) in ${store.dir}`);

  const replayed = new Map<string, StoredReplay>();
  for (const { doc } of docs) for (const r of doc.store.replayed) if (!replayed.has(r.signature)) replayed.set(r.signature, r);
  const expectations = mergedExpectations(docs.map((d) => d.doc));

  console.log('');
  console.log(summaryTable(merged, o.checkFloor));
  for (const c of merged.clusters) {
    if (c.finding && repros.has(c.signature)) console.log(`\n${findingText(c.finding, repros.get(c.signature)!, c.count)}`);
    else if (!c.expectation && repros.has(c.signature)) console.log(`\n${statusLabel(c.kind)} ${c.signature} (${c.count} scenario(s)), as stored: ${castcheckCommand('replay', repros.get(c.signature)!)}`);
  }
  if (expectations && expectations.stale.length > 0) {
    console.log(`\nSTALE expectations (${expectations.file}): they did not occur in any shard although their property ran and applied`);
    for (const e of expectations.stale) console.log(`  ${e.signature}: ${e.note}`);
  }
  console.log(`\n${totals(merged, o.checkFloor)}`);
  // The shards' features are not in their result files: the gate names the properties only.
  const floorLines = o.requireFloor ? floorGateLines(floorGate(merged, o.checkFloor, undefined), o.checkFloor) : [];
  if (floorLines.length > 0) console.log(floorLines.join('\n'));
  console.log(`repeat each shard:\n${docs.map(({ doc }) => `  ${doc.repeat}`).join('\n')}`);

  // The report files of one run, as castcheck run writes them: in the output folder, and where --json and --junit say.
  const written = writeReports(
    o.out,
    {
      engine,
      result: merged,
      extras: {
        checkFloor: o.checkFloor,
        repros,
        readings: { spliceCopy: head.doc.readings.spliceCopy ?? 'ruling' },
        shrinkSteps,
        ...(expectations ? { expectations: { file: expectations.file, stale: expectations.stale } } : {}),
        store: { dir: store.dir, replayed: [...replayed.values()] },
      },
    },
    { ...(o.json !== undefined ? { json: o.json } : {}), ...(o.junit !== undefined ? { junit: o.junit } : {}) },
  );
  console.log(`\nreports: ${written.files.join(', ')}`);
  const failed = merged.clusters.some((c) => !c.expectation && c.kind !== 'contested');
  const storeFails = [...replayed.values()].some(failsTheRun);
  return failed || storeFails || (expectations?.stale.length ?? 0) > 0 || merged.stopped !== undefined || floorLines.length > 0 ? 1 : 0;
}

/** Stale in the merged run: stale in some shard and seen in none. */
function mergedExpectations(docs: readonly ShardResult[]): { file: string; stale: Expectation[] } | undefined {
  const withThem = docs.filter((d) => d.expectations);
  if (withThem.length === 0) return undefined;
  const seen = new Set(withThem.flatMap((d) => d.expectations!.seen));
  const stale = new Map<string, Expectation>();
  for (const d of withThem) for (const e of d.expectations!.stale) if (!seen.has(e.signature)) stale.set(e.signature, e);
  return { file: withThem[0]!.expectations!.file, stale: [...stale.values()] };
}
