// What one scenario costs over the protocol, part by part, in protocol 1 (whole states) and 2 (changes),
// on the same reference traces: castcheck writing the request; the engine side writing its answer
// (in 2, working out the changes first); castcheck parsing it, checking it against the schema and, in
// 2, rebuilding the states. Each part is timed in CPU time over all the scenarios at once, after a
// warm-up.
import { checkTrace, parseMessage } from '../adapters/process/protocol.ts';
import { runRequestLine } from '../adapters/process/request-line.ts';
import { rebuildTrace, traceWithChanges } from '../adapters/process/trace-changes.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { NormalizedScenario } from '../model/scenario.ts';
import { isValid } from '../model/schemas.ts';
import type { Trace, TraceChanges } from '../model/schema-types.ts';
import { cpuMs } from './clock.ts';

export interface ProtocolCost {
  /** Mean bytes of an answer line. */
  answerBytes: number;
  /** Mean bytes of a request line. */
  requestBytes: number;
  /**
   * µs per scenario. The request as castcheck writes it (request-line.ts), with each card definition's
   * text already kept from the warm-up: in a suite about a quarter of the definitions sent are new.
   */
  writeRequestUs: number;
  /** The engine side: changes worked out (protocol 2) and the answer written. */
  engineWriteUs: number;
  parseUs: number;
  checkUs: number;
  rebuildUs: number;
  /** castcheck's side: writing the request, parsing, checking and rebuilding the answer. */
  castcheckUs: number;
}

/** CPU µs per item of `f`, the best of a few rounds after a warm-up (CPU time: the machine may be shared). */
function timePer<T>(items: readonly T[], f: (x: T) => unknown, rounds = 3): number {
  for (const x of items.slice(0, 200)) f(x);
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const c = process.cpuUsage();
    for (const x of items) f(x);
    best = Math.min(best, cpuMs(c));
  }
  return (best / items.length) * 1000;
}

export function protocolCost(scenarios: readonly NormalizedScenario[], protocol: 1 | 2): ProtocolCost {
  const reference = new ReferenceEngine();
  const traces = scenarios.map((s) => reference.runSync(s));
  const answer = (t: Trace, i: number) => JSON.stringify({ type: 'trace', id: i + 1, trace: protocol === 2 ? traceWithChanges(t) : t });
  const lines = traces.map(answer);
  const pairs = scenarios.map((s, i) => ({ s, i, line: lines[i]! }));
  const parsed = lines.map((l) => parseMessage(l, false).trace);
  const requests = scenarios.map((s, i) => runRequestLine(i + 1, s));

  const writeRequestUs = timePer(pairs, (p) => runRequestLine(p.i + 1, p.s));
  const engineWriteUs = timePer(traces.map((t, i) => ({ t, i })), (p) => answer(p.t, p.i));
  const parseUs = timePer(lines, (l) => parseMessage(l, false));
  const checkUs = timePer(parsed, (t) => isValid(protocol === 2 ? 'protocol#traceChanges' : 'trace', t));
  const rebuildUs = protocol === 2 ? timePer(parsed, (t) => rebuildTrace(t as TraceChanges)) : 0;
  // Every answer passes the checks a run makes, or the figures would be of something else.
  for (const p of pairs) checkTrace(parseMessage(p.line, false).trace, p.s, protocol);
  return {
    answerBytes: mean(lines.map((l) => Buffer.byteLength(l) + 1)),
    requestBytes: mean(requests.map((l) => Buffer.byteLength(l) + 1)),
    writeRequestUs,
    engineWriteUs,
    parseUs,
    checkUs,
    rebuildUs,
    castcheckUs: writeRequestUs + parseUs + checkUs + rebuildUs,
  };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
