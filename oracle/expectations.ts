// What the rules say a declaration or a resolution means, worked out from the card definitions and
// the observed states alone. Properties use these instead of the reference engine, so that they
// check the reference engine too.
import { activeRequirements, declaredMana, inactiveRequirements, permanentMayBeTargeted } from '../model/declarations.ts';
import { kickTimes, timesKicked, type Kick } from '../model/kick.ts';
import { manaOf, type Mana } from '../model/mana.ts';
import type { CardDefinition, Color, Effect, KickerLabel, ObservedState, StackSpell, StaticAbility, TargetRequirement } from '../model/schema-types.ts';
import type { NCastAction, PlayerId } from '../model/scenario.ts';
import { permanentOn, spellOnStack, type Run, type RunStep } from './run.ts';
import { changesCosts } from '../model/cost-changes.ts';
import { declaredKick, kickedCastsBefore } from './kicks.ts';

/** Effect i of a list happens this many times; an insteadIfKicked effect that applies replaces the one before it. */
export function effectTimes(effects: readonly Effect[], i: number, k: Kick): number {
  if (effects[i + 1]?.condition === 'insteadIfKicked' && timesKicked(k) > 0) return 0;
  return kickTimes(effects[i]!.condition, k);
}

/** Why a kicker declaration is illegal (CR 702.33b-c), or undefined when it is legal. */
export function kickerDeclarationProblem(def: CardDefinition, kicker: readonly KickerLabel[], multikicker: number): string | undefined {
  if (new Set(kicker).size !== kicker.length) return 'a kicker cost is declared twice';
  const printed = def.kicker?.costs.length ?? 0;
  if (kicker.some((l) => (l === 'A' ? 0 : 1) >= printed)) return `a kicker cost is declared that ${def.name} does not print`;
  if (multikicker > 0 && !def.multikicker) return `multikicker is paid but ${def.name} has none`;
  return undefined;
}

export function printedManaValue(def: CardDefinition, x: number): number {
  if (def.manaCost === undefined) return 0;
  const m = manaOf(def.manaCost);
  return m.x * x + m.generic + m.W + m.U + m.B + m.R + m.G + m.C;
}

export function hasX(def: CardDefinition): boolean {
  return def.manaCost !== undefined && manaOf(def.manaCost).x > 0;
}

export function colorsOfDef(def: CardDefinition): Color[] {
  if (!def.manaCost) return [];
  const m = manaOf(def.manaCost);
  // Each colour written out, in WUBRG order: asked at every cast judged.
  const out: Color[] = [];
  if (m.W > 0) out.push('W');
  if (m.U > 0) out.push('U');
  if (m.B > 0) out.push('B');
  if (m.R > 0) out.push('R');
  if (m.G > 0) out.push('G');
  return out;
}

/** The definition behind each permanent id at a step: a clone has the definition of what it copied (CR 707.2). */
export function permanentDef(run: Run, id: string, upTo: number): CardDefinition | undefined {
  // Without a clone taken (most runs), a permanent is what its card is: found at once, with no
  // answers kept, which would cost more than finding it again.
  if (acceptedClones(run).length === 0) return observedDef(run, id, upTo);
  // Asked of every permanent at every step by many properties: looked up without making anything.
  const byStep = run.shared('definitions', newDefinitions);
  let atStep = byStep.get(upTo);
  if (atStep === undefined) byStep.set(upTo, (atStep = new Map()));
  const known = atStep.get(id);
  if (known !== undefined || atStep.has(id)) return known;
  const def = definitionAt(run, id, upTo);
  atStep.set(id, def);
  return def;
}

const newDefinitions = () => new Map<number, Map<string, CardDefinition | undefined>>();

/** What the last clone of `id` taken up to a step copied: a refused clone changed nothing (CR 733.1). */
function clonedFrom(run: Run, id: string, upTo: number): string | undefined {
  let copyOf: string | undefined;
  for (const s of acceptedClones(run)) {
    if (s.index > upTo) break;
    if (s.card === id) copyOf = s.copyOf;
  }
  return copyOf;
}

/** The clones the trace accepted, in order: most runs have none, and every permanent's definition asks. */
function acceptedClones(run: Run): { index: number; card: string; copyOf: string }[] {
  return run.shared('accepted clones', () => {
    const out: { index: number; card: string; copyOf: string }[] = [];
    for (const s of run.allSteps) if (s.action.do === 'clone' && s.step.outcome === 'accepted') out.push({ index: s.index, card: s.action.card, copyOf: s.action.copyOf });
    return out;
  });
}

function definitionAt(run: Run, id: string, upTo: number): CardDefinition | undefined {
  // Back along the clones taken to what was copied. A card that copies itself, or copies that copy
  // each other, can only come from an engine that took a clone it should have refused: stop there.
  let source = id;
  const seen = new Set([id]);
  for (let from = clonedFrom(run, source, upTo); from !== undefined && !seen.has(from); from = clonedFrom(run, source, upTo)) {
    seen.add(from);
    source = from;
  }
  return observedDef(run, source, upTo);
}

/** The definition of the card a permanent id shows at a step (before it, else after it), or of the card of that id. */
function observedDef(run: Run, source: string, upTo: number): CardDefinition | undefined {
  const step = run.steps[Math.min(Math.max(0, upTo), run.steps.length - 1)];
  const observed = step && (permanentOn(step.before, source) ?? permanentOn(step.after, source));
  return run.def(observed?.card ?? source);
}

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

/** Whether an object may be chosen for a requirement in this state (CR 115, 702.16b). */
export function targetAllowed(
  run: Run,
  state: ObservedState,
  stepIndex: number,
  req: TargetRequirement,
  id: string,
  self: string,
  controller: PlayerId,
  sourceColors: readonly Color[],
): boolean {
  if (id === self) return false;
  if (id === 'p1' || id === 'p2') return req.kind === 'any' || req.kind === 'player' || (req.kind === 'opponent' && id !== controller);
  const spell = state.stack.find((o) => o.id === id && o.kind === 'spell');
  if (spell?.kind === 'spell') {
    const creature = spell.types.includes('Creature');
    return (
      req.kind === 'spell' ||
      (req.kind === 'instantOrSorcerySpell' && spell.types.some((t) => t === 'Instant' || t === 'Sorcery')) ||
      (req.kind === 'creatureSpell' && creature) ||
      (req.kind === 'noncreatureSpell' && !creature)
    );
  }
  const p = state.battlefield.find((o) => o.id === id);
  if (!p) return false;
  // A created token has no card; what targeting needs of it is whether it is a creature.
  const def = permanentDef(run, p.id, stepIndex) ?? { name: p.name, types: p.power !== undefined ? ['Creature'] : ['Artifact'] };
  return permanentMayBeTargeted(req, { def, controller: p.controller, keywords: p.keywords ?? [] }, controller, sourceColors);
}

/** What several properties ask of the same cast, worked out once per run. */
function ofTheCast<T>(run: Run, step: RunStep, a: NCastAction, key: string, compute: () => T): T {
  return a === step.action ? run.ofStep(step, key, compute) : compute();
}

/** A problem with a cast's declarations that makes it illegal, with the reason code it calls for. */
export interface DeclarationProblem {
  reason: string;
  why: string;
}

/**
 * Every problem with a cast's declarations, in the order CR 601.2 meets them: the card, splice
 * (CR 702.47a-b), kicker (CR 702.33b-c), X (CR 107.3b), targets (CR 601.2c, 702.33g). An engine
 * may refuse the cast for any one of them (model/rejections.ts). Targets are judged as far as the
 * declarations let them be read: not when a spliced card is unknown.
 */
export function declarationProblems(run: Run, step: RunStep, a: NCastAction): readonly DeclarationProblem[] {
  return ofTheCast(run, step, a, 'declarations', () => findDeclarationProblems(run, step, a));
}

function findDeclarationProblems(run: Run, step: RunStep, a: NCastAction): DeclarationProblem[] {
  const out: DeclarationProblem[] = [];
  const def = run.def(a.card);
  if (!def) return [{ reason: 'no-such-object', why: `no card ${a.card}` }];
  const caster = step.before.players.find((p) => p.id === a.player);
  if (!caster?.hand.includes(a.card)) out.push({ reason: 'not-in-hand', why: `${a.card} is not in ${a.player}'s hand` });
  const splice = a.splice ?? [];
  // Sets only where there could be a repeat: most casts splice one card or none.
  const spliceOnce = splice.length < 2 ? splice : [...new Set(splice)];
  if (spliceOnce.length !== splice.length) out.push({ reason: 'splice-card-twice', why: 'a card is spliced twice' });
  for (const id of spliceOnce) {
    const sdef = run.def(id);
    if (!sdef?.splice || !caster?.hand.includes(id) || id === a.card) out.push({ reason: 'splice-card-unavailable', why: `${id} cannot be spliced` });
    else if (sdef.splice.onto === 'Arcane' ? !(def.subtypes ?? []).includes('Arcane') : !def.types.some((t) => t === 'Instant' || t === 'Sorcery')) {
      out.push({ reason: 'splice-quality-mismatch', why: `${def.name} is not ${sdef.splice.onto}` });
    }
  }
  const kicker = a.kicker ?? [];
  if (kicker.length > 1 && new Set(kicker).size !== kicker.length) out.push({ reason: 'kicker-declared-twice', why: 'a kicker cost is declared twice' });
  const printed = def.kicker?.costs.length ?? 0;
  if (kicker.some((l) => (l === 'A' ? 0 : 1) >= printed) || ((a.multikicker ?? 0) > 0 && !def.multikicker)) {
    out.push({ reason: 'kicker-not-printed', why: `a kicker cost is declared that ${def.name} does not print` });
  }
  const withX = hasX(def);
  if (withX !== (a.x !== undefined) || (withX && a.withoutPayingManaCost && a.x !== 0)) out.push({ reason: 'x-mismatch', why: 'X does not fit the mana cost' });
  const spliced = splice.map((id) => run.def(id));
  if (spliced.some((d) => d === undefined)) return out;
  const targetProblem = targetDeclarationProblem(run, step, a, [def, ...(spliced as CardDefinition[])]);
  return targetProblem ? [...out, targetProblem] : out;
}

/** The first problem with a cast's targets (CR 601.2c, 702.33g, 702.47b), or undefined. */
function targetDeclarationProblem(run: Run, step: RunStep, a: NCastAction, parts: CardDefinition[]): DeclarationProblem | undefined {
  const def = parts[0]!;
  const k = declaredKick(a);
  const requirements = activeRequirements(parts, k);
  const targets = a.targets ?? [];
  const colors = colorsOfDef(def);
  for (const r of requirements.filter((r) => r.part > 0)) {
    const any = ['p1', 'p2', ...step.before.battlefield.map((p) => p.id), ...step.before.stack.map((o) => o.id)].filter((id) =>
      targetAllowed(run, step.before, step.index, r.requirement, id, a.card, a.player, colors),
    );
    if (any.length < r.count) return { reason: 'splice-no-legal-target', why: `${parts[r.part]!.name} has no legal target` };
  }
  if (targets.length !== requirements.length) {
    const forUnkicked = targets.length === requirements.length + inactiveRequirements(parts, k) && inactiveRequirements(parts, k) > 0;
    return { reason: forUnkicked ? 'target-for-unkicked-part' : 'wrong-target-count', why: `${targets.length} target groups for ${requirements.length} requirements` };
  }
  for (let i = 0; i < requirements.length; i++) {
    const r = requirements[i]!;
    const group = targets[i]!;
    if (group.length !== r.count) return { reason: 'wrong-target-count', why: `group ${i} has ${group.length} targets for ${r.count}` };
    const earlier = r.requirement.another ? requirements.slice(0, i).flatMap((q, j) => (q.part === r.part ? targets[j]! : [])) : [];
    if ((group.length > 1 && new Set(group).size !== group.length) || group.some((id) => earlier.includes(id))) return { reason: 'illegal-target', why: `group ${i} repeats a target` };
    const bad = group.find((id) => !targetAllowed(run, step.before, step.index, r.requirement, id, a.card, a.player, colors));
    if (bad) return { reason: 'illegal-target', why: `${bad} is not a legal ${r.requirement.kind} target` };
  }
  return undefined;
}

/** The sacrifices a cast's costs ask for, in order, and whether the named permanents fit (CR 601.2h). */
export function sacrificeProblem(run: Run, step: RunStep, a: NCastAction): string | undefined {
  return ofTheCast(run, step, a, 'sacrifices', () => findSacrificeProblem(run, step, a));
}

function findSacrificeProblem(run: Run, step: RunStep, a: NCastAction): string | undefined {
  const def = run.def(a.card)!;
  // Most casts name no sacrifice and declare no cost that asks for one: nothing to list.
  if ((a.sacrifice?.length ?? 0) === 0 && !asksForSacrifice(run, def, a)) return undefined;
  const costs = [
    ...(a.kicker ?? []).map((l) => def.kicker?.costs[l === 'A' ? 0 : 1]),
    ...Array.from({ length: a.multikicker ?? 0 }, () => def.multikicker?.cost),
    ...(a.splice ?? []).map((id) => run.def(id)?.splice?.cost),
  ].flatMap((c) => (c?.sacrifice ? Array.from({ length: c.sacrifice.count }, () => c.sacrifice!.filter) : []));
  const named = a.sacrifice ?? [];
  if (named.length !== costs.length || new Set(named).size !== named.length) return `${costs.length} sacrifices are due, ${named.length} named`;
  for (let i = 0; i < named.length; i++) {
    const p = step.before.battlefield.find((o) => o.id === named[i]);
    const pdef = p && permanentDef(run, p.id, step.index);
    const f = costs[i]!;
    if (!p || p.controller !== a.player || !pdef) return `${named[i]} is not a permanent ${a.player} controls`;
    if (f.types && !f.types.some((t) => pdef.types.includes(t))) return `${named[i]} is not a ${f.types.join(' or ')}`;
    if (f.subtypes && !f.subtypes.some((t) => (pdef.subtypes ?? []).includes(t))) return `${named[i]} is not a ${f.subtypes.join(' or ')}`;
  }
  return undefined;
}

/** Whether a cost the cast declares asks for a permanent to be sacrificed. */
function asksForSacrifice(run: Run, def: CardDefinition, a: NCastAction): boolean {
  for (const l of a.kicker ?? []) if (def.kicker?.costs[l === 'A' ? 0 : 1]?.sacrifice) return true;
  if ((a.multikicker ?? 0) > 0 && def.multikicker?.cost.sacrifice) return true;
  for (const id of a.splice ?? []) if (run.def(id)?.splice?.cost.sacrifice) return true;
  return false;
}

export type { Requirement } from '../model/declarations.ts';
export { activeRequirements };
