// An intervening "if" is checked again as the ability resolves (CR 603.4, 608.2a), about the same
// object: the board as it is then, or how the permanent whose entering triggered it was kicked (a
// flickered permanent is a new object, CR 400.7, but the ability still asks about the old one).
import { formatPool, toPool } from '../model/mana.ts';
import { NOT_KICKED, triggerConditionHolds, type Kick } from '../model/kick.ts';
import type { ObservedState, StackAbility, TriggeredAbility } from '../model/schema-types.ts';
import { abilityOf } from '../oracle/definitions.ts';
import { controlConditionHolds } from '../oracle/conditions.ts';
import { newObjectSinceTargeted } from '../oracle/targeted-objects.ts';
import { declaredKick, kickOf } from '../oracle/kicks.ts';
import { Checker, show, type Property, type Run, type RunStep } from './property.ts';
import { features } from './features.ts';

/** How the object an ability's event was about was kicked, from the step that put the ability on the stack. */
function subjectKick(run: Run, ability: StackAbility, def: TriggeredAbility): Kick | undefined {
  const origin = run.steps.find((s) => (s.step.triggered ?? []).some((t) => t.id === ability.id));
  if (!origin) return undefined;
  const a = origin.action;
  if (def.event === 'spellCast') return a.do === 'cast' ? declaredKick(a) : undefined;
  if (def.event !== 'selfEnters') return NOT_KICKED;
  // It entered in that step: from its spell resolving (kicked as cast), or without being cast.
  if (a.do === 'resolve' && !a.untilEmpty) {
    const top = origin.before.stack.at(-1);
    return top?.kind === 'spell' && top.id === ability.source ? kickOf(run, top, origin.index) : undefined;
  }
  return a.do === 'putOntoBattlefield' || a.do === 'flicker' || a.do === 'clone' ? NOT_KICKED : undefined;
}

/** What changed in a step besides the stack, for "does nothing": mana added counts too. */
function changes(step: RunStep): string | undefined {
  const seen = (s: ObservedState) =>
    show({
      players: s.players.map((p) => [p.id, p.life, [...p.hand].sort(), p.graveyard, p.library ?? null, p.mana ? formatPool(toPool(p.mana)) : null]),
      battlefield: s.battlefield.map((p) => [p.id, p.counters, p.damage ?? 0, p.tapped, p.power ?? null, p.toughness ?? null]),
    });
  return seen(step.before) === seen(step.after) ? undefined : 'life, mana, cards or permanents changed';
}

/** What an ability that does its simple effects must change: a controller's life or hand, the battlefield, or its source's counters. */
function didSomething(step: RunStep, def: TriggeredAbility, controller: 'p1' | 'p2', source: string, sourceIsNew: boolean): boolean | undefined {
  const effects = def.effects.filter((e) => (e.condition ?? 'always') === 'always');
  if (effects.length === 0 || effects.length !== def.effects.length) return undefined;
  const before = step.before.players.find((p) => p.id === controller)!;
  const after = step.after.players.find((p) => p.id === controller)!;
  for (const e of effects) {
    if (e.kind === 'gainLife' && typeof e.amount === 'number' && e.amount > 0) return after.life > before.life;
    if (e.kind === 'draw' && before.library !== undefined && before.library.length > 0) return after.hand.length > before.hand.length;
    if (e.kind === 'createToken') return step.after.battlefield.some((p) => p.token && !step.before.battlefield.some((b) => b.id === p.id));
    if (e.kind === 'putCounters' && e.self && e.counter !== undefined && typeof e.amount === 'number' && e.amount > 0) {
      // On its source, when it is still on the battlefield after the step (it may have died of them),
      // and still the object that triggered: one that left and came back is a new object the
      // ability cannot find (CR 400.7).
      const counters = (s: ObservedState) => s.battlefield.find((p) => p.id === source)?.counters?.[e.counter!];
      if (sourceIsNew || !step.after.battlefield.some((p) => p.id === source)) continue;
      return (counters(step.after) ?? 0) > (counters(step.before) ?? 0);
    }
  }
  return undefined;
}

export const interveningIfOnResolution: Property = {
  id: 'triggers.intervening-if-on-resolution',
  rules: ['603.4', '608.2a', '400.7'],
  statement:
    'An ability with an intervening "if" checks it again as it resolves, about the same object: when the board no longer meets it the ability does nothing, and a permanent\'s "if it was kicked" still holds after that permanent left or came back as a new object.',
  needs: { mechanics: ['triggers'], observes: ['step.triggered'] },
  applies: (s) => features(s).triggerIf,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      if (step.action.do !== 'resolve' || step.action.untilEmpty) continue;
      const top = step.before.stack.at(-1);
      if (top?.kind !== 'ability') continue;
      const def = abilityOf(run, step.index, top.source, top.ability);
      if (!def || (def.if === undefined && def.ifYouControl === undefined)) continue;
      const kick = def.if === undefined ? NOT_KICKED : subjectKick(run, top, def);
      if (!kick) continue;
      const holds = triggerConditionHolds(def.if, kick) && controlConditionHolds(run, step.before, step.index, def, top.controller, top.source);
      const what = `${top.id} (${top.source}#${top.ability}${def.if ? `, if ${def.if}` : ''}${def.ifYouControl ? `, if you control ${show(def.ifYouControl)}` : ''})`;
      if (!holds) {
        const changed = changes(step);
        if (changed) c.fail(step, `${what} does nothing: its condition no longer holds`, changed, 'resolved-anyway', '608.2a');
        else c.checkedOne();
      } else {
        const did = didSomething(step, def, top.controller, top.source, newObjectSinceTargeted(run, step, top.source, top.id));
        if (did === false) c.fail(step, `${what} does what it says: its condition still holds`, 'nothing changed', 'did-nothing', '603.4');
        else if (did === true) c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
