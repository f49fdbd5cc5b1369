// What happens while the main spell is on the stack (CR 405): it is countered, by an action or by a
// counterspell (Ertai's Trickery, Remand), bounced and cast again, its targets destroyed, or another
// kicked spell cast on top of it.
import type fc from 'fast-check';
import { activeRequirements, declaredMana, type spellColors } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import { parseMana } from '../model/mana.ts';
import type { Action, CardDefinition } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isPrinted } from './card-traits.ts';
import type { Context } from './context.ts';
import { constantDraw, constantFromDraw } from './draws.ts';
import { STACK_FOLLOW_UPS, type Plan, type StackFollowUp, type Watcher } from './plan.ts';
import { copiersOf, counterspells, opponentInstants, secondSpells } from './supporting-cards.ts';
import type { MadeCopy } from './copies.ts';
import { KICKED_COUNTERSPELL } from './synthetic-cards.ts';
import { chooseTargets } from './targets.ts';
import { castSetsOff, castTriggersResolved } from './triggers.ts';
import { uniqueArrayDraw } from './array-draws.ts';
import { castFlickerCard, flickerCardFits, flickerCards } from './flicker-cards.ts';
import { bounceCardFits, bounceCards, castBounceCardAndRecast } from './bounce-cards.ts';

/**
 * Up to three things that happen while the main spell is on the stack, each at most once, among those
 * the engine can do. Killing the spell's targets weighs four times: "every target illegal on
 * resolution", or some, is an edge worth reaching often, and so are bouncing and casting again (the
 * splices lost, CR 702.47e) and a target that changes zones and comes back (a new object, CR 400.7),
 * which needs a permanent target; a counter aimed at a copy triples (it needs a copy to be there).
 * Shrinks towards none.
 */
export function stackFollowUpsArb(ctx: Context): fc.Arbitrary<StackFollowUp[]> {
  const stackFollowUps = STACK_FOLLOW_UPS.filter((f) => stackFollowUpPossible(f, ctx));
  const triple = (f: StackFollowUp) => f === 'bounce-and-recast' || f === 'counter-copy' || f === 'target-changes-zones';
  return stackFollowUps.length > 0
    ? uniqueArrayDraw(constantFromDraw(...stackFollowUps, ...[1, 2, 3].flatMap(() => stackFollowUps.filter((f) => f === 'kill-targets' || f === 'kill-one-target')), ...[1, 2].flatMap(() => stackFollowUps.filter(triple)), ...stackFollowUps.filter((f) => f === 'target-changes-zones' || f === 'bounce-and-recast')), { maxLength: 3 })
    : constantDraw<StackFollowUp[]>([]);
}

function stackFollowUpPossible(f: StackFollowUp, ctx: Context): boolean {
  switch (f) {
    case 'counter':
      return ctx.does('counter');
    case 'counter-if-kicked':
      return ctx.does('cast') && (ctx.synth(KICKED_COUNTERSPELL) || ctx.byName("Ertai's Trickery") !== undefined);
    case 'bounce-and-recast':
      return ctx.does('bounceSpell');
    case 'kill-targets':
    case 'kill-one-target':
      return ctx.does('destroy');
    case 'second-kicked-spell':
      return ctx.can('kicker') && secondSpells(ctx).length > 0;
    case 'counterspell':
      return ctx.does('cast') && counterspells(ctx).length > 0;
    case 'counter-copy':
      return ctx.can('copy') && (ctx.does('counter') || ctx.does('bounceSpell') || (ctx.does('cast') && counterspells(ctx).length > 0));
    case 'opponent-spell-copied':
      return ctx.does('cast') && ctx.can('copy') && opponentInstants(ctx).length > 0 && (ctx.does('copy') || copiersOf(ctx).length > 0);
    case 'target-changes-zones':
      return ctx.does('resolve') && zoneRoundTrips(ctx).length > 0;
  }
}

/** The main spell on the stack as the follow-ups find it: its cast, and what the board holds around it. */
export interface MainOnStack {
  cast: Extract<Action, { do: 'cast' }>;
  declared: Kick;
  colors: ReturnType<typeof spellColors>;
  x: number | undefined;
  sacrifices: readonly string[];
  /** How many abilities the main cast set off. */
  setOff: number;
  watchersOnCast: readonly Watcher[];
  creatureTargets: readonly string[];
  /** The copies of it on the stack, each with the player who made it. */
  copies: readonly MadeCopy[];
  /** The permanents destroyed so far, added to as the follow-ups destroy more. */
  destroyed: Set<string>;
}

/** What happens while the main spell is on the stack, in plan order but a target changing zones last; whether the spell has left it by the end. */
export function stackFollowUpActions(plan: Plan, b: Builder, ctx: Context, on: MainOnStack): boolean {
  let mainLeft = false;
  const kill = (id: string) => {
    if (on.destroyed.has(id)) return;
    on.destroyed.add(id);
    b.actions.push({ do: 'destroy', permanent: id });
  };
  // A target changing zones comes last, so that the spell can resolve at once after it.
  const last = (f: StackFollowUp) => (f === 'target-changes-zones' ? 1 : 0);
  for (const f of [...plan.stackFollowUps].sort((x, y) => last(x) - last(y))) {
    switch (f) {
      case 'counter':
        if (mainLeft) break;
        b.actions.push({ do: 'counter', spell: 'main' });
        mainLeft = true;
        break;
      case 'counter-if-kicked':
        if (!mainLeft) mainLeft = castCounterIfKicked(b, ctx, on.declared);
        break;
      case 'bounce-and-recast':
        if (!mainLeft) mainLeft = bounceAndRecast(plan, b, on, f === plan.stackFollowUps[0]);
        break;
      case 'kill-targets':
        for (const id of on.creatureTargets) kill(id);
        break;
      case 'kill-one-target':
        if (on.creatureTargets[0]) kill(on.creatureTargets[0]);
        break;
      case 'second-kicked-spell':
        castSecondSpell(plan, b, ctx);
        break;
      case 'counterspell':
        if (!mainLeft) mainLeft = castCounterspell(plan, b, ctx);
        break;
      case 'counter-copy':
        counterCopy(plan, b, ctx, on.copies);
        break;
      case 'opponent-spell-copied':
        opponentSpellCopied(plan, b, ctx, on.watchersOnCast);
        break;
      case 'target-changes-zones':
        targetChangesZones(plan, b, ctx, on, !mainLeft);
        break;
    }
  }
  return mainLeft;
}

/**
 * How many objects the follow-ups left on the stack besides the main spell and its copies: less a copy
 * countered by the action and the resolution after a target changed zones, more p2's instant and p1's copy of it (a counterspell cast at a copy
 * takes the copy with it as it resolves: no change).
 */
export function stackChangeOf(b: Builder, copies: readonly MadeCopy[]): number {
  let n = 0;
  for (const a of b.actions) {
    if ((a.do === 'counter' && copies.some((c) => c.id === a.spell)) || (a.do === 'bounce' && copies.some((c) => c.id === a.object)) || (a.do === 'resolve' && a.id === ZONES_RESOLVE)) n--;
    else if ((a.do === 'cast' && a.card === 'ospell') || ((a.do === 'copy' || a.do === 'resolve') && a.id === 'ocopy')) n++;
  }
  return n;
}

/** A counterspell that counters only a kicked spell (Ertai's Trickery) cast at the main spell; whether it counters it. */
function castCounterIfKicked(b: Builder, ctx: Context, declared: Kick): boolean {
  const def = ctx.synth(KICKED_COUNTERSPELL) ? KICKED_COUNTERSPELL : ctx.byName("Ertai's Trickery")!;
  b.hand.push(b.card('counterspell', def, def !== KICKED_COUNTERSPELL));
  b.pay(parseMana(def.manaCost!));
  b.actions.push({ do: 'cast', card: 'counterspell', targets: [['main']] });
  castSetsOff(b, false, 'p1', false);
  // It counters only a kicked spell (CR 702.33d); copies do not change that.
  return declared.kicker.length + declared.multikicker > 0;
}

/** The main spell bounced to hand and cast again where it can be; whether it has left the stack for good. */
function bounceAndRecast(plan: Plan, b: Builder, on: MainOnStack, first: boolean): boolean {
  const { kicker, multikicker } = on.declared;
  // Straight after the cast, its cast triggers resolve first, so that the recast meets abilities
  // that have resolved this turn ("do this only once each turn").
  if (plan.copies.length === 0 && first) {
    for (let k = 0; k < on.setOff; k++) b.actions.push({ do: 'resolve' });
    castTriggersResolved(b, kicker.length + multikicker > 0, 'p1');
  }
  b.actions.push({ do: 'bounce', object: 'main' });
  // Cast again with the same kicks and no splice: the splice was lost with the spell (CR 702.47e).
  const again: Extract<Action, { do: 'cast' }> = { ...on.cast, id: 'recast' };
  delete again.splice;
  const standing = b.board.filter((o) => !on.destroyed.has(o.id));
  const recastTargets = chooseTargets(activeRequirements([plan.main], on.declared), standing, on.colors, plan.picks, 0);
  if (recastTargets && recastTargets.length > 0) again.targets = recastTargets;
  else delete again.targets;
  if (on.sacrifices.length > 0 || !recastTargets) return true;
  b.pay(declaredMana(plan.main, on.declared, [], on.x ?? 0, plan.free));
  b.actions.push(again);
  castSetsOff(b, kicker.length + multikicker > 0, 'p1', false);
  return false;
}

/** Another spell (Saproling Migration or the like) cast kicked on top of the main spell. */
function castSecondSpell(plan: Plan, b: Builder, ctx: Context): void {
  const options = secondSpells(ctx);
  const def = options[plan.pick % options.length]!;
  b.hand.push(b.card('second', def, isPrinted(def)));
  b.pay(declaredMana(def, { kicker: ['A'], multikicker: 0 }, [], 0, false));
  b.actions.push({ do: 'cast', card: 'second', kicker: ['A'] });
  castSetsOff(b, true, 'p1', false);
}

/** The counterspells that can target the main spell, or a copy of it. */
function counterspellsFor(plan: Plan, ctx: Context): readonly CardDefinition[] {
  const main = plan.main;
  return counterspells(ctx).filter((d) => (d.targets ?? []).every((t) => t.kind === 'spell' || (t.kind === 'creatureSpell') === main.types.includes('Creature')));
}

/**
 * A counter aimed at the first copy of the main spell, not at the spell (CR 707.10a: the copy ceases
 * to exist, the original stays): by the counter action, by a counterspell its controller's
 * opponent casts (p2 at p1's copy, p1 at p2's), which resolves with the next resolution, or by the
 * bounce action.
 */
function counterCopy(plan: Plan, b: Builder, ctx: Context, copies: readonly MadeCopy[]): void {
  const copy = copies[0];
  if (!copy) return;
  const options = ctx.does('cast') ? counterspellsFor(plan, ctx) : [];
  // Returned to its owner's hand, a copy ends as it does when countered (CR 707.10a): an engine that
  // moves it like a card shows it in a hand.
  if (ctx.does('bounceSpell') && (plan.pick % 3 === 2 || (!ctx.does('counter') && options.length === 0))) {
    b.actions.push({ do: 'bounce', object: copy.id });
    return;
  }
  if (ctx.does('counter') && (options.length === 0 || plan.pick % 2 === 0)) {
    b.actions.push({ do: 'counter', spell: copy.id });
    return;
  }
  if (options.length === 0) return;
  const def = options[plan.pick % options.length]!;
  const player = copy.controller === 'p1' ? 'p2' : 'p1';
  b.inHand('ccs', def, ctx.byName(def.name) !== undefined, player);
  b.pay(parseMana(def.manaCost!), player);
  b.actions.push({ do: 'cast', ...(player === 'p2' ? { player } : {}), card: 'ccs', targets: [[copy.id]] });
  castSetsOff(b, false, player, false);
}

/**
 * p2, given priority with p1's spell on the stack, casts an instant at p1 (Burst Lightning or the
 * like); p1 copies it, by the copy action or by a copy spell of p1's resolved (the copy is p1's, CR
 * 707.10). The copy spell is used only where no ability triggers on casting, so that the next
 * resolution is the copy spell's.
 */
function opponentSpellCopied(plan: Plan, b: Builder, ctx: Context, watchersOnCast: readonly Watcher[]): void {
  const options = opponentInstants(ctx);
  const def = options[plan.pick % options.length]!;
  b.inHand('ospell', def, true, 'p2');
  b.pay(parseMana(def.manaCost!), 'p2');
  b.actions.push({ do: 'cast', player: 'p2', card: 'ospell', targets: [['p1']] });
  castSetsOff(b, false, 'p2', false);
  const copiers = copiersOf(ctx).filter((d) => (d.targets ?? []).every((t) => t.kind === 'spell' || t.kind === 'instantOrSorcerySpell'));
  if (ctx.does('copy') && (copiers.length === 0 || watchersOnCast.length > 0 || plan.pick % 2 === 1)) {
    b.actions.push({ do: 'copy', id: 'ocopy', spell: 'ospell' });
    return;
  }
  if (copiers.length === 0 || watchersOnCast.length > 0 || !ctx.does('resolve')) return;
  const copier = copiers[plan.pick % copiers.length]!;
  b.inHand('ocp', copier, true, 'p1');
  b.pay(parseMana(copier.manaCost!));
  b.actions.push({ do: 'cast', card: 'ocp', targets: [['ospell']] });
  castSetsOff(b, false, 'p1', false);
  b.actions.push({ do: 'resolve', id: 'ocopy' });
}

/**
 * A counterspell that can target the main spell, cast at it, or first at itself where the plan says
 * so; whether it counters the main spell.
 */
function castCounterspell(plan: Plan, b: Builder, ctx: Context): boolean {
  const main = plan.main;
  // A spell on the stack is a candidate for its own target only in error (CR 115.5): the
  // counterspell is first aimed at itself (rejected), then at the main spell.
  const options = counterspellsFor(plan, ctx);
  if (options.length === 0) return false;
  const def = options[plan.pick % options.length]!;
  b.hand.push(b.card('cs', def, ctx.byName(def.name) !== undefined));
  b.pay(parseMana(def.manaCost!));
  // Aimed at itself, it is rejected and the main spell stays; else it counters the main spell.
  if (plan.selfTarget) {
    b.actions.push({ do: 'cast', id: 'cs-self', card: 'cs', targets: [['cs']] });
    return false;
  }
  b.actions.push({ do: 'cast', card: 'cs', targets: [['main']] });
  castSetsOff(b, false, 'p1', false);
  return !main.cantBeCountered;
}

/** The ways a permanent can leave the battlefield and come back that the engine performs. */
type RoundTrip = 'flicker' | 'flicker-card' | 'bounce-and-return' | 'destroy-and-return' | 'bounce-card-and-recast';

function zoneRoundTrips(ctx: Context): RoundTrip[] {
  const out: RoundTrip[] = [];
  if (ctx.does('flicker')) out.push('flicker');
  // A printed flicker card (Cloudshift), and a printed bounce card (Blink of an Eye) with the creature
  // cast again, weigh double: the ways real engines see it done.
  if (flickerCards(ctx).length > 0) out.push('flicker-card', 'flicker-card');
  if (bounceCards(ctx).length > 0) out.push('bounce-card-and-recast', 'bounce-card-and-recast');
  if (ctx.does('bounce') && ctx.does('putOntoBattlefield')) out.push('bounce-and-return');
  if (ctx.does('destroy') && ctx.does('putOntoBattlefield')) out.push('destroy-and-return');
  return out;
}

/**
 * A permanent the main spell targets leaves the battlefield and comes back while the spell is on the
 * stack: flickered (by the action, or by a flicker card its controller casts and resolves), returned to
 * its owner's hand and put back, returned by a bounce card and cast again by its owner, or destroyed and
 * returned from the graveyard. It is a new object (CR 400.7), so the target is illegal as the spell resolves (CR
 * 608.2b). A target without an enters ability comes first, so that nothing goes on the stack above
 * the spell. Then, where asked (`resolve`), the top of the stack resolves: the spell, or a copy of it,
 * which targets the new object too.
 */
function targetChangesZones(plan: Plan, b: Builder, ctx: Context, on: MainOnStack, resolve: boolean): void {
  const targeted = (on.cast.targets ?? []).flat();
  const candidates = b.board.filter((o) => targeted.includes(o.id) && !on.destroyed.has(o.id) && !on.sacrifices.includes(o.id));
  const quiet = candidates.filter((o) => !(o.def.triggers ?? []).some((t) => t.event === 'selfEnters'));
  const target = quiet[0] ?? candidates[0];
  const ways = zoneRoundTrips(ctx);
  if (!target || ways.length === 0) return;
  const owner = target.controller === 'p2' ? { player: 'p2' as const } : {};
  const fits = (w: RoundTrip) => (w === 'flicker-card' ? flickerCardFits(plan, ctx, target) : w === 'bounce-card-and-recast' ? bounceCardFits(plan, ctx, target) : true);
  // Where the card cannot take this target, another way does.
  const way = [ways[plan.pick % ways.length]!, ...ways].find(fits);
  switch (way) {
    case undefined:
      return;
    case 'flicker-card':
      castFlickerCard(plan, b, ctx, target);
      break;
    case 'bounce-card-and-recast':
      castBounceCardAndRecast(plan, b, ctx, target);
      break;
    case 'flicker':
      b.actions.push({ do: 'flicker', permanent: target.id });
      break;
    case 'bounce-and-return':
      b.actions.push({ do: 'bounce', object: target.id }, { do: 'putOntoBattlefield', ...owner, card: target.id });
      break;
    case 'destroy-and-return':
      b.actions.push({ do: 'destroy', permanent: target.id }, { do: 'putOntoBattlefield', ...owner, card: target.id });
      break;
  }
  if (resolve) b.actions.push({ do: 'resolve', id: ZONES_RESOLVE });
}

/** The resolution right after a target of the main spell changed zones. */
const ZONES_RESOLVE = 'zones-resolve';
