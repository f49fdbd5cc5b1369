// castcheck run: the suite against an engine, with a progress line, a summary table and repros.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { openEngine } from '../adapters/create-engine.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { restrictedTo, unknownCards } from '../adapters/reference/restricted.ts';
import { PROPERTIES } from '../properties/index.ts';
import { capabilitiesLine, findingsLines, findingText, header, nextSteps, scenarioSize, statsTable, statusLabel, storeLines, summaryTable, totals } from '../reports/console.ts';
import { EventLog, PROGRESS_EVERY } from '../reports/events.ts';
import { noProgress, progressFor } from '../reports/progress.ts';
import { storyLines, storyOf } from '../reports/story.ts';
import { writeReports, type RunState } from '../reports/write-reports.ts';
import type { ReportExtras } from '../reports/run-report.ts';
import { version } from '../model/version.ts';
import { FeatureStats } from '../generators/stats.ts';
import { floorGate, floorGateLines } from '../reports/floor-gate.ts';
import type { Capabilities, Repro, Scenario } from '../model/schema-types.ts';
import { InputError } from '../model/errors.ts';
import { reproOf } from '../reports/repro.ts';
import { runSuite } from '../runner/run-suite.ts';
import { unshrunk } from '../runner/findings.ts';
import type { Cluster, Finding, SuiteResult } from '../runner/results.ts';
import { checkOutputPaths } from './output-paths.ts';
import { lockOutput } from './out-lock.ts';
import { Interrupt } from './interrupt.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { causesOfRun, failingCauses, type Cause } from '../runner/causes.ts';
import { Expectations, staleAfterRun, updatedExpectations } from '../runner/expectations.ts';
import { FailureStore, failsTheRun, replayStore, writeJsonAtomically } from '../runner/store.ts';
import { parallelSearch, shardResultWriter, type RunHooks } from './parallel.ts';
import { engineArgs, processChoice, type RunOptions } from './run-options.ts';
import { castcheckCommand } from '../reports/shell-command.ts';

/** How long castcheck waits for an engine before events.jsonl says how far the run is. */
const WAIT_EVENT_MS = 1000;

export async function runCommand(o: RunOptions, hooks: RunHooks = {}): Promise<number> {
  await checkOutputPaths([{ option: '--out', path: o.out, kind: 'folder' }]);
  // One run per output folder, held until the run ends (a killed run's lock is taken over).
  const lock = lockOutput(o.out, { suffix: o.outSuffix === true });
  if (lock.out !== o.out) console.log(`castcheck: ${o.out} is in use by another run: writing to ${lock.out} (--out-suffix)`);
  try {
    return await runLocked({ ...o, out: lock.out }, hooks);
  } finally {
    lock.release();
  }
}

async function runLocked(o: RunOptions, hooks: RunHooks): Promise<number> {
  await checkOutputPaths([
    { option: '--out', path: o.out, kind: 'folder' },
    { option: '--store', path: o.store, kind: 'folder' },
    { option: '--json', path: o.json, kind: 'file' },
    { option: '--junit', path: o.junit, kind: 'file' },
    { option: '--result', path: o.result, kind: 'file' },
    { option: '--write-capabilities', path: o.writeCapabilities, kind: 'file' },
  ]);
  if (o.updateExpectations && o.expectations === undefined) throw new InputError('--update-expectations needs --expectations FILE: the file to rewrite');
  // Read before the engine starts, so that a bad file costs nothing; a file to be written may not exist yet.
  const expectations =
    o.expectations === undefined || (o.updateExpectations && !existsSync(o.expectations)) ? new Expectations([], o.expectations) : Expectations.load(o.expectations, PROPERTIES);
  if (o.capabilities !== undefined && (o.engineCmd !== undefined || o.engineConfig !== undefined)) {
    throw new InputError('--capabilities restricts the built-in reference engine; an engine command declares its own capabilities');
  }
  const restricted = o.capabilities !== undefined ? readCapabilities(o.capabilities) : undefined;
  const opened = await openEngine({
    ...(o.engine !== undefined ? { engine: o.engine } : {}),
    ...(o.fault !== undefined ? { fault: o.fault } : {}),
    ...(o.spliceCopy !== undefined ? { spliceCopy: o.spliceCopy } : {}),
    process: processChoice(o),
  });
  const engine = restricted ? restrictedTo(opened, restricted) : opened;
  // Ctrl-C from here on stops the run and writes what it found (cli/interrupt.ts).
  const interrupt = Interrupt.install();
  try {
    // A fresh seed is drawn from the machine's entropy and printed, so that every run can be replayed.
    const seed = o.seed ?? freshSeed();
    console.log(hooks.header?.(engine.id, seed) ?? header(engine.id, o.runs, seed));
    if (engine.launch || restricted) {
      console.log(engine.launch ? `  command: ${engine.launch.command}` : `  restricted to the capabilities in ${o.capabilities}`);
      console.log(`  ${capabilitiesLine(engine.capabilities)}`);
      const unknown = unknownCards(engine.capabilities);
      if (unknown.length > 0) console.log(`  not in castcheck's catalog, so never used: ${unknown.join(', ')}`);
    }
    const readings = { spliceCopy: o.spliceCopy ?? 'ruling' } as const;
    const judge = judgeFor(engine, readings);
    const store = new FailureStore(o.store ?? join(o.out, 'store'), engine.id);
    const stored = await replayStore(judge, store, expectations);
    for (const line of storeLines(store, stored)) console.log(line);

    const progress = o.progress ? progressFor({ total: o.runs, stream: process.stderr, ci: isCI() }) : noProgress;
    interrupt.onStop(() => progress.stop());
    const events = new EventLog(join(o.out, 'events.jsonl'));
    const started = Date.now();
    events.write({
      event: 'start',
      castcheck: version,
      engine: engine.id,
      ...(engine.launch ? { command: engine.launch.command } : {}),
      seed,
      runs: o.runs,
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    });
    for (const r of stored.replayed) events.write({ event: 'store', signature: r.signature, result: r.result, repro: r.movedTo ?? r.repro });
    // A progress event every PROGRESS_EVERY scenarios, and whenever castcheck has waited a second for
    // a slow engine: the record then says how far the run went, to the scenario, at any kill.
    let logged = { done: 0, clusters: 0 };
    let judgedAt = started;
    const progressEvent = (done: number, clusters: number) => {
      logged = { done, clusters };
      events.write({ event: 'progress', done, total: o.runs, clusters, perSecond: Math.round((done / Math.max(0.001, (Date.now() - started) / 1000)) * 10) / 10 });
    };
    const waitLog = setInterval(() => {
      const now = sofar?.();
      if (now && now.runs > logged.done && Date.now() - judgedAt >= WAIT_EVENT_MS) progressEvent(now.runs, now.clusters.length);
    }, WAIT_EVENT_MS);
    waitLog.unref();
    // Said after the run, with each failure's count over the whole run: with --workers a failure is
    // shrunk, and its finding made, while the lanes still judge scenarios that show it.
    const written: { finding: Finding; path: string; story: ReturnType<typeof storyOf> }[] = [];
    const repros = new Map<string, string>(stored.replayed.filter((r) => r.result === 'still-fails').map((r) => [r.signature, r.repro]));
    const storedRepros = readStoredRepros(stored.replayed.filter((r) => r.result === 'still-fails'));
    const alreadyShrunk = new Set(stored.replayed.filter((r) => r.result === 'still-fails' && r.shrunk).map((r) => r.signature));
    const shrinkSteps = new Map<string, { run: number; scenario: Scenario }[]>();
    const save = (finding: Finding) => {
      const path = store.save(reproOf(finding, engine, readings));
      repros.set(finding.signature, path);
      return path;
    };
    const storeSummary = () => ({
      dir: store.dir,
      replayed: stored.replayed.map(({ signature, repro, result, failure, xfail, movedTo }) => ({ signature, repro, result, ...(failure ? { failure } : {}), ...(xfail ? { xfail } : {}), ...(movedTo !== undefined ? { movedTo } : {}) })),
    });
    // What every report file is made from, at any moment: the run so far, and what is known besides.
    let sofar: (() => SuiteResult) | undefined;
    const runState = (more: Partial<ReportExtras> = {}): RunState => ({
      engine,
      result: sofar!(),
      extras: {
        checkFloor: o.checkFloor,
        repros,
        readings,
        stored: storedRepros,
        shrinkSteps,
        store: storeSummary(),
        ...(o.expectations !== undefined ? { expectations: { file: o.expectations, stale: [] } } : {}),
        ...more,
      },
    });
    // Every report file of the run so far, in the output folder and at --json/--junit: at the end, and
    // (with partial set) from a signal handler when the run is interrupted midway.
    const writeAll = (partial: boolean, more?: Partial<ReportExtras>) => writeReports(o.out, runState(more), { partial, ...(o.json !== undefined ? { json: o.json } : {}), ...(o.junit !== undefined ? { junit: o.junit } : {}) });
    try {
      const stats = o.stats || o.requireFloor ? new FeatureStats() : undefined;
      const search = hooks.search ?? (o.workers !== undefined || o.shard !== undefined ? parallelSearch(o, readings) : runSuite);
      const result = await search({
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
        ...(o.maxTimeouts !== undefined ? { maxTimeouts: o.maxTimeouts } : {}),
        ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}),
        onStart: (f) => {
          sofar = f;
        },
        onProgress: (done, total, clusters) => {
          progress.scenarios(done, clusters);
          if (done % PROGRESS_EVERY === 0 || done === total) progressEvent(done, clusters);
          judgedAt = Date.now();
        },
        // The first scenario of a new failure is on disk before any shrinking starts.
        onCluster: (cluster) => {
          const repro = alreadyShrunk.has(cluster.signature) ? repros.get(cluster.signature) : save(unshrunk({ seed }, cluster.first, true));
          events.write({
            event: 'cluster',
            signature: cluster.signature,
            verdict: cluster.kind,
            ...(cluster.property ? { property: cluster.property.id } : {}),
            xfail: cluster.expectation !== undefined,
            run: cluster.first.run + 1,
            ...(repro !== undefined ? { repro } : {}),
          });
        },
        onShrinking: (cluster, i, n) => {
          progress.shrinking(cluster.signature, i, n);
          events.write({ event: 'shrinking', signature: cluster.signature, index: i + 1, of: n });
        },
        onShrinkRun: (target, runs, smaller) => {
          progress.shrinkRun(runs);
          if (smaller && 'signature' in target) shrinkSteps.set(target.signature, [...(shrinkSteps.get(target.signature) ?? []), { run: runs, scenario: smaller }]);
        },
        onFinding: (finding) => {
          const path = save(finding);
          const story = storyOf(reproOf(finding, engine, readings));
          written.push({ finding, path, story });
          const size = scenarioSize(finding.scenario);
          events.write({ event: 'finding', signature: finding.signature, repro: path, shrunk: finding.shrunk, shrinkRuns: finding.shrinkRuns, reproduced: finding.reproduced, ...size, story: storyLines(story) });
        },
        ...(stats ? { onScenario: (s: Scenario) => stats.add(s) } : {}),
        abort: interrupt.signal,
      });
      progress.stop();
      console.log('');
      console.log(summaryTable(result, o.checkFloor));
      const causes = causesOfRun(result);
      const findingsBlock = findingsLines(causes);
      if (findingsBlock.length > 0) console.log(`\n${findingsBlock.join('\n')}`);
      for (const text of findingTexts(causes, written, result.clusters)) console.log(`\n${text}`);
      // Failures an earlier run shrunk, met again: their repro stands.
      const again = result.clusters.filter((c) => !c.expectation && !c.finding && repros.has(c.signature));
      if (again.length > 0) console.log(`\n${again.map((c) => `${statusLabel(c.kind)} ${c.signature} (${c.count} scenario(s)), as stored: ${castcheckCommand('replay', repros.get(c.signature)!)}`).join('\n')}`);

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
        const added = doc.expectations.length - (expectations.list.length - stale.length);
        console.log(`\nexpectations: wrote ${o.expectations} (${doc.expectations.length} expectation(s): ${stale.length} stale removed, ${added} added)`);
        // A known failure early in a scenario hid what came after it in that scenario; now that it is
        // expected, the next run judges what follows and may find more.
        if (added > 0) console.log('  what a failure now expected hid later in its scenarios is judged next run: run with --update-expectations again until it adds none');
      }

      if (o.writeCapabilities !== undefined) console.log(`\n${writeEndCapabilities(o.writeCapabilities, result, engine.capabilities)}`);
      const featureCounts = stats?.results(engine.capabilities, o.gateFloor);
      const gates = o.stats ? featureCounts : undefined;
      if (gates) console.log(`\n${statsTable(gates, o.gateFloor)}`);
      console.log(`\n${totals(result, o.checkFloor)}`);
      const floorLines = o.requireFloor ? floorGateLines(floorGate(result, o.checkFloor, featureCounts), o.checkFloor) : [];
      if (floorLines.length > 0) console.log(floorLines.join('\n'));
      const gatesFailed = (gates ?? []).some((g) => g.belowFloor);
      if (gatesFailed) console.log(`coverage gates: ${gates!.filter((g) => g.belowFloor).map((g) => g.feature.id).join(', ')} under ${(o.gateFloor * 100).toFixed(0)}% beyond chance (the 99.9% upper bound of their share is under it)`);
      const partial = result.partial === true;
      const { report, files } = writeAll(partial, {
        ...(o.expectations !== undefined ? { expectations: { file: o.expectations, stale, ...(updated ? { updated } : {}) } } : {}),
        ...(gates ? { stats: gates } : {}),
      });
      await (hooks.after ?? shardResultWriter(o))?.({ engine, readings, seed, result, store, stored, stale, shrinkSteps, ...(gates ? { gates } : {}) });
      // A failure that belongs to an expected finding (a consequence of a known bug) does not fail the run.
      const failed = failingCauses(causes).length > 0;
      const storeFails = stored.replayed.some(failsTheRun);
      const exitCode = interrupt.exitCode ?? (failed || storeFails || stale.length > 0 || result.stopped !== undefined || gatesFailed || floorLines.length > 0 ? 1 : 0);
      events.write({ event: 'end', partial, exitCode, runs: result.runs, clusters: result.clusters.length, failed: report.properties.filter((p) => p.status === 'FAIL').length, reports: files });
      console.log(`\nreports: ${[...files, events.path].join(', ')}`);
      if (partial) console.log(`partial report: ${join(o.out, 'report.json')}`);
      const firstRepro = report.clusters.find((c) => !c.xfail && c.verdict !== 'contested' && c.repro !== undefined)?.repro;
      const underTested = report.properties.filter((p) => p.status === 'UNDER-TESTED' || p.status === 'UNTESTED').length;
      console.log(nextSteps({ failed: exitCode !== 0, ...(firstRepro !== undefined ? { firstRepro } : {}), underTested, reference: engine.launch === undefined, out: o.out, engineArgs: engineArgs(o), ...(o.expectations !== undefined ? { expectations: o.expectations } : {}), runs: o.runs }).join('\n'));
      return exitCode;
    } finally {
      clearInterval(waitLog);
      progress.stop();
      events.close();
    }
  } finally {
    // A second Ctrl-C while the engine is being stopped still quits at once.
    await engine.close().finally(() => interrupt.dispose());
  }
}

/**
 * Each finding's repro told once, by its lead cluster's (the first of its clusters shrunk this run),
 * with the other signatures it was seen under and their repros listed after it.
 */
function findingTexts(causes: readonly Cause[], written: readonly { finding: Finding; path: string; story: ReturnType<typeof storyOf> }[], clusters: readonly Cluster[]): string[] {
  const counts = new Map(clusters.map((c) => [c.signature, c.count]));
  const bySignature = new Map(written.map((w) => [w.finding.signature, w]));
  const out: string[] = [];
  for (const cause of causes) {
    const told = cause.clusters.map((c) => bySignature.get(c.signature)).filter((w) => w !== undefined);
    const [lead, ...others] = told;
    if (!lead) continue;
    const also = others.map((w) => `  also seen as ${w.finding.signature} (${counts.get(w.finding.signature) ?? 0} scenario(s)): ${castcheckCommand('replay', w.path)}`);
    out.push([findingText(lead.finding, lead.path, counts.get(lead.finding.signature), lead.story), ...also].join('\n'));
  }
  return out;
}

/** Writes the capabilities a run ended with (--write-capabilities) and says what they leave out. */
function writeEndCapabilities(path: string, result: SuiteResult, declared: Capabilities): string {
  writeJsonAtomically(path, result.narrowedCapabilities ?? declared);
  const left = (result.earlyStops ?? []).filter((s) => s.leftOutFrom !== undefined).map((s) => s.leftOut);
  return left.length > 0 ? `capabilities: wrote ${path}, the engine's less ${left.join(', ')}` : `capabilities: wrote ${path}, as the engine declared them (nothing left out)`;
}

/** Whether the run is under CI, where nobody watches a terminal: plain progress lines. */
export function isCI(): boolean {
  const ci = process.env.CI;
  return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/** A fresh seed from the machine's entropy: printed, so that every run can be replayed. */
export function freshSeed(): number {
  return Math.abs(seedrandom(undefined, { entropy: true }).int32());
}

/** The stored repros that stand for findings still failing, by signature, for their stories. */
function readStoredRepros(replayed: readonly { signature: string; repro: string }[]): Map<string, Repro> {
  const out = new Map<string, Repro>();
  for (const r of replayed) {
    try {
      out.set(r.signature, JSON.parse(readFileSync(r.repro, 'utf8')) as Repro);
    } catch {
      // The store replay read it a moment ago; a file gone since has no story to tell.
    }
  }
  return out;
}

/** The note an expectation added by --update-expectations gets: what the cluster showed first. */
function noteFor(c: Cluster): string {
  const d = c.first.hit.divergences[0];
  const what = d ? `expected ${d.expected}; observed ${d.observed}` : (c.first.judged.failure?.message ?? '');
  return `added by --update-expectations (${c.count} scenario(s)): ${what}`.slice(0, 300);
}
