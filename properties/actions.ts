// The scenario's actions besides casting, copying and resolving one object: effects from outside the
// scenario's cards that counter, return, destroy, tap, put onto the battlefield, exile and return
// (flicker) and clone, and resolving everything. Each moves exactly the objects it names, to the
// zones the rules send them to (CR 400.7: a new object each time; a copy of a spell or a token that
// leaves ceases to exist, 707.10a), and nothing else moves.
import type { ObservedState } from '../model/schema-types.ts';
import { PLAYER_IDS, type NormalizedScenario } from '../model/scenario.ts';
import { sameJson } from '../model/compare.ts';
import { Checker, sameMembers, show, type Property, type RunStep } from './property.ts';
import { expectedOutcome, JUDGED, takenWhen, type Outcome } from '../oracle/outside-actions.ts';
import { formatPool, poolsEqual, toPool } from '../model/mana.ts';
import { familyOf } from '../model/rejections.ts';
import { features } from './features.ts';

/** Whether the script has an action this property judges: asked of every scenario, so a loop and no list. */
function judgedAction(s: NormalizedScenario): boolean {
  for (const d of features(s).does) if (JUDGED.has(d)) return true;
  return false;
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
