// castcheck list: the properties and the rules they check, the catalog, the faults.
import { catalog } from '../model/catalog.ts';
import { FAULTS } from '../adapters/reference/faults.ts';
import { PROPERTIES } from '../properties/index.ts';

export function listCommand(o: { cards?: boolean; faults?: boolean }): number {
  if (o.cards) {
    for (const def of catalog().values()) {
      const parts = [def.manaCost ?? '(no cost)', [...(def.supertypes ?? []), ...def.types].join(' ') + (def.subtypes?.length ? ` — ${def.subtypes.join(' ')}` : '')];
      if (def.kicker) parts.push(`kicker ${def.kicker.costs.map(costText).join(' and/or ')}`);
      if (def.multikicker) parts.push(`multikicker ${costText(def.multikicker.cost)}`);
      if (def.splice) parts.push(`splice onto ${def.splice.onto} ${costText(def.splice.cost)}`);
      console.log(`${def.name.padEnd(24)} ${parts.join('; ')}${def.simplified ? `  [simplified: ${def.simplified}]` : ''}`);
    }
    return 0;
  }
  if (o.faults) {
    for (const f of FAULTS) console.log(`${f.id.padEnd(28)} CR ${f.rules.join(', ').padEnd(16)} ${f.summary}`);
    return 0;
  }
  const width = Math.max(...PROPERTIES.map((p) => p.id.length));
  for (const p of PROPERTIES) console.log(`${p.id.padEnd(width)}  CR ${p.rules.join(', ')}\n${' '.repeat(width + 2)}${p.statement}`);
  return 0;
}

function costText(c: { mana?: string; sacrifice?: { count: number; filter: { types?: string[]; subtypes?: string[] } } }): string {
  const parts: string[] = [];
  if (c.mana) parts.push(c.mana);
  if (c.sacrifice) parts.push(`sacrifice ${c.sacrifice.count} ${[...(c.sacrifice.filter.subtypes ?? []), ...(c.sacrifice.filter.types ?? [])].join('/') || 'permanent'}`);
  return parts.join(', ');
}
