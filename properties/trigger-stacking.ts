// Triggered abilities put on the stack (CR 603.3): with their targets (603.3d), in APNAP order (603.3b).
import type { TriggerEvent } from '../model/schema-types.ts';
import { Checker, show, sameShown, type Property, type Run, type RunStep } from './property.ts';
import { abilityOf } from '../oracle/definitions.ts';
import { expectedTriggerTargets } from '../oracle/triggers.ts';
import { abilityKey, stackedInStep, stackOrder } from '../oracle/stack-order.ts';
import { features } from './features.ts';
import { TRIGGER_NEEDS } from './triggers.ts';

export const triggerTargets: Property = {
  id: 'triggers.targets',
  rules: ['603.3d', '601.2c'],
  statement:
    'A triggered ability goes on the stack with the targets the action names for it, else the first legal ones in the scenario format’s order (opponent, controller, permanents by id, spells from the top); one with no legal target is removed.',
  needs: { ...TRIGGER_NEEDS, observes: [...TRIGGER_NEEDS.observes, 'ability.targets' as const] },
  applies: (s) => features(s).triggerTargets,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      // In a step that resolves everything, abilities go on the stack between resolutions no state shows.
      if (step.action.do === 'resolve' && step.action.untilEmpty) continue;
      // A player who lost ended the game before anything that triggered could go on the stack (CR 704.3, 104.2a).
      if (step.after.players.some((p) => p.lost)) continue;
      const named = (step.action.triggerTargets ?? []).map((t) => ({ ...t, used: false }));
      for (const t of step.step.triggered ?? []) {
        const ability = abilityOf(run, step.index, t.source, t.ability);
        if (!ability || !(ability.targets ?? []).length || (ability.targets ?? []).some((r) => (r.condition ?? 'always') !== 'always' || r.perKick)) continue;
        const choice = named.find((x) => !x.used && x.source === t.source && (x.ability ?? 0) === t.ability);
        if (choice) choice.used = true;
        const want = expectedTriggerTargets(run, step, t.source, ability, t.controller, choice?.targets);
        const onStack = t.id ? step.after.stack.find((o) => o.id === t.id) : undefined;
        if (want === null) {
          if (onStack) c.fail(step, `${t.source}#${t.ability} has no legal target and is removed (CR 603.3d)`, `${t.id} on the stack`);
          else c.checkedOne();
        } else if (onStack?.kind !== 'ability') c.fail(step, `${t.source}#${t.ability} on the stack with targets ${show(want)}`, t.id ? `no ability ${t.id} on the stack` : 'it was removed');
        else if (!sameShown(onStack.targets, want)) c.fail(step, `${t.id} targets ${show(want)}`, `targets ${show(onStack.targets)}`);
        else c.checkedOne();
        if (c.done) break;
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

/**
 * The problem with the order of the abilities a step put on the stack, bottom to top (CR 603.3b): the
 * active player's (p1's) go on the stack first, then the other player's; within one player's, those
 * the action orders (`triggerOrder`, first put first) in that order, the others in any order (the
 * player's choice the scenario left open). Undefined where it holds; `nothing` where no order is
 * fixed among them (one player's, none ordered), so that no check is counted.
 */
export function stackOrderProblem(step: RunStep): { expected: string; observed: string; rule: string } | undefined | 'nothing' {
  const added = stackedInStep(step);
  if (added.length < 2) return 'nothing';
  const want = stackOrder(step, added);
  const shown = () => added.map((o) => `${o.controller}:${abilityKey(o)}`).join(', ');
  // No ability of a player whose group goes on first lies above one of a player whose group goes on later.
  let latest = 0;
  for (const o of added) {
    const group = want.players.indexOf(o.controller);
    if (group < latest) return { expected: "bottom to top, p1's (the active player's) triggered abilities, then p2's", observed: shown(), rule: '603.3b' };
    latest = group;
  }
  let ordered = 0;
  for (const who of want.players) {
    const named = added.filter((o) => o.controller === who && want.ordered[who].includes(abilityKey(o))).map(abilityKey);
    ordered += new Set(named).size > 1 ? 1 : 0;
    if (named.length > 1 && !sameShown(named, want.ordered[who])) return { expected: `bottom to top, ${who}'s abilities in the order the action names: ${[...new Set(want.ordered[who])].join(', ')}`, observed: shown(), rule: '603.3b' };
  }
  return want.players.length > 1 || ordered > 0 ? undefined : 'nothing';
}

export const apnapOrder: Property = {
  id: 'triggers.apnap-order',
  rules: ['603.3b'],
  statement:
    "Abilities that trigger together go on the stack active player's first, then the other player's (the other player's resolve first), each player's in the order the action names, in any order where it names none.",
  needs: TRIGGER_NEEDS,
  applies: (s) => features(s).triggers,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      if (!(step.action.do === 'resolve' && step.action.untilEmpty)) {
        // Judged on the stack as the engine shows it, not on the engine's own list of what triggered.
        // A player who lost ended the game before anything could go on the stack (CR 104.2a).
        if (step.after.players.some((p) => p.lost)) continue;
        const problem = stackOrderProblem(step);
        if (problem === 'nothing') continue;
        if (problem) c.fail(step, problem.expected, problem.observed, 'stack', problem.rule);
        else c.checkedOne();
        if (c.done) break;
        continue;
      }
      // Resolving until empty shows no stack in between: the engine's list is all there is to read.
      const list: TriggerEvent[] = step.step.triggered ?? [];
      if (new Set(list.map((t) => t.controller)).size < 2) continue;
      // Within one batch (an untilEmpty step may hold several), p1's come before p2's.
      const batches = new Map<string, TriggerEvent[]>();
      // An ability that never reached the stack (no legal target) has no id and no place on it to judge.
      for (const t of list) {
        if (!t.id) continue;
        const batch = t.id.replace(/\.t\d+$/, '');
        batches.set(batch, [...(batches.get(batch) ?? []), t]);
      }
      const bad = [...batches.values()].find((b) => b.findIndex((t) => t.controller === 'p2') < b.map((t) => t.controller).lastIndexOf('p1') && b.some((t) => t.controller === 'p2'));
      if (bad) c.fail(step, "p1's triggered abilities go on the stack before p2's", show(bad.map((t) => `${t.controller}:${t.source}`)), 'reported', '603.3b');
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
