// What a cast must pay (CR 601.2f): the mana cost, or nothing cast without paying it (118.9), plus
// the additional costs declared (kicker, splice), plus every cost increase, minus every cost
// reduction that applies to it as it is cast.
import { declaredMana } from '../model/declarations.ts';
import type { Mana } from '../model/mana.ts';
import type { CardDefinition, StaticAbility } from '../model/schema-types.ts';
import type { NCastAction, PlayerId } from '../model/scenario.ts';
import { changesCosts } from '../model/cost-changes.ts';
import { ofTheCast, type Run, type RunStep } from './run.ts';
import { declaredKick, kickedCastsBefore } from './kicks.ts';
import { permanentDef } from './definitions.ts';

/**
 * Whether a printed "spells cost {1} more / less" ability of a permanent applies to a spell being
 * cast, read phrase by phrase: "spells you cast" / "your opponents cast" / any spell, "kicked
 * spells" (kicked once a kicker cost is declared, CR 702.33d), "noncreature spells", "creature
 * spells" and the like, "the first kicked spell you cast each turn" (counted from the casts the
 * trace accepted before).
 */
function costChangeApplies(run: Run, step: RunStep, action: NCastAction, def: CardDefinition, ability: StaticAbility, sourceController: PlayerId): boolean {
  const caster = action.player;
  const whose = ability.spells ?? 'yours';
  const castByTheRightPlayer = whose === 'all' ? true : whose === 'yours' ? caster === sourceController : caster !== sourceController;
  const kicked = (action.kicker?.length ?? 0) > 0 || (action.multikicker ?? 0) > 0;
  const ofTheRightKind = !(ability.notTypes ?? []).some((type) => def.types.includes(type)) && (ability.types === undefined || ability.types.some((type) => def.types.includes(type)));
  const firstThisTurn = !ability.firstEachTurn || kickedCastsBefore(run, step.index, caster) === 0;
  return castByTheRightPlayer && (!ability.kicked || kicked) && ofTheRightKind && firstThisTurn;
}

/** The cost increases and reductions on the battlefield as the spell is cast that apply to it, by amount. */
export function costChanges(run: Run, step: RunStep, action: NCastAction, def: CardDefinition): { increases: number[]; reductions: number[] } {
  const out = { increases: [] as number[], reductions: [] as number[] };
  if (!hasCostChangers(run)) return out;
  for (const p of step.before.battlefield) {
    for (const ability of permanentDef(run, p.id, step.index)?.statics ?? []) {
      const list = ability.kind === 'costIncrease' ? out.increases : ability.kind === 'costReduction' ? out.reductions : undefined;
      if (list && costChangeApplies(run, step, action, def, ability, p.controller)) list.push(ability.amount ?? 1);
    }
  }
  return out;
}

/**
 * CR 601.2f: the total cost is the mana cost (or, cast without paying it, nothing: CR 118.9), plus
 * every additional cost declared and every cost increase, minus every cost reduction (118.9d: they
 * apply to a free cast too). A reduction of generic mana takes only from the generic part (118.7a),
 * and the total cannot go below {0}: each reduction takes what generic mana there still is.
 */
export function expectedTotalMana(run: Run, step: RunStep, action: NCastAction): Readonly<Mana> | undefined {
  // The one worked out for the cast, shared: every reader only reads it.
  return ofTheCast(run, step, action, 'total', () => expectedTotal(run, step, action));
}

function expectedTotal(run: Run, step: RunStep, action: NCastAction): Mana | undefined {
  const def = run.def(action.card);
  const total = declaredTotalMana(run, action);
  if (!def || !total) return undefined;
  const { increases, reductions } = costChanges(run, step, action, def);
  let generic = total.generic;
  for (const more of increases) generic += more;
  for (const less of reductions) generic -= Math.min(less, generic);
  return { ...total, generic };
}

/** The unchanged cost: mana cost plus additional costs, before increases and reductions. */
export function declaredTotalMana(run: Run, action: NCastAction): Mana | undefined {
  const def = run.def(action.card);
  if (!def) return undefined;
  const spliced = (action.splice ?? []).map((id) => run.def(id)).filter((d) => d !== undefined);
  return declaredMana(def, declaredKick(action), spliced, action.x ?? 0, action.withoutPayingManaCost ?? false);
}

export function hasCostChangers(run: Run): boolean {
  // Asked of every cast: the scenario's cards are looked through once.
  return run.shared('cost changers', () => run.scenario.cards.some((c) => (c.definition.statics ?? []).some(changesCosts)));
}
