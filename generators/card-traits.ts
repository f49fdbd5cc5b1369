// What a card is, as the generators ask it: printed or made, a spell or a permanent, what it
// copies, targets and does. Questions about one card's definition, with no choice in them.
import { catalog } from '../model/catalog.ts';
import type { CardDefinition, Effect, TargetRequirement, TriggeredAbility } from '../model/schema-types.ts';

/** A catalog card (sent by Oracle name), not one the generator made. */
export const isPrinted = (d: CardDefinition) => catalog().get(d.name) === d;

/** A spell that copies a spell (Twincast, Reverberate). */
export const isCopier = (d: CardDefinition) => (d.effects ?? []).some((e) => e.kind === 'copySpell');

/** An instant or sorcery card. */
export const isSpell = (d: CardDefinition) => d.types.includes('Instant') || d.types.includes('Sorcery');

const SPELL_TARGETS: readonly string[] = ['spell', 'instantOrSorcerySpell', 'creatureSpell', 'noncreatureSpell'];

/** A card that targets spells (counterspells, copiers): never the main card, which is what they target. */
export const targetsSpells = (d: CardDefinition) => (d.targets ?? []).some((t) => SPELL_TARGETS.includes(t.kind));

/** A creature with no kicker, counters on entering, triggered or static abilities. */
export const vanilla = (d: CardDefinition) => d.types.includes('Creature') && !d.kicker && !d.multikicker && !d.entersWith && !d.triggers && !d.statics;

/** Whether the card has an effect of this kind, of its own or of one of its triggered abilities. */
export function hasEffect(d: CardDefinition, kind: Effect['kind']): boolean {
  if (d.effects?.some((e) => e.kind === kind)) return true;
  for (const t of d.triggers ?? []) if (t.effects.some((e) => e.kind === kind)) return true;
  return false;
}

/** Whether a permanent card has an enters ability with an intervening "if". */
export function hasConditionalEnters(d: CardDefinition): boolean {
  return !isSpell(d) && enteringConditions(d).some((t) => t.if !== undefined || t.ifYouControl !== undefined);
}

/** The main permanent's enters abilities. */
export function enteringConditions(main: CardDefinition): TriggeredAbility[] {
  return (main.triggers ?? []).filter((t) => t.event === 'selfEnters');
}

/** A permanent card with multikicker that enters with counters per kick (Gnarlid Pack). */
export function countersPerKick(d: CardDefinition): boolean {
  return !isSpell(d) && d.multikicker?.cost.mana !== undefined && (d.entersWith ?? []).some((e) => e.condition === 'perKick');
}

// Some are called in buildScenario's loops: it runs for every scenario and every shrink, and spreads,
// Sets and chains of array methods were much of its time (and spreads of arrays of several kinds
// threw its optimised code away again and again).

/** The main card and its splices, in that order. */
export function withMain(main: CardDefinition, splices: readonly CardDefinition[]): CardDefinition[] {
  const out = [main];
  for (let i = 0; i < splices.length; i++) out.push(splices[i]!);
  return out;
}

/** Whether the card has a target requirement of this kind. */
export function targetsKind(d: CardDefinition, kind: TargetRequirement['kind']): boolean {
  const targets = d.targets;
  if (targets) for (let i = 0; i < targets.length; i++) if (targets[i]!.kind === kind) return true;
  return false;
}
