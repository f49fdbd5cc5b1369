// The observed state in the trace's normal form (schema/trace.schema.json).
import { formatMana, sparsePool } from '../../model/mana.ts';
import type { ObservedState, StackObject, ObservedPermanent } from '../../model/schema-types.ts';
import type { Game } from './game.ts';
import { sortedKicker } from './kicker.ts';
import { powerOf, toughnessOf } from './characteristics.ts';
import type { Rules } from './rules.ts';

export function observe(g: Game, r: Rules): ObservedState {
  return {
    stack: g.stack.map((item): StackObject => {
      if (item.kind === 'ability') {
        return { kind: 'ability', id: item.id, source: item.source, ability: item.ability, controller: item.controller, targets: item.targets.map((t) => [...t]) };
      }
      const c = r.spellCharacteristics(item);
      const o: StackObject = {
        kind: 'spell',
        id: item.id,
        card: item.card,
        name: c.name,
        controller: item.controller,
        copy: item.copy,
        manaValue: c.manaValue,
        colors: c.colors,
        types: c.types,
        subtypes: c.subtypes,
        kicked: r.isKicked(item),
        kicker: sortedKicker(item.kicker),
        multikicker: item.multikicker,
        timesKicked: r.timesKicked(item),
        spliced: item.spliced.map((s) => s.card),
        targets: item.targets.map((t) => [...t]),
      };
      if (c.manaCost !== undefined) o.manaCost = c.manaCost;
      if (item.x !== undefined) o.x = item.x;
      if (item.totalCost) o.totalCost = { mana: formatMana(item.totalCost.mana), sacrificed: [...item.totalCost.sacrificed] };
      return o;
    }),
    battlefield: [...g.battlefield]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p): ObservedPermanent => {
        const o: ObservedPermanent = {
          id: p.id,
          name: p.def.name,
          owner: p.owner,
          controller: p.controller,
          token: p.token,
          tapped: p.tapped,
          counters: { ...p.counters },
          damage: p.damage,
          keywords: [...p.keywords],
          kicked: r.isKicked(p),
          timesKicked: r.timesKicked(p),
        };
        if (p.card !== undefined) o.card = p.card;
        if (p.def.types.includes('Creature')) {
          o.power = powerOf(p);
          o.toughness = toughnessOf(p);
        }
        return o;
      }),
    players: g.players.map((p) => ({
      id: p.id,
      life: p.life,
      ...(p.lost ? { lost: true } : {}),
      hand: [...p.hand].sort(),
      library: [...p.library],
      graveyard: [...p.graveyard],
      mana: sparsePool(p.pool),
    })) as ObservedState['players'],
  };
}
