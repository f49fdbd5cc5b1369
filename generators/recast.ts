// After a rejected cast, the same card cast again legally, then maybe another card (CR 733.1: nothing
// of the rejected cast remains).
import type fc from 'fast-check';
import { activeRequirements, declaredMana, spellColors } from '../model/declarations.ts';
import { NOT_KICKED } from '../model/kick.ts';
import { parseMana, toPool } from '../model/mana.ts';
import type { Action, CardDefinition, ManaPool } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isPrinted } from './card-traits.ts';
import type { Context } from './context.ts';
import { increasesOn } from './costs.ts';
import { booleanDraw, constantDraw } from './draws.ts';
import { leftAfterPaying } from './mana.ts';
import { oneofDraw } from './oneof-draws.ts';
import type { IllegalKind, Plan } from './plan.ts';
import { secondSpells } from './supporting-cards.ts';
import { chooseTargets } from './targets.ts';
import { recordDraws } from './tuple-draws.ts';

/**
 * What follows a rejected cast: the card cast again (kicked as planned or not, then another card or
 * not) seven times in eight where illegal declarations are asked for and the engine casts. Shrinks
 * to nothing after the rejection.
 */
export function recastArb(illegalShare: number, ctx: Context): fc.Arbitrary<Plan['recast']> {
  return illegalShare > 0 && ctx.does('cast')
    ? oneofDraw({ withCrossShrink: true }, { weight: 1, arbitrary: constantDraw(null) }, { weight: 7, arbitrary: recordDraws(booleanDraw, booleanDraw).map(([kicked, other]) => ({ kicked, other })) })
    : constantDraw(null);
}

/** A deep copy of plain data (a cast declaration), keys in the same order: what structuredClone gives, for several times less. */
export function copyData<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copyData) as T;
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = copyData(x);
  return out as T;
}

/**
 * After the rejected cast, the same card cast again legally (733.1: nothing of the rejected cast
 * remains), kicked as the legal declaration was or not kicked at all, then maybe another card; when
 * the rejection was for mana, only what the pool can pay.
 */
export function recastAfterRejection(
  recast: NonNullable<Plan['recast']>,
  applied: IllegalKind,
  def: CardDefinition,
  legal: Extract<Action, { do: 'cast' }>,
  b: Builder,
  mana: ManaPool,
  ctx: Context,
): void {
  if (applied === 'not-in-hand') return;
  const again: Extract<Action, { do: 'cast' }> = { ...copyData(legal), id: 'retry' };
  const unkicked = !recast.kicked || applied === 'cannot-pay';
  if (unkicked) {
    delete again.kicker;
    delete again.multikicker;
    delete again.splice;
    delete again.sacrifice;
    const targets = chooseTargets(activeRequirements([def], NOT_KICKED), b.board, spellColors(def), [0], 0);
    if (!targets) return;
    if (targets.length > 0) again.targets = targets;
    else delete again.targets;
  }
  const cost = declaredMana(def, unkicked ? NOT_KICKED : { kicker: again.kicker ?? [], multikicker: again.multikicker ?? 0 }, [], again.x ?? 0, again.withoutPayingManaCost ?? false);
  const left = leftAfterPaying(toPool(mana), { ...cost, generic: cost.generic + increasesOn(b) });
  if (!left) return;
  const at = b.actions.findIndex((a) => a.do === 'cast' && a.card === 'main') + 1;
  b.actions.splice(at, 0, again);
  if (!recast.other) return;
  // Another card after it: the pool must still hold what the rejected cast did not spend.
  const others = secondSpells(ctx);
  if (others.length === 0) return;
  const other = others[0]!;
  const otherCost = { ...parseMana(other.manaCost ?? ''), x: 0 };
  if (applied === 'cannot-pay' && !leftAfterPaying(left, { ...otherCost, generic: otherCost.generic + increasesOn(b) })) return;
  if (applied !== 'cannot-pay') for (const key of ['W', 'U', 'B', 'R', 'G', 'C'] as const) if (otherCost[key] > 0) mana[key] = (mana[key] ?? 0) + otherCost[key];
  if (applied !== 'cannot-pay' && otherCost.generic + increasesOn(b) > 0) mana.C = (mana.C ?? 0) + otherCost.generic + increasesOn(b);
  b.hand.push(b.card('oc', other, isPrinted(other)));
  b.actions.splice(at + 1, 0, { do: 'cast', id: 'other', card: 'oc' });
}
