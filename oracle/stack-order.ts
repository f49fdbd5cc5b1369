// The order in which abilities that trigger together go on the stack, bottom to top (CR 603.3b): the
// active player's (p1's: every scenario is played in p1's turn) first, then the other player's; within
// one player's, those the action orders (`triggerOrder`, first put first) in that order, and the
// others in any order, a choice the scenario left open: a set, not an order.
import type { StackAbility } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import type { RunStep } from './run.ts';

/** An ability named as the scenario and the trace name it: its source and the ability's index there. */
export const abilityKey = (o: { source: string; ability: number }) => `${o.source}#${o.ability}`;

/** The triggered abilities a step put on the stack, bottom to top, as the engine shows them. */
export function stackedInStep(step: RunStep): StackAbility[] {
  const before = new Set(step.before.stack.map((o) => o.id));
  return step.after.stack.filter((o): o is StackAbility => o.kind === 'ability' && !before.has(o.id));
}

/** What the rules fix of the order of abilities put on the stack together. */
export interface StackOrder {
  /** The players whose abilities these are, in the order their groups go on the stack (APNAP). */
  players: PlayerId[];
  /** Each player's abilities the action orders, in the order they go on the stack; the player's others go in any order. */
  ordered: Record<PlayerId, string[]>;
}

/** The order CR 603.3b fixes for these abilities, put on the stack in this step. */
export function stackOrder(step: RunStep, added: readonly StackAbility[]): StackOrder {
  const order = step.action.triggerOrder ?? [];
  const players = (['p1', 'p2'] as const).filter((who) => added.some((o) => o.controller === who));
  const ordered = { p1: [] as string[], p2: [] as string[] };
  for (const who of players) {
    const named = added.filter((o) => o.controller === who && order.includes(abilityKey(o))).map(abilityKey);
    ordered[who] = named.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  return { players, ordered };
}
