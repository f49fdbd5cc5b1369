// Casting as a whole (CR 601.2) and illegal actions (CR 733.1).
import { diffStates, formatDifferences } from '../model/compare.ts';
import { Checker, type Property } from './property.ts';

export const rejectionChangesNothing: Property = {
  id: 'casting.rejection-changes-nothing',
  rules: ['733.1', '601.2'],
  statement: 'A rejected action leaves the game exactly as it was: no card moved, no mana spent, nothing on the stack.',
  applies: () => true,
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      if (step.step.outcome !== 'rejected') continue;
      const diffs = diffStates(step.before, step.after);
      if (diffs.length > 0) c.fail(step, 'the state before the action', formatDifferences(diffs.slice(0, 3)));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
