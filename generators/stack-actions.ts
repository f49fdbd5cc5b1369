// What happens while the main spell is on the stack (CR 405): it is countered, by an action or by a
// counterspell (Ertai's Trickery, Remand), bounced and cast again, its targets destroyed, or another
// kicked spell cast on top of it.
import type fc from 'fast-check';
import { activeRequirements, declaredMana, type spellColors } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import { parseMana } from '../model/mana.ts';
import type { Action } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isPrinted } from './card-traits.ts';
import type { Context } from './context.ts';
import { constantDraw, constantFromDraw } from './draws.ts';
import { STACK_FOLLOW_UPS, type Plan, type StackFollowUp, type Watcher } from './plan.ts';
import { counterspells, secondSpells } from './supporting-cards.ts';
import { KICKED_COUNTERSPELL } from './synthetic-cards.ts';
import { chooseTargets } from './targets.ts';
import { castWatchersFor } from './triggers.ts';
import { uniqueArrayDraw } from './array-draws.ts';

/**
 * Up to three things that happen while the main spell is on the stack, each at most once, among those
 * the engine can do. Killing the spell's targets weighs four times: "every target illegal on
 * resolution", or some, is an edge worth reaching often; bouncing and casting again triple (the
 * splices lost, CR 702.47e). Shrinks towards none.
 */
export function stackFollowUpsArb(ctx: Context): fc.Arbitrary<StackFollowUp[]> {
  const stackFollowUps = STACK_FOLLOW_UPS.filter((f) => stackFollowUpPossible(f, ctx));
  return stackFollowUps.length > 0
    ? uniqueArrayDraw(constantFromDraw(...stackFollowUps, ...[1, 2, 3].flatMap(() => stackFollowUps.filter((f) => f === 'kill-targets' || f === 'kill-one-target')), ...[1, 2].flatMap(() => stackFollowUps.filter((f) => f === 'bounce-and-recast'))), { maxLength: 3 })
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
  }
}

/** The main spell on the stack as the follow-ups find it: its cast, and what the board holds around it. */
export interface MainOnStack {
  cast: Extract<Action, { do: 'cast' }>;
  declared: Kick;
  colors: ReturnType<typeof spellColors>;
  x: number | undefined;
  sacrifices: readonly string[];
  watchersOnCast: readonly Watcher[];
  creatureTargets: readonly string[];
  /** The permanents destroyed so far, added to as the follow-ups destroy more. */
  destroyed: Set<string>;
}

/** What happens while the main spell is on the stack, in plan order; whether the spell has left it by the end. */
export function stackFollowUpActions(plan: Plan, b: Builder, ctx: Context, on: MainOnStack): boolean {
  let mainLeft = false;
  const kill = (id: string) => {
    if (on.destroyed.has(id)) return;
    on.destroyed.add(id);
    b.actions.push({ do: 'destroy', permanent: id });
  };
  for (const f of plan.stackFollowUps) {
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
    }
  }
  return mainLeft;
}

/** A counterspell that counters only a kicked spell (Ertai's Trickery) cast at the main spell; whether it counters it. */
function castCounterIfKicked(b: Builder, ctx: Context, declared: Kick): boolean {
  const def = ctx.synth(KICKED_COUNTERSPELL) ? KICKED_COUNTERSPELL : ctx.byName("Ertai's Trickery")!;
  b.hand.push(b.card('counterspell', def, def !== KICKED_COUNTERSPELL));
  b.pay(parseMana(def.manaCost!));
  b.actions.push({ do: 'cast', card: 'counterspell', targets: [['main']] });
  // It counters only a kicked spell (CR 702.33d); copies do not change that.
  return declared.kicker.length + declared.multikicker > 0;
}

/** The main spell bounced to hand and cast again where it can be; whether it has left the stack for good. */
function bounceAndRecast(plan: Plan, b: Builder, on: MainOnStack, first: boolean): boolean {
  const { kicker, multikicker } = on.declared;
  // Straight after the cast, its cast triggers resolve first, so that the recast meets abilities
  // that have resolved this turn ("do this only once each turn").
  if (plan.copies.length === 0 && first) {
    const triggering = castWatchersFor(on.watchersOnCast, kicker.length + multikicker > 0);
    for (let k = 0; k < triggering.length; k++) b.actions.push({ do: 'resolve' });
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
  return false;
}

/** Another spell (Saproling Migration or the like) cast kicked on top of the main spell. */
function castSecondSpell(plan: Plan, b: Builder, ctx: Context): void {
  const options = secondSpells(ctx);
  const def = options[plan.pick % options.length]!;
  b.hand.push(b.card('second', def, isPrinted(def)));
  b.pay(declaredMana(def, { kicker: ['A'], multikicker: 0 }, [], 0, false));
  b.actions.push({ do: 'cast', card: 'second', kicker: ['A'] });
}

/**
 * A counterspell that can target the main spell, cast at it, or first at itself where the plan says
 * so; whether it counters the main spell.
 */
function castCounterspell(plan: Plan, b: Builder, ctx: Context): boolean {
  const main = plan.main;
  // A spell on the stack is a candidate for its own target only in error (CR 115.5): the
  // counterspell is first aimed at itself (rejected), then at the main spell.
  const options = counterspells(ctx).filter((d) => (d.targets ?? []).every((t) => t.kind === 'spell' || (t.kind === 'creatureSpell') === main.types.includes('Creature')));
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
  return !main.cantBeCountered;
}
