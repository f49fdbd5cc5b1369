// Progress while a run goes, on stderr: a bar on a terminal (scenarios, scenarios a second, distinct
// failures so far, then which failure is being shrunk and the engine runs spent on it); where no
// one watches a terminal (a pipe, CI), a plain line every few seconds instead, so that a long run
// never looks hung. A timer keeps both going while nothing happens, saying what castcheck waits for
// (scenario 12: waiting 8 s for the engine), whatever the engine does: a slow or hanging engine
// never leaves the run silent.
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

/** How often the timer looks whether a line is due: lines come at most this much later than PLAIN_EVERY_MS. */
const TICK_MS = 1000;

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
  /** When a scenario was last judged, or a shrinking run last ended. */
  private moved: number;

  constructor(
    readonly total: number,
    readonly now: () => number,
  ) {
    this.start = now();
    this.moved = this.start;
  }

  /** Something happened: a scenario judged, a shrinking run ended. */
  moves(): void {
    this.moved = this.now();
  }

  /** What castcheck waits for when nothing happened for a second or more, else undefined. */
  waiting(): string | undefined {
    const seconds = Math.floor((this.now() - this.moved) / 1000);
    if (seconds < TICK_MS / 1000) return undefined;
    const what = this.shrink ? `shrinking run ${this.shrink.runs + 1}` : `scenario ${Math.min(this.done + 1, this.total)}`;
    return `${what}: waiting ${seconds} s for the engine`;
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

/** Calls `tick` every TICK_MS until stopped, without keeping the process alive. */
function ticking(tick: () => void): NodeJS.Timeout {
  const timer = setInterval(tick, TICK_MS);
  timer.unref();
  return timer;
}

function rate(x: number): string {
  return x >= 10 ? x.toFixed(0) : x.toFixed(1);
}

class BarProgress implements Progress {
  private readonly state: State;
  private readonly bar: SingleBar;
  private readonly timer: NodeJS.Timeout;

  constructor(o: ProgressOptions) {
    this.state = new State(o.total, o.now ?? Date.now);
    this.bar = new SingleBar({
      stream: o.stream as NodeJS.WriteStream,
      hideCursor: true,
      clearOnComplete: true,
      // While shrinking the bar is full and says so: which failure, and the engine runs so far.
      format: (options, params) => {
        const waiting = this.state.waiting();
        const then = waiting !== undefined ? `; ${waiting}` : '';
        if (this.state.shrink) return `  ${this.state.line()}${then}`;
        const width = options.barsize ?? 40;
        const filled = Math.round(params.progress * width);
        const bar = `${(options.barCompleteChar ?? '█').repeat(filled)}${(options.barIncompleteChar ?? '░').repeat(width - filled)}`;
        return `  ${bar} ${params.value}/${params.total} scenarios, ${rate(this.state.perSecond())}/s, ${this.state.clusters} distinct failure(s)${then}`;
      },
    });
    this.bar.start(o.total, 0);
    // The bar is drawn again while nothing happens, for the time it has waited.
    this.timer = ticking(() => this.bar.update(this.state.done));
  }

  scenarios(done: number, clusters: number): void {
    Object.assign(this.state, { done, clusters });
    this.state.moves();
    if (done % 25 === 0 || done === this.state.total) this.bar.update(done);
  }

  shrinking(signature: string, index: number, of: number): void {
    this.state.shrink = { signature, index, of, runs: 0 };
    this.state.moves();
    this.bar.update(this.state.done);
  }

  shrinkRun(runs: number): void {
    if (!this.state.shrink) return;
    this.state.shrink.runs = runs;
    this.state.moves();
    if (runs % 5 === 0) this.bar.update(this.state.done);
  }

  stop(): void {
    clearInterval(this.timer);
    this.bar.stop();
  }
}

class PlainProgress implements Progress {
  private readonly state: State;
  private last: number;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly o: ProgressOptions) {
    const now = o.now ?? Date.now;
    this.state = new State(o.total, now);
    this.last = now();
    this.timer = ticking(() => this.tick());
  }

  private print(force = false): void {
    const now = this.state.now();
    if (!force && now - this.last < (this.o.every ?? PLAIN_EVERY_MS)) return;
    this.last = now;
    this.o.stream.write(`castcheck: ${this.state.line()}\n`);
  }

  /** A line when one is due and nothing else said it: what castcheck waits for, or how far it is. */
  tick(): void {
    const now = this.state.now();
    if (now - this.last < (this.o.every ?? PLAIN_EVERY_MS)) return;
    const waiting = this.state.waiting();
    if (waiting === undefined) return this.print();
    this.last = now;
    this.o.stream.write(`castcheck: ${waiting} (${this.state.line()})\n`);
  }

  scenarios(done: number, clusters: number): void {
    Object.assign(this.state, { done, clusters });
    this.state.moves();
    this.print(done === this.state.total);
  }

  shrinking(signature: string, index: number, of: number): void {
    this.state.shrink = { signature, index, of, runs: 0 };
    this.state.moves();
    this.print(true);
  }

  shrinkRun(runs: number): void {
    if (!this.state.shrink) return;
    this.state.shrink.runs = runs;
    this.state.moves();
    this.print();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
