// A spell kicked one way whose effects came out exactly as another kick's: counted fewer times than it
// was kicked (CR 702.33d: each kicker cost and multikick declared is one time kicked), or with the
// effects linked to kicker costs other than those declared (702.33f). What the engine did then is one
// bug however it shows, a permanent's counters or a spell's effects: each property that sees it names
// the branch alike (rule and manner), so that its findings are one.
import type { CardDefinition, KickerLabel } from '../model/schema-types.ts';
import { timesKicked, type Kick } from '../model/kick.ts';

/** The branch a wrong kick fails by: its rule, its manner, and how the engine kicked it, for the message. */
export interface WrongKick {
  rule: string;
  kind: string;
  /** "as if kicked once", "as if also kicked with its B kicker"... */
  as: string;
}

const LABELS: readonly KickerLabel[] = ['A', 'B'];

/** How a kick count reads in a message: once, twice, 3 times. */
export function times(n: number): string {
  return n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`;
}

const kickers = (labels: readonly KickerLabel[]) => `its ${labels.join(' and ')} kicker${labels.length > 1 ? 's' : ''}`;

/** How a spell on the stack, or the permanent it became, shows its kick; `copy` for a copy, or the token it became. */
export interface ShownKick {
  copy: boolean;
  kicked?: boolean;
  kicker?: readonly KickerLabel[];
  multikicker?: number;
  timesKicked?: number;
}

/**
 * Whether the spell shows itself kicked as it was declared, where it shows its kick at all: one the
 * engine recorded kicked otherwise (a copy that kept one multikick of three) did its effects for the
 * kick it recorded, a bug its kicker and copy properties see; only the effects are wrong here. A copy
 * must show its kick: its kick is the original's (CR 707.10), which the engine may have copied wrong.
 */
function shownAsDeclared(spell: ShownKick, k: Kick): boolean {
  const shown = [spell.kicked, spell.kicker, spell.multikicker, spell.timesKicked].some((f) => f !== undefined);
  if (spell.copy && !shown) return false;
  // Only a kicked spell is asked about (kickedOtherwise): shown unkicked, its kick was lost.
  if (spell.kicked === false) return false;
  if (spell.kicker !== undefined && [...spell.kicker].sort().join() !== [...k.kicker].sort().join()) return false;
  if (spell.multikicker !== undefined && spell.multikicker !== k.multikicker) return false;
  return spell.timesKicked === undefined || spell.timesKicked === timesKicked(k);
}

/**
 * The other kicks of a card the engine may have done its effects for, where the spell was kicked:
 * fewer multikicks, still kicked; then every other set of its kicker costs, with the same multikicks.
 * Never unkicked (a kick lost is another bug, which the kicked status shows), never more kicks than
 * paid (more of a per-kick effect is also what a doubling effect does).
 */
function otherKicks(def: CardDefinition, k: Kick): { kick: Kick; branch: WrongKick }[] {
  const out: { kick: Kick; branch: WrongKick }[] = [];
  for (let m = k.multikicker - 1; m >= 0; m--) {
    const kick = { kicker: k.kicker, multikicker: m };
    if (timesKicked(kick) > 0) out.push({ kick, branch: { rule: '702.33d', kind: 'wrong-kick-count', as: `as if kicked ${times(timesKicked(kick))}` } });
  }
  const costs = LABELS.slice(0, def.kicker?.costs.length ?? 0);
  const subsets = costs.reduce<KickerLabel[][]>((all, l) => [...all, ...all.map((s) => [...s, l])], [[]]);
  for (const kicker of subsets) {
    const kick = { kicker, multikicker: k.multikicker };
    const added = kicker.filter((l) => !k.kicker.includes(l));
    const dropped = k.kicker.filter((l) => !kicker.includes(l));
    if (timesKicked(kick) === 0 || (added.length === 0 && dropped.length === 0)) continue;
    const branch: WrongKick =
      dropped.length === 0 ? { rule: '702.33f', kind: 'unpaid-kicker-cost', as: `as if also kicked with ${kickers(added)}` }
      : added.length === 0 ? { rule: '702.33f', kind: 'paid-kicker-cost-ignored', as: `as if not kicked with ${kickers(dropped)}` }
      : { rule: '702.33f', kind: 'kicker-costs-swapped', as: `as if kicked with ${kickers(kicker)} instead of ${kickers(k.kicker)}` };
    out.push({ kick, branch });
  }
  return out;
}

/**
 * The branch to fail by when what the engine did is not what the spell's own kick gives but exactly
 * what another kick of it gives (`shows`), the spell showing itself kicked as declared; else none.
 */
export function kickedOtherwise(def: CardDefinition, spell: ShownKick, k: Kick, shows: (other: Kick) => boolean): WrongKick | undefined {
  if (timesKicked(k) === 0 || !shownAsDeclared(spell, k)) return undefined;
  return otherKicks(def, k).find((o) => shows(o.kick))?.branch;
}
