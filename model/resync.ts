// Re-synchronising the reference engine to an engine's observed state (issue 36): after a step where
// the two differ, agreement compares the later steps with the reference engine's run from what the
// engine showed, so that a later step fails only where it goes wrong on its own. The judge asks for
// such a run through its context (properties/property.ts), the runner through the engine
// (adapters/engine.ts): this is the one thing both speak of.
import type { Observable, ObservedState } from './schema-types.ts';

/** After the step of index `after`, the game goes on from `state`: what the engine under test showed then. */
export interface ResyncPoint {
  after: number;
  state: ObservedState;
}

/**
 * The optional fields a state must show to be a starting point: what a later step reads (a spell's
 * kick, X and spliced cards as it resolves, the targets of an ability, mana to pay with, the library
 * to draw from, a pumped creature's power). The others (a spell's mana cost, kicked as a yes or no)
 * follow from these or are read by nothing later.
 */
export const RESYNC_NEEDS: readonly Observable[] = ['stack.kicker', 'stack.multikicker', 'stack.x', 'stack.spliced', 'ability.targets', 'permanent.kicked', 'permanent.powerToughness', 'player.mana', 'player.library'];

/** The fields RESYNC_NEEDS names that an engine observing `observes` does not show (none when it declares none, and so observes everything). */
export function missingForResync(observes: readonly Observable[] | undefined): Observable[] {
  return observes === undefined ? [] : RESYNC_NEEDS.filter((o) => !observes.includes(o));
}
