// Runs one scenario on an engine and judges it by every property.
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { asEngineFailure, type EngineFailure } from '../adapters/engine-failure.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { Run, type CheckContext, type Property, type Readings, type Verdict } from '../properties/property.ts';

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

export type Judged =
  | { scenario: NormalizedScenario; trace: Trace; verdicts: Map<string, Verdict>; failure?: undefined }
  | { scenario: NormalizedScenario; failure: EngineFailure; trace?: undefined; verdicts?: undefined };

async function runOn(engine: Engine, scenario: NormalizedScenario): Promise<Trace | EngineFailure> {
  let trace: Trace;
  try {
    trace = await engine.run(scenario);
  } catch (error) {
    return asEngineFailure(error);
  }
  if (trace.steps.length !== scenario.actions.length) {
    return asEngineFailure(new Error(`the trace has ${trace.steps.length} steps for ${scenario.actions.length} actions`));
  }
  return trace;
}

export async function judge(j: Judge, scenario: Scenario, properties: readonly Property[]): Promise<Judged> {
  const normalized = normalizeScenario(scenario);
  const trace = await runOn(j.engine, normalized);
  if (!('steps' in trace)) return { scenario: normalized, failure: trace };
  const run = new Run(normalized, trace);
  let reference: Promise<Run> | undefined;
  // An engine that fails on a related run has failed on this scenario's judgement: it is reported as
  // such, not hidden inside a relation property.
  let rerunFailure: EngineFailure | undefined;
  const ctx: CheckContext = {
    readings: j.readings,
    rerun: async (variant) => {
      const n = normalizeScenario(variant);
      const t = await runOn(j.engine, n);
      if ('steps' in t) return new Run(n, t);
      rerunFailure ??= t;
      return undefined;
    },
    reference: () =>
      (reference ??= runOn(j.reference, normalized).then((t) => {
        if (!('steps' in t)) throw new Error(`the reference engine failed on a scenario: ${t.message}`);
        return new Run(normalized, t);
      })),
  };
  const verdicts = new Map<string, Verdict>();
  for (const p of properties) {
    verdicts.set(p.id, p.applies(normalized) ? await p.check(run, ctx) : { status: 'n/a' });
  }
  if (rerunFailure) return { scenario: normalized, failure: rerunFailure };
  return { scenario: normalized, trace, verdicts };
}

/**
 * The outcome a scenario is shrunk against: a property's failure (or contested reading), the failure
 * of any one of several properties, or a kind of engine failure.
 */
export type Target =
  | { property: Property; status: 'fail' | 'contested' }
  | { anyOf: readonly Property[] }
  | { failure: EngineFailure['kind'] };

export function hits(j: Judged, target: Target): boolean {
  if ('failure' in target) return j.failure?.kind === target.failure;
  if ('anyOf' in target) return target.anyOf.some((p) => j.verdicts?.get(p.id)?.status === 'fail');
  return j.verdicts?.get(target.property.id)?.status === target.status;
}

/** The properties a target is about: those a shrinking run needs to judge. */
export function targetProperties(target: Target): readonly Property[] {
  return 'property' in target ? [target.property] : 'anyOf' in target ? target.anyOf : [];
}
