// Targets (CR 601.2c, 608.2b): which target requirements a spell has given its declarations, what may
// be chosen for each, and which chosen targets are still legal when it resolves.
import type { CardDefinition, TargetKind, TargetRequirement } from '../../model/schema-types.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { isPlayerId, opponentOf, type Game, type StackSpell } from './game.ts';
import { repetitions, timesKicked, type KickInfo, type Rejection } from './kicker.ts';

/** One target requirement of the combined spell, and the group of the declaration it fills. */
export interface TargetSlot {
  /** 0 for the main card, 1.. for the spliced cards in splice order. */
  part: number;
  /** Index of the requirement in its card's definition. */
  index: number;
  requirement: TargetRequirement;
  /** Whether the requirement exists given the kicker declaration (CR 702.33g). */
  active: boolean;
  /** How many distinct objects it takes (CR 601.2c: fixed once announced). */
  count: number;
}

export function targetSlots(parts: readonly CardDefinition[], k: KickInfo): TargetSlot[] {
  const slots: TargetSlot[] = [];
  parts.forEach((def, part) => {
    (def.targets ?? []).forEach((requirement, index) => {
      slots.push({
        part,
        index,
        requirement,
        active: repetitions(requirement.condition, k) > 0,
        count: (requirement.count ?? 1) + (requirement.perKick ?? 0) * timesKicked(k),
      });
    });
  });
  return slots;
}

/** Whether `id` may be chosen for a requirement of `kind` by `controller`; a spell never targets itself. */
export function isLegalTarget(g: Game, kind: TargetKind, id: string, self: string, controller: PlayerId): boolean {
  if (id === self) return false;
  const permanent = g.battlefield.find((p) => p.id === id);
  const spell = g.stack.find((s) => s.id === id);
  switch (kind) {
    case 'any':
      return isPlayerId(id) || (permanent?.def.types.includes('Creature') ?? false);
    case 'player':
      return isPlayerId(id);
    case 'opponent':
      return id === opponentOf(controller);
    case 'creature':
      return permanent?.def.types.includes('Creature') ?? false;
    case 'permanent':
      return permanent !== undefined;
    case 'land':
      return permanent?.def.types.includes('Land') ?? false;
    case 'spell':
      return spell !== undefined;
    case 'instantOrSorcerySpell':
      return spell !== undefined && (spell.def.types.includes('Instant') || spell.def.types.includes('Sorcery'));
  }
}

/** Whether anything at all could be chosen for the requirement (CR 702.47b, 601.2c). */
export function hasLegalChoice(g: Game, slot: TargetSlot, self: string, controller: PlayerId): boolean {
  const candidates = ['p1', 'p2', ...g.battlefield.map((p) => p.id), ...g.stack.map((s) => s.id)];
  const legal = candidates.filter((id) => isLegalTarget(g, slot.requirement.kind, id, self, controller));
  return legal.length >= slot.count;
}

/**
 * Checks a declaration of targets against the slots: one group per active slot, each with the
 * slot's count of distinct legal objects.
 */
export function targetDeclarationError(
  g: Game,
  slots: readonly TargetSlot[],
  targets: readonly (readonly string[])[],
  self: string,
  controller: PlayerId,
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
    if (new Set(group).size !== group.length) {
      return { reason: 'illegal-target', message: `target group ${i} names the same object twice` };
    }
    for (const id of group) {
      if (!isLegalTarget(g, slot.requirement.kind, id, self, controller)) {
        return { reason: 'illegal-target', message: `'${id}' is not a legal ${slot.requirement.kind} target` };
      }
    }
  }
  return null;
}

/** The parts of a spell whose text it has: its main card, then each spliced card. */
export function spellParts(spell: StackSpell): CardDefinition[] {
  return [spell.def, ...spell.spliced.map((s) => s.def)];
}
