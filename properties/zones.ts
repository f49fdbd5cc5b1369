// Every card is in exactly one zone (CR 400.1): a spell's card leaves the stack for one zone
// (608.2n), a copy of a spell or a token is never a card in a hand, library or graveyard (707.10a,
// 111.7-111.8).
import type { ObservedState } from '../model/schema-types.ts';
import { Checker, show, type Property } from './property.ts';

/** The zones each card id is found in, in a state (the library only when it is observed). */
export function zonesOf(state: ObservedState): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const put = (id: string, zone: string) => {
    const zones = out.get(id);
    if (zones) zones.push(zone);
    else out.set(id, [zone]);
  };
  for (const p of state.players) {
    for (const id of p.hand) put(id, `${p.id}'s hand`);
    for (const id of p.graveyard) put(id, `${p.id}'s graveyard`);
    for (const id of p.library ?? []) put(id, `${p.id}'s library`);
  }
  for (const p of state.battlefield) if (!p.token) put(p.card ?? p.id, 'the battlefield');
  for (const o of state.stack) if (o.kind === 'spell' && !o.copy) put(o.card, 'the stack');
  return out;
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
    for (const step of run.accepted()) {
      const zones = zonesOf(step.after);
      const twice = [...zones].find(([, z]) => z.length > 1);
      const stranger = [...zones.keys()].find((id) => !cards.has(id) && zones.get(id)!.some((z) => !z.startsWith('the ')));
      // Without the libraries, a card drawn or milled cannot be told from one lost.
      const libraries = step.after.players.every((p) => p.library !== undefined);
      const lost = libraries ? [...cards].find((id) => !zones.has(id)) : undefined;
      if (twice) c.fail(step, `${twice[0]} in one zone`, `in ${twice[1].join(' and ')}`);
      else if (stranger) c.fail(step, `${stranger}, a copy or a token, in no hand, library or graveyard`, `in ${show(zones.get(stranger))}`);
      else if (lost) c.fail(step, `${lost} in some zone`, 'in none the trace shows');
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
