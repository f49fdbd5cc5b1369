// castcheck run: the suite against an engine, with a progress line, a summary table and repros.
import { SingleBar } from 'cli-progress';
import seedrandom from 'seedrandom';
import { createEngine } from '../adapters/create-engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { findingText, header, summaryTable, totals } from '../reports/console.ts';
import { writeRepro } from '../reports/repro.ts';
import { runSuite } from '../runner/run-suite.ts';
import { judgeFor } from '../runner/evaluate.ts';

export interface RunOptions {
  engine: string;
  fault?: string;
  spliceCopy?: 'ruling' | 'literal';
  runs: number;
  seed?: number;
  out: string;
  illegalShare?: number;
  maxShrinkRuns: number;
  progress: boolean;
}

export async function runCommand(o: RunOptions): Promise<number> {
  const engine = createEngine(o);
  // A fresh seed is drawn from the machine's entropy and printed, so that every run can be replayed.
  const seed = o.seed ?? Math.abs(seedrandom(undefined, { entropy: true }).int32());
  console.log(header(engine.id, o.runs, seed));
  const bar = o.progress && process.stderr.isTTY
    ? new SingleBar({ format: '  {bar} {value}/{total} scenarios, {failing} failing', stream: process.stderr, hideCursor: true, clearOnComplete: true })
    : undefined;
  bar?.start(o.runs, 0, { failing: 0 });
  const written: string[] = [];
  try {
    const result = await runSuite({
      ...judgeFor(engine, { spliceCopy: o.spliceCopy ?? 'ruling' }),
      properties: PROPERTIES,
      runs: o.runs,
      seed,
      maxShrinkRuns: o.maxShrinkRuns,
      ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}),
      onProgress: (done, _total, failing) => {
        if (bar && (done % 25 === 0 || done === o.runs)) bar.update(done, { failing });
      },
      onFinding: (finding) => {
        written.push(findingText(finding, writeRepro(o.out, finding, engine.id, { spliceCopy: o.spliceCopy ?? 'ruling' })));
      },
    });
    bar?.stop();
    console.log('');
    console.log(summaryTable(result));
    for (const text of written) console.log(`\n${text}`);
    console.log(`\n${totals(result)}`);
    return result.findings.some((f) => f.kind !== 'contested') ? 1 : 0;
  } finally {
    bar?.stop();
    await engine.close();
  }
}
