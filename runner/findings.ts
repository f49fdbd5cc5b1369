// A finding made from a judged scenario: what failed, under which signature, with what the engine
// answered, for the first failing scenario of a cluster and for the repro its shrinking ends with.
import type { Failed, Property } from '../properties/property.ts';
import { hitsOf } from './clusters.ts';
import type { Target } from './evaluate.ts';
import { Expectations } from './expectations.ts';
import type { Judged } from './judged.ts';
import type { Finding, FirstFailure } from './results.ts';
import { engineFailureSignature, propertySignature, showing } from './signatures.ts';

/** The first failing scenario as found, before shrinking: what a store keeps until shrinking ends. */
export function unshrunk(o: { seed: number }, first: FirstFailure, reproduced: boolean, shrinkRuns = 0): Finding {
  return {
    ...describe(first.judged, first.target),
    scenario: first.scenario,
    seed: o.seed,
    path: String(first.run),
    runsToFailure: first.run + 1,
    shrinkRuns,
    shrunk: false,
    reproduced,
  };
}

export function describe(judged: Judged, target: Target, withHistory = true): Pick<Finding, 'kind' | 'signature' | 'property' | 'verdict' | 'trace' | 'divergences' | 'history'> {
  if (judged.failure) {
    const f = judged.failure;
    const history = withHistory && f.history && f.history.scenarios.length > 0 ? { history: f.history } : {};
    return { kind: f.kind, signature: 'signature' in target ? target.signature : engineFailureSignature(f), verdict: { status: f.kind, message: f.message, stderr: f.stderr }, ...history };
  }
  // Of several properties, the first that fails on this scenario.
  const property = 'anyOf' in target ? target.anyOf.find((p) => judged.verdicts.get(p.id)?.status === 'fail')! : (target as { property: Property }).property;
  const verdict = judged.verdicts.get(property.id) as Failed;
  const signature = 'signature' in target ? target.signature : (hitsOf(judged, [property], Expectations.none)[0]?.signature ?? propertySignature(property.id, 'fail'));
  // The divergences of the step the signature names, the first of them as the headline.
  const shown = showing(judged, signature);
  const head = shown?.[0];
  const v: Failed = head ? ({ ...verdict, step: head.step, expected: head.expected, observed: head.observed } as Failed) : verdict;
  return { kind: verdict.status, signature, property, verdict: v, trace: judged.trace, ...(shown && shown.length > 1 ? { divergences: shown } : {}) };
}
