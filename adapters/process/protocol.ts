// The castcheck side of the protocol's messages (schema/protocol.schema.json): what castcheck sends,
// and the checks every message from an engine passes before anything reads it.
import type { NormalizedScenario } from '../../model/scenario.ts';
import { formatIssues, isValid, validateDocument } from '../../model/schemas.ts';
import type { CastcheckHello, EngineHello, RunRequest, StopRequest, Trace, TraceChanges } from '../../model/schema-types.ts';
import { version } from '../../model/version.ts';
import { ProtocolViolation } from './protocol-violation.ts';
import { rebuildTrace, TRACE_CHANGES_FORMAT } from './trace-changes.ts';

/**
 * The protocol versions this castcheck speaks, oldest first. 2 adds traces with changes
 * (trace-changes.ts); an engine written for 1 is served as it always was.
 */
export const PROTOCOL_VERSIONS = [1, 2] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/**
 * castcheck's hello, offering `versions`: `protocol` is the oldest, which an engine that reads only
 * that field answers in; `protocols` lists them all for the engine to choose from.
 */
export const hello = (versions: readonly number[] = PROTOCOL_VERSIONS): CastcheckHello => ({
  type: 'hello',
  protocol: Math.min(...versions),
  protocols: [...versions].sort((a, b) => a - b) as CastcheckHello['protocols'],
  castcheck: version,
});
export const runRequest = (id: number, scenario: NormalizedScenario): RunRequest => ({ type: 'run', id, scenario });
export const stopRequest = (): StopRequest => ({ type: 'stop' });

export { ProtocolViolation };

/**
 * A trace with every property whose value is null taken out: null means the engine does not know,
 * which for an optional field is the same as leaving it out (docs/PROTOCOL.md, "Optional fields").
 * A required field that is null is then reported as missing.
 */
export function withoutNulls(value: unknown): unknown {
  // What holds no null is given back as it is: a line may say "null" only in a name or a message.
  return value !== null && typeof value === 'object' && holdsNull(value) ? stripped(value) : value;
}

/** Whether a property somewhere in this parsed JSON is null (an item of a list that is null is kept). */
function holdsNull(value: object): boolean {
  if (Array.isArray(value)) {
    for (const v of value) if (v !== null && typeof v === 'object' && holdsNull(v)) return true;
    return false;
  }
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (v === null || (typeof v === 'object' && holdsNull(v))) return true;
  }
  return false;
}

function stripped(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = stripped(value[i]);
      if (out) out.push(v);
      else if (v !== value[i]) out = [...value.slice(0, i), v];
    }
    return out ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const kept: [string, unknown][] = [];
  let same = true;
  for (const [k, v] of Object.entries(value)) {
    if (v === null) same = false;
    else {
      const w = stripped(v);
      if (w !== v) same = false;
      kept.push([k, w]);
    }
  }
  // No null here nor below, so none in `set` either.
  if (same) return value;
  const out: Record<string, unknown> = Object.fromEntries(kept);
  // In a trace with changes (protocol 2), null in `set` says that a field became unknown: it is unset.
  const set = (value as { set?: unknown }).set;
  if (set !== null && typeof set === 'object' && !Array.isArray(set)) {
    const unknown = Object.keys(set).filter((k) => (set as Record<string, unknown>)[k] === null);
    if (unknown.length > 0) out.unset = [...new Set([...(Array.isArray(out.unset) ? (out.unset as string[]) : []), ...unknown])];
  }
  return out;
}

/** Parses one line from the engine into a message with a type, or throws ProtocolViolation. */
export function parseMessage(line: string, validateProtocol: boolean): { type: string } & Record<string, unknown> {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    throw new ProtocolViolation(`the engine wrote a line that is not JSON: ${excerpt(line)}`, false);
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message) || typeof (message as { type?: unknown }).type !== 'string') {
    throw new ProtocolViolation(`the engine wrote a line that is not a message (a JSON object with a "type"): ${excerpt(line)}`, false);
  }
  // Most engines never write null: the walk that takes nulls out is skipped when the line has none.
  if ((message as { type: string }).type === 'trace' && line.includes('null')) (message as { trace?: unknown }).trace = withoutNulls((message as { trace?: unknown }).trace);
  if (validateProtocol) {
    const issues = validateDocument('protocol#fromEngine', message);
    // A message of an unknown type is reported by the caller, which knows what it waited for.
    const known = ['hello', 'trace', 'error'].includes((message as { type: string }).type);
    if (known && issues.length > 0) throw new ProtocolViolation(`the engine's ${(message as { type: string }).type} message breaks the protocol schema: ${summary(issues)}`, true);
  }
  return message as { type: string } & Record<string, unknown>;
}

/** Checks the engine's answer to the hello that offered `offered`; returns it or throws ProtocolViolation. */
export function checkEngineHello(message: { type: string } & Record<string, unknown>, offered: readonly number[] = PROTOCOL_VERSIONS): EngineHello {
  if (message.type === 'error') {
    throw new ProtocolViolation(`the engine refused the handshake: ${String(message.message ?? '(no message)')}`, false);
  }
  if (message.type !== 'hello') throw new ProtocolViolation(`the engine answered hello with a '${message.type}' message`, false);
  if (!offered.includes(message.protocol as number)) {
    throw new ProtocolViolation(`the engine answers in protocol ${JSON.stringify(message.protocol)}; castcheck offered protocol ${listed(offered)}`, false);
  }
  const issues = validateDocument('protocol#fromEngine', message);
  if (issues.length > 0) throw new ProtocolViolation(`the engine's hello breaks the protocol schema: ${summary(issues)}`, false);
  return message as unknown as EngineHello;
}

/**
 * Checks a trace against the trace schema and the scenario it answers: one step per action, with the
 * action's id. Always done, so that properties never read a malformed trace. In protocol 2 the trace
 * may come with changes: that form is checked against its own schema and rebuilt into a full trace,
 * whose states need no second check (each is a checked state with checked fields changed).
 */
export function checkTrace(trace: unknown, scenario: NormalizedScenario, protocol: number = 1): Trace {
  let t: Trace;
  if ((trace as { format?: unknown } | null)?.format === TRACE_CHANGES_FORMAT && protocol >= 2) {
    if (!isValid('protocol#traceChanges', trace)) throw new ProtocolViolation(`the trace breaks the schema of traces with changes: ${summary(validateDocument('protocol#traceChanges', trace))}`, true);
    t = rebuildTrace(trace as TraceChanges);
  } else {
    if ((trace as { format?: unknown } | null)?.format === TRACE_CHANGES_FORMAT) {
      throw new ProtocolViolation(`the engine answered with a trace with changes (${TRACE_CHANGES_FORMAT}), which needs protocol 2; it agreed protocol ${protocol} in its hello`, true);
    }
    if (!isValid('trace', trace)) throw new ProtocolViolation(`the trace breaks the trace schema: ${summary(validateDocument('trace', trace))}`, true);
    t = trace as Trace;
  }
  if (t.steps.length !== scenario.actions.length) {
    throw new ProtocolViolation(`the trace has ${t.steps.length} step(s) for ${scenario.actions.length} action(s)`, true);
  }
  const wrong = t.steps.findIndex((s, i) => s.action !== scenario.actions[i]!.id);
  if (wrong !== -1) {
    throw new ProtocolViolation(`step ${wrong + 1} of the trace is for action '${t.steps[wrong]!.action}', not '${scenario.actions[wrong]!.id}'`, true);
  }
  return t;
}

function summary(issues: Parameters<typeof formatIssues>[0]): string {
  const lines = formatIssues(issues);
  return lines.slice(0, 3).join('; ') + (lines.length > 3 ? ` (and ${lines.length - 3} more)` : '');
}

/** 1, or 1 and 2, or 1, 2 and 3. */
export function listed(versions: readonly number[]): string {
  return versions.length <= 1 ? `${versions[0]}` : `${versions.slice(0, -1).join(', ')} and ${versions.at(-1)}`;
}

export function excerpt(line: string, max = 120): string {
  return JSON.stringify(line.length > max ? `${line.slice(0, max)}…` : line);
}
