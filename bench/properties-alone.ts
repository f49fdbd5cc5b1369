// The properties alone, on the reference engine's traces of the bench's scenarios (scenarioArb at the
// bench seed, normalised), in CPU time: every property's check over every scenario, new Run objects
// and new scenario objects each round (so that what the properties share within a run or keep per
// scenario is worked out again), the best of several rounds after warm-up rounds. Agreement is given
// a second run of the reference engine, as against an engine that is not the reference; relations get
// no reruns (their reruns are engine runs).
// With --against, an older build's properties judge the same runs in the same process, round for
// round in turn, so that the ratio of the two holds on a machine others share; and both must give the
// same verdicts, on the traces as given and on traces broken on purpose (every third state replaced
// by the one before it), or the command exits 1.
//
//   node bin/run-ts.mjs bench/properties-alone.ts [--runs 1000] [--seed 1] [--rounds 16]
//        [--against OLD.mjs] [--top 15]
//
// OLD.mjs is a module exporting PROPERTIES and Run: an esbuild bundle of an entry file with
//   export { PROPERTIES } from './properties/index.ts'; export { Run } from './properties/property.ts';
// at an earlier commit (docs/DEVELOPING.md, "A change meant to make the engine faster", says how to
// bundle an older build). Bundle this script the same way to time what ships.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run, type CheckContext, type Property } from '../properties/property.ts';
import { benchArgs } from './args.ts';
import { cpuMs } from './clock.ts';

const { option, count } = benchArgs('properties-alone');
const RUNS = count('--runs', 1000);
const SEED = count('--seed', 1);
const ROUNDS = count('--rounds', 16);
const TOP = count('--top', 15);
const AGAINST = option('--against');

interface Build {
  label: string;
  properties: readonly Property[];
  Run: typeof Run;
  ms: number[];
  byProperty: Map<string, number[]>;
}
const builds: Build[] = [{ label: 'these properties', properties: PROPERTIES, Run, ms: [], byProperty: new Map() }];
if (AGAINST) {
  const mod = (await import(pathToFileURL(resolve(AGAINST)).href)) as { PROPERTIES?: Property[]; Run?: typeof Run };
  if (!Array.isArray(mod.PROPERTIES) || typeof mod.Run !== 'function') {
    console.error(`properties-alone: --against ${AGAINST} exports no PROPERTIES and Run`);
    process.exit(2);
  }
  builds.push({ label: AGAINST, properties: mod.PROPERTIES, Run: mod.Run, ms: [], byProperty: new Map() });
}

const engine = new ReferenceEngine();
const scenarios = fc.sample(scenarioArb({ capabilities: engine.capabilities }), { seed: SEED, numRuns: RUNS }).map(normalizeScenario);
const traces = scenarios.map((s) => engine.runSync(s));
const references = scenarios.map((s) => new ReferenceEngine().runSync(s));
const broken = traces.map((t): Trace => ({ ...t, steps: t.steps.map((st, i) => (i > 0 && i % 3 === 0 ? { ...st, state: t.steps[i - 1]!.state } : st)) }));

/** Every property's verdict on every run, as JSON; with `timed`, each property's milliseconds added to it. */
async function judgeAll(b: Build, given: readonly Trace[], timed?: Map<string, number>): Promise<string[]> {
  const out: string[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    // A new scenario object each time, as the suite judges each scenario once: what the properties
    // keep per scenario object (its features, its cards by id) is worked out again every round.
    const s = { ...scenario };
    const run = new b.Run(s, given[i]!);
    const reference = new b.Run(s, references[i]!);
    const ctx: CheckContext = { readings: { spliceCopy: 'ruling' }, capabilities: engine.capabilities, reference: async () => reference, rerun: async () => undefined };
    const verdicts: unknown[] = [];
    for (const p of b.properties) {
      const t0 = timed ? performance.now() : 0;
      // A property that throws is a verdict of its own here (an older build may throw where this one fails).
      if (p.applies(run.scenario)) {
        try {
          verdicts.push([p.id, await p.check(run, ctx)]);
        } catch (error) {
          verdicts.push([p.id, `threw: ${error instanceof Error ? error.message : String(error)}`]);
        }
      }
      if (timed) timed.set(p.id, (timed.get(p.id) ?? 0) + performance.now() - t0);
    }
    if (!timed) out.push(JSON.stringify(verdicts));
  }
  return out;
}

if (builds.length === 2) {
  for (const [name, given] of [['as given', traces], ['broken', broken]] as const) {
    const [mine, theirs] = [await judgeAll(builds[0]!, given), await judgeAll(builds[1]!, given)];
    const differ = mine.filter((v, i) => v !== theirs[i]).length;
    const failures = mine.reduce((n, v) => n + (v.match(/"status":"fail"/g)?.length ?? 0), 0);
    const throws = theirs.reduce((n, v) => n + (v.match(/"threw: /g)?.length ?? 0), 0);
    console.log(`verdicts, traces ${name}: ${differ} of ${RUNS} runs judged otherwise (${failures} failures seen here${throws ? `; ${throws} throws in ${AGAINST}` : ''})`);
    if (differ > 0) process.exitCode = 1;
  }
}
for (let round = 0; round < ROUNDS; round++) {
  for (const b of builds) {
    const timed = new Map<string, number>();
    const c = process.cpuUsage();
    await judgeAll(b, traces, timed);
    b.ms.push(cpuMs(c));
    for (const [id, ms] of timed) (b.byProperty.get(id) ?? b.byProperty.set(id, []).get(id)!).push(ms);
  }
}
// The first half of the rounds warms up: the runtime compiles the properties over the first
// ten thousand runs or so judged.
const best = (xs: readonly number[]) => Math.min(...xs.slice(Math.floor(xs.length / 2)));
const us = (ms: number) => (ms / RUNS) * 1000;
for (const b of builds) console.log(`${b.label}: ${us(best(b.ms)).toFixed(1)} µs a scenario (best CPU of the last ${ROUNDS - Math.floor(ROUNDS / 2)} of ${ROUNDS} rounds, ${RUNS} scenarios, seed ${SEED})`);
if (builds.length === 2) console.log(`ratio these properties / ${AGAINST}: ${(best(builds[0]!.ms) / best(builds[1]!.ms)).toFixed(3)}x`);
console.log(`costliest properties here (wall µs a scenario, best round):`);
for (const [id, ms] of [...builds[0]!.byProperty].sort((a, b) => best(b[1]) - best(a[1])).slice(0, TOP)) console.log(`${us(best(ms)).toFixed(1).padStart(7)}  ${id}`);
