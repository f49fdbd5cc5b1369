// A run split among lanes (runner/lanes.ts) and shards, merged as if one run had produced it.
// Scenario k of the run is the same whoever judges it (runner/scenario-space.ts). The coordinator
// hands out the shard's scenarios in increasing order to whichever lane asks, so that the scenarios
// judged are always every scenario of the shard up to some point: a run stopped by a time budget
// equals a run of that many scenarios, with any number of workers. A failure's first scenario is
// final once every scenario before it is judged; it is then shrunk at once, by one lane while the
// others search, and stored, and each is shrunk once, from the same scenario whatever the split.
import type { EngineChoice } from '../adapters/create-engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import type { Capabilities } from '../model/schema-types.ts';
import type { Readings } from '../properties/property.ts';
import { InThreadLane, ThreadLane, type First, type Lane, type LaneSetup, type LaneWork, type ShrinkJob, type Shrunk } from './lanes.ts';
import { mergeResults } from './merge.ts';
import type { SuiteOptions } from './run-suite.ts';
import { unshrunk } from './findings.ts';
import type { Cluster, Finding, SuiteResult } from './results.ts';
import { DEFAULT_SHRINK_RUNS } from './shrink.ts';
import { ScenarioSpace, shardRuns, shardScenario, WHOLE, type Shard } from './scenario-space.ts';

export interface ParallelOptions {
  /** Lanes: engines at work at once. One runs in this thread; each other in a worker thread with an engine of its own. */
  workers: number;
  shard?: Shard;
  /** A time budget in milliseconds: no scenario is handed out once it is spent, counted from when every engine is ready. */
  budgetMs?: number;
  /** How a worker thread opens its engine: the same choice the command made. */
  engineChoice: EngineChoice;
  readings: Readings;
  /** Called when a lane is set up, for messages. */
  onLanes?: (lanes: number) => void;
  /** The capabilities a built-in engine is restricted to (castcheck run --capabilities): every lane's engine is. */
  restrict?: Capabilities;
}

/** Lanes that shrink at once while the others search; once the search is over, every lane shrinks. */
const SHRINKERS_WHILE_SEARCHING = 1;

export async function runParallel(o: SuiteOptions & ParallelOptions): Promise<SuiteResult> {
  const shard = o.shard ?? WHOLE;
  const setup: LaneSetup = {
    seed: o.seed,
    inFlight: o.inFlight ?? 1,
    properties: o.properties.map((p) => p.id),
    expectations: [...(o.expectations?.list ?? [])],
    ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}),
    ...(o.maxShrinkMs !== undefined ? { maxShrinkMs: o.maxShrinkMs } : {}),
  };
  // The judge alone: the run's callbacks are the coordinator's, never a lane's, but for the steps of
  // a shrinking, and the run's abort.
  const hooks = { ...(o.abort ? { abort: o.abort } : {}), ...(o.onShrinkRun ? { onShrinkRun: o.onShrinkRun } : {}) };
  const lanes: Lane[] = [new InThreadLane({ engine: o.engine, reference: o.reference, readings: o.readings }, setup, hooks)];
  try {
    // Those that started are closed again even when another did not start.
    const started = await Promise.allSettled(Array.from({ length: Math.max(0, o.workers - 1) }, () => ThreadLane.start(o.engineChoice, o.readings, setup, hooks, o.restrict)));
    for (const r of started) if (r.status === 'fulfilled') lanes.push(r.value);
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    o.onLanes?.(lanes.length);
    const deadline = o.budgetMs === undefined ? undefined : Date.now() + o.budgetMs;
    return await new Coordinator(o, shard, lanes, deadline).run();
  } finally {
    await Promise.all(lanes.map((l) => l.close()));
  }
}

class Coordinator {
  private readonly total: number;
  private nth = 0;
  private searchOver = false;
  /** Scenarios handed out and not judged yet. */
  private readonly outstanding = new Set<number>();
  private done = 0;
  /** Each failure's first scenario so far, by signature. */
  private readonly firsts = new Map<string, First>();
  private readonly queued = new Set<string>();
  private readonly queue: string[] = [];
  /** Shrinks under way, by job id. */
  private readonly jobs = new Map<number, { signature: string; share: number }>();
  private readonly findings = new Map<string, Finding>();
  private readonly order: Finding[] = [];
  private nextJob = 0;
  private budgetLeft: number;
  private stopped: string | undefined;
  private readonly stats: ScenarioSpace<unknown> | undefined;
  private final: SuiteResult | undefined;

  constructor(
    private readonly o: SuiteOptions & ParallelOptions,
    private readonly shard: Shard,
    private readonly lanes: Lane[],
    private readonly deadline: number | undefined,
  ) {
    this.total = shardRuns(shard, o.runs);
    this.budgetLeft = o.shrinkBudget ?? Infinity;
    // Statistics see every scenario of the run, whichever lane judged it: they are made again here.
    this.stats = o.onScenario ? new ScenarioSpace(scenarioArb({ capabilities: o.engine.capabilities, ...(o.illegalShare !== undefined ? { illegalShare: o.illegalShare } : {}) }), o.seed) : undefined;
  }

  async run(): Promise<SuiteResult> {
    // The report of a run stopped midway is written once the lanes are back: until then, the run so far is what the coordinator counted.
    this.o.onStart?.(() => this.final ?? this.sofar());
    const parts = await Promise.all(this.lanes.map((lane) => lane.search(this.eventsFor())));
    this.searchOver = true;
    // The lanes are back: a scenario handed out and not judged (a run stopped midway) never will be.
    this.outstanding.clear();
    for (const p of parts) this.stopped ??= p.stopped;
    const merged = mergeResults(parts);
    // Every first scenario is final now; what was not shrunk during the search is shrunk by every lane at once.
    this.enqueueFinal();
    await Promise.all(
      this.lanes.map(async (lane) => {
        for (let job = this.takeJob(); job; job = this.takeJob()) this.finish(job.id, await lane.shrink(job));
      }),
    );
    for (const c of merged.clusters) {
      const f = this.findings.get(c.signature);
      if (f) c.finding = f;
    }
    const abort = this.o.abort;
    if (abort?.aborted) this.stopped = String(abort.reason ?? 'interrupted');
    this.final = { ...merged, findings: this.order, ...(this.stopped !== undefined ? { stopped: this.stopped } : {}), ...(abort?.aborted ? { partial: true } : {}) };
    return this.final;
  }

  private sofar(): SuiteResult {
    return { runs: this.done, seed: this.o.seed, tallies: [], engineFailures: { crash: 0, timeout: 0, 'protocol-error': 0 }, unsupported: 0, clusters: [], findings: this.order, partial: true };
  }

  private eventsFor() {
    return {
      next: async (): Promise<LaneWork> => this.work(),
      judged: (run: number, firsts: First[]) => this.judged(run, firsts),
      shrunk: (id: number, r: Shrunk) => this.finish(id, r),
    };
  }

  private work(): LaneWork {
    if (this.jobs.size < SHRINKERS_WHILE_SEARCHING) {
      const job = this.takeJob();
      if (job) return { shrink: job };
    }
    if (this.searchOver || this.stopped !== undefined || this.o.abort?.aborted || this.nth >= this.total || (this.deadline !== undefined && Date.now() >= this.deadline)) {
      this.searchOver = true;
      return undefined;
    }
    const k = shardScenario(this.shard, this.nth++);
    this.outstanding.add(k);
    if (this.stats) this.o.onScenario!(this.stats.scenario(k) as never);
    return { scenario: k };
  }

  private judged(run: number, firsts: First[]): void {
    this.outstanding.delete(run);
    this.done++;
    for (const f of firsts) {
      const known = this.firsts.get(f.hit.signature);
      if (known && known.run <= f.run) continue;
      this.firsts.set(f.hit.signature, f);
      if (!known && !f.hit.expectation) this.o.onCluster?.(asCluster(f));
    }
    this.enqueueFinal();
    this.o.onProgress?.(this.done, this.total, this.firsts.size, run);
  }

  /** Queues the failures whose first scenario can no longer change: every scenario of the shard before it is judged. */
  private enqueueFinal(): void {
    // Once the last scenario is handed out, those still out with a lane may yet show a failure first:
    // only when they are judged too (or the lanes are back, run()) can no first scenario change.
    const watermark = Math.min(this.searchOver ? Infinity : shardScenario(this.shard, this.nth), ...this.outstanding);
    const ready = [...this.firsts.values()].filter((f) => f.run < watermark && !this.queued.has(f.hit.signature) && !f.hit.expectation && !this.o.alreadyShrunk?.has(f.hit.signature));
    for (const f of ready.sort((a, b) => a.run - b.run)) {
      this.queued.add(f.hit.signature);
      this.queue.push(f.hit.signature);
    }
  }

  /** The next failure to shrink, within the budgets; one the budget leaves nothing for keeps its first scenario. */
  private takeJob(): ShrinkJob | undefined {
    for (let signature = this.queue.shift(); signature !== undefined; signature = this.queue.shift()) {
      const first = this.firsts.get(signature)!;
      const share = Math.min(this.o.maxShrinkRuns ?? DEFAULT_SHRINK_RUNS, this.budgetLeft);
      if (this.stopped !== undefined || share <= 0 || this.o.abort?.aborted) {
        this.record(first, { finding: unshrunk(this.o, first, true) });
        continue;
      }
      this.budgetLeft -= share;
      const id = this.nextJob++;
      this.jobs.set(id, { signature, share });
      this.o.onShrinking?.(asCluster(first), this.order.length + this.jobs.size - 1, this.queued.size);
      return { id, first, maxShrinkRuns: share };
    }
    return undefined;
  }

  private finish(id: number, r: Shrunk): void {
    const job = this.jobs.get(id)!;
    this.jobs.delete(id);
    // What a shrink did not spend goes back to the others.
    this.budgetLeft += job.share - r.finding.shrinkRuns;
    if (r.stopped !== undefined) this.stopped ??= r.stopped;
    this.record(this.firsts.get(job.signature)!, r);
  }

  private record(first: First, r: Shrunk): void {
    this.findings.set(first.hit.signature, r.finding);
    this.order.push(r.finding);
    void this.o.onFinding?.(r.finding, { ...asCluster(first), finding: r.finding });
  }
}

function asCluster(f: First): Cluster {
  return { signature: f.hit.signature, kind: f.hit.kind, count: 1, first: f, ...(f.hit.property ? { property: f.hit.property } : {}), ...(f.hit.expectation ? { expectation: f.hit.expectation } : {}) };
}
