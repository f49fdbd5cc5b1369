// Agreement with the reference engine on the same scenario, compared by meaning. Every step is
// compared, and every differing field of it, so that a difference already known (a token named
// otherwise) does not hide a later one. Each difference is a failure of its own kind: its field path
// with ids abstracted (`stack[].kicked`, `players[].life`), or the change of outcome
// (`accepted->rejected:cannot-pay`), so that the same bug met in different scenarios is one cluster.
import { canonical, diffStates, sameJson, sameJsonSince } from '../model/compare.ts';
import { observedPart, observesEverything } from '../model/observables.ts';
import { familyOf } from '../model/rejections.ts';
import { missingForResync, type ResyncPoint } from '../model/resync.ts';
import type { Step } from '../model/schema-types.ts';
import { asks, Checker, type Property, type Run, type RunStep } from './property.ts';

export const agreesWithReference: Property = {
  id: 'agreement.reference',
  kind: 'agreement',
  rules: ['601.2', '608.2', '603.3', '707.10'],
  statement: 'Every action is accepted or rejected as by the reference engine, and leaves the same observed state and the same triggered abilities.',
  applies: () => true,
  check: asks<Run | string>(function* (run, ctx) {
    const c = new Checker();
    let ref = (yield ctx.reference()) as Run;
    // Only what the engine declares it observes is compared; left undeclared, everything is.
    const observes = ctx.capabilities?.observes;
    const everything = !observes || observesEverything(observes);
    const view = <S extends Step['state']>(s: S): S => (observes && !everything ? observedPart(s, observes) : s);
    const triggers = !observes || observes.includes('step.triggered');
    // After a step whose state differs, the reference engine goes on from the engine's state (issue
    // 36), so that a later step fails only where it goes wrong on its own. Where the engine shows too
    // little of its state to start from, the later steps are compared with the reference engine's own
    // run, as before, and the divergence says why.
    const missing = missingForResync(observes);
    let cannot = !ctx.resynced ? 'no engine to compare with can start from an observed state' : missing.length > 0 ? `the engine does not observe ${missing.join(', ')}` : undefined;
    const points: ResyncPoint[] = [];
    // The run before the last re-synchronisation, and the kinds that diverged at its step: what differs
    // from that run and not from `ref` follows from them, and is attached to them as a consequence.
    let before: Run | undefined;
    let cause: readonly string[] = [];
    let standingBefore = new Map<string, string>();
    // A difference that stands unchanged from one step to the next is reported once, where it began.
    let standing: Map<string, string> | undefined;
    // The last pair of states found the same: what both engines left untouched since needs no walk.
    let sameA: Step['state'] | undefined;
    let sameB: Step['state'] | undefined;
    // Every step, also after the game ended: what an engine accepts then is part of agreeing.
    for (const step of run.allSteps) {
      const want = ref.allSteps[step.index];
      if (!want) break;
      const kinds: string[] = [];
      const fail = (expected: string, observed: string, what: string) => {
        const kind = kindAt(step, what);
        kinds.push(kind);
        c.fail(step, expected, observed, kind);
      };
      if (!sameOutcome(want.step, step.step)) {
        const [wanted, got] = [outcome(want.step), outcome(step.step)];
        fail(`${wanted}${want.step.message ? ` (${want.step.message})` : ''}`, got, `${wanted}->${got}`);
      }
      const a = view(want.after);
      const b = view(step.after);
      // States written out the same need no comparison by meaning (the common case, and the costly one).
      const alike = sameA !== undefined ? sameJsonSince(a, b, sameA, sameB) : sameJson(a, b);
      sameA = alike ? a : undefined;
      sameB = alike ? b : undefined;
      let now: Map<string, string> | undefined;
      if (!alike) {
        now = new Map();
        for (const d of diffStates(a, b)) {
          const values = canonical([d.expected, d.observed]);
          now.set(d.path, values);
          if (standing?.get(d.path) !== values) fail(`${d.path}: ${canonical(d.expected)}`, `${d.path}: ${canonical(d.observed)}`, abstractPath(d.path));
        }
      }
      standing = now;
      if (triggers && !sameTriggered(want.step.triggered, step.step.triggered)) {
        fail(`triggered ${canonical(triggerKeys(want.step.triggered))}`, `triggered ${canonical(triggerKeys(step.step.triggered))}`, 'triggered');
      }
      if (kinds.length === 0) c.checkedOne();
      if (before && cause.length > 0) {
        const followed = kindsBetween(before.allSteps[step.index], step, view, triggers, standingBefore).filter((k) => !kinds.includes(k));
        if (followed.length > 0) for (const k of cause) c.annotate(k, { consequences: followed });
      }
      if (now === undefined || now.size === 0 || step.index === run.allSteps.length - 1) continue;
      if (cannot !== undefined) {
        for (const k of kinds) c.annotate(k, { notResynced: cannot });
        continue;
      }
      points.push({ after: step.index, state: step.after });
      const resynced = yield ctx.resynced!(points);
      if (typeof resynced === 'string') {
        cannot = resynced;
        points.pop();
        for (const k of kinds) c.annotate(k, { notResynced: cannot });
        continue;
      }
      [before, ref, cause, standingBefore] = [ref, resynced, kinds, new Map(now)];
      standing = sameA = sameB = undefined;
    }
    return c.verdict();
  }),
};

/**
 * The kinds of the differences between two runs' steps that the comparison above would report: those
 * of a state's difference only where it did not stand unchanged since the step before (`standing`,
 * which this updates).
 */
function kindsBetween(want: RunStep | undefined, step: RunStep, view: <S extends Step['state']>(s: S) => S, triggers: boolean, standing: Map<string, string>): string[] {
  if (!want) return [];
  const out = new Set<string>();
  if (!sameOutcome(want.step, step.step)) out.add(kindAt(step, `${outcome(want.step)}->${outcome(step.step)}`));
  const a = view(want.after);
  const b = view(step.after);
  const was = new Map(standing);
  standing.clear();
  if (!sameJson(a, b)) {
    for (const d of diffStates(a, b)) {
      const values = canonical([d.expected, d.observed]);
      standing.set(d.path, values);
      if (was.get(d.path) !== values) out.add(kindAt(step, abstractPath(d.path)));
    }
  }
  if (triggers && !sameTriggered(want.step.triggered, step.step.triggered)) out.add(kindAt(step, 'triggered'));
  return [...out];
}

function triggerKeys(ts: Step['triggered']): string[] {
  return (ts ?? []).map((t) => `${t.controller}:${t.source}#${t.ability}`);
}

/**
 * A difference's kind: what differs, and the kind of action it differed at (`battlefield[].counters@flicker`).
 * The field alone put unrelated bugs in one cluster (counters wrong after a flicker, and on a copy's
 * token as it resolves); the action tells them apart, and the same bug still meets the same kind.
 */
function kindAt(step: RunStep, what: string): string {
  return `${what}@${step.action.do}`;
}

/** Whether two steps decided the same (their outcome() alike), without writing either out: this runs at every step. */
function sameOutcome(a: Step, b: Step): boolean {
  if (a.outcome !== b.outcome) return false;
  if (!a.reason || !b.reason) return !a.reason && !b.reason;
  return a.reason === b.reason || (familyOf(a.reason)?.id ?? a.reason) === (familyOf(b.reason)?.id ?? b.reason);
}

/** Whether two steps triggered the same abilities, in the same order, by controller, source and ability. */
function sameTriggered(a: Step['triggered'], b: Step['triggered']): boolean {
  const x = a ?? [];
  const y = b ?? [];
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const t = x[i]!;
    const u = y[i]!;
    if (t.controller !== u.controller || t.source !== u.source || t.ability !== u.ability) return false;
  }
  return true;
}

/**
 * accepted, or rejected with the family of its reason: what an engine decided about an action. Two
 * codes of one family (cannot-pay and sacrifice-mismatch) are the same decision told more or less
 * finely (model/rejections.ts).
 */
function outcome(step: Step): string {
  return `${step.outcome}${step.reason ? `:${familyOf(step.reason)?.id ?? step.reason}` : ''}`;
}

/**
 * A difference's path with its ids and positions taken out: `stack[2].kicked` and
 * `battlefield[kavu].counters` become `stack[].kicked` and `battlefield[].counters`; a list whose
 * objects differ (`stack`, `battlefield.kavu`) becomes `stack[]`, `battlefield[]`; a player's field
 * `players.p1.life` becomes `players[].life`.
 */
export function abstractPath(path: string): string {
  const players = /^players\.(p1|p2)(\.(.*))?$/.exec(path);
  if (players) return `players[]${players[3] !== undefined ? `.${players[3]}` : ''}`;
  const zone = /^(stack|battlefield)(.*)$/.exec(path);
  if (zone && !zone[2]!.startsWith('[')) return `${zone[1]}[]`;
  return path.replace(/\[[^\]]*\]/g, '[]');
}
