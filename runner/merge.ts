// Results of parts of one run (workers, shards) merged as if one run had produced them: counts add
// up, and clusters are keyed by signature, each keeping as its first scenario the most severe, then
// the earliest of the run (the lowest scenario number), with the repro shrunk from it (keeps).
import type { EngineFailureKind } from '../adapters/engine-failure.ts';
import type { Cluster, SuiteResult, Tally } from './results.ts';
import { byFirstScenario } from './signatures.ts';
import { keeps } from './clusters.ts';

const COUNTS = ['notApplicable', 'checkedNothing', 'checks', 'passed', 'failed', 'xfailed', 'contested'] as const;

export function mergeResults(parts: readonly SuiteResult[]): SuiteResult {
  if (parts.length === 0) throw new Error('nothing to merge');
  const [head] = parts as [SuiteResult, ...SuiteResult[]];
  const tallies: Tally[] = head.tallies.map((t) => ({ ...t }));
  const engineFailures: Record<EngineFailureKind, number> = { crash: 0, timeout: 0, 'protocol-error': 0 };
  const clusters = new Map<string, Cluster>();
  let runs = 0;
  let unsupported = 0;
  const notResynced: Record<string, number> = {};
  let stopped: string | undefined;
  for (const [i, part] of parts.entries()) {
    if (part.seed !== head.seed) throw new Error(`parts of different runs: seed ${part.seed} and ${head.seed}`);
    runs += part.runs;
    unsupported += part.unsupported;
    for (const [why, n] of Object.entries(part.notResynced ?? {})) notResynced[why] = (notResynced[why] ?? 0) + n;
    stopped ??= part.stopped;
    for (const kind of Object.keys(engineFailures) as EngineFailureKind[]) engineFailures[kind] += part.engineFailures[kind];
    if (i > 0) {
      for (const t of part.tallies) {
        const into = tallies.find((x) => x.property.id === t.property.id);
        if (!into) throw new Error(`parts of different runs: property ${t.property.id} is in one only`);
        for (const key of COUNTS) into[key] += t[key];
      }
    }
    for (const c of part.clusters) {
      const known = clusters.get(c.signature);
      if (!known) clusters.set(c.signature, { ...c });
      else {
        const count = known.count + c.count;
        // What came with it: every time in each part, and how often in all of them (runner/causes.ts).
        const company = { ...(known.together && c.together ? { together: new Set([...known.together].filter((s) => c.together!.has(s))) } : {}), ...(known.met && c.met ? { met: summed(known.met, c.met) } : {}) };
        clusters.set(c.signature, keeps(known.first, c.first) === known.first ? { ...known, count, ...company } : { ...c, count, ...company });
      }
    }
  }
  const merged = [...clusters.values()].sort(byFirstScenario);
  return {
    runs,
    seed: head.seed,
    tallies,
    engineFailures,
    unsupported,
    ...(Object.keys(notResynced).length > 0 ? { notResynced } : {}),
    clusters: merged,
    findings: merged.flatMap((c) => (c.finding ? [c.finding] : [])),
    ...(stopped !== undefined ? { stopped } : {}),
  };
}

function summed(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map(a);
  for (const [s, n] of b) out.set(s, (out.get(s) ?? 0) + n);
  return out;
}
