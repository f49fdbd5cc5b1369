// Engine runs spent shrinking, per named fault: the mutation run of `castcheck mutants` (seed 1,
// 2000 scenarios per fault at most, up to 2000 engine runs per shrink), with its shrunk repro sizes
// against the hand-written ones. Engine runs, not seconds: the figure a slow engine pays for.
//   node bin/run-ts.mjs bench/shrink.ts
import { pathToFileURL } from 'node:url';
import { FAULTS } from '../adapters/faults/index.ts';
import { PROPERTIES } from '../properties/index.ts';
import { figures, nearMinimal, runMutants, type FaultResult } from '../runner/mutants.ts';

export interface ShrinkFigures {
  faults: number;
  median: number;
  max: number;
  total: number;
  /** Faults whose shrunk repro is at most one card and one action larger than the hand-written one. */
  nearMinimal: number;
  /** Cards + actions over every fault's shrunk repro, and over the hand-written ones. */
  size: { shrunk: number; minimal: number };
  target: number;
  results: FaultResult[];
}

export const SHRINK_TARGET = 150;

export async function shrinkFigures(): Promise<ShrinkFigures> {
  const results = await runMutants({ faults: FAULTS, properties: PROPERTIES, runs: 2000, seed: 1, sweep: 200, maxShrinkRuns: 2000 });
  const f = figures(results);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    faults: results.length,
    ...f.shrinkRuns,
    nearMinimal: results.filter(nearMinimal).length,
    size: { shrunk: sum(results.map((r) => (r.shrunk ? r.shrunk.cards + r.shrunk.actions : 0))), minimal: sum(results.map((r) => r.minimal.cards + r.minimal.actions)) },
    target: SHRINK_TARGET,
    results,
  };
}

export function shrinkTable(f: ShrinkFigures): string {
  return [
    `shrinking (castcheck mutants, seed 1): engine runs spent shrinking each of the ${f.faults} named faults`,
    `  median ${f.median}, max ${f.max}, total ${f.total}   target: median <= ${f.target} ${f.median <= f.target ? 'met' : 'NOT met'}`,
    `  shrunk repros within +1 card and +1 action of the hand-written ones: ${f.nearMinimal} of ${f.faults}; cards + actions in all: ${f.size.shrunk} (hand-written: ${f.size.minimal})`,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(shrinkTable(await shrinkFigures()));
