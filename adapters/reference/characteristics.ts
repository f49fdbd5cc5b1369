// What a spell on the stack looks like: mana cost, mana value (CR 202.3), colours and types. A
// spliced spell keeps only its main card's characteristics (CR 702.47c).
import { colorsOf, manaValue, parseMana, formatMana, emptyMana } from '../../model/mana.ts';
import type { CardType, Color } from '../../model/schema-types.ts';
import type { StackSpell } from './game.ts';

export interface SpellCharacteristics {
  name: string;
  manaCost: string | undefined;
  manaValue: number;
  colors: Color[];
  types: CardType[];
  subtypes: string[];
}

export function spellCharacteristics(spell: StackSpell): SpellCharacteristics {
  const mana = spell.def.manaCost === undefined ? emptyMana() : parseMana(spell.def.manaCost);
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

/** CR 702.47a: the quality a splice card needs the spell to have. */
export function hasSpliceQuality(spell: { def: StackSpell['def'] }, onto: 'Arcane' | 'instant or sorcery'): boolean {
  return onto === 'Arcane'
    ? (spell.def.subtypes ?? []).includes('Arcane')
    : spell.def.types.includes('Instant') || spell.def.types.includes('Sorcery');
}

export function isPermanentSpell(spell: { def: StackSpell['def'] }): boolean {
  return !spell.def.types.includes('Instant') && !spell.def.types.includes('Sorcery');
}
