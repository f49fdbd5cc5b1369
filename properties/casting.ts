// Casting as a whole (CR 601.2) and illegal actions (CR 733.1).
import { diffStates, formatDifferences } from '../model/compare.ts';
import { formatMana, toPool } from '../model/mana.ts';
import { canPay } from './payment.ts';
import type { NCastAction } from '../model/scenario.ts';
import { Checker, type Property, type RunStep } from './property.ts';
import { declarationProblems, expectedTotalMana, sacrificeProblem } from './expectations.ts';

const castSteps = (steps: RunStep[]) => steps.filter((s): s is RunStep & { action: NCastAction } => s.action.do === 'cast');

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

export const illegalDeclarationsRejected: Property = {
  id: 'casting.illegal-declarations-rejected',
  rules: ['733.1', '601.2a', '601.2b', '601.2c', '702.33b', '702.33g', '702.47b'],
  statement:
    'A cast whose declarations break a rule (a card not in hand, a kicker cost twice or not printed, a splice twice or onto the wrong spell, targets that do not fit) is rejected with the reason code for that rule.',
  applies: (s) => s.actions.some((a) => a.do === 'cast'),
  check(run) {
    const c = new Checker();
    for (const step of castSteps(run.steps)) {
      const problems = declarationProblems(run, step, step.action);
      if (problems.length === 0) continue;
      if (step.step.outcome === 'accepted') c.fail(step, `rejected: ${problems.map((p) => p.why).join('; ')}`, 'accepted');
      else if (step.step.outcome === 'rejected' && problems.length === 1 && step.step.reason !== problems[0]!.reason) {
        c.fail(step, `rejected with reason ${problems[0]!.reason} (${problems[0]!.why})`, `reason ${step.step.reason}`);
      } else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** Whether a cast's declarations are all legal, its sacrifices fit and its total cost is payable: it must be accepted. */
function legalAndPayable(run: Parameters<Property['check']>[0], step: RunStep & { action: NCastAction }): { total: string } | undefined {
  const def = run.def(step.action.card);
  if (!def || def.types.includes('Land') || def.manaCost === undefined) return undefined;
  if (declarationProblems(run, step, step.action).length > 0 || sacrificeProblem(run, step, step.action)) return undefined;
  const pool = step.before.players.find((p) => p.id === step.action.player)?.mana;
  const total = expectedTotalMana(run, step, step.action);
  if (pool === undefined || !total) return undefined;
  return canPay(toPool(pool), total) ? { total: formatMana(total) } : undefined;
}

export const unpayableRejected: Property = {
  id: 'casting.unpayable-rejected',
  rules: ['601.2h', '733.1'],
  statement: 'A cast whose total cost the mana available cannot pay is rejected as cannot-pay; no partial payment is made.',
  needs: { observes: ['player.mana'] },
  applies: (s) => s.actions.some((a) => a.do === 'cast'),
  check(run) {
    const c = new Checker();
    for (const step of castSteps(run.steps)) {
      if (declarationProblems(run, step, step.action).length > 0 || sacrificeProblem(run, step, step.action)) continue;
      const pool = step.before.players.find((p) => p.id === step.action.player)?.mana;
      const total = expectedTotalMana(run, step, step.action);
      if (pool === undefined || !total || canPay(toPool(pool), total)) continue;
      if (step.step.outcome === 'accepted') c.fail(step, `rejected: the total cost ${formatMana(total)} cannot be paid`, 'accepted');
      else if (step.step.reason !== 'cannot-pay') c.fail(step, 'rejected as cannot-pay', `rejected as ${step.step.reason}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const legalCastAccepted: Property = {
  id: 'casting.legal-cast-accepted',
  rules: ['601.2', '601.2b', '118.9d', '702.33a', '702.47a'],
  statement:
    'A cast with legal declarations and a payable total cost is accepted: optional kicker, multikicker and splice costs are always on offer, on a free cast too.',
  needs: { observes: ['player.mana'] },
  applies: (s) => s.actions.some((a) => a.do === 'cast'),
  check(run) {
    const c = new Checker();
    for (const step of castSteps(run.steps)) {
      const legal = legalAndPayable(run, step);
      if (!legal) continue;
      if (step.step.outcome !== 'accepted') c.fail(step, `accepted (total cost ${legal.total} is payable)`, `${step.step.outcome}: ${step.step.reason ?? ''} ${step.step.message ?? ''}`.trim());
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
