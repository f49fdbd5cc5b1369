// Agreement with the reference engine on the same scenario, compared by meaning. Every step is
// compared, and every differing field of it, so that a difference already known (a token named
// otherwise) does not hide a later one. Each difference is a failure of its own kind: its field path
// with ids abstracted (`stack[].kicked`, `players[].life`), or the change of outcome
// (`accepted->rejected:cannot-pay`), so that the same bug met in different scenarios is one cluster.
import { canonical, diffStates, sameJson, sameJsonSince } from '../model/compare.ts';
import { observedPart, observesEverything } from '../model/observables.ts';
import { familyOf } from '../model/rejections.ts';
import type { Step } from '../model/schema-types.ts';
import { asks, Checker, type Property, type Run, type RunStep } from './property.ts';

export const agreesWithReference: Property = {
  id: 'agreement.reference',
  kind: 'agreement',
  rules: ['601.2', '608.2', '603.3', '707.10'],
  statement: 'Every action is accepted or rejected as by the reference engine, and leaves the same observed state and the same triggered abilities.',
  applies: () => true,
  check: asks<Run>(function* (run, ctx) {
    const c = new Checker();
    const ref = yield ctx.reference();
    // Only what the engine declares it observes is compared; left undeclared, everything is.
    const observes = ctx.capabilities?.observes;
    const everything = !observes || observesEverything(observes);
    const view = <S extends Step['state']>(s: S): S => (observes && !everything ? observedPart(s, observes) : s);
    const triggers = !observes || observes.includes('step.triggered');
    // A difference that stands unchanged from one step to the next is reported once, where it began.
    let standing: Map<string, string> | undefined;
    // The last pair of states found the same: what both engines left untouched since needs no walk.
    let sameA: Step['state'] | undefined;
    let sameB: Step['state'] | undefined;
    // Every step, also after the game ended: what an engine accepts then is part of agreeing.
    for (const step of run.allSteps) {
      const want = ref.allSteps[step.index];
      if (!want) break;
      let differs = false;
      if (!sameOutcome(want.step, step.step)) {
        const [wanted, got] = [outcome(want.step), outcome(step.step)];
        differs = true;
        c.fail(step, `${wanted}${want.step.message ? ` (${want.step.message})` : ''}`, got, kindAt(step, `${wanted}->${got}`));
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
          if (standing?.get(d.path) !== values) {
            differs = true;
            c.fail(step, `${d.path}: ${canonical(d.expected)}`, `${d.path}: ${canonical(d.observed)}`, kindAt(step, abstractPath(d.path)));
          }
        }
      }
      standing = now;
      if (triggers && !sameTriggered(want.step.triggered, step.step.triggered)) {
        const key = (ts: Step['triggered']) => (ts ?? []).map((t) => `${t.controller}:${t.source}#${t.ability}`);
        const [wantedKeys, gotKeys] = [key(want.step.triggered), key(step.step.triggered)];
        differs = true;
        c.fail(step, `triggered ${canonical(wantedKeys)}`, `triggered ${canonical(gotKeys)}`, kindAt(step, 'triggered'));
      }
      if (!differs) c.checkedOne();
    }
    return c.verdict();
  }),
};

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
