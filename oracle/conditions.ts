// Intervening "if" clauses about the board (CR 603.4: "if you control an artifact"), and a spell's
// conditions about the board as it resolves ("If you control a Swamp"), read from the observed state
// and the card definitions alone.
import type { CardDefinition, ControlCondition, ObservedState, TriggeredAbility } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { permanentDef } from './definitions.ts';
import type { Run } from './run.ts';

/**
 * The definition of an observed permanent at a step: its card's (a clone's is what it copied), or for
 * a created token the token a card of the scenario describes under that name.
 */
export function observedDef(run: Run, state: ObservedState, stepIndex: number, id: string): Pick<CardDefinition, 'name' | 'types' | 'subtypes'> | undefined {
  const p = state.battlefield.find((o) => o.id === id);
  if (!p) return undefined;
  if (!p.token || p.card !== undefined) return permanentDef(run, id, stepIndex);
  for (const c of run.scenario.cards) {
    for (const e of [...(c.definition.effects ?? []), ...(c.definition.triggers ?? []).flatMap((t) => t.effects)]) {
      if (e.token?.name === p.name) return e.token;
    }
  }
  return undefined;
}

/** Whether "if you control ..." holds in a state for `controller`, the ability being `sourceId`'s. */
export function controlConditionHolds(run: Run, state: ObservedState, stepIndex: number, ability: TriggeredAbility, controller: PlayerId, sourceId: string): boolean {
  return !ability.ifYouControl || controlsMatching(run, state, stepIndex, ability.ifYouControl, controller, sourceId);
}

/**
 * Whether `controller` controls a permanent like `c` in a state ("another" leaves out `sourceId`): an
 * ability's intervening "if", or a spell's "If you control a Swamp" as it resolves (CR 608.2c).
 */
export function controlsMatching(run: Run, state: ObservedState, stepIndex: number, c: ControlCondition, controller: PlayerId, sourceId: string): boolean {
  return state.battlefield.some((p) => {
    if (p.controller !== controller || (c.other && p.id === sourceId)) return false;
    const def = observedDef(run, state, stepIndex, p.id);
    if (!def) return false;
    return (
      (!c.types || c.types.some((t) => def.types.includes(t))) &&
      (!c.subtypes || c.subtypes.some((t) => (def.subtypes ?? []).includes(t))) &&
      (c.name === undefined || (def.name ?? p.name) === c.name)
    );
  });
}

/**
 * The battlefield as an event during a step found it: what was there before and what is there after
 * (a permanent that died in the step's state-based actions was there when something entered).
 */
export function boardDuring(before: ObservedState, after: ObservedState): ObservedState {
  return { ...after, battlefield: [...after.battlefield, ...before.battlefield.filter((p) => !after.battlefield.some((q) => q.id === p.id))] };
}
