// Triggered abilities around the main spell (CR 603): watchers on either side (casts, lands, taps,
// tokens, damage, deaths), trigger multipliers, a damage ward; plans with them left out (quiet); how
// many abilities a cast sets off; and an order for the abilities that trigger at once (CR 603.3b).
import fc from 'fast-check';
import { NOT_KICKED, triggerConditionHolds } from '../model/kick.ts';
import { parseMana } from '../model/mana.ts';
import type { Action, CardDefinition, ScenarioCard, TriggeredAbility } from '../model/schema-types.ts';
import { takesChoice } from '../model/capabilities.ts';
import { arrayDraw } from './array-draws.ts';
import type { Builder } from './builder.ts';
import { hasConditionalEnters, hasEffect, isPrinted } from './card-traits.ts';
import type { Context } from './context.ts';
import { constantByWeight, constantDraw, constantFromDraw, integerDraw } from './draws.ts';
import { oneofDraw } from './oneof-draws.ts';
import type { Plan, Watcher } from './plan.ts';
import { tokenMaker } from './supporting-cards.ts';
import { DAMAGE_WARD, MULTIPLIER, watcherArb, type WatcherKind } from './synthetic-cards.ts';
import { recordDraws } from './tuple-draws.ts';
import { rare } from './weighted-draws.ts';

/**
 * Up to four watchers (five printed ones, one card each), each on p1's or p2's side and fed what it
 * watches or not: synthetic watchers of every kind the engine builds, or the printed cards with such
 * triggers it knows. Token watchers, and printed ones that trigger once a turn, weigh more. Shrinks
 * towards fewer watchers, each towards p1's and unfed.
 */
export function watchersArb(ctx: Context): fc.Arbitrary<Watcher[]> {
  const { caps, can, pool } = ctx;
  const watcherKinds: WatcherKind[] = can('triggers')
    ? (['cast', 'land', 'tap', 'damage', 'death', ...(can('tokens') ? (['token'] as const) : [])] as WatcherKind[])
    : [];
  const watcherArbs: { weight: number; arbitrary: fc.Arbitrary<Watcher> }[] = [];
  // Token watchers weigh more: tokens are made by few scenarios, and two properties watch them; so do
  // printed watchers that trigger only once each turn (Morbid Opportunist), which few printed cards do.
  const watcherWeight = (kind: WatcherKind, def?: CardDefinition) => (kind === 'token' ? (def ? 5 : 4) : (def?.triggers ?? []).some((t) => t.oncePerTurn || t.triggersOnlyOnceEachTurn) ? 2 : 1);
  const fedArb = constantByWeight({ weight: 1, value: false }, { weight: 3, value: true });
  if (caps.cards.synthetic) {
    for (const kind of watcherKinds) {
      // Only watchers the engine builds; a kind none of whose shapes it builds is left out.
      const arb = watcherArb(kind, `${kind[0]!.toUpperCase()}${kind.slice(1)} Watcher`);
      if (!fc.sample(arb, { numRuns: 20, seed: 1 }).some(ctx.synth)) continue;
      watcherArbs.push({ weight: watcherWeight(kind), arbitrary: recordDraws(arb.filter(ctx.synth), constantFromDraw<'p1' | 'p2'>('p1', 'p2'), fedArb).map(([def, side, fed]) => ({ def, side, fed, kind })) });
    }
  } else {
    // Printed watchers: cast triggers (Bloodstone Goblin), lands dying (Dingus Egg), tapping (Lifetap),
    // tokens (Rosie Cotton), damage (Coalhauler Swine), deaths (Morbid Opportunist).
    for (const def of pool.filter((d) => d.triggers?.length && !d.kicker && !d.multikicker)) {
      const kind = def.triggers!.map((t) => WATCHED[t.event]).find((k) => k !== undefined);
      if (kind) watcherArbs.push({ weight: watcherWeight(kind, def), arbitrary: recordDraws(constantFromDraw<'p1' | 'p2'>('p1', 'p2'), fedArb).map(([side, fed]) => ({ kind, def, side, fed })) });
    }
  }
  return watcherArbs.length > 0 ? arrayDraw(oneofDraw(...watcherArbs), { maxLength: caps.cards.synthetic ? 4 : 5 }) : constantDraw<Watcher[]>([]);
}

/** The watchers the engine can run: without triggerOrder, no two of one player's, which could trigger at once. */
export function possibleWatchers(watchers: readonly Watcher[], ctx: Context): Watcher[] {
  return takesChoice(ctx.caps, 'triggerOrder') ? (watchers as Watcher[]) : watchers.filter((w, i) => watchers.findIndex((v) => v.side === w.side) === i);
}

/** The watcher kind of each trigger event a printed watcher can have. */
const WATCHED: Partial<Record<TriggeredAbility['event'], WatcherKind>> = {
  spellCast: 'cast',
  becomesTapped: 'tap',
  landToGraveyard: 'land',
  tokenCreated: 'token',
  selfDealtDamage: 'damage',
  creaturesDie: 'death',
};

/** How many trigger multipliers (Trigger Doubler, Panharmonicon) p1 has: none in three of four. Shrinks to none. */
export function multipliersArb(ctx: Context): fc.Arbitrary<number> {
  const multiplierDef = ctx.synth(MULTIPLIER) ? MULTIPLIER : ctx.byName('Panharmonicon');
  return multiplierDef && ctx.can('triggerMultiplier') ? rare(integerDraw({ min: 1, max: 2 }), 0, 3) : constantDraw(0);
}

/** Whether p2 has a damage ward: one scenario in five, where it prevents the damage resolution.damage-to-creatures judges. Shrinks to none. */
export function wardArb(ctx: Context): fc.Arbitrary<boolean> {
  return ctx.synth(DAMAGE_WARD) && ctx.can('triggers') ? rare(constantDraw(true), false, 4) : constantDraw(false);
}

/** The plan without what triggers: watchers, trigger multipliers, a damage ward, the kicker permanent, synthetic abilities. */
export function quieted(plan: Plan): Plan {
  const still = (d: CardDefinition): CardDefinition => {
    const { triggers: _, ...rest } = d;
    return rest;
  };
  return {
    ...plan,
    watchers: [],
    multipliers: 0,
    ward: false,
    costChangers: plan.costChangers.filter((d) => !d.triggers && !(d.statics ?? []).some((a) => a.kicked)),
    boardFollowUps: plan.boardFollowUps.filter((f) => f !== 'put-kicker-permanent'),
    bystanders: plan.bystanders.map(still),
    // A main permanent's own enters abilities stay where the board is to change before they resolve.
    main: plan.oracle || (plan.interrupt && hasConditionalEnters(plan.main)) ? plan.main : still(plan.main),
    splices: plan.spliceOracle ? plan.splices : plan.splices.map(still),
    // Its card's enters ability is a triggered ability too, and so is the one Stifle is aimed at.
    condition: null,
    abilityCounter: null,
  };
}

/** Whether ability `t` of a permanent `controller` controls triggers on a spell `caster` casts, kicked or not. */
function triggersOnCast(t: TriggeredAbility, controller: 'p1' | 'p2', kicked: boolean, caster: 'p1' | 'p2'): boolean {
  return (
    t.event === 'spellCast' &&
    (t.whose ?? 'any') !== (controller === caster ? 'opponents' : 'yours') &&
    (t.if === undefined || triggerConditionHolds(t.if, kicked ? { kicker: ['A'], multikicker: 0 } : NOT_KICKED))
  );
}

/** An ability on the board a cast sets off, with the player who controls its source. */
export interface CastTrigger {
  ability: TriggeredAbility;
  controller: 'p1' | 'p2';
}

/**
 * The "whenever a player casts a spell" abilities on the board that a spell `caster` (p1 unless said)
 * casts now sets off, kicked or not: every one the turn has not used up (the builder's ledger,
 * CR 603.2h).
 */
export function castTriggersNow(b: Builder, kicked: boolean, caster: 'p1' | 'p2' = 'p1'): CastTrigger[] {
  const out: CastTrigger[] = [];
  for (const o of b.board) {
    for (const t of o.def.triggers ?? []) if (triggersOnCast(t, o.controller, kicked, caster) && !b.usedOnce.has(t, o.controller)) out.push({ ability: t, controller: o.controller });
  }
  return out;
}

/**
 * A spell `caster` casts, written in the ledger: what it sets off that triggers only once each turn is
 * used up as it triggers, and what does its thing only once each turn once it resolves, here where
 * the abilities resolve before anything else is cast (`resolved`; else `castTriggersResolved` when
 * they do). How many abilities the cast set off.
 */
export function castSetsOff(b: Builder, kicked: boolean, caster: 'p1' | 'p2', resolved: boolean): number {
  const set = castTriggersNow(b, kicked, caster);
  for (const { ability, controller } of set) if (ability.triggersOnlyOnceEachTurn || (resolved && ability.oncePerTurn)) b.usedOnce.add(ability, controller);
  return set.length;
}

/** The abilities an earlier cast of `caster`'s set off have resolved: those that do their thing only once each turn are used up. */
export function castTriggersResolved(b: Builder, kicked: boolean, caster: 'p1' | 'p2'): void {
  for (const { ability, controller } of castTriggersNow(b, kicked, caster)) if (ability.oncePerTurn) b.usedOnce.add(ability, controller);
}

/** The watchers whose cast triggers a spell of the caster's (p1's unless said) sets off (for the copy spell's cast, unkicked). */
export function castWatchersFor(watchers: readonly Watcher[], kicked: boolean, caster: 'p1' | 'p2' = 'p1'): Watcher[] {
  return watchers.filter((w) =>
    w.def.triggers!.some((t) => t.event === 'spellCast' && (t.if === undefined || (t.if === 'kicked') === kicked) && (t.whose ?? 'any') !== (w.side === caster ? 'opponents' : 'yours')),
  );
}

/**
 * A fed token watcher sees a token created: a spell that makes one is cast last and resolves on its
 * own (the resolution properties judge single resolutions). Only where nothing can trigger on its
 * cast, so that it is on top of the stack, and nothing makes p1 discard it first (Bog Down).
 * `cardDefs` are the definitions of the scenario's cards so far, in order.
 */
export function feedTokenWatchers(plan: Plan, b: Builder, ctx: Context, cardDefs: readonly (CardDefinition | undefined)[], defs: readonly CardDefinition[]): void {
  const watchesCasts = (d: CardDefinition) => (d.triggers ?? []).some((t) => t.event === 'spellCast');
  const castWatched = defs.some(watchesCasts) || (plan.kickerPermanent !== undefined && watchesCasts(plan.kickerPermanent));
  const discards = defs.some((d) => hasEffect(d, 'discard'));
  // Nor where a cost increase may have entered since, copied or not (Thorn of Amethyst cast as the main spell): the mana is counted for the board's cost changers alone.
  const increasing = b.cards.some((c, i) => (cardDefs[i]?.statics ?? []).some((a) => a.kind === 'costIncrease') && !plan.costChangers.some((_, k) => c.id === `r${k + 1}`));
  const maker = plan.watchers.some((w) => w.fed && w.kind === 'token') && !castWatched && !discards && !increasing ? tokenMaker(ctx) : undefined;
  if (maker) {
    b.hand.push(b.card('maker', maker, isPrinted(maker)));
    b.pay(parseMana(maker.manaCost!));
    b.actions.push({ do: 'cast', card: 'maker' }, { do: 'resolve' });
  }
}

const ORDERED = new Set<Action['do']>(['cast', 'copy', 'resolve', 'counter', 'putOntoBattlefield', 'flicker', 'clone', 'bounce']);

/**
 * Every action that takes one names an order for the triggered abilities of the scenario's cards:
 * the reverse of the default (source id, then ability), so that an engine that leaves the order out
 * or puts them in another shows it (CR 603.3b). Abilities that do not trigger are left alone. With
 * `partial`, the last is left out of the order.
 */
export function withTriggerOrder(actions: Action[], defs: readonly (CardDefinition | undefined)[], cards: readonly ScenarioCard[], partial: boolean): Action[] {
  const abilities = cards.flatMap((c, i) => (defs[i]?.triggers ?? []).map((_, k) => ({ source: c.id, ability: k })));
  if (abilities.length < 2) return actions;
  const order = abilities.sort((a, b) => (a.source < b.source ? 1 : a.source > b.source ? -1 : b.ability - a.ability)).map((a) => `${a.source}#${a.ability}`);
  // An ability the order does not name goes after those it names (docs/SCENARIOS.md, "Scenarios and traces").
  if (partial) order.pop();
  // In place, at the end of each action as a copy with it would have it: the builder's actions are its own.
  for (const a of actions) if (ORDERED.has(a.do)) (a as Action & { triggerOrder?: string[] }).triggerOrder = order;
  return actions;
}
