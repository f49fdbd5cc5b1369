// A spell whose effect depends on the board as it resolves (Horobi's Whisper: "If you control a
// Swamp, destroy target nonblack creature"): cast first in the scenario at a creature of p2's, and
// the permanent its condition asks for destroyed or bounced while the spell is on the stack, put onto
// the battlefield only then, or left where it is. The condition is looked at as the spell resolves,
// and only then (CR 608.2c); the spell resolves either way.
import type fc from 'fast-check';
import { catalog } from '../model/catalog.ts';
import { activeRequirements, declaredMana, spellColors, type BoardObject } from '../model/declarations.ts';
import { NOT_KICKED } from '../model/kick.ts';
import type { Action, CardDefinition, ControlCondition } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isSpell, vanilla } from './card-traits.ts';
import { perContext, type Context } from './context.ts';
import { constantByWeight, natDraw } from './draws.ts';
import { meets, possibleChanges } from './conditions.ts';
import type { ConditionChange, Plan, SpellConditionPlan } from './plan.ts';
import { chooseTargets } from './targets.ts';
import { castSetsOff } from './triggers.ts';
import { tupleDraws } from './tuple-draws.ts';
import { rare } from './weighted-draws.ts';

const SPELL = 'scond';
const ENABLER = 'scondEn';
const TARGET = 'scondT';

/** The board condition of a spell's effects, where one has it. */
export function spellBoardCondition(d: CardDefinition): ControlCondition | undefined {
  return d.effects?.find((e) => e.ifYouControl !== undefined)?.ifYouControl;
}

/** A permanent card that meets the condition, with no ability of its own (a basic Swamp for Horobi's Whisper). */
function enablerOf(c: ControlCondition, ctx: Context): CardDefinition | undefined {
  const cards = ctx.caps.cards.synthetic ? [...catalog().values()] : ctx.pool;
  return cards.find((d) => !isSpell(d) && !d.triggers && !d.statics && !d.entersWith && meets(c, d));
}

/** The creature the spell is cast at: a printed vanilla creature it may target. */
function targetOf(def: CardDefinition, ctx: Context): CardDefinition | undefined {
  const cards = ctx.caps.cards.synthetic ? [...catalog().values()] : ctx.pool;
  const requirements = activeRequirements([def], NOT_KICKED);
  return cards.find((d) => vanilla(d) && (d.toughness ?? 0) > 0 && !(d.supertypes ?? []).includes('Legendary') && chooseTargets(requirements, [{ id: TARGET, def: d, controller: 'p2' }], spellColors(def), [], 0)?.[0]?.[0] === TARGET);
}

/** The printed spells the engine knows with a board condition, one target and no kicker, each with a permanent that meets it and a creature to aim at. */
const conditionalSpells = perContext((ctx): readonly CardDefinition[] =>
  ctx.does('cast') && ctx.does('resolve') && ctx.does('putOntoBattlefield')
    ? ctx.pool.filter((d) => {
        const c = spellBoardCondition(d);
        return c !== undefined && isSpell(d) && d.manaCost !== undefined && !d.kicker && !d.multikicker && (d.targets ?? []).length === 1 && enablerOf(c, ctx) !== undefined && targetOf(d, ctx) !== undefined && ctx.byName(d.name) !== undefined;
      })
    : [],
);

/** Whether the engine can run a spell's changing board condition at all. */
export function spellConditionPossible(ctx: Context): boolean {
  return conditionalSpells(ctx).length > 0 && possibleChanges(ctx).length > 1;
}

/**
 * A spell with a board condition one scenario in seven, where the engine can run one: the card (by
 * index) and what happens to the condition, each change as likely as the others. Shrinks to none,
 * then to the first card and to a bounce.
 */
export function spellConditionArb(ctx: Context): fc.Arbitrary<SpellConditionPlan | null> {
  if (!spellConditionPossible(ctx)) return constantByWeight({ weight: 1, value: null });
  const cards = conditionalSpells(ctx);
  const changes = possibleChanges(ctx);
  const plan = tupleDraws(natDraw({ max: cards.length - 1 }), natDraw({ max: changes.length - 1 })).map(([i, k]): SpellConditionPlan => ({ card: cards[i]!, change: changes[k]! }));
  return rare(plan, null, 6);
}

/** Whether one of the board's permanents has a triggered ability for this event. */
const watches = (board: readonly BoardObject[], event: string) => board.some((o) => (o.def.triggers ?? []).some((t) => t.event === event));

/**
 * The spell's actions, while the stack is empty, before the main cast: the spell cast at p2's creature
 * (the abilities its cast sets off resolve first), the permanent its condition asks for destroyed,
 * bounced or put onto the battlefield, then the spell resolves, and everything its effect sets off
 * after it. A destroyed land would set off "whenever a land is put into a graveyard" abilities above
 * the spell: where one is on the board, the land is bounced instead. Whether the condition changed
 * between the cast and the resolution.
 */
export function spellConditionActions(plan: Plan, b: Builder, ctx: Context): boolean {
  const c = plan.spellCondition;
  if (!c) return false;
  const condition = spellBoardCondition(c.card)!;
  const enabler = enablerOf(condition, ctx)!;
  const target = targetOf(c.card, ctx)!;
  const landWatched = watches(b.board, 'landToGraveyard');
  const change: ConditionChange = c.change === 'destroyed' && landWatched ? (ctx.does('bouncePermanent') ? 'bounced' : 'kept') : c.change;
  // Another of p1's permanents that meets the condition keeps it true whatever happens to this one.
  const metAnyway = b.board.some((p) => p.controller === 'p1' && meets(condition, p.def)) || b.battlefield.p1.some((p) => {
    const d = b.cards.find((x) => x.id === p.card);
    const def = d?.definition ?? (d?.oracle !== undefined ? catalog().get(d.oracle) : undefined);
    return def !== undefined && meets(condition, def);
  });
  const printed = (d: CardDefinition) => ctx.byName(d.name) !== undefined;
  b.inHand(SPELL, c.card, printed(c.card), 'p1');
  b.pay(declaredMana(c.card, NOT_KICKED, [], 0, false));
  b.card(TARGET, target, printed(target));
  b.battlefield.p2.push({ card: TARGET });
  if (change === 'late') b.inHand(ENABLER, enabler, printed(enabler), 'p1');
  else {
    b.card(ENABLER, enabler, printed(enabler));
    b.battlefield.p1.push({ card: ENABLER });
  }
  const actions: Action[] = [{ do: 'cast', card: SPELL, targets: [[TARGET]] }];
  for (let k = castSetsOff(b, false, 'p1', true); k > 0; k--) actions.push({ do: 'resolve' });
  if (change === 'bounced') actions.push({ do: 'bounce', object: ENABLER });
  else if (change === 'destroyed') actions.push({ do: 'destroy', permanent: ENABLER });
  else if (change === 'late') actions.push({ do: 'putOntoBattlefield', card: ENABLER });
  actions.push({ do: 'resolve' });
  // What the creature's death or the land's move sets off.
  if (b.board.some((p) => p.def.triggers !== undefined)) actions.push({ do: 'resolve', untilEmpty: true });
  b.actions.push(...actions);
  return change !== 'kept' && !metAnyway;
}
