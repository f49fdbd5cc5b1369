// The optional parts of the observed state (schema/capabilities.schema.json, `observes`): which
// field of which zone each one is, so that what an engine does not declare it observes is never
// compared (by the fixed cases, or by agreement with the reference engine).
import type { Observable, ObservedState, Trace } from './schema-types.ts';

/** `zone.field` of the observed state -> the observable that declares it. */
export const OPTIONAL_FIELDS: Readonly<Record<string, Observable>> = {
  'stack.kicked': 'stack.kicked',
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
  // A triggered ability on the stack: `stack.<field>` names a spell's field, so abilities have their own zone key.
  'ability.targets': 'ability.targets',
};

/** The fields of each zone that `observes` leaves out, worked out once per list of observables. */
const DROPPED = new WeakMap<readonly Observable[], Map<string, string[]>>();

function droppedFields(observes: readonly Observable[]): Map<string, string[]> {
  let dropped = DROPPED.get(observes);
  if (!dropped) {
    dropped = new Map();
    for (const [field, observable] of Object.entries(OPTIONAL_FIELDS)) {
      if (observes.includes(observable)) continue;
      const [zone, key] = field.split('.') as [string, string];
      dropped.set(zone, [...(dropped.get(zone) ?? []), key]);
    }
    DROPPED.set(observes, dropped);
  }
  return dropped;
}

/** The state (or the part of one a case expects) without the optional fields not in `observes`. */
export function observedPart<S extends Partial<ObservedState>>(state: S, observes: readonly Observable[]): S {
  const dropped = droppedFields(observes);
  // An object with none of its zone's unobserved fields is kept as it is: most are, and copying each is the cost.
  const keep = (zone: string) => {
    const keys = dropped.get(zone);
    return <O extends object>(o: O): O =>
      keys && keys.some((k) => k in o) ? (Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) as O) : o;
  };
  const out: Partial<ObservedState> = {};
  if (state.stack) out.stack = state.stack.map((o) => keep(o.kind === 'ability' ? 'ability' : 'stack')(o));
  if (state.battlefield) out.battlefield = state.battlefield.map(keep('battlefield'));
  if (state.players) out.players = state.players.map(keep('players')) as ObservedState['players'];
  return out as S;
}

/** Whether `observes` leaves nothing of a trace out. */
export function observesEverything(observes: readonly Observable[]): boolean {
  return droppedFields(observes).size === 0 && observes.includes('step.triggered') && observes.includes('step.events');
}

/**
 * The trace without what the engine does not declare it observes, so that no property judges a field
 * the engine may fill with anything (a default, a placeholder).
 */
export function observedTrace(trace: Trace, observes: readonly Observable[]): Trace {
  if (observesEverything(observes)) return trace;
  const triggers = observes.includes('step.triggered');
  const events = observes.includes('step.events');
  return {
    ...trace,
    ...(trace.initialState ? { initialState: observedPart(trace.initialState, observes) } : {}),
    steps: trace.steps.map(({ triggered, events: list, ...step }) => ({
      ...step,
      ...(triggers && triggered ? { triggered } : {}),
      ...(events && list ? { events: list } : {}),
      state: observedPart(step.state, observes),
    })),
  };
}
