// A cast whose mana is there but whose sacrifice does not fit (CR 601.2h: the costs are paid in any
// order, so the mana may well be paid before the sacrifice fails): the engine must refuse it and give
// back everything, mana first (CR 733.1). Made before the main cast, on the starting board, by a card
// whose kicker cost is a sacrifice (Rushing River: "Sacrifice a land").
import type fc from 'fast-check';
import { activeRequirements, declaredMana, spellColors } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import type { Action, CardDefinition, ManaPool } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { isSpell } from './card-traits.ts';
import type { Context } from './context.ts';
import { increasesOn } from './costs.ts';
import { constantDraw } from './draws.ts';
import { chooseTargets } from './targets.ts';
import { rare } from './weighted-draws.ts';

const KICKED: Kick = { kicker: ['A'], multikicker: 0 };

/** The printed spells the engine knows whose first kicker cost sacrifices a permanent. */
export function sacrificeKickerSpells(ctx: Context): CardDefinition[] {
  if (!ctx.can('sacrificeCost') || !ctx.can('kicker') || !ctx.does('cast')) return [];
  return ctx.pool.filter((d) => isSpell(d) && d.kicker?.costs[0]?.sacrifice !== undefined && d.manaCost !== undefined);
}

/**
 * Whether the plan makes a cast whose sacrifice fails after its mana is there: one scenario in twelve
 * where illegal declarations are asked for and the engine knows such a card. Shrinks to false.
 */
export function failedCostArb(ctx: Context, illegalShare: number): fc.Arbitrary<boolean> {
  return illegalShare > 0 && sacrificeKickerSpells(ctx).length > 0 ? rare(constantDraw(true), false, 11) : constantDraw(false);
}

/**
 * The failed cast, put before the main cast: the card kicked, with legal targets on the starting board
 * and mana in p1's pool for its whole mana cost (cost increases included), naming for the sacrifice a
 * permanent that does not fit: one of p1's that fails the filter, one of p2's that fits it, or the
 * card itself (in hand, not a permanent). False where the board has no targets for it.
 */
export function addFailedCostCast(b: Builder, ctx: Context, mana: ManaPool, picks: readonly number[], pick: number): boolean {
  const options = sacrificeKickerSpells(ctx);
  if (options.length === 0) return false;
  const def = options[pick % options.length]!;
  const targets = chooseTargets(activeRequirements([def], KICKED), b.board, spellColors(def), picks, 0);
  if (!targets) return false;
  const filter = def.kicker!.costs[0]!.sacrifice!.filter;
  const fits = (o: (typeof b.board)[number]) =>
    (!filter.types || filter.types.some((t) => o.def.types.includes(t))) && (!filter.subtypes || filter.subtypes.some((t) => (o.def.subtypes ?? []).includes(t)));
  const wrong = [
    b.board.find((o) => o.controller === 'p1' && !fits(o))?.id,
    b.board.find((o) => o.controller === 'p2' && fits(o))?.id,
    'failedcost',
  ].filter((id): id is string => id !== undefined);
  b.inHand('failedcost', def, true, 'p1');
  const cost = declaredMana(def, KICKED, [], 0, false);
  const add = (key: keyof ManaPool, n: number) => {
    if (n > 0) mana[key] = (mana[key] ?? 0) + n;
  };
  for (const key of ['W', 'U', 'B', 'R', 'G', 'C'] as const) add(key, cost[key]);
  add('C', cost.generic + increasesOn(b));
  const cast: Extract<Action, { do: 'cast' }> = { do: 'cast', id: 'sacrifice-fails', card: 'failedcost', kicker: ['A'], sacrifice: [wrong[pick % wrong.length]!] };
  if (targets.length > 0) cast.targets = targets;
  // Before the main cast, on the board as it starts: its targets are there, and the rest of the scenario is as it was.
  const at = b.actions.findIndex((a) => a.do === 'cast' && a.card === 'main');
  b.actions.splice(at === -1 ? 0 : at, 0, cast);
  return true;
}
