// The observed state before the first action, built from the scenario itself, so that properties can
// compare every step with the state it started from.
import { toPool, sparsePool } from './mana.ts';
import type { ObservedState } from './schema-types.ts';
import { definitionsOf, type NormalizedScenario } from './scenario.ts';

export function initialObservedState(s: NormalizedScenario): ObservedState {
  const defs = definitionsOf(s);
  // Loops, not flatMap and Object.entries: this runs for every run judged.
  const battlefield: ObservedState['battlefield'] = [];
  for (const p of s.players) {
    for (const b of p.battlefield) {
      const def = defs.get(b.card)!;
      const counters: Record<string, number> = {};
      const given = b.counters;
      if (given) {
        for (const k in given) {
          const n = given[k];
          if (n !== undefined) counters[k] = n;
        }
      }
      const plus = (counters['+1/+1'] ?? 0) - (counters['-1/-1'] ?? 0);
      const tapped = b.tapped ?? false;
      const keywords = def.keywords ? def.keywords.slice() : [];
      // Two literals, not a spread of power and toughness into one: a spread in a literal cost
      // about 1 µs a permanent. The keys stay in the same order.
      if (def.power !== undefined && def.toughness !== undefined) {
        battlefield.push({ id: b.card, card: b.card, name: def.name, owner: p.id, controller: p.id, token: false, tapped, counters, power: def.power + plus, toughness: def.toughness + plus, damage: 0, keywords, kicked: false, timesKicked: 0 });
      } else battlefield.push({ id: b.card, card: b.card, name: def.name, owner: p.id, controller: p.id, token: false, tapped, counters, damage: 0, keywords, kicked: false, timesKicked: 0 });
    }
  }
  battlefield.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const players = [];
  for (const p of s.players) players.push({ id: p.id, life: p.life, hand: p.hand.slice().sort(), library: p.library.slice(), graveyard: p.graveyard.slice(), mana: sparsePool(toPool(p.mana)) });
  return { stack: [], battlefield, players: players as ObservedState['players'] };
}
