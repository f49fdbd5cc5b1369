// The whole suite of this build against an older one's, both in this process, round for round in
// turn (which goes first alternates): castcheck's own cost (a null engine answering with each build's
// reference engine's traces) and the suite in process against the reference engine. On a machine
// others share, two separate runs of `npm run bench` can differ by a third on the same code; the
// ratio of rounds run side by side holds. Prints each build's best and median round after the
// warm-up rounds, and the median of the paired ratios.
//
//   node bin/run-ts.mjs bench/suite-against.ts --against OLD.mjs [--runs 1000] [--rounds 24] [--warm 6] [--seed 1]
//
// OLD.mjs is an esbuild bundle of an entry exporting ReferenceEngine, PROPERTIES, judgeFor and
// runSuite from an earlier commit (docs/DEVELOPING.md, "A change meant to make the engine faster",
// says how to bundle an older build). Bundle this script the same way to time what ships.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { benchArgs } from './args.ts';
import { cpuUsPer } from './clock.ts';
import { NullEngine, RecordingEngine } from './shares.ts';

const { option, count } = benchArgs('suite-against');
const RUNS = count('--runs', 1000);
const ROUNDS = count('--rounds', 24);
const WARM = count('--warm', 6);
const SEED = count('--seed', 1);
const AGAINST = option('--against');
if (!AGAINST) {
  console.error('suite-against: --against OLD.mjs is required (a bundle of an older build; see the header)');
  process.exit(2);
}
if (WARM >= ROUNDS) {
  console.error(`suite-against: --warm (${WARM}) leaves no round of --rounds (${ROUNDS}) to compare`);
  process.exit(2);
}

interface Build {
  label: string;
  ReferenceEngine: typeof ReferenceEngine;
  PROPERTIES: typeof PROPERTIES;
  judgeFor: typeof judgeFor;
  runSuite: typeof runSuite;
}
const mod = (await import(pathToFileURL(resolve(AGAINST)).href)) as Partial<Build>;
if (typeof mod.ReferenceEngine !== 'function' || !Array.isArray(mod.PROPERTIES) || typeof mod.judgeFor !== 'function' || typeof mod.runSuite !== 'function') {
  console.error(`suite-against: --against ${AGAINST} does not export ReferenceEngine, PROPERTIES, judgeFor and runSuite`);
  process.exit(2);
}
const builds: Build[] = [
  { label: 'this build', ReferenceEngine, PROPERTIES, judgeFor, runSuite },
  { ...(mod as Build), label: AGAINST },
];

/** A null engine for a build: it answers with the traces its reference engine gave a first suite, in order. */
async function nullEngineOf(b: Build): Promise<() => Engine> {
  const recording = new RecordingEngine(new b.ReferenceEngine());
  await b.runSuite({ ...b.judgeFor(recording), properties: b.PROPERTIES, runs: RUNS, seed: SEED });
  return () => new NullEngine(recording.traces, recording);
}
const nullEngines = [await nullEngineOf(builds[0]!), await nullEngineOf(builds[1]!)];

/** CPU µs a scenario of one suite. */
const cpuUs = (run: () => Promise<unknown>) => cpuUsPer(RUNS, run);

const own: number[][] = [[], []];
const inProcess: number[][] = [[], []];
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? [0, 1] : [1, 0];
  for (const i of order) {
    const b = builds[i]!;
    own[i]!.push(await cpuUs(() => b.runSuite({ ...b.judgeFor(nullEngines[i]!()), properties: b.PROPERTIES, runs: RUNS, seed: SEED })));
  }
  for (const i of order) {
    const b = builds[i]!;
    inProcess[i]!.push(await cpuUs(() => b.runSuite({ ...b.judgeFor(new b.ReferenceEngine()), properties: b.PROPERTIES, runs: RUNS, seed: SEED })));
  }
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`${RUNS} scenarios a round, seed ${SEED}, ${ROUNDS} rounds of each build in turn, the first ${WARM} left out; CPU µs a scenario`);
for (const [name, rounds] of [
  ['own cost, null engine', own],
  ['in process, reference engine', inProcess],
] as const) {
  const [mine, theirs] = rounds.map((r) => r.slice(WARM)) as [number[], number[]];
  const paired = mine.map((x, k) => x / theirs[k]!);
  console.log(
    `${name}: this build best ${Math.min(...mine).toFixed(0)}, median ${median(mine).toFixed(0)}; ${AGAINST} best ${Math.min(...theirs).toFixed(0)}, median ${median(theirs).toFixed(0)}; ratio this / that: ${median(paired).toFixed(3)}x by the median of paired rounds, ${(Math.min(...mine) / Math.min(...theirs)).toFixed(3)}x by the best`,
  );
}
