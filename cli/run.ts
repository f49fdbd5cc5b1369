// castcheck run: the suite against an engine, with a progress line, a summary table and repros.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import seedrandom from 'seedrandom';
import { openEngine } from '../adapters/create-engine.ts';
import { InputError } from '../model/errors.ts';
import { readCapabilities, restrictedTo, unknownCards } from '../adapters/reference/restricted.ts';
import { PROPERTIES } from '../properties/index.ts';
import { capabilitiesLine, findingText, header, statsTable, summaryTable, totals } from '../reports/console.ts';
import { FeatureStats } from '../generators/stats.ts';
import type { Scenario } from '../model/schema-types.ts';
import { writeRepro } from '../reports/repro.ts';
import { junitXml, runReport, type WrittenFinding } from '../reports/run-report.ts';
import { runSuite } from '../runner/run-suite.ts';
import { judgeFor } from '../runner/evaluate.ts';

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
  illegalShare?: number;
  maxShrinkRuns: number;
  maxShrinkTime?: number;
  progress: boolean;
  stats?: boolean;
  json?: string;
  junit?: string;
  gateFloor: number;
  /** A capabilities file: the reference engine runs restricted to it. */
  capabilities?: string;
}

export async function runCommand(o: RunOptions): Promise<number> {
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
  try {
    // A fresh seed is drawn from the machine's entropy and printed, so that every run can be replayed.
    const seed = o.seed ?? Math.abs(seedrandom(undefined, { entropy: true }).int32());
    console.log(header(engine.id, o.runs, seed));
    if (engine.launch || restricted) {
      console.log(engine.launch ? `  command: ${engine.launch.command}` : `  restricted to the capabilities in ${o.capabilities}`);
      console.log(`  ${capabilitiesLine(engine.capabilities)}`);
      const unknown = unknownCards(engine.capabilities);
      if (unknown.length > 0) console.log(`  not in castcheck's catalog, so never used: ${unknown.join(', ')}`);
    }
    const bar = o.progress && process.stderr.isTTY
      ? new SingleBar({ format: '  {bar} {value}/{total} scenarios, {failing} failing', stream: process.stderr, hideCursor: true, clearOnComplete: true })
      : undefined;
    bar?.start(o.runs, 0, { failing: 0 });
    const written: string[] = [];
    const repros: WrittenFinding[] = [];
    try {
      const stats = o.stats ? new FeatureStats() : undefined;
      const readings = { spliceCopy: o.spliceCopy ?? 'ruling' } as const;
      const result = await runSuite({
        ...judgeFor(engine, readings),
        properties: PROPERTIES,
        runs: o.runs,
        seed,
        maxShrinkRuns: o.maxShrinkRuns,
        ...(o.maxShrinkTime !== undefined ? { maxShrinkMs: o.maxShrinkTime * 1000 } : {}),
        inFlight: engine.launch ? o.pipeline : 1,
        ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}),
        onProgress: (done, _total, failing) => {
          if (bar && (done % 25 === 0 || done === o.runs)) bar.update(done, { failing });
        },
        onFinding: (finding) => {
          const repro = writeRepro(o.out, finding, engine, readings);
          repros.push({ finding, repro });
          written.push(findingText(finding, repro));
        },
        ...(stats ? { onScenario: (s: Scenario) => stats.add(s) } : {}),
      });
      bar?.stop();
      console.log('');
      console.log(summaryTable(result));
      for (const text of written) console.log(`\n${text}`);
      const gates = stats?.results(engine.capabilities, o.gateFloor);
      if (gates) console.log(`\n${statsTable(gates, o.gateFloor)}`);
      console.log(`\n${totals(result)}`);
      const gatesFailed = (gates ?? []).some((g) => g.belowFloor);
      if (gatesFailed) console.log(`coverage gates: ${gates!.filter((g) => g.belowFloor).map((g) => g.feature.id).join(', ')} under ${(o.gateFloor * 100).toFixed(0)}%`);
      if (o.json !== undefined || o.junit !== undefined) {
        const report = runReport(engine, result, repros, gates);
        if (o.json !== undefined) writeReportFile(o.json, `${JSON.stringify(report, null, 2)}\n`);
        if (o.junit !== undefined) writeReportFile(o.junit, junitXml(report));
      }
      return result.findings.some((f) => f.kind !== 'contested') || result.stopped !== undefined || gatesFailed ? 1 : 0;
    } finally {
      bar?.stop();
    }
  } finally {
    await engine.close();
  }
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
