// Runs one scenario on an engine and judges it by every property.
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { asEngineFailure, EngineFailure } from '../adapters/engine-failure.ts';
import { checkTrace } from '../adapters/process/protocol.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import { observedTrace } from '../model/observables.ts';
import type { Observable, Scenario, Trace } from '../model/schema-types.ts';
import { Run, type CheckContext, type Property, type Readings, type Verdict } from '../properties/property.ts';
import type { Judged } from './judged.ts';
import { shows } from './signatures.ts';

/** A judge for `engine`, comparing with the reference engine under the same readings. */
export function judgeFor(engine: Engine, readings: Readings = { spliceCopy: 'ruling' }): Judge {
  return { engine, reference: new ReferenceEngine({ spliceCopy: readings.spliceCopy }), readings };
}

export interface Judge {
  engine: Engine;
  /** The engine agreement properties compare with; the reference engine. */
  reference: Engine;
  readings: Readings;
}

/**
 * The engine's trace of a scenario, observed as the engine declares, or its failure: at once from an
 * engine that runs synchronously (Engine.runSync), else through its promise.
 */
function runOn(engine: Engine, scenario: NormalizedScenario): Trace | EngineFailure | Promise<Trace | EngineFailure> {
  let answer: Trace | Promise<Trace>;
  try {
    answer = engine.runSync ? engine.runSync(scenario) : engine.run(scenario);
  } catch (error) {
    return asEngineFailure(error);
  }
  return answer instanceof Promise ? answer.then((t) => accepted(engine, scenario, t), asEngineFailure) : accepted(engine, scenario, answer);
}

/**
 * An engine's answer checked against the trace schema and the scenario, unless the engine is one of
 * castcheck's own, whose answers are checked already (Engine.tracesChecked): an engine in this process
 * (an author's, under vitest) answers with objects nothing has checked. A malformed one is the
 * engine's protocol error.
 */
export function checkedAnswer(engine: Engine, scenario: NormalizedScenario, answer: Trace): Trace | EngineFailure {
  if (engine.tracesChecked) return answer;
  try {
    return checkTrace(answer, scenario);
  } catch (error) {
    return new EngineFailure('protocol-error', error instanceof Error ? error.message : String(error));
  }
}

/** An engine's answer as the properties read it, or why it cannot be read. */
function accepted(engine: Engine, scenario: NormalizedScenario, answer: Trace): Trace | EngineFailure {
  const trace = checkedAnswer(engine, scenario, answer);
  if (!('steps' in trace)) return trace;
  if (trace.steps.length !== scenario.actions.length) {
    return asEngineFailure(new Error(`the trace has ${trace.steps.length} steps for ${scenario.actions.length} actions`));
  }
  return observedTrace(trace, engine.capabilities.observes);
}

/** `then` applied at once to a value at hand, through the promise otherwise. */
function after<T, R>(x: T | Promise<T>, then: (t: T) => R | Promise<R>): R | Promise<R> {
  return x instanceof Promise ? x.then(then) : then(x);
}

/** The first step an engine answered `unsupported`, if any. */
export function firstUnsupported(trace: Trace): number | undefined {
  const i = trace.steps.findIndex((s) => s.outcome === 'unsupported');
  return i === -1 ? undefined : i;
}

/**
 * Runs a scenario and judges the trace. The judgement is at hand when it returns (no promise) as long
 * as every run it takes, the engine's, its reruns and the reference's, answers synchronously
 * (Engine.runSync): then the suite judges without a turn of the event loop (runner/run-suite.ts).
 * Otherwise it is a promise, from the first run that answers through one.
 */
export function judge(j: Judge, scenario: Scenario, properties: readonly Property[]): Judged | Promise<Judged> {
  const normalized = normalizeScenario(scenario);
  return after(runOn(j.engine, normalized), (trace) => ('steps' in trace ? judgeFrom(new Judging(j, normalized, trace, properties), properties, 0) : { scenario: normalized, failure: trace }));
}

/** A judgement of judgeAll: a property that threw on the scenario is given as `thrown`. */
export type ChunkJudgement = Judged | Promise<Judged> | { thrown: unknown };

/**
 * Several scenarios judged together, property by property over all of them rather than scenario by
 * scenario: each property's code and the runs it reads stay warm in the processor's caches, where
 * judging one scenario at a time walks the whole suite's code for every scenario. The same
 * judgements as judge() on each, in order; a property that throws is given as that scenario's
 * `thrown`, for the caller to throw when it comes to it, so that the scenarios before it are
 * recorded first, as one by one. For an engine with runSync; a scenario whose properties wait for
 * another run (a reference engine without runSync) goes on alone, through its promise.
 */
export function judgeAll(j: Judge, scenarios: readonly Scenario[], properties: readonly Property[]): ChunkJudgement[] {
  return judgeTogether(
    scenarios.map((scenario) => started(j, scenario)),
    j,
    properties,
  );
}

/**
 * The engine's runs of a chunk, all started at once, each answer kept as it arrives: for an engine
 * that answers through promises (an engine process), which works on them, and on the next chunk's,
 * while castcheck judges. Those whose answers are in are judged together (judgeAll's way) as soon
 * as they are wanted: a whole chunk while the engine answers faster than castcheck judges, each
 * scenario alone the moment its answer comes while it answers slower.
 */
export class Answers {
  private readonly runs: Started[];
  private readonly arrivals: (Promise<true> | undefined)[];

  constructor(scenarios: readonly Scenario[], j: Judge) {
    this.runs = scenarios.map((scenario) => started(j, scenario));
    this.arrivals = this.runs.map((s) => {
      if ('thrown' in s || !(s.trace instanceof Promise)) return undefined;
      return s.trace.then(
        (trace) => {
          s.trace = trace;
          return true as const;
        },
        (thrown: unknown) => {
          (s as { thrown?: unknown }).thrown = thrown;
          return true as const;
        },
      );
    });
  }

  get length(): number {
    return this.runs.length;
  }

  /** Whether the answer to run k is in. */
  isIn(k: number): boolean {
    const s = this.runs[k]!;
    return 'thrown' in s || !(s.trace instanceof Promise);
  }

  /** Resolves (true) when the answer to run k is in. */
  arrival(k: number): Promise<true> {
    return this.arrivals[k] ?? Promise.resolve(true);
  }

  /** The answers in from run `from` on, up to the first still to come, judged together. */
  judgeIn(from: number, properties: readonly Property[], j: Judge): ChunkJudgement[] {
    let to = from;
    while (to < this.runs.length && this.isIn(to)) to++;
    return judgeTogether(this.runs.slice(from, to), j, properties);
  }
}

/** A scenario normalised and its engine run started, or what it threw. */
type Started = { normalized: NormalizedScenario; trace: Trace | EngineFailure | Promise<Trace | EngineFailure> } | { thrown: unknown };

function started(j: Judge, scenario: Scenario): Started {
  try {
    const normalized = normalizeScenario(scenario);
    return { normalized, trace: runOn(j.engine, normalized) };
  } catch (thrown) {
    return { thrown };
  }
}

/** The scenarios whose traces are in judged by every property, property by property over all of them. */
function judgeTogether(runs: Started[], j: Judge, properties: readonly Property[]): ChunkJudgement[] {
  const out = runs.map((s): ChunkJudgement | Judging => {
    if ('thrown' in s) return s;
    if (s.trace instanceof Promise) throw new Error('judgeTogether: a trace still to come (judgeAll is for engines with runSync)');
    return 'steps' in s.trace ? new Judging(j, s.normalized, s.trace, properties) : { scenario: s.normalized, failure: s.trace };
  });
  for (let i = 0; i < properties.length; i++) {
    for (let k = 0; k < out.length; k++) {
      const s = out[k]!;
      if (!(s instanceof Judging)) continue;
      try {
        const waits = s.judge(i);
        if (waits) out[k] = waits.then(() => judgeFrom(s, properties, i + 1));
      } catch (thrown) {
        out[k] = { thrown };
      }
    }
  }
  return out.map((s) => (s instanceof Judging ? s.judged() : s));
}

/** The verdict of a property whose precondition did not hold: its own object, told apart from a check's n/a by identity. */
const NOT_APPLIED: Verdict = Object.freeze({ status: 'n/a' });

/** Each property's position in a list of properties judged, made once per list. */
const positionsByList = new WeakMap<readonly Property[], ReadonlyMap<string, number>>();
function positions(properties: readonly Property[]): ReadonlyMap<string, number> {
  let out = positionsByList.get(properties);
  if (!out) {
    const m = new Map<string, number>();
    properties.forEach((p, i) => m.set(p.id, i));
    positionsByList.set(properties, (out = m));
  }
  return out;
}

/**
 * A scenario's verdicts, one for each property of the list it was judged by, in its order: a map by
 * property id, also read by position (verdictAt) where the reader has the same list, as a run's
 * tallies and clusters do for every scenario. A map and a set filled property by property for every
 * scenario (their sets, their growth, the reads by id) took about 3% of castcheck's own cost in a
 * CPU profile against a null engine.
 */
export class Verdicts implements ReadonlyMap<string, Verdict> {
  private appliedIds: ReadonlySet<string> | undefined;

  constructor(
    readonly properties: readonly Property[],
    private readonly list: readonly Verdict[],
  ) {}

  /** The verdict of properties[i]. */
  at(i: number): Verdict | undefined {
    return this.list[i];
  }

  /** Whether the precondition of properties[i] held. */
  appliedAt(i: number): boolean {
    const v = this.list[i];
    return v !== undefined && v !== NOT_APPLIED;
  }

  /** The ids of the properties whose precondition held. */
  get applied(): ReadonlySet<string> {
    return (this.appliedIds ??= new Set(this.properties.filter((_, i) => this.appliedAt(i)).map((p) => p.id)));
  }

  get size(): number {
    let n = 0;
    for (const _ of this.entries()) n++;
    return n;
  }

  get(id: string): Verdict | undefined {
    const i = positions(this.properties).get(id);
    return i === undefined ? undefined : this.list[i];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  *entries(): MapIterator<[string, Verdict]> {
    // In the order of the list, the last of a property listed twice, as a map filled in turn keeps it.
    for (const [id, i] of positions(this.properties)) {
      const v = this.list[i];
      if (v !== undefined) yield [id, v];
    }
  }

  *keys(): MapIterator<string> {
    for (const [id] of this.entries()) yield id;
  }

  *values(): MapIterator<Verdict> {
    for (const [, v] of this.entries()) yield v;
  }

  forEach(f: (value: Verdict, key: string, map: ReadonlyMap<string, Verdict>) => void, thisArg?: unknown): void {
    for (const [id, v] of this.entries()) f.call(thisArg, v, id, this);
  }

  [Symbol.iterator](): MapIterator<[string, Verdict]> {
    return this.entries();
  }
}

/**
 * The verdict of properties[i] in a judgement: by position where it was judged by that very list
 * (every scenario of a run), by id otherwise (a judgement rebuilt from a shard's file).
 */
export function verdictAt(j: { verdicts: ReadonlyMap<string, Verdict> }, properties: readonly Property[], i: number): Verdict | undefined {
  const v = byPosition(j.verdicts, properties);
  return v ? v.at(i) : j.verdicts.get(properties[i]!.id);
}

/** Whether the precondition of properties[i] held in a judgement, read as verdictAt reads its verdict. */
export function appliedAt(j: { verdicts: ReadonlyMap<string, Verdict>; applied: ReadonlySet<string> }, properties: readonly Property[], i: number): boolean {
  const v = byPosition(j.verdicts, properties);
  return v ? v.appliedAt(i) : j.applied.has(properties[i]!.id);
}

/** The verdicts as judged by this very list of properties, to be read by position; undefined otherwise. */
function byPosition(v: ReadonlyMap<string, Verdict>, properties: readonly Property[]): Verdicts | undefined {
  return v instanceof Verdicts && v.properties === properties ? v : undefined;
}

/** A scenario's trace under judgement: the verdicts so far, and what the properties may ask for. */
class Judging {
  /** The verdict of each property of `properties` judged so far, by position. */
  private readonly verdicts: Verdict[] = [];
  /** An engine that fails on a related run has failed on this scenario's judgement. */
  rerunFailure: EngineFailure | undefined;
  readonly judgedScenario: NormalizedScenario;
  readonly run: Run;
  readonly unsupported: number | undefined;
  readonly ctx: CheckContext;

  constructor(
    j: Judge,
    readonly normalized: NormalizedScenario,
    readonly trace: Trace,
    private readonly properties: readonly Property[],
  ) {
    // An action the engine cannot perform is never a failure: the scenario is judged up to it, as if
    // it ended there (an engine's answers to the first actions do not depend on the later ones).
    const unsupported = firstUnsupported(trace);
    this.unsupported = unsupported;
    const judged: NormalizedScenario = unsupported === undefined ? normalized : { ...normalized, actions: normalized.actions.slice(0, unsupported) };
    this.judgedScenario = judged;
    this.run = new Run(judged, unsupported === undefined ? trace : { ...trace, steps: trace.steps.slice(0, unsupported) });
    this.ctx = {
      readings: j.readings,
      capabilities: j.engine.capabilities,
      rerun: (variant) => {
        const n = normalizeScenario(variant);
        return after(runOn(j.engine, n), (t) => {
          if (!('steps' in t)) {
            this.rerunFailure ??= t;
            return undefined;
          }
          // A related run the engine cannot perform in full says nothing.
          return firstUnsupported(t) === undefined ? new Run(n, t) : undefined;
        });
      },
      // Not kept: agreement alone asks for it, and a reference trace kept until the chunk is judged
      // outlives the collector's young space, to be copied out of it.
      reference: () =>
        after(runOn(j.reference, judged), (t) => {
          if (!('steps' in t)) throw new Error(`the reference engine failed on a scenario: ${t.message}`);
          return new Run(judged, t);
        }),
      resynced: (points) => {
        const ref = j.reference;
        if (!ref.runResynced) return `the engine compared with (${ref.id.name}) cannot start from an observed state`;
        return after(ref.runResynced(judged, points), (t) => {
          if (typeof t === 'string') return t;
          if (t.steps.length !== judged.actions.length) throw new Error(`the reference engine gave ${t.steps.length} steps for ${judged.actions.length} actions`);
          return new Run(judged, t);
        });
      },
    };
  }

  /** Judges by properties[i]; a promise when its check waits for another run (its verdict is in once it settles). */
  judge(i: number): Promise<void> | undefined {
    const p = this.properties[i]!;
    if (!p.applies(this.judgedScenario)) {
      this.verdicts[i] = NOT_APPLIED;
      return undefined;
    }
    const v = p.check(this.run, this.ctx);
    if (v instanceof Promise) return v.then((verdict) => void (this.verdicts[i] = verdict));
    this.verdicts[i] = v;
    return undefined;
  }

  judged(): Judged {
    // A related run that met an engine that no longer starts says nothing of this scenario, whose
    // own run was answered: scenarios judged in chunks ask for related runs after the chunk's own
    // runs, so the crash that ended the engine may be a later scenario's, still to be recorded.
    if (this.rerunFailure && !this.rerunFailure.fatal) return { scenario: this.normalized, failure: this.rerunFailure };
    const verdicts = new Verdicts(this.properties, this.verdicts);
    return {
      scenario: this.normalized,
      trace: this.trace,
      verdicts,
      get applied() {
        return verdicts.applied;
      },
      ...(this.unsupported !== undefined ? { unsupported: this.unsupported } : {}),
      ...(this.rerunFailure ? { engineGone: this.rerunFailure } : {}),
    };
  }
}

/** The properties from `first` on, in order, at once until one waits for another run: the rest follow its answer. */
function judgeFrom(s: Judging, properties: readonly Property[], first: number): Judged | Promise<Judged> {
  for (let i = first; i < properties.length; i++) {
    const waits = s.judge(i);
    if (waits) return waits.then(() => judgeFrom(s, properties, i + 1));
  }
  return s.judged();
}

/**
 * The outcome a scenario is shrunk against: a failure with a given signature (runner/signatures.ts),
 * a property's failure (or contested reading), the failure of any one of several properties, or a
 * kind of engine failure.
 */
export type Target =
  | { signature: string; property?: Property }
  | { property: Property; status: 'fail' | 'contested' }
  | { anyOf: readonly Property[] }
  | { failure: EngineFailure['kind'] };

export function hits(j: Judged, target: Target): boolean {
  if ('signature' in target) return shows(j, target.signature);
  if ('failure' in target) return j.failure?.kind === target.failure;
  if ('anyOf' in target) return target.anyOf.some((p) => j.verdicts?.get(p.id)?.status === 'fail');
  return j.verdicts?.get(target.property.id)?.status === target.status;
}

/** The properties a target is about: those a shrinking run needs to judge. */
export function targetProperties(target: Target): readonly Property[] {
  if ('signature' in target) return target.property ? [target.property] : [];
  return 'property' in target ? [target.property] : 'anyOf' in target ? target.anyOf : [];
}
