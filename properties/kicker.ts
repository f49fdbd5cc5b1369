// Kicker and multikicker declarations (CR 702.33).
import { Checker, show, spellOnStack, type Property } from './property.ts';
import { kickerDeclarationProblem } from './expectations.ts';

export const kickerDeclarations: Property = {
  id: 'kicker.declarations',
  rules: ['702.33b', '702.33c', '702.33d'],
  statement:
    'Each kicker cost can be declared at most once and multikicker any number of times; an accepted spell is kicked exactly as declared.',
  applies: (s) => s.actions.some((a) => a.do === 'cast' && ((a.kicker?.length ?? 0) > 0 || (a.multikicker ?? 0) > 0)),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      if (step.action.do !== 'cast') continue;
      const a = step.action;
      const def = run.def(a.card);
      if (!def) continue;
      const kicker = a.kicker ?? [];
      const multikicker = a.multikicker ?? 0;
      const problem = kickerDeclarationProblem(def, kicker, multikicker);
      if (problem) {
        if (step.step.outcome === 'accepted') c.fail(step, `the cast is rejected: ${problem}`, 'the cast was accepted');
        else c.checkedOne();
        continue;
      }
      if (step.step.outcome !== 'accepted') continue;
      const o = spellOnStack(step.after, a.card);
      if (!o) {
        c.fail(step, `${def.name} is on the stack`, 'it is not');
        continue;
      }
      const times = kicker.length + multikicker;
      if (o.kicked !== times > 0) c.fail(step, `kicked is ${times > 0} (declared ${show(kicker)}, multikicker ${multikicker})`, `kicked is ${o.kicked}`);
      else if (o.kicker && show([...o.kicker].sort()) !== show([...kicker].sort())) c.fail(step, `kicker costs ${show([...kicker].sort())}`, `kicker costs ${show(o.kicker)}`);
      else if (o.multikicker !== undefined && o.multikicker !== multikicker) c.fail(step, `multikicker paid ${multikicker} times`, `${o.multikicker} times`);
      else if (o.timesKicked !== undefined && o.timesKicked !== times) c.fail(step, `kicked ${times} times`, `${o.timesKicked} times`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
