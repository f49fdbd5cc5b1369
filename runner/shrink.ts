// Shrinking that respects a slow engine. Real engines answer 4 to 10 scenarios a second, so every
// candidate costs: fast-check's own loop (replay run k, then take the first failing candidate of each
// shrink stream) spent a median of 783 engine runs per named fault (62 faults). This loop walks the same shrink
// streams of the generator, so that its result is still a fast-check path ("k:i:j..."), but:
//   - it starts from the failing scenario already judged, instead of running it again;
//   - it answers a candidate met before from a cache (canonical JSON of the scenario), never the engine;
//   - it takes the big cuts first, as the shrink streams give them (whole parts before single elements);
//   - it stops at a budget in engine runs (cache answers are free), and at an optional time limit.
// Everything it does depends on the scenario, the target and the budget only, so that the same first
// scenario shrinks to the same repro in any worker and on any shard.
import fc from 'fast-check';
import type { Scenario } from '../model/schema-types.ts';
import { canonical } from '../model/compare.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { EngineFailure } from '../adapters/engine-failure.ts';
import { hits, judge, targetProperties, type Judge, type Target } from './evaluate.ts';
import type { Judged } from './judged.ts';
import { describe, unshrunk } from './findings.ts';
import type { Finding, FirstFailure } from './results.ts';
import { Pace, turn, whenAborted } from './abort.ts';
import { scenarioAt } from './scenario-space.ts';

export interface ShrinkOptions extends Judge {
  seed: number;
  /** Engine runs allowed; answers from the cache are free. */
  maxShrinkRuns?: number;
  /** Milliseconds allowed, on top of the engine-run budget; none by default. */
  maxShrinkMs?: number;
  /** Answers already known for this target (several starts of one failure may share them). */
  cache?: ShrinkCache;
  /** Stops the shrinking where it stands (Ctrl-C): the smallest failing scenario so far is reported, not shrunk. */
  abort?: AbortSignal;
  /** Called after each engine run, with the scenario when it was a smaller failing one (the steps of the shrinking). */
  onShrinkRun?: (target: Target, runs: number, smaller?: Scenario) => void;
}

/** The default budget of engine runs to shrink one failure. */
export const DEFAULT_SHRINK_RUNS = 2000;

/** Candidates of one shrink stream looked at, at most: beyond, the stream's tail is never reached. */
const MAX_CANDIDATES = 400;

/** Whether each scenario met while shrinking towards one target showed it, by canonical JSON. */
export class ShrinkCache {
  private readonly answers = new Map<string, boolean>();
  hits = 0;

  static key(s: Scenario): string {
    return canonical(s);
  }

  get(key: string): boolean | undefined {
    const a = this.answers.get(key);
    if (a !== undefined) this.hits++;
    return a;
  }

  set(key: string, shows: boolean): void {
    this.answers.set(key, shows);
  }
}

/** What ended the engine for good, when a judgement met it: its own run's failure, or a related run's. */
function engineEnded(j: Judged): EngineFailure | undefined {
  return j.failure?.fatal ? j.failure : j.engineGone;
}

/**
 * Shrinks the first failing scenario of a run against its target. The last scenario that failed is
 * run once more, outside the budget, to tell a failure of the scenario from one of the moment.
 */
export async function shrink(o: ShrinkOptions, arb: fc.Arbitrary<Scenario>, first: FirstFailure): Promise<{ finding: Finding; stopped?: string }> {
  const { target, run } = first;
  const limit = o.maxShrinkRuns ?? DEFAULT_SHRINK_RUNS;
  const deadline = o.maxShrinkMs === undefined ? Infinity : Date.now() + o.maxShrinkMs;
  const properties = targetProperties(target);
  const cache = o.cache ?? new ShrinkCache();
  let engineRuns = 0;
  let stopped: string | undefined;

  let current = scenarioAt(arb, o.seed, run);
  if (canonical(current.value) !== canonical(first.scenario)) {
    throw new Error(`scenario ${run} of seed ${o.seed} is not the scenario that failed: it cannot be shrunk from its path`);
  }
  cache.set(ShrinkCache.key(first.scenario), true);
  let last: { scenario: Scenario; judged: Judged } = { scenario: first.scenario, judged: first.judged };
  const path = [String(run)];

  const outOfBudget = () => engineRuns >= limit || Date.now() > deadline || stopped !== undefined || o.abort?.aborted === true;
  const aborted = whenAborted(o.abort);
  // An engine that answers at once (Engine.runSync) gives the event loop a turn only now and then.
  const pace = o.engine.runSync ? new Pace() : undefined;
  const shows = async (scenario: Scenario, key: string): Promise<Judged | undefined> => {
    if (!pace || pace.due()) await turn();
    engineRuns++;
    if (o.abort?.aborted) return undefined;
    // An interrupt does not wait for the engine's answer.
    const answer = judge(o, scenario, properties);
    const judged = answer instanceof Promise ? await aborted.race(answer) : answer;
    if (judged === undefined) return undefined;
    const gone = engineEnded(judged);
    if (gone) {
      stopped = gone.message;
      return undefined;
    }
    const hit = hits(judged, target);
    cache.set(key, hit);
    o.onShrinkRun?.(target, engineRuns, hit ? scenario : undefined);
    return hit ? judged : undefined;
  };

  type Candidate = { value: fc.Value<Scenario>; index: number };
  /** Whether a candidate fails the same way; a scenario met before is no way forward (a failing one would go round in circles). */
  const tryOne = async (c: Candidate): Promise<boolean> => {
    const key = ShrinkCache.key(c.value.value_);
    if (cache.get(key) !== undefined) return false;
    // A property fails only where it applies: a candidate none of the target's properties applies to
    // cannot show the failure, and costs no engine run. (An engine that answers `unsupported` is
    // judged on fewer actions, which a precondition may read otherwise: at worst a way forward is missed.)
    if (properties.length > 0 && !properties.some((p) => p.applies(normalizeScenario(c.value.value_)))) {
      cache.set(key, false);
      return false;
    }
    const judged = await shows(c.value.value_, key);
    if (judged) last = { scenario: c.value.value_, judged };
    return judged !== undefined;
  };
  // An engine failure (crash, time-out, protocol error) may come from what the process ran before
  // the scenario: the scenario is first run alone in a new process, and one that does not fail
  // there is reported as found, with the history its process ran before it (castcheck replay runs
  // them again); shrinking it would only chase that history.
  const engineFailure = 'signature' in target && target.property === undefined && o.engine.fresh !== undefined;
  const alone = async (): Promise<Judged | undefined> => {
    await o.engine.fresh!();
    return aborted.race(judge(o, last.scenario, properties));
  };
  let again: Judged | undefined;
  try {
    if (engineFailure) {
      engineRuns++;
      const solo = await alone();
      const gone = solo && engineEnded(solo);
      if (gone) stopped = gone.message;
      else if (solo !== undefined && !hits(solo, target)) return { finding: { ...unshrunk(o, first, false, engineRuns), shrunk: true } };
    }
    while (!outOfBudget()) {
      // The candidates in the stream's order, which makes the big cuts first (whole parts of the
      // scenario before single elements). Measured over the named faults (bench/shrink.ts), this
      // takes fewer engine runs than taking first the candidates with fewer cards and actions, with
      // repros as small or smaller: that order reached dead ends. The index of the candidate taken
      // in its stream makes the path.
      let next: Candidate | undefined;
      let index = 0;
      for (const value of arb.shrink(current.value_, current.context)) {
        if (index >= MAX_CANDIDATES || outOfBudget()) break;
        const c = { value, index: index++ };
        if (await tryOne(c)) {
          next = c;
          break;
        }
      }
      if (!next) break;
      current = next.value;
      path.push(String(next.index));
    }
    // The smallest failing scenario once more, outside the budget (an interrupt does not wait for it).
    if (stopped === undefined && !o.abort?.aborted) {
      again = engineFailure ? await alone() : await aborted.race(judge(o, last.scenario, properties));
    }
  } finally {
    aborted.release();
  }
  if (o.abort?.aborted) {
    // Interrupted: the smallest scenario that failed so far, marked as not shrunk, and not run again.
    if (path.length === 1) return { finding: unshrunk(o, first, true, engineRuns) };
    return { finding: { ...describe(last.judged, target), scenario: last.scenario, seed: o.seed, path: path.join(':'), runsToFailure: run + 1, shrinkRuns: engineRuns, shrunk: false, reproduced: true } };
  }

  const reproduced = again !== undefined && hits(again, target);
  const shown = reproduced && again ? again : last.judged;
  return {
    finding: {
      // A failure that came back alone needs no history.
      ...describe(shown, target, !reproduced),
      scenario: last.scenario,
      seed: o.seed,
      path: path.join(':'),
      runsToFailure: run + 1,
      shrinkRuns: engineRuns,
      shrunk: true,
      reproduced,
    },
    ...(stopped !== undefined ? { stopped } : {}),
  };
}
