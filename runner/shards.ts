// A shard: one machine's share of a run (`--shard i/n`), apart from the scenario space itself, so
// that the command line can read the option without loading the generators.

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
