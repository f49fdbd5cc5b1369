// One finding per bug (issue 36): `castcheck run --fault A,B` over the named faults taken two at a
// time should report exactly two failing findings, each with its own repro, and `--fault A` exactly
// one. This runs the suite as castcheck run does (its default shrinking budgets, no store, no
// expectations) against the reference engine with those faults, and prints the share of pairs with
// two findings, the share of faults with one, and every pair and fault that misses, with what it got.
//   npm run bench:findings -- [--runs 2000] [--seed 1] [--pairs 30] [--no-singles | --no-pairs] [--only A,B] [--singles A,B,...] [--verbose]
// The pairs are every k-th of the faults' pairs in the order the faults are listed (k = pairs / N),
// so that the same command measures the same pairs.
import { pathToFileURL } from 'node:url';
import { openEngine } from '../adapters/create-engine.ts';
import { FAULTS } from '../adapters/faults/index.ts';
import { PROPERTIES } from '../properties/index.ts';
import { causesOfRun, failingCauses, type Cause } from '../runner/causes.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import { canonical } from '../model/compare.ts';
import { benchArgs } from './args.ts';

/** castcheck run's defaults (cli/main.ts). */
const MAX_SHRINK_RUNS = 2000;
const SHRINK_BUDGET = 5000;

export interface FaultsOutcome {
  faults: string;
  /** Failing findings reported. */
  findings: number;
  /** Whether each failing finding has a repro of its own (shrunk, and no two the same scenario). */
  ownRepros: boolean;
  /** Each failing finding: its lead signature and the properties under it. */
  shown: string[];
  /** Failure signatures (clusters) met, and those of agreement with the reference engine among them. */
  signatures: number;
  agreementSignatures: number;
}

/** Every k-th pair of the faults, in their listed order, to make `wanted` pairs (all if fewer). */
export function pairsOf(ids: readonly string[], wanted: number): [string, string][] {
  const all: [string, string][] = [];
  for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) all.push([ids[i]!, ids[j]!]);
  const k = Math.max(1, Math.floor(all.length / wanted));
  return all.filter((_, n) => n % k === 0).slice(0, wanted);
}

export async function measure(faults: string, runs: number, seed: number): Promise<FaultsOutcome> {
  const engine = await openEngine({ fault: faults, process: {} });
  try {
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs, seed, maxShrinkRuns: MAX_SHRINK_RUNS, shrinkBudget: SHRINK_BUDGET });
    const failing = failingCauses(causesOfRun(r));
    const repros = failing.map((c) => c.clusters.find((x) => x.finding)?.finding);
    const keys = repros.map((f) => (f ? canonical(f.scenario) : undefined));
    const ownRepros = keys.every((k) => k !== undefined) && new Set(keys).size === keys.length;
    const agreementSignatures = r.clusters.filter((c) => c.property?.kind === 'agreement').length;
    return { faults, findings: failing.length, ownRepros, shown: failing.map(causeLine), signatures: r.clusters.length, agreementSignatures };
  } finally {
    await engine.close();
  }
}

function causeLine(c: Cause): string {
  return `${c.id} (${c.count}) [${c.properties.join(', ')}]`;
}

async function main(): Promise<void> {
  const args = benchArgs('bench/findings.ts');
  const runs = args.count('--runs', 2000);
  const seed = Number(args.option('--seed') ?? 1);
  const ids = FAULTS.map((f) => f.id);
  const only = args.option('--only');
  const verbose = only !== undefined || process.argv.includes('--verbose');
  const noPairs = process.argv.includes('--no-pairs') || (args.option('--singles') !== undefined && args.option('--pairs') === undefined);
  const pairs = only !== undefined ? [only.split(',') as [string, string]] : noPairs ? [] : pairsOf(ids, args.count('--pairs', 30));
  // --singles A,B: only these faults alone (the faults a change was about), and no pairs unless --pairs is given.
  const chosen = args.option('--singles')?.split(',');
  const singles = only !== undefined || process.argv.includes('--no-singles') ? [] : (chosen ?? ids);
  const line = (o: FaultsOutcome, want: number) => `${o.findings === want && o.ownRepros ? 'ok  ' : 'MISS'} ${o.faults}: ${o.findings} finding(s)${o.ownRepros ? '' : ' (not each with its own repro)'} from ${o.signatures} signature(s), ${o.agreementSignatures} of agreement${o.findings === want && !verbose ? '' : `\n       ${o.shown.join('\n       ')}`}`;
  console.log(`castcheck run --fault A,B --runs ${runs} --seed ${seed}: ${pairs.length} pair(s) of ${ids.length} named faults, then each fault alone`);
  const pairResults: FaultsOutcome[] = [];
  for (const p of pairs) {
    const o = await measure(p.join(','), runs, seed);
    pairResults.push(o);
    console.log(line(o, 2));
  }
  const singleResults: FaultsOutcome[] = [];
  for (const id of singles) {
    const o = await measure(id, runs, seed);
    singleResults.push(o);
    console.log(line(o, 1));
  }
  const share = (xs: FaultsOutcome[], want: number) => (xs.length === 0 ? 'n/a' : `${((100 * xs.filter((o) => o.findings === want && o.ownRepros).length) / xs.length).toFixed(1)}% (${xs.filter((o) => o.findings === want && o.ownRepros).length} of ${xs.length})`);
  console.log('');
  console.log(`pairs with exactly two failing findings, each with its own repro: ${share(pairResults, 2)} (target 90%)`);
  console.log(`faults alone with exactly one failing finding: ${share(singleResults, 1)} (target 90%)`);
  const missed = [...pairResults.filter((o) => !(o.findings === 2 && o.ownRepros)), ...singleResults.filter((o) => !(o.findings === 1 && o.ownRepros))];
  const all = [...pairResults, ...singleResults];
  console.log(`signatures met: ${all.reduce((n, o) => n + o.signatures, 0)}, of agreement: ${all.reduce((n, o) => n + o.agreementSignatures, 0)}`);
  if (missed.length > 0) console.log(`missed: ${missed.map((o) => `${o.faults} (${o.findings})`).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
