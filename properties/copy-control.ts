// Who controls a copy, and what countering one does (CR 707.10, 707.10a): both players copy each
// other's spells and counter copies, so a copy must belong to its copier and be told apart from its
// original, which shares its card.
import type { StackSpell } from '../model/schema-types.ts';
import { checkEachCopy, makesCopies } from './copies.ts';
import { features } from './features.ts';
import { Checker, spellOnStack, spells, type Property, type Run, type RunStep } from './property.ts';

export const copierControls: Property = {
  id: 'copies.copier-controls',
  rules: ['707.10'],
  statement:
    "A copy of a spell is controlled by the player who made it: the player of a copy action, the controller of the resolving copy spell (Twincast), whoever controls the original.",
  needs: { mechanics: ['copy'] },
  applies: makesCopies,
  check: (run) =>
    checkEachCopy(run, ({ step, copy }, c) => {
      const a = step.action;
      // The copy's maker: the action's player, or the copy spell that resolved, as it stood.
      const copier = a.do === 'copy' ? a.player : step.before.stack.at(-1)?.controller;
      if (copier === undefined) return;
      if (copy.controller !== copier) c.fail(step, `copy ${copy.id} controlled by ${copier}, who made it`, `controlled by ${copy.controller}`);
      else c.checkedOne();
    }),
};

export const counterHitsCopy: Property = {
  id: 'copies.counter-hits-copy',
  rules: ['707.10', '707.10a'],
  statement:
    'Countering a copy of a spell counters that copy, which ceases to exist, and not its original: the original, not itself aimed at, stays on the stack.',
  needs: { mechanics: ['copy'] },
  applies: (s) => makesCopies(s) && (features(s).does.has('counter') || features(s).effects.has('counterSpell')),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      for (const copy of copiesAimedAt(run, step)) {
        const aimed = aimedAt(run, step);
        const original = spells(step.before).find((s) => !s.copy && s.card === copy.card && !aimed.includes(s.id));
        if (original && !spellOnStack(step.after, original.id)) c.fail(step, `${original.id} stays on the stack: the counter is aimed at its copy ${copy.id}`, `${original.id} left the stack`, 'original');
        else if (step.action.do === 'counter' && !run.def(copy.card)?.cantBeCountered && spellOnStack(step.after, copy.id)) c.fail(step, `copy ${copy.id} is countered and ceases to exist`, `${copy.id} is still on the stack`, 'copy');
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** What a step aims a counter at: the counter action's spell, or the targets of a resolving spell that counters. */
function aimedAt(run: Run, step: RunStep): string[] {
  const a = step.action;
  if (a.do === 'counter') return [a.spell];
  if (a.do !== 'resolve' || a.untilEmpty) return [];
  const top = step.before.stack.at(-1);
  if (top?.kind !== 'spell' || !(run.def(top.card)?.effects ?? []).some((e) => e.kind === 'counterSpell')) return [];
  return top.targets.flat();
}

/** The copies on the stack a step aims a counter at. */
function copiesAimedAt(run: Run, step: RunStep): StackSpell[] {
  return aimedAt(run, step).flatMap((id) => {
    const s = spellOnStack(step.before, id);
    return s?.copy ? [s] : [];
  });
}
