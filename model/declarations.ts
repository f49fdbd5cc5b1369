// What a cast declares, read from the card definitions alone: which target requirements the
// spell has (CR 601.2c, 702.33g), what could be chosen for each, and what it costs (CR 601.2f).
// Generators and properties share this reading; the reference engine has its own, so that a mistake
// in one shows up as a disagreement with the other: nothing here comes from adapters/.
import { COLORS, POOL_KEYS, addInto, emptyMana, manaOf, type Mana } from './mana.ts';
import { kickTimes, timesKicked, type Kick } from './kick.ts';
import type { CardDefinition, Color, TargetRequirement } from './schema-types.ts';

export interface Requirement {
  requirement: TargetRequirement;
  count: number;
  /** Which card of the combined spell it belongs to: 0 main, then spliced cards. */
  part: number;
}

export function activeRequirements(parts: readonly CardDefinition[], d: Kick): Requirement[] {
  const kicks = timesKicked(d);
  const out: Requirement[] = [];
  parts.forEach((def, part) => {
    for (const t of def.targets ?? []) {
      if (kickTimes(t.condition, d) > 0) out.push({ requirement: t, count: (t.count ?? 1) + (t.perKick ?? 0) * kicks, part });
    }
  });
  return out;
}

/** Requirements that exist only with a kicker declaration the spell does not have. */
export function inactiveRequirements(parts: readonly CardDefinition[], d: Kick): number {
  return parts.reduce((n, def) => n + (def.targets?.length ?? 0), 0) - activeRequirements(parts, d).length;
}

/** A permanent the generator put on the board, as targeting sees it. */
export interface BoardObject {
  id: string;
  def: CardDefinition;
  controller: 'p1' | 'p2';
}

function colorsOf(def: CardDefinition): Color[] {
  if (!def.manaCost) return [];
  const m = manaOf(def.manaCost);
  return COLORS.filter((c) => m[c] > 0);
}

/**
 * Whether a permanent may be chosen for a target requirement (CR 115, 702.16b): its kind and
 * filter fit, and it has no protection from a colour of the source.
 */
export function permanentMayBeTargeted(
  req: TargetRequirement,
  permanent: { def: CardDefinition; controller: 'p1' | 'p2'; keywords?: readonly string[] },
  chooser: 'p1' | 'p2',
  sourceColors: readonly Color[],
): boolean {
  const d = permanent.def;
  // Called for every object of every cast: no function made per call.
  const kindOk =
    req.kind === 'any' || req.kind === 'creature'
      ? d.types.includes('Creature')
      : req.kind === 'artifact'
        ? d.types.includes('Artifact')
        : req.kind === 'land'
          ? d.types.includes('Land')
          : req.kind === 'nonlandPermanent'
            ? !d.types.includes('Land')
            : req.kind === 'permanent';
  if (!kindOk) return false;
  const f = req.filter;
  const keywords = permanent.keywords ?? d.keywords ?? [];
  if (f?.notColors?.some((c) => colorsOf(d).includes(c))) return false;
  if (f?.types && !f.types.some((t) => d.types.includes(t))) return false;
  if (f?.notSubtypes?.some((t) => (d.subtypes ?? []).includes(t))) return false;
  if (f?.keywords?.some((k) => !keywords.includes(k))) return false;
  if (f?.controller === 'you' && permanent.controller !== chooser) return false;
  if (f?.controller === 'opponent' && permanent.controller === chooser) return false;
  return !(d.protection ?? []).some((c) => sourceColors.includes(c));
}

/** The objects that may be chosen for a requirement of a spell with `sourceColors`, cast by p1 (or controlled by `chooser`: a copy's controller chooses its new targets, CR 707.10c). */
export function candidatesFor(req: TargetRequirement, board: readonly BoardObject[], sourceColors: readonly Color[], chooser: 'p1' | 'p2' = 'p1'): string[] {
  const permanents = board.filter((b) => permanentMayBeTargeted(req, b, chooser, sourceColors));
  const other = chooser === 'p1' ? 'p2' : 'p1';
  const players = req.kind === 'any' || req.kind === 'player' ? [other, chooser] : req.kind === 'opponent' ? [other] : [];
  return [...players, ...permanents.map((b) => b.id)];
}

export function spellColors(def: CardDefinition): Color[] {
  return colorsOf(def);
}

/**
 * CR 601.2f without cost changes: the mana cost (or nothing, cast without paying it, CR 118.9) plus
 * the mana of every additional cost declared (CR 118.8: kicker, each multikick, each splice). The
 * printed costs are written one after the other and read as one cost, X counted as chosen.
 */
export function declaredMana(main: CardDefinition, d: Kick, splices: readonly CardDefinition[], x: number, free: boolean): Mana {
  // Each printed cost read on its own (once, manaOf) and added up: the symbols of costs written one
  // after the other are those of each, and no joined text is made and read at every cast.
  const total = emptyMana();
  if (!free && main.manaCost) addPrinted(total, main.manaCost);
  for (const label of d.kicker) addPrinted(total, main.kicker?.costs[label === 'A' ? 0 : 1]?.mana ?? '');
  for (let i = 0; i < d.multikicker; i++) addPrinted(total, main.multikicker?.cost.mana ?? '');
  for (const s of splices) addPrinted(total, s.splice?.cost.mana ?? '');
  total.generic += total.x * x;
  total.x = 0;
  return total;
}

function addPrinted(total: Mana, text: string): void {
  if (text === '') return;
  addInto(total, manaOf(text));
}

/** Two costs together, `times` times the second: what the generators provide mana for. */
export function addMana(a: Mana, b: Mana, times = 1): Mana {
  const out: Mana = { ...a, x: a.x + b.x * times, generic: a.generic + b.generic * times };
  for (const key of POOL_KEYS) out[key] = a[key] + b[key] * times;
  return out;
}
