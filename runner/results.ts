// What a run gives: each property's counts, the clusters of failures met, and the repro of each. The
// runner makes them; reports, the command line and the stores read them.
import type { EngineFailureKind, EngineHistory } from '../adapters/engine-failure.ts';
import type { Capabilities, EarlyStopSummary, Expectation, Scenario, ShardTally, Trace } from '../model/schema-types.ts';
import type { Divergence, Failed, Property } from '../properties/property.ts';
import type { Target } from './evaluate.ts';
import type { Judged } from './judged.ts';

/** One failure a judged scenario shows: the cluster it belongs to. */
export interface Hit {
  signature: string;
  kind: 'fail' | 'contested' | EngineFailureKind;
  /** The property broken; none for an engine failure. */
  property?: Property;
  /** The expectation that names it, when it is an expected failure (XFAIL). */
  expectation?: Expectation;
  /** What diverged, at one step; empty for an engine failure. */
  divergences: Divergence[];
}

/** A property's counts over a run, in scenarios (and checks): a shard result's, with the property itself. */
export interface Tally extends Omit<ShardTally, 'id'> {
  property: Property;
}

/** Scenarios a property checked: passed, failed, expected to fail or contested. */
export function checked(t: Tally): number {
  return t.passed + t.failed + t.xfailed + t.contested;
}

export interface Finding {
  kind: 'fail' | 'contested' | EngineFailureKind;
  /** The cluster it stands for (runner/signatures.ts). */
  signature: string;
  /** The property broken, for kinds fail and contested. */
  property?: Property;
  /** What went wrong, for people: the failed verdict, or the engine failure's message. */
  verdict: Failed | { status: EngineFailureKind; message: string; stderr: string };
  /** The divergences at the failing step, when the verdict has several. */
  divergences?: Divergence[];
  scenario: Scenario;
  trace?: Trace;
  seed: number;
  path: string;
  runsToFailure: number;
  shrinkRuns: number;
  /** false for the first scenario found, before (or without) shrinking. */
  shrunk: boolean;
  /** false when running the reported scenario once more did not give the failure again. */
  reproduced: boolean;
  /** For an engine failure: the scenarios the engine process ran before this one since it started. */
  history?: EngineHistory;
}

export interface FirstFailure {
  target: Target;
  run: number;
  scenario: Scenario;
  judged: Judged;
}

/** The scenarios of a run that showed one failure signature. */
export interface Cluster {
  signature: string;
  kind: Hit['kind'];
  property?: Property;
  /** The expectation that names it: an expected failure, never shrunk. */
  expectation?: Expectation;
  /** Scenarios that showed it. */
  count: number;
  /** The first of them, what it showed, and the target to shrink it against. */
  first: FirstFailure & { hit: Hit };
  /** Its repro: shrunk, or as found when shrinking could not run. Unset for XFAIL, or when an earlier run's repro stands. */
  finding?: Finding;
  /** The signatures every scenario of it showed, its own among them (runner/causes.ts). */
  together?: Set<string>;
  /** For each signature met in its scenarios at one of the actions it was seen at, how many of them showed it so (runner/causes.ts). */
  met?: Map<string, number>;
  /** The signatures its shrunk repro shows, judged by every property (runner/causes.ts). */
  inRepro?: Set<string>;
}

export interface SuiteResult {
  runs: number;
  seed: number;
  tallies: Tally[];
  /** Scenarios the engine gave no usable trace for, by kind. */
  engineFailures: Record<EngineFailureKind, number>;
  /** Scenarios with a step the engine answered `unsupported`, judged up to that step. */
  unsupported: number;
  /** Those early stops by card and action, with what generation left out after them (runner/early-stops.ts). */
  earlyStops?: EarlyStopSummary[];
  /** The capabilities generation ended with, when early stops narrowed them (castcheck run --write-capabilities). */
  narrowedCapabilities?: Capabilities;
  /**
   * Scenarios in which agreement could not go on from the engine's state after a divergence, so that
   * it compared their later steps with the reference engine's own run (properties/agreement.ts), by
   * why; left out when there were none.
   */
  notResynced?: Record<string, number>;
  /** Every failure signature met, in the order first met. */
  clusters: Cluster[];
  /** The findings: the clusters joined by cause (runner/causes.ts), in the order first met; a merged run's are its clusters' (causesOfRun). */
  causes?: Cause[];
  /** The repros of this run, in the order shrunk. */
  findings: Finding[];
  /** Why the run stopped before all its scenarios, when it did (an engine that no longer starts, an interrupt). */
  stopped?: string;
  /** It was interrupted: the counts cover the scenarios judged until then. */
  partial?: boolean;
}

/** A finding: one cause, with every cluster (property and kind) it shows under. */
export interface Cause {
  /** The signature of its lead cluster: the rule property before agreement, the first found first. */
  id: string;
  /** Its clusters, the lead first. */
  clusters: Cluster[];
  /** The properties it breaks, in the order of its clusters. */
  properties: string[];
  /** The rules those properties check, and the rule each named branch of theirs says was broken, each once. */
  rules: string[];
  /** Every cluster of it is expected (XFAIL), or one is and the others are its consequences. */
  expected: boolean;
  /** Only contested readings. */
  contested: boolean;
  /** Scenarios that showed it: those of its most frequent cluster (they overlap). */
  count: number;
}
