// Costs: mana value (CR 202.3, 118.8d) and the total cost (CR 601.2f-h).
import { formatMana, normalizeManaText, payFromPool, toPool, poolsEqual, formatPool } from '../model/mana.ts';
import { Checker, show, spellOnStack, spells, type Property } from './property.ts';
import { declaresAdditionalCost, expectedTotalMana, hasX, printedManaValue } from './expectations.ts';
import type { NCastAction } from '../model/scenario.ts';

export const manaValueUnchanged: Property = {
  id: 'costs.mana-value-unchanged',
  rules: ['118.8d', '202.3', '202.3e', '702.47c'],
  statement: "A spell's mana value is that of its printed mana cost, with X as chosen, whatever kicker, multikicker and splice costs were paid.",
  applies: (s) => s.actions.some((a) => a.do === 'cast' && declaresAdditionalCost(a)),
  check(run) {
    const c = new Checker();
    const castX = new Map<string, number>();
    for (const step of run.steps) {
      if (step.action.do === 'cast' && step.action.x !== undefined) castX.set(step.action.card, step.action.x);
      for (const o of spells(step.after)) {
        const def = run.def(o.card);
        if (!def) continue;
        // Without an observed X, only the cast spell's X is known for sure.
        const x = o.x ?? (hasX(def) ? (o.copy ? undefined : castX.get(o.card)) : 0);
        if (x === undefined) continue;
        const expected = printedManaValue(def, x);
        if (o.manaValue !== expected) {
          c.fail(step, `${o.id} (${def.name}${hasX(def) ? `, X=${x}` : ''}) has mana value ${expected}`, `mana value ${o.manaValue}`);
        } else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const totalCostPaid: Property = {
  id: 'costs.total-cost-paid',
  rules: ['601.2f', '601.2h', '118.8', '118.9d', '702.33a', '702.47a'],
  statement: 'The total cost paid is the mana cost (or nothing, cast without paying it) plus every declared kicker, multikicker and splice cost.',
  needs: { observes: ['player.mana'] },
  applies: (s) => s.actions.some((a) => a.do === 'cast'),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      if (step.action.do !== 'cast') continue;
      const action: NCastAction = step.action;
      const def = run.def(action.card);
      if (!def) continue;
      const spliced = (action.splice ?? []).map((id) => run.def(id)).filter((d) => d !== undefined);
      const total = expectedTotalMana(def, action, spliced);
      const o = spellOnStack(step.after, action.card);
      if (o?.totalCost && normalizeManaText(o.totalCost.mana) !== formatMana(total)) {
        c.fail(step, `total cost ${formatMana(total)} for ${def.name}`, `total cost ${o.totalCost.mana}`);
        break;
      }
      const who = action.player === 'p1' ? 0 : 1;
      const before = step.before.players[who]?.mana;
      const after = step.after.players[who]?.mana;
      if (before === undefined || after === undefined) continue;
      const expectedLeft = payFromPool(toPool(before), total);
      if (!expectedLeft || !poolsEqual(expectedLeft, toPool(after))) {
        c.fail(
          step,
          `paying ${formatMana(total)} from ${formatPool(toPool(before))} leaves ${expectedLeft ? formatPool(expectedLeft) : '(cannot be paid)'}`,
          `${formatPool(toPool(after))} left${o?.totalCost ? ` (total cost ${show(o.totalCost.mana)})` : ''}`,
        );
        break;
      }
      c.checkedOne();
    }
    return c.verdict();
  },
};
