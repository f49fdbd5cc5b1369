// A target of the main spell returned to its owner's hand by a printed spell while the main spell is on
// the stack, and cast again by its owner: Blink of an Eye, Into the Roil, Whoosh! ("Return target
// nonland permanent to its owner's hand"), Consuming Vortex or Jilt ("target creature"), each cast
// unkicked. The creature spell resolving is a new permanent (CR 400.7), and the main spell's target
// illegal as it resolves (CR 608.2b). castcheck does not judge timing: the creature, flash or not, is
// cast with the main spell on the stack.
import type { BoardObject } from '../model/declarations.ts';
import { parseMana } from '../model/mana.ts';
import type { CardDefinition, TargetRequirement } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isSpell } from './card-traits.ts';
import { perContext, type Context } from './context.ts';
import type { Plan } from './plan.ts';
import { castSetsOff } from './triggers.ts';

/** Only if kicked: what an unkicked cast leaves out. */
const onlyIfKicked = (condition: string | undefined) => condition === 'kicked' || condition === 'kickedA' || condition === 'kickedB';

/** A requirement any creature meets: "target creature", "target (nonland) permanent", with no other restriction. */
const takesAnyCreature = (t: TargetRequirement) =>
  (t.kind === 'creature' || t.kind === 'permanent' || t.kind === 'nonlandPermanent') &&
  (t.count ?? 1) === 1 &&
  Object.entries(t.filter ?? {}).every(([k, v]) => k === 'types' && (v as string[]).includes('Creature'));

/**
 * The printed instants the engine knows whose unkicked cast does one thing: return one target
 * creature (or nonland permanent) to its owner's hand.
 */
export const bounceCards = perContext((ctx: Context): readonly CardDefinition[] =>
  ctx.does('cast') && ctx.does('resolve')
    ? ctx.pool.filter(
        (d) =>
          isSpell(d) &&
          d.types.includes('Instant') &&
          d.manaCost !== undefined &&
          !d.manaCost.includes('X') &&
          d.targets !== undefined &&
          d.targets.length >= 1 &&
          takesAnyCreature(d.targets[0]!) &&
          d.targets.slice(1).every((t) => onlyIfKicked(t.condition)) &&
          (d.effects ?? []).some((e) => e.kind === 'bounce' && e.target === 0) &&
          (d.effects ?? []).every((e) => onlyIfKicked(e.condition) || (e.kind === 'bounce' && e.target === 0 && (e.condition ?? 'always') === 'always')) &&
          ctx.byName(d.name) !== undefined,
      )
    : [],
);

/** The bounce card the plan picks. */
function bounceCardFor(plan: Plan, ctx: Context): CardDefinition | undefined {
  const options = bounceCards(ctx);
  return options[plan.pick % Math.max(1, options.length)];
}

/**
 * Whether the plan's bounce card can take `target` to hand and its owner cast it again: a creature card
 * with a mana cost and no {X}, without protection from the card's colours (CR 702.16b), and with no
 * enters ability (nothing goes on the stack above the main spell as it enters again).
 */
export function bounceCardFits(plan: Plan, ctx: Context, target: BoardObject): boolean {
  const def = bounceCardFor(plan, ctx);
  const cost = target.def.manaCost;
  return (
    def !== undefined &&
    !(target.def.protection ?? []).some((c) => def.manaCost!.includes(`{${c}}`)) &&
    target.def.types.includes('Creature') &&
    cost !== undefined &&
    !cost.includes('X') &&
    !(target.def.triggers ?? []).some((t) => t.event === 'selfEnters')
  );
}

/**
 * The bounce card cast at `target` by its owner and resolved, then the creature cast again by its owner
 * and resolved, each after the abilities its cast sets off (written in the ledger): the actions, the
 * cards in the owner's hand and the mana.
 */
export function castBounceCardAndRecast(plan: Plan, b: Builder, ctx: Context, target: BoardObject): void {
  const def = bounceCardFor(plan, ctx)!;
  const owner = target.controller;
  const by = owner === 'p2' ? { player: owner } : {};
  b.inHand('bnc', def, true, owner);
  b.pay(parseMana(def.manaCost!), owner);
  b.actions.push({ do: 'cast', ...by, card: 'bnc', targets: [[target.id]] });
  for (let k = castSetsOff(b, false, owner, true); k >= 0; k--) b.actions.push({ do: 'resolve' });
  b.pay(parseMana(target.def.manaCost!), owner);
  b.actions.push({ do: 'cast', ...by, card: target.id });
  for (let k = castSetsOff(b, false, owner, true); k >= 0; k--) b.actions.push({ do: 'resolve' });
}
