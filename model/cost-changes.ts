// Which static abilities change what spells cost (CR 601.2f: "spells cost {1} more", "... {1} less"):
// one answer for the generators that plan around them, the capabilities a scenario needs, and the judge.
import type { StaticAbility } from './schema-types.ts';

/** Whether a static ability is a cost increase or reduction. */
export function changesCosts(ability: Pick<StaticAbility, 'kind'>): boolean {
  return ability.kind === 'costReduction' || ability.kind === 'costIncrease';
}
