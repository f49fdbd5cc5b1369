// What a property is: an invariant from the Comprehensive Rules checked over a scenario and the
// trace an engine gave for it, a relation between two runs, or agreement with the reference engine.
import type { Capabilities, Mechanic, Observable, Scenario, ScenarioCard, CardDefinition, StackSpell } from '../model/schema-types.ts';
import { buildsFromDefinition, knowsPrinted } from '../model/capabilities.ts';
import type { NormalizedScenario } from '../model/scenario.ts';
import type { ResyncPoint } from '../model/resync.ts';
import { Run, spellOnStack, type RunStep } from '../oracle/run.ts';

// The run a property reads, and the accessors of its states, are the oracle's (oracle/run.ts).
export { Run, spells, permanentOn, spellOnStack, type RunStep, type CastStep } from '../oracle/run.ts';

/**
 * One way a trace broke a property. `kind` names the way, machine-readably (agreement: the differing
 * field path, as `stack[].kicked`); the runner groups failures into clusters by property and kind.
 * Left out, the property has one kind of failure.
 */
export interface Divergence {
  step: string;
  expected: string;
  observed: string;
  kind?: string;
  /**
   * The rule (by number, as `702.33d`) of the branch of the property that failed, when the property
   * checks several: what a finding names, and what tells two bugs of one property apart.
   */
  rule?: string;
  /** Set when this is a contested reading rather than a failure: the ruling and the other reading. */
  ruling?: string;
  /**
   * Agreement: the kinds of later differences that followed from this one alone (they were gone once
   * the reference engine went on from the engine's state), reported with it rather than as failures.
   */
  consequences?: string[];
  /** Agreement: why the reference engine could not go on from the engine's state after this step, so that later steps were compared with its own run. */
  notResynced?: string;
}

export type Verdict =
  /** `checks`: how many things were checked and held (one when left out). */
  | { status: 'pass'; checks?: number }
  /** The scenario did not exercise what the property is about. */
  | { status: 'n/a' }
  /** The first failure, and in `more` the first failure of each other kind, in the order found. */
  | ({ status: 'fail'; step: string; expected: string; observed: string; kind?: string; rule?: string; more?: Divergence[]; checks?: number } & Annotations)
  /** The engine follows another reading of a contested point: reported, never counted as a failure. */
  | ({ status: 'contested'; step: string; expected: string; observed: string; ruling: string; kind?: string; rule?: string; more?: Divergence[]; checks?: number } & Annotations);

type Annotations = Pick<Divergence, 'consequences' | 'notResynced'>;

export type Failed = Extract<Verdict, { status: 'fail' | 'contested' }>;

/** The readings of contested points the suite expects (README, "Contested readings"). */
export interface Readings {
  spliceCopy: 'ruling' | 'literal';
}

/**
 * What a property may ask for besides the run it judges. Another run answers at once (no promise) when
 * its engine runs in this process and offers a synchronous run (Engine.runSync), so that a scenario
 * can be judged without a turn of the event loop; a property reads such answers through `asks`.
 */
export interface CheckContext {
  readings: Readings;
  /** Runs another scenario on the same engine, for relations between runs; undefined if the engine gave no usable trace. */
  rerun(s: Scenario): Run | undefined | Promise<Run | undefined>;
  /** The reference engine's run of the same scenario, for agreement: run again at each call (agreement asks once). */
  reference(): Run | Promise<Run>;
  /**
   * The reference engine's run of the same scenario going on, after each point's step, from the state
   * the point gives (model/resync.ts); or why it cannot. Left out where no engine to compare with can.
   */
  resynced?(points: readonly ResyncPoint[]): Run | string | Promise<Run | string>;
  /** What the engine under test declared; left out, it is taken to observe everything. */
  capabilities?: Capabilities;
}

/**
 * The body of a check that asks for other runs: it yields each `ctx.rerun(...)` or `ctx.reference()`
 * and is resumed with the answer (`const other = yield ctx.rerun(variant)`), whether the answer came at
 * once or as a promise.
 */
export type Asking<T> = Generator<T | Promise<T>, Verdict, T>;

/**
 * A check written as an `Asking` body (`check: asks<Run>(function* (run, ctx) { ... })`): it runs
 * synchronously while every answer is at hand, so that judging against an engine in this process takes
 * no promise, and goes on through promises from the first answer that is one. The same body serves
 * both, asking for the same runs in the same order.
 */
export function asks<T>(body: (run: Run, ctx: CheckContext) => Asking<T>): Property['check'] {
  return (run, ctx) => {
    const g = body(run, ctx);
    return resume(g, () => g.next());
  };
}

/** Goes on with a body from `step` (its resumption with an answer, or with a failed run's error) to its verdict or next promise. */
function resume<T>(body: Asking<T>, step: () => IteratorResult<T | Promise<T>, Verdict>): Verdict | Promise<Verdict> {
  let next = step();
  while (!next.done) {
    const answer = next.value;
    if (answer instanceof Promise) return answer.then((a: T) => resume(body, () => body.next(a)), (error: unknown) => resume(body, () => body.throw(error)));
    next = body.next(answer);
  }
  return next.value;
}

export interface Needs {
  observes?: Observable[];
  /** At least one of these observables: a property that compares whichever of several fields the engine shows. */
  anyObserves?: Observable[];
  mechanics?: Mechanic[];
  /** At least one of these mechanics. */
  anyMechanic?: Mechanic[];
  actions?: Capabilities['actions'];
  /**
   * A card to add to a related run, of a kind the engine can take: the synthetic one when it builds it
   * from its definition, or else the first printed one it knows (castcheck never sends a card an
   * engine cannot take).
   */
  card?: { synthetic: CardDefinition; printed: string[] };
}

/** The card `needs` names that an engine with these capabilities takes (all of them when left out), with the id given; undefined if none. */
export function neededCard(needs: NonNullable<Needs['card']>, caps: Capabilities | undefined, id: string): ScenarioCard | undefined {
  if (caps === undefined || buildsFromDefinition(caps, needs.synthetic)) return { id, definition: needs.synthetic };
  const printed = needs.printed.find((name) => knowsPrinted(caps, name));
  return printed === undefined ? undefined : { id, oracle: printed };
}

export interface Property {
  /** family.name, for example copies.kicked-like-original. */
  id: string;
  /** Comprehensive Rules numbers it checks. */
  rules: string[];
  /** One line, for people. */
  statement: string;
  /** What an engine must be able to do or observe; without it the property is skipped. */
  needs?: Needs;
  /** invariant: over one trace; relation: between this run and a related one; agreement: with the reference engine. */
  kind?: 'invariant' | 'relation' | 'agreement';
  /**
   * Set when it judges only what a step's events report (their order, what they list), never the
   * game's state: its failures leave nothing different for a later action to start from.
   */
  eventsOnly?: true;
  /** Precondition: the scenarios it says something about. Others count as not applicable. */
  applies(s: NormalizedScenario): boolean;
  check(run: Run, ctx: CheckContext): Verdict | Promise<Verdict>;
}

export const pass: Verdict = { status: 'pass' };
export const notApplicable: Verdict = { status: 'n/a' };

export function fail(step: RunStep, expected: string, observed: string): Verdict {
  return { status: 'fail', step: step.action.id, expected, observed };
}

/**
 * Folds per-item verdicts: counts the checks made, keeps the first failure of each kind and rule (a
 * property that names neither keeps its first failure), and gives pass if anything was checked, else n/a.
 */
export class Checker {
  private checks = 0;
  // Made at the first failure: every property makes a checker for every scenario, and nearly all pass.
  private failures: Divergence[] | undefined;

  checkedOne(): void {
    this.checks++;
  }

  /**
   * A failure; `kind` names the way the rule was broken, when the property tells several apart, and
   * `rule` the rule (by number) of the branch that failed, when the property checks several.
   */
  fail(step: RunStep, expected: string, observed: string, kind?: string, rule?: string): void {
    this.add({ step: step.action.id, expected, observed, ...(kind !== undefined ? { kind } : {}), ...(rule !== undefined ? { rule } : {}) });
  }

  /** A failure under the expected reading of a contested point. */
  contested(step: RunStep, expected: string, observed: string, ruling: string, kind?: string): void {
    this.add({ step: step.action.id, expected, observed, ruling, ...(kind !== undefined ? { kind } : {}) });
  }

  /**
   * Adds to the failure kept for `kind` what was learnt of it later: consequences (joined with those
   * it had), or why the comparison could not go on from the engine's state.
   */
  annotate(kind: string, extra: Pick<Divergence, 'consequences' | 'notResynced'>): void {
    const d = this.failures?.find((x) => x.kind === kind && x.rule === undefined);
    if (!d) return;
    if (extra.consequences) d.consequences = [...new Set([...(d.consequences ?? []), ...extra.consequences])];
    if (extra.notResynced !== undefined) d.notResynced ??= extra.notResynced;
  }

  private add(d: Divergence): void {
    this.checks++;
    const same = (x: Divergence) => x.kind === d.kind && x.rule === d.rule && (x.ruling === undefined) === (d.ruling === undefined);
    if (this.failures === undefined) this.failures = [d];
    else if (!this.failures.some(same)) this.failures.push(d);
  }

  get done(): boolean {
    return this.failures !== undefined;
  }

  verdict(): Verdict {
    // Every property gives a verdict for every scenario, and nearly all of them pass: no search then.
    const failures = this.failures;
    if (failures === undefined) return this.checks > 0 ? { status: 'pass', checks: this.checks } : notApplicable;
    const failed = failures.find((f) => f.ruling === undefined);
    // add() makes the list with its first failure and only ever adds to it: never empty here.
    const head = failed ?? failures[0]!;
    const more = failures.filter((f) => f !== head);
    const { ruling, ...rest } = head;
    const extra = { ...(more.length > 0 ? { more } : {}), checks: this.checks };
    return failed ? { status: 'fail', ...rest, ...extra } : { status: 'contested', ...rest, ruling: ruling!, ...extra };
  }
}

/** Every divergence of a failed or contested verdict, the first one first. */
export function divergences(v: Failed): Divergence[] {
  const { step, expected, observed, kind, rule, more, consequences, notResynced } = v;
  const head: Divergence = { step, expected, observed, ...(kind !== undefined ? { kind } : {}), ...(rule !== undefined ? { rule } : {}), ...(v.status === 'contested' ? { ruling: v.ruling } : {}) };
  if (consequences !== undefined) head.consequences = consequences;
  if (notResynced !== undefined) head.notResynced = notResynced;
  return [head, ...(more ?? [])];
}

export function show(x: unknown): string {
  return JSON.stringify(x);
}

/**
 * Whether `show(a) === show(b)`, without writing out what is plainly the same or plainly not: the
 * passing path of a check compares values (names, ids, target groups) at every step.
 */
export function sameShown(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' && typeof b === 'string') return false;
  if (Array.isArray(a) && Array.isArray(b)) return sameShownLists(a, b);
  return show(a) === show(b);
}

// JSON writes a list with one item per element, so lists of another length differ; elements are
// compared as items of a list, where undefined is written as null (hence the written-out fallback).
function sameShownLists(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (typeof x === 'string' && typeof y === 'string') return false;
    if (Array.isArray(x) && Array.isArray(y) ? !sameShownLists(x, y) : show([x]) !== show([y])) return false;
  }
  return true;
}

/** Whether two sets of counters are the same, kinds with none left out of both. */
export function sameCounters(a: Record<string, number | undefined>, b: Record<string, number | undefined>): boolean {
  for (const k in a) if (((a[k] ?? 0) > 0 ? a[k] : 0) !== ((b[k] ?? 0) > 0 ? b[k] : 0)) return false;
  for (const k in b) if ((b[k] ?? 0) > 0 && !((a[k] ?? 0) > 0)) return false;
  return true;
}

/**
 * Whether two lists hold the same ids, each as often, in any order (as their sorted copies compared):
 * lists an engine kept in order are told the same without sorting copies of them.
 */
export function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  if (i === a.length) return true;
  // The common start holds the same ids on both sides: only what follows it needs sorting.
  const x = a.slice(i).sort();
  const y = b.slice(i).sort();
  for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  return true;
}

/** How a spell on the stack was kicked, in the fields an engine may observe (kicked, kicker, multikicker, timesKicked). */
export const STACK_KICK: readonly Observable[] = ['stack.kicked', 'stack.kicker', 'stack.multikicker', 'stack.timesKicked'];

/** Why an engine cannot run a property, or undefined when it can. */
export function missingCapability(p: Property, caps: Capabilities): string | undefined {
  const needs = p.needs ?? {};
  const observes = (needs.observes ?? []).filter((o) => !caps.observes.includes(o));
  if (observes.length > 0) return `does not observe ${observes.join(', ')}`;
  if (needs.anyObserves && !needs.anyObserves.some((o) => caps.observes.includes(o))) return `does not observe any of ${needs.anyObserves.join(', ')}`;
  const mechanics = (needs.mechanics ?? []).filter((m) => !caps.mechanics.includes(m));
  if (mechanics.length > 0) return `does not support ${mechanics.join(', ')}`;
  if (needs.anyMechanic && !needs.anyMechanic.some((m) => caps.mechanics.includes(m))) return `supports none of ${needs.anyMechanic.join(', ')}`;
  const actions = (needs.actions ?? []).filter((a) => !caps.actions.includes(a));
  if (actions.length > 0) return `cannot perform ${actions.join(', ')}`;
  if (needs.card && !neededCard(needs.card, caps, 'needed')) return `knows none of ${needs.card.printed.join(', ')} and does not build a card like ${needs.card.synthetic.name} from its definition`;
  return undefined;
}

/**
 * The spell an accepted cast put on the stack (CR 601.2a: the card moves there as it is cast). A
 * missing spell is a failure of the property that looks for it, never a reason to stop checking.
 */
export function castSpellOrFail(c: Checker, step: RunStep, card: string): StackSpell | undefined {
  const o = spellOnStack(step.after, card);
  if (!o) c.fail(step, `${card} is on the stack: its cast was accepted (CR 601.2a)`, 'it is not on the stack');
  return o;
}
