// Triggered abilities (CR 603): how many times each event triggers what (603.2, 603.2c-e, 603.2h,
// 603.4, 601.2i), compared with what the engine reports triggered; the counts for casts and entries
// are the oracle's (oracle/triggers.ts). How they go on the stack is trigger-stacking.ts.
import type { TriggeredAbility } from '../model/schema-types.ts';
import type { NCastAction } from '../model/scenario.ts';
import { Checker, permanentOn, show, type Property, type Run, type RunStep } from './property.ts';
import { timesKicked, triggerConditionHolds } from '../model/kick.ts';
import { entries, type Entry } from '../oracle/entries.ts';
import { declaredKick } from '../oracle/kicks.ts';
import { abilityOf } from '../oracle/definitions.ts';
import { addCount, doneOnce, expectedOnCast, expectedOnEnter, sourcesIn, whoseOk, type Source, type TriggerCounts } from '../oracle/triggers.ts';
import { features } from './features.ts';
import { exactCounts, failCounts } from './multiplied.ts';

export const TRIGGER_NEEDS = { mechanics: ['triggers' as const], observes: ['step.triggered' as const] };

/** Whether a permanent on the battlefield before a step is not there after it. */
function leftBattlefield(step: RunStep): boolean {
  return step.before.battlefield.some((p) => !step.after.battlefield.some((q) => q.id === p.id));
}

function observed(step: RunStep, events: readonly TriggeredAbility['event'][], run: Run): TriggerCounts {
  const out: TriggerCounts = new Map();
  for (const t of step.step.triggered ?? []) {
    const ability = abilityOf(run, step.index, t.source, t.ability);
    if (ability && events.includes(ability.event)) addCount(out, `${t.source}#${t.ability}`);
  }
  return out;
}

function same(a: TriggerCounts, b: TriggerCounts): boolean {
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].every((k) => (a.get(k) ?? 0) === (b.get(k) ?? 0));
}

const showMap = (m: TriggerCounts) => (m.size === 0 ? 'nothing' : [...m].sort(([x], [y]) => (x < y ? -1 : 1)).map(([k, n]) => `${k}×${n}`).join(', '));

function observedFrom(step: RunStep, run: Run, source: string): TriggerCounts {
  const out: TriggerCounts = new Map();
  for (const t of step.step.triggered ?? []) {
    if (t.source === source && abilityOf(run, step.index, t.source, t.ability)?.event === 'selfEnters') addCount(out, `${t.source}#${t.ability}`);
  }
  return out;
}

export const castTriggersOncePerCast: Property = {
  id: 'triggers.cast-triggers-once-per-cast',
  rules: ['601.2i', '603.2', '603.2d', '603.4'],
  statement: 'Each "whenever a player casts a (kicked) spell" ability triggers exactly once per cast whose spell fits it, as the spell becomes cast.',
  needs: TRIGGER_NEEDS,
  applies: (s) => features(s).triggerEvents.has('spellCast'),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      if (step.action.do !== 'cast') continue;
      const want = expectedOnCast(run, step as RunStep & { action: NCastAction });
      const got = observed(step, ['spellCast'], run);
      if (!same(want, got)) failCounts(c, run, step, `${step.action.card} cast`, exactCounts(want, got), `cast triggers ${showMap(want)}`, showMap(got));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** Judges, into `c`, what each entry `filter` keeps should have triggered of its own enters abilities. */
function judgeEntries(c: Checker, run: Run, filter: (e: Entry) => boolean): void {
  // An entry that is not there is the permanents properties' failure; what triggered is judged with it there.
  for (const e of entries(run).filter((x) => !x.absent && filter(x))) {
    const want = expectedOnEnter(run, e);
    const got = observedFrom(e.step, run, e.id);
    if (!same(want, got)) c.fail(e.step, `${e.id} entering (kicked ${timesKicked(e.kick)} times, ${e.kick.kicker.join('') || 'no'} kicker costs) triggers ${showMap(want)}`, showMap(got));
    else c.checkedOne();
    if (c.done) break;
  }
}

function entersCheck(run: Run, filter: (e: Entry) => boolean): ReturnType<Checker['verdict']> {
  const c = new Checker();
  judgeEntries(c, run, filter);
  return c.verdict();
}

/**
 * Judges, into `c`, the cast abilities whose intervening "if" about the spell's kick is false as it is
 * cast (CR 603.4): each triggers not at all. Only those that would trigger but for it (the caster is
 * one they watch, they are not done for the turn) are judged, so that this is the "if" alone.
 */
function judgeCastsIfFalse(c: Checker, run: Run): void {
  for (const step of run.accepted()) {
    const a = step.action;
    if (a.do !== 'cast') continue;
    const kick = declaredKick(a);
    const got = observed(step, ['spellCast'], run);
    const done = doneOnce(run, step.index);
    for (const s of sourcesIn(run, step.before, step.index)) {
      (s.def.triggers ?? []).forEach((ability, i) => {
        // An ability with no "if" holds always (triggerConditionHolds reads none as 'always').
        if (ability.event !== 'spellCast' || triggerConditionHolds(ability.if, kick)) return;
        if (!whoseOk(ability, s, a.player) || (ability.oncePerTurn && done.has(`${s.id}#${i}`))) return;
        const n = got.get(`${s.id}#${i}`) ?? 0;
        if (n > 0) c.fail(step, `${s.id}#${i} does not trigger: its intervening "if" (${ability.if}) is false for ${a.card}, cast kicked ${timesKicked(kick)} times`, `it triggered ${n} time(s)`);
        else c.checkedOne();
      });
    }
    if (c.done) break;
  }
}

const hasEnters = (s: Run['scenario']) => features(s).triggerEvents.has('selfEnters');

export const entersTriggerCount: Property = {
  id: 'triggers.enters-count',
  rules: ['603.2', '603.2d', '603.4', '603.6a'],
  statement:
    "A permanent's enters abilities trigger once each when their intervening 'if' holds, plus once more per trigger multiplier its controller has when it is an artifact or creature.",
  needs: TRIGGER_NEEDS,
  applies: hasEnters,
  check: (run) => entersCheck(run, () => true),
};

export const interveningIfFalse: Property = {
  id: 'triggers.intervening-if-false',
  rules: ['603.4', '702.33d'],
  statement:
    "An ability whose intervening 'if' is false as its event happens does not trigger at all: an enters ability with 'if it was kicked' for a permanent not kicked (or put onto the battlefield without being cast), a cast ability with 'if that spell was kicked' for a spell cast unkicked.",
  needs: TRIGGER_NEEDS,
  applies: (s) => features(s).selfEntersIf || features(s).spellCastIf,
  check(run) {
    const c = new Checker();
    judgeEntries(c, run, (e) => (e.def.triggers ?? []).some((t) => t.event === 'selfEnters' && t.if !== undefined && !triggerConditionHolds(t.if, e.kick)));
    if (!c.done) judgeCastsIfFalse(c, run);
    return c.verdict();
  },
};

export const linkedKickerAbilities: Property = {
  id: 'triggers.linked-kicker-abilities',
  rules: ['702.33f', '607.2i', '702.33e'],
  statement: 'An ability linked to one of two kicker costs ("if it was kicked with its A kicker") triggers exactly when that cost was declared.',
  needs: { ...TRIGGER_NEEDS, mechanics: ['triggers', 'kickerAB'] },
  applies: (s) => features(s).triggerIfKicked,
  check: (run) => entersCheck(run, (e) => (e.def.triggers ?? []).some((t) => t.if === 'kickedA' || t.if === 'kickedB')),
};

/** Lands that went from the battlefield to a graveyard in a step. */
function landsToGraveyard(run: Run, step: RunStep): Source[] {
  const graveyards = step.after.players.flatMap((p) => p.graveyard);
  return sourcesIn(run, step.before, step.index).filter(
    (s) => s.def.types.includes('Land') && !step.after.battlefield.some((p) => p.id === s.id) && graveyards.includes(s.id),
  );
}

export const landTriggersOncePerLand: Property = {
  id: 'triggers.once-per-land',
  rules: ['603.2c', '603.2d', '603.10'],
  statement: 'When several lands go to the graveyard at once (destroy all lands), a land-to-graveyard ability triggers once for each of them.',
  needs: TRIGGER_NEEDS,
  applies: (s) => features(s).triggerEvents.has('landToGraveyard'),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      if (step.action.do !== 'destroyAll' && step.action.do !== 'destroy' && step.action.do !== 'cast') continue;
      // No land went to a graveyard where nothing left the battlefield, and nothing triggered to judge.
      if (!leftBattlefield(step) && !step.step.triggered?.length) continue;
      const lands = landsToGraveyard(run, step);
      const done = doneOnce(run, step.index);
      const want: TriggerCounts = new Map();
      // Leaving the battlefield looks back: the watchers as they were before the event.
      for (const s of sourcesIn(run, step.before, step.index)) {
        (s.def.triggers ?? []).forEach((ability, i) => {
          if (ability.event !== 'landToGraveyard' || (ability.oncePerTurn && done.has(`${s.id}#${i}`))) return;
          addCount(want, `${s.id}#${i}`, lands.filter((l) => whoseOk(ability, s, l.controller)).length);
        });
      }
      const got = observed(step, ['landToGraveyard'], run);
      if (!same(want, got)) failCounts(c, run, step, `${lands.length} land(s) going to the graveyard`, exactCounts(want, got), `${lands.length} land(s) to the graveyard trigger ${showMap(want)}`, showMap(got));
      else if (lands.length > 0) c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/**
 * What the trace tells of the creatures that died in a step (CR 700.4), from the permanents before
 * it (`sources`): `certain`, creature cards that went from the battlefield to a graveyard, unless
 * something went to a hand in the same step (a card bounced, then discarded, is in the graveyard
 * without having died); `possible`, those and the tokens that left (a token that dies ceases to
 * exist, as one bounced does); `arrived`, the creature cards that reached a graveyard from elsewhere,
 * the one put onto the battlefield from a graveyard included (it may have entered and died in the
 * step, to the legend rule).
 */
function deathsIn(run: Run, step: RunStep, sources: readonly Source[], powersShown: boolean): { certain: Source[]; possible: Source[]; unknown: Source[]; arrived: number } {
  const graveyards = step.after.players.flatMap((p) => p.graveyard);
  const before = new Set(step.before.players.flatMap((p) => p.graveyard));
  const hands = new Set(step.after.players.flatMap((p) => p.hand));
  const left = sources.filter((s) => s.def.types.includes('Creature') && !step.after.battlefield.some((p) => p.id === s.id));
  const bounced = step.before.battlefield.some((p) => !step.after.battlefield.some((q) => q.id === p.id) && hands.has(p.id));
  const token = (s: Source) => permanentOn(step.before, s.id)?.token === true;
  const carded = left.filter((s) => !token(s) && graveyards.includes(s.id));
  // A card put onto the battlefield from a graveyard may go back to it in the same step (the legend rule).
  const put = step.action.do === 'putOntoBattlefield' || step.action.do === 'clone' ? step.action.card : undefined;
  const arrived = graveyards.filter((id) => (!before.has(id) || id === put) && !step.before.battlefield.some((p) => p.id === id) && run.def(id)?.types.includes('Creature') === true).length;
  // A token that no card describes (one an effect made) dies too as it leaves, if it was a creature:
  // one that shows power and toughness was (only creatures have them, CR 208.3); one that shows
  // neither was not, unless the engine shows no power at all, when it may have been.
  const made: Source[] = [];
  const unknown: Source[] = [];
  for (const p of step.before.battlefield) {
    if (!p.token || sources.some((s) => s.id === p.id) || step.after.battlefield.some((q) => q.id === p.id)) continue;
    const died: Source = { id: p.id, controller: p.controller, def: { name: p.name, types: ['Creature'] } };
    if (p.power !== undefined) made.push(died);
    else if (!powersShown) unknown.push(died);
  }
  return { certain: bounced ? [] : carded, possible: [...carded, ...left.filter(token), ...made], unknown, arrived };
}

export const creaturesDie: Property = {
  id: 'triggers.creatures-die',
  rules: ['603.2c', '603.2d', '603.6c', '603.2h', '603.10'],
  statement:
    'A "whenever one or more other creatures die" ability triggers once for each event in which a creature other than its source dies (of the players it names), looking back at the battlefield as it was: a creature destroyed on its own is one event, and so are all those a destroy-all destroys, the source among them; its source dying alone triggers nothing; "only once each turn" stops it after the first.',
  needs: TRIGGER_NEEDS,
  applies: (s) => features(s).triggerEvents.has('creaturesDie'),
  check(run, ctx) {
    const c = new Checker();
    const shown = ctx.capabilities?.observes;
    const powersShown = !shown || shown.includes('permanent.powerToughness');
    for (const step of run.accepted()) {
      // The step that ends the game may stop before its triggered abilities are put on the stack.
      if (step.after.players.some((p) => p.lost)) break;
      // Nothing died where nothing left the battlefield, and nothing triggered to judge: with no source
      // gone, no creature is certain or possible and every bound below is 0 or more, met by 0 triggers
      // (a card that only reached a graveyard raises an upper bound, which 0 never passes).
      if (!leftBattlefield(step) && !step.step.triggered?.length) continue;
      // The permanents as they were: the creatures that left, and the watchers that look back at them.
      const sources = sourcesIn(run, step.before, step.index);
      const { certain, possible, unknown, arrived } = deathsIn(run, step, sources, powersShown);
      const got = observed(step, ['creaturesDie'], run);
      if (possible.length + unknown.length + arrived === 0 && got.size === 0) continue;
      const done = doneOnce(run, step.index);
      const destroyed = step.action.do === 'destroy' ? step.action.permanent : undefined;
      for (const s of sources) {
        (s.def.triggers ?? []).forEach((ability, i) => {
          // Conditions are other properties' business (intervening "if", "if you control").
          if (ability.event !== 'creaturesDie' || ability.if !== undefined || ability.ifYouControl !== undefined) return;
          const key = `${s.id}#${i}`;
          const limited = ability.oncePerTurn === true || ability.triggersOnlyOnceEachTurn === true;
          const n = got.get(key) ?? 0;
          const others = (list: Source[]) => list.filter((d) => d.id !== s.id && whoseOk(ability, s, d.controller));
          let least: number;
          let most: number;
          if (limited && done.has(key)) least = most = 0;
          else if ((destroyed !== undefined && possible.some((d) => d.id === destroyed)) || step.action.do === 'destroyAll') {
            // One permanent destroyed from outside the cards, or every one a filter matches at once: one
            // event, with nothing else dying in it (no card changes toughness as others leave). A source
            // that dies in it looks back and sees the others die (CR 603.6c, 603.10).
            least = most = others(possible).length > 0 ? 1 : 0;
            if (least === 0 && others(unknown).length > 0) most = 1;
          } else {
            // Several events may share a step (a destroy effect, then state-based actions): at least one
            // if a creature surely died while the source stayed, at most one per creature that may have
            // died; a resolution can make tokens that enter and die unseen (a legend rule's choice).
            const stayed = step.after.battlefield.some((p) => p.id === s.id);
            least = stayed && others(certain).length > 0 ? 1 : 0;
            most = step.action.do === 'resolve' ? Infinity : others(possible).length + others(unknown).length + arrived;
            if (ability.triggersOnlyOnceEachTurn) most = Math.min(1, most);
          }
          if (n < least || n > most) {
            const dead = others(possible).map((d) => d.id);
            const want = least === most ? `${least} time(s)` : `${least} to ${most} times`;
            const expected = `${key} triggers ${want}: ${dead.length ? `${show(dead)} left the battlefield` : 'no other creature died'}${limited && done.has(key) ? ', and it is done for the turn' : ''}`;
            failCounts(c, run, step, 'creatures dying', [{ key, least, most, got: n }], expected, `${n} time(s)`);
          } else if (least > 0 || n > 0 || (most === 0 && possible.length > 0)) c.checkedOne();
        });
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const becomesTapped: Property = {
  id: 'triggers.becomes-tapped',
  rules: ['603.2e', '603.2', '603.2d'],
  statement: 'A "becomes tapped" ability triggers when a permanent changes from untapped to tapped, never for one that enters tapped.',
  needs: { ...TRIGGER_NEEDS, actions: ['tap'] },
  applies: (s) => features(s).triggerEvents.has('becomesTapped'),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      const a = step.action;
      let tapped: string | undefined;
      if (a.do === 'tap' && step.before.battlefield.some((p) => p.id === a.permanent && !p.tapped)) tapped = a.permanent;
      else if (!(a.do === 'putOntoBattlefield' && a.tapped) && a.do !== 'tap') continue;
      const done = doneOnce(run, step.index);
      const want: TriggerCounts = new Map();
      if (tapped) {
        const target = sourcesIn(run, step.after, step.index + 1).find((s) => s.id === tapped);
        if (!step.after.battlefield.some((p) => p.id === tapped)) {
          c.fail(step, `${tapped} is still on the battlefield once tapped`, 'it is not');
          break;
        }
        for (const s of sourcesIn(run, step.before, step.index)) {
          (s.def.triggers ?? []).forEach((ability, i) => {
            if (ability.event !== 'becomesTapped' || !target || (ability.oncePerTurn && done.has(`${s.id}#${i}`))) return;
            const f = ability.filter;
            const fits = (!f?.types || f.types.some((t) => target.def.types.includes(t))) && (!f?.subtypes || f.subtypes.some((t) => (target.def.subtypes ?? []).includes(t)));
            if (fits && whoseOk(ability, s, target.controller)) addCount(want, `${s.id}#${i}`);
          });
        }
      }
      const got = observed(step, ['becomesTapped'], run);
      // A tap of a permanent already tapped changes nothing: no event, so nothing triggers (CR 603.2e).
      const what = tapped ? `tapping ${tapped}` : a.do === 'tap' ? `tapping ${a.permanent}, already tapped,` : 'entering tapped';
      if (!same(want, got)) failCounts(c, run, step, what, exactCounts(want, got), `${what} triggers ${showMap(want)}`, showMap(got));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const onceEachTurn: Property = {
  id: 'triggers.once-each-turn',
  rules: ['603.2h'],
  statement:
    'An ability with "do this only once each turn" does not trigger again once it has resolved this turn; one that "triggers only once each turn" does not trigger again once it has triggered.',
  needs: TRIGGER_NEEDS,
  applies: (s) => features(s).triggerOncePerTurn,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      // Its own copy: what triggers in this step is added as it goes.
      const done = new Set(doneOnce(run, step.index));
      for (const t of step.step.triggered ?? []) {
        const ability = abilityOf(run, step.index, t.source, t.ability);
        if (!ability?.oncePerTurn && !ability?.triggersOnlyOnceEachTurn) continue;
        if (done.has(`${t.source}#${t.ability}`)) c.fail(step, `${t.source}#${t.ability} triggers no more this turn: it has ${ability.oncePerTurn ? 'resolved' : 'triggered'}`, 'it triggered');
        else c.checkedOne();
        if (ability.triggersOnlyOnceEachTurn) done.add(`${t.source}#${t.ability}`);
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
