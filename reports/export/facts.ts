// The facts an exported test asserts: the few values of the engine's trace that make a repro's
// failure, each as the reference engine has it. A repro's expected and observed are sentences for
// people, so the facts come from the traces: every value where the engine's trace of the scenario and
// the reference engine's differ (only in what the engine observes), then as few of them as keep the
// failure away when set to the reference's values, by asking the failing property itself. What the
// property does not compare is left out, so that the test fails for this bug and for nothing else.
import type { Engine } from '../../adapters/engine.ts';
import { ReferenceEngine } from '../../adapters/reference/engine.ts';
import { InputError } from '../../model/errors.ts';
import { OPTIONAL_FIELDS } from '../../model/observables.ts';
import { normalizeScenario, type NormalizedScenario } from '../../model/scenario.ts';
import type { Observable, ObservedState, Repro, Scenario, Step, Trace } from '../../model/schema-types.ts';
import { hits, judge, judgeFor, type Target } from '../../runner/evaluate.ts';
import { reproTarget } from '../../runner/replay.ts';

export type Zone = 'stack' | 'battlefield' | 'players';
export const ZONES: readonly Zone[] = ['stack', 'battlefield', 'players'];

/** A JSON value as it stands in a trace. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * One value of the trace after one action, as the test asserts it (`value` undefined: the field is
 * absent). `run`: 0 or left out, the repro's scenario; k, the k-th related run (ExportFacts.related).
 */
export type Fact = { run?: number } & (
  | { step: number; what: 'outcome' | 'reason' | StepList; value: Json | undefined }
  | { step: number; what: 'present'; zone: Zone; id: string; value: boolean }
  | { step: number; what: 'field'; zone: Zone; id: string; path: string[]; value: Json | undefined }
);

export interface ExportFacts {
  /** The scenario in normal form, as an engine built on a kit is given it. */
  scenario: NormalizedScenario;
  /**
   * The related runs some facts are about: scenarios the property runs besides the repro's (a
   * relation, as the same cast with one more kick), in normal form.
   */
  related: NormalizedScenario[];
  facts: Fact[];
  /**
   * How the facts were chosen: `judged`, the failing property no longer fails once they hold (and
   * each is needed for that); `differences`, every difference at the failing step, when setting them
   * did not make the failure go away (the property looks at more than this scenario's trace).
   */
  basis: 'judged' | 'differences' | 'crash';
}

/** One run the facts may be about: its scenario, the engine's trace of it and the reference engine's. */
interface RunPair {
  scenario: NormalizedScenario;
  engine: Trace;
  reference: Trace;
}

/**
 * The facts to assert for a repro. A crash needs none: the test runs the scenario to its end. When
 * the failure shows in a related run (a relation compares two runs), `openEngine` starts the engine
 * to answer it: the repro keeps the engine's trace of its own scenario only.
 */
export async function exportFacts(repro: Repro, source: string, openEngine?: () => Promise<Engine>): Promise<ExportFacts> {
  const scenario = normalizeScenario(repro.scenario);
  if (repro.verdict === 'crash') return { scenario, related: [], facts: [], basis: 'crash' };
  if (repro.verdict !== 'fail' && repro.verdict !== 'contested') {
    throw new InputError(`${source}: a ${repro.verdict} is about the engine process, not the rules; an exported test could not show it (castcheck replay does)`);
  }
  if (!repro.trace) throw new InputError(`${source}: the repro keeps no trace of the engine, so there is nothing to tell the failure by`);
  const readings = { spliceCopy: repro.readings?.spliceCopy ?? 'ruling' } as const;
  const reference = new ReferenceEngine({ spliceCopy: readings.spliceCopy });
  const observes = observedBy(repro.trace);
  const runs: RunPair[] = [{ scenario, engine: repro.trace, reference: reference.runSync(scenario) }];
  const target = reproTarget(repro, source);
  const fails = (facts: Fact[], asked?: NormalizedScenario[]) => failsWith(runs, facts, target, readings, observes, asked);
  const candidatesOf = () => runs.flatMap((r, run) => differences(r.engine, r.reference, observes).map((f) => (run === 0 ? f : { ...f, run })));

  let candidates = candidatesOf();
  let cleared = candidates.length > 0 && !(await fails(candidates));
  if (!cleared && openEngine) {
    // The related runs the property asks for, answered by the engine itself.
    const asked: NormalizedScenario[] = [];
    await fails(candidates, asked);
    if (asked.length > 0) {
      const engine = await openEngine();
      try {
        for (const s of asked) {
          const trace = await engine.run(s).catch(() => undefined);
          if (trace && trace.steps.length === s.actions.length) runs.push({ scenario: s, engine: trace, reference: reference.runSync(s) });
        }
      } finally {
        await engine.close();
      }
      candidates = candidatesOf();
      cleared = candidates.length > 0 && !(await fails(candidates));
    }
  }
  const failingStep = scenario.actions.findIndex((a) => a.id === repro.step);
  const atFailure = (f: Fact) => (f.run ?? 0) === 0 && f.step === failingStep;
  if (cleared) {
    // Leave out every fact the failure does not need, those of the failing action last.
    let kept = [...candidates].sort((a, b) => Number(atFailure(a)) - Number(atFailure(b)));
    for (const fact of [...kept]) {
      const without = kept.filter((f) => f !== fact);
      if (without.length > 0 && !(await fails(without))) kept = without;
    }
    const facts = candidates.filter((f) => kept.includes(f));
    // Related runs are numbered as the test embeds them: only those a fact is about.
    const used = [...new Set(facts.map((f) => f.run ?? 0))].filter((r) => r > 0).sort((a, b) => a - b);
    const renumbered = facts.map((f) => ((f.run ?? 0) === 0 ? f : { ...f, run: used.indexOf(f.run!) + 1 }));
    return { scenario, related: used.map((r) => runs[r]!.scenario), facts: renumbered, basis: 'judged' };
  }
  const atStep = candidates.filter(atFailure);
  if (atStep.length === 0) {
    throw new InputError(
      `${source}: the engine's trace of this scenario matches the reference engine's in everything it observes at ${repro.step ?? 'the failing step'}; the failure shows in a related run${openEngine ? ', where the engine, run again, does not show it now (is the bug still there?)' : ', and the repro names no engine command to run it (give --engine-cmd)'}`,
    );
  }
  return { scenario, related: [], facts: atStep, basis: 'differences' };
}

/** The observables an engine's trace shows: an optional field present on some object of its zone. */
export function observedBy(trace: Trace): Observable[] {
  const seen = new Set<Observable>();
  const states = [...(trace.initialState ? [trace.initialState] : []), ...trace.steps.map((s) => s.state)];
  for (const state of states) {
    for (const zone of ZONES) {
      for (const o of objects(state, zone)) {
        const key = zone === 'stack' && o.kind === 'ability' ? 'ability' : zone;
        for (const field of Object.keys(o)) {
          const observable = OPTIONAL_FIELDS[`${key}.${field}`];
          if (observable) seen.add(observable);
        }
      }
    }
  }
  for (const [list, observable] of STEP_LISTS) if (trace.steps.some((s) => s[list] !== undefined)) seen.add(observable);
  return [...seen];
}

/** A step's lists: the abilities that triggered, and the events (each empty when left out). */
export type StepList = 'triggered' | 'events';
const STEP_LISTS: readonly [StepList, Observable][] = [
  ['triggered', 'step.triggered'],
  ['events', 'step.events'],
];

/** One of a step's lists, as JSON: empty when the field is left out. */
function listAt(step: Step, list: StepList): Json {
  return (step[list] ?? []) as unknown as Json;
}

const isList = (what: Fact['what']): what is StepList => what === 'triggered' || what === 'events';

/** A zone's objects, as JSON. */
function objects(state: ObservedState, zone: Zone): Record<string, Json>[] {
  return state[zone] as unknown as Record<string, Json>[];
}

/** Whether a field of an object in a zone is one the engine shows (an optional field only when it observes it). */
function shown(zone: Zone, o: Record<string, unknown>, field: string, observes: readonly Observable[]): boolean {
  const key = zone === 'stack' && o.kind === 'ability' ? 'ability' : zone;
  const observable = OPTIONAL_FIELDS[`${key}.${field}`];
  return observable === undefined || observes.includes(observable);
}

/** Every value where the engine's trace differs from the reference's, in what the engine observes, step by step. */
export function differences(engine: Trace, reference: Trace, observes: readonly Observable[]): Fact[] {
  const facts: Fact[] = [];
  const steps = Math.min(engine.steps.length, reference.steps.length);
  for (let step = 0; step < steps; step++) {
    const e = engine.steps[step]!;
    const r = reference.steps[step]!;
    if (e.outcome !== r.outcome) facts.push({ step, what: 'outcome', value: r.outcome });
    if (r.outcome === 'rejected' && e.reason !== r.reason) facts.push({ step, what: 'reason', value: r.reason });
    // Nothing triggered, or nothing happened: the field left out, or an empty list.
    for (const [list, observable] of STEP_LISTS) if (observes.includes(observable) && !same(listAt(e, list), listAt(r, list))) facts.push({ step, what: list, value: listAt(r, list) });
    for (const zone of ZONES) facts.push(...zoneDifferences(step, zone, e.state, r.state, observes));
  }
  return facts;
}

function zoneDifferences(step: number, zone: Zone, engine: ObservedState, reference: ObservedState, observes: readonly Observable[]): Fact[] {
  const facts: Fact[] = [];
  const byId = (state: ObservedState) => new Map(objects(state, zone).map((o) => [String(o.id), o]));
  const e = byId(engine);
  const r = byId(reference);
  for (const [id, ref] of r) {
    const mine = e.get(id);
    if (!mine) {
      facts.push({ step, what: 'present', zone, id, value: true });
      continue;
    }
    for (const field of new Set([...Object.keys(ref), ...Object.keys(mine)])) {
      if (!shown(zone, ref, field, observes)) continue;
      facts.push(...fieldDifferences(step, zone, id, [field], mine[field], ref[field]));
    }
  }
  for (const id of e.keys()) if (!r.has(id)) facts.push({ step, what: 'present', zone, id, value: false });
  return facts;
}

/** Differences of one field: a map (counters, a total cost) key by key, anything else whole. */
function fieldDifferences(step: number, zone: Zone, id: string, path: string[], mine: Json | undefined, ref: Json | undefined): Fact[] {
  if (isMap(mine) && isMap(ref)) {
    return [...new Set([...Object.keys(ref), ...Object.keys(mine)])].flatMap((k) => fieldDifferences(step, zone, id, [...path, k], mine[k], ref[k]));
  }
  return same(mine, ref) ? [] : [{ step, what: 'field', zone, id, path, value: ref }];
}

function isMap(v: Json | undefined): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function same(a: Json | undefined, b: Json | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as Json[]).length && a.every((x, i) => same(x, (b as Json[])[i]));
  const ka = Object.keys(a).filter((k) => a[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, Json>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => same(a[k], (b as Record<string, Json>)[k]));
}

/** The engine's trace with these facts made as the reference has them. */
export function patched(engine: Trace, reference: Trace, facts: readonly Fact[]): Trace {
  const trace = structuredClone(engine);
  for (const fact of facts) {
    const step = trace.steps[fact.step]!;
    if (fact.what !== 'present' && fact.what !== 'field') {
      const fields = step as unknown as Record<string, Json>;
      if (fact.value === undefined || (isList(fact.what) && same(fact.value, []))) delete fields[fact.what];
      else fields[fact.what] = structuredClone(fact.value);
      continue;
    }
    const zone = objects(step.state, fact.zone);
    const at = zone.findIndex((o) => o.id === fact.id);
    if (fact.what === 'present') {
      if (!fact.value) zone.splice(at, 1);
      else {
        const theirs = objects(reference.steps[fact.step]!.state, fact.zone);
        const index = theirs.findIndex((o) => o.id === fact.id);
        zone.splice(Math.min(index, zone.length), 0, structuredClone(theirs[index]!));
      }
      continue;
    }
    if (at === -1) continue;
    let o = zone[at] as Record<string, Json>;
    for (const key of fact.path.slice(0, -1)) {
      if (!isMap(o[key])) o[key] = {};
      o = o[key] as Record<string, Json>;
    }
    const last = fact.path[fact.path.length - 1]!;
    if (fact.value === undefined) delete o[last];
    else o[last] = structuredClone(fact.value);
  }
  return trace;
}

/**
 * Whether the repro's failure shows in these runs with these facts set as the reference engine has
 * them, judged by its property. A run the property asks for that is not among them gets the
 * reference engine's answer (and is added to `asked`).
 */
async function failsWith(
  runs: readonly RunPair[],
  facts: readonly Fact[],
  target: Target,
  readings: { spliceCopy: 'ruling' | 'literal' },
  observes: Observable[],
  asked?: NormalizedScenario[],
): Promise<boolean> {
  const property = 'property' in target ? target.property : undefined;
  if (!property) return false;
  const reference = new ReferenceEngine({ spliceCopy: readings.spliceCopy });
  const traces = new Map(runs.map((r, i) => [JSON.stringify(r.scenario), patched(r.engine, r.reference, facts.filter((f) => (f.run ?? 0) === i))]));
  const answer = (s: Scenario) => {
    const key = JSON.stringify(s);
    const known = traces.get(key);
    if (known) return known;
    const normalized = normalizeScenario(s);
    if (asked && !asked.some((a) => JSON.stringify(a) === JSON.stringify(normalized))) asked.push(normalized);
    return reference.runSync(normalized);
  };
  const engine: Engine = {
    id: { name: 'exported', version: '0' },
    capabilities: { ...reference.capabilities, observes },
    tracesChecked: true,
    run: (s) => Promise.resolve(answer(s)),
    runSync: answer,
    close: () => Promise.resolve(),
  };
  return hits(await judge(judgeFor(engine, readings), runs[0]!.scenario, [property]), target);
}

/** Whether a trace shows a fact, read as the exported tests read it. */
export function factHolds(trace: Trace, fact: Fact): boolean {
  const step = trace.steps[fact.step];
  if (!step) return false;
  if (isList(fact.what)) return same(listAt(step, fact.what), fact.value);
  if (fact.what !== 'present' && fact.what !== 'field') return same((step as unknown as Record<string, Json>)[fact.what], fact.value);
  const o = objects(step.state, fact.zone).find((x) => x.id === fact.id);
  if (fact.what === 'present') return (o !== undefined) === fact.value;
  let value: Json | undefined = o;
  for (const key of fact.path) value = isMap(value) ? value[key] : undefined;
  return same(value, fact.value);
}
