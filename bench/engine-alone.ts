// The reference engine alone, on the scenarios `npm run bench` times it on (scenarioArb at the bench
// seed, normalised), in CPU time: the best of several rounds after a warm-up. With --against, an older
// build of the engine runs the same scenarios in the same process, round for round in turn, so that
// the ratio of the two holds on a machine others share. With --profile, a CPU profile of this
// engine's rounds, and its costliest functions by their own time.
//
//   node bin/run-ts.mjs bench/engine-alone.ts [--runs 5000] [--seed 1] [--rounds 5]
//        [--against OLD.mjs] [--profile FILE.cpuprofile] [--top 25]
//
// OLD.mjs is a module exporting ReferenceEngine, e.g. an esbuild bundle of an earlier commit's
// adapters/reference/engine.ts (docs/DEVELOPING.md). Bundle this script the same way to time what
// ships rather than tsx's output.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Session } from 'node:inspector/promises';
import fc from 'fast-check';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import { benchArgs } from './args.ts';
import { cpuMs } from './clock.ts';

const { option, count } = benchArgs('engine-alone');
const RUNS = count('--runs', 5000);
const SEED = count('--seed', 1);
const ROUNDS = count('--rounds', 5);
const TOP = count('--top', 25);
const AGAINST = option('--against');
const PROFILE = option('--profile');

interface RunsSync {
  runSync(s: NormalizedScenario): Trace;
}

const engines: { label: string; engine: RunsSync; bestMs: number }[] = [{ label: 'this engine', engine: new ReferenceEngine(), bestMs: Infinity }];
if (AGAINST) {
  const mod = (await import(pathToFileURL(resolve(AGAINST)).href)) as { ReferenceEngine?: new () => RunsSync };
  if (typeof mod.ReferenceEngine !== 'function') {
    console.error(`engine-alone: --against ${AGAINST} exports no ReferenceEngine`);
    process.exit(2);
  }
  engines.push({ label: AGAINST, engine: new mod.ReferenceEngine(), bestMs: Infinity });
}

const scenarios = fc.sample(scenarioArb({ capabilities: new ReferenceEngine().capabilities }), { seed: SEED, numRuns: RUNS }).map(normalizeScenario);
for (const e of engines) for (const s of scenarios.slice(0, 500)) e.engine.runSync(s);

const session = PROFILE ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
}
for (let round = 0; round < ROUNDS; round++) {
  for (const e of engines) {
    const profiled = session && e === engines[0];
    if (profiled) await session.post('Profiler.start');
    const c = process.cpuUsage();
    for (const s of scenarios) e.engine.runSync(s);
    e.bestMs = Math.min(e.bestMs, cpuMs(c));
    if (profiled) {
      const { profile } = await session.post('Profiler.stop');
      if (round === ROUNDS - 1) report(profile);
    }
  }
}
const us = (ms: number) => (ms / RUNS) * 1000;
for (const e of engines) console.log(`${e.label}: ${us(e.bestMs).toFixed(1)} µs a scenario (best CPU of ${ROUNDS} rounds, ${RUNS} scenarios, seed ${SEED})`);
if (engines.length === 2) console.log(`ratio ${AGAINST} / this engine: ${(engines[1]!.bestMs / engines[0]!.bestMs).toFixed(3)}x`);

/** Writes the profile and prints the functions with the most samples of their own. */
function report(profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[] }): void {
  writeFileSync(PROFILE!, JSON.stringify(profile));
  const byNode = new Map<number, number>();
  for (const id of profile.samples ?? []) byNode.set(id, (byNode.get(id) ?? 0) + 1);
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const n = byNode.get(node.id);
    if (!n) continue;
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(?=[^/]+\/[^/]+$)/, '')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
  }
  const total = profile.samples?.length ?? 0;
  console.log(`profile: ${PROFILE}, ${total} samples of the last round; by own time:`);
  for (const [key, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`${((n / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
