// The observed state in the trace's normal form (schema/trace.schema.json).
import { formatMana, sparsePool } from '../../model/mana.ts';
import type { ObservedState, StackObject, ObservedPermanent } from '../../model/schema-types.ts';
import type { Game } from './game.ts';
import { sortedKicker } from './kicker.ts';
import { powerOf, toughnessOf } from './resolve.ts';
import type { Rules } from './rules.ts';

export function observe(g: Game, r: Rules): ObservedState {
  return {
    stack: g.stack.map((spell): StackObject => {
      const c = r.spellCharacteristics(spell);
      const o: StackObject = {
        id: spell.id,
        card: spell.card,
        name: c.name,
        controller: spell.controller,
        copy: spell.copy,
        manaValue: c.manaValue,
        colors: c.colors,
        types: c.types,
        subtypes: c.subtypes,
        kicked: r.isKicked(spell),
        kicker: sortedKicker(spell.kicker),
        multikicker: spell.multikicker,
        timesKicked: r.timesKicked(spell),
        spliced: spell.spliced.map((s) => s.card),
        targets: spell.targets.map((t) => [...t]),
      };
      if (c.manaCost !== undefined) o.manaCost = c.manaCost;
      if (spell.x !== undefined) o.x = spell.x;
      if (spell.totalCost) o.totalCost = { mana: formatMana(spell.totalCost.mana), sacrificed: [...spell.totalCost.sacrificed] };
      return o;
    }),
    battlefield: [...g.battlefield]
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p): ObservedPermanent => {
        const o: ObservedPermanent = {
          id: p.id,
          card: p.card,
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
        if (p.def.types.includes('Creature')) {
          o.power = powerOf(p);
          o.toughness = toughnessOf(p);
        }
        return o;
      }),
    players: g.players.map((p) => ({
      id: p.id,
      life: p.life,
      hand: [...p.hand].sort(),
      library: [...p.library],
      graveyard: [...p.graveyard],
      mana: sparsePool(p.pool),
    })) as ObservedState['players'],
  };
}
