// A permanent that changed zones after it was targeted is a new object (CR 400.7): the target is
// illegal as the spell or ability resolves (CR 608.2b), which does nothing to the new object.
import { sameJson } from '../model/compare.ts';
import { features } from './features.ts';
import { Checker, permanentOn, show, type Property } from './property.ts';
import { newObjectSinceTargeted } from '../oracle/targeted-objects.ts';

export const newObjectNotTargeted: Property = {
  id: 'resolution.new-object-not-targeted',
  rules: ['400.7', '608.2b'],
  statement:
    'A permanent that left the battlefield after a spell or ability targeted it, and came back (flickered by the action or by a spell such as Cloudshift, bounced and put back or cast again, destroyed and returned), is a new object: the spell or ability, resolving, neither damages, changes nor moves it.',
  applies: (s) => {
    const f = features(s);
    return f.does.has('resolve') && (f.does.has('flicker') || f.does.has('bounce') || f.does.has('destroy') || f.effects.has('flicker') || f.effects.has('bounce'));
  },
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const a = step.action;
      if (a.do !== 'resolve' || a.untilEmpty || step.step.outcome !== 'accepted') continue;
      const top = step.before.stack.at(-1);
      if (!top?.targets) continue;
      for (const id of top.targets.flat()) {
        // An ability's effects on its own source are not about its target.
        if (id === 'p1' || id === 'p2' || (top.kind === 'ability' && id === top.source)) continue;
        const before = permanentOn(step.before, id);
        if (!before || !newObjectSinceTargeted(run, step, id, top.id)) continue;
        const after = permanentOn(step.after, id);
        const was = `${id}, a new object since ${top.id} targeted it (CR 400.7)`;
        if (!after) c.fail(step, `${was}, stays on the battlefield`, 'it left the battlefield', 'moved', '608.2b');
        else if ((after.damage ?? 0) !== (before.damage ?? 0) && after.damage !== undefined && before.damage !== undefined) c.fail(step, `${was}, is dealt no damage: ${before.damage}`, `${after.damage} damage`, 'damaged', '608.2b');
        else if (!sameJson(after.counters, before.counters) || after.power !== before.power || after.toughness !== before.toughness || after.controller !== before.controller) {
          c.fail(step, `${was}, unchanged: ${show({ counters: before.counters, power: before.power, toughness: before.toughness, controller: before.controller })}`, show({ counters: after.counters, power: after.power, toughness: after.toughness, controller: after.controller }), 'changed', '608.2b');
        } else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
