// An engine in another process, in any language, driven over the castcheck protocol
// (schema/protocol.schema.json, docs/PROTOCOL.md). One long-lived process answers every scenario;
// when it crashes, hangs or breaks the protocol, that scenario gets its own outcome (crash, timeout,
// protocol-error), the process is killed if it can no longer be trusted, and the next scenario gets
// a fresh one.
import type { Engine } from '../engine.ts';
import { EngineFailure, asEngineFailure, type EngineFailureKind } from '../engine-failure.ts';
import { InputError } from '../../model/errors.ts';
import { isNormalized, normalizeScenario, type NormalizedScenario } from '../../model/scenario.ts';
import { canonical } from '../../model/compare.ts';
import { formatIssues, validateDocument } from '../../model/schemas.ts';
import type { Capabilities, EngineHello, EngineId, Scenario, Trace } from '../../model/schema-types.ts';
import { EngineProcess } from './engine-process.ts';
import { HISTORY_LIMIT, SentLog } from './sent-log.ts';
import { expandCapabilities } from '../../model/capabilities.ts';
import { PROTOCOL_VERSIONS, ProtocolViolation, checkEngineHello, checkTrace, hello, parseMessage, runRequest, stopRequest } from './protocol.ts';
import { runRequestLine } from './request-line.ts';

export interface ProcessEngineOptions {
  argv: string[];
  /** The command as people read it, for messages and repro files. */
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  /** Milliseconds the engine has to answer one scenario. */
  timeoutMs: number;
  /** Milliseconds it has to answer hello once started. */
  startTimeoutMs: number;
  maxLineBytes: number;
  /** Check every message both ways against the protocol schema, not only traces. */
  validateProtocol?: boolean;
  /** The protocol versions offered in hello (default: every version castcheck speaks). */
  protocols?: readonly number[];
  /** Sees every message from the engine as it came, before it is checked (castcheck doctor explains them). */
  onMessage?: (message: { type: string } & Record<string, unknown>) => void;
}

export const PROCESS_DEFAULTS = { timeoutMs: 10_000, startTimeoutMs: 30_000, maxLineBytes: 8 * 1024 * 1024 } as const;

/** Starts in a row that may fail before the engine is given up for the rest of the run. */
const MAX_FAILED_STARTS = 3;
/** How long an engine has to exit after stop. */
const STOP_GRACE_MS = 2000;

interface Pending {
  id: number;
  scenario: NormalizedScenario;
  resolve(trace: Trace): void;
  reject(failure: EngineFailure): void;
  /** Written to the current process. Requests a dead process never answered are sent again. */
  sent: boolean;
  /** Where it was written in the log of the process it was last sent to. */
  sentAt?: { log: SentLog; position: number };
}

/** The engine could not be started at all: bad usage for the run, reported without a stack trace. */
export class EngineStartError extends InputError {
  constructor(
    readonly failure: EngineFailure,
    command: string,
  ) {
    const stderr = failure.stderr.trim();
    super(`the engine did not start (${failure.kind.toUpperCase().replace('-', '_')}): ${failure.message}`, [
      `  command: ${command}`,
      ...(stderr ? ['  its stderr ended with:', ...stderr.split('\n').slice(-15).map((l) => `    ${l}`)] : []),
    ]);
  }
}

export class ProcessEngine implements Engine {
  id: EngineId = { name: '(starting)', version: '0' };
  capabilities: Capabilities = { mechanics: [], actions: [], cards: { synthetic: false }, observes: [] };
  /** The protocol version the engine chose in its hello. */
  protocol = 1;
  /** Every answer is checked against the schema as it is read (protocol.ts). */
  readonly tracesChecked = true;
  readonly launch: { command: string; cwd?: string; timeoutMs: number };

  private proc: EngineProcess | undefined;
  /** What the current process was sent since it started. */
  private log = new SentLog();
  /** Set while the current process has not answered hello. */
  private greeting: { resolve(h: EngineHello): void; reject(f: EngineFailure): void } | undefined;
  private readonly queue: Pending[] = [];
  /**
   * One timer watches the time limit of the request at the head of the queue: a request answered in
   * time only moves the start of the limit on (timedSince), and the timer, when it fires, waits again
   * for what is left of the current head's limit. A timer set and cleared for every answer cost more
   * than the rest of the bookkeeping of a request.
   */
  private headTimer: NodeJS.Timeout | undefined;
  /** The request whose time limit runs (undefined: none), the process it was sent to, and since when. */
  private timedHead: Pending | undefined;
  private timedProc: EngineProcess | undefined;
  private timedSince = 0;
  private nextId = 1;
  private failedStarts = 0;
  private dead: EngineFailure | undefined;
  /** A violation written while no request was waiting, charged to the next one. */
  private idleViolation: EngineFailure | undefined;
  /** Requests that fail once the process killed for them is gone (its stderr read to the end). */
  private readonly gone = new Map<EngineProcess, () => void>();
  private closed = false;

  private constructor(private readonly o: ProcessEngineOptions) {
    this.launch = { command: o.command, ...(o.cwd !== undefined ? { cwd: o.cwd } : {}), timeoutMs: o.timeoutMs };
  }

  /** Starts the engine and waits for its hello; throws EngineStartError when that fails. */
  static async start(o: ProcessEngineOptions): Promise<ProcessEngine> {
    const engine = new ProcessEngine(o);
    try {
      const h = await engine.startProcess();
      engine.id = { name: h.engine.name, version: h.engine.version };
      engine.capabilities = expandCapabilities(h.capabilities);
      engine.protocol = h.protocol;
    } catch (error) {
      throw new EngineStartError(asEngineFailure(error), o.command);
    }
    return engine;
  }

  run(scenario: Scenario): Promise<Trace> {
    if (this.closed) return Promise.reject(new EngineFailure('crash', 'the engine was closed'));
    const normalized = isNormalized(scenario) ? scenario : normalizeScenario(scenario);
    const id = this.nextId++;
    if (this.idleViolation) {
      const f = this.idleViolation;
      this.idleViolation = undefined;
      return Promise.reject(new EngineFailure(f.kind, `before request ${id} was sent: ${f.message}`, f.stderr));
    }
    if (this.o.validateProtocol) {
      const issues = validateDocument('protocol#toEngine', runRequest(id, normalized));
      if (issues.length > 0) return Promise.reject(new Error(`castcheck's own request breaks the protocol schema: ${formatIssues(issues).join('; ')}`));
    }
    return new Promise<Trace>((resolve, reject) => {
      this.queue.push({ id, scenario: normalized, resolve, reject, sent: false });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clearHeadTimer();
    clearTimeout(this.headTimer);
    this.headTimer = undefined;
    for (const failed of this.gone.values()) failed();
    this.gone.clear();
    for (const p of this.queue.splice(0)) p.reject(new EngineFailure('crash', 'the engine was closed'));
    const proc = this.proc;
    this.proc = undefined;
    if (proc) await proc.stop(stopRequest(), STOP_GRACE_MS);
  }

  /** Stops the process between scenarios, the next one starting a new one; with scenarios in flight (other lanes of a run) it does nothing. */
  async fresh(): Promise<void> {
    if (this.closed || this.queue.length > 0 || this.greeting || !this.proc) return;
    const proc = this.proc;
    // Let go of it first: its exit is then no crash of a scenario.
    this.proc = undefined;
    this.clearHeadTimer();
    await proc.stop(stopRequest(), STOP_GRACE_MS);
  }

  /** Sends what is waiting, starting a process first if there is none. */
  private pump(): void {
    if (this.closed || this.queue.length === 0 || this.greeting) return;
    if (this.dead) {
      for (const p of this.queue.splice(0)) p.reject(this.dead);
      return;
    }
    if (!this.proc) {
      this.restart();
      return;
    }
    for (const p of this.queue) {
      if (!p.sent) {
        this.proc.sendLine(runRequestLine(p.id, p.scenario));
        p.sent = true;
        p.sentAt = { log: this.log, position: this.log.add(p.scenario, HISTORY_LIMIT + this.queue.length) };
      }
    }
    this.armHeadTimer();
  }

  private restart(): void {
    const before = canonical({ engine: this.id, capabilities: this.capabilities, protocol: this.protocol });
    const started = this.startProcess().then((h) => {
      if (canonical({ engine: { name: h.engine.name, version: h.engine.version }, capabilities: expandCapabilities(h.capabilities), protocol: h.protocol }) !== before) {
        if (this.proc) this.discard(this.proc);
        throw new EngineFailure('protocol-error', 'the engine started again with another name, version, protocol or capabilities');
      }
    });
    started.then(
      () => {
        this.failedStarts = 0;
        this.pump();
      },
      (error: unknown) => {
        const f = asEngineFailure(error);
        this.failedStarts++;
        if (this.failedStarts >= MAX_FAILED_STARTS) {
          this.dead = new EngineFailure(f.kind, `the engine failed to start ${MAX_FAILED_STARTS} times in a row, so the run stops (last time: ${f.message})`, f.stderr, true);
        }
        this.queue.shift()?.reject(this.dead ?? new EngineFailure(f.kind, `the engine did not start again: ${f.message}`, f.stderr));
        this.pump();
      },
    );
  }

  private startProcess(): Promise<EngineHello> {
    return new Promise<EngineHello>((resolve, reject) => {
      const proc: EngineProcess = new EngineProcess(
        { argv: this.o.argv, maxLineBytes: this.o.maxLineBytes, ...(this.o.cwd !== undefined ? { cwd: this.o.cwd } : {}), ...(this.o.env ? { env: this.o.env } : {}) },
        {
          line: (line) => this.onLine(proc, line),
          lineTooLong: (error) => this.violation(proc, new ProtocolViolation(error.message, false)),
          exit: (how) => this.onExit(proc, how),
        },
      );
      this.proc = proc;
      this.log = new SentLog();
      // Unreferenced, as the time limit of a request is: an engine closed while it starts (a run that
      // stopped) must not keep castcheck waiting for a hello nobody wants any more.
      const timer = setTimeout(() => {
        this.greeting?.reject(new EngineFailure('timeout', `no answer to hello within ${this.o.startTimeoutMs} ms`, proc.stderr.text()));
      }, this.o.startTimeoutMs).unref();
      this.greeting = {
        resolve: (h) => {
          clearTimeout(timer);
          this.greeting = undefined;
          resolve(h);
        },
        reject: (f) => {
          clearTimeout(timer);
          this.greeting = undefined;
          this.discard(proc);
          reject(f);
        },
      };
      const greeting = hello(this.o.protocols ?? PROTOCOL_VERSIONS);
      if (this.o.validateProtocol) this.checkOwn(greeting);
      proc.send(greeting);
    });
  }

  private onLine(proc: EngineProcess, line: string): void {
    if (proc !== this.proc || line.trim() === '') return;
    if (this.greeting) {
      try {
        const message = parseMessage(line, false);
        this.o.onMessage?.(message);
        this.greeting.resolve(checkEngineHello(message, this.o.protocols ?? PROTOCOL_VERSIONS));
        // What it said while starting is no failure's: a failure quotes what comes after.
        proc.stderr.started();
      } catch (error) {
        this.greeting.reject(this.failureOf(proc, error));
      }
      return;
    }
    let message: ReturnType<typeof parseMessage>;
    try {
      message = parseMessage(line, this.o.validateProtocol ?? false);
    } catch (error) {
      this.violation(proc, error);
      return;
    }
    this.o.onMessage?.(message);
    const head = this.queue[0];
    if (!head?.sent) {
      this.violation(proc, new ProtocolViolation(`the engine wrote a '${message.type}' message while no request was waiting`, false));
      return;
    }
    if (message.id !== head.id) {
      this.violation(proc, new ProtocolViolation(`the engine answered request ${JSON.stringify(message.id ?? null)} while request ${head.id} was waiting`, false));
      return;
    }
    if (message.type === 'trace') {
      let trace: Trace;
      try {
        trace = checkTrace(message.trace, head.scenario, this.protocol);
      } catch (error) {
        this.violation(proc, error);
        return;
      }
      this.settle(head, trace);
    } else if (message.type === 'error') {
      this.failSoon(head, () => new EngineFailure('crash', `the engine reported an error for request ${head.id}: ${String(message.message)}`, proc.stderr.text()));
    } else {
      this.violation(proc, new ProtocolViolation(`the engine answered request ${head.id} with a '${message.type}' message`, false));
    }
  }

  /** A broken rule of the protocol: the waiting request fails, and the process goes unless the stream is still in step. */
  private violation(proc: EngineProcess, error: unknown): void {
    if (proc !== this.proc) return;
    const failure = () => this.failureOf(proc, error);
    if (this.greeting) {
      this.greeting.reject(failure());
      return;
    }
    const head = this.queue[0]?.sent ? this.queue[0] : undefined;
    if (error instanceof ProtocolViolation && error.resync) {
      if (head) this.failSoon(head, failure);
      else this.idleViolation = failure();
    } else if (head) this.killFor(proc, head, failure);
    else {
      this.discard(proc);
      this.idleViolation = failure();
    }
    this.pump();
  }

  /**
   * The request at the head fails, from a process that goes on: after the input already waiting is
   * read, so that what the engine wrote to stderr just before its answer is in the report.
   */
  private failSoon(head: Pending, failure: () => EngineFailure): void {
    this.clearHeadTimer();
    if (this.queue[0] === head) this.queue.shift();
    setImmediate(() => this.fail(head, failure()));
    if (this.proc && !this.greeting) this.armHeadTimer();
  }

  /**
   * Kills the process for what it did with the request at the head: that request fails once the
   * process is gone, when what it wrote to stderr just before has been read to its end.
   */
  private killFor(proc: EngineProcess, head: Pending, failure: () => EngineFailure): void {
    this.clearHeadTimer();
    if (this.queue[0] === head) this.queue.shift();
    this.gone.set(proc, () => this.fail(head, failure()));
    this.discard(proc);
  }

  private onExit(proc: EngineProcess, how: string): void {
    const failed = this.gone.get(proc);
    this.gone.delete(proc);
    failed?.();
    if (proc !== this.proc) return;
    const stderr = proc.stderr.text();
    if (this.greeting) {
      this.greeting.reject(new EngineFailure('crash', `the engine ${how} before answering hello`, stderr));
      return;
    }
    const head = this.queue[0]?.sent ? this.queue[0] : undefined;
    this.discard(proc);
    if (head) this.settle(head, new EngineFailure('crash', `the engine ${how} while running request ${head.id}`, stderr));
    this.pump();
  }

  private armHeadTimer(): void {
    const head = this.queue[0];
    if (this.timedHead || !head?.sent) return;
    this.timedHead = head;
    this.timedProc = this.proc!;
    this.timedSince = performance.now();
    if (!this.headTimer) this.watch(this.o.timeoutMs);
  }

  /** The timer left running when no request waits must not keep castcheck alive: a waiting request's engine process does. */
  private watch(ms: number): void {
    this.headTimer = setTimeout(this.onHeadTimer, ms).unref();
  }

  private clearHeadTimer(): void {
    this.timedHead = undefined;
    this.timedProc = undefined;
  }

  private readonly onHeadTimer = (): void => {
    this.headTimer = undefined;
    const head = this.timedHead;
    const proc = this.timedProc;
    if (!head || !proc) return;
    const left = this.timedSince + this.o.timeoutMs - performance.now();
    if (left > 0) {
      this.watch(left);
      return;
    }
    this.clearHeadTimer();
    if (proc !== this.proc || this.queue[0] !== head) return;
    this.killFor(proc, head, () => new EngineFailure('timeout', `no answer to request ${head.id} within ${this.o.timeoutMs} ms; the engine was killed`, proc.stderr.text()));
    this.pump();
  };

  private settle(head: Pending, outcome: Trace | EngineFailure): void {
    this.clearHeadTimer();
    if (this.queue[0] === head) this.queue.shift();
    if (outcome instanceof EngineFailure) this.fail(head, outcome);
    else head.resolve(outcome);
    if (this.proc && !this.greeting) this.armHeadTimer();
  }

  private fail(head: Pending, failure: EngineFailure): void {
    if (head.sentAt) failure.history = head.sentAt.log.before(head.sentAt.position);
    head.reject(failure);
  }

  /** Kills the process; what it was sent and did not answer goes to the next one. */
  private discard(proc: EngineProcess): void {
    proc.kill();
    if (proc !== this.proc) return;
    this.proc = undefined;
    this.clearHeadTimer();
    for (const p of this.queue) p.sent = false;
  }

  private failureOf(proc: EngineProcess, error: unknown): EngineFailure {
    const kind: EngineFailureKind = error instanceof ProtocolViolation ? 'protocol-error' : 'crash';
    return new EngineFailure(kind, error instanceof Error ? error.message : String(error), proc.stderr.text());
  }

  private checkOwn(message: unknown): void {
    const issues = validateDocument('protocol#toEngine', message);
    if (issues.length > 0) throw new Error(`castcheck's own message breaks the protocol schema: ${formatIssues(issues).join('; ')}`);
  }
}
