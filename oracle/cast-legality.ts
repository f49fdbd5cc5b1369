// What makes a cast illegal (CR 601.2): the card, splice (CR 702.47a-b), kicker (702.33b-c), X
// (107.3b), targets (601.2c, 702.33g) and the permanents a cost sacrifices (601.2h), each with the
// rejection reason it calls for (model/rejections.ts). An engine may refuse an illegal cast for any of
// its problems: the judge accepts each.
import { activeRequirements, inactiveRequirements } from '../model/declarations.ts';
import type { CardDefinition, Color, KickerLabel } from '../model/schema-types.ts';
import type { NCastAction } from '../model/scenario.ts';
import { ofTheCast, permanentOn, spellOnStack, type Run, type RunStep } from './run.ts';
import { declaredKick } from './kicks.ts';
import { colorsOfDef, hasX, permanentDef } from './definitions.ts';
import { targetAllowed } from './targets.ts';

/** Why a kicker declaration is illegal (CR 702.33b-c), or undefined when it is legal. */
export function kickerDeclarationProblem(def: CardDefinition, kicker: readonly KickerLabel[], multikicker: number): string | undefined {
  if (new Set(kicker).size !== kicker.length) return 'a kicker cost is declared twice';
  const printed = def.kicker?.costs.length ?? 0;
  if (kicker.some((l) => (l === 'A' ? 0 : 1) >= printed)) return `a kicker cost is declared that ${def.name} does not print`;
  if (multikicker > 0 && !def.multikicker) return `multikicker is paid but ${def.name} has none`;
  return undefined;
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

/**
 * The colours a spliced spell would have if it took on its spliced cards' colours, which it does not
 * (CR 702.47c: it keeps the main card's characteristics), when they differ from its own; else undefined.
 */
export function coloursWithSpliced(run: Run, a: NCastAction): Color[] | undefined {
  const def = run.def(a.card);
  const spliced = (a.splice ?? []).map((id) => run.def(id));
  if (!def || spliced.length === 0 || spliced.some((d) => d === undefined)) return undefined;
  const own = colorsOfDef(def);
  const all = [...new Set([...own, ...spliced.flatMap((d) => colorsOfDef(d!))])].sort();
  return all.length > own.length ? all : undefined;
}

/**
 * Whether a cast with legal targets would have an illegal one if the spell had its spliced cards'
 * colours (a creature with protection from a spliced card's colour): what an engine that gives a
 * spliced spell those colours refuses (CR 702.16b, 702.47c).
 */
export function targetsShieldedFromSplicedColours(run: Run, step: RunStep, a: NCastAction): boolean {
  const colours = coloursWithSpliced(run, a);
  if (colours === undefined) return false;
  const parts = [a.card, ...(a.splice ?? [])].map((id) => run.def(id)!);
  return targetDeclarationProblem(run, step, a, parts) === undefined && targetDeclarationProblem(run, step, a, parts, colours)?.reason === 'illegal-target';
}

/** The first problem with a cast's targets (CR 601.2c, 702.33g, 702.47b), or undefined; `colors`, the spell's (its main card's). */
function targetDeclarationProblem(run: Run, step: RunStep, a: NCastAction, parts: CardDefinition[], colors: readonly Color[] = colorsOfDef(parts[0]!)): DeclarationProblem | undefined {
  const k = declaredKick(a);
  const requirements = activeRequirements(parts, k);
  const targets = a.targets ?? [];
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
