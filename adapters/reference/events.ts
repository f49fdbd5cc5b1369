// What happened during an action, in the order it happened (a trace step's `events`,
// docs/PROTOCOL.md#events): the rules that deal damage, give life, put counters and move objects
// note it here, naming the spell or ability whose resolution did it.
import type { GameEvent } from '../../model/schema-types.ts';
import type { Game } from './game.ts';

/** An event as a rule knows it, without the resolving object the game adds. */
export type Happening = GameEvent extends infer E ? (E extends GameEvent ? Omit<E, 'by'> : never) : never;

export function noteEvent(g: Game, event: Happening): void {
  if (g.resolving === undefined) g.events.push(event as GameEvent);
  else {
    // `by` second, where people reading a trace look for it.
    const { kind, ...rest } = event;
    g.events.push({ kind, by: g.resolving, ...rest } as GameEvent);
  }
}

/** Runs `resolve` with `id` as the object resolving, the events it causes named after it. */
export function whileResolving<T>(g: Game, id: string, resolve: () => T): T {
  const outer = g.resolving;
  g.resolving = id;
  try {
    return resolve();
  } finally {
    g.resolving = outer;
  }
}
