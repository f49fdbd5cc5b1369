// What objects look like: a spell's mana cost, mana value (CR 202.3), colours and types (a spliced
// spell keeps only its main card's, CR 702.47c); a permanent's colours, power and toughness.
import { formatMana, emptyMana, manaOf, type Mana } from '../../model/mana.ts';
import { colorsOf, manaValue } from './mana.ts';
import type { CardDefinition, CardType, Color } from '../../model/schema-types.ts';
import type { Permanent, StackSpell } from './game.ts';

export interface SpellCharacteristics {
  name: string;
  manaCost: string | undefined;
  manaValue: number;
  colors: readonly Color[];
  types: readonly CardType[];
  subtypes: readonly string[];
}

/** A printed mana cost as characteristics read it: parsed, in normal form, and its colours. */
interface CostLook {
  mana: Readonly<Mana>;
  manaCost: string | undefined;
  colors: readonly Color[];
}

const NO_SUBTYPES: readonly string[] = Object.freeze([]);
const NO_COST: CostLook = Object.freeze({ mana: Object.freeze(emptyMana()), manaCost: undefined, colors: Object.freeze([]) });
// Every spell on the stack is looked at after every action (observe.ts): each printed cost is read once.
const LOOKS = new Map<string, CostLook>();

function costLook(text: string | undefined): CostLook {
  if (text === undefined) return NO_COST;
  let look = LOOKS.get(text);
  if (look === undefined) {
    const mana = manaOf(text);
    look = Object.freeze({ mana, manaCost: formatMana(mana), colors: Object.freeze(colorsOf(mana)) });
    if (LOOKS.size < 10_000) LOOKS.set(text, look);
  }
  return look;
}

/** What the spell looks like; the lists are the spell's or its definition's own, to read and never change. */
export function spellCharacteristics(spell: StackSpell): SpellCharacteristics {
  const look = costLook(spell.def.manaCost);
  return {
    name: spell.def.name,
    manaCost: look.manaCost,
    // CR 202.3e: on the stack, X is the value chosen for it.
    manaValue: manaValue(look.mana, spell.x ?? 0),
    colors: spell.colors ?? look.colors,
    types: spell.def.types,
    subtypes: spell.def.subtypes ?? NO_SUBTYPES,
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
