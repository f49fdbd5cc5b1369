// Costs: mana value (CR 202.3, 118.8d) and the total cost (CR 601.2f-h, 118.7, 118.9).
import { formatMana, manaOf, sameManaWritten, toPool } from '../model/mana.ts';
import { castSpellOrFail, Checker, sameShown, show, spells, type Property } from './property.ts';
import { declaredTotalMana, expectedTotalMana, hasCostChangers } from '../oracle/total-cost.ts';
import { hasX, printedManaValue } from '../oracle/definitions.ts';
import { declaredKick } from '../oracle/kicks.ts';
import { timesKicked } from '../model/kick.ts';
import { checkEachCopy } from './copies.ts';
import { paymentProblem, poolMinus } from '../oracle/payment.ts';
import { features } from './features.ts';

export const manaValueUnchanged: Property = {
  id: 'costs.mana-value-unchanged',
  rules: ['118.8d', '202.3', '202.3e', '702.47c'],
  statement: "A spell's mana value is that of its printed mana cost, with X as chosen, whatever kicker, multikicker and splice costs were paid.",
  applies: (s) => features(s).does.has('cast'),
  check(run) {
    const c = new Checker();
    const castX = new Map<string, number>();
    for (const step of run.steps) {
      if (step.action.do === 'cast' && step.action.x !== undefined) castX.set(step.action.card, step.action.x);
      for (const o of spells(step.after)) {
        const def = run.def(o.card);
        if (!def) {
          c.fail(step, `every spell on the stack is a card of the scenario (or a copy of one)`, `${o.id} is card ${show(o.card)}, which the scenario does not have`);
          break;
        }
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

export const copySameManaValue: Property = {
  id: 'costs.copy-same-mana-value',
  rules: ['707.2', '707.10', '202.3e'],
  statement: 'A copy of a spell has the mana cost, X and so the mana value of the spell it copies.',
  needs: { mechanics: ['copy'] },
  applies: (s) => features(s).does.has('copy') || features(s).does.has('resolve'),
  check: (run) =>
    checkEachCopy(run, ({ step, copy, original }, c) => {
      if (copy.manaValue !== original.manaValue) c.fail(step, `copy ${copy.id} has mana value ${original.manaValue} like ${original.id}`, `mana value ${copy.manaValue}`);
      else if (copy.x !== original.x) c.fail(step, `copy ${copy.id} has X=${original.x ?? '(none)'} like ${original.id}`, `X=${copy.x ?? '(none)'}`);
      else c.checkedOne();
    }),
};

export const totalCostPaid: Property = {
  id: 'costs.total-cost-paid',
  rules: ['601.2f', '601.2h', '118.7a', '118.8', '118.9d', '702.33a', '702.47a'],
  statement:
    'The total cost paid is the mana cost (or nothing, cast without paying it) plus every declared kicker, multikicker and splice cost, plus increases, minus generic reductions down to {0}; the permanents sacrificed for it are those declared.',
  needs: { observes: ['player.mana'] },
  applies: (s) => features(s).does.has('cast'),
  check(run) {
    const c = new Checker();
    for (const step of run.acceptedCasts()) {
      const action = step.action;
      const total = expectedTotalMana(run, step, action);
      if (!total) continue;
      const o = castSpellOrFail(c, step, action.card);
      if (!o) break;
      if (o.totalCost && !sameManaWritten(manaOf(o.totalCost.mana), total)) {
        c.fail(step, `total cost ${formatMana(total)} for ${o.name}`, `total cost ${o.totalCost.mana}`);
        break;
      }
      // The permanents sacrificed are the part of the total cost that is not mana (CR 601.2h): those declared, no others.
      const sacrificed = o.totalCost?.sacrificed;
      if (sacrificed) {
        const declared = [...(action.sacrifice ?? [])].sort();
        if (!sameShown([...sacrificed].sort(), declared)) {
          c.fail(step, `${o.name} paid by sacrificing ${show(declared)}`, `sacrificed ${show(sacrificed)}`);
          break;
        }
      }
      const who = action.player === 'p1' ? 0 : 1;
      const before = step.before.players[who]?.mana;
      const after = step.after.players[who]?.mana;
      // The engine observes player.mana (needs): a pool left out is a mismatch, not a reason to skip the payment.
      if (before === undefined || after === undefined) {
        c.fail(step, `${action.player}'s mana pool shown before and after the cast`, `${before === undefined ? 'none before' : 'none after'}`);
        break;
      }
      const pool = toPool(before);
      const problem = paymentProblem(pool, total, poolMinus(pool, toPool(after)));
      if (problem) {
        // How a right total was paid from the pool (CR 601.2h), a branch apart from the total the
        // engine determined: generic mana paid from coloured and a reduction lost are two bugs.
        c.fail(step, problem.expected, `${problem.observed}${o.totalCost ? ` (total cost ${show(o.totalCost.mana)})` : ''}`, undefined, '601.2h');
        break;
      }
      c.checkedOne();
    }
    return c.verdict();
  },
};

export const reductionsOnlyGeneric: Property = {
  id: 'costs.reductions-only-generic',
  rules: ['118.7a', '601.2f'],
  statement: 'Cost increases and generic reductions change only the generic part of the total cost: its coloured symbols stay as declared.',
  needs: { observes: ['stack.totalCost'], mechanics: ['costModifiers'] },
  applies: (s) => features(s).costChanger,
  check(run) {
    const c = new Checker();
    if (!hasCostChangers(run)) return c.verdict();
    for (const step of run.acceptedCasts()) {
      const o = castSpellOrFail(c, step, step.action.card);
      if (!o) break;
      const declared = declaredTotalMana(run, step.action);
      if (!declared) continue;
      // The engine observes stack.totalCost (needs): a cast spell without one is a mismatch, not a reason to skip it.
      if (!o.totalCost) {
        c.fail(step, `${o.name}, cast, shows its total cost`, 'no total cost');
        break;
      }
      const paid = manaOf(o.totalCost.mana);
      const wrong = (['W', 'U', 'B', 'R', 'G', 'C'] as const).find((k) => paid[k] !== declared[k]);
      if (wrong) c.fail(step, `${declared[wrong]} {${wrong}} in the total cost of ${o.name}, as declared`, `${paid[wrong]} in ${o.totalCost.mana}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const freeCastKeepsAdditionalCosts: Property = {
  id: 'costs.free-cast-keeps-additional-costs',
  rules: ['118.9', '118.9d', '702.33d', '702.47a'],
  statement: 'A spell cast without paying its mana cost can still be kicked and spliced: it is kicked and spliced as declared and pays only those costs.',
  needs: { mechanics: ['freeCast'] },
  applies: (s) => features(s).castFree,
  check(run) {
    const c = new Checker();
    for (const step of run.acceptedCasts()) {
      const a = step.action;
      if (!a.withoutPayingManaCost) continue;
      const o = castSpellOrFail(c, step, a.card);
      if (!o) break;
      const kicks = timesKicked(declaredKick(a));
      if (o.kicked !== undefined && o.kicked !== kicks > 0) c.fail(step, `${o.name}, cast free, is kicked: ${kicks > 0}`, `kicked: ${o.kicked}`);
      else if (o.timesKicked !== undefined && o.timesKicked !== kicks) c.fail(step, `kicked ${kicks} times`, `${o.timesKicked} times`);
      else if (o.spliced && !sameShown(o.spliced, a.splice ?? [])) c.fail(step, `spliced ${show(a.splice ?? [])}`, `spliced ${show(o.spliced)}`);
      else {
        const total = expectedTotalMana(run, step, a);
        if (o.totalCost && total && !sameManaWritten(manaOf(o.totalCost.mana), total)) c.fail(step, `total cost ${formatMana(total)}: the additional costs only`, `total cost ${o.totalCost.mana}`);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const xIsZeroOnFreeCast: Property = {
  id: 'costs.x-zero-on-free-cast',
  rules: ['107.3b', '118.9'],
  statement: 'Cast without paying its mana cost, a spell with {X} must have X = 0; any other value is rejected.',
  needs: { mechanics: ['freeCast', 'x'] },
  applies: (s) => features(s).castFreeWithX,
  check(run) {
    const c = new Checker();
    for (const step of run.casts()) {
      const a = step.action;
      if (!a.withoutPayingManaCost || a.x === undefined || !hasX(run.def(a.card)!)) continue;
      if (a.x > 0 && step.step.outcome === 'accepted') c.fail(step, `casting ${a.card} free with X=${a.x} is rejected`, 'it was accepted');
      else if (a.x > 0) c.checkedOne();
      else if (step.step.outcome === 'accepted') {
        const o = castSpellOrFail(c, step, a.card);
        if (o && o.x !== undefined && o.x !== 0) c.fail(step, 'X=0 on the stack', `X=${o.x}`);
        else if (o) c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
