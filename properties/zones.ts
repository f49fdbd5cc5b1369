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
 * Whether a state may break the rule: a card in two zones, a card that is not the scenario's in a
 * hand, library or graveyard, or (libraries shown) a card in none. Counted without listing each card's
 * zones, which only a state that may break it needs for its message.
 */
function zoneTrouble(state: ObservedState, cards: ReadonlySet<string>): boolean {
  // Run at every accepted step: no closures or lists made, only the set of cards seen.
  const seen = new Set<string>();
  for (const p of state.players) {
    if (inZoneTrouble(p.hand, seen, cards) || inZoneTrouble(p.graveyard, seen, cards) || (p.library !== undefined && inZoneTrouble(p.library, seen, cards))) return true;
  }
  for (const p of state.battlefield) {
    if (p.token) continue;
    const id = p.card ?? p.id;
    if (seen.has(id)) return true;
    seen.add(id);
  }
  for (const o of state.stack) {
    if (o.kind !== 'spell' || o.copy) continue;
    if (seen.has(o.card)) return true;
    seen.add(o.card);
  }
  if (state.players.every((p) => p.library !== undefined)) for (const id of cards) if (!seen.has(id)) return true;
  return false;
}

/** Whether a hand, library or graveyard holds a card seen before, or one that is not the scenario's; the cards in it are seen. */
function inZoneTrouble(zone: readonly string[], seen: Set<string>, cards: ReadonlySet<string>): boolean {
  for (const id of zone) {
    if (seen.has(id)) return true;
    seen.add(id);
    if (!cards.has(id)) return true;
  }
  return false;
}

export const oneZoneEach: Property = {
  id: 'zones.one-zone-each',
  rules: ['400.1', '608.2n', '707.10a'],
  statement:
    'After each action every card is in exactly one zone: never in two (a graveyard twice, a hand and a graveyard), none lost while libraries are shown, and copies and tokens are in no hand, library or graveyard.',
  applies: () => true,
  check(run) {
    const c = new Checker();
    const cards = new Set(run.scenario.cards.map((x) => x.id));
    let passed: ObservedState | undefined;
    for (const step of run.accepted()) {
      // A state the engine gave again unchanged (the same object) passes as it did the step before.
      if (step.after === passed) {
        c.checkedOne();
        continue;
      }
      if (!zoneTrouble(step.after, cards)) {
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
      if (libraries) for (const id of cards) if (!zones.has(id)) { lost = id; break; }
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
