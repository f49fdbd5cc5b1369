// A target of the main spell exiled and returned by a printed spell while the main spell is on the
// stack: Cloudshift ("Exile target creature you control, then return that card to the battlefield"),
// cast by the player who controls the creature, or Flicker of Fate ("target creature or enchantment"),
// cast by either player. The creature is a new object (CR 400.7), and the main spell's target illegal
// as it resolves (CR 608.2b).
import type { BoardObject } from '../model/declarations.ts';
import { parseMana } from '../model/mana.ts';
import type { CardDefinition, TargetRequirement } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isSpell } from './card-traits.ts';
import { perContext, type Context } from './context.ts';
import type { Plan } from './plan.ts';
import { castSetsOff } from './triggers.ts';

/** Whether a target requirement may be met by a creature: "target creature", or "target creature or enchantment". */
const takesCreatures = (t: TargetRequirement) => t.kind === 'creature' || (t.kind === 'permanent' && (t.filter?.types ?? []).includes('Creature'));

/** The printed instants the engine knows that exile and return one target creature (of their caster's, or any). */
export const flickerCards = perContext((ctx: Context): readonly CardDefinition[] =>
  ctx.does('cast') && ctx.does('resolve')
    ? ctx.pool.filter(
        (d) =>
          isSpell(d) &&
          d.manaCost !== undefined &&
          d.effects?.length === 1 &&
          d.effects[0]!.kind === 'flicker' &&
          d.targets?.length === 1 &&
          takesCreatures(d.targets[0]!) &&
          d.targets[0]!.filter?.controller !== 'opponent' &&
          ctx.byName(d.name) !== undefined,
      )
    : [],
);

/**
 * Whether a flicker card can take `target` back and forth here: a creature it may target, with no
 * enters ability (nothing goes on the stack above the main spell as it returns).
 */
export function flickerCardFits(plan: Plan, ctx: Context, target: BoardObject): boolean {
  const def = flickerCardFor(plan, ctx);
  return (
    def !== undefined &&
    // Protection from the card's colour makes the creature an illegal target (CR 702.16b).
    !(target.def.protection ?? []).some((c) => def.manaCost!.includes(`{${c}}`)) &&
    target.def.types.includes('Creature') &&
    !(target.def.triggers ?? []).some((t) => t.event === 'selfEnters')
  );
}

/** The flicker card the plan picks. */
function flickerCardFor(plan: Plan, ctx: Context): CardDefinition | undefined {
  const options = flickerCards(ctx);
  return options[plan.pick % Math.max(1, options.length)];
}

/** Who casts it: the creature's controller where it says "you control", else either player by the plan. */
function flickerCaster(plan: Plan, def: CardDefinition, target: BoardObject): 'p1' | 'p2' {
  if (def.targets![0]!.filter?.controller === 'you') return target.controller;
  return Math.floor(plan.pick / 2) % 2 === 0 ? target.controller : target.controller === 'p1' ? 'p2' : 'p1';
}

/**
 * The flicker card cast at `target` and resolved, after the abilities its cast sets off (written in the
 * ledger, as the bounce cards' casts are): the actions, the card in its caster's hand and its mana.
 */
export function castFlickerCard(plan: Plan, b: Builder, ctx: Context, target: BoardObject): void {
  const def = flickerCardFor(plan, ctx)!;
  const player = flickerCaster(plan, def, target);
  b.inHand('flk', def, true, player);
  b.pay(parseMana(def.manaCost!), player);
  b.actions.push({ do: 'cast', ...(player === 'p2' ? { player } : {}), card: 'flk', targets: [[target.id]] });
  for (let k = castSetsOff(b, false, player, true); k >= 0; k--) b.actions.push({ do: 'resolve' });
}
