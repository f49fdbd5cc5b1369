// The check floor as a gate (castcheck run --require-floor): a property the engine can run that made
// fewer checks than the floor leaves the run unproven for its rules, so the run fails, naming the
// properties and the features of the scenarios that the engine's cards and capabilities never reached.
import type { FeatureCount } from '../generators/stats.ts';
import { checked, type SuiteResult } from '../runner/results.ts';
import { statusOf } from './console.ts';

export interface FloorGate {
  /** The properties run that made fewer checks than the floor, with their checks and the scenarios they applied to. */
  under: { id: string; checks: number; applied: number }[];
  /** Features the engine supports that no scenario of the run had. */
  neverReached: string[];
}

export function floorGate(result: SuiteResult, floor: number, features: readonly FeatureCount[] | undefined): FloorGate {
  const under = result.tallies
    .filter((t) => {
      const s = statusOf(t, floor);
      return s === 'UNDER-TESTED' || s === 'UNTESTED';
    })
    .map((t) => ({ id: t.property.id, checks: t.checks, applied: t.checkedNothing + checked(t) }));
  const neverReached = (features ?? []).filter((f) => f.supported && f.count === 0).map((f) => f.feature.id);
  return { under, neverReached };
}

/** The lines that say why the gate failed; none when every property run reached the floor. */
export function floorGateLines(g: FloorGate, floor: number): string[] {
  if (g.under.length === 0) return [];
  return [
    `check floor (--require-floor): ${g.under.length} propert${g.under.length === 1 ? 'y' : 'ies'} made fewer than ${floor} checks:`,
    ...g.under.map((u) =>
      u.applied === 0
        ? `  ${u.id}: no scenario it applies to: the engine's cards and capabilities never reach what it is about (declare cards that do)`
        : `  ${u.id}: ${u.checks} check(s) in ${u.applied} scenario(s) it applied to: more runs (--runs) give it more`,
    ),
    ...(g.neverReached.length > 0 ? [`  features no scenario reached with this engine's cards and capabilities: ${g.neverReached.join(', ')}`] : []),
  ];
}
