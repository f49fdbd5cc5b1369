// Promotion: a finding turned into a fixed case (schema/case.schema.json) that `castcheck cases` runs
// from then on, so that a bug once found stays fixed. The case expects what the reference engine does
// with the repro's scenario: every action's outcome and the abilities it triggered, and the whole
// observed state after the action the failure was seen at and after the last one.
import type { Engine } from '../adapters/engine.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { ExpectedStep, FixedCase, Repro } from '../model/schema-types.ts';
import { agreesWithReference } from '../properties/agreement.ts';
import { propertyById } from '../properties/index.ts';
import { shortHash, slug } from './signatures.ts';

/** A case id for a repro: its signature, readable, and a hash of it and the scenario, so that two findings never share one. */
export function promotedId(repro: Repro): string {
  const signature = repro.signature ?? repro.property?.id ?? repro.verdict;
  return `promoted-${slug(signature)}-${shortHash(`${signature}\n${JSON.stringify(repro.scenario)}`)}`;
}

export async function caseFromRepro(repro: Repro, reference: Engine, from: string): Promise<FixedCase> {
  const scenario = normalizeScenario(repro.scenario);
  const trace = await reference.run(scenario);
  const last = scenario.actions.length - 1;
  const failedAt = repro.step !== undefined ? scenario.actions.findIndex((a) => a.id === repro.step) : -1;
  // A finding about the order of events keeps the order at its step: the state alone may not show it.
  const readsEvents = repro.property !== undefined && (propertyById(repro.property.id)?.needs?.observes ?? []).includes('step.events');
  const expect: ExpectedStep[] = scenario.actions.map((action, i) => {
    const step = trace.steps[i]!;
    return {
      action: action.id,
      outcome: step.outcome === 'rejected' ? 'rejected' : 'accepted',
      ...(step.reason !== undefined ? { reason: step.reason } : {}),
      triggered: step.triggered ?? [],
      ...(readsEvents && i === failedAt ? { events: step.events ?? [] } : {}),
      ...(i === failedAt || i === last ? { state: step.state as ExpectedStep['state'] } : {}),
    };
  });
  const what = repro.property ? `${repro.property.id}: ${repro.property.statement}` : `the engine gave no usable trace (${repro.verdict})`;
  return {
    format: 'castcheck-case/1',
    id: promotedId(repro),
    title: `Promoted finding: ${what}`,
    source: `castcheck finding ${repro.signature ?? repro.verdict} (${from}), found against ${repro.engine.name} ${repro.engine.version}${repro.engine.fault ? ` with fault ${repro.engine.fault}` : ''} by castcheck ${repro.replay.castcheck ?? ''} with seed ${repro.replay.seed}; the expected outcome is the reference engine's.`,
    // An engine failure breaks no one rule: the case then stands for agreement with the reference engine.
    rules: (repro.property?.rules ?? agreesWithReference.rules) as FixedCase['rules'],
    ...(repro.readings?.spliceCopy === 'literal' ? { options: { spliceCopy: 'literal' as const } } : {}),
    scenario: repro.scenario,
    expect: expect as FixedCase['expect'],
  };
}
