// Lanes: the engines of a parallel run, each with its own stream of scenarios. A lane holds one
// engine (a built-in one, or one engine process), judges the scenarios the coordinator
// (runner/parallel.ts) numbers for it, and shrinks the failures it is given. One lane runs in the
// main thread; the others each in a worker thread of their own, so that judging is parallel too.
import { Worker } from 'node:worker_threads';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type { EngineChoice } from '../adapters/create-engine.ts';
import type { Capabilities, EngineId, Expectation, Scenario } from '../model/schema-types.ts';
import { InputError } from '../model/errors.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { propertyById } from '../properties/index.ts';
import type { Readings } from '../properties/property.ts';
import type { Judge, Target } from './evaluate.ts';
import { Expectations } from './expectations.ts';
import { runSuite } from './run-suite.ts';
import type { Cluster, Finding, FirstFailure, Hit, SuiteResult } from './results.ts';
import { ScenarioSpace } from './scenario-space.ts';
import { shrink } from './shrink.ts';
import { decodeFinding, decodeFirst, decodeResult, decodeTarget, encodeFirst, type WireFinding, type WireFirst, type WireResult } from './wire.ts';

/** What every lane of a run is set up with, as data (it crosses to worker threads). */
export interface LaneSetup {
  seed: number;
  illegalShare?: number;
  /** Scenarios handed to the engine ahead of its answers. */
  inFlight: number;
  properties: string[];
  expectations: Expectation[];
  maxShrinkMs?: number;
}

export type First = FirstFailure & { hit: Hit };
export interface ShrinkJob {
  id: number;
  first: First;
  maxShrinkRuns: number;
}
export type Shrunk = { finding: Finding; stopped?: string };

/** What a lane tells of its shrinking as it goes (castcheck run's progress and the story of a failure); the lane's abort. */
export interface LaneHooks {
  abort?: AbortSignal;
  onShrinkRun?: (target: Target, runs: number, smaller?: Scenario) => void;
}

/** What the coordinator gives a lane that asks for work: a scenario to judge, a failure to shrink, or nothing more. */
export type LaneWork = { scenario: number } | { shrink: ShrinkJob } | undefined;

export interface LaneEvents {
  next(): Promise<LaneWork>;
  /** Scenario `run` is judged; `firsts`: the failures it is now the first scenario of, in this lane. */
  judged(run: number, firsts: First[]): void;
  shrunk(id: number, result: Shrunk): void;
}

export interface Lane {
  readonly engine: { id: EngineId; capabilities: Capabilities };
  search(events: LaneEvents): Promise<SuiteResult>;
  shrink(job: ShrinkJob): Promise<Shrunk>;
  close(): Promise<void>;
}

/** A lane's work, in the thread that holds its engine. */
export class LaneCore {
  private readonly arb;

  constructor(
    readonly judge: Judge,
    private readonly setup: LaneSetup,
    private readonly hooks: LaneHooks = {},
  ) {
    this.arb = scenarioArb({ capabilities: judge.engine.capabilities, ...(setup.illegalShare !== undefined ? { illegalShare: setup.illegalShare } : {}) });
  }

  search(events: LaneEvents): Promise<SuiteResult> {
    const space = new ScenarioSpace(this.arb, this.setup.seed);
    // The clusters of this lane, as runSuite keeps them: a scenario judged may have become the first of one.
    const clusters: Cluster[] = [];
    return runSuite({
      ...this.judge,
      properties: this.setup.properties.map((id) => propertyById(id)!),
      runs: 0,
      seed: this.setup.seed,
      expectations: new Expectations(this.setup.expectations),
      inFlight: this.setup.inFlight,
      ...(this.setup.illegalShare !== undefined ? { illegalShare: this.setup.illegalShare } : {}),
      // The coordinator shrinks, once per cluster of the whole run.
      shrinkBudget: 0,
      ...(this.hooks.abort ? { abort: this.hooks.abort } : {}),
      onCluster: (c) => clusters.push(c),
      onProgress: (_done, _total, _clusters, run) => events.judged(run, clusters.filter((c) => c.first.run === run).map((c) => ({ ...c.first }))),
      source: async () => {
        for (;;) {
          const work = await events.next();
          if (!work) return undefined;
          if ('scenario' in work) return { run: work.scenario, scenario: space.scenario(work.scenario) };
          events.shrunk(work.shrink.id, await this.shrink(work.shrink));
        }
      },
    });
  }

  shrink(job: ShrinkJob): Promise<Shrunk> {
    return shrink({ ...this.judge, ...this.hooks, seed: this.setup.seed, maxShrinkRuns: job.maxShrinkRuns, ...(this.setup.maxShrinkMs !== undefined ? { maxShrinkMs: this.setup.maxShrinkMs } : {}) }, this.arb, job.first);
  }
}

/** The lane in the main thread, on the engine the command opened. */
export class InThreadLane implements Lane {
  private readonly core: LaneCore;

  constructor(judge: Judge, setup: LaneSetup, hooks: LaneHooks = {}) {
    this.core = new LaneCore(judge, setup, hooks);
  }

  get engine() {
    return this.core.judge.engine;
  }

  search(events: LaneEvents): Promise<SuiteResult> {
    // An engine in process answers without ever giving the event loop a turn: the other lanes'
    // messages are read between two scenarios.
    return this.core.search({ ...events, next: async () => (await yieldToEvents(), events.next()) });
  }

  shrink(job: ShrinkJob): Promise<Shrunk> {
    return this.core.shrink(job);
  }

  async close(): Promise<void> {}
}

/** Messages from a lane's worker thread. */
export type FromWorker =
  | { type: 'ready'; id: EngineId; capabilities: Capabilities }
  | { type: 'next' }
  | { type: 'judged'; run: number; firsts: WireFirst[] }
  | { type: 'shrunk'; id: number; finding: WireFinding; stopped?: string }
  | { type: 'shrinkRun'; target: WireFirst['target']; runs: number; smaller?: Scenario }
  | { type: 'searched'; result: WireResult }
  | { type: 'failed'; message: string; details: string[]; input: boolean };

/** Messages to it. */
export type ToWorker =
  | { type: 'init'; choice: EngineChoice; readings: Readings; setup: LaneSetup; restrict?: Capabilities }
  | { type: 'abort'; reason: string }
  | { type: 'work'; work: ({ scenario: number } | { shrink: { id: number; first: WireFirst; maxShrinkRuns: number } } | undefined)[] }
  | { type: 'search' }
  | { type: 'shrink'; id: number; first: WireFirst; maxShrinkRuns: number }
  | { type: 'close' };

/** Defined by bin/build.mjs in the bundle of dist/, where the lane's worker is dist/lane-worker.js. */
declare const CASTCHECK_BUNDLED: boolean | undefined;

/**
 * The entry of a lane's worker thread: the bundled one, or, running the sources (tests, npm run dev,
 * npm run bench), the TypeScript compiled on load by tsx (a dev dependency).
 */
function workerEntry(): URL {
  return typeof CASTCHECK_BUNDLED !== 'undefined' && CASTCHECK_BUNDLED ? new URL('../dist/lane-worker.js', import.meta.url) : new URL('./lane-worker.mjs', import.meta.url);
}

/** How long a worker thread has to close its engine and end. */
const CLOSE_GRACE_MS = 10_000;

/** Scenarios handed to a worker thread at once. */
const BATCH = 8;

const wireWork = (w: LaneWork): Extract<ToWorker, { type: 'work' }>['work'][number] =>
  w && 'shrink' in w ? { shrink: { id: w.shrink.id, first: encodeFirst(w.shrink.first), maxShrinkRuns: w.shrink.maxShrinkRuns } } : w;

/** A lane in a worker thread of its own, with its own engine (an engine process is started there). */
export class ThreadLane implements Lane {
  private events: LaneEvents | undefined;
  private searching: { resolve(r: SuiteResult): void; reject(e: unknown): void } | undefined;
  private readonly shrinking = new Map<number, { resolve(r: Shrunk): void; reject(e: unknown): void }>();
  private failure: unknown;
  private nextShrink = -1;
  private readonly exited: Promise<void>;
  private closing = false;
  private readonly release: () => void;

  private constructor(
    private readonly worker: Worker,
    readonly engine: { id: EngineId; capabilities: Capabilities },
    private readonly hooks: LaneHooks,
  ) {
    worker.on('message', (m: FromWorker) => this.receive(m));
    // Stopped midway: the worker's engine is not waited for (its answers still due are not judged).
    const abort = () => this.post({ type: 'abort', reason: String(hooks.abort?.reason ?? 'interrupted') });
    hooks.abort?.addEventListener('abort', abort, { once: true });
    this.release = () => hooks.abort?.removeEventListener('abort', abort);
    worker.on('error', (e) => this.fail(e));
    this.exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.fail(new Error(`a worker thread ended (exit ${code})`));
        resolve();
      }),
    );
  }

  /** `restrict`: the capabilities a built-in engine is restricted to (castcheck run --capabilities). */
  static start(choice: EngineChoice, readings: Readings, setup: LaneSetup, hooks: LaneHooks = {}, restrict?: Capabilities): Promise<ThreadLane> {
    const worker = new Worker(workerEntry());
    return new Promise((resolve, reject) => {
      const first = (m: FromWorker) => {
        worker.off('message', first);
        worker.off('error', reject);
        if (m.type === 'ready') resolve(new ThreadLane(worker, { id: m.id, capabilities: m.capabilities }, hooks));
        else if (m.type === 'failed') {
          void worker.terminate();
          reject(m.input ? new InputError(m.message, m.details) : new Error(m.message));
        }
      };
      worker.on('message', first);
      worker.on('error', reject);
      worker.postMessage({ type: 'init', choice, readings, setup, ...(restrict ? { restrict } : {}) } satisfies ToWorker);
    });
  }

  search(events: LaneEvents): Promise<SuiteResult> {
    this.events = events;
    return new Promise((resolve, reject) => {
      this.searching = { resolve, reject };
      this.post({ type: 'search' });
    });
  }

  shrink(job: ShrinkJob): Promise<Shrunk> {
    // Ids of its own, apart from those of shrink jobs handed out during the search.
    const id = this.nextShrink--;
    return new Promise((resolve, reject) => {
      this.shrinking.set(id, { resolve, reject });
      this.post({ type: 'shrink', id, first: encodeFirst(job.first), maxShrinkRuns: job.maxShrinkRuns });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.release();
    this.post({ type: 'close' });
    // Its engine is given the time it takes to stop (adapters/process), then the thread is ended.
    const late = setTimeout(() => void this.worker.terminate(), CLOSE_GRACE_MS);
    await this.exited;
    clearTimeout(late);
  }

  /**
   * Several scenarios at once, so that a worker does not wait for the main thread between two of
   * them; a failure to shrink, or the end, closes the batch.
   */
  private async batch(): Promise<LaneWork[]> {
    const work: LaneWork[] = [];
    for (;;) {
      const w = await this.events!.next();
      work.push(w);
      if (!w || !('scenario' in w) || work.length >= BATCH) return work;
    }
  }

  private post(m: ToWorker): void {
    this.worker.postMessage(m);
  }

  private receive(m: FromWorker): void {
    switch (m.type) {
      case 'next':
        this.batch().then((work) => this.post({ type: 'work', work: work.map(wireWork) }), (e: unknown) => this.fail(e));
        return;
      case 'judged':
        this.events!.judged(m.run, m.firsts.map(decodeFirst));
        return;
      case 'shrunk': {
        const result: Shrunk = { finding: decodeFinding(m.finding), ...(m.stopped !== undefined ? { stopped: m.stopped } : {}) };
        const waiting = this.shrinking.get(m.id);
        if (waiting) {
          this.shrinking.delete(m.id);
          waiting.resolve(result);
        } else this.events!.shrunk(m.id, result);
        return;
      }
      case 'shrinkRun':
        this.hooks.onShrinkRun?.(decodeTarget(m.target), m.runs, m.smaller);
        return;
      case 'searched':
        this.searching?.resolve(decodeResult(m.result));
        this.searching = undefined;
        return;
      case 'failed':
        this.fail(m.input ? new InputError(m.message, m.details) : new Error(m.message));
        return;
      case 'ready':
        return;
    }
  }

  private fail(e: unknown): void {
    if (this.closing) return;
    this.failure ??= e;
    this.searching?.reject(this.failure);
    this.searching = undefined;
    for (const w of this.shrinking.values()) w.reject(this.failure);
    this.shrinking.clear();
  }
}
