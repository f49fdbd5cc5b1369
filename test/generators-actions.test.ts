// The actions parts of the generators (generators/stack-actions.ts, board-actions.ts, interrupt.ts):
// follow-ups drawn among those the engine can do, each at most once, and built into actions of the
// shape the scenario format asks for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { catalog } from '../model/catalog.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import { expandCapabilities } from '../model/capabilities.ts';
import type { Capabilities } from '../model/schema-types.ts';
import { boardFollowUpActions, boardFollowUpsArb, boardFollowUpsOf } from '../generators/board-actions.ts';
import { Builder } from '../generators/builder.ts';
import { contextFor } from '../generators/context.ts';
import { clearedForInterrupt, interruptArb } from '../generators/interrupt.ts';
import { planArb } from '../generators/plan-arb.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { BOARD_FOLLOW_UPS, STACK_FOLLOW_UPS, type Watcher } from '../generators/plan.ts';
import { stackFollowUpActions, stackFollowUpsArb } from '../generators/stack-actions.ts';
import { BARE_CAPABILITIES, CONTEXTS, PRINTED_CAPABILITIES, samples } from './fixtures/generator-parts.ts';

const unique = <T>(xs: readonly T[]) => new Set(xs).size === xs.length;

describe('follow-ups', () => {
  it('are up to three, each once, of those named, and none an engine cannot do', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const stack = samples(stackFollowUpsArb(CONTEXTS[name]));
      const board = samples(boardFollowUpsArb(CONTEXTS[name]));
      for (const fs of stack) expect(fs.length <= 3 && unique(fs) && fs.every((f) => STACK_FOLLOW_UPS.includes(f))).toBe(true);
      for (const fs of board) expect(fs.length <= 3 && unique(fs) && fs.every((f) => BOARD_FOLLOW_UPS.includes(f))).toBe(true);
      expect(new Set(stack.flat()).size).toBeGreaterThanOrEqual(5);
      expect(new Set(board.flat()).size).toBeGreaterThanOrEqual(6);
    }
    expect(samples(stackFollowUpsArb(CONTEXTS.bare)).flat()).toEqual([]);
    expect(samples(boardFollowUpsArb(CONTEXTS.bare)).flat()).toEqual([]);
    const tapOnly = contextFor({ ...BARE_CAPABILITIES, actions: ['cast', 'resolve', 'tap'] });
    expect(new Set(samples(boardFollowUpsArb(tapOnly)).flat())).toEqual(new Set(['tap-land']));
  });

  it('come out in the order they happen, those about the main permanent only where it is there', () => {
    for (const plan of samples(planArb({ capabilities: PRINTED_CAPABILITIES }, CONTEXTS['printed-only']), 100)) {
      const there = boardFollowUpsOf(plan, CONTEXTS['printed-only'], true);
      expect(there).toEqual(BOARD_FOLLOW_UPS.filter((f) => there.includes(f)));
      for (const f of plan.boardFollowUps) expect(there).toContain(f);
      expect(boardFollowUpsOf(plan, CONTEXTS['printed-only'], false)).not.toContain('flicker');
    }
  });
});

describe('built follow-ups', () => {
  const caps: Capabilities = expandCapabilities(PRINTED_CAPABILITIES);
  const ctx = CONTEXTS['printed-only'];
  const [plan] = samples(planArb({ capabilities: PRINTED_CAPABILITIES }, ctx), 1);
  const main = catalog().get('Kavu Titan')!;

  it('act on the main spell while it is on the stack, within what the engine does', () => {
    const b = new Builder(false);
    const cast = { do: 'cast' as const, card: 'main' };
    const p = { ...plan!, main, copies: [], selfTarget: false, stackFollowUps: [...STACK_FOLLOW_UPS] };
    const left = stackFollowUpActions(p, b, ctx, { cast, declared: { kicker: ['A'], multikicker: 0 }, colors: [], x: undefined, sacrifices: [], setOff: 0, watchersOnCast: [], creatureTargets: ['b1'], copies: [{ id: 'copy1', controller: 'p2' }], destroyed: new Set() });
    expect(left).toBe(true);
    expect(b.actions[0]).toEqual({ do: 'counter', spell: 'main' });
    expect(b.actions).toContainEqual({ do: 'destroy', permanent: 'b1' });
    // A counter aimed at p2's copy, not at the spell (by the action or p1's counterspell), and an instant of p2's at p1, copied by p1.
    expect(b.actions.some((a) => (a.do === 'counter' && a.spell === 'copy1') || (a.do === 'cast' && a.card === 'ccs' && a.player === undefined && a.targets?.[0]?.[0] === 'copy1'))).toBe(true);
    expect(b.actions).toContainEqual(expect.objectContaining({ do: 'cast', player: 'p2', card: 'ospell', targets: [['p1']] }));
    expect(b.actions.some((a) => (a.do === 'copy' || a.do === 'resolve') && a.id === 'ocopy' && !('player' in a))).toBe(true);
    for (const a of b.actions) expect(caps.actions.includes(a.do) || a.do === 'cast').toBe(true);
  });

  it('take a target of the main spell off the battlefield and back, each way the engine does (a new object, CR 400.7)', () => {
    const made = (pick: number, watchers: Watcher[] = []) => {
      const b = new Builder(false);
      b.permanent('b1', catalog().get('Grizzly Bears')!, true, 'p2');
      for (const w of watchers) b.permanent('w1', w.def, true, w.side);
      const cast = { do: 'cast' as const, card: 'main', targets: [['b1']] };
      const p = { ...plan!, main, copies: [], pick, watchers, stackFollowUps: ['target-changes-zones' as const] };
      expect(stackFollowUpActions(p, b, ctx, { cast, declared: { kicker: [], multikicker: 0 }, colors: [], x: undefined, sacrifices: [], setOff: 0, watchersOnCast: [], creatureTargets: ['b1'], copies: [], destroyed: new Set() })).toBe(false);
      return b.actions;
    };
    // The last follow-up, with the spell still on the stack: the spell resolves at once, its target a new object.
    const resolve = { do: 'resolve', id: 'zones-resolve' };
    // Cloudshift is p2's to cast, at p2's creature, and resolves first.
    const cloudshift = [{ do: 'cast', player: 'p2', card: 'flk', targets: [['b1']] }, { do: 'resolve' }, resolve];
    // A bounce card (Blink of an Eye) p2 casts at p2's creature, which p2 then casts again: both resolve first.
    const recast = [{ do: 'cast', player: 'p2', card: 'bnc', targets: [['b1']] }, { do: 'resolve' }, { do: 'cast', player: 'p2', card: 'b1' }, { do: 'resolve' }, resolve];
    expect([0, 1, 2, 3, 4, 5, 6].map((pick) => made(pick))).toEqual([
      [{ do: 'flicker', permanent: 'b1' }, resolve],
      cloudshift,
      cloudshift,
      recast,
      recast,
      [{ do: 'bounce', object: 'b1' }, { do: 'putOntoBattlefield', player: 'p2', card: 'b1' }, resolve],
      [{ do: 'destroy', permanent: 'b1' }, { do: 'putOntoBattlefield', player: 'p2', card: 'b1' }, resolve],
    ]);
    // Beside an ability that triggers on any player's spell, Cloudshift resolves after it, as the bounce card does.
    const gain: Watcher = { kind: 'cast', side: 'p1', fed: true, def: { name: 'Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'spellCast', whose: 'any', effects: [{ kind: 'gainLife', amount: 1 }] }] } };
    expect(made(1, [gain])).toEqual([cloudshift[0], { do: 'resolve' }, ...cloudshift.slice(1)]);
  });

  it('act around the permanents afterwards, each a valid action', () => {
    const b = new Builder(false);
    b.permanent('land1', catalog().get('Mountain')!, true, 'p1');
    const p = { ...plan!, main, watchers: [], kickerPermanent: catalog().get('Gnarlid Pack')! };
    const n = boardFollowUpActions([...BOARD_FOLLOW_UPS], p, b, ctx, [], new Set());
    expect(n).toBe(BOARD_FOLLOW_UPS.length - 1);
    expect(b.actions.map((a) => a.do)).toEqual(['putOntoBattlefield', 'putOntoBattlefield', 'tap', 'untap', 'flicker', 'clone', 'destroy', 'putOntoBattlefield', 'destroyAll']);
    const scenario = { format: 'castcheck-scenario/1', cards: b.cards, players: [{ id: 'p1', mana: {} }, { id: 'p2' }], actions: b.actions };
    expect(formatIssues(validateDocument('scenario', scenario))).toEqual([]);
  });
});

describe('the interrupt', () => {
  it('is drawn where the engine resolves and flickers or bounces, and empties the stack of all but the main spell', () => {
    expect(samples(interruptArb(CONTEXTS.reference)).some((i) => i)).toBe(true);
    expect(samples(interruptArb(CONTEXTS.bare)).every((i) => !i)).toBe(true);
    const conditional = [...catalog().values()].find((d) => (d.triggers ?? []).some((t) => t.event === 'selfEnters' && t.if !== undefined))!;
    for (const plan of samples(planArb({ capabilities: PRINTED_CAPABILITIES }, CONTEXTS['printed-only']), 50)) {
      const p = clearedForInterrupt({ ...plan, main: conditional, interrupt: true, illegal: null });
      expect(p.copies).toEqual([]);
      expect(p.stackFollowUps).toEqual([]);
      expect(clearedForInterrupt({ ...plan, interrupt: false })).toEqual({ ...plan, interrupt: false });
    }
  });
});

describe('a copy returned to hand', () => {
  // Bouncing a copy ends it as a counter does (CR 707.10a): an engine that can bounce spells but
  // neither counters them nor knows a counterspell still has its copies aimed at.
  it('is made for an engine that bounces spells and copies, with no counter and no counterspell', () => {
    const caps: Capabilities = { ...BARE_CAPABILITIES, mechanics: ['kicker', 'copy'], actions: ['cast', 'copy', 'resolve', 'bounceSpell'] };
    const scenarios = fc.sample(scenarioArb({ capabilities: caps, illegalShare: 0 }), { numRuns: 300, seed: 1 });
    const copyIds = (s: (typeof scenarios)[number]) => new Set(s.actions.filter((a) => a.do === 'copy').map((a) => a.id));
    const bounced = scenarios.filter((s) => s.actions.some((a) => a.do === 'bounce' && copyIds(s).has(a.object)));
    expect(bounced.length).toBeGreaterThan(5);
    for (const s of scenarios) expect(s.actions.some((a) => a.do === 'counter')).toBe(false);
    for (const s of bounced) {
      const t = new ReferenceEngine().runSync(s);
      expect(t.steps.filter((st) => st.outcome !== 'accepted').map((st) => `${st.action}: ${st.reason}`)).toEqual([]);
    }
  });
});
