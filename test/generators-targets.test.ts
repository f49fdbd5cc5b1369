// The targets part of the generators (generators/targets.ts): picks, target groups of distinct legal
// candidates, and the cast fitted to the board with the bystanders its targets need.
import { describe, expect, it } from 'vitest';
import { catalog } from '../model/catalog.ts';
import { activeRequirements, candidatesFor, spellColors } from '../model/declarations.ts';
import { Builder } from '../generators/builder.ts';
import { plannedKicks, sacrificeChoices } from '../generators/costs.ts';
import { planArb } from '../generators/plan-arb.ts';
import { fittingSplices } from '../generators/splices.ts';
import { layBoard } from '../generators/starting-board.ts';
import { aimCast, chooseTargets, creaturesAmong, MAX_BYSTANDERS, picksArb } from '../generators/targets.ts';
import { CONTEXTS, PRINTED_CAPABILITIES, REFERENCE_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

describe('picks', () => {
  it('are sixteen positions from 0 to 7, from one number', () => {
    for (const picks of samples(picksArb)) {
      expect(picks).toHaveLength(16);
      expect(picks.every((p) => Number.isInteger(p) && p >= 0 && p < 8)).toBe(true);
    }
  });
});

describe('target groups', () => {
  const lightning = catalog().get('Burst Lightning')!;
  const bears = catalog().get('Grizzly Bears')!;
  const board = [
    { id: 'b1', def: bears, controller: 'p2' as const },
    { id: 'b2', def: bears, controller: 'p2' as const },
  ];
  const reqs = activeRequirements([lightning], { kicker: [], multikicker: 0 });

  it('hold distinct legal candidates, as many as each requirement asks', () => {
    for (let pick = 0; pick < 8; pick++) {
      const groups = chooseTargets(reqs, board, spellColors(lightning), [pick], 0)!;
      expect(groups).toHaveLength(reqs.length);
      groups.forEach((g, i) => {
        expect(g).toHaveLength(reqs[i]!.count);
        expect(new Set(g).size).toBe(g.length);
        for (const id of g) expect(candidatesFor(reqs[i]!.requirement, board, spellColors(lightning))).toContain(id);
      });
    }
  });

  it('are null where a group cannot be filled, unless what there is will do', () => {
    const two = [{ ...reqs[0]!, count: 99 }];
    expect(chooseTargets(two, board, spellColors(lightning), [0], 0)).toBeNull();
    expect(chooseTargets(two, board, spellColors(lightning), [0], 0, true)![0]!.length).toBeGreaterThan(0);
    expect(creaturesAmong([['p2', 'b1'], ['b1', 'b2']], board)).toEqual(['b1', 'b2']);
  });
});

describe('the cast aimed at the board', () => {
  for (const [name, capabilities] of [['reference', REFERENCE_CAPABILITIES], ['printed-only', PRINTED_CAPABILITIES]] as const) {
    it(`declares no more than planned, targets what is on the board and not sacrificed, with at most ${MAX_BYSTANDERS} bystanders (${name})`, () => {
      const ctx = CONTEXTS[name];
      for (const planned of samples(planArb({ capabilities }, ctx), 120)) {
        const b = new Builder(ctx.caps.cards.synthetic);
        const { kicker, multikicker } = plannedKicks(planned);
        const before = { kicks: kicker.length, multikicker };
        const fitting = fittingSplices(planned.spell, planned.main, planned.splices);
        const spliced = fitting.length;
        const laid = layBoard(planned, b, ctx, kicker, multikicker, fitting);
        const aimed = aimCast(laid.plan, b, ctx, kicker, multikicker, fitting);
        expect(aimed.declared.kicker.length).toBeLessThanOrEqual(before.kicks);
        expect(aimed.declared.multikicker).toBeLessThanOrEqual(before.multikicker);
        expect(aimed.splices.length).toBeLessThanOrEqual(spliced);
        expect(aimed.targets.length).toBe(aimed.requirements.length);
        const sacrificed = sacrificeChoices(planned.main, aimed.declared.kicker, aimed.declared.multikicker, aimed.splices, b.board);
        const ids = new Set(b.board.map((o) => o.id));
        for (const group of aimed.targets) {
          for (const id of group) {
            expect(id === 'p1' || id === 'p2' || ids.has(id), id).toBe(true);
            expect(sacrificed).not.toContain(id);
          }
        }
        expect(b.board.filter((o) => /^b\d$/.test(o.id)).length).toBeLessThanOrEqual(MAX_BYSTANDERS);
        if (!planned.spell) expect(aimed.parts).toEqual([]);
      }
    });
  }
});
