// The suite in process, timed by share: once against the reference engine, once against a null engine
// that answers instantly with the traces the reference engine gave (replayed in the order asked, so
// the suite asks for the same runs and judges the same traces): what is left is castcheck's own cost.
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';
import { Clock, cpuMs, mainThreadMs, type Share } from './clock.ts';

export interface TimedSuite {
  runs: number;
  /** Wall milliseconds for the whole run, and CPU milliseconds of this process. */
  ms: number;
  cpuMs: number;
  /** Milliseconds by share. */
  shares: Record<Share, number>;
  result: SuiteResult;
}

/**
 * The suite with its clock: one scenario at a time (chunk 1), since the clock takes what happens
 * between one scenario's verdicts and the next scenario for generation.
 */
export async function timedSuite(engine: Engine, runs: number, seed: number): Promise<TimedSuite> {
  const clock = new Clock();
  const j = judgeFor(engine);
  const cpu = process.cpuUsage();
  clock.start();
  const result = await runSuite({
    engine: clock.engine(j.engine),
    reference: clock.reference(j.reference),
    readings: j.readings,
    properties: clock.properties(PROPERTIES),
    runs,
    seed,
    chunk: 1,
    onScenario: clock.onScenario,
    onProgress: clock.onProgress,
  });
  const ms = clock.stop();
  return { runs, ms, cpuMs: cpuMs(cpu), shares: { ...clock.ms }, result };
}

/**
 * The suite as castcheck runs it, nothing timed inside: CPU milliseconds of this process. The shares'
 * clock reads the time twice around every property (130 readings a scenario), which is no part of
 * castcheck's own cost. A null engine for it must have recorded a plainSuite: scenarios judged a
 * chunk at a time ask for relation reruns in another order than one by one.
 */
export async function plainSuite(engine: Engine, runs: number, seed: number): Promise<{ cpuMs: number; mainThreadMs: number | undefined; result: SuiteResult }> {
  const cpu = process.cpuUsage();
  const main = mainThreadMs();
  const result = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs, seed, onProgress: () => {} });
  const mainAfter = mainThreadMs();
  return { cpuMs: cpuMs(cpu), mainThreadMs: main === undefined || mainAfter === undefined ? undefined : mainAfter - main, result };
}

/**
 * The suite one scenario at a time (chunk 1), as timedSuite runs it, without the clock: what a null
 * engine replays to timedSuite must be recorded in this order.
 */
export async function oneByOne(engine: Engine, runs: number, seed: number): Promise<SuiteResult> {
  return runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs, seed, chunk: 1, onProgress: () => {} });
}

/**
 * The reference engine, keeping a copy of every scenario asked and every trace it gives, in the
 * order asked. Copies, made by the structured clone, so that what the reference engine and
 * castcheck made dies young as in a run. Kept as made, thousands of them taught the runtime that
 * objects from those places in the code live long: it then made later ones straight in the old
 * generation (allocation-site pretenuring), where they died only at a full collection and kept what
 * they pointed to alive through the young generation's collections. Against the null engine, that
 * doubled the collector's pauses (46 to 55 against 26 to 27 µs a scenario, two processes each way,
 * scratch measurements) in a process that had recorded its traces, and no run of castcheck's keeps
 * its engine's traces so.
 */
export class RecordingEngine implements Engine {
  readonly asked: Scenario[] = [];
  readonly traces: Trace[] = [];
  readonly id;
  readonly capabilities;
  readonly tracesChecked = true;

  /** `inner`: the reference engine whose traces it records; another build's, to compare two builds. */
  constructor(private readonly inner: Pick<ReferenceEngine, 'id' | 'capabilities' | 'runSync'> = new ReferenceEngine()) {
    this.id = inner.id;
    this.capabilities = inner.capabilities;
  }

  run(scenario: Scenario): Promise<Trace> {
    return Promise.resolve(this.runSync(scenario));
  }

  runSync(scenario: Scenario): Trace {
    const t = this.inner.runSync(scenario);
    this.asked.push(structuredClone(scenario));
    this.traces.push(structuredClone(t));
    return t;
  }

  async close(): Promise<void> {}
}

/**
 * Answers instantly with recorded traces, in order: an engine that costs nothing. Its traces are the
 * reference engine's, taken as castcheck's own engines' are, unchecked; an engine of an author's in
 * this process also has each trace checked against the schema (bench row protocol1.parseCheckUs holds
 * that check).
 */
export class NullEngine implements Engine {
  readonly id: Engine['id'];
  readonly capabilities;
  readonly tracesChecked: boolean;
  private next = 0;

  /**
   * `o.named`: the null engine takes the name of the engine whose traces it gives. Recorded from the
   * reference engine, it is then judged as the reference engine itself is, agreement skipped, as a
   * run against `castcheck serve reference` over the protocol is.
   */
  constructor(
    private readonly traces: readonly Trace[],
    like: Engine,
    o: { named?: boolean } = {},
  ) {
    this.id = o.named ? like.id : { name: 'null', version: '0' };
    this.capabilities = like.capabilities;
    this.tracesChecked = like.tracesChecked === true;
  }

  run(scenario: Scenario): Promise<Trace> {
    try {
      return Promise.resolve(this.runSync(scenario));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  runSync(_: Scenario): Trace {
    const t = this.traces[this.next++];
    if (!t) throw new Error('the null engine ran out of recorded traces: the suite asked for other runs than when they were recorded');
    return t;
  }

  async close(): Promise<void> {}
}
