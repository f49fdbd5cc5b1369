// Replaying a repro: its scenario judged again, and whether it still shows the failure it stands for.
import { InputError } from '../model/errors.ts';
import type { Repro } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { hits, judge, targetProperties, type Judge, type Target } from './evaluate.ts';
import type { Judged } from './judged.ts';
import { parseSignature } from './signatures.ts';

/** What a repro is replayed against: its signature, or for a repro written before signatures, its property's verdict. */
export function reproTarget(repro: Repro, source: string): Target {
  const id = repro.property?.id ?? (repro.signature !== undefined ? propertyOf(repro.signature) : undefined);
  const property = id !== undefined ? propertyById(id) : undefined;
  if (id !== undefined && !property) throw new InputError(`${source}: this castcheck has no property '${id}'`);
  if (repro.signature !== undefined) return { signature: repro.signature, ...(property ? { property } : {}) };
  if (repro.verdict === 'fail' || repro.verdict === 'contested') {
    if (!property) throw new InputError(`${source}: a ${repro.verdict} repro names no property`);
    return { property, status: repro.verdict };
  }
  return { failure: repro.verdict };
}

function propertyOf(signature: string): string | undefined {
  const s = parseSignature(signature);
  return 'property' in s ? s.property : undefined;
}

/**
 * `engine-failed`: the engine crashed, timed out or broke the protocol on the scenario, which is not
 * the failure the repro stands for: whether that failure is fixed is not known, so it is never a pass.
 */
export type ReplayResult = 'still-fails' | 'now-passes' | 'not-reproduced' | 'engine-failed';

/**
 * Judges a repro's scenario again. A repro whose failure did not come back when it was found (it
 * depended on the engine's history, timing or resources) is `not-reproduced` when it passes, never
 * `now-passes`: passing says nothing about a fix. An engine that fails on it otherwise is
 * `engine-failed`, never a pass either.
 */
export async function replayRepro(j: Judge, repro: Repro, source: string): Promise<{ result: ReplayResult; target: Target; judged: Judged }> {
  const target = reproTarget(repro, source);
  const judged = await judge(j, repro.scenario, targetProperties(target));
  const result: ReplayResult = hits(judged, target) ? 'still-fails' : judged.failure ? 'engine-failed' : repro.replay.reproduced === false ? 'not-reproduced' : 'now-passes';
  return { result, target, judged };
}

/**
 * Replays a repro's history (the scenarios its engine process ran before it), then its scenario, on
 * an engine that has run nothing yet: whether the failure comes back after them, and where. A
 * failure it stands for that comes back on one of the history's own scenarios counts too.
 */
export async function replayHistory(j: Judge, repro: Repro, target: Target): Promise<{ cameBack: boolean; at: number; judged: Judged }> {
  const history = repro.history?.scenarios ?? [];
  for (const [at, scenario] of history.entries()) {
    const judged = await judge(j, scenario, []);
    if (judged.failure && hits(judged, target)) return { cameBack: true, at, judged };
  }
  const judged = await judge(j, repro.scenario, targetProperties(target));
  return { cameBack: hits(judged, target), at: history.length, judged };
}
