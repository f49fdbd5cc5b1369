// Objects moving between zones, and the events that come with it: entering the battlefield (with
// its "enters with" replacements, CR 603.6d), leaving it, becoming tapped, being dealt damage.
import type { Color, EntersWith } from '../../model/schema-types.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { isPlayerId, permanentById, player, type Game, type Permanent } from './game.ts';
import { toughnessOf } from './characteristics.ts';
import type { Rules } from './rules.ts';

export interface EnterOptions {
  tapped?: boolean;
  /** Made by an effect that creates tokens; a resolving copy of a permanent spell is not created (CR 111.13). */
  created?: boolean;
}

/** The permanent enters with its replacements applied, then its entering triggers abilities. */
export function enterBattlefield(g: Game, permanent: Permanent, options: EnterOptions, r: Rules): void {
  if (options.tapped) r.enterTapped(g, permanent, r);
  for (const e of permanent.def.entersWith ?? []) {
    const times = r.entersWithTimes(g, permanent, e, r);
    if (times === 0) continue;
    if (e.counter && e.amount) permanent.counters[e.counter] = (permanent.counters[e.counter] ?? 0) + e.amount * times;
    if (e.keyword && !permanent.keywords.includes(e.keyword)) permanent.keywords.push(e.keyword);
    if (e.tapped) r.enterTapped(g, permanent, r);
  }
  g.battlefield.push(permanent);
  r.collectTriggers(g, { kind: 'selfEnters', permanent }, r);
  if (options.created) r.collectTriggers(g, { kind: 'tokenCreated', permanent }, r);
}

/** CR 603.2e: a permanent that enters tapped is tapped as it enters; it does not become tapped. */
export function enterTapped(_g: Game, permanent: Permanent, _r: Rules): void {
  permanent.tapped = true;
}

/**
 * CR 603.6d: how many times an "enters with" replacement applies: once, or once per kick, for how
 * the permanent was kicked. A replacement, not a trigger: trigger multipliers do not touch it.
 */
export function entersWithTimes(_g: Game, permanent: Permanent, e: EntersWith, r: Rules): number {
  return r.repetitions(e.condition, permanent);
}

/**
 * Permanents leave the battlefield at once: cards go to their owner's `to` zone, tokens cease to
 * exist. Abilities that trigger on lands going to a graveyard look back at the battlefield as it was
 * (CR 603.10), and trigger once per land (CR 603.2c).
 */
export function leaveBattlefield(g: Game, leaving: readonly Permanent[], to: 'graveyard' | 'hand' | 'exile', r: Rules): void {
  if (leaving.length === 0) return;
  const before = [...g.battlefield];
  g.battlefield = g.battlefield.filter((p) => !leaving.includes(p));
  for (const p of leaving) {
    if (p.token || p.card === undefined) continue;
    const owner = player(g, p.owner);
    if (to === 'graveyard') owner.graveyard.push(p.card);
    else if (to === 'hand') owner.hand.push(p.card);
  }
  if (to === 'graveyard') {
    for (const land of leaving.filter((p) => p.def.types.includes('Land'))) {
      r.collectTriggers(g, { kind: 'landToGraveyard', permanent: land, sources: before }, r);
    }
  }
}

export function tapPermanent(g: Game, permanent: Permanent, r: Rules): void {
  if (permanent.tapped) return;
  permanent.tapped = true;
  r.collectTriggers(g, { kind: 'becomesTapped', permanent }, r);
}

export interface DamageSource {
  colors: readonly Color[];
  controller: PlayerId;
  /** A permanent source with lifelink (CR 702.15b): its controller gains the life as the damage is dealt. */
  lifelink?: boolean;
  /** "The damage can't be prevented" (Urza's Rage kicked). */
  unpreventable?: boolean;
}

export function dealDamage(g: Game, source: DamageSource, targetId: string, amount: number, r: Rules): void {
  if (amount <= 0) return;
  if (isPlayerId(targetId)) {
    player(g, targetId).life -= amount;
    if (source.lifelink) player(g, source.controller).life += amount;
    return;
  }
  const permanent = permanentById(g, targetId);
  // CR 603.2g: damage that is prevented is never dealt, so it triggers nothing.
  if (!permanent || r.damagePrevented(g, source, permanent)) return;
  permanent.damage += amount;
  if (source.lifelink) player(g, source.controller).life += amount;
  r.collectTriggers(g, { kind: 'selfDealtDamage', permanent }, r);
}

/**
 * Protection from the source's colour (CR 702.16e), or a static prevention of damage to it; damage
 * that can't be prevented gets through both.
 */
export function damagePrevented(g: Game, source: DamageSource, permanent: Permanent): boolean {
  if (source.unpreventable) return false;
  if ((permanent.def.protection ?? []).some((c) => source.colors.includes(c))) return true;
  return g.battlefield.some(
    (p) => p.controller === permanent.controller && (p.def.statics ?? []).some((s) => s.kind === 'preventDamage'),
  );
}

/** CR 704.5f-g: creatures with toughness 0 or less, or lethal damage, are put into the graveyard. */
export function stateBasedActions(g: Game, r: Rules): void {
  for (;;) {
    const dying = g.battlefield.filter((p) => p.def.types.includes('Creature') && (toughnessOf(p) <= 0 || p.damage >= toughnessOf(p)));
    if (dying.length === 0) return;
    leaveBattlefield(g, dying, 'graveyard', r);
  }
}
