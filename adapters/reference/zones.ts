// Objects moving between zones, and the events that come with it: entering the battlefield (with
// its "enters with" replacements, CR 603.6d), leaving it, becoming tapped, being dealt damage.
import type { EntersWith } from '../../model/schema-types.ts';
import { current, gameOver, isPlayerId, mutablePermanent, permanentById, player, type Game, type Permanent } from './game.ts';
import type { PlayerId } from '../../model/scenario.ts';
import { toughnessOf } from './characteristics.ts';
import type { DamageSource, Rules } from './rules-table.ts';
import type { Zone } from '../../model/schema-types.ts';
import { noteEvent } from './events.ts';

export interface EnterOptions {
  tapped?: boolean;
  /** Made by an effect that creates tokens; a resolving copy of a permanent spell is not created (CR 111.13). */
  created?: boolean;
  /** The zone it comes from; none for a token created. */
  from?: Zone;
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
  noteEvent(g, { kind: 'move', object: permanent.id, ...(options.from ? { from: options.from } : {}), to: 'battlefield' });
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
  // Named as they are now: an effect before may have changed one (mutablePermanent).
  leaving = leaving.map((p) => current(g, p));
  const before = [...g.battlefield];
  g.battlefield = g.battlefield.filter((p) => !leaving.includes(p));
  for (const p of leaving) {
    noteEvent(g, { kind: 'move', object: p.id, from: 'battlefield', to });
    if (p.token || p.card === undefined) continue;
    const owner = player(g, p.owner);
    if (to === 'graveyard') owner.graveyard.push(p.card);
    else if (to === 'hand') owner.hand.push(p.card);
  }
  if (to === 'graveyard') {
    for (const land of leaving.filter((p) => p.def.types.includes('Land'))) {
      r.collectTriggers(g, { kind: 'landToGraveyard', permanent: land, sources: before }, r);
    }
    // Creatures put into a graveyard from the battlefield die, tokens included: one event however many.
    const died = leaving.filter((p) => p.creature);
    if (died.length > 0) r.collectTriggers(g, { kind: 'creaturesDie', died, sources: before }, r);
  }
}

export function tapPermanent(g: Game, permanent: Permanent, r: Rules): void {
  if (current(g, permanent).tapped) return;
  const tapped = mutablePermanent(g, permanent);
  tapped.tapped = true;
  r.collectTriggers(g, { kind: 'becomesTapped', permanent: tapped }, r);
}

export function dealDamage(g: Game, source: DamageSource, targetId: string, amount: number, r: Rules): void {
  if (amount <= 0) return;
  if (isPlayerId(targetId)) {
    player(g, targetId).life -= amount;
    noteEvent(g, { kind: 'damage', to: targetId, amount });
    if (source.lifelink) gainLife(g, source.controller, amount);
    return;
  }
  const found = permanentById(g, targetId);
  // CR 603.2g: damage that is prevented is never dealt, so it triggers nothing.
  if (!found || r.damagePrevented(g, source, found)) return;
  const permanent = mutablePermanent(g, found);
  permanent.damage += amount;
  noteEvent(g, { kind: 'damage', to: permanent.id, amount });
  if (source.lifelink) gainLife(g, source.controller, amount);
  r.collectTriggers(g, { kind: 'selfDealtDamage', permanent, amount }, r);
}

export function gainLife(g: Game, who: PlayerId, amount: number): void {
  if (amount <= 0) return;
  player(g, who).life += amount;
  noteEvent(g, { kind: 'lifeGain', player: who, amount });
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

/**
 * CR 704: checked after each action until none applies, all at once each time (704.3), and not again
 * once the game is over. A player at 0 life or less, or who drew from an empty library, loses
 * (704.5a-b), which ends the two-player game;
 * creatures with toughness 0 or less, or lethal damage, die (704.5f-g); of legendary permanents with
 * one name under one player, all but one go to the graveyard (704.5j). `choices` names the legend kept.
 */
export function stateBasedActions(g: Game, r: Rules, choices: readonly string[] = []): void {
  while (!gameOver(g)) {
    let lost = false;
    for (const p of g.players) {
      if (!(p.life <= 0 || p.drewFromEmpty)) continue;
      const loser = player(g, p.id);
      loser.lost = lost = true;
      loser.drewFromEmpty = false;
    }
    const dying: Permanent[] = [];
    for (const p of g.battlefield) {
      if (!p.creature) continue;
      const toughness = toughnessOf(p);
      if (toughness <= 0 || p.damage >= toughness) dying.push(p);
    }
    const losers = r.legendRuleLosers(g, choices);
    const legends = losers.length === 0 || dying.length === 0 ? losers : losers.filter((p) => !dying.includes(p));
    if (!lost && dying.length === 0 && legends.length === 0) return;
    leaveBattlefield(g, [...dying, ...legends], 'graveyard', r);
  }
}

/** CR 704.5j: a player's legendary permanents with the same name but the one they keep (named in `choices`, else the smallest id). */
export function legendRuleLosers(g: Game, choices: readonly string[]): Permanent[] {
  // Asked after every action: most battlefields hold no legendary permanent at all.
  if (!g.battlefield.some(isLegendary)) return [];
  const groups = new Map<string, Permanent[]>();
  for (const p of g.battlefield) {
    if (!isLegendary(p)) continue;
    const key = `${p.controller}\u0000${p.def.name}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const losers: Permanent[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const kept = choices.map((id) => group.find((p) => p.id === id)).find((p) => p !== undefined) ?? [...group].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0]!;
    losers.push(...group.filter((p) => p !== kept));
  }
  return losers;
}

function isLegendary(p: Permanent): boolean {
  return p.legendary;
}
