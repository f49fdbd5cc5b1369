// A copy effect creates its copy (CR 707.10): the copy properties have nothing to judge when no copy
// exists, so this one asks that it does.
import { Checker, spellOnStack, type Property, type Run, type RunStep } from './property.ts';
import type { StackSpell } from '../model/schema-types.ts';
import { sameFamily } from '../model/rejections.ts';
import { features } from './features.ts';

export const copyAppears: Property = {
  id: 'copies.copy-appears',
  rules: ['707.10', '707.10c', '115.5'],
  statement:
    'A copy effect puts its copy on the stack, named by the action that made it: an accepted copy action, and a resolving copy spell (Twincast) whose target spell is still on the stack (never itself, CR 115.5). A copy action of a spell on the stack that keeps its targets is carried out; one of anything else is rejected as naming no spell.',
  needs: { mechanics: ['copy'] },
  applies: (s) => features(s).does.has('copy') || features(s).effects.has('copySpell'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      if (step.step.outcome === 'rejected' && step.action.do === 'copy') copyRejection(run, step, c);
      if (c.done) break;
    }
    for (const step of run.accepted()) {
      const a = step.action;
      let original: StackSpell | undefined;
      if (a.do === 'copy') original = step.before.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === a.spell);
      else if (a.do === 'resolve' && !a.untilEmpty) {
        const top = step.before.stack.at(-1);
        if (top?.kind !== 'spell' || !(run.def(top.card)?.effects ?? []).some((e) => e.kind === 'copySpell')) continue;
        const target = top.targets.flat()[0];
        // A spell is never a legal target for itself (CR 115.5): a copy spell aimed at itself copies nothing.
        original = target === top.id ? undefined : step.before.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === target && o.types.some((t) => t === 'Instant' || t === 'Sorcery'));
      }
      if (!original) continue;
      const copy = step.after.stack.find((o) => o.kind === 'spell' && o.id === a.id);
      if (copy?.kind !== 'spell' || !copy.copy || copy.card !== original.card) {
        c.fail(step, `a copy of ${original.id} named ${a.id} on the stack`, copy ? `${a.id} is ${copy.kind === 'spell' && copy.copy ? `a copy of ${copy.card}` : 'no copy'}` : 'no such object on the stack');
      } else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/**
 * A rejected copy action (CR 707.10): copying a spell on the stack and keeping its targets asks
 * nothing that can be refused; copying what is not a spell on the stack is refused as naming the
 * wrong object. New targets may be refused for themselves (CR 707.10c), not judged here.
 */
function copyRejection(run: Run, step: RunStep, c: Checker): void {
  const a = step.action;
  if (a.do !== 'copy') return;
  const onStack = spellOnStack(step.before, a.spell);
  if (onStack && a.newTargets === undefined) c.fail(step, `a copy of ${a.spell}, a spell on the stack, is put on the stack`, `rejected (${step.step.reason ?? 'no reason'})`);
  else if (!onStack && !sameFamily('not-a-spell', step.step.reason)) c.fail(step, `rejected: ${a.spell} is not a spell on the stack (reason of the illegal-object family)`, `reason ${step.step.reason ?? '(none)'}`);
  else c.checkedOne();
}
