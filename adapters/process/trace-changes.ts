// Protocol 2's traces with changes (schema/protocol.schema.json#/$defs/traceChanges): a step gives what
// changed during it instead of the whole state after it. The engine side writes them
// (`traceWithChanges`, used by `castcheck serve`); castcheck rebuilds the full trace from them
// (`rebuildTrace`) before anything reads it, so that nothing above adapters/process/ knows the form.
// A rebuilt state shares the objects that did not change with the state before it: states are read,
// never changed, above this point.
import { sameJson } from '../../model/compare.ts';
import type {
  BattlefieldChanges,
  ObservedPermanent,
  ObservedPlayer,
  ObservedState,
  PermanentChanges,
  PlayerChanges,
  StackChanges,
  StackObject,
  StateChanges,
  Step,
  StepChanges,
  Trace,
  TraceChanges,
} from '../../model/schema-types.ts';
import { ProtocolViolation } from './protocol-violation.ts';

export const TRACE_CHANGES_FORMAT = 'castcheck-trace-changes/1';

type Fields = Record<string, unknown>;

// ---- castcheck's side: the full trace from one with changes ----

/**
 * The trace a trace with changes stands for. Throws ProtocolViolation (the stream is still in step)
 * when a change names an object that is not there, adds one that already is, or when a step gives
 * changes with no state before it. The trace must have passed the traceChanges schema.
 */
export function rebuildTrace(t: TraceChanges): Trace {
  let before: ObservedState | undefined = t.initialState;
  const steps = t.steps.map((s, i): Step => {
    let state: ObservedState;
    if (s.state !== undefined) state = s.state;
    else if (before === undefined) {
      throw new ProtocolViolation(`step ${i + 1} (${s.action}) gives changes, but there is no state before it: a trace without initialState gives its first step's state whole`, true);
    } else state = applyChanges(before, s.changes!, () => `step ${i + 1} (${s.action})`);
    before = state;
    // In the trace schema's order, as engines write them.
    const step = { action: s.action, outcome: s.outcome } as Step;
    if (s.reason !== undefined) step.reason = s.reason;
    if (s.message !== undefined) step.message = s.message;
    if (s.triggered !== undefined) step.triggered = s.triggered;
    if (s.events !== undefined) step.events = s.events;
    step.state = state;
    return step;
  });
  return {
    format: 'castcheck-trace/1',
    engine: t.engine,
    ...(t.scenario !== undefined ? { scenario: t.scenario } : {}),
    ...(t.initialState !== undefined ? { initialState: t.initialState } : {}),
    steps,
  };
}

/** Where a change is, for messages: written only when one is. */
type Where = string | (() => string);
const said = (where: Where): string => (typeof where === 'string' ? where : where());

/** The state after a step, from the state before it and what changed. */
export function applyChanges(before: ObservedState, c: StateChanges, where: Where): ObservedState {
  const stack = c.stack === undefined ? before.stack : Array.isArray(c.stack) ? c.stack : changedStack(before.stack, c.stack, where);
  const battlefield = c.battlefield === undefined ? before.battlefield : Array.isArray(c.battlefield) ? c.battlefield : changedBattlefield(before.battlefield, c.battlefield, where);
  const players = c.players === undefined || c.players.length === 0 ? before.players : changedPlayers(before.players, c.players, where);
  return { stack, battlefield, players };
}

function changedStack(before: readonly StackObject[], c: StackChanges, where: Where): StackObject[] {
  const kept = withoutRemoved(before, c.remove, where, 'stack.remove');
  return withAdded(kept, c.add, where, 'stack.add');
}

function changedBattlefield(before: readonly ObservedPermanent[], c: BattlefieldChanges, where: Where): ObservedPermanent[] {
  let kept = withoutRemoved(before, c.remove, where, 'battlefield.remove');
  if (c.change && c.change.length > 0) {
    kept = kept === before ? [...kept] : kept;
    for (const ch of c.change) {
      const i = indexOfId(kept, ch.id);
      if (i === -1) throw new ProtocolViolation(`${said(where)}: battlefield.change names ${ch.id}, which is not on the battlefield before the step`, true);
      kept[i] = changed(kept[i]!, ch) as unknown as ObservedPermanent;
    }
  }
  const all = withAdded(kept, c.add, where, 'battlefield.add');
  return c.order === undefined ? all : inOrder(all, c.order, where);
}

/** The permanents in the order the engine gave: each of them named once. */
function inOrder(objects: readonly ObservedPermanent[], order: readonly string[], where: Where): ObservedPermanent[] {
  const out: ObservedPermanent[] = new Array(order.length);
  const taken: boolean[] = new Array(objects.length).fill(false);
  const index = objects.length < FEW ? undefined : new Map(objects.map((o, i) => [o.id, i]));
  for (let i = 0; i < order.length; i++) {
    const j = index ? (index.get(order[i]!) ?? -1) : indexOfId(objects, order[i]!);
    if (j === -1 || taken[j]) throw new ProtocolViolation(`${said(where)}: battlefield.order names ${order[i]}${j === -1 ? ', which is not on the battlefield after the step' : ' twice'}`, true);
    taken[j] = true;
    out[i] = objects[j]!;
  }
  if (order.length !== objects.length) {
    const missing = objects.filter((_, j) => !taken[j]).map((o) => o.id);
    throw new ProtocolViolation(`${said(where)}: battlefield.order leaves out ${missing.join(', ')}, on the battlefield after the step`, true);
  }
  return out;
}

function changedPlayers(before: ObservedState['players'], changes: readonly PlayerChanges[], where: Where): ObservedState['players'] {
  const players = [...before] as ObservedState['players'];
  for (const ch of changes) {
    const i = indexOfId(players, ch.id);
    if (i === -1) throw new ProtocolViolation(`${said(where)}: players names ${ch.id}, who is not in the state before the step`, true);
    players[i] = changed(players[i]!, ch) as unknown as ObservedPlayer;
  }
  return players;
}

/** An object with the fields of `set` (null: unknown, as if unset) and without those of `unset`. */
function changed(o: object, ch: PermanentChanges | PlayerChanges): Fields {
  const set = ch.set as Fields | undefined;
  let gone = ch.unset !== undefined && ch.unset.length > 0;
  if (!gone && set) for (const k in set) if (set[k] === null) gone = true;
  if (!gone) return { ...(o as Fields), ...set };
  // Fields taken out: the object is built without them, as delete would leave it slower to read.
  const merged: Fields = { ...(o as Fields), ...set };
  const next: Fields = {};
  for (const k in merged) if (!(set && set[k] === null) && !ch.unset?.includes(k as never)) next[k] = merged[k];
  return next;
}

/** Zones and players are short: a loop finds an object sooner than a Map built for it. */
function indexOfId(objects: readonly { id: string }[], id: string): number {
  for (let i = 0; i < objects.length; i++) if (objects[i]!.id === id) return i;
  return -1;
}

/** Below this many objects, ids are compared in a loop rather than through a Set. */
const FEW = 16;

function withoutRemoved<T extends { id: string }>(before: readonly T[], remove: readonly string[] | undefined, where: Where, part: string): T[] {
  if (!remove || remove.length === 0) return before as T[];
  let kept: T[];
  let distinct: number;
  if (remove.length < FEW) {
    kept = before.filter((o) => !remove.includes(o.id));
    distinct = remove.filter((id, i) => remove.indexOf(id) === i).length;
  } else {
    const gone = new Set(remove);
    kept = before.filter((o) => !gone.has(o.id));
    distinct = gone.size;
  }
  if (kept.length !== before.length - distinct) {
    const missing = remove.filter((id) => !before.some((o) => o.id === id));
    throw new ProtocolViolation(`${said(where)}: ${part} names ${missing.join(', ') || 'an id twice'}, ${missing.length > 0 ? 'which is not there before the step' : 'which may be removed once'}`, true);
  }
  return kept;
}

function withAdded<T extends { id: string }>(kept: T[], add: readonly T[] | undefined, where: Where, part: string): T[] {
  if (!add || add.length === 0) return kept;
  const all = [...kept, ...add];
  if (all.length < FEW) {
    for (let i = kept.length; i < all.length; i++) {
      const id = all[i]!.id;
      for (let j = 0; j < i; j++) if (all[j]!.id === id) throw new ProtocolViolation(`${said(where)}: ${part} adds ${id}, which is already there`, true);
    }
    return all;
  }
  const ids = new Set(kept.map((o) => o.id));
  for (const o of add) {
    if (ids.has(o.id)) throw new ProtocolViolation(`${said(where)}: ${part} adds ${o.id}, which is already there`, true);
    ids.add(o.id);
  }
  return all;
}

// ---- the engine's side: a trace with changes from a full trace ----

/**
 * The trace with changes that rebuilds exactly into `trace`: each step's state as its changes against
 * the state before it, or whole where there is no state before it (no initialState), the stack whole
 * where its order changed otherwise than the changes can say, and the battlefield's order given where
 * it is not the one castcheck keeps.
 */
export function traceWithChanges(trace: Trace): TraceChanges {
  let before = trace.initialState;
  const steps = trace.steps.map((s): StepChanges => {
    const { state, ...rest } = s;
    const changes = before === undefined ? undefined : stateChanges(before, state);
    const step: StepChanges = changes === undefined ? { ...rest, state } : { ...rest, changes };
    before = state;
    return step;
  });
  const t: TraceChanges = { format: TRACE_CHANGES_FORMAT, engine: trace.engine, steps };
  if (trace.scenario !== undefined) t.scenario = trace.scenario;
  if (trace.initialState !== undefined) t.initialState = trace.initialState;
  return t;
}

/** What changed from one state to the next; undefined when the changes cannot say it (players reordered). */
export function stateChanges(a: ObservedState, b: ObservedState): StateChanges | undefined {
  const c: StateChanges = {};
  const stack = stackChanges(a.stack, b.stack);
  if (stack !== undefined) c.stack = stack;
  const battlefield = battlefieldChanges(a.battlefield, b.battlefield);
  if (battlefield !== undefined) c.battlefield = battlefield;
  const players: PlayerChanges[] = [];
  for (const [i, p] of b.players.entries()) {
    const f = fieldChanges(a.players[i] as unknown as Fields, p as unknown as Fields);
    if (f === 'replaced') return undefined;
    if (f) players.push({ id: p.id, ...f } as PlayerChanges);
  }
  if (players.length > 0) c.players = players as StateChanges['players'];
  return c;
}

/**
 * The stack's changes, the stack whole when they cannot say how it changed, or undefined when nothing
 * changed. The stack after must be the objects that stayed, unchanged and in their order, then those
 * put on it.
 */
function stackChanges(a: readonly StackObject[], b: readonly StackObject[]): StackObject[] | StackChanges | undefined {
  const after = new Set(b.map((o) => o.id));
  const stayed = a.filter((o) => after.has(o.id));
  const remove = a.filter((o) => !after.has(o.id)).map((o) => o.id);
  for (let i = 0; i < stayed.length; i++) {
    const was = stayed[i]!;
    const is = b[i]!;
    if (is.id !== was.id) return b as StackObject[];
    if (was !== is && fieldChanges(was as unknown as Fields, is as unknown as Fields) !== undefined) return b as StackObject[];
  }
  const before = new Set(a.map((o) => o.id));
  const add = b.slice(stayed.length);
  if (add.some((o) => before.has(o.id))) return b as StackObject[];
  if (remove.length === 0 && add.length === 0) return undefined;
  return { ...(remove.length > 0 ? { remove } : {}), ...(add.length > 0 ? { add } : {}) };
}

/**
 * The battlefield's changes, or undefined when nothing changed. Permanents are matched by id wherever
 * they stand; `order` is written when the battlefield after is not those that stayed, in their order,
 * then those that entered (an engine that keeps it sorted by id, as the reference engine does, puts an
 * entering permanent among the others). It is given whole only when a state holds an id twice.
 */
function battlefieldChanges(a: readonly ObservedPermanent[], b: readonly ObservedPermanent[]): ObservedPermanent[] | BattlefieldChanges | undefined {
  const after = new Map(b.map((o) => [o.id, o]));
  const before = new Set(a.map((o) => o.id));
  if (after.size !== b.length || before.size !== a.length) return b as ObservedPermanent[];
  const remove: string[] = [];
  const change: PermanentChanges[] = [];
  const stayed: string[] = [];
  for (const was of a) {
    const is = after.get(was.id);
    if (is === undefined) {
      remove.push(was.id);
      continue;
    }
    stayed.push(was.id);
    if (was === is) continue;
    const f = fieldChanges(was as unknown as Fields, is as unknown as Fields);
    // Matched by id, a permanent is never 'replaced'.
    if (f !== undefined && f !== 'replaced') change.push({ id: is.id, ...f } as PermanentChanges);
  }
  const add = b.filter((o) => !before.has(o.id));
  const kept = [...stayed, ...add.map((o) => o.id)];
  const reordered = kept.some((id, i) => b[i]!.id !== id);
  if (remove.length === 0 && change.length === 0 && add.length === 0 && !reordered) return undefined;
  return {
    ...(remove.length > 0 ? { remove } : {}),
    ...(change.length > 0 ? { change } : {}),
    ...(add.length > 0 ? { add } : {}),
    ...(reordered ? { order: b.map((o) => o.id) } : {}),
  };
}

/** The fields that differ (`set`) and those that went (`unset`); 'replaced' when the id changed. */
function fieldChanges(a: Fields | undefined, b: Fields): { set?: Fields; unset?: string[] } | 'replaced' | undefined {
  if (a === undefined || a.id !== b.id) return 'replaced';
  let set: Fields | undefined;
  let unset: string[] | undefined;
  for (const k in b) {
    if (!sameJson(a[k], b[k])) (set ??= {})[k] = b[k];
  }
  for (const k in a) {
    if (!(k in b)) (unset ??= []).push(k);
  }
  if (!set && !unset) return undefined;
  return { ...(set ? { set } : {}), ...(unset ? { unset } : {}) };
}

