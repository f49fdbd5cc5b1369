// Every report file of a run, written by one function, from a finished run or one interrupted midway
// (a signal handler calls it with the run so far): report.json, junit.xml, summary.md and
// report.html in the output folder, each atomically, and the extra copies --json and --junit ask for.
// events.jsonl is written as the run goes (reports/events.ts).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Engine } from '../adapters/engine.ts';
import type { RunReport } from '../model/schema-types.ts';
import type { SuiteResult } from '../runner/results.ts';
import { writeTextAtomically } from '../runner/store.ts';
import { reportHtml } from './html.ts';
import { junitXml, runReport, type ReportExtras } from './run-report.ts';
import { summaryMarkdown } from './summary-md.ts';

/** What the reports are made from: the engine, the run (so far), and what the run knows besides. */
export interface RunState {
  engine: Pick<Engine, 'id' | 'launch'>;
  result: SuiteResult;
  extras: ReportExtras;
}

export const REPORT_FILES = ['report.json', 'junit.xml', 'summary.md', 'report.html'] as const;

export interface WrittenReports {
  report: RunReport;
  /** The files written, the output folder's first. */
  files: string[];
}

export function writeReports(outDir: string, state: RunState, o: { partial?: boolean; json?: string; junit?: string } = {}): WrittenReports {
  const report = runReport(state.engine, state.result, { ...state.extras, ...(o.partial ? { partial: true } : {}) });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const xml = junitXml(report);
  mkdirSync(outDir, { recursive: true });
  const texts: Record<(typeof REPORT_FILES)[number], string> = {
    'report.json': json,
    'junit.xml': xml,
    'summary.md': summaryMarkdown(report),
    'report.html': reportHtml(report),
  };
  const files: string[] = [];
  for (const name of REPORT_FILES) {
    const path = join(outDir, name);
    writeTextAtomically(path, texts[name]);
    files.push(path);
  }
  // --json and --junit: copies where CI wants them (their folders were checked before the run).
  for (const [path, text] of [
    [o.json, json],
    [o.junit, xml],
  ] as const) {
    if (path === undefined) continue;
    mkdirSync(dirname(resolve(path)), { recursive: true });
    writeTextAtomically(path, text);
    files.push(path);
  }
  return { report, files };
}
