// What objects look like: a spell's mana cost, mana value (CR 202.3), colours and types (a spliced
// spell keeps only its main card's, CR 702.47c); a permanent's colours, power and toughness.
import { formatMana, emptyMana, manaOf } from '../../model/mana.ts';
import { colorsOf, manaValue } from './mana.ts';
import type { CardDefinition, CardType, Color } from '../../model/schema-types.ts';
import type { Permanent, StackSpell } from './game.ts';

export interface SpellCharacteristics {
  name: string;
  manaCost: string | undefined;
  manaValue: number;
  colors: Color[];
  types: CardType[];
  subtypes: string[];
}

export function spellCharacteristics(spell: StackSpell): SpellCharacteristics {
  const mana = spell.def.manaCost === undefined ? emptyMana() : manaOf(spell.def.manaCost);
  return {
    name: spell.def.name,
    manaCost: spell.def.manaCost === undefined ? undefined : formatMana(mana),
    // CR 202.3e: on the stack, X is the value chosen for it.
    manaValue: manaValue(mana, spell.x ?? 0),
    colors: spell.colors ?? colorsOf(mana),
    types: [...spell.def.types],
    subtypes: [...(spell.def.subtypes ?? [])],
  };
}

export function definitionColors(def: CardDefinition): Color[] {
  return def.manaCost === undefined ? [] : colorsOf(manaOf(def.manaCost));
}

export function permanentColors(p: Permanent): Color[] {
  return p.colors ? [...p.colors] : definitionColors(p.def);
}

export function toughnessOf(p: Permanent): number {
  return (p.def.toughness ?? 0) + (p.counters['+1/+1'] ?? 0) - (p.counters['-1/-1'] ?? 0) + p.pump.toughness;
}

export function powerOf(p: Permanent): number {
  return (p.def.power ?? 0) + (p.counters['+1/+1'] ?? 0) - (p.counters['-1/-1'] ?? 0) + p.pump.power;
}

/** CR 702.47a: the quality a splice card needs the spell to have. */
export function hasSpliceQuality(spell: { def: CardDefinition }, onto: 'Arcane' | 'instant or sorcery'): boolean {
  return onto === 'Arcane'
    ? (spell.def.subtypes ?? []).includes('Arcane')
    : spell.def.types.includes('Instant') || spell.def.types.includes('Sorcery');
}

export function isPermanentCard(def: CardDefinition): boolean {
  return !def.types.includes('Instant') && !def.types.includes('Sorcery');
}
