// The scenario space of a run: scenario k of seed S, made directly, as fast-check makes run k of
// fc.check({ seed: S }) and replays it from path "k". fast-check draws run k from its random
// generator jumped k + 1 times from the seed (a jump skips 2^64 draws, so runs never share draws),
// with a bias that grows with k. Making scenario k without making the ones before it is what lets
// workers, and shards on other machines, split one run without overlap: scenario k is the same
// whether the run is split or not.
import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { valueOnly } from '../generators/draws.ts';

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
    return this.arb.generate(this.randomFor(k), biasFor(k));
  }

  /** Scenario k alone, the same as value(k).value, without the context (made again to shrink it). */
  scenario(k: number): T {
    return valueOnly(this.arb, this.randomFor(k), biasFor(k), 'scenario space');
  }

  private randomFor(k: number): fc.Random {
    if (!Number.isSafeInteger(k) || k < 0) throw new Error(`no scenario ${k}: scenarios are numbered from 0`);
    if (k < this.at) throw new Error(`scenario ${k} comes before ${this.at}: a scenario space only walks forward (make another)`);
    for (; this.at < k; this.at++) this.rng.jump();
    return new fc.Random(this.rng);
  }
}

/** Scenario k of a seed, made on its own (k + 1 jumps: for one scenario, not for walking a run). */
export function scenarioAt<T>(arb: fc.Arbitrary<T>, seed: number, k: number): fc.Value<T> {
  return new ScenarioSpace(arb, seed).value(k);
}

export * from './shards.ts';
