// What a cast must pay (oracle/total-cost.ts, CR 601.2f): the mana cost or nothing (118.9), the
// additional costs declared, each cost increase and reduction that applies as phrased, a reduction
// taking only generic mana (118.7a).
import { describe, expect, it } from 'vitest';
import { costChanges, declaredTotalMana, expectedTotalMana, hasCostChangers } from '../oracle/total-cost.ts';
import { formatMana } from '../model/mana.ts';
import type { Scenario } from '../model/schema-types.ts';
import type { CastStep, Run } from '../oracle/run.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import * as C from './fixtures/oracle-cast-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

/** Each cast of a scenario: its index, the increases and reductions that apply, the total, the cost before the changes. */
function costs(s: Scenario): [number, number[], number[], string, string][] {
  const run: Run = runOf(s);
  return run.casts().map((st: CastStep) => {
    const c = costChanges(run, st, st.action, run.def(st.action.card)!);
    return [st.index, c.increases, c.reductions, formatMana(expectedTotalMana(run, st, st.action)!), formatMana(declaredTotalMana(run, st.action)!)];
  });
}

describe('the oracle of total costs (CR 601.2f)', () => {
  it('applies each change as phrased: every spell, the opponents\', creature spells, noncreature spells, the first kicked spell each turn', () => {
    expect(costs(C.COSTS)).toEqual([
      // Grizzly Bears: both taxes, the creature discount.
      [0, [2, 1], [2], '{2}{G}', '{1}{G}'],
      // Burst Lightning kicked, the first kicked spell: both taxes, the first-kick and the noncreature discounts.
      [1, [2, 1], [1, 1], '{5}{R}', '{4}{R}'],
      // The second kicked spell: no first-kick discount.
      [2, [2, 1], [1], '{6}{R}', '{4}{R}'],
      // p2's: the tax on every spell only; p1's discounts are for p1's spells, p2's own tax for p1's.
      [3, [1], [], '{5}{R}', '{4}{R}'],
    ]);
  });

  it('takes a reduction from generic mana only, never below nothing, also for a spell cast without paying its mana cost (CR 118.9d)', () => {
    expect(costs(F.FREE_AND_REDUCED)).toEqual([
      [0, [], [3], '{0}', '{2}'],
      [1, [], [3], '{0}', '{0}'],
      [3, [], [3], '{G}{G}', '{3}{G}{G}'],
    ]);
  });

  it('finds no cost changers where no card has one, and works out nothing for a card the scenario lacks', () => {
    const run = runOf(S.DAMAGE);
    expect(hasCostChangers(run)).toBe(false);
    expect(hasCostChangers(runOf(C.COSTS))).toBe(true);
    const cast = run.casts()[0]!;
    expect(costChanges(run, cast, cast.action, run.def('s1')!)).toEqual({ increases: [], reductions: [] });
    const unknown = { ...cast.action, card: 'nothing' };
    expect([declaredTotalMana(run, unknown), expectedTotalMana(run, cast, unknown)]).toEqual([undefined, undefined]);
    const spliceUnknown = { ...cast.action, splice: ['nothing'] };
    expect(formatMana(declaredTotalMana(run, spliceUnknown)!)).toBe('{R}');
  });
});
