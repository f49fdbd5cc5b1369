// The observed state before the first action, built from the scenario itself, so that properties can
// compare every step with the state it started from.
import { toPool, sparsePool } from './mana.ts';
import type { ObservedState } from './schema-types.ts';
import { definitionsOf, type NormalizedScenario } from './scenario.ts';

export function initialObservedState(s: NormalizedScenario): ObservedState {
  const defs = definitionsOf(s);
  const battlefield = s.players
    .flatMap((p) =>
      p.battlefield.map((b) => {
        const def = defs.get(b.card)!;
        const counters: Record<string, number> = {};
        for (const [k, n] of Object.entries(b.counters ?? {})) if (n !== undefined) counters[k] = n;
        const plus = (counters['+1/+1'] ?? 0) - (counters['-1/-1'] ?? 0);
        const [tapped, keywords] = [b.tapped ?? false, [...(def.keywords ?? [])]];
        // Two literals, not a spread of power and toughness into one: a spread in a literal cost
        // about 1 µs a permanent, for every run judged. The keys stay in the same order.
        if (def.power !== undefined && def.toughness !== undefined) {
          const [power, toughness] = [def.power + plus, def.toughness + plus];
          return { id: b.card, card: b.card, name: def.name, owner: p.id, controller: p.id, token: false, tapped, counters, power, toughness, damage: 0, keywords, kicked: false, timesKicked: 0 };
        }
        return { id: b.card, card: b.card, name: def.name, owner: p.id, controller: p.id, token: false, tapped, counters, damage: 0, keywords, kicked: false, timesKicked: 0 };
      }),
    )
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    stack: [],
    battlefield,
    players: s.players.map((p) => ({
      id: p.id,
      life: p.life,
      hand: [...p.hand].sort(),
      library: [...p.library],
      graveyard: [...p.graveyard],
      mana: sparsePool(toPool(p.mana)),
    })) as ObservedState['players'],
  };
}
