// castcheck run: the suite against an engine, with a progress line, a summary table and repros.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import seedrandom from 'seedrandom';
import { openEngine } from '../adapters/create-engine.ts';
import { catalog } from '../model/catalog.ts';
import { PROPERTIES } from '../properties/index.ts';
import { capabilitiesLine, findingText, header, statsTable, statusLabel, storeLines, summaryTable, totals } from '../reports/console.ts';
import { FeatureStats } from '../generators/stats.ts';
import type { Scenario } from '../model/schema-types.ts';
import { InputError } from '../model/errors.ts';
import { reproOf } from '../reports/repro.ts';
import { junitXml, runReport, type ReportExtras } from '../reports/run-report.ts';
import { runSuite, unshrunk, type Cluster, type Finding, type SuiteResult } from '../runner/run-suite.ts';
import type { Engine } from '../adapters/engine.ts';
import { checkOutputPaths } from './output-paths.ts';
import { Interrupt } from './interrupt.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { Expectations, staleAfterRun, updatedExpectations } from '../runner/expectations.ts';
import { FailureStore, replayStore, writeJsonAtomically } from '../runner/store.ts';

export interface RunOptions {
  engine?: string;
  fault?: string;
  spliceCopy?: 'ruling' | 'literal';
  engineCmd?: string;
  engineConfig?: string;
  timeout?: number;
  startTimeout?: number;
  maxLineBytes?: number;
  validateProtocol?: boolean;
  pipeline: number;
  runs: number;
  seed?: number;
  out: string;
  store?: string;
  expectations?: string;
  updateExpectations?: boolean;
  checkFloor: number;
  illegalShare?: number;
  maxShrinkRuns: number;
  shrinkBudget: number;
  maxShrinkTime?: number;
  progress: boolean;
  stats?: boolean;
  json?: string;
  junit?: string;
  gateFloor: number;
}

export async function runCommand(o: RunOptions): Promise<number> {
  await checkOutputPaths([
    { option: '--out', path: o.out, kind: 'folder' },
    { option: '--store', path: o.store, kind: 'folder' },
    { option: '--json', path: o.json, kind: 'file' },
    { option: '--junit', path: o.junit, kind: 'file' },
  ]);
  if (o.updateExpectations && o.expectations === undefined) throw new InputError('--update-expectations needs --expectations FILE: the file to rewrite');
  // Read before the engine starts, so that a bad file costs nothing; a file to be written may not exist yet.
  const expectations =
    o.expectations === undefined || (o.updateExpectations && !existsSync(o.expectations)) ? new Expectations([], o.expectations) : Expectations.load(o.expectations, PROPERTIES);
  const engine = await openEngine({
    ...(o.engine !== undefined ? { engine: o.engine } : {}),
    ...(o.fault !== undefined ? { fault: o.fault } : {}),
    ...(o.spliceCopy !== undefined ? { spliceCopy: o.spliceCopy } : {}),
    process: processChoice(o),
  });
  // Ctrl-C from here on stops the run and writes what it found (cli/interrupt.ts).
  const interrupt = Interrupt.install();
  try {
    // A fresh seed is drawn from the machine's entropy and printed, so that every run can be replayed.
    const seed = o.seed ?? Math.abs(seedrandom(undefined, { entropy: true }).int32());
    console.log(header(engine.id, o.runs, seed));
    if (engine.launch) {
      console.log(`  command: ${engine.launch.command}`);
      console.log(`  ${capabilitiesLine(engine.capabilities)}`);
      const unknown = (engine.capabilities.cards.oracle ?? []).filter((name) => !catalog().has(name));
      if (unknown.length > 0) console.log(`  not in castcheck's catalog, so never used: ${unknown.join(', ')}`);
    }
    const readings = { spliceCopy: o.spliceCopy ?? 'ruling' } as const;
    const judge = judgeFor(engine, readings);
    const store = new FailureStore(o.store ?? join(o.out, 'store'), engine.id);
    const stored = await replayStore(judge, store, expectations);
    for (const line of storeLines(store, stored)) console.log(line);

    const bar = o.progress && process.stderr.isTTY
      ? new SingleBar({ format: '  {bar} {value}/{total} scenarios, {clusters} distinct failure(s){phase}', stream: process.stderr, hideCursor: true, clearOnComplete: true })
      : undefined;
    bar?.start(o.runs, 0, { clusters: 0, phase: '' });
    interrupt.onStop(() => bar?.stop());
    const written: string[] = [];
    const repros = new Map<string, string>(stored.replayed.filter((r) => r.result === 'still-fails').map((r) => [r.signature, r.repro]));
    const alreadyShrunk = new Set(stored.replayed.filter((r) => r.result === 'still-fails' && r.shrunk).map((r) => r.signature));
    const save = (finding: Finding) => {
      const path = store.save(reproOf(finding, engine, readings));
      repros.set(finding.signature, path);
      return path;
    };
    try {
      const stats = o.stats ? new FeatureStats() : undefined;
      const result = await runSuite({
        ...judge,
        properties: PROPERTIES,
        runs: o.runs,
        seed,
        expectations,
        alreadyShrunk,
        maxShrinkRuns: o.maxShrinkRuns,
        shrinkBudget: o.shrinkBudget,
        ...(o.maxShrinkTime !== undefined ? { maxShrinkMs: o.maxShrinkTime * 1000 } : {}),
        inFlight: engine.launch ? o.pipeline : 1,
        ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}),
        onProgress: (done, _total, clusters) => {
          if (bar && (done % 25 === 0 || done === o.runs)) bar.update(done, { clusters });
        },
        // The first scenario of a new failure is on disk before any shrinking starts.
        onCluster: (cluster) => {
          if (!alreadyShrunk.has(cluster.signature)) save(unshrunk({ seed }, cluster.first, true));
        },
        onShrinking: (cluster, i, n) => bar?.update({ phase: `; shrinking ${i + 1} of ${n}: ${cluster.signature}` }),
        onFinding: (finding, cluster) => {
          written.push(findingText(finding, save(finding), cluster.count));
        },
        ...(stats ? { onScenario: (s: Scenario) => stats.add(s) } : {}),
        abort: interrupt.signal,
      });
      bar?.stop();
      console.log('');
      console.log(summaryTable(result, o.checkFloor));
      for (const text of written) console.log(`\n${text}`);
      // Failures an earlier run shrunk, met again: their repro stands.
      const again = result.clusters.filter((c) => !c.expectation && !c.finding && repros.has(c.signature));
      if (again.length > 0) console.log(`\n${again.map((c) => `${statusLabel(c.kind)} ${c.signature} (${c.count} scenario(s)), as stored: npx castcheck replay ${repros.get(c.signature)!}`).join('\n')}`);

      const stale = staleAfterRun(expectations, result, stored.expectedSeen);
      if (stale.length > 0) {
        console.log(`\nSTALE expectations (${o.expectations}): they did not occur although their property ran and applied; remove them, or run with --update-expectations`);
        for (const e of stale) console.log(`  ${e.signature}: ${e.note}`);
      }
      let updated = false;
      // A run cut short has not seen what a whole one would: its file is left as it was.
      if (o.updateExpectations && result.partial) console.log(`\nexpectations: ${o.expectations} not rewritten: the run was interrupted`);
      else if (o.updateExpectations) {
        const found = [
          ...result.clusters.filter((c) => !c.expectation && c.kind !== 'contested').map((c) => ({ signature: c.signature, note: noteFor(c) })),
          ...stored.replayed.filter((r) => r.result === 'still-fails' && !r.xfail && r.verdict !== 'contested').map((r) => ({ signature: r.signature, note: `found earlier: ${r.repro}` })),
        ];
        const doc = updatedExpectations(expectations, stale, found, engine.id.name);
        writeJsonAtomically(o.expectations!, doc);
        updated = true;
        console.log(`\nexpectations: wrote ${o.expectations} (${doc.expectations.length} expectation(s): ${stale.length} stale removed, ${doc.expectations.length - (expectations.list.length - stale.length)} added)`);
      }

      const gates = stats?.results(engine.capabilities, o.gateFloor);
      if (gates) console.log(`\n${statsTable(gates, o.gateFloor)}`);
      console.log(`\n${totals(result, o.checkFloor)}`);
      const gatesFailed = (gates ?? []).some((g) => g.belowFloor);
      if (gatesFailed) console.log(`coverage gates: ${gates!.filter((g) => g.belowFloor).map((g) => g.feature.id).join(', ')} under ${(o.gateFloor * 100).toFixed(0)}%`);
      writeRunReports(o, engine, result, {
        checkFloor: o.checkFloor,
        repros,
        ...(o.expectations !== undefined ? { expectations: { file: o.expectations, stale, ...(updated ? { updated } : {}) } } : {}),
        store: { dir: store.dir, replayed: stored.replayed.map(({ signature, repro, result, xfail, movedTo }) => ({ signature, repro, result, ...(xfail ? { xfail } : {}), ...(movedTo !== undefined ? { movedTo } : {}) })) },
        ...(gates ? { stats: gates } : {}),
      });
      const failed = result.clusters.some((c) => !c.expectation && c.kind !== 'contested');
      const storeFails = stored.replayed.some((r) => r.result === 'still-fails' && !r.xfail && r.verdict !== 'contested');
      return interrupt.exitCode ?? (failed || storeFails || stale.length > 0 || result.stopped !== undefined || gatesFailed ? 1 : 0);
    } finally {
      bar?.stop();
    }
  } finally {
    // A second Ctrl-C while the engine is being stopped still quits at once.
    await engine.close().finally(() => interrupt.dispose());
  }
}

/**
 * The report files of a run, whole or partial (interrupted): report.json in --out, and the files
 * --json and --junit name.
 */
function writeRunReports(o: RunOptions, engine: Engine, result: SuiteResult, extras: ReportExtras): void {
  const report = runReport(engine, result, extras);
  mkdirSync(o.out, { recursive: true });
  writeJsonAtomically(join(o.out, 'report.json'), report);
  if (result.partial) console.log(`partial report: ${join(o.out, 'report.json')}`);
  if (o.json !== undefined) writeReportFile(o.json, `${JSON.stringify(report, null, 2)}\n`);
  if (o.junit !== undefined) writeReportFile(o.junit, junitXml(report));
}

/** The note an expectation added by --update-expectations gets: what the cluster showed first. */
function noteFor(c: Cluster): string {
  const d = c.first.hit.divergences[0];
  const what = d ? `expected ${d.expected}; observed ${d.observed}` : (c.first.judged.failure?.message ?? '');
  return `added by --update-expectations (${c.count} scenario(s)): ${what}`.slice(0, 300);
}

export function processChoice(o: Pick<RunOptions, 'engineCmd' | 'engineConfig' | 'timeout' | 'startTimeout' | 'maxLineBytes' | 'validateProtocol'>) {
  return {
    ...(o.engineCmd !== undefined ? { command: o.engineCmd } : {}),
    ...(o.engineConfig !== undefined ? { config: o.engineConfig } : {}),
    ...(o.timeout !== undefined ? { timeoutMs: o.timeout } : {}),
    ...(o.startTimeout !== undefined ? { startTimeoutMs: o.startTimeout } : {}),
    ...(o.maxLineBytes !== undefined ? { maxLineBytes: o.maxLineBytes } : {}),
    ...(o.validateProtocol !== undefined ? { validateProtocol: o.validateProtocol } : {}),
  };
}

function writeReportFile(path: string, text: string): void {
  mkdirSync(dirname(resolve(path)), { recursive: true });
  writeFileSync(path, text);
  console.log(`report: ${path}`);
}
