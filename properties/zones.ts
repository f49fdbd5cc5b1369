// Every card is in exactly one zone (CR 400.1): a spell's card leaves the stack for one zone
// (608.2n), a copy of a spell or a token is never a card in a hand, library or graveyard (707.10a,
// 111.7-111.8).
import type { ObservedState } from '../model/schema-types.ts';
import { Checker, show, type Property } from './property.ts';

const ZONE_NAMES = {
  p1: { hand: "p1's hand", graveyard: "p1's graveyard", library: "p1's library" },
  p2: { hand: "p2's hand", graveyard: "p2's graveyard", library: "p2's library" },
} as const;

/** The zones each card id is found in, in a state (the library only when it is observed). */
export function zonesOf(state: ObservedState): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const put = (id: string, zone: string) => {
    const zones = out.get(id);
    if (zones) zones.push(zone);
    else out.set(id, [zone]);
  };
  for (const p of state.players) {
    const names = ZONE_NAMES[p.id];
    for (const id of p.hand) put(id, names.hand);
    for (const id of p.graveyard) put(id, names.graveyard);
    for (const id of p.library ?? []) put(id, names.library);
  }
  for (const p of state.battlefield) if (!p.token) put(p.card ?? p.id, 'the battlefield');
  for (const o of state.stack) if (o.kind === 'spell' && !o.copy) put(o.card, 'the stack');
  return out;
}

/**
 * The scenario's cards by position, and a mark per card for the state being looked at: a card is
 * seen in the state when its mark is the state's stamp. Made once a run; each state takes a new stamp
 * instead of a new set (this runs at every accepted step).
 */
class CardMarks {
  readonly index = new Map<string, number>();
  private readonly marks: number[];
  private stamp = 0;

  constructor(ids: readonly string[]) {
    for (const id of ids) if (!this.index.has(id)) this.index.set(id, this.index.size);
    this.marks = new Array<number>(this.index.size).fill(0);
  }

  /** Starts looking at another state: no card seen yet. */
  next(): void {
    this.stamp++;
  }

  /** Marks a card seen; false when it was seen already in this state or is not a card of the scenario. */
  see(id: string): boolean {
    const i = this.index.get(id);
    if (i === undefined || this.marks[i] === this.stamp) return false;
    this.marks[i] = this.stamp;
    return true;
  }
}

/**
 * Whether a state may break the rule: a card in two zones, a card that is not the scenario's in a
 * hand, library or graveyard, or (libraries shown) a card in none. Counted without listing each card's
 * zones, which only a state that may break it needs for its message. A card not of the scenario on
 * the battlefield or the stack is no trouble by itself, but it is left to that fuller look.
 */
function zoneTrouble(state: ObservedState, cards: CardMarks): boolean {
  cards.next();
  let seen = 0;
  for (const p of state.players) {
    for (const id of p.hand) if (!cards.see(id)) return true;
    for (const id of p.graveyard) if (!cards.see(id)) return true;
    seen += p.hand.length + p.graveyard.length;
    if (p.library !== undefined) {
      for (const id of p.library) if (!cards.see(id)) return true;
      seen += p.library.length;
    }
  }
  for (const p of state.battlefield) {
    if (p.token) continue;
    if (!cards.see(p.card ?? p.id)) return true;
    seen++;
  }
  for (const o of state.stack) {
    if (o.kind !== 'spell' || o.copy) continue;
    if (!cards.see(o.card)) return true;
    seen++;
  }
  // Every card seen once at most and all of them the scenario's: as many seen as there are cards, or one is lost.
  return seen !== cards.index.size && state.players.every((p) => p.library !== undefined);
}

export const oneZoneEach: Property = {
  id: 'zones.one-zone-each',
  rules: ['400.1', '608.2n', '707.10a'],
  statement:
    'After each action every card is in exactly one zone: never in two (a graveyard twice, a hand and a graveyard), none lost while libraries are shown, and copies and tokens are in no hand, library or graveyard.',
  applies: () => true,
  check(run) {
    const c = new Checker();
    const marks = new CardMarks(run.scenario.cards.map((x) => x.id));
    const cards = marks.index;
    let passed: ObservedState | undefined;
    for (const step of run.accepted()) {
      // A state the engine gave again unchanged (the same object) passes as it did the step before.
      if (step.after === passed) {
        c.checkedOne();
        continue;
      }
      if (!zoneTrouble(step.after, marks)) {
        c.checkedOne();
        passed = step.after;
        continue;
      }
      const zones = zonesOf(step.after);
      let twice: [string, string[]] | undefined;
      let stranger: string | undefined;
      for (const [id, z] of zones) {
        if (!twice && z.length > 1) twice = [id, z];
        if (stranger === undefined && !cards.has(id) && z.some((name) => !name.startsWith('the '))) stranger = id;
      }
      // Without the libraries, a card drawn or milled cannot be told from one lost.
      const libraries = step.after.players.every((p) => p.library !== undefined);
      let lost: string | undefined;
      if (libraries) for (const id of cards.keys()) if (!zones.has(id)) { lost = id; break; }
      if (twice) c.fail(step, `${twice[0]} in one zone`, `in ${twice[1].join(' and ')}`);
      else if (stranger) c.fail(step, `${stranger}, a copy or a token, in no hand, library or graveyard`, `in ${show(zones.get(stranger))}`);
      else if (lost) c.fail(step, `${lost} in some zone`, 'in none the trace shows');
      else {
        c.checkedOne();
        passed = step.after;
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
