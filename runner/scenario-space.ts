// The scenario space of a run: scenario k of seed S, made directly, as fast-check makes run k of
// fc.check({ seed: S }) and replays it from path "k". fast-check draws run k from its random
// generator jumped k + 1 times from the seed (a jump skips 2^64 draws, so runs never share draws),
// with a bias that grows with k. Making scenario k without making the ones before it is what lets
// workers, and shards on other machines, split one run without overlap: scenario k is the same
// whether the run is split or not.
import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';

/** fast-check's reading of a seed (its readSeed): any number, kept to 32 bits. */
function seed32(seed: number): number {
  const s = seed | 0;
  return seed === s ? s : s ^ ((seed - s) * 0x1_0000_0000);
}

/** fast-check's bias for run k (its runIdToFrequency): larger values as the run goes on. */
function biasFor(k: number): number {
  return 2 + ~~(Math.log(k + 1) * 0.4342944819032518);
}

/**
 * Scenarios in increasing order of k, each drawn from a generator that only ever jumps forward: a
 * worker or a shard walks its own share of the space at the cost of one jump per scenario skipped.
 */
export class ScenarioSpace<T> {
  private rng: JumpableRandomGenerator;
  /** The k the generator is positioned for (jumped k + 1 times), -1 before the first. */
  private at = -1;

  constructor(
    private readonly arb: fc.Arbitrary<T>,
    readonly seed: number,
  ) {
    this.rng = xorshift128plus(seed32(seed));
  }

  /** Scenario k, with fast-check's context for shrinking it. k never goes down from one call to the next. */
  value(k: number): fc.Value<T> {
    if (!Number.isSafeInteger(k) || k < 0) throw new Error(`no scenario ${k}: scenarios are numbered from 0`);
    if (k < this.at) throw new Error(`scenario ${k} comes before ${this.at}: a scenario space only walks forward (make another)`);
    for (; this.at < k; this.at++) this.rng.jump();
    return this.arb.generate(new fc.Random(this.rng), biasFor(k));
  }
}

/** Scenario k of a seed, made on its own (k + 1 jumps: for one scenario, not for walking a run). */
export function scenarioAt<T>(arb: fc.Arbitrary<T>, seed: number, k: number): fc.Value<T> {
  return new ScenarioSpace(arb, seed).value(k);
}

/**
 * Which scenarios of a run a shard judges: shard `index` of `count` (1-based, as `--shard 2/4`) takes
 * every k with k mod count = index - 1, so that the shards never overlap and together are the whole run.
 */
export interface Shard {
  index: number;
  count: number;
}

export const WHOLE: Shard = { index: 1, count: 1 };

export function inShard(k: number, s: Shard): boolean {
  return k % s.count === s.index - 1;
}

/** The k-th scenario of the run (0-based) that a shard judges, as its number in the whole run. */
export function shardScenario(s: Shard, nth: number): number {
  return nth * s.count + (s.index - 1);
}

/** How many of the scenarios 0..runs-1 a shard judges. */
export function shardRuns(s: Shard, runs: number): number {
  return Math.max(0, Math.ceil((runs - (s.index - 1)) / s.count));
}

/** Parses `i/n`, as `--shard 2/4` gives it; undefined when it is not one. */
export function parseShard(text: string): Shard | undefined {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return count >= 1 && count <= 10_000 && index >= 1 && index <= count ? { index, count } : undefined;
}
