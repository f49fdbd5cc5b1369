// Findings as causes: one bug shows under several signatures (the rule property that looks for it,
// the fields agreement finds different, what follows from it at a later step), and a run that
// reported each signature as a finding of its own gave an engine author 22 findings for two bugs.
// Clusters are joined into one finding when:
//   - they shrink to the same minimal repro;
//   - two rule properties fail by the same named branch of a rule, the same way (sameBranch);
//   - they always occur together: every scenario that showed one showed the other, both ways;
//   - one's minimal repro shows the other: what is left of a failure once everything it does not
//     need is gone still holds the other bug (a consequence, or the same bug seen by another
//     property); or
//   - two rule failures met at one action far more often than chance explains (runner/co-occurrence.ts).
// Two bugs that merely met in some scenarios stay apart: each occurs without the other somewhere,
// and each shrinks to a repro that shows it alone.
import { canonical } from '../model/compare.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { divergences, type Property } from '../properties/property.ts';
import { judge, verdictAt, type Judge } from './evaluate.ts';
import type { Judged } from './judged.ts';
import type { Cause, Cluster, Tally } from './results.ts';
import { joinMetBeyondChance } from './co-occurrence.ts';
import { attachAgreementOnly } from './agreement-only.ts';
import { minimalRepro, skeleton } from './repro-shape.ts';

export type { Cause } from './results.ts';
export { skeleton } from './repro-shape.ts';
import { clusterRank, engineFailureSignature, kindOf, parseSignature, propertySignature } from './signatures.ts';

/** Every failure signature a judged scenario shows: each kind of divergence of each property that failed, or its engine failure. */
export function shownSignatures(j: Judged, properties: readonly Property[]): Set<string> {
  return new Set(shownAt(j, properties).keys());
}

/**
 * The actions a failure was seen at: the ids of the steps its divergences name, or `any` for a
 * failure tied to no one action (an engine failure; a relation, which compares two whole runs and
 * names the action it varied, not the one where they differ).
 */
export type SeenAt = ReadonlySet<string> | 'any';

/** Every failure signature a judged scenario shows (shownSignatures), with the actions it was seen at. */
export function shownAt(j: Judged, properties: readonly Property[]): Map<string, SeenAt> {
  if (j.failure) return new Map([[engineFailureSignature(j.failure), 'any']]);
  const out = new Map<string, SeenAt>();
  for (let i = 0; i < properties.length; i++) {
    const v = verdictAt(j, properties, i);
    if (!v || (v.status !== 'fail' && v.status !== 'contested')) continue;
    for (const d of divergences(v)) {
      const signature = propertySignature(properties[i]!.id, kindOf(d));
      const known = out.get(signature) ?? new Set<string>();
      out.set(signature, properties[i]!.kind === 'relation' || known === 'any' ? 'any' : new Set([...known, d.step]));
    }
  }
  return out;
}

/** Whether two failures were seen at one action. */
function atOneAction(a: SeenAt | undefined, b: SeenAt | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  return a === 'any' || b === 'any' || [...a].some((s) => b.has(s));
}

/** What is known of a cluster for joining it to others: the signatures in all its scenarios, and those its repro shows. */
export type Company = Pick<Cluster, 'signature' | 'together' | 'inRepro' | 'met'>;

/**
 * Narrows what always came with a cluster by one more scenario of it, and counts what came with it
 * at one of the actions it was seen at: two failures of one scenario at two actions are no sign of
 * one bug (a cast refused wrongly, and a later cast of the same card still kicked from the refused
 * one, are two bugs the one of which makes the scenarios of the other).
 */
export function metAgain(c: Company, shown: ReadonlyMap<string, SeenAt>): void {
  if (c.together === undefined) c.together = new Set(shown.keys());
  else for (const s of c.together) if (!shown.has(s)) c.together.delete(s);
  c.met ??= new Map();
  const own = shown.get(c.signature);
  for (const [s, at] of shown) if (s === c.signature || atOneAction(own, at)) c.met.set(s, (c.met.get(s) ?? 0) + 1);
}


/**
 * Whether clusters `a` and `b` are surely one cause: the same minimal repro, or repros that do the
 * same; always met together, both ways; or one always met with the other, and each one's repro
 * showing the other.
 */
export function sameCause(a: Cluster, b: Cluster): boolean {
  if (sameBranch(a, b)) return true;
  const [ra, rb] = [minimalRepro(a), minimalRepro(b)];
  if (ra !== undefined && rb !== undefined && (canonical(ra) === canonical(rb) || (skeleton(ra) === skeleton(rb) && !branchesApart(a, b)))) return true;
  const aWithB = a.together?.has(b.signature) === true;
  const bWithA = b.together?.has(a.signature) === true;
  if (aWithB && bWithA) return true;
  return a.inRepro?.has(b.signature) === true && b.inRepro?.has(a.signature) === true;
}

/**
 * Whether two rule properties failed by the same named branch, the same way: the same rule, broken in
 * the same named manner (`CR603.2d/multiplied`: a trigger multiplier applied to an event it does not
 * name, seen by the property of each event). Each property looks at its own kind of object, so one bug
 * shows under several properties whose scenarios never meet; the branch is what the rule says went
 * wrong, and two properties naming it alike name one bug. A branch named by its rule alone (a wrong
 * payment, CR 601.2h) says too little of the manner to join on.
 */
export function sameBranch(a: Cluster, b: Cluster): boolean {
  const branch = (c: Cluster) => {
    if (c.property === undefined || c.property.kind === 'agreement' || c.kind !== 'fail') return undefined;
    const kind = parseSignature(c.signature);
    return 'kind' in kind && /^CR[^/]+\/./.test(kind.kind) ? kind.kind : undefined;
  };
  const x = branch(a);
  return x !== undefined && a.property!.id !== b.property?.id && x === branch(b);
}

/**
 * Whether two clusters are two branches of one property: the property itself tells them apart (the
 * kick a copy lost, or the number of times it was kicked; an illegal declaration, or illegal
 * targets). Repros that do the same are one bug met by two properties; within one property they are
 * what the property's branches were made to tell apart, and only the same repro, or repros that show
 * each other, join them.
 */
export function branchesApart(a: Cluster, b: Cluster): boolean {
  return a.property !== undefined && a.property.kind !== 'agreement' && a.property.id === b.property?.id && a.signature !== b.signature;
}

/**
 * Whether `a` looks like a consequence of `b`: never met without it, and its minimal repro still
 * shows it. A weaker sign than sameCause: two bugs that every scenario of one meets together (a
 * copy's token that loses its kick is always also a token named wrongly, when both are bugs) look
 * so too; so a cluster follows such a sign only when nothing surer placed it, and to one cause.
 */
export function consequenceOf(a: Cluster, b: Cluster): boolean {
  return a.together?.has(b.signature) === true && a.inRepro?.has(b.signature) === true;
}


/** The clusters of a run joined into causes, in the order of their lead clusters' first scenarios; `runs`, the scenarios judged, lets co-occurrence join too (metBeyondChance). */
export function causesOf(clusters: readonly Cluster[], runs?: number): Cause[] {
  // Engine failures are causes of their own: what a crash shows is nothing else.
  const parent = clusters.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  for (let i = 0; i < clusters.length; i++) {
    for (let j = i + 1; j < clusters.length; j++) {
      const [a, b] = [clusters[i]!, clusters[j]!];
      if (a.property === undefined || b.property === undefined) continue;
      if (sameCause(a, b) || sameWrongAnswer(a, b)) parent[root(j)] = root(i);
    }
  }
  attachConsequences(clusters, root, (i, j) => (parent[root(i)] = root(j)));
  if (runs !== undefined) joinMetBeyondChance(clusters, runs, root, (i, j) => (parent[root(i)] = root(j)));
  attachAgreementOnly(clusters, root, (i, j) => (parent[root(i)] = root(j)));
  const groups = new Map<number, Cluster[]>();
  clusters.forEach((c, i) => groups.set(root(i), [...(groups.get(root(i)) ?? []), c]));
  const causes = [...groups.values()].map((members): Cause => {
    const ordered = [...members].sort((a, b) => leadFirst(a, b));
    const properties = [...new Set(ordered.flatMap((c) => (c.property ? [c.property.id] : [])))];
    // The rules its properties check, and the rule each named branch says was broken.
    const rules = [...new Set(ordered.flatMap((c) => [...(c.property?.rules ?? []), ...branchRule(c)]))];
    return {
      id: ordered[0]!.signature,
      clusters: ordered,
      properties,
      rules,
      expected: ordered.some((c) => c.expectation !== undefined),
      contested: ordered.every((c) => c.kind === 'contested'),
      count: Math.max(...ordered.map((c) => c.count)),
    };
  });
  return causes.sort((a, b) => a.clusters[0]!.first.run - b.clusters[0]!.first.run || leadFirst(a.clusters[0]!, b.clusters[0]!));
}

/**
 * Whether two of agreement's clusters are the engine giving the same wrong answer to the same kind of
 * action: it rejected for one reason (`illegal-payment` at a cast) where the reference engine decided
 * otherwise, accepting or rejecting for another reason. The decision the engine made is the bug; what
 * the reference engine would have said depends on the scenario.
 */
export function sameWrongAnswer(a: Cluster, b: Cluster): boolean {
  const answer = (c: Cluster) => (c.property?.kind === 'agreement' ? /->(rejected:[^@]+@.+)$/.exec(c.signature)?.[1] : undefined);
  const x = answer(a);
  return x !== undefined && x === answer(b);
}

/** The rule a rule property's cluster names as broken (`CR702.33f/unpaid-kicker-cost`: 702.33f), if any. */
function branchRule(c: Cluster): string[] {
  if (c.property === undefined || c.property.kind === 'agreement') return [];
  const parsed = parseSignature(c.signature);
  const rule = 'kind' in parsed ? /^CR([^/@]+)/.exec(parsed.kind)?.[1] : undefined;
  return rule === undefined ? [] : [rule];
}

/**
 * Each cause, as the surer signs left it, follows the signs that it is a consequence of another cause
 * seen by a rule property: a minimal repro of one of its clusters shows one of the other's (what is
 * left of a failure once everything it does not need is gone still holds the other). It joins one
 * cause only, the one most of its signs point to (the most frequent on a tie), and the joining goes
 * on until nothing moves, so that a chain of consequences ends at a cause of its own. A cause with a
 * cluster whose repro shows no other cause's rule is one of its own: a bug met with another in some
 * scenarios, or a property that sees two bugs (a relation run again with a cost reduction), is not
 * joined to it. A cause that agreement alone saw is never followed: its signatures (a life total, the
 * stack) are met by many bugs, and would join them all into one.
 */
function attachConsequences(clusters: readonly Cluster[], root: (i: number) => number, join: (i: number, into: number) => void): void {
  const rule = (c: Cluster) => c.property !== undefined && c.property.kind !== 'agreement';
  const bySignature = new Map(clusters.map((c, i) => [c.signature, i]));
  /** The other causes' rule clusters a cluster's repro shows (or, unshrunk, that it is a consequence of). */
  const shows = (i: number): number[] => {
    const a = clusters[i]!;
    return [...(a.inRepro ?? a.together ?? [])].flatMap((s) => {
      const j = bySignature.get(s);
      if (j === undefined || root(j) === root(i) || !rule(clusters[j]!)) return [];
      return a.inRepro === undefined && !consequenceOf(a, clusters[j]!) ? [] : [j];
    });
  };
  const own = new Set(clusters.flatMap((c, i) => (rule(c) && c.inRepro !== undefined && shows(i).length === 0 ? [root(i)] : [])));
  const ownCause = (i: number) => [...own].some((r) => root(r) === root(i));
  for (let moved = true; moved; ) {
    moved = false;
    const votes = new Map<number, Map<number, { signs: number; count: number }>>();
    clusters.forEach((a, i) => {
      if (!rule(a) || ownCause(i)) return;
      for (const j of shows(i)) {
        const mine = votes.get(root(i)) ?? new Map<number, { signs: number; count: number }>();
        const v = mine.get(root(j)) ?? { signs: 0, count: 0 };
        mine.set(root(j), { signs: v.signs + 1, count: Math.max(v.count, clusters[j]!.count) });
        votes.set(root(i), mine);
      }
    });
    // One cause at a time, the one first met, so that the order of the clusters does not matter.
    for (const [g, toward] of [...votes].sort((x, y) => x[0] - y[0])) {
      const best = [...toward].sort((x, y) => y[1].signs - x[1].signs || y[1].count - x[1].count || x[0] - y[0])[0];
      if (best && root(g) !== root(best[0])) {
        join(g, best[0]);
        moved = true;
        break;
      }
    }
  }
}

/** The lead of a cause: an engine failure, then a rule property, then agreement, then a contested reading; an expected one first (it names the cause); then the most frequent. */
function leadFirst(a: Cluster, b: Cluster): number {
  return (
    Number(b.expectation !== undefined) - Number(a.expectation !== undefined) ||
    clusterRank(a) - clusterRank(b) ||
    b.count - a.count ||
    a.first.run - b.first.run ||
    (a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0)
  );
}

/** Causes that fail the run: neither expected nor only contested. */
export function failingCauses(causes: readonly Cause[]): Cause[] {
  return causes.filter((c) => !c.expected && !c.contested);
}

/**
 * What each shrunk, reproduced repro shows, by every property: one engine run per cluster, after the
 * shrinking (a repro made small for one signature is judged for all of them only once). A relation
 * fails on a related run it made (the same spell with a cost reduction, one more kick): what that run
 * shows is what its repro shows too, so the related runs the cluster's own property asked for are
 * judged by every property as well; so is a repro the engine refused for want of mana, with more mana
 * and without its sacrifices (what cost it asked then), and a repro that resolves until the stack is
 * empty, one resolution at a time.
 */
export async function noteRepros(j: Judge, clusters: readonly Cluster[], properties: readonly Property[], abort?: AbortSignal): Promise<void> {
  for (const c of clusters) {
    const f = c.finding;
    if (abort?.aborted) return;
    if (c.property === undefined || !f?.shrunk || !f.reproduced) continue;
    // Another relation fails on a scenario it made (the repro with a cost reduction, one more kick),
    // not on the repro: what it shows there is what that scenario brings, a bug in reductions under
    // a repro of a bug in paying. A relation's own cluster counts its related runs, below.
    const by = properties.filter((p) => p.kind !== 'relation' || p === c.property);
    const judged = await judge(j, f.scenario, by);
    if (judged.failure?.fatal || judged.engineGone) return;
    const shown = showsOf(c.signature, shownAt(judged, by), by);
    const related = c.property.kind === 'relation' ? await relatedRuns(j, f.scenario, c.property) : [];
    if (judged.trace) related.push(...oneByOne(f.scenario, judged.trace));
    if (refusedForMana(shown)) related.push(withMoreMana(f.scenario), ...withoutSacrifices(f.scenario));
    for (const variant of related) {
      const v = await judge(j, variant, by);
      if (v.failure?.fatal || v.engineGone) return;
      if (!v.failure) for (const s of showsOf(c.signature, shownAt(v, by), by)) shown.add(s);
    }
    c.inRepro = shown;
  }
}

/**
 * What a repro of `own` shows: every failure seen in it, but those of a property that judges only a
 * step's events (eventsOnly) seen only at other actions than `own`. Such a failure leaves the state
 * as the rules have it, so what fails at another action does not follow from it: an instant put into
 * the graveyard before its effects, in the resolution of a flicker spell, is no cause of the spell
 * resolving next still affecting the flickered creature. What it changes shows at its own action (a
 * watcher that triggers otherwise).
 */
function showsOf(own: string, at: ReadonlyMap<string, SeenAt>, properties: readonly Property[]): Set<string> {
  const eventsOnly = new Set(properties.filter((p) => p.eventsOnly).map((p) => p.id));
  const mine = at.get(own);
  return new Set(
    [...at].flatMap(([s, where]) => {
      const parsed = parseSignature(s);
      return s !== own && 'property' in parsed && eventsOnly.has(parsed.property) && !atOneAction(mine, where) ? [] : [s];
    }),
  );
}

/** Mana added to each kind of each player's pool to see what a cast refused for want of mana does paid. */
const MORE_MANA = 10;

/** The family of rejections for a cost that cannot be paid (model/rejections.ts). */
const PAYMENT = 'illegal-payment';

/** Whether a repro shows the engine refusing, as one its player cannot pay for, an action the reference engine took. */
function refusedForMana(shown: ReadonlySet<string>): boolean {
  return [...shown].some((s) => s.includes(`accepted->rejected:${PAYMENT}@`));
}

/**
 * The scenario with more mana of every kind for both players: a cast the engine refused for want of
 * mana, where the rules say the cost is paid, shows with enough mana what cost the engine asked (a
 * cost too high is the bug the total it charges shows too).
 */
function withMoreMana(s: Scenario): Scenario {
  const more = structuredClone(s);
  for (const p of more.players) {
    const pool: Record<string, number> = { ...(p.mana ?? {}) };
    for (const k of ['W', 'U', 'B', 'R', 'G', 'C']) pool[k] = (pool[k] ?? 0) + MORE_MANA;
    p.mana = pool;
  }
  return more;
}

/**
 * The scenario with each resolve-until-empty made the single resolves it stands for (CR 608: the
 * objects resolve one by one, top first), as many as were on the stack before it and triggered
 * during it: a failure seen only as the outcome of the whole chain shows then at the resolution it
 * happened in, as the repros of single resolves show it (a spell copied, whose copy resolves first).
 */
function oneByOne(s: Scenario, trace: Trace): Scenario[] {
  if (!s.actions.some((a) => a.do === 'resolve' && a.untilEmpty)) return [];
  const actions = s.actions.flatMap((a, i): Scenario['actions'] => {
    if (a.do !== 'resolve' || !a.untilEmpty) return [a];
    const before = i === 0 ? trace.initialState : trace.steps[i - 1]?.state;
    const step = trace.steps[i];
    const count = Math.max(1, (before?.stack.length ?? 0) + (step?.triggered?.length ?? 0));
    const { untilEmpty: _all, id, ...rest } = a;
    return Array.from({ length: count }, (_, k) => ({ ...rest, ...(k === 0 && id !== undefined ? { id } : {}) }));
  });
  return [{ ...structuredClone(s), actions }];
}

/**
 * The scenario with no permanent declared for a sacrifice cost, when it declares one: a cast the
 * engine refused as an illegal payment, where the rules take its sacrifices, shows without them
 * whether the engine asked for no sacrifice at all (a splice or kicker cost it leaves out accepts the
 * cast unpaid, the bug its cost totals show too).
 */
function withoutSacrifices(s: Scenario): Scenario[] {
  if (!s.actions.some((a) => a.do === 'cast' && (a.sacrifice?.length ?? 0) > 0)) return [];
  const fewer = structuredClone(s);
  for (const a of fewer.actions) if (a.do === 'cast') delete a.sacrifice;
  return [fewer];
}

/** The related runs `property` asks the engine for when it judges `scenario`. */
async function relatedRuns(j: Judge, scenario: Scenario, property: Property): Promise<Scenario[]> {
  const asked: Scenario[] = [];
  const engine = j.engine;
  // The engine as it is, but telling which scenarios it is given after the first (the scenario itself).
  const telling = new Proxy(engine, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key !== 'run' && key !== 'runSync') return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      if (typeof value !== 'function') return value;
      return (s: Scenario) => {
        asked.push(s);
        return (value as (s: Scenario) => unknown).call(target, s);
      };
    },
  });
  await judge({ ...j, engine: telling }, scenario, [property]);
  return asked.slice(1);
}

/** A run's findings: as it joined them, or from its clusters (a run merged from workers or shards). */
export function causesOfRun(r: { causes?: Cause[]; clusters: readonly Cluster[]; runs?: number }): Cause[] {
  return r.causes ?? causesOf(r.clusters, r.runs);
}

/**
 * An expectation covers its finding and what follows from it: a property whose every failure this
 * run belongs to an expected finding counts its failed scenarios as expected (XFAIL), so that the
 * consequences of a known bug, judged now that it no longer ends what is judged, fail nothing.
 */
export function settleConsequences(tallies: readonly Pick<Tally, 'property' | 'failed' | 'xfailed'>[], causes: readonly Cause[]): void {
  const expected = new Set(causes.filter((c) => c.expected).flatMap((c) => c.clusters));
  for (const t of tallies) {
    if (t.failed === 0) continue;
    const mine = causes.flatMap((c) => c.clusters).filter((c) => c.property === t.property && c.kind === 'fail' && !c.expectation);
    if (mine.length > 0 && mine.every((c) => expected.has(c))) {
      t.xfailed += t.failed;
      t.failed = 0;
    }
  }
}
