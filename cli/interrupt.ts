// Stopping a run from outside. The first SIGINT (Ctrl-C) or SIGTERM stops the search; the run then
// ends as it would have: what it found is written (unshrunk where shrinking had not ended, and
// marked so), the report files are written marked partial, the terminal is given back, the engines
// are stopped, and castcheck exits with 128 + the signal's number (130, 143). A second one exits at
// once. A reader that goes away (`castcheck run | head`: EPIPE on stdout) stops the run the same way,
// without a word, and castcheck exits with 141, as if it had been killed by SIGPIPE.
import { constants } from 'node:os';
import { killAll, takeOverSignals } from '../adapters/process/lifetime.ts';

export type StopReason = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'SIGPIPE';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Cursor shown, line wrap on: what a progress bar (cli-progress) turns off while it draws. */
const RESTORE_TERMINAL = '\x1b[?25h\x1b[?7h';

let active: Interrupt | undefined;

export class Interrupt {
  private readonly controller = new AbortController();
  private reason: StopReason | undefined;
  private readonly cleanups: (() => void)[] = [];
  private readonly listeners = new Map<NodeJS.Signals, () => void>();

  private constructor() {}

  /** Catches SIGINT, SIGTERM and SIGHUP (and a closed stdout) until dispose(). */
  static install(): Interrupt {
    const i = new Interrupt();
    active = i;
    takeOverSignals();
    for (const signal of SIGNALS) {
      const listener = () => i.stop(signal);
      i.listeners.set(signal, listener);
      process.on(signal, listener);
    }
    return i;
  }

  /** Aborts when the run is to stop; its reason says why, for the report. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The exit status once stopped: 128 + the signal's number. */
  get exitCode(): number | undefined {
    return this.reason === undefined ? undefined : 128 + constants.signals[this.reason];
  }

  get stoppedBy(): StopReason | undefined {
    return this.reason;
  }

  /** Run when the run stops, before anything else is written (a progress bar that hides the cursor stops). */
  onStop(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  stop(reason: StopReason): void {
    if (this.reason !== undefined) {
      if (reason !== 'SIGPIPE') this.exitNow();
      return;
    }
    this.reason = reason;
    this.cleanup();
    if (reason !== 'SIGPIPE') {
      process.stderr.write(`\ncastcheck: ${reason}: stopping the run and writing what it found (${reason === 'SIGINT' ? 'Ctrl-C' : reason} again quits at once)\n`);
    }
    this.controller.abort(`interrupted by ${reason}: the counts cover the scenarios judged until then; repros not shrunk yet are marked so`);
  }

  dispose(): void {
    for (const [signal, listener] of this.listeners) process.removeListener(signal, listener);
    this.listeners.clear();
    if (active === this) {
      active = undefined;
      takeOverSignals(false);
    }
  }

  /** The second signal: the terminal back, the engines killed, and out. */
  private exitNow(): never {
    this.cleanup();
    killAll();
    process.exit(this.exitCode);
  }

  private cleanup(): void {
    for (const c of this.cleanups.splice(0)) {
      try {
        c();
      } catch {
        // Giving the terminal back must not stop the rest.
      }
    }
    if (process.stderr.isTTY) process.stderr.write(RESTORE_TERMINAL);
  }
}

let outputWatched = false;

/**
 * A closed stdout or stderr (the reader of a pipe went away) is not an error of castcheck's: a run
 * stops as if interrupted, any other command exits at once, quietly.
 */
export function quietOnClosedOutput(): void {
  if (outputWatched) return;
  outputWatched = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
      if (active) active.stop('SIGPIPE');
      else {
        killAll();
        process.exit(128 + constants.signals.SIGPIPE);
      }
    });
  }
}
