// What an engine process was sent, in order, so that a failure can name the scenarios the process
// ran before it: a crash that needs them does not come back when its scenario runs alone.
import type { EngineHistory } from '../engine-failure.ts';
import type { Scenario } from '../../model/schema-types.ts';

/** The scenarios kept before a failing one (the repro schema's bound on `history.scenarios`). */
export const HISTORY_LIMIT = 100;

export class SentLog {
  private readonly scenarios: Scenario[] = [];
  /** The position of scenarios[0] in everything the process was sent. */
  private start = 0;

  /**
   * Adds a scenario sent to the process and returns its position. Only the last `keep` are kept: as
   * many as a failure needs before it, and the requests sent and not yet answered.
   */
  add(scenario: Scenario, keep: number): number {
    const position = this.start + this.scenarios.length;
    this.scenarios.push(scenario);
    const excess = this.scenarios.length - keep;
    if (excess > 0) {
      this.scenarios.splice(0, excess);
      this.start += excess;
    }
    return position;
  }

  /** The scenarios sent before the one at `position`, at most HISTORY_LIMIT of them, oldest first. */
  before(position: number): EngineHistory {
    // A position no longer kept (never one of a request still waiting) has nothing kept before it.
    const to = Math.max(position, this.start);
    const from = Math.max(this.start, position - HISTORY_LIMIT);
    return { scenarios: this.scenarios.slice(from - this.start, to - this.start), omitted: Math.min(from, position) };
  }
}
