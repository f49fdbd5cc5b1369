// How objects were kicked, read from the scenario's declarations and never from the kicker fields an
// engine shows (CR 702.33d): a cast's own declaration; a spell on the stack as its card's last
// accepted cast declared; a copy as the spell it copies (CR 707.10). One reading for every property.
import { kickTimes, NOT_KICKED, timesKicked, type Kick } from '../model/kick.ts';
import type { Effect, StackSpell } from '../model/schema-types.ts';
import type { NCastAction, PlayerId } from '../model/scenario.ts';
import type { Run } from './run.ts';

/** How a cast declares its spell kicked: the kicker costs and multikicker times it names. */
export function declaredKick(a: NCastAction): Kick {
  return { kicker: a.kicker ?? [], multikicker: a.multikicker ?? 0 };
}

/**
 * How a spell on the stack at step `upTo` was kicked, from the declarations alone: as declared by
 * the last accepted cast of its card up to that step. A copy is kicked as the spell it copies (CR
 * 707.10), and the spell a copy of a card copies is that card's last cast up to the step that made
 * the copy (a copy no action made, as a cast trigger's, is taken as of `upTo`).
 */
export function kickOf(run: Run, spell: StackSpell, upTo: number): Kick | undefined {
  const made = spell.copy ? run.steps.findIndex((s) => s.action.id === spell.id) : -1;
  // Back from the step to the last accepted cast of the card: every resolution asks, so nothing is copied.
  for (let i = Math.min(made === -1 ? upTo : Math.min(made, upTo), run.steps.length - 1); i >= 0; i--) {
    const s = run.steps[i]!;
    if (s.action.do === 'cast' && s.action.card === spell.card && s.step.outcome === 'accepted') return declaredKick(s.action);
  }
  return undefined;
}

/**
 * How the permanent whose entering triggered ability `abilityId` was kicked (CR 702.33d, 400.7d): as
 * the spell it resolved from, when the step the ability went on the stack resolved that spell; else
 * it entered otherwise (put onto the battlefield, flickered, cloned), a new object that was never
 * cast, never kicked (CR 400.7, 707.2).
 */
export function enteredKick(run: Run, abilityId: string, source: string): Kick | undefined {
  const s = run.steps.find((x) => x.after.stack.some((o) => o.id === abilityId));
  const top = s?.before.stack.at(-1);
  return s && top?.kind === 'spell' && top.id === source ? kickOf(run, top, s.index) : NOT_KICKED;
}

/** Kicked spells each player has cast before this step (for "the first kicked spell each turn"). */
export function kickedCastsBefore(run: Run, index: number, who: PlayerId): number {
  return run.steps
    .slice(0, index)
    .filter((s) => s.step.outcome === 'accepted' && s.action.do === 'cast' && s.action.player === who && timesKicked(declaredKick(s.action)) > 0).length;
}

/** Effect i of a list happens this many times; an insteadIfKicked effect that applies replaces the one before it. */
export function effectTimes(effects: readonly Effect[], i: number, k: Kick): number {
  if (effects[i + 1]?.condition === 'insteadIfKicked' && timesKicked(k) > 0) return 0;
  return kickTimes(effects[i]!.condition, k);
}
