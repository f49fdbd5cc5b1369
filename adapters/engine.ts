// The interface every engine is driven through: it declares what it can do and runs whole scenarios.
import type { Capabilities, EngineId, Scenario, Trace } from '../model/schema-types.ts';

export interface Engine {
  readonly id: EngineId;
  readonly capabilities: Capabilities;
  /**
   * Runs every action of a normalized scenario (see model/scenario.ts) and answers with one step
   * per action. One call per scenario keeps engines in other processes fast and every run replayable.
   */
  run(scenario: Scenario): Promise<Trace>;
  /** Releases what the engine holds (a child process, say). */
  close(): Promise<void>;
}

export function describeEngine(id: EngineId): string {
  return `${id.name} ${id.version}${id.fault ? ` with fault ${id.fault}` : ''}`;
}
