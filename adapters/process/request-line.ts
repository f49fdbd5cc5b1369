// A run request as the line castcheck writes to an engine: the very text JSON.stringify writes for
// runRequest(id, scenario), built with the JSON of each card definition written once. Over a suite
// most definitions are sent again: relation reruns keep the scenario's cards (normalizeScenario
// keeps each definition object), and generated scenarios share catalog and stock cards. Definitions
// are two thirds of a request's bytes.
import type { NormalizedScenario } from '../../model/scenario.ts';
import type { CardDefinition } from '../../model/schema-types.ts';

/**
 * The JSON of each definition sent, by the object: a scenario is read, never changed, once it is
 * normalized (as definitionsOf in model/scenario.ts assumes too).
 */
const definitionJson = new WeakMap<CardDefinition, string>();

function definitionText(definition: CardDefinition): string {
  let text = definitionJson.get(definition);
  if (text === undefined) {
    text = JSON.stringify(definition);
    definitionJson.set(definition, text);
  }
  return text;
}

/** An object's JSON with `special` writing the values of some keys; JSON.stringify's text, key for key. */
function objectText(o: object, special: (key: string, value: unknown) => string | undefined): string {
  let out = '{';
  for (const key in o) {
    if (!Object.hasOwn(o, key)) continue;
    const value = (o as Record<string, unknown>)[key];
    // JSON.stringify leaves these keys out.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    const text = special(key, value) ?? JSON.stringify(value);
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return `${out}}`;
}

const plain = (value: unknown): value is object => value !== null && typeof value === 'object' && !Array.isArray(value) && !('toJSON' in value);
const cardValue = (key: string, value: unknown) => (key === 'definition' && plain(value) ? definitionText(value as CardDefinition) : undefined);

function cardsText(cards: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i];
    // As JSON.stringify writes them: null for a hole, undefined or a function.
    out += `${i > 0 ? ',' : ''}${plain(c) ? objectText(c, cardValue) : (JSON.stringify(c) ?? 'null')}`;
  }
  return `${out}]`;
}

const scenarioValue = (key: string, value: unknown) => (key === 'cards' && Array.isArray(value) ? cardsText(value) : undefined);

/** The line (without its '\n') that asks an engine to run `scenario` as request `id`. */
export function runRequestLine(id: number, scenario: NormalizedScenario): string {
  return `{"type":"run","id":${JSON.stringify(id)},"scenario":${objectText(scenario, scenarioValue)}}`;
}
