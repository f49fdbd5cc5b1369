// The game as a whole: losing it (CR 704.5a-b, 104.2a) and the legend rule (704.5j), both
// state-based actions checked after every action.
import type { ObservedState } from '../model/schema-types.ts';
import { permanentDef } from '../oracle/definitions.ts';
import { expectedResolution } from '../oracle/resolution.ts';
import { Checker, permanentOn, show, type Property, type Run } from './property.ts';
import { features } from './features.ts';

/** What a game-over rejection must leave as it was. */
const snapshot = (s: ObservedState) =>
  show({ stack: s.stack.map((o) => o.id), battlefield: s.battlefield.map((p) => p.id).sort(), players: s.players.map((p) => [p.id, p.life, [...p.hand].sort(), p.graveyard]) });

export const lossEndsTheGame: Property = {
  id: 'game.loss-ends-the-game',
  rules: ['704.5a', '704.5b', '104.2a', '603.3'],
  statement:
    'A player at 0 life or less, or who drew from an empty library, loses as state-based actions are checked; the game is then over: what triggered is never put on the stack, and every later action is rejected as game-over and changes nothing.',
  applies: () => true,
  check(run) {
    const c = new Checker();
    let over: { at: number; state: ObservedState; shown: string } | undefined;
    for (const step of run.allSteps) {
      if (over) {
        if (step.step.outcome !== 'rejected' || step.step.reason !== 'game-over') c.fail(step, 'rejected as game-over: a player has lost', `${step.step.outcome}${step.step.reason ? ` (${step.step.reason})` : ''}`);
        else if (step.after !== over.state && snapshot(step.after) !== over.shown) c.fail(step, 'the game as it ended', 'it changed');
        else c.checkedOne();
        if (c.done) break;
        continue;
      }
      if (step.step.outcome !== 'accepted') continue;
      const dead = step.after.players.find((p) => p.life <= 0 && !p.lost);
      // A spell that makes its controller draw more cards than their library holds (CR 121.3, 704.5a):
      // worked out only for a resolution, where a card of the scenario can make anyone draw.
      const e = !dead && step.action.do === 'resolve' && features(run.scenario).drawEffect ? expectedResolution(run, step) : undefined;
      const library = e && !e.fizzled ? step.before.players.find((p) => p.id === e.resolving.controller)?.library : undefined;
      const drewEmpty = e && library !== undefined && e.draws > library.length ? step.after.players.find((p) => p.id === e.resolving.controller && !p.lost) : undefined;
      if (dead) c.fail(step, `${dead.id}, at ${dead.life} life, has lost the game`, 'not lost');
      else if (drewEmpty) c.fail(step, `${drewEmpty.id}, who drew ${e!.draws} from a library of ${library!.length}, has lost the game`, 'not lost');
      else if (step.after.players.some((p) => p.lost)) {
        over = { at: step.index, state: step.after, shown: snapshot(step.after) };
        // What triggers goes on the stack the next time a player would receive priority (CR 603.3),
        // which never comes once the game is over. (Resolving everything, an ability put on the stack
        // before the game ended stays there.)
        const was = new Set(step.before.stack.map((o) => o.id));
        const added = step.after.stack.filter((o) => o.kind === 'ability' && !was.has(o.id)).map((o) => o.id);
        if (added.length > 0 && !(step.action.do === 'resolve' && step.action.untilEmpty)) c.fail(step, 'nothing triggered as the game ended is put on the stack', `${show(added)} on the stack`);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** Legendary permanents of one name under one player, in a state. */
function legendGroups(run: Run, state: ObservedState, stepIndex: number): string[][] {
  const groups = new Map<string, string[]>();
  for (const p of state.battlefield) {
    const def = permanentDef(run, p.id, stepIndex);
    if (!(def?.supertypes ?? []).includes('Legendary')) continue;
    const key = `${p.controller} ${p.name}`;
    groups.set(key, [...(groups.get(key) ?? []), p.id]);
  }
  return [...groups.values()];
}

export const legendRule: Property = {
  id: 'game.legend-rule',
  rules: ['704.5j'],
  statement:
    'After each action no player controls two legendary permanents with the same name: all but one went to the graveyard (a token ceases to exist), and the one a resolve action chooses is the one kept.',
  applies: (s) => features(s).legendary,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      const groups = legendGroups(run, step.after, step.index + 1);
      const twice = groups.find((g) => g.length > 1);
      if (twice) {
        c.fail(step, `one of ${show(twice)} kept, the others in the graveyard`, 'all on the battlefield');
        break;
      }
      if (groups.length > 0) c.checkedOne();
      // The legendary permanent a resolve chose to keep, if it had a rival of its name left standing.
      const a = step.action;
      if (a.do !== 'resolve') continue;
      for (const id of a.choices ?? []) {
        const was = permanentOn(step.before, id) ?? permanentOn(step.after, id);
        const top = step.before.stack.at(-1);
        const name = was?.name ?? (top?.kind === 'spell' && top.id === id ? top.name : undefined);
        if (name === undefined) continue;
        const rival = step.after.battlefield.find((p) => p.id !== id && p.name === name && groups.some((g) => g.includes(p.id)));
        if (rival && !step.after.battlefield.some((p) => p.id === id)) c.fail(step, `${id}, the legend the action chose, kept`, `${rival.id} kept`);
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
