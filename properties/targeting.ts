// A spell or ability can't target itself (CR 115.5): a counterspell cannot counter itself, a copy
// effect cannot copy itself.
import { Checker, show, type Property } from './property.ts';
import { features } from './features.ts';

export const neverTargetsItself: Property = {
  id: 'resolution.never-targets-itself',
  rules: ['115.5', '601.2c'],
  statement:
    'A spell never targets itself: a cast or copy that names the spell among its own targets is rejected, and no spell on the stack has itself as a target, so a counterspell never counters itself.',
  applies: (s) => features(s).does.has('cast') || features(s).does.has('copy'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const a = step.action;
      const self = a.do === 'cast' ? a.card : a.do === 'copy' ? a.id : undefined;
      const named = a.do === 'cast' ? a.targets : a.do === 'copy' ? a.newTargets : undefined;
      if (self !== undefined && named !== undefined && amongTargets(named, self)) {
        if (step.step.outcome === 'accepted') c.fail(step, `${self}, named among its own targets, is rejected`, 'accepted');
        else c.checkedOne();
      }
      const own = step.after.stack.find((o) => o.kind === 'spell' && amongTargets(o.targets, o.id));
      if (own) c.fail(step, `no spell targets itself`, `${own.id} targets ${show(own.targets)}`);
      else if (step.after.stack.some((o) => o.kind === 'spell' && o.targets.length > 0)) c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** Whether target groups name an id: each group looked into in place, as flat() would read it, with no list made (this runs at every step). */
function amongTargets(groups: readonly (readonly string[] | string)[], id: string): boolean {
  for (const g of groups) if (Array.isArray(g) ? g.includes(id) : g === id) return true;
  return false;
}
