// Progress while a run goes, on stderr: a bar on a terminal (scenarios, scenarios a second, distinct
// failures so far, then which failure is being shrunk and the engine runs spent on it); where no
// one watches a terminal (a pipe, CI), a plain line every few seconds instead, so that a long run
// never looks hung.
import { SingleBar } from 'cli-progress';

export interface Progress {
  scenarios(done: number, clusters: number): void;
  shrinking(signature: string, index: number, of: number): void;
  shrinkRun(runs: number): void;
  stop(): void;
}

export interface ProgressOptions {
  total: number;
  stream: NodeJS.WriteStream | { write(s: string): unknown; isTTY?: boolean };
  /** Under CI a terminal is not watched live: plain lines. */
  ci: boolean;
  /** Milliseconds between plain lines. */
  every?: number;
  now?: () => number;
}

export const PLAIN_EVERY_MS = 5000;

export const noProgress: Progress = { scenarios() {}, shrinking() {}, shrinkRun() {}, stop() {} };

export function progressFor(o: ProgressOptions): Progress {
  return o.stream.isTTY && !o.ci ? new BarProgress(o) : new PlainProgress(o);
}

/** The run's speed and where it is, for both kinds. */
class State {
  done = 0;
  clusters = 0;
  shrink?: { signature: string; index: number; of: number; runs: number };
  private readonly start: number;

  constructor(
    readonly total: number,
    readonly now: () => number,
  ) {
    this.start = now();
  }

  perSecond(): number {
    const seconds = (this.now() - this.start) / 1000;
    return seconds > 0 ? this.done / seconds : 0;
  }

  line(): string {
    if (this.shrink) {
      const s = this.shrink;
      return `shrinking ${s.signature} (${s.index + 1} of ${s.of}): ${s.runs} engine run(s) so far`;
    }
    return `${this.done} of ${this.total} scenarios (${rate(this.perSecond())} a second), ${this.clusters} distinct failure(s) so far`;
  }
}

function rate(x: number): string {
  return x >= 10 ? x.toFixed(0) : x.toFixed(1);
}

class BarProgress implements Progress {
  private readonly state: State;
  private readonly bar: SingleBar;

  constructor(o: ProgressOptions) {
    this.state = new State(o.total, o.now ?? Date.now);
    this.bar = new SingleBar({
      stream: o.stream as NodeJS.WriteStream,
      hideCursor: true,
      clearOnComplete: true,
      // While shrinking the bar is full and says so: which failure, and the engine runs so far.
      format: (options, params) => {
        if (this.state.shrink) return `  ${this.state.line()}`;
        const width = options.barsize ?? 40;
        const filled = Math.round(params.progress * width);
        const bar = `${(options.barCompleteChar ?? '█').repeat(filled)}${(options.barIncompleteChar ?? '░').repeat(width - filled)}`;
        return `  ${bar} ${params.value}/${params.total} scenarios, ${rate(this.state.perSecond())}/s, ${this.state.clusters} distinct failure(s)`;
      },
    });
    this.bar.start(o.total, 0);
  }

  scenarios(done: number, clusters: number): void {
    Object.assign(this.state, { done, clusters });
    if (done % 25 === 0 || done === this.state.total) this.bar.update(done);
  }

  shrinking(signature: string, index: number, of: number): void {
    this.state.shrink = { signature, index, of, runs: 0 };
    this.bar.update(this.state.done);
  }

  shrinkRun(runs: number): void {
    if (!this.state.shrink) return;
    this.state.shrink.runs = runs;
    if (runs % 5 === 0) this.bar.update(this.state.done);
  }

  stop(): void {
    this.bar.stop();
  }
}

class PlainProgress implements Progress {
  private readonly state: State;
  private last: number;

  constructor(private readonly o: ProgressOptions) {
    const now = o.now ?? Date.now;
    this.state = new State(o.total, now);
    this.last = now();
  }

  private print(force = false): void {
    const now = this.state.now();
    if (!force && now - this.last < (this.o.every ?? PLAIN_EVERY_MS)) return;
    this.last = now;
    this.o.stream.write(`castcheck: ${this.state.line()}\n`);
  }

  scenarios(done: number, clusters: number): void {
    Object.assign(this.state, { done, clusters });
    this.print(done === this.state.total);
  }

  shrinking(signature: string, index: number, of: number): void {
    this.state.shrink = { signature, index, of, runs: 0 };
    this.print(true);
  }

  shrinkRun(runs: number): void {
    if (!this.state.shrink) return;
    this.state.shrink.runs = runs;
    this.print();
  }

  stop(): void {}
}
