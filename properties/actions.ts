// The scenario's actions besides casting, copying and resolving one object: effects from outside the
// scenario's cards that counter, return, destroy, tap, put onto the battlefield, exile and return
// (flicker) and clone, and resolving everything. Each moves exactly the objects it names, to the
// zones the rules send them to (CR 400.7: a new object each time; a copy of a spell or a token that
// leaves ceases to exist, 707.10a), and nothing else moves.
import type { CardDefinition, Effect, ObservedPermanent, ObservedState } from '../model/schema-types.ts';
import { PLAYER_IDS, type NAction, type NormalizedScenario, type PlayerId } from '../model/scenario.ts';
import { sameJson } from '../model/compare.ts';
import { Checker, permanentOn, sameMembers, show, spells, type Property, type Run, type RunStep } from './property.ts';
import { permanentDef } from '../oracle/expectations.ts';
import { diesAtOnce } from '../oracle/entries.ts';
import { kickTimes, NOT_KICKED } from '../model/kick.ts';
import { formatPool, poolsEqual, toPool } from '../model/mana.ts';
import { familyOf } from '../model/rejections.ts';
import { features } from './features.ts';

const JUDGED = new Set<NAction['do']>(['counter', 'bounce', 'destroy', 'destroyAll', 'tap', 'untap', 'putOntoBattlefield', 'flicker', 'clone']);

/** Whether the script has an action this property judges: asked of every scenario, so a loop and no list. */
function judgedAction(s: NormalizedScenario): boolean {
  for (const d of features(s).does) if (JUDGED.has(d)) return true;
  return false;
}

/** The player whose starting zones hold a card: its owner for good. */
export function ownerOf(run: Run, card: string): PlayerId | undefined {
  // Each zone looked into in place, no list of them made: asked at every counter, bounce and entry.
  for (const x of run.scenario.players) {
    if ((x.hand ?? NO_IDS).includes(card) || (x.library ?? NO_IDS).includes(card) || (x.graveyard ?? NO_IDS).includes(card)) return x.id;
    for (const b of x.battlefield ?? NO_PERMANENTS) if (b.card === card) return x.id;
  }
  return undefined;
}

const NO_IDS: readonly string[] = [];
const NO_PERMANENTS: readonly { card: string }[] = [];

/** A created token has no card: its kind comes from the effect that describes it. */
function tokenDef(run: Run, p: ObservedPermanent): CardDefinition | undefined {
  for (const c of run.scenario.cards) {
    // The card's own effects, then its abilities', looked into in place: the first that makes one of that name.
    let maker = tokenMaker(c.definition.effects, p.name);
    for (const t of c.definition.triggers ?? []) maker ??= tokenMaker(t.effects, p.name);
    const made = maker?.token;
    if (made) return { name: made.name, types: made.types, ...(made.subtypes ? { subtypes: made.subtypes } : {}) };
  }
  return undefined;
}

/** The first effect of a list that makes a token of that name. */
function tokenMaker(effects: readonly Effect[] | undefined, name: string): Effect | undefined {
  for (const e of effects ?? []) if (e.kind === 'createToken' && e.token?.name === name) return e;
  return undefined;
}

/** What an action should leave: the permanents and spells there, each player's hand and graveyard, what is tapped. */
interface Outcome {
  /** Each id once (a list, not a set: made at every action judged, and compared in any order). */
  battlefield: string[];
  /** Permanents that enter and may die at once to state-based actions (0 toughness), with their owners: their cards then go to the graveyard. */
  mayDie: Map<string, PlayerId>;
  /** The stack as it was, less the spells the action takes off it (in order, abilities included). */
  stack: string[];
  hand: Record<PlayerId, string[]>;
  graveyard: Record<PlayerId, string[]>;
  tapped: Map<string, boolean>;
}

/** The permanents' ids, each once, in order. */
function uniqueIds(permanents: readonly ObservedPermanent[]): string[] {
  const ids: string[] = [];
  for (const p of permanents) if (!ids.includes(p.id)) ids.push(p.id);
  return ids;
}

/** Whether it enters tapped (an "enters tapped" replacement that applies to something never kicked, CR 400.7). */
const entersTapped = (def: CardDefinition | undefined) => (def?.entersWith ?? []).some((e) => e.tapped && kickTimes(e.condition, NOT_KICKED) > 0);

/** The outcome the rules call for, or undefined for an action this property does not judge. */
function expectedOutcome(run: Run, step: RunStep): Outcome | undefined {
  const a = step.action;
  if (!JUDGED.has(a.do)) return undefined;
  const before: ObservedState = step.before;
  const o: Outcome = {
    battlefield: uniqueIds(before.battlefield),
    mayDie: new Map(),
    stack: before.stack.map((s) => s.id),
    hand: { p1: [...before.players[0]!.hand], p2: [...before.players[1]!.hand] },
    graveyard: { p1: [...before.players[0]!.graveyard], p2: [...before.players[1]!.graveyard] },
    tapped: new Map(),
  };
  const take = (list: string[], id: string) => list.splice(list.indexOf(id), list.includes(id) ? 1 : 0);
  const leave = (p: ObservedPermanent, to: 'graveyard' | 'hand' | 'exile') => {
    const i = o.battlefield.indexOf(p.id);
    if (i !== -1) o.battlefield.splice(i, 1);
    if (!p.token && to !== 'exile') o[to][p.owner].push(p.card ?? p.id);
  };
  // A legendary permanent entering beside one of the same name: the legend rule puts one of them,
  // the player's choice, into the graveyard (CR 704.5j); game.legend-rule judges that, not this.
  let legendRule = false;
  const enter = (id: string, def: CardDefinition | undefined, tapped: boolean, owner: PlayerId | undefined) => {
    if ((def?.supertypes ?? []).includes('Legendary') && before.battlefield.some((p) => p.id !== id && o.battlefield.includes(p.id) && p.name === def!.name)) legendRule = true;
    if (!o.battlefield.includes(id)) o.battlefield.push(id);
    o.tapped.set(id, tapped || entersTapped(def));
    if (diesAtOnce(def, NOT_KICKED) && owner) o.mayDie.set(id, owner);
  };
  const permanent = (id: string) => permanentOn(before, id);
  switch (a.do) {
    case 'counter':
    case 'bounce': {
      const spell = spells(before).find((s) => s.id === (a.do === 'counter' ? a.spell : a.object));
      if (spell) {
        // A spell that can't be countered stays where it is.
        if (a.do === 'counter' && run.def(spell.card)?.cantBeCountered) break;
        o.stack = o.stack.filter((id) => id !== spell.id);
        const owner = ownerOf(run, spell.card);
        if (!spell.copy && owner) o[a.do === 'counter' ? 'graveyard' : 'hand'][owner].push(spell.card);
      } else if (a.do === 'bounce' && permanent(a.object)) leave(permanent(a.object)!, 'hand');
      break;
    }
    case 'destroy':
      if (permanent(a.permanent)) leave(permanent(a.permanent)!, 'graveyard');
      break;
    case 'destroyAll':
      for (const p of before.battlefield) {
        const def = permanentDef(run, p.id, step.index) ?? tokenDef(run, p);
        if (!def) return undefined;
        const f = a.filter;
        const fits = (!f.types || f.types.some((t) => def.types.includes(t))) && (!f.subtypes || f.subtypes.some((t) => (def.subtypes ?? []).includes(t)));
        if (fits) leave(p, 'graveyard');
      }
      break;
    case 'tap':
    case 'untap':
      o.tapped.set(a.permanent, a.do === 'tap');
      break;
    case 'putOntoBattlefield':
    case 'clone': {
      const zone = o.hand[a.player].includes(a.card) ? o.hand[a.player] : o.graveyard[a.player];
      take(zone, a.card);
      const def = a.do === 'clone' ? permanentDef(run, a.copyOf, step.index) : run.def(a.card);
      enter(a.card, def, a.do === 'putOntoBattlefield' && (a.tapped ?? false), ownerOf(run, a.card));
      break;
    }
    case 'flicker': {
      const p = permanent(a.permanent);
      if (!p) break;
      leave(p, 'exile');
      // A token exiled ceases to exist; a card comes back as a new object, untapped.
      if (!p.token) enter(p.id, permanentDef(run, p.id, step.index), false, p.owner);
      break;
    }
  }
  return legendRule ? undefined : o;
}

export const actionsAsDeclared: Property = {
  id: 'actions.as-declared',
  rules: ['400.7', '707.10a', '110.5'],
  statement:
    'An action from outside the cards (counter, return to hand, destroy, destroy all, tap, untap, put onto the battlefield, flicker, clone) moves and taps exactly what it names, to the zones the rules send it to; resolving everything empties the stack.',
  applies: (s) => features(s).resolvesAll || judgedAction(s),
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      const a = step.action;
      if (a.do === 'resolve' && a.untilEmpty) {
        // A player who loses partway ends the game (CR 104.2a, 704.5a-b) with what is left still on the stack: game.loss-ends-the-game judges that.
        const over = step.after.players.some((p) => p.lost);
        if (!over && step.after.stack.length > 0) c.fail(step, 'the stack is empty once everything has resolved', `${step.after.stack.map((x) => x.id).join(', ')} on the stack`);
        else if (!over) c.checkedOne();
      }
      const want = expectedOutcome(run, step);
      if (want) {
        const wrong = outcomeProblem(step, want);
        if (wrong) c.fail(step, wrong.expected, wrong.observed);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

function outcomeProblem(step: RunStep, want: Outcome): { expected: string; observed: string } | undefined {
  const after = step.after;
  // Most actions make nothing that may die at once: no lists made for it then.
  const died = want.mayDie.size === 0 ? NONE : [...want.mayDie.keys()].filter((id) => !after.battlefield.some((p) => p.id === id));
  const there = died.length === 0 ? want.battlefield : want.battlefield.filter((id) => !died.includes(id));
  const got = after.battlefield.map((p) => p.id);
  if (!sameMembers(there, got)) return { expected: `on the battlefield: ${there.sort().join(', ') || 'nothing'}`, observed: got.sort().join(', ') || 'nothing' };
  // What stays on the stack stays in order; what the action triggered goes on top of it.
  if (!stackKept(after.stack, want.stack)) {
    return { expected: `on the stack: ${want.stack.join(', ') || 'nothing'}, then only abilities it triggered`, observed: after.stack.map((x) => x.id).join(', ') || 'nothing' };
  }
  for (let i = 0; i < 2; i++) {
    const id = PLAYER_IDS[i]!;
    const p = after.players[i]!;
    const b = step.before.players[i]!;
    // A card that entered and died at once to state-based actions is in its owner's graveyard.
    const graveyard = died.length === 0 ? want.graveyard[id] : [...want.graveyard[id], ...died.filter((x) => want.mayDie.get(x) === id)];
    const hand = want.hand[id];
    if (!sameMembers(hand, p.hand)) return { expected: `${id}'s hand ${show([...hand].sort())}`, observed: show([...p.hand].sort()) };
    if (!sameMembers(graveyard, p.graveyard)) return { expected: `${id}'s graveyard ${show([...graveyard].sort())}`, observed: show([...p.graveyard].sort()) };
    // Nothing resolves in these steps: life, library and mana stay as they were.
    if (p.life !== b.life) return { expected: `${id}'s life unchanged: ${b.life}`, observed: String(p.life) };
    if (b.library && p.library && !sameJson(b.library, p.library)) return { expected: `${id}'s library unchanged: ${show(b.library)}`, observed: show(p.library) };
    if (b.mana && p.mana && !poolsEqual(toPool(b.mana), toPool(p.mana))) return { expected: `${id}'s mana unchanged: ${formatPool(toPool(b.mana))}`, observed: formatPool(toPool(p.mana)) };
  }
  for (const [id, tapped] of want.tapped) {
    const p = after.battlefield.find((x) => x.id === id);
    if (p && p.tapped !== tapped) return { expected: `${id} is ${tapped ? 'tapped' : 'untapped'}`, observed: p.tapped ? 'tapped' : 'untapped' };
  }
  return undefined;
}

const NONE: readonly string[] = [];

/** Whether the stack holds the objects kept, in order, and above them only abilities that are not among them. */
function stackKept(stack: ObservedState['stack'], kept: readonly string[]): boolean {
  if (stack.length < kept.length) return false;
  for (let i = 0; i < kept.length; i++) if (stack[i]!.id !== kept[i]) return false;
  for (let i = kept.length; i < stack.length; i++) {
    const x = stack[i]!;
    if (x.kind !== 'ability' || kept.includes(x.id)) return false;
  }
  return true;
}

/** Card types that make a permanent card: one that can be put onto the battlefield (CR 110.4). */
const PERMANENT_TYPES: ReadonlySet<string> = new Set(['Artifact', 'Battle', 'Creature', 'Enchantment', 'Land', 'Planeswalker']);

/**
 * What an action from outside the cards needs in the state before it to be taken, and whether that
 * holds there; undefined for a cast or a copy, which the casting and copy properties judge.
 */
function takenWhen(run: Run, step: RunStep): { needs: string; holds: boolean } | undefined {
  const a = step.action;
  // Targets given for what the action triggers may be illegal, and the action refused for them; an
  // order for them never is (CR 603.3b: the player puts them on the stack in any order).
  if (a.triggerTargets) return undefined;
  const b = step.before;
  const spellThere = (id: string) => b.stack.some((o) => o.kind === 'spell' && o.id === id);
  const permanentThere = (id: string) => b.battlefield.some((p) => p.id === id);
  const player = (id: PlayerId) => b.players.find((p) => p.id === id);
  switch (a.do) {
    case 'resolve':
      // A resolution's own choices (new targets for a copy, choices as it resolves) may be illegal: one with them is not judged here.
      if (a.newTargets || a.choices) return undefined;
      // Resolving everything is passing priority until the stack is empty: possible on an empty stack too.
      return a.untilEmpty ? { needs: 'nothing (resolve everything)', holds: true } : { needs: 'an object on the stack to resolve', holds: b.stack.length > 0 };
    case 'counter':
      return { needs: `${a.spell}, a spell on the stack`, holds: spellThere(a.spell) };
    case 'bounce':
      return { needs: `${a.object}, a spell on the stack or a permanent`, holds: spellThere(a.object) || permanentThere(a.object) };
    case 'destroy':
    case 'flicker':
    case 'tap':
    case 'untap':
      return { needs: `${a.permanent}, a permanent`, holds: permanentThere(a.permanent) };
    case 'destroyAll':
      return { needs: 'nothing', holds: true };
    case 'putOntoBattlefield': {
      const p = player(a.player);
      const permanentCard = (run.def(a.card)?.types ?? []).some((t) => PERMANENT_TYPES.has(t));
      return { needs: `${a.card}, a permanent card, in ${a.player}'s hand or graveyard`, holds: permanentCard && !!p && (p.hand.includes(a.card) || p.graveyard.includes(a.card)) };
    }
    case 'clone':
      return { needs: `${a.card} in ${a.player}'s hand and ${a.copyOf}, a permanent, to copy`, holds: !!player(a.player)?.hand.includes(a.card) && permanentThere(a.copyOf) };
    default:
      return undefined;
  }
}

export const actionsTakenWhenPossible: Property = {
  id: 'actions.taken-when-possible',
  rules: ['117.4', '608.1'],
  statement:
    'While the game is on, an action from outside the cards is taken whenever what it names is there: resolving with an object on the stack (all players pass, and the top object resolves), countering or returning a spell on the stack, destroying, tapping, untapping, flickering or returning a permanent, putting a permanent card onto the battlefield from its player’s hand or graveyard, cloning a permanent from hand; one that names what is not there is rejected as illegal-object.',
  applies: (s) => {
    // A loop over the kinds of action, no list of them made: asked of every scenario.
    for (const d of features(s).does) if (d !== 'cast' && d !== 'copy') return true;
    return false;
  },
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const outcome = step.step.outcome;
      if (outcome === 'unsupported') continue;
      const need = takenWhen(run, step);
      if (!need) continue;
      const observed = `${outcome}${step.step.reason ? ` (${step.step.reason})` : ''}`;
      if (need.holds && outcome !== 'accepted') c.fail(step, `accepted: it needs ${need.needs}, and that is there`, observed, 'refused');
      else if (!need.holds && (outcome !== 'rejected' || familyOf(step.step.reason ?? '')?.id !== 'illegal-object')) {
        c.fail(step, `rejected as illegal-object: it needs ${need.needs}, and that is not there`, observed, 'taken');
      } else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
