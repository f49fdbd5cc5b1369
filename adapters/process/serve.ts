// The engine side of the protocol, for any in-process engine: `castcheck serve reference` puts the
// reference engine behind it. It is also the model of what an engine in another language does. It
// speaks protocols 1 and 2, and in 2 answers with traces with changes (trace-changes.ts).
import type { Readable, Writable } from 'node:stream';
import type { Engine } from '../engine.ts';
import { asEngineFailure } from '../engine-failure.ts';
import { formatIssues, validateDocument } from '../../model/schemas.ts';
import type { EngineHello, FromEngineMessage, Scenario } from '../../model/schema-types.ts';
import { LineSplitter } from './line-splitter.ts';
import { PROTOCOL_VERSIONS, listed } from './protocol.ts';
import { traceWithChanges } from './trace-changes.ts';

export interface ServeOptions {
  /** Check every request against the protocol schema and answer an invalid one with an error. */
  validateProtocol?: boolean;
  /** The protocol versions this side speaks (default: all that castcheck speaks); the newest offered is chosen. */
  protocols?: readonly number[];
}

/** Answers requests until stop or the end of input; resolves with the exit status. */
export function serveEngine(engine: Engine, input: Readable, output: Writable, o: ServeOptions = {}): Promise<number> {
  const write = (m: FromEngineMessage) => output.write(`${JSON.stringify(m)}\n`);
  const splitter = new LineSplitter(256 * 1024 * 1024);
  let greeted = false;
  const spoken = o.protocols ?? PROTOCOL_VERSIONS;
  let protocol = 1;
  // Requests are answered one at a time, in order, though castcheck may send several ahead.
  let queue = Promise.resolve();

  return new Promise<number>((resolve) => {
    let done = false;
    const finish = (status: number) => {
      if (done) return;
      done = true;
      input.removeAllListeners('data');
      input.pause();
      void queue.then(() => resolve(status));
    };

    const handle = async (line: string): Promise<void> => {
      if (done || line.trim() === '') return;
      let m: { type?: unknown; id?: unknown; protocol?: unknown; protocols?: unknown; scenario?: unknown };
      try {
        m = JSON.parse(line) as typeof m;
      } catch {
        write({ type: 'error', message: 'the request is not JSON' });
        return;
      }
      // Only the types this engine knows are checked: others may come from a newer castcheck.
      if (o.validateProtocol && (m.type === 'hello' || m.type === 'run' || m.type === 'stop')) {
        const issues = validateDocument('protocol#toEngine', m);
        if (issues.length > 0) {
          write({ type: 'error', ...(typeof m.id === 'number' ? { id: m.id } : {}), message: `the request breaks the protocol schema: ${formatIssues(issues).slice(0, 3).join('; ')}` });
          return;
        }
      }
      switch (m.type) {
        case 'hello': {
          // castcheck offers `protocols` since protocol 2; before, only `protocol`.
          const offered = Array.isArray(m.protocols) ? (m.protocols as unknown[]) : [m.protocol];
          const common = spoken.filter((v) => offered.includes(v));
          if (common.length === 0) {
            // Refuse clearly and stop: nothing after this can be understood.
            write({ type: 'error', message: `this engine speaks protocol ${listed(spoken)}, not ${offered.map((v) => JSON.stringify(v)).join(' or ')}` });
            finish(1);
            return;
          }
          protocol = Math.max(...common);
          greeted = true;
          // The protocol's engine info has no fault: a faulty reference engine says so in its version.
          const version = engine.id.fault !== undefined ? `${engine.id.version}+${engine.id.fault}` : engine.id.version;
          const answer: EngineHello = { type: 'hello', protocol, engine: { name: engine.id.name, version }, capabilities: engine.capabilities };
          write(answer);
          return;
        }
        case 'run': {
          const id = typeof m.id === 'number' ? m.id : 0;
          if (!greeted) {
            write({ type: 'error', id, message: 'run before hello' });
            return;
          }
          try {
            const trace = await engine.run(m.scenario as Scenario);
            write({ type: 'trace', id, trace: protocol >= 2 ? traceWithChanges(trace) : trace });
          } catch (error) {
            write({ type: 'error', id, message: asEngineFailure(error).message });
          }
          return;
        }
        case 'stop':
          finish(0);
          return;
        default:
          // Unknown types may come from a newer castcheck: they are not for this engine.
          return;
      }
    };

    input.on('data', (chunk: Buffer | string) => {
      let lines: string[];
      try {
        lines = splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      } catch (error) {
        process.stderr.write(`castcheck serve: ${(error as Error).message}\n`);
        finish(1);
        return;
      }
      for (const line of lines) queue = queue.then(() => handle(line));
    });
    input.once('end', () => finish(0));
  });
}
