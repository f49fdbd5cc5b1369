// The catalog of real cards, expressed in the card model under their Oracle names.
import { readFileSync } from 'node:fs';
import { closest } from 'fastest-levenshtein';
import { InputError } from './errors.ts';
import type { CardDefinition } from './schema-types.ts';

let cached: ReadonlyMap<string, CardDefinition> | undefined;

export function catalog(): ReadonlyMap<string, CardDefinition> {
  if (!cached) {
    // Shipped data, checked against the card schema by test/catalog.test.ts: compiling the schema at
    // every start would cost most of a command's start-up (castcheck serve, list).
    const cards = catalogFile();
    const map = new Map<string, CardDefinition>();
    cards.forEach((def) => {
      if (map.has(def.name)) throw new Error(`catalog/cards.json: ${def.name} appears twice`);
      map.set(def.name, def);
    });
    cached = map;
  }
  return cached;
}

/** The catalog file as written, card by card. */
export function catalogFile(): CardDefinition[] {
  return JSON.parse(readFileSync(new URL('../catalog/cards.json', import.meta.url), 'utf8')) as CardDefinition[];
}

export function catalogCard(name: string): CardDefinition {
  const def = catalog().get(name);
  if (!def) {
    const guess = closest(name, [...catalog().keys()]);
    throw new InputError(`unknown card '${name}': it is not in the catalog (did you mean '${guess}'?)`);
  }
  return def;
}
