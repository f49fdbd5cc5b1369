// Targets (CR 601.2c, 608.2b, 115): which target requirements a spell has given its declarations,
// what may be chosen for each, and which chosen targets are still legal when it resolves.
import type { CardType, Color, TargetRequirement } from '../../model/schema-types.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { abilityById, isPlayerId, opponentOf, permanentById, type Game, type Permanent, type StackItem, type StackSpell } from './game.ts';
import { repetitions, timesKicked, type KickInfo, type Rejection } from './kicker.ts';
import { permanentColors } from './characteristics.ts';
import { sortedStrings } from './sorted.ts';

/** One target requirement of the combined spell, and the group of the declaration it fills. */
export interface TargetSlot {
  /** 0 for the main card, 1.. for the spliced cards in splice order. */
  part: number;
  /** Index of the requirement in its card's (or ability's) list. */
  index: number;
  requirement: TargetRequirement;
  /** Whether the requirement exists given the kicker declaration (CR 702.33g). */
  active: boolean;
  /** How many distinct objects it takes (CR 601.2c: fixed once announced). */
  count: number;
}

/** Who is choosing, for what: a spell never targets itself, and protection looks at the source's colours. */
export interface TargetingContext {
  self: string;
  /** For a triggered ability: its source permanent, which 'other than' requirements leave out. */
  source?: string;
  controller: PlayerId;
  sourceColors: readonly Color[];
}

export function slotsOf(requirementLists: readonly (readonly TargetRequirement[])[], k: KickInfo): TargetSlot[] {
  const slots: TargetSlot[] = [];
  for (let part = 0; part < requirementLists.length; part++) addSlots(slots, part, requirementLists[part]!, k);
  return slots;
}

// Loops rather than forEach and map: a spell's slots are asked for as it is cast, copied and resolved.
function addSlots(slots: TargetSlot[], part: number, requirements: readonly TargetRequirement[], k: KickInfo): void {
  for (let index = 0; index < requirements.length; index++) {
    const requirement = requirements[index]!;
    slots.push({
      part,
      index,
      requirement,
      active: repetitions(requirement.condition, k) > 0,
      count: (requirement.count ?? 1) + (requirement.perKick ?? 0) * timesKicked(k),
    });
  }
}

/** The target slots of a spell: its card's, then each spliced card's (CR 702.47d). */
export function spellSlots(spell: StackSpell): TargetSlot[] {
  const slots: TargetSlot[] = [];
  addSlots(slots, 0, spell.def.targets ?? NO_REQUIREMENTS, spell);
  for (let i = 0; i < spell.spliced.length; i++) addSlots(slots, i + 1, spell.spliced[i]!.def.targets ?? NO_REQUIREMENTS, spell);
  return slots;
}

const NO_REQUIREMENTS: readonly TargetRequirement[] = Object.freeze([]);

/** Whether `id` may be chosen for the requirement (CR 115.1, 702.16b). */
export function isLegalTarget(g: Game, req: TargetRequirement, id: string, ctx: TargetingContext): boolean {
  if (id === ctx.self) return false;
  const permanent = permanentById(g, id);
  const spell = spellNamed(g, id);
  let kindOk: boolean;
  switch (req.kind) {
    case 'any':
      kindOk = isPlayerId(id) || hasType(permanent, 'Creature');
      break;
    case 'player':
      kindOk = isPlayerId(id);
      break;
    case 'opponent':
      kindOk = id === opponentOf(ctx.controller);
      break;
    case 'creature':
      kindOk = hasType(permanent, 'Creature');
      break;
    case 'artifact':
      kindOk = hasType(permanent, 'Artifact');
      break;
    case 'permanent':
      kindOk = permanent !== undefined;
      break;
    case 'nonlandPermanent':
      kindOk = permanent !== undefined && !hasType(permanent, 'Land');
      break;
    case 'land':
      kindOk = hasType(permanent, 'Land');
      break;
    case 'spell':
      kindOk = spell !== undefined;
      break;
    case 'instantOrSorcerySpell':
      kindOk = spell?.kind === 'spell' && (spell.def.types.includes('Instant') || spell.def.types.includes('Sorcery'));
      break;
    case 'creatureSpell':
      kindOk = spell?.kind === 'spell' && spell.def.types.includes('Creature');
      break;
    case 'noncreatureSpell':
      kindOk = spell?.kind === 'spell' && !spell.def.types.includes('Creature');
      break;
    case 'ability':
      kindOk = abilityById(g, id) !== undefined;
      break;
  }
  if (!kindOk) return false;
  if (!permanent) return true;
  const f = req.filter;
  if (f) {
    const colors = permanentColors(permanent);
    if (f.notColors?.some((c) => colors.includes(c))) return false;
    if (f.types && !f.types.some((t) => permanent.def.types.includes(t))) return false;
    if (f.notSubtypes?.some((t) => (permanent.def.subtypes ?? []).includes(t))) return false;
    if (f.keywords?.some((k) => !permanent.keywords.includes(k))) return false;
    if (f.controller === 'you' && permanent.controller !== ctx.controller) return false;
    if (f.controller === 'opponent' && permanent.controller === ctx.controller) return false;
    if (f.other && permanent.id === ctx.source) return false;
  }
  // CR 702.16b: protection from a colour stops targeting by sources of that colour.
  return !(permanent.def.protection ?? []).some((c) => ctx.sourceColors.includes(c));
}

// Module functions rather than closures in isLegalTarget, which is asked of every candidate target.
function hasType(permanent: Permanent | undefined, type: CardType): boolean {
  return permanent !== undefined && permanent.def.types.includes(type);
}

/** The first spell on the stack of that id (a loop: asked of every candidate target). */
function spellNamed(g: Game, id: string): StackSpell | undefined {
  for (const item of g.stack) if (item.id === id && item.kind === 'spell') return item;
  return undefined;
}

/** Objects that could ever be chosen, in the canonical order: opponent, controller, permanents by id, spells from the top. */
export function candidates(g: Game, controller: PlayerId): string[] {
  const permanents = sortedStrings(g.battlefield.map((p) => p.id));
  const spells = [...g.stack].reverse().map((s: StackItem) => s.id);
  return [opponentOf(controller), controller, ...permanents, ...spells];
}

/** Whether enough legal objects exist for the requirement (CR 702.47b, 601.2c). */
export function hasLegalChoice(g: Game, slot: TargetSlot, ctx: TargetingContext): boolean {
  return candidates(g, ctx.controller).filter((id) => isLegalTarget(g, slot.requirement, id, ctx)).length >= slot.count;
}

/** The first legal objects in canonical order for each active slot, or null when one cannot be filled (CR 603.3d). */
export function canonicalTargets(g: Game, slots: readonly TargetSlot[], ctx: TargetingContext): string[][] | null {
  const chosen: string[][] = [];
  for (const slot of slots.filter((s) => s.active)) {
    const taken = new Set(slot.requirement.another ? chosen.flat() : []);
    const group = candidates(g, ctx.controller)
      .filter((id) => !taken.has(id) && isLegalTarget(g, slot.requirement, id, ctx))
      .slice(0, slot.count);
    if (group.length < slot.count) return null;
    chosen.push(group);
  }
  return chosen;
}

/**
 * Checks a declaration of targets against the slots: one group per active slot, each with the
 * slot's count of distinct legal objects, "another" requirements avoiding the part's earlier choices.
 * `unchanged` holds a copy's targets before new ones are chosen: a target left in its place need not
 * be legal (CR 707.10c).
 */
export function targetDeclarationError(
  g: Game,
  slots: readonly TargetSlot[],
  targets: readonly (readonly string[])[],
  ctx: TargetingContext,
  unchanged?: readonly (readonly string[])[],
): Rejection | null {
  const active = slots.filter((s) => s.active);
  if (targets.length !== active.length) {
    if (targets.length === slots.length && slots.length > active.length) {
      return {
        reason: 'target-for-unkicked-part',
        message: `targets were given for ${slots.length - active.length} requirement(s) that exist only if kicked`,
      };
    }
    return { reason: 'wrong-target-count', message: `expected ${active.length} target group(s), got ${targets.length}` };
  }
  for (let i = 0; i < active.length; i++) {
    const slot = active[i]!;
    const group = targets[i]!;
    if (group.length !== slot.count) {
      return { reason: 'wrong-target-count', message: `target group ${i} needs ${slot.count} target(s), got ${group.length}` };
    }
    if (group.length > 1 && new Set(group).size !== group.length) {
      return { reason: 'illegal-target', message: `target group ${i} names the same object twice` };
    }
    if (slot.requirement.another) {
      const earlier = active.slice(0, i).flatMap((s, j) => (s.part === slot.part ? targets[j]! : []));
      const repeated = group.find((id) => earlier.includes(id));
      if (repeated) return { reason: 'illegal-target', message: `'${repeated}' was already chosen; this target must be another one` };
    }
    for (const [j, id] of group.entries()) {
      if (unchanged?.[i]?.[j] === id) continue;
      if (!isLegalTarget(g, slot.requirement, id, ctx)) {
        return { reason: 'illegal-target', message: `'${id}' is not a legal ${slot.requirement.kind} target` };
      }
    }
  }
  return null;
}
