// What a run's parts send each other between worker threads: the results of runner/run-suite.ts with
// properties named by id (functions do not cross threads) and engine failures as plain data (an
// Error loses its own fields on the way).
import { EngineFailure, type EngineHistory } from '../adapters/engine-failure.ts';
import { InputError } from '../model/errors.ts';
import { propertyById } from '../properties/index.ts';
import type { Property } from '../properties/property.ts';
import type { Target } from './evaluate.ts';
import type { Judged } from './judged.ts';
import type { Cluster, Finding, FirstFailure, Hit, SuiteResult, Tally } from './results.ts';

type Named<T, K extends keyof T> = Omit<T, K> & { [P in K]?: string };

export type WireFailure = { kind: EngineFailure['kind']; message: string; stderr: string; fatal: boolean; history?: EngineHistory };
export type WireJudged = Omit<Judged, 'failure'> & { failure?: WireFailure };
export type WireFirst = Omit<FirstFailure, 'target' | 'judged'> & { target: { signature: string; property?: string }; judged: WireJudged; hit: Named<Hit, 'property'> };
export type WireFinding = Named<Finding, 'property'>;
export type WireCluster = Omit<Named<Cluster, 'property'>, 'first' | 'finding'> & { first: WireFirst; finding?: WireFinding };
export type WireTally = Omit<Tally, 'property'> & { property: string };
export type WireResult = Omit<SuiteResult, 'tallies' | 'clusters' | 'findings'> & { tallies: WireTally[]; clusters: WireCluster[] };

function property(id: string): Property {
  const p = propertyById(id);
  if (!p) throw new InputError(`this castcheck has no property '${id}'`);
  return p;
}

const withProperty = <T extends { property?: Property }>(x: T): Named<T, 'property'> => {
  const { property: p, ...rest } = x;
  return { ...rest, ...(p ? { property: p.id } : {}) } as Named<T, 'property'>;
};

const fromProperty = <T extends { property?: string }>(x: T) => {
  const { property: id, ...rest } = x;
  return { ...rest, ...(id !== undefined ? { property: property(id) } : {}) };
};

export function encodeJudged(j: Judged): WireJudged {
  if (!j.failure) {
    // What ended the engine travels as the lane's stop, not with a judgement. The verdicts as a plain
    // map: a judgement's own (evaluate.ts Verdicts) holds its properties, whose functions do not cross.
    const { engineGone: _, verdicts, applied, ...rest } = j;
    return { ...rest, verdicts: new Map(verdicts), applied: new Set(applied) };
  }
  const f = j.failure;
  return { scenario: j.scenario, failure: { kind: f.kind, message: f.message, stderr: f.stderr, fatal: f.fatal, ...(f.history ? { history: f.history } : {}) } };
}

export function decodeJudged(j: WireJudged): Judged {
  if (!j.failure) return j as Judged;
  const f = j.failure;
  const failure = new EngineFailure(f.kind, f.message, f.stderr, f.fatal);
  if (f.history) failure.history = f.history;
  return { scenario: j.scenario, failure };
}

export function encodeFirst(f: FirstFailure & { hit: Hit }): WireFirst {
  const t = f.target as { signature: string; property?: Property };
  return { run: f.run, scenario: f.scenario, judged: encodeJudged(f.judged), target: withProperty(t), hit: withProperty(f.hit) };
}

/** A shrink's target, as a first failure carries it. */
export const decodeTarget = (t: WireFirst['target']): Target => fromProperty(t) as Target;
export const encodeTarget = (t: Target): WireFirst['target'] => withProperty(t as { signature: string; property?: Property });

export function decodeFirst(f: WireFirst): FirstFailure & { hit: Hit } {
  return { run: f.run, scenario: f.scenario, judged: decodeJudged(f.judged), target: fromProperty(f.target) as Target, hit: fromProperty(f.hit) as Hit };
}

export const encodeFinding = (f: Finding): WireFinding => withProperty(f);
export const decodeFinding = (f: WireFinding): Finding => fromProperty(f) as Finding;

export function encodeCluster(c: Cluster): WireCluster {
  const { first, finding, ...rest } = c;
  return { ...withProperty(rest), first: encodeFirst(first), ...(finding ? { finding: encodeFinding(finding) } : {}) };
}

export function decodeCluster(c: WireCluster): Cluster {
  const { first, finding, ...rest } = c;
  return { ...(fromProperty(rest) as Omit<Cluster, 'first' | 'finding'>), first: decodeFirst(first), ...(finding ? { finding: decodeFinding(finding) } : {}) };
}

/** A part's result without its findings: the part that shrinks them is the coordinator's. */
export function encodeResult(r: SuiteResult): WireResult {
  // Findings by cause hold properties and are the coordinator's to make from every lane's clusters.
  const { findings: _findings, causes: _causes, tallies, clusters, ...rest } = r;
  const bare = (c: Cluster): Cluster => {
    const { finding: _finding, ...b } = c;
    return b;
  };
  return { ...rest, tallies: tallies.map((t) => ({ ...t, property: t.property.id })), clusters: clusters.map((c) => encodeCluster(bare(c))) };
}

export function decodeResult(r: WireResult): SuiteResult {
  const { tallies, clusters, ...rest } = r;
  return { ...rest, tallies: tallies.map((t) => ({ ...t, property: property(t.property) })), clusters: clusters.map(decodeCluster), findings: [] };
}
