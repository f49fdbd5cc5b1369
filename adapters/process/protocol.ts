// The castcheck side of the protocol's messages (schema/protocol.schema.json): what castcheck sends,
// and the checks every message from an engine passes before anything reads it.
import type { NormalizedScenario } from '../../model/scenario.ts';
import { formatIssues, isValid, validateDocument } from '../../model/schemas.ts';
import type { CastcheckHello, EngineHello, RunRequest, StopRequest, Trace } from '../../model/schema-types.ts';
import { version } from '../../model/version.ts';

/** The protocol's major version that this castcheck speaks. */
export const PROTOCOL_VERSION = 1;

export const hello = (): CastcheckHello => ({ type: 'hello', protocol: PROTOCOL_VERSION, castcheck: version });
export const runRequest = (id: number, scenario: NormalizedScenario): RunRequest => ({ type: 'run', id, scenario });
export const stopRequest = (): StopRequest => ({ type: 'stop' });

/** A message that breaks the protocol; `resync` is false when the line stream can no longer be trusted. */
export class ProtocolViolation extends Error {
  constructor(
    message: string,
    readonly resync: boolean,
  ) {
    super(message);
  }
}

/**
 * A trace with every property whose value is null taken out: null means the engine does not know,
 * which for an optional field is the same as leaving it out (docs/PROTOCOL.md, "Optional fields").
 * A required field that is null is then reported as missing.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
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
  if ((message as { type: string }).type === 'trace') (message as { trace?: unknown }).trace = withoutNulls((message as { trace?: unknown }).trace);
  if (validateProtocol) {
    const issues = validateDocument('protocol#fromEngine', message);
    // A message of an unknown type is reported by the caller, which knows what it waited for.
    const known = ['hello', 'trace', 'error'].includes((message as { type: string }).type);
    if (known && issues.length > 0) throw new ProtocolViolation(`the engine's ${(message as { type: string }).type} message breaks the protocol schema: ${summary(issues)}`, true);
  }
  return message as { type: string } & Record<string, unknown>;
}

/** Checks the engine's answer to hello; returns it or throws ProtocolViolation. */
export function checkEngineHello(message: { type: string } & Record<string, unknown>): EngineHello {
  if (message.type === 'error') {
    throw new ProtocolViolation(`the engine refused the handshake: ${String(message.message ?? '(no message)')}`, false);
  }
  if (message.type !== 'hello') throw new ProtocolViolation(`the engine answered hello with a '${message.type}' message`, false);
  if (message.protocol !== PROTOCOL_VERSION) {
    throw new ProtocolViolation(`the engine speaks protocol ${JSON.stringify(message.protocol)}; this castcheck speaks protocol ${PROTOCOL_VERSION}`, false);
  }
  const issues = validateDocument('protocol#fromEngine', message);
  if (issues.length > 0) throw new ProtocolViolation(`the engine's hello breaks the protocol schema: ${summary(issues)}`, false);
  return message as unknown as EngineHello;
}

/**
 * Checks a trace against the trace schema and the scenario it answers: one step per action, with the
 * action's id. Always done, so that properties never read a malformed trace.
 */
export function checkTrace(trace: unknown, scenario: NormalizedScenario): Trace {
  if (!isValid('trace', trace)) throw new ProtocolViolation(`the trace breaks the trace schema: ${summary(validateDocument('trace', trace))}`, true);
  const t = trace as Trace;
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

export function excerpt(line: string, max = 120): string {
  return JSON.stringify(line.length > max ? `${line.slice(0, max)}…` : line);
}
