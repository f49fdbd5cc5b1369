// Agreement with the reference engine on the same scenario, compared by meaning.
import { canonical, diffStates, formatDifferences } from '../model/compare.ts';
import { Checker, type Property } from './property.ts';

export const agreesWithReference: Property = {
  id: 'agreement.reference',
  kind: 'agreement',
  rules: ['601.2', '608.2', '603.3', '707.10'],
  statement: 'Every action is accepted or rejected as by the reference engine, and leaves the same observed state and the same triggered abilities.',
  applies: () => true,
  async check(run, ctx) {
    const c = new Checker();
    const ref = await ctx.reference();
    for (const step of run.allSteps) {
      const want = ref.allSteps[step.index]!;
      if (want.step.outcome !== step.step.outcome) {
        c.fail(step, `${want.step.outcome}${want.step.reason ? ` (${want.step.reason}: ${want.step.message ?? ''})` : ''}`, `${step.step.outcome}${step.step.reason ? ` (${step.step.reason})` : ''}`);
        break;
      }
      if (want.step.reason && step.step.reason && want.step.reason !== step.step.reason) {
        c.fail(step, `rejected as ${want.step.reason}`, `rejected as ${step.step.reason}`);
        break;
      }
      // States written out the same need no comparison by meaning (the common case, and the costly one).
      const diffs = JSON.stringify(want.after) === JSON.stringify(step.after) ? [] : diffStates(want.after, step.after);
      if (diffs.length > 0) {
        c.fail(step, 'the reference engine’s state', formatDifferences(diffs.slice(0, 3)));
        break;
      }
      if (step.step.triggered && want.step.triggered !== undefined) {
        const key = (ts: { source: string; ability: number; controller: string }[]) => canonical(ts.map((t) => `${t.controller}:${t.source}#${t.ability}`));
        if (key(want.step.triggered) !== key(step.step.triggered)) {
          c.fail(step, `triggered ${key(want.step.triggered)}`, `triggered ${key(step.step.triggered)}`);
          break;
        }
      }
      c.checkedOne();
    }
    return c.verdict();
  },
};
