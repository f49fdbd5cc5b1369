// Where a suite's time goes, in process: engines and properties wrapped in timers, generation timed
// between one scenario's verdicts and the next scenario. Valid with one scenario in flight (the
// in-process default): then nothing else runs while a property or an engine works.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Engine } from '../adapters/engine.ts';
import type { Property } from '../properties/property.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';

export const SHARES = ['generation', 'engine', 'reruns', 'reference', 'properties', 'runner'] as const;
export type Share = (typeof SHARES)[number];

export class Clock {
  readonly ms: Record<Share, number> = { generation: 0, engine: 0, reruns: 0, reference: 0, properties: 0, runner: 0 };
  private started = 0;
  private lastVerdicts = 0;
  private firstRunPending = false;

  start(): void {
    this.started = performance.now();
    this.lastVerdicts = this.started;
  }

  /** Ends the run: the runner's share is what no other share took. */
  stop(): number {
    const total = performance.now() - this.started;
    this.ms.runner = total - (this.ms.generation + this.ms.engine + this.ms.reruns + this.ms.reference + this.ms.properties);
    return total;
  }

  /** For runSuite's onScenario: the time since the last verdicts went to generating this scenario. */
  readonly onScenario = (_: Scenario): void => {
    this.ms.generation += performance.now() - this.lastVerdicts;
    this.firstRunPending = true;
  };

  /** For runSuite's onProgress: a scenario's verdicts are in. */
  readonly onProgress = (): void => {
    this.lastVerdicts = performance.now();
  };

  private get engineMs(): number {
    return this.ms.engine + this.ms.reruns + this.ms.reference;
  }

  /** The engine under test: its first run of each scenario, then the reruns of relation properties. */
  engine(inner: Engine): Engine {
    return this.timed(inner, () => {
      const first = this.firstRunPending;
      this.firstRunPending = false;
      return first ? 'engine' : 'reruns';
    });
  }

  /** The engine agreement compares with. */
  reference(inner: Engine): Engine {
    return this.timed(inner, () => 'reference');
  }

  private timed(inner: Engine, share: () => Share): Engine {
    const ms = this.ms;
    return {
      id: inner.id,
      capabilities: inner.capabilities,
      run(scenario: Scenario): Promise<Trace> {
        const s = share();
        const t0 = performance.now();
        // In-process engines do their work before the promise returns.
        const answer = inner.run(scenario);
        ms[s] += performance.now() - t0;
        return answer;
      },
      // Timed the same way when the engine answers synchronously, so that the suite takes the same path as untimed.
      ...(inner.runSync
        ? {
            runSync(scenario: Scenario): Trace {
              const s = share();
              const t0 = performance.now();
              try {
                return inner.runSync!(scenario);
              } finally {
                ms[s] += performance.now() - t0;
              }
            },
          }
        : {}),
      close: () => inner.close(),
      ...(inner.tracesChecked ? { tracesChecked: true } : {}),
    };
  }

  /** Properties timed, less the engine runs they ask for. */
  properties(properties: readonly Property[]): Property[] {
    return properties.map((p): Property => ({
      ...p,
      applies: (s) => {
        const t0 = performance.now();
        const r = p.applies(s);
        this.ms.properties += performance.now() - t0;
        return r;
      },
      check: (run, ctx) => {
        const t0 = performance.now();
        const e0 = this.engineMs;
        const done = () => {
          this.ms.properties += performance.now() - t0 - (this.engineMs - e0);
        };
        const v = p.check.call(p, run, ctx);
        if (v instanceof Promise) return v.finally(done);
        done();
        return v;
      },
    }));
  }
}

/**
 * The CPU this process's main thread has used, in ms, where the system tells it (Linux's /proc), or
 * undefined. The runtime's other threads (its compiler and collector) are left out: they are most of
 * a whole-process figure's noise from one round to the next (docs/DEVELOPING.md). Counted in the
 * kernel's clock ticks, 10 ms each where, as usual, it ticks 100 times a second.
 */
export function mainThreadMs(): number | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * (1000 / clockTicks()) : undefined;
  } catch {
    return undefined;
  }
}

/** The kernel's clock ticks a second (getconf CLK_TCK), asked once when first needed; 100 where it cannot be asked. */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      ticksPerSecond = n > 0 ? n : 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU milliseconds (user and system) of this process since `from`. */
export function cpuMs(from?: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
}

/** CPU µs (this process, all its threads) per one of `n` things that `run` does. */
export async function cpuUsPer(n: number, run: () => Promise<unknown>): Promise<number> {
  const c = process.cpuUsage();
  await run();
  return (cpuMs(c) / n) * 1000;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
