// What an action from outside the scenario's cards does (counter, return, destroy, tap, put onto the
// battlefield, exile and return, clone) and what it needs to be taken: each moves exactly the objects
// it names, to the zones the rules send them to (CR 400.7: a new object each time; a copy of a spell
// or a token that leaves ceases to exist, 707.10a), and nothing else moves.
import type { CardDefinition, Effect, ObservedPermanent, ObservedState } from '../model/schema-types.ts';
import type { NAction, PlayerId } from '../model/scenario.ts';
import { permanentOn, spells, type Run, type RunStep } from './run.ts';
import { permanentDef } from './definitions.ts';
import { diesAtOnce } from './entries.ts';
import { kickTimes, NOT_KICKED } from '../model/kick.ts';
import { counterable, ownerOf, permanentLeaves, spellLeaves } from './zone-moves.ts';

/** The actions from outside the cards whose outcome is predicted here. */
export const JUDGED = new Set<NAction['do']>(['counter', 'bounce', 'destroy', 'destroyAll', 'tap', 'untap', 'putOntoBattlefield', 'flicker', 'clone']);


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
export interface Outcome {
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
export function expectedOutcome(run: Run, step: RunStep): Outcome | undefined {
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
    const move = permanentLeaves(p);
    if (move && to !== 'exile') o[to][move.owner].push(move.card);
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
        if (a.do === 'counter' && !counterable(run, spell)) break;
        o.stack = o.stack.filter((id) => id !== spell.id);
        const move = spellLeaves(run, spell);
        if (move) o[a.do === 'counter' ? 'graveyard' : 'hand'][move.owner].push(move.card);
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

/** Card types that make a permanent card: one that can be put onto the battlefield (CR 110.4). */
const PERMANENT_TYPES: ReadonlySet<string> = new Set(['Artifact', 'Battle', 'Creature', 'Enchantment', 'Land', 'Planeswalker']);

/**
 * What an action from outside the cards needs in the state before it to be taken, and whether that
 * holds there; undefined for a cast or a copy, which the casting and copy properties judge.
 */
export function takenWhen(run: Run, step: RunStep): { needs: string; holds: boolean } | undefined {
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
