// A trigger multiplier (Panharmonicon) makes an ability trigger an additional time only when an
// artifact or creature entering the battlefield sets it off (CR 603.2d). An engine that applies it to
// another event (a spell cast, lands going to a graveyard, a permanent becoming tapped, creatures
// dying, tokens created) shows it under the property of each event, in scenarios that never meet:
// each names the same branch the same way (`CR603.2d/multiplied`), so the findings join them as one
// bug (runner/causes.ts, sameBranch).
import { triggerMultipliers, type Source, type TriggerCounts } from '../oracle/triggers.ts';
import { Checker, permanentOn, type Run, type RunStep } from './property.ts';

/** How many times an ability (`source#index`) should have triggered in a step, `least` to `most`, and how many it did. */
export interface TriggerCount {
  key: string;
  least: number;
  most: number;
  got: number;
}

/** The counts of two tallies of one step, each ability exactly as many times as `want` says. */
export function exactCounts(want: TriggerCounts, got: TriggerCounts): TriggerCount[] {
  const keys = new Set([...want.keys(), ...got.keys()]);
  return [...keys].map((key) => ({ key, least: want.get(key) ?? 0, most: want.get(key) ?? 0, got: got.get(key) ?? 0 }));
}

/**
 * Fails `c` for counts of a step of which some are wrong: by the multiplied branch (CR 603.2d) when
 * every wrong count is what it would be had the trigger multipliers of the ability's controller
 * applied to this event, which they do not name (one more time each: a count the rules allow, times
 * one more than their number); otherwise as the property says (`expected`, `observed`).
 */
export function failCounts(c: Checker, run: Run, step: RunStep, event: string, counts: readonly TriggerCount[], expected: string, observed: string): void {
  const wrong = counts.filter((x) => x.got < x.least || x.got > x.most);
  const multipliers = wrong.map((x) => multipliersBehind(run, step, x));
  const first = wrong[0];
  if (first === undefined || multipliers.some((m) => m === undefined)) {
    c.fail(step, expected, observed);
    return;
  }
  const names = [...new Set(multipliers[0]!.map((s) => s.def.name))].join(' and ');
  const want = first.least === first.most ? `${first.least}` : `${first.least} to ${first.most}`;
  c.fail(
    step,
    `${first.key} triggers ${want} time(s) for ${event}: ${names} does not apply to it, only to abilities an artifact or creature entering sets off`,
    `${first.got} time(s), once more for each of the ${multipliers[0]!.length} trigger multiplier(s) its controller has`,
    'multiplied',
    '603.2d',
  );
}

/** The trigger multipliers of the ability's controller (before the event or after it) that would make a right count the one seen, if any. */
function multipliersBehind(run: Run, step: RunStep, x: TriggerCount): Source[] | undefined {
  const source = x.key.slice(0, x.key.lastIndexOf('#'));
  const controller = (permanentOn(step.before, source) ?? permanentOn(step.after, source))?.controller;
  if (controller === undefined) return undefined;
  for (const [state, index] of [[step.before, step.index], [step.after, step.index + 1]] as const) {
    const multipliers = triggerMultipliers(run, state, index, controller);
    const times = multipliers.length + 1;
    const each = x.got / times;
    if (multipliers.length > 0 && Number.isInteger(each) && each >= Math.max(1, x.least) && each <= x.most) return multipliers;
  }
  return undefined;
}
