// What the rules say a declaration means, worked out from the card definitions alone. Properties
// use these instead of the reference engine, so they check the reference engine too.
import { addMana, emptyMana, fixX, parseMana, type Mana } from '../model/mana.ts';
import type { CardDefinition, KickerLabel } from '../model/schema-types.ts';
import type { NCastAction } from '../model/scenario.ts';

/** Why a kicker declaration is illegal (CR 702.33b-c), or undefined when it is legal. */
export function kickerDeclarationProblem(def: CardDefinition, kicker: readonly KickerLabel[], multikicker: number): string | undefined {
  if (new Set(kicker).size !== kicker.length) return 'a kicker cost is declared twice';
  const printed = def.kicker?.costs.length ?? 0;
  if (kicker.some((l) => (l === 'A' ? 0 : 1) >= printed)) return `a kicker cost is declared that ${def.name} does not print`;
  if (multikicker > 0 && !def.multikicker) return `multikicker is paid but ${def.name} has none`;
  return undefined;
}

/** CR 601.2f with no cost changes: mana cost (or nothing, cast free) plus each declared additional cost. */
export function expectedTotalMana(def: CardDefinition, action: NCastAction, spliced: readonly CardDefinition[]): Mana {
  let total =
    action.withoutPayingManaCost || def.manaCost === undefined ? emptyMana() : fixX(parseMana(def.manaCost), action.x ?? 0);
  for (const label of action.kicker ?? []) {
    const cost = def.kicker?.costs[label === 'A' ? 0 : 1];
    if (cost?.mana) total = addMana(total, parseMana(cost.mana));
  }
  if (def.multikicker?.cost.mana) total = addMana(total, parseMana(def.multikicker.cost.mana), action.multikicker ?? 0);
  for (const s of spliced) if (s.splice?.cost.mana) total = addMana(total, parseMana(s.splice.cost.mana));
  return total;
}

export function declaresAdditionalCost(action: NCastAction): boolean {
  return (action.kicker?.length ?? 0) > 0 || (action.multikicker ?? 0) > 0 || (action.splice?.length ?? 0) > 0;
}

export function printedManaValue(def: CardDefinition, x: number): number {
  if (def.manaCost === undefined) return 0;
  const m = parseMana(def.manaCost);
  return m.x * x + m.generic + m.W + m.U + m.B + m.R + m.G + m.C;
}

export function hasX(def: CardDefinition): boolean {
  return def.manaCost !== undefined && parseMana(def.manaCost).x > 0;
}
