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
  /** Time-outs in a row after which the run stops as ENGINE HANGS. */
  maxTimeouts?: number;
  runs: number;
  seed?: number;
  out: string;
  /** When --out is in use by another run, write to the first free OUT-2, OUT-3... instead of stopping. */
  outSuffix?: boolean;
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
  /** Fail the run when a property the engine can run made fewer checks than checkFloor. */
  requireFloor?: boolean;
  json?: string;
  junit?: string;
  gateFloor: number;
  /** A capabilities file: the reference engine runs restricted to it. */
  capabilities?: string;
  /** Where to write the capabilities the run ended with (runner/early-stops.ts). */
  writeCapabilities?: string;
  /** Engines at work at once, and this machine's share of the run (castcheck fuzz, cli/parallel.ts). */
  workers?: number;
  shard?: Shard;
  result?: string;
}

/** The options of a run that chose its engine, as words of a command line: what a run suggested next keeps. */
export function engineArgs(o: RunOptions): string[] {
  const given: [string, string | number | undefined][] = [
    ['--engine', o.engine],
    ['--fault', o.fault],
    ['--splice-copy', o.spliceCopy],
    ['--engine-cmd', o.engineCmd],
    ['--engine-config', o.engineConfig],
    ['--capabilities', o.capabilities],
    ['--timeout', o.timeout],
    ['--start-timeout', o.startTimeout],
    ['--max-line-bytes', o.maxLineBytes],
  ];
  return [...given.flatMap(([option, value]) => (value !== undefined ? [option, String(value)] : [])), ...(o.validateProtocol ? ['--validate-protocol'] : [])];
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
