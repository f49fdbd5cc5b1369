// The interface every engine is driven through: it declares what it can do and runs whole scenarios.
import type { Capabilities, EngineId, Scenario, Trace } from '../model/schema-types.ts';
import type { ResyncPoint } from '../model/resync.ts';

export interface Engine {
  readonly id: EngineId;
  readonly capabilities: Capabilities;
  /** For an engine in another process: the command that starts it, the folder it starts in, its time limit. */
  readonly launch?: { command: string; cwd?: string; timeoutMs?: number };
  /**
   * Runs every action of a normalized scenario (see model/scenario.ts) and answers with one step
   * per action. One call per scenario keeps engines in other processes fast and every run replayable.
   * Calls may overlap: an engine answers them in the order they were made.
   */
  run(scenario: Scenario): Promise<Trace>;
  /**
   * Optional, for an engine in this process whose answer is ready when it returns: the trace `run`
   * would give, returned directly (an error thrown where `run` would reject). castcheck then generates,
   * runs, judges and records each scenario without a promise or a turn of the event loop, which
   * matters when the engine takes microseconds (runner/run-suite.ts). An engine whose answer waits on
   * anything (another process, a file, a timer) leaves it out; `run` is used then.
   */
  runSync?(scenario: Scenario): Trace;
  /**
   * Optional, for the engine agreement compares with (the reference engine): the run of a scenario
   * that goes on, after each point's step, from the state the point gives (model/resync.ts), so that
   * a later step is compared from the state the engine under test showed; or, as a string, why it
   * cannot take one of those states.
   */
  runResynced?(scenario: Scenario, points: readonly ResyncPoint[]): Trace | string | Promise<Trace | string>;
  /**
   * For an engine in another process: the next scenario runs in a new process that has run nothing
   * before, so that a failure can be told apart from the history of the process it happened in.
   */
  fresh?(): Promise<void>;
  /** Releases what the engine holds (a child process, say). */
  close(): Promise<void>;
  /**
   * True for castcheck's own engines: the reference engine, and an engine in another process, whose
   * every answer the protocol adapter checks already. Any other engine's traces are checked against
   * the trace schema and the scenario before they are judged, so that a malformed trace is reported as
   * the engine's error instead of meeting a property that cannot read it.
   */
  readonly tracesChecked?: boolean;
}

export function describeEngine(id: EngineId): string {
  return `${id.name} ${id.version}${id.fault ? ` with fault ${id.fault}` : ''}`;
}
