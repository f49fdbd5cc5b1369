// The splice cards of a scenario (CR 702.47): synthetic ones, mixed or all simple, or printed ones
// the engine knows, and those of them that fit the main spell.
import fc from 'fast-check';
import type { CardDefinition } from '../model/schema-types.ts';
import { arrayDraw, uniqueArrayDraw } from './array-draws.ts';
import { isSpell } from './card-traits.ts';
import type { Context } from './context.ts';
import { booleanDraw, constantDraw, natDraw } from './draws.ts';
import { oneofDraw } from './oneof-draws.ts';
import { syntheticSpellArb, tokenFor } from './synthetic-cards.ts';
import { tupleDraws } from './tuple-draws.ts';
import { weightedDraw } from './weighted-draws.ts';

/**
 * Up to three splice cards, all synthetic (oracle false) or all printed (oracle true): synthetic ones
 * of any kind or two or more simple ones (rituals, cantrips), printed ones by index, or two or more
 * printed rituals and cantrips; none where the engine cannot splice. Shrinks towards the first of
 * these sources and fewer splices, dropping any one splice while keeping the others.
 */
export function splicesArb(ctx: Context): fc.Arbitrary<{ defs: CardDefinition[]; oracle: boolean }> {
  const { features, can, pool } = ctx;
  const spliceCards = pool.filter((d) => d.splice);
  const synthetic = ctx.syntheticSpells;
  const maxSplices = can('splice') ? 3 : 0;
  const syntheticSplice = (role: 'instant' | 'sorcery', simple = false) => syntheticSpellArb({ name: 'Splice Card', role, arcane: true, splice: 'Arcane', kicker: false, simple, features });
  const spliceSources: { weight: number; arbitrary: fc.Arbitrary<{ defs: CardDefinition[]; oracle: boolean }> }[] = [];
  // Only where splices can be declared: two or more simple splices need room for two.
  if (synthetic && maxSplices >= 2) {
    // An array, not a prefix of a tuple: shrinking can drop any one splice and keep the others.
    // Rituals and cantrips (simple splices) too, whose order can be swapped without changing the
    // outcome; each splices onto Arcane, or onto any instant or sorcery (Everdream). Now and then all
    // of them are simple: relations.splice-order compares such spells spliced in both orders.
    const mixedSplices = arrayDraw(tupleDraws(oneofDraw(syntheticSplice('instant'), syntheticSplice('sorcery'), syntheticSplice('instant', true)), booleanDraw), { maxLength: maxSplices });
    const simpleSplices = arrayDraw(tupleDraws(syntheticSplice('instant', true), booleanDraw), { minLength: 2, maxLength: maxSplices });
    spliceSources.push({
      weight: 2,
      arbitrary: oneofDraw({ withCrossShrink: true }, { weight: 3, arbitrary: mixedSplices }, { weight: 1, arbitrary: simpleSplices }).map((splices) => ({
          defs: splices.map(([d, anySpell], i) => ({
            ...d,
            name: `Splice Card ${i + 1}`,
            ...(d.effects ? { effects: d.effects.map((e) => (e.token ? { ...e, token: tokenFor(`Splice Card ${i + 1}`) } : e)) } : {}),
            ...(anySpell ? { splice: { ...d.splice!, onto: 'instant or sorcery' as const } } : {}),
          })),
          oracle: false,
        })),
    });
  }
  if (spliceCards.length > 0) {
    spliceSources.push({
      weight: 2,
      arbitrary: uniqueArrayDraw(natDraw({ max: spliceCards.length - 1 }), { maxLength: Math.min(maxSplices, spliceCards.length) }).map((is) => ({ defs: is.map((i) => spliceCards[i]!), oracle: true })),
    });
  }
  // Printed rituals and cantrips (Desperate Ritual, Vital Surge, Evermind...), two or more, for relations.splice-order.
  const simpleSpliceCards = spliceCards.filter((d) => !d.targets?.length && (d.effects ?? []).every((e) => ['gainLife', 'draw', 'addMana'].includes(e.kind)));
  if (simpleSpliceCards.length >= 2) {
    spliceSources.push({
      weight: 1,
      arbitrary: fc
        .uniqueArray(natDraw({ max: simpleSpliceCards.length - 1 }), { minLength: 2, maxLength: Math.min(maxSplices, simpleSpliceCards.length) })
        .map((is) => ({ defs: is.map((i) => simpleSpliceCards[i]!), oracle: true })),
    });
  }
  return maxSplices === 0 || spliceSources.length === 0 ? constantDraw({ defs: [], oracle: false }) : weightedDraw(spliceSources);
}

/** The planned splices that fit the main spell, in plan order; none where the plan casts nothing. */
export function fittingSplices(spell: boolean, main: CardDefinition, planned: readonly CardDefinition[]): CardDefinition[] {
  const splices: CardDefinition[] = [];
  if (spell) for (const s of planned) if (spliceFits(main, s)) splices.push(s);
  return splices;
}

function spliceFits(host: CardDefinition, splice: CardDefinition): boolean {
  if (!splice.splice || !isSpell(host)) return false;
  return splice.splice.onto === 'Arcane' ? (host.subtypes ?? []).includes('Arcane') : true;
}
