// Whether a target is still the object that was targeted (CR 400.7, 608.2b): a permanent that leaves
// the battlefield after it is targeted, and comes back (flickered, bounced and cast again, destroyed and
// returned), is a new object that the spell or ability never targeted, and the target is illegal. The
// judge reads it from the trace: the permanent missing from the battlefield after a step since the
// resolving object was put on the stack, or flickered by one.
import type { Run, RunStep } from './run.ts';

/** The step that put `objectId` on the stack, from which on it stayed there until `step`; -1 where it was not there before `step`. */
export function stepThatStacked(run: Run, step: RunStep, objectId: string): number {
  let from = -1;
  for (let k = step.index - 1; k >= 0; k--) {
    if (!run.allSteps[k]!.after.stack.some((o) => o.id === objectId)) break;
    from = k;
  }
  return from;
}

/**
 * The step at which `objectId` chose `id` as a target: the step that put it on the stack; for a copy
 * that kept a target of its original (CR 707.10), the step at which the original chose it.
 */
function stepThatTargeted(run: Run, step: RunStep, id: string, objectId: string): number {
  const from = stepThatStacked(run, step, objectId);
  if (from === -1) return -1;
  const made = run.allSteps[from]!;
  const copy = made.after.stack.find((o) => o.id === objectId);
  if (copy?.kind !== 'spell' || !copy.copy) return from;
  const original = made.before.stack.find((o) => o.kind === 'spell' && o.id === copy.card && !o.copy);
  if (!original?.targets?.some((g) => g.includes(id))) return from;
  const back = stepThatStacked(run, made, original.id);
  return back === -1 ? from : back;
}

/**
 * Whether `id`, a permanent when the object `objectId` on the stack targeted it, has changed zones
 * since: absent from the battlefield after a later step, or flickered by one, before `step`.
 */
export function newObjectSinceTargeted(run: Run, step: RunStep, id: string, objectId: string): boolean {
  const from = stepThatTargeted(run, step, id, objectId);
  if (from === -1 || !run.allSteps[from]!.after.battlefield.some((p) => p.id === id)) return false;
  for (let k = from + 1; k < step.index; k++) {
    const s = run.allSteps[k]!;
    if (!s.after.battlefield.some((p) => p.id === id)) return true;
    if (s.step.outcome === 'accepted' && s.action.do === 'flicker' && s.action.permanent === id) return true;
  }
  return false;
}
