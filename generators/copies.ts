// Copies of the main spell (CR 707.10): made by an action from outside the game's cards, or by a
// copy spell (Twincast, Fork) cast at it and resolved, keeping its targets or choosing new ones.
import type fc from 'fast-check';
import { spellColors, type BoardObject, type Requirement } from '../model/declarations.ts';
import { parseMana } from '../model/mana.ts';
import type { Action } from '../model/schema-types.ts';
import { takesChoice } from '../model/capabilities.ts';
import { arrayDraw } from './array-draws.ts';
import type { Builder } from './builder.ts';
import { isSpell } from './card-traits.ts';
import type { Context } from './context.ts';
import { booleanDraw, constantByWeight, constantDraw, constantFromDraw, natDraw } from './draws.ts';
import type { CopyPlan, Plan } from './plan.ts';
import { copiersOf } from './supporting-cards.ts';
import { chooseTargets } from './targets.ts';
import { castSetsOff } from './triggers.ts';
import { recordDraws } from './tuple-draws.ts';

/**
 * Up to two copies, each by the copy action or by a printed copy spell the engine knows (by index),
 * with new targets or not, made by p1 or by p2 (one time in three: the copier controls the copy and
 * chooses its new targets, CR 707.10, 707.10c); none where the engine cannot copy. Shrinks towards fewer copies, each towards the first
 * way to copy, the original's targets and p1 as the copier.
 */
export function copiesArb(ctx: Context): fc.Arbitrary<CopyPlan[]> {
  const { can, does } = ctx;
  const copiers = copiersOf(ctx);
  const copyVia: CopyPlan['via'][] = [...(does('copy') ? (['action'] as const) : []), ...(copiers.length > 0 && does('cast') ? (['card'] as const) : [])];
  const copyArb: fc.Arbitrary<CopyPlan> = recordDraws(
    constantFromDraw(...(copyVia.length > 0 ? copyVia : ['action' as const])),
    booleanDraw,
    natDraw({ max: Math.max(0, copiers.length - 1) }),
    // p2 one time in three.
    constantByWeight({ weight: 2, value: false }, { weight: 1, value: true }),
  ).map(([via, retarget, copier, byOpponent]) => ({ via, retarget, copier, byOpponent }));
  return can('copy') && copyVia.length > 0 ? arrayDraw(copyArb, { maxLength: 2 }) : constantDraw<CopyPlan[]>([]);
}

/**
 * The copies as the engine can make them: by the action where it knows no copy spell, keeping the
 * original's targets without copyTargets.
 */
export function possibleCopies(copies: readonly CopyPlan[], ctx: Context): CopyPlan[] {
  const copyTargets = takesChoice(ctx.caps, 'copyTargets');
  return copies.map((c) => (copiersOf(ctx).length === 0 ? { ...c, via: 'action' as const } : c)).map((c) => (copyTargets ? c : { ...c, retarget: false }));
}

/** A copy on the stack and the player who controls it. */
export interface MadeCopy {
  id: string;
  controller: 'p1' | 'p2';
}

/** Copies of the main spell: an effect that copies it, or a copy spell cast and resolved; the copies it makes. */
export function copyActions(
  plan: Plan,
  b: Builder,
  ctx: Context,
  requirements: readonly Requirement[],
  standing: readonly BoardObject[],
  retargets: string[][],
  aim: boolean,
): MadeCopy[] {
  const made: MadeCopy[] = [];
  // p2's copies are p2's, and p2 chooses their new targets (CR 707.10c): "target opponent" is p1.
  const p2Retargets = plan.copies.some((c) => c.byOpponent && c.retarget) ? chooseTargets(requirements, standing, spellColors(plan.main), plan.picks, 1, false, aim, 'p2') : null;
  plan.copies.forEach((c, i) => {
    const player: 'p1' | 'p2' = c.byOpponent ? 'p2' : 'p1';
    const newTargets = c.byOpponent ? (p2Retargets ?? []) : retargets;
    if (c.via === 'action' || !isSpell(plan.main)) {
      // A copy card copies only instants and sorceries: a permanent spell is copied by the action alone.
      if (!ctx.does('copy')) return;
      const copy: Extract<Action, { do: 'copy' }> = { do: 'copy', id: `copy${i + 1}`, spell: 'main' };
      if (c.byOpponent) copy.player = player;
      if (c.retarget && newTargets.length > 0) copy.newTargets = newTargets;
      b.actions.push(copy);
      made.push({ id: copy.id!, controller: player });
      return;
    }
    const copier = copiersOf(ctx)[c.copier]!;
    // Fork's copy is red: its new targets must be legal for a red spell.
    const copyColor = copier.effects?.find((e) => e.kind === 'copySpell')?.copyColor;
    const copyTargets = copyColor ? chooseTargets(requirements, standing, [copyColor], plan.picks, 1, false, aim, player) : newTargets;
    b.inHand(`cp${i + 1}`, copier, true, player);
    b.pay(parseMana(copier.manaCost!), player);
    const by = c.byOpponent ? { player } : {};
    // Aimed at itself first, the copy spell is rejected (CR 115.5), then cast at the main spell.
    if (plan.selfTarget && i === 0) b.actions.push({ do: 'cast', id: 'cp1-self', ...by, card: 'cp1', targets: [['cp1']] });
    // p2 casts it with p1's spell on the stack: p1 has passed priority, and a copy spell is an instant.
    b.actions.push({ do: 'cast', ...by, card: `cp${i + 1}`, targets: [['main']] });
    // Abilities that trigger on the copy spell's cast resolve first; the copy spell then makes the copy.
    // Once resolved, "do this only once each turn" abilities trigger no more (CR 603.2h): the ledger keeps them.
    for (let k = castSetsOff(b, false, player, true); k > 0; k--) b.actions.push({ do: 'resolve' });
    const resolve: Extract<Action, { do: 'resolve' }> = { do: 'resolve', id: `copy${i + 1}` };
    if (c.retarget && copyTargets && copyTargets.length > 0) resolve.newTargets = copyTargets;
    b.actions.push(resolve);
    made.push({ id: resolve.id!, controller: player });
  });
  return made;
}
