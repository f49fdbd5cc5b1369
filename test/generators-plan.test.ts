// The plan and the starting board (generators/plan-arb.ts, starting-board.ts, builder.ts): every
// field of a plan in its range, and the board laid before the cast holding what the plan and its
// costs ask for.
import { describe, expect, it } from 'vitest';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import { Builder } from '../generators/builder.ts';
import { plannedKicks, sacrificesNeeded } from '../generators/costs.ts';
import { planArb } from '../generators/plan-arb.ts';
import { BOARD_FOLLOW_UPS, CONDITION_CHANGES, ILLEGAL_KINDS, STACK_FOLLOW_UPS, STRAY_ACTIONS } from '../generators/plan.ts';
import { fittingSplices } from '../generators/splices.ts';
import { layBoard, stockLibrary } from '../generators/starting-board.ts';
import { BARE_CAPABILITIES, CONTEXTS, PRINTED_CAPABILITIES, REFERENCE_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

const CASES = [['reference', REFERENCE_CAPABILITIES], ['printed-only', PRINTED_CAPABILITIES], ['bare', BARE_CAPABILITIES]] as const;

describe('the plan', () => {
  for (const [name, capabilities] of CASES) {
    it(`has every field in its range (${name})`, () => {
      for (const p of samples(planArb({ capabilities, illegalShare: 0.5 }, CONTEXTS[name]), 150)) {
        expect(p.splices.length).toBeLessThanOrEqual(3);
        expect(p.copies.length).toBeLessThanOrEqual(2);
        expect(p.multikicks).toBeLessThanOrEqual(9);
        expect(p.x).toBeLessThanOrEqual(4);
        expect(p.lands).toBeLessThanOrEqual(3);
        expect(p.library).toBeLessThanOrEqual(6);
        expect(p.resolves).toBeLessThanOrEqual(3);
        expect(p.picks).toHaveLength(16);
        expect(p.pick).toBeLessThanOrEqual(7);
        expect(p.slack).toBeLessThanOrEqual(3);
        expect(p.p2Life === undefined || (p.p2Life >= 1 && p.p2Life <= 6)).toBe(true);
        expect(p.stackFollowUps.every((f) => STACK_FOLLOW_UPS.includes(f))).toBe(true);
        expect(p.boardFollowUps.every((f) => BOARD_FOLLOW_UPS.includes(f))).toBe(true);
        expect(p.illegal === null || ILLEGAL_KINDS.includes(p.illegal)).toBe(true);
        expect(p.stray === null || STRAY_ACTIONS.includes(p.stray)).toBe(true);
        expect(p.condition === null || CONDITION_CHANGES.includes(p.condition.change)).toBe(true);
        // The interrupt is a way of resolving the main spell.
        if (p.interrupt) expect(p.resolves > 0 || p.resolveAll).toBe(true);
        if (!CONTEXTS[name].caps.cards.synthetic) expect(p.oracle).toBe(true);
      }
    });
  }

  it('casts no spell now and then, and mostly does', () => {
    const spells = samples(planArb({ capabilities: REFERENCE_CAPABILITIES }, CONTEXTS.reference), 300).map((p) => p.spell);
    expect(spells.some((s) => !s)).toBe(true);
    expect(spells.filter((s) => s).length).toBeGreaterThan(spells.length * 0.8);
  });
});

describe('the starting board', () => {
  for (const [name, capabilities] of CASES) {
    it(`holds lands for the sacrifices, the watchers on their sides and valid cards (${name})`, () => {
      const ctx = CONTEXTS[name];
      for (const planned of samples(planArb({ capabilities }, ctx), 100)) {
        const b = new Builder(ctx.caps.cards.synthetic);
        const { kicker, multikicker } = plannedKicks(planned);
        const splices = fittingSplices(planned.spell, planned.main, planned.splices);
        const { plan } = layBoard(planned, b, ctx, kicker, multikicker, splices);
        stockLibrary(plan, b, ctx, [planned.main, ...splices]);
        const lands = b.board.filter((o) => o.id.startsWith('land'));
        if (ctx.byName('Mountain')) expect(lands.length).toBeGreaterThanOrEqual(Math.max(planned.lands, sacrificesNeeded(planned.main, kicker, multikicker, splices)));
        plan.watchers.forEach((w, i) => expect(b.board.find((o) => o.id === `w${i + 1}`)?.controller).toBe(w.side));
        expect(b.library.length).toBeLessThanOrEqual(planned.library);
        const scenario = { format: 'castcheck-scenario/1', cards: b.cards, players: [{ id: 'p1', mana: {}, battlefield: b.battlefield.p1, library: b.library }, { id: 'p2', battlefield: b.battlefield.p2 }], actions: [] };
        if (b.library.length === 0) delete (scenario.players[0] as { library?: string[] }).library;
        expect(formatIssues(validateDocument('scenario', scenario))).toEqual([]);
      }
    });
  }
});
