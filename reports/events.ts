// events.jsonl: the run as it goes, one JSON object a line (schema/report.schema.json#/$defs/event),
// each written with a synchronous write as it happens, so that a run killed at any point, even with
// SIGKILL, leaves a readable record up to that point: the start, the stored findings replayed, progress
// every few scenarios and whenever castcheck has waited a second for the engine, each new cluster, each shrinking and its result, the end.
import { closeSync, openSync, writeSync } from 'node:fs';

export type RunEvent =
  | { event: 'start'; castcheck: string; engine: { name: string; version: string; fault?: string }; command?: string; seed: number; runs: number; node: string; platform: string }
  | { event: 'store'; signature: string; result: string; repro: string }
  | { event: 'progress'; done: number; total: number; clusters: number; perSecond: number }
  | { event: 'cluster'; signature: string; verdict: string; property?: string; xfail: boolean; run: number; repro?: string }
  | { event: 'shrinking'; signature: string; index: number; of: number }
  | { event: 'finding'; signature: string; repro: string; shrunk: boolean; shrinkRuns: number; reproduced: boolean; cards: number; actions: number; story: string[] }
  | { event: 'end'; partial: boolean; exitCode?: number; runs: number; clusters: number; failed: number; reports: string[] };

/** Scenarios between two progress events. */
export const PROGRESS_EVERY = 100;

export class EventLog {
  private fd: number | undefined;

  /** Starts the file afresh: one run's events. */
  constructor(readonly path: string) {
    this.fd = openSync(path, 'w');
  }

  write(e: RunEvent): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, `${JSON.stringify({ ...e, time: new Date().toISOString() })}\n`);
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
