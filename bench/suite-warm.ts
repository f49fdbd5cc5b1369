// castcheck's own cost (a null engine answering with the reference engine's traces) and the suite in
// process against the reference engine, round after round in one process: the first rounds show the
// runtime still compiling castcheck's code, the best shows a night's run. Self-contained (runSuite,
// judgeFor and the reference engine only), so that a copy of it times an older tree the same way:
//
//   node bin/run-ts.mjs bench/suite-warm.ts [RUNS=2000] [ROUNDS=6]
//
// Bundle it (bin/build.mjs --bench shows how) to time what ships rather than tsx's output.
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

const [RUNS, ROUNDS] = [process.argv[2] ?? '2000', process.argv[3] ?? '6'].map((v) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`suite-warm: RUNS and ROUNDS are whole numbers above 0, not '${v}'`);
    process.exit(2);
  }
  return n;
}) as [number, number];

/** CPU µs a scenario of a suite run. */
async function cpu(run: () => Promise<unknown>): Promise<number> {
  const c = process.cpuUsage();
  await run();
  const d = process.cpuUsage(c);
  return (d.user + d.system) / RUNS;
}

// The reference engine's traces in the order the suite asks for them (scenarios, then reruns): a
// null engine answers the same suite with them at no cost. Both say their traces need no schema check,
// as castcheck's own engines do (older trees ignore the field).
const reference = new ReferenceEngine();
const traces: Trace[] = [];
// Both answer synchronously too (Engine.runSync), as the reference engine does (older trees ignore it).
const record = (s: Scenario) => {
  const t = reference.runSync(s);
  traces.push(t);
  return t;
};
const recording = { id: reference.id, capabilities: reference.capabilities, tracesChecked: true, close: async () => {}, run: async (s: Scenario) => record(s), runSync: record } as Engine;
await runSuite({ ...judgeFor(recording), properties: PROPERTIES, runs: RUNS, seed: 1 });
const nullEngine = (): Engine => {
  let next = 0;
  return { id: { name: 'null', version: '0' }, capabilities: reference.capabilities, tracesChecked: true, close: async () => {}, run: async () => traces[next++]!, runSync: () => traces[next++]! } as Engine;
};

const own: number[] = [];
const inProcess: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  own.push(await cpu(() => runSuite({ ...judgeFor(nullEngine()), properties: PROPERTIES, runs: RUNS, seed: 1 })));
  inProcess.push(await cpu(() => runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: RUNS, seed: 1 })));
}
const rounds = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
console.log(`own cost, null engine, µs a scenario by round: ${rounds(own)}; best ${Math.min(...own).toFixed(0)}`);
console.log(`in process, reference engine, µs a scenario by round: ${rounds(inProcess)}; best ${Math.min(...inProcess).toFixed(0)} (${(1e6 / Math.min(...inProcess)).toFixed(0)} scenarios a CPU-second)`);
