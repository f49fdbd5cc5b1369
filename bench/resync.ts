// What re-synchronising agreement to the engine's state changes (issue 36): agreement alone over the
// generated scenarios of a seed, against the reference engine with named faults, compared with the
// reference engine's re-synchronised run and, with --own-run, with its own run only (as before).
// Prints the failing scenarios, the divergences reported and their kinds, the consequences attached,
// and why agreement could not go on from the engine's state where it could not.
//   node bin/run-ts.mjs bench/resync.ts FAULTS [--runs 300] [--seed 1] [--own-run]
import { faultyReference } from '../adapters/faults/index.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { agreesWithReference } from '../properties/agreement.ts';
import { divergences } from '../properties/property.ts';
import { judge, judgeFor } from '../runner/evaluate.ts';
import { scenarioAt } from '../runner/scenario-space.ts';
import { benchArgs } from './args.ts';

const args = benchArgs('bench/resync.ts');
const faults = process.argv[2];
if (faults === undefined || faults.startsWith('--')) throw new Error('usage: bench/resync.ts FAULTS [--runs N] [--seed N] [--own-run]');
const runs = args.count('--runs', 300);
const seed = Number(args.option('--seed') ?? 1);
const engine = faultyReference(faults);
const j = judgeFor(engine);
if (process.argv.includes('--own-run')) {
  // The reference engine without runResynced: agreement compares with its own run, as before.
  const r = new ReferenceEngine();
  j.reference = { id: r.id, capabilities: r.capabilities, run: (s) => r.run(s), runSync: (s) => r.runSync(s), close: () => r.close() };
}
const arb = scenarioArb({ capabilities: engine.capabilities });
let failing = 0;
let reported = 0;
let consequences = 0;
const kinds = new Map<string, number>();
const why = new Map<string, number>();
for (let k = 0; k < runs; k++) {
  const judged = await judge(j, scenarioAt(arb, seed, k).value, [agreesWithReference]);
  const v = judged.verdicts?.get(agreesWithReference.id);
  if (v?.status !== 'fail') continue;
  failing++;
  for (const d of divergences(v)) {
    reported++;
    kinds.set(d.kind!, (kinds.get(d.kind!) ?? 0) + 1);
    consequences += d.consequences?.length ?? 0;
    if (d.notResynced !== undefined) why.set(d.notResynced, (why.get(d.notResynced) ?? 0) + 1);
  }
}
console.log(`${faults}, ${runs} scenarios, seed ${seed}${process.argv.includes('--own-run') ? ', against the reference engine own run' : ''}: agreement failed in ${failing}, ${reported} divergence(s) of ${kinds.size} kind(s) reported, ${consequences} consequence(s) attached`);
for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`  ${n} ${k}`);
for (const [w, n] of [...why].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  not re-synchronised (${n}): ${w}`);
