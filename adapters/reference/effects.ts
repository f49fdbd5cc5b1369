// What spells and abilities do when they resolve: each effect in order (CR 608.2c), with its kicker
// condition, applied to the targets still legal (CR 608.2b).
import { manaOf } from '../../model/mana.ts';
import { addToPool } from './mana.ts';
import { tokenId } from '../../model/conventions.ts';
import type { CardDefinition, Color, ControlCondition, Effect } from '../../model/schema-types.ts';
import type { NResolveAction, PlayerId } from '../../model/scenario.ts';
import { abilityById, current, mutablePermanent, newPermanent, opponentOf, permanentById, player, spellById, type Game, type Permanent, type StackSpell } from './game.ts';
import type { KickInfo, Rejection } from './kicker.ts';
import { enterBattlefield, gainLife, leaveBattlefield } from './zones.ts';
import { noteEvent } from './events.ts';
import type { TargetSlot } from './targets.ts';
import type { EffectPart, Rules } from './rules-table.ts';
import { sortedStrings } from './sorted.ts';
import { controlsMatching } from './triggers.ts';

/** Who and what is resolving, as effects need it. */
export interface EffectContext {
  action: NResolveAction;
  controller: PlayerId;
  /** Colours of the source of damage: the spell (CR 702.47c: a spliced spell is the source), or the ability's permanent. */
  sourceColors: readonly Color[];
  /** Whether the source of damage has lifelink: only a permanent can (an ability's source). */
  sourceLifelink: boolean;
  /** The permanent an ability belongs to, while it is still the same object; for `self` effects. */
  self: Permanent | undefined;
  /** The kicker information effect conditions look at. */
  kick: KickInfo;
  x: number;
  /** For a triggered ability: the damage dealt by the event that triggered it ("that much damage"). */
  eventAmount?: number;
  /** For a triggered ability: the controller of the permanent its event was about ("that land's controller"). */
  eventController?: PlayerId;
  /** The spell resolving, for a spell (not a triggered ability). */
  spell?: StackSpell;
}

/** One part's effects: the main card's, a spliced card's, or an ability's. */
/** How many times effect i of a list happens; an insteadIfKicked effect that applies replaces the one before it. */
export function effectRepetitions(effects: readonly Effect[], i: number, kick: KickInfo, r: Rules): number {
  const next = effects[i + 1];
  if (next?.condition === 'insteadIfKicked' && r.repetitions('insteadIfKicked', kick) > 0) return 0;
  return r.repetitions(effects[i]!.condition, kick);
}

/** Performs the parts in order (main spell first, then spliced cards, CR 702.47b). */
export function performParts(
  g: Game,
  parts: readonly EffectPart[],
  slots: readonly TargetSlot[],
  legal: readonly string[][],
  ctx: EffectContext,
  r: Rules,
): Rejection | null {
  for (const { part, effects } of parts) {
    for (let i = 0; i < effects.length; i++) {
      const effect = effects[i]!;
      const times = r.effectRepetitions(effects, i, ctx.kick, r);
      const group = effect.target === undefined ? -1 : slots.findIndex((s) => s.part === part && s.index === effect.target);
      // An effect whose target requirement is absent (not kicked), or whose targets were never
      // declared, has nothing to act on.
      if (effect.target !== undefined && group === -1) continue;
      // "If you control a Swamp, ...": looked at as the spell resolves, and only then (CR 608.2c).
      if (effect.ifYouControl && !r.effectConditionHolds(g, effect.ifYouControl, ctx.controller, ctx.spell)) continue;
      for (let n = 0; n < times; n++) {
        const error = perform(g, effect, group === -1 ? [] : (legal[group] ?? []), ctx, r);
        if (error) return error;
      }
    }
  }
  return null;
}

function perform(g: Game, effect: Effect, chosen: readonly string[], ctx: EffectContext, r: Rules): Rejection | null {
  const amount = effect.amount === 'X' ? ctx.x : effect.amount === 'damageDealt' ? (ctx.eventAmount ?? 0) : (effect.amount ?? 0);
  // "Each player" and "each opponent" take the place of targets (APNAP order, CR 608.2f).
  const targets: readonly string[] =
    effect.each === 'player' ? ['p1', 'p2'] : effect.each === 'opponent' ? [opponentOf(ctx.controller)] : effect.each === 'eventController' ? (ctx.eventController ? [ctx.eventController] : []) : chosen;
  switch (effect.kind) {
    case 'damage':
      for (const id of targets) {
        r.dealDamage(g, { colors: ctx.sourceColors, controller: ctx.controller, lifelink: ctx.sourceLifelink, unpreventable: effect.unpreventable ?? false }, id, amount, r);
      }
      return null;
    case 'draw':
      for (let i = 0; i < amount; i++) {
        // Drawing from an empty library draws nothing, and the player loses when state-based actions are next checked (CR 704.5a).
        const you = player(g, ctx.controller);
        const top = you.library.shift();
        if (top !== undefined) {
          you.hand.push(top);
          noteEvent(g, { kind: 'move', object: top, from: 'library', to: 'hand' });
        } else you.drewFromEmpty = true;
      }
      return null;
    case 'gainLife':
      gainLife(g, ctx.controller, amount);
      return null;
    case 'addMana': {
      const you = player(g, ctx.controller);
      you.pool = addToPool(you.pool, manaOf(effect.mana ?? ''));
      return null;
    }
    case 'putCounters':
      for (const target of affected(g, effect, targets, ctx)) {
        if (amount <= 0) continue;
        const p = mutablePermanent(g, target);
        p.counters[effect.counter ?? '+1/+1'] = (p.counters[effect.counter ?? '+1/+1'] ?? 0) + amount;
        noteEvent(g, { kind: 'counters', object: p.id, counter: effect.counter ?? '+1/+1', amount });
      }
      return null;
    case 'pump':
      for (const target of affected(g, effect, targets, ctx)) {
        const p = mutablePermanent(g, target);
        p.pump = { power: p.pump.power + (effect.power ?? 0), toughness: p.pump.toughness + (effect.toughness ?? 0) };
        if (effect.keyword && !p.keywords.includes(effect.keyword)) p.keywords.push(effect.keyword);
      }
      return null;
    case 'destroy':
      leaveBattlefield(g, affected(g, effect, targets, ctx), 'graveyard', r);
      return null;
    case 'bounce':
      leaveBattlefield(g, affected(g, effect, targets, ctx), 'hand', r);
      return null;
    case 'flicker':
      // Exiled and returned (Cloudshift): a new object each (CR 400.7).
      for (const p of affected(g, effect, targets, ctx)) r.flickerOnResolution(g, p.id, r);
      return null;
    case 'counterSpell':
      for (const id of targets) {
        const spell = spellById(g, id);
        // Ertai's Trickery: the kicked status is looked at as it resolves, it is no targeting restriction.
        if (!spell || (effect.ifTargetKicked && !r.isKicked(spell))) continue;
        r.counterSpellOnStack(g, spell, r, effect.counteredTo);
      }
      return null;
    case 'counterAbility':
      for (const id of targets) {
        const ability = abilityById(g, id);
        if (ability) r.counterAbilityOnStack(g, ability);
      }
      return null;
    case 'copySpell': {
      const target = targets[0];
      if (target === undefined) return null;
      return r.putCopyOnStack(
        g,
        target,
        {
          id: ctx.action.id,
          controller: ctx.controller,
          ...(ctx.action.newTargets ? { newTargets: ctx.action.newTargets } : {}),
          ...(effect.copyColor ? { colors: [effect.copyColor] } : {}),
        },
        r,
      );
    }
    case 'createToken':
      for (let i = 0; i < amount && effect.token; i++) {
        const t = effect.token;
        const token = newPermanent(g, {
          id: tokenId(ctx.action.id, ++g.tokensMade),
          def: tokenDefinition(t),
          owner: ctx.controller,
          controller: ctx.controller,
          token: true,
          colors: [...(t.colors ?? [])],
        });
        enterBattlefield(g, token, { created: true }, r);
      }
      return null;
    case 'sacrifice':
      for (const who of targets.filter((id) => id === 'p1' || id === 'p2')) {
        const theirs = g.battlefield.filter((p) => p.controller === who && p.def.types.includes('Creature'));
        leaveBattlefield(g, chooseOnResolution(ctx.action, theirs.map((p) => p.id), amount).map((id) => permanentById(g, id)!), 'graveyard', r);
      }
      return null;
    case 'discard':
      for (const who of targets.filter((id) => id === 'p1' || id === 'p2')) {
        const p = player(g, who);
        for (const id of chooseOnResolution(ctx.action, p.hand, amount)) {
          p.hand = p.hand.filter((c) => c !== id);
          p.graveyard.push(id);
          noteEvent(g, { kind: 'move', object: id, from: 'hand', to: 'graveyard' });
        }
      }
      return null;
    case 'mill':
      for (const who of targets.filter((id) => id === 'p1' || id === 'p2')) {
        const p = player(g, who);
        const milled = p.library.splice(0, amount);
        p.graveyard.push(...milled);
        for (const id of milled) noteEvent(g, { kind: 'move', object: id, from: 'library', to: 'graveyard' });
      }
      return null;
  }
}

/** A condition about the board in a spell's text, as it resolves: the spell's controller controls a permanent like this. */
export function effectConditionHolds(g: Game, c: ControlCondition, controller: PlayerId, _spell: StackSpell | undefined): boolean {
  return controlsMatching(g, c, controller, -1);
}

/** The permanents an effect acts on: its source's for a `self` effect, else the targets that are permanents. */
function affected(g: Game, effect: Effect, targets: readonly string[], ctx: EffectContext): Permanent[] {
  return effect.self ? (ctx.self ? [current(g, ctx.self)] : []) : targets.map((id) => permanentById(g, id)).filter((p) => p !== undefined);
}

/**
 * Choices made on resolution (CR 608.2d): the resolve action's `choices` that are eligible, in
 * order, then the eligible objects with the smallest ids.
 */
export function chooseOnResolution(action: NResolveAction, eligible: readonly string[], count: number): string[] {
  const named = (action.choices ?? []).filter((id) => eligible.includes(id));
  const rest = sortedStrings(eligible).filter((id) => !named.includes(id));
  return [...new Set([...named, ...rest])].slice(0, count);
}

/** The definition of a token an effect creates, as described by the effect. */
export function tokenDefinition(t: NonNullable<Effect['token']>): CardDefinition {
  return { name: t.name, types: t.types, ...(t.subtypes ? { subtypes: t.subtypes } : {}), ...(t.power !== undefined ? { power: t.power, toughness: t.toughness ?? 0 } : {}), ...(t.keywords ? { keywords: t.keywords } : {}) };
}
