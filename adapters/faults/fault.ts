// What a named fault of the reference engine is, and the small vocabulary its minimal repro is
// written in. A fault is a believable bug: a change to one entry of the rules table (rules.ts).
import type { Action, CardDefinition, Player, Scenario, ScenarioCard } from '../../model/schema-types.ts';
import type { Rules } from '../reference/rules-table.ts';

export interface Fault {
  id: string;
  /** The rule family it belongs to: the file it lives in. */
  family: 'copies' | 'kicker' | 'costs' | 'splice' | 'resolution' | 'casting' | 'triggers' | 'permanents' | 'game';
  /** The Comprehensive Rules it breaks, by number. */
  rules: string[];
  /** The bug, as an engine author would report it. */
  summary: string;
  /** The kind of real report that inspired it, in words. */
  inspiredBy: string;
  /** A hand-written scenario that shows the bug: `shows` fails on the faulty engine and passes on the reference engine. */
  minimal: { scenario: Scenario; shows: string };
  /** The faulty rules: the reference rules with one entry changed. */
  apply(base: Rules): Rules;
}

/** A scenario for a minimal repro: p1 acts, p2 is there to be targeted. */
export function scenario(s: { cards: ScenarioCard[]; p1?: Omit<Player, 'id'>; p2?: Omit<Player, 'id'>; actions: Action[] }): Scenario {
  return { format: 'castcheck-scenario/1', cards: s.cards, players: [{ id: 'p1', ...s.p1 }, { id: 'p2', ...s.p2 }], actions: s.actions };
}

export const oracle = (id: string, name: string): ScenarioCard => ({ id, oracle: name });
export const synthetic = (id: string, definition: CardDefinition): ScenarioCard => ({ id, definition });

/** Burst Lightning cast at p2 with exactly the mana it needs, kicked or not, and `then` the actions after the cast. */
export function burstLightning(o: { kicked: boolean; then?: Action[] }): Scenario {
  return scenario({
    cards: [oracle('bolt', 'Burst Lightning')],
    p1: { hand: ['bolt'], mana: o.kicked ? { R: 1, C: 4 } : { R: 1 } },
    actions: [{ do: 'cast', card: 'bolt', ...(o.kicked ? { kicker: ['A'] } : {}), targets: [['p2']] }, ...(o.then ?? [])],
  });
}
