// The traces the reference engine gives, as a fingerprint to hold a change to the engine's speed
// to: the same scenarios must give byte-identical traces (their JSON) before and after. One hash of
// each trace's JSON, by group: generated scenarios at two seeds, every fixed case in scenarios/ (with
// its options), and every named fault's engine on generated scenarios and on its minimal repro.
// Each group runs on one engine, scenario after scenario, as a suite does (the engine keeps its last
// observation between runs).
//
//   node bin/run-ts.mjs bench/engine-traces.ts record FILE   [--runs 20000] [--fault-runs 2000]
//   node bin/run-ts.mjs bench/engine-traces.ts compare FILE
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { ReferenceEngine, type ReferenceEngineOptions } from '../adapters/reference/engine.ts';
import { FAULTS } from '../adapters/faults/index.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import { loadCases } from '../runner/cases.ts';

const [command, file, ...rest] = process.argv.slice(2);
if ((command !== 'record' && command !== 'compare') || !file) {
  console.error('usage: engine-traces.ts record|compare FILE [--runs N] [--fault-runs N]');
  process.exit(2);
}
function count(name: string, fallback: number): number {
  const i = rest.indexOf(name);
  if (i === -1) return fallback;
  const n = Number(rest[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`engine-traces: ${name} takes a whole number above 0, not '${rest[i + 1] ?? ''}'`);
    process.exit(2);
  }
  return n;
}

interface Fingerprint {
  runs: number;
  faultRuns: number;
  groups: Record<string, string[]>;
}
const recorded = command === 'compare' ? (JSON.parse(readFileSync(file, 'utf8')) as Fingerprint) : undefined;
const RUNS = recorded?.runs ?? count('--runs', 20_000);
const FAULT_RUNS = recorded?.faultRuns ?? count('--fault-runs', 2000);

const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('base64');
const capabilities = new ReferenceEngine().capabilities;
const generated = (seed: number, numRuns: number, illegalShare?: number): NormalizedScenario[] =>
  fc.sample(scenarioArb({ capabilities, ...(illegalShare !== undefined ? { illegalShare } : {}) }), { seed, numRuns }).map(normalizeScenario);

const groups: Record<string, string[]> = {};
const runAll = (name: string, options: ReferenceEngineOptions, scenarios: readonly NormalizedScenario[]) => {
  const engine = new ReferenceEngine(options);
  groups[name] = scenarios.map((s) => hash(engine.runSync(s)));
};

runAll('generated, seed 1', {}, generated(1, RUNS));
runAll('generated, seed 2', {}, generated(2, RUNS));
const cases = loadCases();
groups['fixed cases'] = cases.map(({ case: c }) => hash(new ReferenceEngine(c.options ?? {}).runSync(normalizeScenario(c.scenario))));
const forFaults = generated(3, FAULT_RUNS, 0.3);
for (const f of FAULTS) runAll(`fault ${f.id}`, { changes: [f] }, [...forFaults, normalizeScenario(f.minimal.scenario)]);
runAll('literal splice copies', { spliceCopy: 'literal' }, forFaults);

const total = Object.values(groups).reduce((n, g) => n + g.length, 0);
if (command === 'record') {
  writeFileSync(file, JSON.stringify({ runs: RUNS, faultRuns: FAULT_RUNS, groups } satisfies Fingerprint));
  console.log(`recorded ${total} traces in ${Object.keys(groups).length} groups (${cases.length} fixed cases, ${FAULTS.length} faults) into ${file}`);
} else {
  let same = 0;
  const differ: string[] = [];
  for (const [name, hashes] of Object.entries(groups)) {
    const before = recorded!.groups[name];
    if (!before || before.length !== hashes.length) {
      differ.push(`${name}: ${hashes.length} traces, ${before?.length ?? 'none'} recorded`);
      continue;
    }
    const diff = hashes.flatMap((h, i) => (h === before[i] ? [] : [i]));
    same += hashes.length - diff.length;
    if (diff.length > 0) differ.push(`${name}: ${diff.length} traces differ, the first at index ${diff[0]}`);
  }
  for (const name of Object.keys(recorded!.groups)) if (!(name in groups)) differ.push(`${name}: recorded, not run`);
  console.log(`${same} of ${total} traces identical in ${Object.keys(groups).length} groups`);
  for (const d of differ) console.log(`  ${d}`);
  if (differ.length > 0) process.exit(1);
}
