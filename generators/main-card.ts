// The cards of a scenario that are not there for a role: the main spell (synthetic, or printed by
// shape), the bystanders it targets, and a permanent with kicker put onto the battlefield.
import type fc from 'fast-check';
import type { CardDefinition } from '../model/schema-types.ts';
import { enteringConditions, isCopier, isSpell, targetsKind, targetsSpells, vanilla } from './card-traits.ts';
import type { Context } from './context.ts';
import { constantDraw, natDraw } from './draws.ts';
import { oneofDraw } from './oneof-draws.ts';
import { bystanderArb, syntheticSpellArb } from './synthetic-cards.ts';
import { tupleDraws } from './tuple-draws.ts';

/**
 * The main card: a synthetic spell or permanent, or a printed card the engine knows, chosen by shape
 * (printed-only engines draw only these). Shrinks towards a synthetic Arcane instant, or towards the
 * plain printed kicker cards (Burst Lightning first).
 */
export function mainCardArb(ctx: Context): fc.Arbitrary<{ def: CardDefinition; oracle: boolean }> {
  const { features, can, pool } = ctx;
  // Flicker cards aim at a creature of their caster's, which p1 may not have: generators/flicker-cards.ts
  // casts them where they have a target.
  const mains = pool.filter((d) => !d.types.includes('Land') && d.manaCost !== undefined && !isCopier(d) && !targetsSpells(d) && !targetsKind(d, 'ability') && !vanilla(d) && !(d.effects ?? []).some((e) => e.kind === 'flicker'));
  const synthetic = ctx.syntheticSpells;

  const syntheticMain = oneofDraw(
    // Arcane instants weigh double: any splice card fits them.
    { weight: 2, arbitrary: syntheticSpellArb({ name: 'Main Spell', role: 'instant', arcane: true, features }) },
    syntheticSpellArb({ name: 'Main Spell', role: 'sorcery', arcane: false, features }),
    syntheticSpellArb({ name: 'Main Spell', role: 'instant', arcane: false, features }),
    // Permanents weigh double: their enters abilities are where the triggers properties look; those
    // with a counter per multikick too, which relations.one-more-multikick kicks once more.
    { weight: 2, arbitrary: syntheticSpellArb({ name: 'Main Permanent', role: 'permanent', features }) },
    ...(can('multikicker') ? [{ weight: 2, arbitrary: syntheticSpellArb({ name: 'Main Permanent', role: 'permanent', perKick: true, features }) }] : []),
  );
  // Printed mains by shape, so that the rarer shapes (two kicker costs, multikicker, {X}, Arcane hosts)
  // come up about as often as the many cards with one kicker cost.
  const shapes = mainShapes(mains);
  const catalogMain =
    shapes.length > 1
      ? oneofDraw({ withCrossShrink: true }, ...shapes.map(({ group, weight }) => ({ weight, arbitrary: natDraw({ max: group.length - 1 }).map((i) => group[i]!) })))
      : natDraw({ max: Math.max(0, mains.length - 1) }).map((i) => mains[i]!);
  return synthetic && mains.length > 0
    ? oneofDraw<{ def: CardDefinition; oracle: boolean }>(
        { weight: 2, arbitrary: syntheticMain.map((def) => ({ def, oracle: false })) },
        { weight: 1, arbitrary: catalogMain.map((def) => ({ def, oracle: true })) },
      )
    : synthetic
      ? syntheticMain.map((def) => ({ def, oracle: false }))
      : catalogMain.map((def) => ({ def, oracle: true }));
}

/**
 * Printed mains grouped by shape, each with its weight; only the groups with cards. The shapes few
 * cards have weigh more, so that "both kicker costs", "kicked four times", "a cost paid by
 * sacrificing", "one of several targets dies" and "the board changes before an enters ability
 * resolves" come up often.
 */
function mainShapes(mains: readonly CardDefinition[]): { group: CardDefinition[]; weight: number }[] {
  const shapes: { weight: number; fits: (d: CardDefinition) => boolean }[] = [
    { weight: 5, fits: (d) => d.kicker?.costs.length === 2 },
    // Spells with several targets once kicked (Comet Storm, Jilt): some of them can die first.
    { weight: 8, fits: (d) => isSpell(d) && ((d.targets ?? []).length >= 2 || (d.targets ?? []).some((t) => t.perKick !== undefined)) },
    // Permanents with a counter per multikick (Gnarlid Pack), which relations.one-more-multikick kicks once more.
    { weight: 9, fits: (d) => !isSpell(d) && d.multikicker !== undefined && (d.entersWith ?? []).some((e) => e.condition === 'perKick') },
    { weight: 2, fits: (d) => d.multikicker !== undefined },
    { weight: 5, fits: (d) => d.manaCost?.includes('{X}') ?? false },
    { weight: 6, fits: (d) => isSpell(d) && (d.subtypes ?? []).includes('Arcane') },
    { weight: 2, fits: (d) => (d.kicker?.costs ?? []).some((c) => c.sacrifice !== undefined) },
    { weight: 4, fits: (d) => enteringConditions(d).length > 0 && enteringConditions(d).every((t) => t.if !== undefined || t.ifYouControl !== undefined) },
    { weight: 1, fits: (d) => d.kicker !== undefined },
    { weight: 1, fits: () => true },
  ];
  const groups = shapes.map(() => [] as CardDefinition[]);
  for (const d of mains) groups[shapes.findIndex((x) => x.fits(d))]!.push(d);
  // Shrinking goes to the first group: the plain kicker cards (Burst Lightning first), the simplest.
  const plain = shapes.length - 2;
  return [plain, ...shapes.keys()].filter((i, k) => k === 0 || i !== plain).map((i) => ({ group: groups[i]!, weight: shapes[i]!.weight })).filter((g) => g.group.length > 0);
}

/**
 * Three bystander creatures, p2's, for spells to target: synthetic ones (with protection, or watching
 * the damage they are dealt, where the engine has those), or the first three printed vanilla
 * creatures. The plan puts down as many as its targets need; shrinking simplifies each synthetic one.
 */
export function bystandersArb(ctx: Context): fc.Arbitrary<CardDefinition[]> {
  const { can, pool } = ctx;
  // Bystanders stand there to be targeted: a 0/0 (Clone without a copy) or a legend would not stay.
  const vanillas = pool.filter((d) => vanilla(d) && (d.toughness ?? 0) > 0 && !(d.supertypes ?? []).includes('Legendary'));
  const bystanderDefs = ctx.syntheticSpells
    ? tupleDraws(...(['Bystander One', 'Bystander Two', 'Bystander Three'] as const).map((name) => bystanderArb(name, { protection: can('protection'), damageTrigger: can('triggers') && ctx.synth({ name, types: ['Creature'], triggers: [{ event: 'selfDealtDamage', effects: [{ kind: 'gainLife', amount: 1 }] }] }) })))
    : constantDraw(vanillas.slice(0, 3));
  return bystanderDefs.map((t): CardDefinition[] => [...t]);
}

/**
 * A permanent put onto the battlefield without being cast, so that its kicker conditions hold for
 * nothing (CR 702.33d): a synthetic permanent (mostly with kicker or multikicker), or a printed one
 * with kicker or multikicker by index; none where the engine knows no such card. Shrinks towards a
 * simpler synthetic card, or the first printed one.
 */
export function kickerPermanentArb(ctx: Context): fc.Arbitrary<CardDefinition | undefined> {
  const kickerPermanents = ctx.pool.filter((d) => !isSpell(d) && (d.kicker || d.multikicker) && d.manaCost);
  return ctx.syntheticSpells
    ? syntheticSpellArb({ name: 'Kicker Permanent', role: 'permanent', features: ctx.features })
    : kickerPermanents.length > 0
      ? natDraw({ max: kickerPermanents.length - 1 }).map((i) => kickerPermanents[i]!)
      : constantDraw(undefined);
}
