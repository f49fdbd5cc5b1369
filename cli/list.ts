// castcheck list: the properties and the rules they check, the catalog, the faults.
import { catalog } from '../model/catalog.ts';
import type { CardDefinition, Cost, TriggeredAbility } from '../model/schema-types.ts';
import { FAULTS } from '../adapters/faults/index.ts';
import { PROPERTIES } from '../properties/index.ts';
import { rulesListing } from '../properties/rules-index.ts';

export function listCommand(o: { cards?: boolean; faults?: boolean; rules?: boolean }): number {
  if (o.rules) {
    console.log(rulesListing());
    return 0;
  }
  if (o.cards) {
    const width = Math.max(...[...catalog().keys()].map((name) => name.length));
    for (const def of catalog().values()) console.log(`${def.name.padEnd(width)}  ${cardSummary(def)}`);
    return 0;
  }
  if (o.faults) {
    const idWidth = Math.max(...FAULTS.map((f) => f.id.length));
    const rulesWidth = Math.max(...FAULTS.map((f) => f.rules.join(', ').length));
    for (const f of FAULTS) console.log(`${f.id.padEnd(idWidth)}  CR ${f.rules.join(', ').padEnd(rulesWidth)}  ${f.summary}`);
    return 0;
  }
  const width = Math.max(...PROPERTIES.map((p) => p.id.length));
  for (const p of PROPERTIES) console.log(`${p.id.padEnd(width)}  CR ${p.rules.join(', ')}\n${' '.repeat(width + 2)}${p.statement}`);
  return 0;
}

/** One line: cost, type line, the casting keywords, what the card model gives it, and what it simplifies. */
export function cardSummary(def: CardDefinition): string {
  const parts = [def.manaCost ?? '(no cost)', [...(def.supertypes ?? []), ...def.types].join(' ') + (def.subtypes?.length ? ` — ${def.subtypes.join(' ')}` : '')];
  if (def.power !== undefined) parts.push(`${def.power}/${def.toughness ?? 0}`);
  if (def.kicker) parts.push(`kicker ${def.kicker.costs.map(costText).join(' and/or ')}`);
  if (def.multikicker) parts.push(`multikicker ${costText(def.multikicker.cost)}`);
  if (def.splice) parts.push(`splice onto ${def.splice.onto} ${costText(def.splice.cost)}`);
  if (def.cantBeCountered) parts.push("can't be countered");
  for (const e of def.entersWith ?? []) {
    const what = e.counter ? `${e.amount} ${e.counter} counter(s)` : e.keyword ?? 'tapped';
    parts.push(`enters with ${what}${e.condition && e.condition !== 'always' ? ` (${e.condition})` : ''}`);
  }
  for (const t of def.triggers ?? []) parts.push(triggerText(t));
  for (const s of def.statics ?? []) {
    const which = [s.kicked ? 'kicked' : '', (s.types ?? []).join('/'), ...(s.notTypes ?? []).map((t) => `non-${t}`)].filter(Boolean).join(' ');
    parts.push(`static ${s.kind}${s.amount !== undefined ? ` ${s.amount}` : ''}${which ? ` (${which} spells)` : ''}`);
  }
  return parts.join('; ') + (def.simplified ? `  [simplified: ${def.simplified}]` : '');
}

const EVENTS: Record<TriggeredAbility['event'], string> = {
  selfEnters: 'when it enters',
  spellCast: 'whenever a spell is cast',
  landToGraveyard: 'whenever a land goes to a graveyard',
  becomesTapped: 'whenever a permanent becomes tapped',
  selfDealtDamage: 'whenever it is dealt damage',
  tokenCreated: 'whenever a token is created',
  creaturesDie: 'whenever one or more other creatures die',
};

function triggerText(t: TriggeredAbility): string {
  const whose = t.whose && t.whose !== 'any' && t.event !== 'selfEnters' ? ` (${t.whose})` : '';
  const c = t.ifYouControl;
  const what = c ? (c.name ?? [...(c.subtypes ?? []), ...(c.types ?? [])].join('/')) : '';
  const board = c ? `, if you control ${c.other ? 'another' : /^[AEIOU]/.test(what) ? 'an' : 'a'} ${what}` : '';
  return `${EVENTS[t.event]}${whose}${t.if ? `, if ${t.if}` : ''}${board}${t.oncePerTurn ? ', once each turn' : ''}${t.triggersOnlyOnceEachTurn ? ', triggers only once each turn' : ''}`;
}

function costText(c: Cost): string {
  const parts: string[] = [];
  if (c.mana) parts.push(c.mana);
  if (c.sacrifice) parts.push(`sacrifice ${c.sacrifice.count} ${[...(c.sacrifice.filter.subtypes ?? []), ...(c.sacrifice.filter.types ?? [])].join('/') || 'permanent'}`);
  return parts.join(', ');
}
