// Runs one scenario on an engine and judges it by every property.
import type { Engine } from '../adapters/engine.ts';
import { asEngineFailure, type EngineFailure } from '../adapters/engine-failure.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { Run, type Property, type Verdict } from '../properties/property.ts';

export type Judged =
  | { scenario: NormalizedScenario; trace: Trace; verdicts: Map<string, Verdict>; failure?: undefined }
  | { scenario: NormalizedScenario; failure: EngineFailure; trace?: undefined; verdicts?: undefined };

export async function judge(engine: Engine, scenario: Scenario, properties: readonly Property[]): Promise<Judged> {
  const normalized = normalizeScenario(scenario);
  let trace: Trace;
  try {
    trace = await engine.run(normalized);
  } catch (error) {
    return { scenario: normalized, failure: asEngineFailure(error) };
  }
  if (trace.steps.length !== normalized.actions.length) {
    return {
      scenario: normalized,
      failure: asEngineFailure(
        new Error(`the trace has ${trace.steps.length} steps for ${normalized.actions.length} actions`),
      ),
    };
  }
  const run = new Run(normalized, trace);
  const verdicts = new Map<string, Verdict>();
  for (const p of properties) {
    verdicts.set(p.id, p.applies(normalized) ? p.check(run) : { status: 'n/a' });
  }
  return { scenario: normalized, trace, verdicts };
}

/** The outcome a scenario is shrunk against: a property's failure, or a kind of engine failure. */
export type Target = { property: Property } | { failure: EngineFailure['kind'] };

export function hits(j: Judged, target: Target): boolean {
  if ('failure' in target) return j.failure?.kind === target.failure;
  return j.verdicts?.get(target.property.id)?.status === 'fail';
}
