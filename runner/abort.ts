// Stopping a run midway (Ctrl-C, cli/interrupt.ts): what the search and the shrinking share to see
// an abort while they wait for an engine, or while an engine that answers at once never makes them wait.

/**
 * Lets the event loop turn: an engine in this process answers at once, and without a turn between
 * scenarios a signal (Ctrl-C) would wait for the end of the run to be seen.
 */
export function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Scenarios (or engine runs) a run that never waits goes through between turns of the event loop, at most. */
export const TURN_EVERY = 64;
/** Milliseconds a run that never waits goes between turns of the event loop, about (a slow engine in this process). */
const TURN_MS = 20;

/**
 * When a run whose every step answers at once (an engine with runSync) lets the event loop turn: a
 * turn per scenario costs a pass of the event loop each, none would leave an interrupt (or a closed
 * stdout) unseen until the end. So every TURN_EVERY scenarios, or sooner when TURN_MS have passed; the
 * count alone bounds how far a run goes past an interrupt, which is what the tests hold it to.
 */
export class Pace {
  private count = 0;
  private until = Infinity;

  /**
   * Counts the scenarios gone through since it was last asked (one, or a chunk of them); true when the
   * event loop is to turn before the next (never before the first).
   */
  due(since = 1): boolean {
    if (this.until === Infinity) {
      this.until = performance.now() + TURN_MS;
      return false;
    }
    if ((this.count += since) < TURN_EVERY && performance.now() < this.until) return false;
    this.count = 0;
    this.until = performance.now() + TURN_MS;
    return true;
  }
}

/** Thrown into fast-check's loop (or a lane's search) to end it when the run is interrupted. */
export class Interrupted extends Error {}

export interface WhenAborted {
  /** Settles when the signal aborts; never, without one or once released. */
  promise: Promise<void>;
  /**
   * What `p` gives (a judgement, at once or through a promise), or undefined if the signal aborts
   * first. Unlike Promise.race with `promise`, it leaves nothing on the abort once `p` settles: a
   * race per judgement left a reaction on a promise that settles only at the abort, and through it
   * the race's result, so that a run over an engine process kept every judgement it made (traces
   * included) to its end, about 18 KiB of heap a scenario.
   */
  race<T>(p: T | Promise<T>): Promise<T | undefined>;
  /** Takes the listener off the signal: one run shrinks many failures on the same signal. */
  release(): void;
}

/**
 * A promise of the signal's abort, with its listener taken off again by release(): a listener left
 * on the signal by each shrink of a long run would pile up (Node warns past ten).
 */
export function whenAborted(signal: AbortSignal | undefined): WhenAborted {
  if (!signal) return { promise: new Promise(() => undefined), race: (p) => Promise.resolve(p), release: () => undefined };
  if (signal.aborted) return { promise: Promise.resolve(), race: () => Promise.resolve(undefined), release: () => undefined };
  // Those waiting on a race, each taken off again as its promise settles.
  const waiting = new Set<() => void>();
  let listener: (() => void) | undefined;
  const promise = new Promise<void>((resolve) => {
    listener = () => {
      resolve();
      for (const w of waiting) w();
      waiting.clear();
    };
    signal.addEventListener('abort', listener, { once: true });
  });
  const race = <T>(p: T | Promise<T>): Promise<T | undefined> => {
    if (signal.aborted) return Promise.resolve(undefined);
    if (!(p instanceof Promise)) return Promise.resolve(p);
    return new Promise<T | undefined>((resolve, reject) => {
      const onAbort = () => resolve(undefined);
      waiting.add(onAbort);
      p.then(
        (value) => {
          waiting.delete(onAbort);
          resolve(value);
        },
        (error: unknown) => {
          waiting.delete(onAbort);
          reject(error);
        },
      );
    });
  };
  return { promise, race, release: () => signal.removeEventListener('abort', listener!) };
}
