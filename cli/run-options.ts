// What `castcheck run` is told (cli/main.ts reads it from the command line; fuzz, cases and replay
// take parts of it), and the engine process its options choose. Its own module, so that the run
// (run.ts) and the split of a run (parallel.ts) both read it without importing each other.
import type { Shard } from '../runner/scenario-space.ts';

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
  /** A capabilities file: the reference engine runs restricted to it. */
  capabilities?: string;
  /** Engines at work at once, and this machine's share of the run (castcheck fuzz, cli/parallel.ts). */
  workers?: number;
  shard?: Shard;
  result?: string;
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
