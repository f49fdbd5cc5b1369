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
 * Fails `c` for counts of a step of which at least one is wrong: by the multiplied branch (CR 603.2d)
 * when every wrong count is what it would be had the trigger multipliers of the ability's controller
 * applied to this event, which they do not name (one more time each: a count the rules allow, times
 * one more than their number); otherwise as the property says (`expected`, `observed`).
 */
export function failCounts(c: Checker, run: Run, step: RunStep, event: string, counts: readonly TriggerCount[], expected: string, observed: string): void {
  const wrong = counts.filter((x) => x.got < x.least || x.got > x.most);
  const multipliers = wrong.map((x) => multipliersBehind(run, step, x));
  if (multipliers.some((m) => m === undefined)) {
    c.fail(step, expected, observed);
    return;
  }
  const first = wrong[0]!;
  const names = [...new Set(multipliers[0]!.map((s) => s.def.name))];
  const want = first.least === first.most ? `${first.least}` : `${first.least} to ${first.most}`;
  c.fail(
    step,
    `${first.key} triggers ${want} time(s) for ${event}: ${names.join(' and ')} ${names.length > 1 ? 'do' : 'does'} not apply to it, only to abilities an artifact or creature entering sets off`,
    `${first.got} time(s), once more for each of the ${multipliers[0]!.length} trigger multiplier(s) its controller has`,
    'multiplied',
    '603.2d',
  );
}

/**
 * The trigger multipliers that the controller of the ability's source had as the event happened, if
 * there are some and they would make a count the rules allow the one seen. Every ability these
 * properties count is of a permanent on the battlefield before the step (those that look back, too).
 */
function multipliersBehind(run: Run, step: RunStep, x: TriggerCount): Source[] | undefined {
  const source = permanentOn(step.before, x.key.slice(0, x.key.lastIndexOf('#')));
  if (source === undefined) return undefined;
  const multipliers = triggerMultipliers(run, step.before, step.index, source.controller);
  const each = x.got / (multipliers.length + 1);
  // With none, `each` is the count seen, wrong: out of the bounds.
  return Number.isInteger(each) && each >= x.least && each <= x.most ? multipliers : undefined;
}
