// Illegal declarations made on purpose (CR 601.2, 733.1): engines must reject them and change
// nothing. Which kind a plan makes, and the change to the legal cast that makes it.
import type fc from 'fast-check';
import { activeRequirements, inactiveRequirements, spellColors } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import { parseMana } from '../model/mana.ts';
import type { Action, CardDefinition, ManaPool } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { sacrificeChoices } from './costs.ts';
import { constantDraw, constantFromDraw } from './draws.ts';
import { oneofDraw } from './oneof-draws.ts';
import { ILLEGAL_KINDS, type IllegalKind, type Plan } from './plan.ts';
import { chooseTargets } from './targets.ts';
import { rare } from './weighted-draws.ts';

const SPECIFIC_ILLEGAL_KINDS: readonly IllegalKind[] = ['kicker-twice', 'splice-twice', 'splice-quality', 'targets-for-unkicked', 'x-on-free-cast'];

/**
 * The illegal kinds by weight. The kinds that need something particular of the scenario (a kicker, a
 * splice, an {X}) weigh double, the splices more, and a cost the pool cannot pay most: only it
 * reaches casting.unpayable-rejected, and the splice kinds splice.declarations.
 */
const WEIGHTED_ILLEGAL_KINDS: readonly IllegalKind[] = [...ILLEGAL_KINDS, ...SPECIFIC_ILLEGAL_KINDS, 'splice-twice', 'splice-quality', 'cannot-pay', 'cannot-pay', 'cannot-pay', 'cannot-pay', 'cannot-pay'];

/** One scenario in five: most go on to cast the card again legally, so that little is lost to the rejection. */
export const DEFAULT_ILLEGAL_SHARE = 0.2;

/** The illegal kind a plan makes, or none, by the share asked for and the kinds' weights. Shrinks to none. */
export function illegalArb(illegalShare: number): fc.Arbitrary<IllegalKind | null> {
  return illegalShare <= 0
    ? constantDraw(null)
    : oneofDraw(
        { withCrossShrink: true },
        { weight: Math.round((1 - illegalShare) * 100), arbitrary: constantDraw(null) },
        { weight: Math.round(illegalShare * 100), arbitrary: constantFromDraw(...WEIGHTED_ILLEGAL_KINDS) },
      );
}

/** Whether a counterspell or copy spell is first aimed at itself (CR 115.5: rejected): one time in two where illegal declarations are asked for. Shrinks to false. */
export function selfTargetArb(illegalShare: number): fc.Arbitrary<boolean> {
  return illegalShare > 0 ? rare(constantDraw(true), false, 1) : constantDraw(false);
}

/**
 * The illegal declaration a plan makes. A kind that needs something this scenario lacks (kicker twice
 * on a spell without kicker) gives way to another that fits it, so that the rarer kinds come up often
 * enough; any scenario can fall back on a total cost it cannot pay.
 */
function illegalKind(plan: Plan, cast: Extract<Action, { do: 'cast' }>, parts: CardDefinition[], freeCast: boolean): IllegalKind | null {
  const main = plan.main;
  const fits: Partial<Record<IllegalKind, boolean>> = {
    'kicker-twice': main.kicker !== undefined,
    'splice-twice': (cast.splice?.length ?? 0) > 0,
    'splice-quality': plan.splices[0]?.splice?.onto === 'Arcane' && !(main.subtypes ?? []).includes('Arcane'),
    // Any target that exists only if kicked will do: the declaration is made unkicked for it.
    'targets-for-unkicked': parts.some((d) => (d.targets ?? []).some((t) => (t.condition ?? 'always') !== 'always')),
    // Only an engine that casts without paying mana costs can be asked to do it with X above 0.
    'x-on-free-cast': freeCast && (main.manaCost?.includes('{X}') ?? false),
  };
  const planned = plan.illegal;
  if (planned === null || fits[planned] !== false) return planned;
  const others = SPECIFIC_ILLEGAL_KINDS.filter((k) => fits[k]);
  return others.length > 0 ? others[plan.picks[15]! % others.length]! : planned;
}

/**
 * Changes the legal cast (and the hand or the mana) to make the plan's illegal declaration, or the
 * kind that fits the scenario in its place; which kind it made, or null for a legal cast.
 */
export function applyIllegal(
  plan: Plan,
  cast: Extract<Action, { do: 'cast' }>,
  b: Builder,
  mana: ManaPool,
  parts: CardDefinition[],
  provision: number,
  freeCast: boolean,
): IllegalKind | null {
  const main = plan.main;
  const alsoDeclare = (splice: CardDefinition) => declareSplice(splice, plan, cast, b, mana);
  const kind = illegalKind(plan, cast, parts, freeCast);
  switch (kind) {
    case null:
      return null;
    case 'kicker-twice':
      if (main.kicker) {
        cast.kicker = ['A', 'A'];
        return kind;
      }
      break;
    case 'kicker-not-printed': {
      // Either way of declaring what is not printed (CR 702.33b): a kicker cost beyond the printed
      // ones, or multikicker on a card without it; where both fit, one or the other.
      const label = (main.kicker?.costs.length ?? 0) < 2;
      if (!main.multikicker && (!label || plan.picks[15]! % 2 === 1)) {
        cast.multikicker = 1;
        return kind;
      }
      if (label) {
        cast.kicker = main.kicker ? ['A', 'B'] : ['A'];
        return kind;
      }
      break;
    }
    case 'splice-twice': {
      const again = cast.splice?.[0];
      if (again !== undefined) {
        cast.splice = [...cast.splice!, again];
        alsoDeclare(parts[1]!);
        return kind;
      }
      break;
    }
    case 'splice-quality': {
      // An Arcane-only splice card revealed for a spell that is not Arcane.
      const splice = plan.splices[0];
      if (splice?.splice?.onto === 'Arcane' && !(main.subtypes ?? []).includes('Arcane')) {
        b.hand.push(b.card('offquality', splice, plan.spliceOracle));
        cast.splice = [...(cast.splice ?? []), 'offquality'];
        alsoDeclare(splice);
        return kind;
      }
      break;
    }
    case 'not-in-hand':
      b.hand.splice(b.hand.indexOf('main'), 1);
      b.graveyard.push('main');
      return kind;
    case 'targets-for-unkicked':
      if (castUnkickedWithEveryTarget(plan, cast, b, parts)) return kind;
      break;
    case 'x-on-free-cast':
      if (freeCast && main.manaCost?.includes('{X}')) {
        cast.withoutPayingManaCost = true;
        cast.x = Math.max(1, plan.x);
        return kind;
      }
      break;
    case 'wrong-target-count':
      if (cast.targets && cast.targets.length > 0) {
        cast.targets = cast.targets.slice(1);
        return kind;
      }
      cast.targets = [['p2']];
      return kind;
    case 'cannot-pay':
      break;
  }
  // Falls back to a total cost one mana short (past the slack), which almost every scenario can have.
  leaveShort(cast, mana, provision);
  return 'cannot-pay';
}

/**
 * A splice declared twice, or onto the wrong spell, is illegal in that one respect: its targets are
 * chosen and its mana is there, so that an engine that allows it accepts the cast.
 */
function declareSplice(splice: CardDefinition, plan: Plan, cast: Extract<Action, { do: 'cast' }>, b: Builder, mana: ManaPool): void {
  const targets = chooseTargets(activeRequirements([splice], { kicker: [], multikicker: 0 }), b.board, spellColors(plan.main), plan.picks, 0);
  if (targets && targets.length > 0) cast.targets = [...(cast.targets ?? []), ...targets];
  const cost = splice.splice?.cost.mana ? parseMana(splice.splice.cost.mana) : undefined;
  if (!cost) return;
  for (const key of ['W', 'U', 'B', 'R', 'G', 'C'] as const) if (cost[key] > 0) mana[key] = (mana[key] ?? 0) + cost[key];
  if (cost.generic > 0) mana.C = (mana.C ?? 0) + cost.generic;
}

/**
 * The cast made unkicked, with legal targets for every requirement in text order, those of the parts
 * that work only if kicked included; false where no part has such a requirement.
 */
function castUnkickedWithEveryTarget(plan: Plan, cast: Extract<Action, { do: 'cast' }>, b: Builder, parts: CardDefinition[]): boolean {
  const main = plan.main;
  const unkicked: Kick = { kicker: [], multikicker: 0 };
  if (inactiveRequirements(parts, unkicked) === 0) return false;
  delete cast.kicker;
  delete cast.multikicker;
  const sacrifices = sacrificeChoices(main, [], 0, parts.slice(1), b.board);
  if (sacrifices.length > 0) cast.sacrifice = sacrifices;
  else delete cast.sacrifice;
  const all = parts.flatMap((def, part) => (def.targets ?? []).map((requirement) => ({ requirement, part, count: requirement.count ?? 1 })));
  cast.targets = chooseTargets(all, b.board, spellColors(main), plan.picks, 0) ?? [...activeRequirements(parts, unkicked).map(() => ['p2']), ...Array.from({ length: inactiveRequirements(parts, unkicked) }, () => ['p2'])];
  return true;
}

/** Takes one mana more than the slack from the pool, or where the pool has too little, declares kicker costs it cannot pay. */
function leaveShort(cast: Extract<Action, { do: 'cast' }>, mana: ManaPool, provision: number): void {
  let short = provision + 1;
  for (const key of ['C', 'W', 'U', 'B', 'R', 'G'] as const) {
    const take = Math.min(short, mana[key] ?? 0);
    if (take > 0) mana[key] = mana[key]! - take;
    if (mana[key] === 0) delete mana[key];
    short -= take;
  }
  if (short > provision) cast.kicker = [...(cast.kicker ?? []), 'B', 'B'];
}
