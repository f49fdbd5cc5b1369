// Whether a target is still the object that was targeted (CR 400.7, 608.2b): a permanent that leaves
// the battlefield after it is targeted, and comes back (flickered, bounced and cast again, destroyed and
// returned), is a new object that the spell or ability never targeted, and the target is illegal. The
// judge reads it from the trace: the permanent missing from the battlefield after a step since the
// resolving object was put on the stack, or flickered by one: the flicker action, or a spell that
// exiles and returns its target (Cloudshift) resolving with that target legal.
import type { Run, RunStep } from './run.ts';
import { targetAllowed } from './targets.ts';

const NONE: readonly string[] = [];

/**
 * The permanents a resolving spell's flicker effect (Cloudshift) exiles and returns in a step: its
 * targets still legal as it resolves (CR 608.2b). A flicker card's target requirements are all its
 * own and unconditional, so that effect `target` i reads target group i.
 */
export function flickeredIn(run: Run, step: RunStep): readonly string[] {
  const a = step.action;
  if (step.step.outcome !== 'accepted' || a.do !== 'resolve' || a.untilEmpty) return NONE;
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell') return NONE;
  const def = run.def(top.card);
  if (!def?.effects?.some((e) => e.kind === 'flicker')) return NONE;
  return run.ofStep(step, 'flickered', () => {
    const out: string[] = [];
    for (const e of def.effects!) {
      const req = e.kind === 'flicker' && e.target !== undefined ? def.targets?.[e.target] : undefined;
      if (!req) continue;
      for (const id of top.targets[e.target!] ?? []) {
        if (out.includes(id) || !step.before.battlefield.some((p) => p.id === id)) continue;
        if (targetAllowed(run, step.before, step.index, req, id, top.id, top.controller, top.colors) && !newObjectSinceTargeted(run, step, id, top.id)) out.push(id);
      }
    }
    return out;
  });
}

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
 * that kept a target of its original (CR 707.10), the step at which the original chose it. A copy
 * given new targets (CR 707.10c) chose them all as it was made, so a permanent that changed zones
 * before then is named as the new object it is (CR 400.7).
 */
function stepThatTargeted(run: Run, step: RunStep, id: string, objectId: string): number {
  const from = stepThatStacked(run, step, objectId);
  if (from === -1) return -1;
  const made = run.allSteps[from]!;
  const a = made.action;
  if ((a.do === 'copy' || a.do === 'resolve') && a.newTargets !== undefined && a.id === objectId) return from;
  const copy = made.after.stack.find((o) => o.id === objectId);
  if (copy?.kind !== 'spell' || !copy.copy) return from;
  const original = made.before.stack.find((o) => o.kind === 'spell' && o.id === copy.card && !o.copy);
  if (!original?.targets?.some((g) => g.includes(id))) return from;
  const back = stepThatStacked(run, made, original.id);
  return back === -1 ? from : back;
}

/**
 * Whether `id`, a permanent when the object `objectId` on the stack targeted it (or, for the source
 * of an ability, when the ability went on the stack), has changed zones since: absent from the
 * battlefield after a later step, or flickered by one, before `step`.
 */
export function newObjectSinceTargeted(run: Run, step: RunStep, id: string, objectId: string): boolean {
  const from = stepThatTargeted(run, step, id, objectId);
  if (from === -1 || !run.allSteps[from]!.after.battlefield.some((p) => p.id === id)) return false;
  for (let k = from + 1; k < step.index; k++) {
    const s = run.allSteps[k]!;
    if (!s.after.battlefield.some((p) => p.id === id)) return true;
    if (s.step.outcome === 'accepted' && s.action.do === 'flicker' && s.action.permanent === id) return true;
    if (flickeredIn(run, s).includes(id)) return true;
  }
  return false;
}
