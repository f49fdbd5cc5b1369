// A target of the main spell exiled and returned by a printed spell (Cloudshift: "Exile target
// creature you control, then return that card to the battlefield"), cast by the player who controls
// it while the main spell is on the stack: the creature is a new object (CR 400.7), and the main
// spell's target illegal as it resolves (CR 608.2b).
import type { BoardObject } from '../model/declarations.ts';
import { parseMana } from '../model/mana.ts';
import type { CardDefinition } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isSpell } from './card-traits.ts';
import { perContext, type Context } from './context.ts';
import type { Plan } from './plan.ts';
import { castWatchersFor } from './triggers.ts';

/** The printed instants the engine knows that exile and return one target creature of their caster's. */
export const flickerCards = perContext((ctx: Context): readonly CardDefinition[] =>
  ctx.does('cast') && ctx.does('resolve')
    ? ctx.pool.filter(
        (d) =>
          isSpell(d) &&
          d.manaCost !== undefined &&
          d.effects?.length === 1 &&
          d.effects[0]!.kind === 'flicker' &&
          d.targets?.length === 1 &&
          d.targets[0]!.kind === 'creature' &&
          d.targets[0]!.filter?.controller === 'you' &&
          ctx.byName(d.name) !== undefined,
      )
    : [],
);

/**
 * Whether a flicker card can take `target` back and forth here: a creature it may target, with no enters ability
 * (nothing goes on the stack above the main spell as it returns), whose controller's cast sets off
 * no "whenever a player casts a spell" ability (so that the next resolution is the flicker's).
 */
export function flickerCardFits(plan: Plan, ctx: Context, target: BoardObject): boolean {
  const options = flickerCards(ctx);
  const def = options[plan.pick % Math.max(1, options.length)];
  return (
    def !== undefined &&
    // Protection from the card's colour makes the creature an illegal target (CR 702.16b).
    !(target.def.protection ?? []).some((c) => def.manaCost!.includes(`{${c}}`)) &&
    target.def.types.includes('Creature') &&
    !(target.def.triggers ?? []).some((t) => t.event === 'selfEnters') &&
    castWatchersFor(plan.watchers, false, target.controller).length === 0
  );
}

/** The flicker card cast at `target` by its controller and resolved: the actions, the card in hand and its mana. */
export function castFlickerCard(plan: Plan, b: Builder, ctx: Context, target: BoardObject): void {
  const options = flickerCards(ctx);
  const def = options[plan.pick % options.length]!;
  const player = target.controller;
  b.inHand('flk', def, true, player);
  b.pay(parseMana(def.manaCost!), player);
  b.actions.push({ do: 'cast', ...(player === 'p2' ? { player } : {}), card: 'flk', targets: [[target.id]] }, { do: 'resolve' });
}
