// The cards a scenario casts or puts down beside its main spell, each for a role: counterspells,
// second spells, spell copiers, creatures to sacrifice, a token maker, an enabler for an "if you
// control". Printed where the engine knows one, synthetic where it builds them; chosen once per
// generator (the pool is fixed for its life).
import { catalog } from '../model/catalog.ts';
import type { CardDefinition, ControlCondition } from '../model/schema-types.ts';
import { isCopier, isSpell, vanilla } from './card-traits.ts';
import { perContext, type Context } from './context.ts';
import { COUNTERSPELL, SECOND_SPELL, TOKEN_SPELL } from './synthetic-cards.ts';

/** Counterspells an engine can run: printed ones it knows (Remand, Memory Lapse...), and a synthetic one. */
export const counterspells = perContext((ctx): readonly CardDefinition[] => {
  const printed = ctx.pool.filter((d) => (d.effects ?? []).some((e) => e.kind === 'counterSpell' && !e.ifTargetKicked));
  return ctx.synth(COUNTERSPELL) ? [COUNTERSPELL, ...printed] : printed;
});

/** A second spell to cast kicked, untargeted: Saproling Migration or the like, or a synthetic one. */
export const secondSpells = perContext((ctx): readonly CardDefinition[] => {
  if (ctx.synth(SECOND_SPELL)) return [SECOND_SPELL];
  return ctx.pool.filter((d) => isSpell(d) && d.kicker?.costs.length === 1 && d.kicker.costs[0]!.mana && !d.kicker.costs[0]!.sacrifice && !d.targets && (d.effects ?? []).every((e) => e.kind !== 'draw' && e.kind !== 'discard'));
});

/**
 * Instants p2 can cast at p1 on p1's turn, to be copied by p1: one target, a player or any target,
 * and nothing to declare (no X, no kicker that must be chosen, nothing spliced). Printed only, so
 * that printed-only engines meet a spell of p2's too.
 */
export const opponentInstants = perContext((ctx): readonly CardDefinition[] =>
  ctx.pool.filter(
    (d) =>
      d.types.includes('Instant') &&
      d.manaCost !== undefined &&
      !d.manaCost.includes('X') &&
      d.targets?.length === 1 &&
      (d.targets[0]!.kind === 'any' || d.targets[0]!.kind === 'player' || d.targets[0]!.kind === 'opponent') &&
      (d.targets[0]!.count ?? 1) === 1 &&
      d.targets[0]!.perKick === undefined &&
      (d.targets[0]!.condition ?? 'always') === 'always' &&
      !d.splice &&
      !isCopier(d) &&
      (d.effects ?? []).every((e) => e.kind === 'damage' || e.kind === 'gainLife'),
  ),
);

/** The printed spell copiers the engine knows (Twincast, Reverberate...). */
export const copiersOf = perContext((ctx): readonly CardDefinition[] => ctx.pool.filter(isCopier));

/** A creature to sacrifice to a kicker cost: the synthetic one, or a printed vanilla creature. */
export const fodderOf = perContext((ctx) => (ctx.synth(FODDER) ? FODDER : ctx.pool.find((d) => vanilla(d) && (d.toughness ?? 0) > 0 && !(d.supertypes ?? []).includes('Legendary'))));

/** A creature to sacrifice, for synthetic scenarios. */
const FODDER: CardDefinition = { name: 'Fodder', manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1 };

/** A spell that makes a token: a synthetic one, or Spiritual Visit. */
export function tokenMaker(ctx: Context): CardDefinition | undefined {
  if (!ctx.does('cast') || !ctx.does('resolve') || !ctx.can('tokens')) return undefined;
  return ctx.synth(TOKEN_SPELL) ? TOKEN_SPELL : ctx.byName('Spiritual Visit');
}

/** Enablers found so far, by condition and main card's name: the search goes through the whole catalog. */
const enablers = perContext(() => new WeakMap<ControlCondition, Map<string, CardDefinition | undefined>>());

/** A permanent card, other than the main one, that makes "if you control ..." hold: one without abilities if there is one. */
export function enablerFor(c: ControlCondition, main: CardDefinition, ctx: Context): CardDefinition | undefined {
  const known = enablers(ctx);
  let byMain = known.get(c);
  if (!byMain) known.set(c, (byMain = new Map()));
  if (!byMain.has(main.name)) byMain.set(main.name, findEnabler(c, main, ctx));
  return byMain.get(main.name);
}

function findEnabler(c: ControlCondition, main: CardDefinition, ctx: Context): CardDefinition | undefined {
  const cards = ctx.caps.cards.synthetic ? [...catalog().values()] : ctx.pool;
  const fits = cards.filter(
    (d) =>
      !isSpell(d) &&
      !d.types.includes('Land') &&
      (c.name === undefined || d.name === c.name) &&
      (!c.types || c.types.some((t) => d.types.includes(t))) &&
      (!c.subtypes || c.subtypes.some((t) => (d.subtypes ?? []).includes(t))) &&
      (c.name !== undefined || d.name !== main.name) &&
      !(d.supertypes ?? []).includes('Legendary') &&
      (d.toughness === undefined || d.toughness > 0),
  );
  return fits.find((d) => !d.triggers && !d.statics) ?? fits[0];
}
