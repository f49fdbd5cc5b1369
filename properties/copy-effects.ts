// A copy effect creates its copy (CR 707.10): the copy properties have nothing to judge when no copy
// exists, so this one asks that it does.
import { Checker, type Property } from './property.ts';
import type { StackSpell } from '../model/schema-types.ts';

export const copyAppears: Property = {
  id: 'copies.copy-appears',
  rules: ['707.10', '707.10c'],
  statement:
    'A copy effect puts its copy on the stack, named by the action that made it: an accepted copy action, and a resolving copy spell (Twincast) whose target spell is still on the stack.',
  needs: { mechanics: ['copy'] },
  applies: (s) =>
    s.actions.some((a) => a.do === 'copy') ||
    s.cards.some((c) => (c.definition.effects ?? []).some((e) => e.kind === 'copySpell')),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      const a = step.action;
      let original: StackSpell | undefined;
      if (a.do === 'copy') original = step.before.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === a.spell);
      else if (a.do === 'resolve' && !a.untilEmpty) {
        const top = step.before.stack.at(-1);
        if (top?.kind !== 'spell' || !(run.def(top.card)?.effects ?? []).some((e) => e.kind === 'copySpell')) continue;
        const target = top.targets.flat()[0];
        original = step.before.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === target && o.types.some((t) => t === 'Instant' || t === 'Sorcery'));
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
