// Triggered abilities (CR 603): which abilities an event triggers and how many times (603.2,
// 603.2c-h, 603.4), putting them on the stack in APNAP order (603.3b), and resolving them.
import type { ControlCondition, TriggeredAbility, TriggerEvent } from '../../model/schema-types.ts';
import type { NAction, PlayerId } from '../../model/scenario.ts';
import { triggerId } from '../../model/conventions.ts';
import { gameOver, permanentById, serialsOf, type Game, type PendingTrigger, type Permanent, type StackTrigger } from './game.ts';
import { isKicked, timesKicked, type KickInfo, type Rejection } from './kicker.ts';
import { permanentColors } from './characteristics.ts';
import { slotsOf, targetDeclarationError, type TargetSlot } from './targets.ts';
import type { GameEvent, Rules } from './rules-table.ts';

export const NOT_KICKED: KickInfo = { kicker: [], multikicker: 0 };

/** CR 603.4: the intervening "if", about the object the event is about. */
export function interveningIfHolds(ability: TriggeredAbility, subject: KickInfo): boolean {
  switch (ability.if) {
    case undefined:
      return true;
    case 'kicked':
      return isKicked(subject);
    case 'kickedA':
      return subject.kicker.includes('A');
    case 'kickedB':
      return subject.kicker.includes('B');
    case 'kickedTwice':
      return timesKicked(subject) >= 2;
    case 'notKicked':
      return !isKicked(subject);
  }
}

/**
 * CR 603.4: an intervening "if" about the board ("if you control an artifact"), for the ability of
 * the permanent `sourceSerial` names (which "another" leaves out), controlled by `controller`.
 */
export function controlConditionHolds(g: Game, ability: TriggeredAbility, controller: PlayerId, sourceSerial: number): boolean {
  return !ability.ifYouControl || controlsMatching(g, ability.ifYouControl, controller, sourceSerial);
}

/** Whether `controller` controls a permanent that matches `c`; "another" leaves out the permanent `sourceSerial` names (-1: none). */
export function controlsMatching(g: Game, c: ControlCondition, controller: PlayerId, sourceSerial: number): boolean {
  return g.battlefield.some(
    (p) =>
      p.controller === controller &&
      (!c.other || p.serial !== sourceSerial) &&
      (!c.types || c.types.some((t) => p.def.types.includes(t))) &&
      (!c.subtypes || c.subtypes.some((t) => (p.def.subtypes ?? []).includes(t))) &&
      (c.name === undefined || p.def.name === c.name),
  );
}

/**
 * CR 603.4, 608.2a: as a triggered ability resolves, its intervening "if" is checked again: about the
 * object its event was about, as it was (a kicked status never changes), and about the board now.
 */
export function interveningIfHoldsOnResolution(g: Game, t: StackTrigger, r: Rules): boolean {
  const ability = t.sourceDef.triggers![t.ability]!;
  return r.interveningIfHolds(ability, t.subject) && r.controlConditionHolds(g, ability, t.controller, t.sourceSerial);
}

/** Whether the ability's trigger event matches, and the object the event is about. */
export function eventMatches(source: Permanent, ability: TriggeredAbility, event: GameEvent): { subject: KickInfo; amount?: number; controller?: PlayerId } | null {
  if (ability.event !== event.kind) return null;
  const whose = ability.whose ?? 'any';
  switch (event.kind) {
    case 'selfEnters':
      return event.permanent === source ? { subject: source } : null;
    case 'selfDealtDamage':
      return event.permanent === source ? { subject: NOT_KICKED, amount: event.amount } : null;
    case 'creaturesDie':
      // "One or more other creatures": the event counts once, if any creature but this one died.
      return event.died.some((p) => p !== source && whoseOk(whose, source, p.controller)) ? { subject: NOT_KICKED } : null;
    case 'spellCast':
      return whoseOk(whose, source, event.spell.controller) ? { subject: event.spell } : null;
    case 'landToGraveyard':
    case 'tokenCreated':
      return whoseOk(whose, source, event.permanent.controller) ? { subject: NOT_KICKED, controller: event.permanent.controller } : null;
    case 'becomesTapped': {
      const p = event.permanent;
      const f = ability.filter;
      const fits =
        (!f?.types || f.types.some((t) => p.def.types.includes(t))) &&
        (!f?.subtypes || f.subtypes.some((t) => (p.def.subtypes ?? []).includes(t)));
      return fits && whoseOk(whose, source, p.controller) ? { subject: NOT_KICKED } : null;
    }
  }
}

/** Whether the event's object is one of those the ability's "whose" names, seen from its source's controller. */
function whoseOk(whose: NonNullable<TriggeredAbility['whose']>, source: Permanent, controller: PlayerId): boolean {
  return whose === 'any' || (whose === 'yours') === (controller === source.controller);
}

/**
 * CR 603.2d: an artifact or creature entering makes each ability it triggers, of a permanent whose
 * controller controls a trigger multiplier, trigger once more per multiplier (Panharmonicon).
 */
export function triggerInstances(g: Game, source: Permanent, _ability: TriggeredAbility, event: GameEvent): number {
  if (event.kind !== 'selfEnters') return 1;
  const entering = event.permanent.def.types;
  if (!entering.includes('Artifact') && !entering.includes('Creature')) return 1;
  const multipliers = g.battlefield.filter(
    (p) => p.controller === source.controller && (p.def.statics ?? []).some((s) => s.kind === 'triggerMultiplier'),
  ).length;
  return 1 + multipliers;
}

export function collectTriggers(g: Game, event: GameEvent, r: Rules): void {
  const sources = event.kind === 'landToGraveyard' || event.kind === 'creaturesDie' ? event.sources : g.battlefield;
  for (const source of sources) {
    const triggers = source.def.triggers;
    if (!triggers) continue;
    for (let index = 0; index < triggers.length; index++) {
      const ability = triggers[index]!;
      const match = r.eventMatches(source, ability, event);
      if (!match) continue;
      // CR 603.2h: "do this only once each turn" abilities stop triggering once done.
      if (ability.oncePerTurn && g.turn.doneOnce.includes(`${source.id}#${index}`)) continue;
      // "This ability triggers only once each turn."
      if (ability.triggersOnlyOnceEachTurn && g.turn.triggeredOnce.includes(`${source.id}#${index}`)) continue;
      // CR 603.4: a false intervening "if" means it does not trigger at all.
      if (!r.interveningIfHolds(ability, match.subject)) continue;
      if (!r.controlConditionHolds(g, ability, source.controller, source.serial)) continue;
      const times = ability.triggersOnlyOnceEachTurn ? 1 : r.triggerInstances(g, source, ability, event);
      if (ability.triggersOnlyOnceEachTurn) g.turn.triggeredOnce.push(`${source.id}#${index}`);
      for (let i = 0; i < times; i++) {
        g.pending.push({
          source: source.id,
          sourceSerial: source.serial,
          sourceDef: source.def,
          sourceColors: permanentColors(source),
          sourceKeywords: [...source.keywords],
          ability: index,
          controller: source.controller,
          subject: { kicker: [...match.subject.kicker], multikicker: match.subject.multikicker },
          // Written when absent too: one shape for every trigger, which the rule code reads fast.
          eventAmount: match.amount,
          eventController: match.controller,
        });
      }
    }
  }
}

function abilityOf(t: { sourceDef: StackTrigger['sourceDef']; ability: number }): TriggeredAbility {
  return t.sourceDef.triggers![t.ability]!;
}

export function triggerSlots(t: PendingTrigger | StackTrigger): TargetSlot[] {
  return slotsOf([abilityOf(t).targets ?? []], t.subject);
}

/**
 * CR 603.3b: the active player (p1) puts their triggered abilities on the stack first, in the order
 * the action asks for, then the other player; the last one put on the stack resolves first. Targets
 * come from the action, or the canonical choice; one with no legal target is removed (CR 603.3d).
 */
// Most actions trigger nothing: one empty answer for them all, which no caller changes.
const NOTHING_TRIGGERED: TriggerEvent[] = Object.freeze([]) as unknown as TriggerEvent[];

export function putTriggersOnStack(g: Game, action: NAction, r: Rules): Rejection | TriggerEvent[] {
  const pending = g.pending;
  if (pending.length === 0) return NOTHING_TRIGGERED;
  g.pending = [];
  const order = action.triggerOrder ?? [];
  const sorted: PendingTrigger[] = [];
  for (const who of r.apnapOrder(g)) {
    const start = sorted.length;
    for (const t of pending) if (t.controller === who) sorted.push(t);
    // Each player's in the order the action asks for, then by source and ability; an insertion sort
    // keeps triggering order among the rest.
    for (let i = start + 1; i < sorted.length; i++) {
      const t = sorted[i]!;
      let j = i - 1;
      while (j >= start && putBefore(t, sorted[j]!, order)) {
        sorted[j + 1] = sorted[j]!;
        j--;
      }
      sorted[j + 1] = t;
    }
  }
  const given = (action.triggerTargets ?? []).map((c) => ({ ...c, used: false }));
  const events: TriggerEvent[] = [];
  let k = 0;
  for (const t of sorted) {
    // CR 104.2a: once a player has lost, the game is over: what triggered never reaches the stack.
    if (gameOver(g)) {
      events.push({ source: t.source, ability: t.ability, controller: t.controller });
      continue;
    }
    const ctx = { self: '', source: t.source, controller: t.controller, sourceColors: t.sourceColors };
    const slots = triggerSlots(t);
    const choice = given.find((c) => !c.used && c.source === t.source && (c.ability ?? 0) === t.ability);
    let targets: string[][] | null;
    if (choice) {
      choice.used = true;
      const error = targetDeclarationError(g, slots, choice.targets, ctx);
      if (error) return { ...error, message: `targets for ${t.source}#${t.ability}: ${error.message}` };
      targets = choice.targets;
    } else targets = r.triggerTargets(g, slots, ctx);
    if (targets === null) {
      events.push({ source: t.source, ability: t.ability, controller: t.controller });
      continue;
    }
    const id = triggerId(action.id, ++k);
    g.stack.push({
      kind: 'ability',
      id,
      source: t.source,
      sourceSerial: t.sourceSerial,
      sourceDef: t.sourceDef,
      sourceColors: t.sourceColors,
      sourceKeywords: t.sourceKeywords,
      ability: t.ability,
      controller: t.controller,
      subject: t.subject,
      eventAmount: t.eventAmount,
      eventController: t.eventController,
      targets,
      targetSerials: serialsOf(g, targets),
    });
    events.push({ id, source: t.source, ability: t.ability, controller: t.controller });
  }
  return events;
}

function rank(t: PendingTrigger, order: readonly string[]): number {
  if (order.length === 0) return 0;
  const i = order.indexOf(`${t.source}#${t.ability}`);
  return i === -1 ? order.length : i;
}

/** Whether `a` goes on the stack before `b`, which triggered before it. */
function putBefore(a: PendingTrigger, b: PendingTrigger, order: readonly string[]): boolean {
  const byRank = rank(a, order) - rank(b, order);
  if (byRank !== 0) return byRank < 0;
  if (a.source !== b.source) return a.source < b.source;
  return a.ability < b.ability;
}

/** CR 603.3b: the active player (p1, scenarios happen in p1's turn) first, then the other player. */
export function apnapOrder(_g: Game): PlayerId[] {
  return ['p1', 'p2'];
}

/** The source permanent if it is still the same object on the battlefield (CR 400.7: not if it left and came back). */
export function sourceStillThere(g: Game, t: StackTrigger): Permanent | undefined {
  const p = permanentById(g, t.source);
  return p && p.serial === t.sourceSerial ? p : undefined;
}
