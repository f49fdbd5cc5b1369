// The fields of the observed state an engine reports only when it declares it observes them
// (schema/capabilities.schema.json), keyed by zone and field.
import type { Capabilities, Observable, ObservedState, Step } from './schema-types.ts';

export const OPTIONAL_FIELDS: Readonly<Record<string, Observable>> = {
  'stack.manaCost': 'stack.manaCost',
  'stack.kicker': 'stack.kicker',
  'stack.multikicker': 'stack.multikicker',
  'stack.timesKicked': 'stack.timesKicked',
  'stack.spliced': 'stack.spliced',
  'stack.x': 'stack.x',
  'stack.totalCost': 'stack.totalCost',
  'battlefield.kicked': 'permanent.kicked',
  'battlefield.timesKicked': 'permanent.kicked',
  'battlefield.power': 'permanent.powerToughness',
  'battlefield.toughness': 'permanent.powerToughness',
  'players.mana': 'player.mana',
  'players.library': 'player.library',
};

/** A state (or the part of one a fixed case states) without the fields the capabilities do not observe. */
export function observable(state: Partial<ObservedState>, caps: Capabilities): Partial<ObservedState> {
  const keep = (zone: string) => (o: object) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => !OPTIONAL_FIELDS[`${zone}.${k}`] || caps.observes.includes(OPTIONAL_FIELDS[`${zone}.${k}`]!)));
  const out: Partial<ObservedState> = {};
  if (state.stack) out.stack = state.stack.map(keep('stack')) as ObservedState['stack'];
  if (state.battlefield) out.battlefield = state.battlefield.map(keep('battlefield')) as ObservedState['battlefield'];
  if (state.players) out.players = state.players.map(keep('players')) as ObservedState['players'];
  return out;
}

/** A trace step as an engine with these capabilities reports it. */
export function observableStep(step: Step, caps: Capabilities): Step {
  const { triggered, ...rest } = step;
  return { ...rest, ...(triggered && caps.observes.includes('step.triggered') ? { triggered } : {}), state: observable(step.state, caps) as ObservedState };
}
