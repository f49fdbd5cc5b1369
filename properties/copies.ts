// Copies of spells (CR 707.2, 707.10).
import type { ObservedState, StackObject } from '../model/schema-types.ts';
import { Checker, show, stackObject, type Property, type RunStep } from './property.ts';

/** The copy an accepted step made and the spell it copies, as they stood. */
export function copyMadeBy(step: RunStep): { copy: StackObject | undefined; original: StackObject | undefined } | undefined {
  const a = step.action;
  if (step.step.outcome !== 'accepted') return undefined;
  if (a.do === 'copy') return { copy: stackObject(step.after, a.id), original: stackObject(step.before, a.spell) };
  if (a.do === 'resolve') {
    const copy = stackObject(step.after, a.id);
    if (!copy?.copy) return undefined;
    return { copy, original: originalOf(copy, step.before) };
  }
  return undefined;
}

// A copy made by a resolving spell copies one of that spell's targets.
function originalOf(copy: StackObject, before: ObservedState): StackObject | undefined {
  const copier = before.stack[before.stack.length - 1];
  const candidates = (copier?.targets ?? []).flat().map((id) => stackObject(before, id));
  return candidates.find((o) => o?.card === copy.card);
}

export const copyKickedLikeOriginal: Property = {
  id: 'copies.kicked-like-original',
  rules: ['707.2', '707.10'],
  statement: 'A copy of a spell is kicked exactly as the original was: the same kicker costs and the same multikicker count.',
  // Scenarios with copies are generated only for engines that declare copying.
  needs: { mechanics: ['copy'] },
  applies: (s) =>
    s.actions.some((a) => a.do === 'copy') ||
    s.actions.some((a) => a.do === 'cast' && s.cards.find((c) => c.id === a.card)?.definition.effects?.some((e) => e.kind === 'copySpell')),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const made = copyMadeBy(step);
      if (!made) continue;
      const { copy, original } = made;
      if (!original) continue;
      if (!copy) {
        c.fail(step, `a copy named ${step.action.id} of ${original.id} is on the stack`, 'no such object on the stack');
        break;
      }
      const fields = ['kicked', 'kicker', 'multikicker', 'timesKicked'] as const;
      for (const f of fields) {
        const want = original[f];
        const got = copy[f];
        if (want === undefined || got === undefined) continue;
        if (show(want) !== show(got)) {
          c.fail(step, `copy ${copy.id} has ${f} ${show(want)} like ${original.id}`, `${f} ${show(got)}`);
          break;
        }
      }
      if (c.done) break;
      c.checkedOne();
    }
    return c.verdict();
  },
};
