// Resolving the top of the stack (CR 608). A spell checks its targets first (CR 608.2b: if every
// one is illegal, none of it happens, spliced parts included, CR 702.47d), then does the main
// card's effects and the spliced cards' in their order (CR 702.47b); a permanent spell enters the
// battlefield (a copy as a token, CR 707.10f). A triggered ability checks its intervening "if"
// again (CR 603.4) and its targets, then does its effects.
import type { NResolveAction } from '../../model/scenario.ts';
import { newPermanent, permanentById, type Game, type StackSpell, type StackTrigger } from './game.ts';
import type { Rejection } from './kicker.ts';
import { isPermanentCard, permanentColors } from './characteristics.ts';
import { performParts } from './effects.ts';
import { enterBattlefield } from './zones.ts';
import { whileResolving } from './events.ts';
import { sourceStillThere, triggerSlots } from './triggers.ts';
import type { TargetSlot, TargetingContext } from './targets.ts';
import type { EffectPart, Rules } from './rules-table.ts';

export function resolveTop(g: Game, action: NResolveAction, r: Rules): Rejection | null {
  const item = g.stack.pop();
  if (!item) return { reason: 'empty-stack', message: 'there is nothing on the stack to resolve' };
  return whileResolving(g, item.id, () => {
    if (item.kind === 'ability') return resolveTrigger(g, item, action, r);
    if (isPermanentCard(item.def)) {
      r.resolvePermanentSpell(g, item, r);
      return null;
    }
    return r.resolveSpell(g, item, action, r);
  });
}

/** CR 608.2c-n: an instant or sorcery follows its instructions, then its card goes to its owner's graveyard, last. */
export function resolveSpell(g: Game, spell: StackSpell, action: NResolveAction, r: Rules): Rejection | null {
  const error = resolveInstantOrSorcery(g, spell, action, r);
  if (error) return error;
  r.spellToGraveyard(g, spell);
  return null;
}

/** CR 608.3, 707.10f, 111.13: a permanent spell enters; a copy becomes a token that is not "created". */
export function resolvePermanentSpell(g: Game, spell: StackSpell, r: Rules): void {
  enterBattlefield(g, r.permanentFromSpell(g, spell), { from: 'stack' }, r);
}

/** CR 608.3, 707.10f, 400.7d: the permanent a resolving permanent spell becomes remembers how it was kicked. */
export function permanentFromSpell(g: Game, spell: StackSpell) {
  return newPermanent(g, {
    id: spell.id,
    card: spell.card,
    def: spell.def,
    owner: spell.owner,
    controller: spell.controller,
    token: spell.copy,
    kicker: [...spell.kicker],
    multikicker: spell.multikicker,
  });
}

/** The targets of each group that are still legal as it resolves (CR 608.2b). */
export function legalTargets(g: Game, slots: readonly TargetSlot[], targets: readonly string[][], serials: readonly (readonly number[])[], ctx: TargetingContext, r: Rules): string[][] {
  const active = slots.filter((s) => s.active);
  // A group with no requirement behind it (targets the declaration no longer accounts for) has no legal target.
  return targets.map((group, i) => {
    const slot = active[i];
    return slot ? group.filter((id, j) => r.isLegalTarget(g, slot.requirement, id, ctx) && r.sameObjectAsTargeted(g, id, serials[i]?.[j] ?? -1)) : [];
  });
}

/**
 * CR 400.7, 608.2b: a permanent that left the battlefield since it was targeted, and came back, is a
 * new object the spell or ability never targeted: the target is illegal.
 */
export function sameObjectAsTargeted(g: Game, id: string, serial: number): boolean {
  return serial === -1 || permanentById(g, id)?.serial === serial;
}

function resolveInstantOrSorcery(g: Game, spell: StackSpell, action: NResolveAction, r: Rules): Rejection | null {
  const slots = r.spellTargetSlots(spell);
  const c = r.spellCharacteristics(spell);
  const ctx = { self: spell.id, controller: spell.controller, sourceColors: c.colors };
  const legal = legalTargets(g, slots, spell.targets, spell.targetSerials, ctx, r);
  if (r.fizzles(spell.targets, legal)) return null;
  return performParts(g, r.spellParts(spell), slots.filter((s) => s.active), legal, { action, controller: spell.controller, sourceColors: c.colors, sourceLifelink: false, self: undefined, kick: spell, x: spell.x ?? 0, eventAmount: undefined, eventController: undefined, spell }, r);
}

/** CR 702.47b, 707.10: the main card's effects, then each spliced card's in splice order; a copy's too. */
export function spellParts(spell: StackSpell): EffectPart[] {
  return [spell.def, ...spell.spliced.map((s) => s.def)].map((def, part) => ({ part, effects: def.effects ?? [] }));
}

/** CR 608.2b: a spell or ability with targets, every one of them now illegal, does nothing. */
export function fizzles(chosen: readonly string[][], legal: readonly string[][]): boolean {
  return chosen.some(notEmpty) && !legal.some(notEmpty);
}

function notEmpty(group: readonly string[]): boolean {
  return group.length > 0;
}

function resolveTrigger(g: Game, t: StackTrigger, action: NResolveAction, r: Rules): Rejection | null {
  const ability = t.sourceDef.triggers![t.ability]!;
  if (!r.interveningIfHoldsOnResolution(g, t, r)) return null;
  const slots = triggerSlots(t);
  const self = sourceStillThere(g, t);
  // CR 608.2h: the source as it is now, or as it last existed on the battlefield.
  const colors = self ? permanentColors(self) : t.sourceColors;
  const lifelink = (self ? self.keywords : t.sourceKeywords).includes('lifelink');
  const ctx = { self: t.id, source: t.source, controller: t.controller, sourceColors: colors };
  const legal = legalTargets(g, slots, t.targets, t.targetSerials, ctx, r);
  if (r.fizzles(t.targets, legal)) return null;
  const error = performParts(
    g,
    [{ part: 0, effects: ability.effects }],
    slots.filter((s) => s.active),
    legal,
    { action, controller: t.controller, sourceColors: colors, sourceLifelink: lifelink, self, kick: t.subject, x: 0, eventAmount: t.eventAmount, eventController: t.eventController },
    r,
  );
  if (error) return error;
  if (ability.oncePerTurn) g.turn.doneOnce.push(`${t.source}#${t.ability}`);
  return null;
}
