// Runs one scenario on an engine and judges it by every property.
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { asEngineFailure, EngineFailure } from '../adapters/engine-failure.ts';
import { checkTrace } from '../adapters/process/protocol.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import { observedTrace } from '../model/observables.ts';
import type { Observable, Scenario, Trace } from '../model/schema-types.ts';
import { notApplicable, Run, type CheckContext, type Property, type Readings, type Verdict } from '../properties/property.ts';
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

export type Judged =
  | {
      scenario: NormalizedScenario;
      trace: Trace;
      verdicts: Map<string, Verdict>;
      /** The properties whose precondition held for the part of the scenario judged. */
      applied: Set<string>;
      /** The first step the engine answered `unsupported`: the scenario is judged up to it. */
      unsupported?: number;
      failure?: undefined;
    }
  | { scenario: NormalizedScenario; failure: EngineFailure; trace?: undefined; verdicts?: undefined; applied?: undefined; unsupported?: undefined };

async function runOn(engine: Engine, scenario: NormalizedScenario): Promise<Trace | EngineFailure> {
  let trace: Trace;
  try {
    trace = await engine.run(scenario);
  } catch (error) {
    return asEngineFailure(error);
  }
  // An engine in this process (an author's, under vitest) answers with objects nothing has checked.
  if (!engine.tracesChecked) {
    try {
      trace = checkTrace(trace, scenario);
    } catch (error) {
      return new EngineFailure('protocol-error', error instanceof Error ? error.message : String(error));
    }
  }
  if (trace.steps.length !== scenario.actions.length) {
    return asEngineFailure(new Error(`the trace has ${trace.steps.length} steps for ${scenario.actions.length} actions`));
  }
  return observedTrace(trace, engine.capabilities.observes);
}

/** The first step an engine answered `unsupported`, if any. */
export function firstUnsupported(trace: Trace): number | undefined {
  const i = trace.steps.findIndex((s) => s.outcome === 'unsupported');
  return i === -1 ? undefined : i;
}

export async function judge(j: Judge, scenario: Scenario, properties: readonly Property[]): Promise<Judged> {
  const normalized = normalizeScenario(scenario);
  const trace = await runOn(j.engine, normalized);
  if (!('steps' in trace)) return { scenario: normalized, failure: trace };
  // An action the engine cannot perform is never a failure: the scenario is judged up to it, as if
  // it ended there (an engine's answers to the first actions do not depend on the later ones).
  const unsupported = firstUnsupported(trace);
  const judged: NormalizedScenario = unsupported === undefined ? normalized : { ...normalized, actions: normalized.actions.slice(0, unsupported) };
  const run = new Run(judged, unsupported === undefined ? trace : { ...trace, steps: trace.steps.slice(0, unsupported) });
  let reference: Promise<Run> | undefined;
  // An engine that fails on a related run has failed on this scenario's judgement: it is reported as
  // such, not hidden inside a relation property.
  let rerunFailure: EngineFailure | undefined;
  const ctx: CheckContext = {
    readings: j.readings,
    capabilities: j.engine.capabilities,
    rerun: async (variant) => {
      const n = normalizeScenario(variant);
      const t = await runOn(j.engine, n);
      if (!('steps' in t)) {
        rerunFailure ??= t;
        return undefined;
      }
      // A related run the engine cannot perform in full says nothing.
      return firstUnsupported(t) === undefined ? new Run(n, t) : undefined;
    },
    reference: () =>
      (reference ??= runOn(j.reference, judged).then((t) => {
        if (!('steps' in t)) throw new Error(`the reference engine failed on a scenario: ${t.message}`);
        return new Run(judged, t);
      })),
  };
  const verdicts = new Map<string, Verdict>();
  const applied = new Set<string>();
  for (const p of properties) {
    if (!p.applies(judged)) verdicts.set(p.id, notApplicable);
    else {
      applied.add(p.id);
      // Most properties judge at once: only those that ask for another run are waited for.
      const v = p.check(run, ctx);
      verdicts.set(p.id, v instanceof Promise ? await v : v);
    }
  }
  if (rerunFailure) return { scenario: normalized, failure: rerunFailure };
  return { scenario: normalized, trace, verdicts, applied, ...(unsupported !== undefined ? { unsupported } : {}) };
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
