// The catalog of real cards, expressed in the card model under their Oracle names.
import { readFileSync } from 'node:fs';
import { closest } from 'fastest-levenshtein';
import { InputError } from './errors.ts';
import { formatIssues, validateDocument } from './schemas.ts';
import type { CardDefinition } from './schema-types.ts';

let cached: ReadonlyMap<string, CardDefinition> | undefined;

export function catalog(): ReadonlyMap<string, CardDefinition> {
  if (!cached) {
    const cards = JSON.parse(readFileSync(new URL('../catalog/cards.json', import.meta.url), 'utf8')) as unknown[];
    const map = new Map<string, CardDefinition>();
    cards.forEach((card, index) => {
      const issues = validateDocument('card', card);
      if (issues.length > 0) throw new Error(`catalog/cards.json[${index}]: ${formatIssues(issues).join('; ')}`);
      const def = card as CardDefinition;
      if (map.has(def.name)) throw new Error(`catalog/cards.json: ${def.name} appears twice`);
      map.set(def.name, def);
    });
    cached = map;
  }
  return cached;
}

export function catalogCard(name: string): CardDefinition {
  const def = catalog().get(name);
  if (!def) {
    const guess = closest(name, [...catalog().keys()]);
    throw new InputError(`unknown card '${name}': it is not in the catalog (did you mean '${guess}'?)`);
  }
  return def;
}
