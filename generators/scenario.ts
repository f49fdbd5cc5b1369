// Whole scenarios: one spell cast with any mix of kicker, A/B kicker, multikicker, X and splices,
// free or with cost changes on the board; copies of it; things that happen while it is on the
// stack; its resolution; then zone changes and taps around the permanents, with watchers whose
// abilities trigger. A scenario is built from a plan of independent choices, so that fast-check
// shrinks each on its own: fewer splices, copies, watchers and follow-ups, fewer kicks, smaller
// numbers, simpler cards, fewer actions.
import fc from 'fast-check';
import { catalog } from '../model/catalog.ts';
import type { Mana } from '../model/mana.ts';
import type { Action, Capabilities, CardDefinition, ControlCondition, Cost, Effect, KickerLabel, ManaPool, PermanentFilter, Player, Scenario, ScenarioCard, StartingPermanent, TargetRequirement, TriggeredAbility } from '../model/schema-types.ts';
import { activeRequirements, candidatesFor, declaredMana, inactiveRequirements, spellColors, type BoardObject, type Requirement } from '../model/declarations.ts';
import { NOT_KICKED, timesKicked, triggerConditionHolds, type Kick } from '../model/kick.ts';
import {
  bystanderArb,
  CLONE,
  costChangerArb,
  COUNTERSPELL,
  DAMAGE_WARD,
  KICKED_COUNTERSPELL,
  MULTIPLIER,
  SECOND_SPELL,
  syntheticSpellArb,
  TOKEN_SPELL,
  tokenFor,
  watcherArb,
  type CardFeatures,
  type WatcherKind,
} from './synthetic-cards.ts';
import { addInto, emptyMana, parseMana, sparsePool, toPool } from '../model/mana.ts';
import { leftAfterPaying } from './mana.ts';
import { buildsFromDefinition, expandCapabilities, needsUntoldChoice, takesChoice } from '../model/capabilities.ts';
import { syntheticSpellsPossible } from './synthetic-cards.ts';
import { arrayDraw, uniqueArrayDraw } from './array-draws.ts';
import { booleanDraw, constantByWeight, constantDraw, constantFromDraw, integerDraw, natDraw } from './draws.ts';
import { oneofDraw } from './oneof-draws.ts';
import { recordDraws, tupleDraws } from './tuple-draws.ts';

/** Illegal declarations made on purpose; engines must reject them and change nothing (CR 733.1). */
export const ILLEGAL_KINDS = [
  'kicker-twice',
  'kicker-not-printed',
  'splice-twice',
  'splice-quality',
  'not-in-hand',
  'targets-for-unkicked',
  'wrong-target-count',
  'x-on-free-cast',
  'cannot-pay',
] as const;
export type IllegalKind = (typeof ILLEGAL_KINDS)[number];
const SPECIFIC_ILLEGAL_KINDS: readonly IllegalKind[] = ['kicker-twice', 'splice-twice', 'splice-quality', 'targets-for-unkicked', 'x-on-free-cast'];
/**
 * The illegal kinds by weight. The kinds that need something particular of the scenario (a kicker, a
 * splice, an {X}) weigh double, the splices more, and a cost the pool cannot pay most: only it
 * reaches casting.unpayable-rejected, and the splice kinds splice.declarations.
 */
const WEIGHTED_ILLEGAL_KINDS: readonly IllegalKind[] = [...ILLEGAL_KINDS, ...SPECIFIC_ILLEGAL_KINDS, 'splice-twice', 'splice-quality', 'cannot-pay', 'cannot-pay', 'cannot-pay', 'cannot-pay', 'cannot-pay'];
/** One scenario in five: most go on to cast the card again legally, so that little is lost to the rejection. */
export const DEFAULT_ILLEGAL_SHARE = 0.2;

export const STACK_FOLLOW_UPS = ['counter', 'counter-if-kicked', 'bounce-and-recast', 'kill-targets', 'kill-one-target', 'second-kicked-spell', 'counterspell'] as const;
// In the order they happen when a plan has several: destroying the lands comes last.
export const BOARD_FOLLOW_UPS = ['put-kicker-permanent', 'enter-tapped', 'tap-land', 'untap-land', 'flicker', 'clone', 'reanimate', 'destroy-lands'] as const;
type StackFollowUp = (typeof STACK_FOLLOW_UPS)[number];
type BoardFollowUp = (typeof BOARD_FOLLOW_UPS)[number];

export interface ScenarioOptions {
  capabilities: Capabilities;
  /** Share of scenarios with an illegal declaration, 0 to 1. Default 0.2. */
  illegalShare?: number;
}

interface CopyPlan {
  via: 'action' | 'card';
  retarget: boolean;
  copier: number;
}

interface Watcher {
  kind: WatcherKind;
  def: CardDefinition;
  side: 'p1' | 'p2';
  /** Whether the scenario makes what it watches happen (a token created, a land tapped or destroyed): a watcher with nothing to see checks little. */
  fed: boolean;
}

interface Plan {
  /** Whether the scenario casts its main spell at all: without it, only the board and its watchers. */
  spell: boolean;
  main: CardDefinition;
  oracle: boolean;
  splices: CardDefinition[];
  spliceOracle: boolean;
  kickA: boolean;
  kickB: boolean;
  multikicks: number;
  x: number;
  free: boolean;
  copies: CopyPlan[];
  bystanders: CardDefinition[];
  extraBystanders: number;
  watchers: Watcher[];
  multipliers: number;
  costChangers: CardDefinition[];
  lands: number;
  /** Library cards, when something draws or mills: now and then none. */
  library: number;
  forests: number;
  ward: boolean;
  kickerPermanent: CardDefinition | undefined;
  picks: number[];
  slack: number;
  stackFollowUps: StackFollowUp[];
  resolves: number;
  resolveAll: boolean;
  boardFollowUps: BoardFollowUp[];
  /** Whether everything left on the stack resolves after the board follow-ups. */
  settle: boolean;
  illegal: IllegalKind | null;
  /** After a rejected cast: the same card cast again legally (kicked as planned, or not), then another card. */
  recast: { kicked: boolean; other: boolean } | null;
  /** A counterspell is first cast targeting itself (CR 115.5: rejected), then at the main spell. */
  selfTarget: boolean;
  /** Which printed counterspell, copier or second spell, where there are several. */
  pick: number;
  /** A permanent that makes the main permanent's "if you control ..." hold when it enters. */
  enabler: boolean;
  /** Between the main permanent's enters trigger and its resolution, the board changes: the permanent is flickered, or the one its condition needs leaves. */
  interrupt: boolean;
  /** p2's starting life, when low: damage can make them lose the game (CR 704.5b). */
  p2Life: number | undefined;
  /** No triggered ability anywhere the plan can leave it out: relations between runs want such scenarios. */
  quiet: boolean;
  /** Quiet too where the main card is a permanent with a counter per multikick: relations.one-more-multikick kicks it once more, on a board without triggered abilities only. */
  quietKicks: boolean;
  /** A last action that names what is not there, which the engine must refuse (actions.taken-when-possible). */
  stray: StrayAction | null;
  /** The very last action: every creature destroyed at once, one event in which several die (CR 603.2c, 603.10). */
  massDeath: boolean;
}

/**
 * Actions from outside the cards that name what is not there: destroying or putting onto the
 * battlefield the main card when it is an instant or sorcery (never a permanent), countering a land,
 * putting onto the battlefield or cloning from hand a land that is on the battlefield.
 */
const STRAY_ACTIONS = ['destroy-spell-card', 'put-spell-card', 'counter-land', 'put-land-in-play', 'clone-land-in-play'] as const;
type StrayAction = (typeof STRAY_ACTIONS)[number];

/** What the builder knows about a scenario beyond what its JSON shows, for statistics. */
export interface BuiltFeatures {
  illegal: IllegalKind | null;
  /** The card of a rejected cast is cast again. */
  recast: boolean;
  /** The board changes between the main permanent's enters trigger and its resolution. */
  interrupted: boolean;
}

const built = new WeakMap<Scenario, BuiltFeatures>();

/** The features the generator put in a scenario it made, or undefined for any other scenario. */
export function builtFeatures(s: Scenario): BuiltFeatures | undefined {
  return built.get(s);
}

const MAX_BYSTANDERS = 3;

/** Scenarios an engine with these capabilities can run. */
export function scenarioArb(options: ScenarioOptions): fc.Arbitrary<Scenario> {
  const ctx = contextFor(options.capabilities);
  return planArb(options, ctx).map((plan) => {
    const s = buildScenario(plan, ctx);
    built.set(s, {
      illegal: plan.spell ? plan.illegal : null,
      recast: s.actions.some((a) => a.id === 'retry'),
      interrupted: s.actions.some((a) => a.id === 'interrupt'),
    });
    return s;
  });
}

/** What the capabilities allow, worked out once per run. */
interface Context {
  caps: Capabilities;
  features: CardFeatures;
  can: (mechanic: Capabilities['mechanics'][number]) => boolean;
  does: (action: Capabilities['actions'][number]) => boolean;
  /** Whether the engine builds this card from its definition (synthetic cards, by feature). */
  synth: (def: CardDefinition) => boolean;
  /** Whether synthetic spells (main, splice, kicker permanent) can be generated for it. */
  syntheticSpells: boolean;
  pool: CardDefinition[];
  byName: (name: string) => CardDefinition | undefined;
}

function contextFor(caps: Capabilities): Context {
  const known = new Set(caps.cards.oracle ?? []);
  // Asked many times a scenario: sets made once.
  const mechanics = new Set(caps.mechanics);
  const can = (m: Capabilities['mechanics'][number]) => mechanics.has(m);
  // Actions by their finest name: bounce covers bounceSpell, destroyAll destroyAllLands (model/capabilities.ts).
  const actions = new Set(expandCapabilities(caps).actions);
  const does = (a: Capabilities['actions'][number]) => actions.has(a);
  const allowed = caps.cards.syntheticFeatures;
  const features: CardFeatures = {
    sacrificeCosts: can('sacrificeCost'),
    tokens: can('tokens'),
    triggers: can('triggers'),
    x: can('x'),
    ...(allowed ? { allowed: (f) => allowed.includes(f) } : {}),
    triggerTargets: takesChoice(caps, 'triggerTargets'),
    triggerOrder: takesChoice(caps, 'triggerOrder'),
  };
  const pool = [...catalog().values()].filter((d) => known.has(d.name) && supportsCard(d, caps) && !needsUntoldChoice(caps, d));
  const synth = (def: CardDefinition) => buildsFromDefinition(caps, def);
  const byName = new Map(pool.map((d) => [d.name, d]));
  return { caps, features, can, does, synth, syntheticSpells: caps.cards.synthetic && syntheticSpellsPossible(features), pool, byName: (name) => byName.get(name) };
}

function supportsCard(def: CardDefinition, caps: Capabilities): boolean {
  const m = caps.mechanics;
  if (def.kicker && !m.includes('kicker')) return false;
  if (def.kicker?.costs.length === 2 && !m.includes('kickerAB')) return false;
  if (def.multikicker && !m.includes('multikicker')) return false;
  if (def.splice && !m.includes('splice')) return false;
  if (def.manaCost?.includes('{X}') && !m.includes('x')) return false;
  const costs = [...(def.kicker?.costs ?? []), ...(def.multikicker ? [def.multikicker.cost] : []), ...(def.splice ? [def.splice.cost] : [])];
  if (costs.some((c) => c.sacrifice) && !m.includes('sacrificeCost')) return false;
  if (def.triggers?.length && !m.includes('triggers')) return false;
  if (def.statics?.some((s) => s.kind === 'triggerMultiplier') && !m.includes('triggerMultiplier')) return false;
  if (def.statics?.some((s) => s.kind === 'costReduction' || s.kind === 'costIncrease') && !m.includes('costModifiers')) return false;
  if (def.protection?.length && !m.includes('protection')) return false;
  const effects = [...(def.effects ?? []), ...(def.triggers ?? []).flatMap((t) => t.effects)];
  if (effects.some((e) => e.kind === 'createToken') && !m.includes('tokens')) return false;
  return true;
}

/** A catalog card (sent by Oracle name), not one the generator made. */
const isPrinted = (d: CardDefinition) => catalog().get(d.name) === d;
const isCopier = (d: CardDefinition) => (d.effects ?? []).some((e) => e.kind === 'copySpell');
const isSpell = (d: CardDefinition) => d.types.includes('Instant') || d.types.includes('Sorcery');
const SPELL_TARGETS: readonly string[] = ['spell', 'instantOrSorcerySpell', 'creatureSpell', 'noncreatureSpell'];
const targetsSpells = (d: CardDefinition) => (d.targets ?? []).some((t) => SPELL_TARGETS.includes(t.kind));
const vanilla = (d: CardDefinition) => d.types.includes('Creature') && !d.kicker && !d.multikicker && !d.entersWith && !d.triggers && !d.statics;

/** Mostly zero or a few kicks, sometimes many (edge values shrink towards zero). */
const kicksArb = oneofDraw(
  { withCrossShrink: true },
  { weight: 2, arbitrary: constantDraw(0) },
  { weight: 3, arbitrary: integerDraw({ min: 1, max: 3 }) },
  // Up to nine, shrinking to one kick (not to none, which would lose a failure about kicks).
  { weight: 4, arbitrary: integerDraw({ min: 1, max: 9 }) },
);

/** `none` weight times in weight + 1, else a value; shrinking reaches `none` from any point (weightedDraw). */
function rare<T>(value: fc.Arbitrary<T>, none: T, weight = 5): fc.Arbitrary<T> {
  return weightedDraw([{ weight, arbitrary: constantDraw(none) }, { weight: 1, arbitrary: value }]);
}

/** A value, `none` one time in odds + 1; shrinking reaches `none` from any point (weightedDraw). */
function mostly<T>(value: fc.Arbitrary<T>, none: T, odds: number): fc.Arbitrary<T> {
  return weightedDraw([{ weight: 1, arbitrary: constantDraw(none) }, { weight: odds, arbitrary: value }]);
}

/**
 * One of several arbitraries by weight, as a draw beside a value of each: shrinking the draw reaches the
 * first from any point of the shrinking, where fc.oneof's cross-shrink lasts only its first context
 * (a Trigger Doubler, or two printed splices at least two by their source, would outlive every cut).
 */
function weightedDraw<T>(options: readonly { weight: number; arbitrary: fc.Arbitrary<T> }[]): fc.Arbitrary<T> {
  const total = options.reduce((n, o) => n + o.weight, 0);
  return tupleDraws(fc.noBias(natDraw({ max: total - 1 })), ...options.map((o) => o.arbitrary)).map((drawn) => {
    let left = drawn[0];
    for (let i = 0; i < options.length; i++) {
      if (left < options[i]!.weight) return drawn[i + 1] as T;
      left -= options[i]!.weight;
    }
    return drawn[1] as T;
  });
}

function planArb(options: ScenarioOptions, ctx: Context): fc.Arbitrary<Plan> {
  const { caps, features, can, does, pool } = ctx;
  const mains = pool.filter((d) => !d.types.includes('Land') && d.manaCost !== undefined && !isCopier(d) && !targetsSpells(d) && !vanilla(d));
  const spliceCards = pool.filter((d) => d.splice);
  const copiers = pool.filter(isCopier);
  const synthetic = ctx.syntheticSpells;

  const syntheticMain = oneofDraw(
    // Arcane instants weigh double: any splice card fits them.
    { weight: 2, arbitrary: syntheticSpellArb({ name: 'Main Spell', role: 'instant', arcane: true, features }) },
    syntheticSpellArb({ name: 'Main Spell', role: 'sorcery', arcane: false, features }),
    syntheticSpellArb({ name: 'Main Spell', role: 'instant', arcane: false, features }),
    // Permanents weigh double: their enters abilities are where the triggers properties look; those
    // with a counter per multikick too, which relations.one-more-multikick kicks once more.
    { weight: 2, arbitrary: syntheticSpellArb({ name: 'Main Permanent', role: 'permanent', features }) },
    ...(can('multikicker') ? [{ weight: 2, arbitrary: syntheticSpellArb({ name: 'Main Permanent', role: 'permanent', perKick: true, features }) }] : []),
  );
  // Printed mains by shape, so that the rarer shapes (two kicker costs, multikicker, {X}, Arcane hosts)
  // come up about as often as the many cards with one kicker cost.
  const shapes = mainShapes(mains);
  const catalogMain =
    shapes.length > 1
      ? oneofDraw({ withCrossShrink: true }, ...shapes.map(({ group, weight }) => ({ weight, arbitrary: natDraw({ max: group.length - 1 }).map((i) => group[i]!) })))
      : natDraw({ max: Math.max(0, mains.length - 1) }).map((i) => mains[i]!);
  const mainArb: fc.Arbitrary<{ def: CardDefinition; oracle: boolean }> =
    synthetic && mains.length > 0
      ? oneofDraw<{ def: CardDefinition; oracle: boolean }>(
          { weight: 2, arbitrary: syntheticMain.map((def) => ({ def, oracle: false })) },
          { weight: 1, arbitrary: catalogMain.map((def) => ({ def, oracle: true })) },
        )
      : synthetic
        ? syntheticMain.map((def) => ({ def, oracle: false }))
        : catalogMain.map((def) => ({ def, oracle: true }));

  const maxSplices = can('splice') ? 3 : 0;
  const syntheticSplice = (role: 'instant' | 'sorcery', simple = false) => syntheticSpellArb({ name: 'Splice Card', role, arcane: true, splice: 'Arcane', kicker: false, simple, features });
  const spliceSources: { weight: number; arbitrary: fc.Arbitrary<{ defs: CardDefinition[]; oracle: boolean }> }[] = [];
  // Only where splices can be declared: two or more simple splices need room for two.
  if (synthetic && maxSplices >= 2) {
    // An array, not a prefix of a tuple: shrinking can drop any one splice and keep the others.
    // Rituals and cantrips (simple splices) too, whose order can be swapped without changing the
    // outcome; each splices onto Arcane, or onto any instant or sorcery (Everdream). Now and then all
    // of them are simple: relations.splice-order compares such spells spliced in both orders.
    const mixedSplices = arrayDraw(tupleDraws(oneofDraw(syntheticSplice('instant'), syntheticSplice('sorcery'), syntheticSplice('instant', true)), booleanDraw), { maxLength: maxSplices });
    const simpleSplices = arrayDraw(tupleDraws(syntheticSplice('instant', true), booleanDraw), { minLength: 2, maxLength: maxSplices });
    spliceSources.push({
      weight: 2,
      arbitrary: oneofDraw({ withCrossShrink: true }, { weight: 3, arbitrary: mixedSplices }, { weight: 1, arbitrary: simpleSplices }).map((splices) => ({
          defs: splices.map(([d, anySpell], i) => ({
            ...d,
            name: `Splice Card ${i + 1}`,
            ...(d.effects ? { effects: d.effects.map((e) => (e.token ? { ...e, token: tokenFor(`Splice Card ${i + 1}`) } : e)) } : {}),
            ...(anySpell ? { splice: { ...d.splice!, onto: 'instant or sorcery' as const } } : {}),
          })),
          oracle: false,
        })),
    });
  }
  if (spliceCards.length > 0) {
    spliceSources.push({
      weight: 2,
      arbitrary: uniqueArrayDraw(natDraw({ max: spliceCards.length - 1 }), { maxLength: Math.min(maxSplices, spliceCards.length) }).map((is) => ({ defs: is.map((i) => spliceCards[i]!), oracle: true })),
    });
  }
  // Printed rituals and cantrips (Desperate Ritual, Vital Surge, Evermind...), two or more, for relations.splice-order.
  const simpleSpliceCards = spliceCards.filter((d) => !d.targets?.length && (d.effects ?? []).every((e) => ['gainLife', 'draw', 'addMana'].includes(e.kind)));
  if (simpleSpliceCards.length >= 2) {
    spliceSources.push({
      weight: 1,
      arbitrary: fc
        .uniqueArray(natDraw({ max: simpleSpliceCards.length - 1 }), { minLength: 2, maxLength: Math.min(maxSplices, simpleSpliceCards.length) })
        .map((is) => ({ defs: is.map((i) => simpleSpliceCards[i]!), oracle: true })),
    });
  }
  const splicesArb: fc.Arbitrary<{ defs: CardDefinition[]; oracle: boolean }> =
    maxSplices === 0 || spliceSources.length === 0 ? constantDraw({ defs: [], oracle: false }) : weightedDraw(spliceSources);

  const copyVia: CopyPlan['via'][] = [...(does('copy') ? (['action'] as const) : []), ...(copiers.length > 0 && does('cast') ? (['card'] as const) : [])];
  const copyArb: fc.Arbitrary<CopyPlan> = recordDraws(
    constantFromDraw(...(copyVia.length > 0 ? copyVia : ['action' as const])),
    booleanDraw,
    natDraw({ max: Math.max(0, copiers.length - 1) }),
  ).map(([via, retarget, copier]) => ({ via, retarget, copier }));
  // Bystanders stand there to be targeted: a 0/0 (Clone without a copy) or a legend would not stay.
  const vanillas = pool.filter((d) => vanilla(d) && (d.toughness ?? 0) > 0 && !(d.supertypes ?? []).includes('Legendary'));
  const bystanderDefs = synthetic
    ? tupleDraws(...(['Bystander One', 'Bystander Two', 'Bystander Three'] as const).map((name) => bystanderArb(name, { protection: can('protection'), damageTrigger: can('triggers') && ctx.synth({ name, types: ['Creature'], triggers: [{ event: 'selfDealtDamage', effects: [{ kind: 'gainLife', amount: 1 }] }] }) })))
    : constantDraw(vanillas.slice(0, 3));

  const watcherKinds: WatcherKind[] = can('triggers')
    ? (['cast', 'land', 'tap', 'damage', 'death', ...(can('tokens') ? (['token'] as const) : [])] as WatcherKind[])
    : [];
  const watcherArbs: { weight: number; arbitrary: fc.Arbitrary<Watcher> }[] = [];
  // Token watchers weigh more: tokens are made by few scenarios, and two properties watch them; so do
  // printed watchers that trigger only once each turn (Morbid Opportunist), which few printed cards do.
  const watcherWeight = (kind: WatcherKind, def?: CardDefinition) => (kind === 'token' ? (def ? 5 : 4) : (def?.triggers ?? []).some((t) => t.oncePerTurn || t.triggersOnlyOnceEachTurn) ? 2 : 1);
  const fedArb = constantByWeight({ weight: 1, value: false }, { weight: 3, value: true });
  if (caps.cards.synthetic) {
    for (const kind of watcherKinds) {
      // Only watchers the engine builds; a kind none of whose shapes it builds is left out.
      const arb = watcherArb(kind, `${kind[0]!.toUpperCase()}${kind.slice(1)} Watcher`);
      if (!fc.sample(arb, { numRuns: 20, seed: 1 }).some(ctx.synth)) continue;
      watcherArbs.push({ weight: watcherWeight(kind), arbitrary: recordDraws(arb.filter(ctx.synth), constantFromDraw<'p1' | 'p2'>('p1', 'p2'), fedArb).map(([def, side, fed]) => ({ def, side, fed, kind })) });
    }
  } else {
    // Printed watchers: cast triggers (Bloodstone Goblin), lands dying (Dingus Egg), tapping (Lifetap),
    // tokens (Rosie Cotton), damage (Coalhauler Swine), deaths (Morbid Opportunist).
    for (const def of pool.filter((d) => d.triggers?.length && !d.kicker && !d.multikicker)) {
      const kind = def.triggers!.map((t) => WATCHED[t.event]).find((k) => k !== undefined);
      if (kind) watcherArbs.push({ weight: watcherWeight(kind, def), arbitrary: recordDraws(constantFromDraw<'p1' | 'p2'>('p1', 'p2'), fedArb).map(([side, fed]) => ({ kind, def, side, fed })) });
    }
  }
  const multiplierDef = ctx.synth(MULTIPLIER) ? MULTIPLIER : ctx.byName('Panharmonicon');
  const syntheticChangers = caps.cards.synthetic && fc.sample(costChangerArb('Cost Changer'), { numRuns: 20, seed: 1 }).some(ctx.synth);
  const printedChangers = pool.filter((d) => (d.statics ?? []).some((a) => a.kind === 'costReduction' || a.kind === 'costIncrease'));
  const changerArb = syntheticChangers ? costChangerArb('Cost Changer').filter(ctx.synth) : printedChangers.length > 0 ? constantFromDraw(...printedChangers) : undefined;
  const kickerPermanents = pool.filter((d) => !isSpell(d) && (d.kicker || d.multikicker) && d.manaCost);
  const kickerPermanentArb = synthetic
    ? syntheticSpellArb({ name: 'Kicker Permanent', role: 'permanent', features })
    : kickerPermanents.length > 0
      ? natDraw({ max: kickerPermanents.length - 1 }).map((i) => kickerPermanents[i]!)
      : constantDraw(undefined);

  const stackFollowUps = STACK_FOLLOW_UPS.filter((f) => stackFollowUpPossible(f, ctx));
  const boardFollowUps = BOARD_FOLLOW_UPS.filter((f) => boardFollowUpPossible(f, ctx));

  const illegalShare = options.illegalShare ?? DEFAULT_ILLEGAL_SHARE;
  const illegalArb: fc.Arbitrary<IllegalKind | null> =
    illegalShare <= 0
      ? constantDraw(null)
      : oneofDraw(
          { withCrossShrink: true },
          { weight: Math.round((1 - illegalShare) * 100), arbitrary: constantDraw(null) },
          { weight: Math.round(illegalShare * 100), arbitrary: constantFromDraw(...WEIGHTED_ILLEGAL_KINDS) },
        );

  const copyTargets = takesChoice(caps, 'copyTargets');
  const triggerOrder = takesChoice(caps, 'triggerOrder');
  // Fields shrink in this order, each until it can go no further: whole parts of the scenario first
  // (follow-ups, copies, watchers, splices), then the declarations, then the cards and numbers.
  return recordDraws(
    // No spell at all shrinks first: a failure about the board alone needs no cast.
    /* spell */ constantByWeight({ weight: 1, value: false }, { weight: 19, value: true }),
    /* boardFollowUps */ boardFollowUps.length > 0 ? uniqueArrayDraw(constantFromDraw(...boardFollowUps), { maxLength: 3 }) : constantDraw<BoardFollowUp[]>([]),
    // Almost always where it can be: it needs a main permanent with a conditional enters ability, and a plan that resolves it.
    /* interrupt */
      does('resolve') && (does('flicker') || does('bounce'))
        ? constantByWeight({ weight: 1, value: false }, { weight: 15, value: true })
        : constantDraw(false),
    // Killing the spell's targets weighs four times: "every target illegal on resolution", or some, is an
    // edge worth reaching often; bouncing and casting again triple (the splices lost, CR 702.47e).
    /* stackFollowUps */
      stackFollowUps.length > 0
        ? uniqueArrayDraw(constantFromDraw(...stackFollowUps, ...[1, 2, 3].flatMap(() => stackFollowUps.filter((f) => f === 'kill-targets' || f === 'kill-one-target')), ...[1, 2].flatMap(() => stackFollowUps.filter((f) => f === 'bounce-and-recast'))), { maxLength: 3 })
        : constantDraw<StackFollowUp[]>([]),
    /* selfTarget */ illegalShare > 0 ? rare(constantDraw(true), false, 1) : constantDraw(false),
    /* copies */ can('copy') && copyVia.length > 0 ? arrayDraw(copyArb, { maxLength: 2 }) : constantDraw<CopyPlan[]>([]),
    // Printed watchers are one card each: a printed-only board holds one more of them.
    /* watchers */ watcherArbs.length > 0 ? arrayDraw(oneofDraw(...watcherArbs), { maxLength: caps.cards.synthetic ? 4 : 5 }) : constantDraw<Watcher[]>([]),
    /* multipliers */ multiplierDef && can('triggerMultiplier') ? rare(integerDraw({ min: 1, max: 2 }), 0, 3) : constantDraw(0),
    /* costChangers */ changerArb && can('costModifiers') ? arrayDraw(changerArb, { maxLength: 2 }) : constantDraw<CardDefinition[]>([]),
    // One scenario in five behind a damage ward: it prevents the damage resolution.damage-to-creatures judges.
    /* ward */ ctx.synth(DAMAGE_WARD) && can('triggers') ? rare(constantDraw(true), false, 4) : constantDraw(false),
    /* splices */ splicesArb,
    /* illegal */ illegalArb,
    /* recast */
      illegalShare > 0 && does('cast')
        ? oneofDraw({ withCrossShrink: true }, { weight: 1, arbitrary: constantDraw(null) }, { weight: 7, arbitrary: recordDraws(booleanDraw, booleanDraw).map(([kicked, other]) => ({ kicked, other })) })
        : constantDraw(null),
    /* resolveAll */ constantByWeight({ weight: 1, value: false }, { weight: 3, value: true }),
    /* settle */ constantByWeight({ weight: 1, value: false }, { weight: 3, value: true }),
    // Mostly at least one resolution one at a time: the resolution properties judge those; casting alone one time in eight.
    /* resolves */ mostly(integerDraw({ min: 1, max: 3 }), 0, 7),
    /* multikicks */ kicksArb,
    // Both costs of "A and/or B" weigh most: the other declarations come up anyway.
    /* kickers */ constantByWeight({ weight: 2, value: '' }, { weight: 2, value: 'A' }, { weight: 1, value: 'B' }, { weight: 3, value: 'AB' }),
    /* free */ can('freeCast') ? rare(constantDraw(true), false, 4) : constantDraw(false),
    /* main */ mainArb,
    /* x */ natDraw({ max: 4 }),
    /* lands */ natDraw({ max: 3 }),
    // Seldom none, where the first draw loses the game (CR 704.5a) and checks little else; shrinking
    // goes there from any point, so that a failure about drawing from an empty library shrinks to one.
    /* library */ mostly(integerDraw({ min: 1, max: 6 }), 0, 31),
    /* forests */ natDraw({ max: 2 }),
    /* extraBystanders */ natDraw({ max: 2 }),
    /* bystanders */ bystanderDefs.map((t): CardDefinition[] => [...t]),
    /* kickerPermanent */ kickerPermanentArb,
    // One number for every target choice, so that shrinking it is one step, not sixteen.
    /* picks */ natDraw().map((seed) => {
      const picks: number[] = [];
      for (let i = 0; i < 16; i++) picks.push(((seed + 1) * (i * 2 + 7)) % 8);
      return picks;
    }),
    /* slack */ natDraw({ max: 3 }),
    /* pick */ natDraw({ max: 7 }),
    /* enabler */ constantByWeight({ weight: 1, value: false }, { weight: 4, value: true }),
    /* p2Life */ rare(integerDraw({ min: 1, max: 6 }), undefined, 8),
    // Quiet one time in four, and where the main card has counters per multikick one more time in two;
    // both shrink towards quiet, which leaves out every triggered ability the plan can.
    /* quiet */ mostly(constantDraw(false), true, 3),
    /* quietKicks */ mostly(constantDraw(false), true, 1),
    // Last, so that it draws after every other part of the plan and changes none of them.
    /* stray */ illegalShare > 0 ? rare(constantFromDraw(...STRAY_ACTIONS), null, 19) : constantDraw(null),
    // After the stray action, for the same reason: one scenario in eight ends with every creature
    // destroyed at once, where "one or more creatures die" abilities trigger once and look back.
    /* massDeath */ does('destroyAllCreatures') ? rare(constantDraw(true), false, 7) : constantDraw(false),
  )
    .map(
      ([spell, boardFollowUps, interrupt, stackFollowUps, selfTarget, copies, watchers, multipliers, costChangers, ward, splices, illegal, recast, resolveAll, settle, resolves, multikicks, kickers, free, main, x, lands, library, forests, extraBystanders, bystanders, kickerPermanent, picks, slack, pick, enabler, p2Life, quiet, quietKicks, stray, massDeath]): Plan => ({
        spell,
        main: main.def,
        oracle: main.oracle,
        splices: splices.defs,
        spliceOracle: splices.oracle,
        kickA: kickers.includes('A'),
        kickB: kickers.includes('B'),
        multikicks,
        x,
        free,
        // Without copyTargets, copies keep the original's targets.
        copies: copies.map((c) => (copiers.length === 0 ? { ...c, via: 'action' as const } : c)).map((c) => (copyTargets ? c : { ...c, retarget: false })),
        bystanders,
        extraBystanders,
        // Without triggerOrder, no two watchers of one player could trigger at once.
        watchers: triggerOrder ? watchers : watchers.filter((w, i) => watchers.findIndex((v) => v.side === w.side) === i),
        multipliers,
        costChangers,
        lands,
        library,
        forests,
        ward,
        kickerPermanent,
        picks,
        slack,
        stackFollowUps,
        resolves,
        resolveAll,
        boardFollowUps,
        settle,
        illegal,
        recast,
        selfTarget,
        pick,
        enabler,
        // The interrupt is a way of resolving the main spell: only where the plan resolves it at all, so
        // that shrinking which drops it leaves the spell resolving, and not the interrupt alone.
        interrupt: interrupt && (resolves > 0 || resolveAll),
        p2Life,
        quiet,
        quietKicks,
        stray,
        massDeath,
      }),
    );
}

function stackFollowUpPossible(f: StackFollowUp, ctx: Context): boolean {
  switch (f) {
    case 'counter':
      return ctx.does('counter');
    case 'counter-if-kicked':
      return ctx.does('cast') && (ctx.synth(KICKED_COUNTERSPELL) || ctx.byName("Ertai's Trickery") !== undefined);
    case 'bounce-and-recast':
      return ctx.does('bounceSpell');
    case 'kill-targets':
    case 'kill-one-target':
      return ctx.does('destroy');
    case 'second-kicked-spell':
      return ctx.can('kicker') && secondSpells(ctx).length > 0;
    case 'counterspell':
      return ctx.does('cast') && counterspells(ctx).length > 0;
  }
}

function boardFollowUpPossible(f: BoardFollowUp, ctx: Context): boolean {
  switch (f) {
    case 'flicker':
      return ctx.does('flicker');
    case 'clone':
      return ctx.does('clone') && (ctx.synth(CLONE) || ctx.byName('Clone') !== undefined);
    case 'reanimate':
      return ctx.does('destroy') && ctx.does('putOntoBattlefield');
    case 'put-kicker-permanent':
    case 'enter-tapped':
      return ctx.does('putOntoBattlefield');
    case 'destroy-lands':
      return ctx.does('destroyAllLands');
    case 'tap-land':
      return ctx.does('tap');
    case 'untap-land':
      return ctx.does('untap');
  }
}

/** The board follow-up that makes happen what a watcher of each kind watches. */
const FED: Partial<Record<WatcherKind, BoardFollowUp>> = { tap: 'tap-land', land: 'destroy-lands' };

/** A spell that makes a token: a synthetic one, or Spiritual Visit. */
function tokenMaker(ctx: Context): CardDefinition | undefined {
  if (!ctx.does('cast') || !ctx.does('resolve') || !ctx.can('tokens')) return undefined;
  return ctx.synth(TOKEN_SPELL) ? TOKEN_SPELL : ctx.byName('Spiritual Visit');
}

/** The watcher kind of each trigger event a printed watcher can have. */
const WATCHED: Partial<Record<TriggeredAbility['event'], WatcherKind>> = {
  spellCast: 'cast',
  becomesTapped: 'tap',
  landToGraveyard: 'land',
  tokenCreated: 'token',
  selfDealtDamage: 'damage',
  creaturesDie: 'death',
};

/**
 * Printed mains grouped by shape, each with its weight; only the groups with cards. The shapes few
 * cards have weigh more, so that "both kicker costs", "kicked four times", "a cost paid by
 * sacrificing", "one of several targets dies" and "the board changes before an enters ability
 * resolves" come up often.
 */
function mainShapes(mains: readonly CardDefinition[]): { group: CardDefinition[]; weight: number }[] {
  const shapes: { weight: number; fits: (d: CardDefinition) => boolean }[] = [
    { weight: 5, fits: (d) => d.kicker?.costs.length === 2 },
    // Spells with several targets once kicked (Comet Storm, Jilt): some of them can die first.
    { weight: 8, fits: (d) => isSpell(d) && ((d.targets ?? []).length >= 2 || (d.targets ?? []).some((t) => t.perKick !== undefined)) },
    // Permanents with a counter per multikick (Gnarlid Pack), which relations.one-more-multikick kicks once more.
    { weight: 9, fits: (d) => !isSpell(d) && d.multikicker !== undefined && (d.entersWith ?? []).some((e) => e.condition === 'perKick') },
    { weight: 2, fits: (d) => d.multikicker !== undefined },
    { weight: 5, fits: (d) => d.manaCost?.includes('{X}') ?? false },
    { weight: 6, fits: (d) => isSpell(d) && (d.subtypes ?? []).includes('Arcane') },
    { weight: 2, fits: (d) => (d.kicker?.costs ?? []).some((c) => c.sacrifice !== undefined) },
    { weight: 4, fits: (d) => enteringConditions(d).length > 0 && enteringConditions(d).every((t) => t.if !== undefined || t.ifYouControl !== undefined) },
    { weight: 1, fits: (d) => d.kicker !== undefined },
    { weight: 1, fits: () => true },
  ];
  const groups = shapes.map(() => [] as CardDefinition[]);
  for (const d of mains) groups[shapes.findIndex((x) => x.fits(d))]!.push(d);
  // Shrinking goes to the first group: the plain kicker cards (Burst Lightning first), the simplest.
  const plain = shapes.length - 2;
  return [plain, ...shapes.keys()].filter((i, k) => k === 0 || i !== plain).map((i) => ({ group: groups[i]!, weight: shapes[i]!.weight })).filter((g) => g.group.length > 0);
}

/**
 * A choice of cards that depends on the engine's capabilities alone, made once per context rather
 * than at every scenario built (the card pool is fixed for a generator's life). Callers only read it.
 */
function perContext<T>(choose: (ctx: Context) => T): (ctx: Context) => T {
  const chosen = new WeakMap<Context, { value: T }>();
  return (ctx) => {
    let c = chosen.get(ctx);
    if (!c) chosen.set(ctx, (c = { value: choose(ctx) }));
    return c.value;
  };
}

/** Counterspells an engine can run: printed ones it knows (Remand, Memory Lapse...), and a synthetic one. */
const counterspells = perContext((ctx): readonly CardDefinition[] => {
  const printed = ctx.pool.filter((d) => (d.effects ?? []).some((e) => e.kind === 'counterSpell' && !e.ifTargetKicked));
  return ctx.synth(COUNTERSPELL) ? [COUNTERSPELL, ...printed] : printed;
});

/** A second spell to cast kicked, untargeted: Saproling Migration or the like, or a synthetic one. */
const secondSpells = perContext((ctx): readonly CardDefinition[] => {
  if (ctx.synth(SECOND_SPELL)) return [SECOND_SPELL];
  return ctx.pool.filter((d) => isSpell(d) && d.kicker?.costs.length === 1 && d.kicker.costs[0]!.mana && !d.kicker.costs[0]!.sacrifice && !d.targets && (d.effects ?? []).every((e) => e.kind !== 'draw' && e.kind !== 'discard'));
});

/** The printed spell copiers the engine knows (Twincast, Reverberate...). */
const copiersOf = perContext((ctx): readonly CardDefinition[] => ctx.pool.filter(isCopier));

/** A creature to sacrifice to a kicker cost: the synthetic one, or a printed vanilla creature. */
const fodderOf = perContext((ctx) => (ctx.synth(FODDER) ? FODDER : ctx.pool.find((d) => vanilla(d) && (d.toughness ?? 0) > 0 && !(d.supertypes ?? []).includes('Legendary'))));

function spliceFits(host: CardDefinition, splice: CardDefinition): boolean {
  if (!splice.splice || !isSpell(host)) return false;
  return splice.splice.onto === 'Arcane' ? (host.subtypes ?? []).includes('Arcane') : true;
}

/** Collects the cards, zones and actions of a scenario as the plan is laid out. */
class Builder {
  readonly cards: ScenarioCard[] = [];
  readonly hand: string[] = [];
  readonly graveyard: string[] = [];
  readonly library: string[] = [];
  readonly battlefield: Record<'p1' | 'p2', StartingPermanent[]> = { p1: [], p2: [] };
  readonly board: BoardObject[] = [];
  readonly actions: Action[] = [];
  mana: Mana = emptyMana();

  constructor(private readonly synthetic: boolean) {}

  card(id: string, def: CardDefinition, oracle: boolean): string {
    this.cards.push(oracle || !this.synthetic ? { id, oracle: def.name } : { id, definition: def });
    return id;
  }

  permanent(id: string, def: CardDefinition, oracle: boolean, side: 'p1' | 'p2'): string {
    this.card(id, def, oracle);
    this.battlefield[side].push({ card: id });
    this.board.push({ id, def, controller: side });
    return id;
  }

  pay(mana: Mana): void {
    // In place: the builder's total is its own.
    addInto(this.mana, mana);
  }
}

/** The plan without what triggers: watchers, trigger multipliers, a damage ward, the kicker permanent, synthetic abilities. */
function quieted(plan: Plan): Plan {
  const still = (d: CardDefinition): CardDefinition => {
    const { triggers: _, ...rest } = d;
    return rest;
  };
  return {
    ...plan,
    watchers: [],
    multipliers: 0,
    ward: false,
    costChangers: plan.costChangers.filter((d) => !d.triggers && !(d.statics ?? []).some((a) => a.kicked)),
    boardFollowUps: plan.boardFollowUps.filter((f) => f !== 'put-kicker-permanent'),
    bystanders: plan.bystanders.map(still),
    // A main permanent's own enters abilities stay where the board is to change before they resolve.
    main: plan.oracle || (plan.interrupt && hasConditionalEnters(plan.main)) ? plan.main : still(plan.main),
    splices: plan.spliceOracle ? plan.splices : plan.splices.map(still),
  };
}

/** A permanent card with multikicker that enters with counters per kick (Gnarlid Pack). */
function countersPerKick(d: CardDefinition): boolean {
  return !isSpell(d) && d.multikicker?.cost.mana !== undefined && (d.entersWith ?? []).some((e) => e.condition === 'perKick');
}

/** A creature to sacrifice, for synthetic scenarios. */
const FODDER: CardDefinition = { name: 'Fodder', manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1 };

/** The stray action of a plan, where the scenario has what it names and the engine performs it. */
function strayAction(kind: StrayAction, b: Builder, main: CardDefinition, ctx: Context): Action | undefined {
  const land = b.board.some((o) => o.id === 'land1') ? 'land1' : undefined;
  const spellCard = isSpell(main);
  switch (kind) {
    case 'destroy-spell-card':
      return spellCard && ctx.does('destroy') ? { do: 'destroy', permanent: 'main' } : undefined;
    case 'put-spell-card':
      return spellCard && ctx.does('putOntoBattlefield') ? { do: 'putOntoBattlefield', card: 'main' } : undefined;
    case 'counter-land':
      return land && ctx.does('counter') ? { do: 'counter', spell: land } : undefined;
    case 'put-land-in-play':
      return land && ctx.does('putOntoBattlefield') ? { do: 'putOntoBattlefield', card: land } : undefined;
    case 'clone-land-in-play':
      return land && ctx.does('clone') ? { do: 'clone', card: land, copyOf: land } : undefined;
  }
}

/** Turns a plan into a scenario; everything the plan leaves open is fixed here, deterministically. */
export function buildScenario(planned: Plan, ctx: Context): Scenario {
  let plan = planned.quiet || (planned.quietKicks && countersPerKick(planned.main)) ? quieted(planned) : planned;
  const b = new Builder(ctx.caps.cards.synthetic);
  const main = plan.main;
  // A board change before the enters ability resolves wants the stack to hold nothing else.
  const conditionalEnters = hasConditionalEnters(main);
  if (plan.interrupt && conditionalEnters && plan.illegal === null) plan = { ...plan, copies: [], stackFollowUps: [] };
  // Without the spell, nothing is declared: no splices, kicks or targets.
  const splices: CardDefinition[] = [];
  if (plan.spell) for (const s of plan.splices) if (spliceFits(main, s)) splices.push(s);
  const kicker: KickerLabel[] = [];
  const printedKickers = plan.spell ? (main.kicker?.costs.length ?? 0) : 0;
  if (printedKickers >= 1 && plan.kickA) kicker.push('A');
  if (printedKickers >= 2 && plan.kickB) kicker.push('B');
  // CR 702.33f links each kicker cost to its own words, not to the order declared: now and then B
  // is declared before A (an engine shows them in printed order). From a choice the plan already
  // has, so that no other draw moves; it shrinks to A first.
  if (plan.pick % 2 === 1) kicker.reverse();
  let multikicker = plan.spell && main.multikicker ? plan.multikicks : 0;
  const hasX = main.manaCost?.includes('{X}') ?? false;
  const x = hasX ? (plan.free ? 0 : plan.x) : undefined;

  // The board: creatures to target, watchers, trigger multipliers, cost changers, lands.
  const laid = layBoard(plan, b, ctx, kicker, multikicker, splices);
  plan = laid.plan;
  const { condition, enabler } = laid;

  // Kicks that add targets (Comet Storm) stop where there are no more distinct objects to choose.
  const colors = spellColors(main);
  // Creatures there to be sacrificed are never chosen as targets.
  const targetable = (objects: readonly BoardObject[]) => objects.filter((o) => !o.id.startsWith('fod'));
  const prospective = targetable(b.board);
  const there = prospective.length;
  addBystanders(prospective, plan.bystanders);
  // Behind a damage ward, spells aim at the creatures it protects.
  const aim = plan.ward && ctx.caps.cards.synthetic;
  const pick = (reqs: readonly Requirement[], board: readonly BoardObject[], shift: number, partial = false, sourceColors = colors) => chooseTargets(reqs, board, sourceColors, plan.picks, shift, partial, aim);
  // What the costs sacrifice is gone before targets are chosen: never count it as a target.
  const kept = (objects: readonly BoardObject[], d: Kick, ss: CardDefinition[]) => {
    const gone = sacrificeChoices(main, d.kicker, d.multikicker, ss, b.board);
    return gone.length === 0 ? objects : objects.filter((o) => !gone.includes(o.id));
  };
  // Without requirements any board fits: most spells, and every scenario without one.
  const fits = (d: Kick, ss: CardDefinition[]) => {
    const reqs = activeRequirements(withMain(main, ss), d);
    return reqs.length === 0 || pick(reqs, kept(prospective, d, ss), 0) !== null;
  };
  while (multikicker > 0 && !fits({ kicker, multikicker }, splices)) multikicker--;
  while (kicker.length > 0 && !fits({ kicker, multikicker }, splices)) kicker.pop();
  while (splices.length > 0 && !fits({ kicker, multikicker }, splices)) splices.pop();
  const declared: Kick = { kicker, multikicker };
  const parts = plan.spell ? withMain(main, splices) : [];
  const requirements = activeRequirements(parts, declared);

  // Bystanders: as many as the targets need, or as the plan asks; without protection if it leaves nothing to target.
  if (requirements.length > 0 && pick(requirements, kept(prospective, declared, splices), 0) === null) {
    plan = { ...plan, bystanders: plan.bystanders.map(({ protection: _, ...d }) => d) };
    prospective.length = there;
    addBystanders(prospective, plan.bystanders);
  }
  let bystanderCount = plan.extraBystanders;
  // No permanent has been added since the prospective board was laid out: its first objects are those there.
  const withBystanders = (n: number) => prospective.slice(0, there + n);
  while (bystanderCount < MAX_BYSTANDERS && requirements.length > 0 && pick(requirements, kept(withBystanders(bystanderCount), declared, splices), 0) === null) bystanderCount++;
  // A bystander watches the damage it is dealt only where something deals damage; elsewhere its
  // ability would only keep relations that want no triggered abilities around from applying.
  const damaging = parts.some((d) => hasEffect(d, 'damage')) || plan.watchers.some((w) => hasEffect(w.def, 'damage'));
  // Behind a damage ward, every synthetic bystander watches the damage it is (not) dealt (CR 603.2g).
  const bystander = (d: CardDefinition): CardDefinition => {
    if (damaging && plan.ward && !d.triggers && ctx.caps.cards.synthetic) return { ...d, triggers: [{ event: 'selfDealtDamage', effects: [{ kind: 'gainLife', amount: 1 }] }] };
    if (damaging || !d.triggers) return d;
    const { triggers: _unwatched, ...rest } = d;
    return rest;
  };
  for (let i = 0; i < Math.min(bystanderCount, MAX_BYSTANDERS); i++) b.permanent(`b${i + 1}`, bystander(plan.bystanders[i] ?? plan.bystanders[0]!), !ctx.caps.cards.synthetic, 'p2');

  // A requirement that cannot be filled even so gets what there is, and the engine rejects the cast.
  // Never a permanent the costs sacrifice: it would be gone before the spell resolves.
  const sacrificed = new Set(sacrificeChoices(main, kicker, multikicker, splices, b.board));
  const standing = targetable(b.board).filter((o) => !sacrificed.has(o.id));
  const targets = pick(requirements, standing, 0) ?? pick(requirements, standing, 0, true)!;
  const retargets = pick(requirements, standing, 1) ?? targets;

  // The main cast.
  if (plan.spell) b.hand.push(b.card('main', main, plan.oracle));
  splices.forEach((s, i) => b.hand.push(b.card(`s${i + 1}`, s, plan.spliceOracle)));
  const cast: Extract<Action, { do: 'cast' }> = { do: 'cast', card: 'main' };
  if (kicker.length > 0) cast.kicker = kicker;
  if (multikicker > 0) cast.multikicker = multikicker;
  if (splices.length > 0) cast.splice = splices.map((_, i) => `s${i + 1}`);
  if (x !== undefined) cast.x = x;
  if (plan.free) cast.withoutPayingManaCost = true;
  if (targets.length > 0) cast.targets = targets;
  const sacrifices = sacrificeChoices(main, kicker, multikicker, splices, b.board);
  if (sacrifices.length > 0) cast.sacrifice = sacrifices;
  if (plan.spell) {
    b.pay(declaredMana(main, declared, splices, x ?? 0, plan.free));
    b.actions.push(cast);
  }

  // Copies: an effect that copies it, or a copy spell cast and resolved.
  const watchersOnCast = plan.watchers.filter((w) => w.def.triggers?.some((t) => t.event === 'spellCast'));
  if (plan.spell) copyActions(plan, b, ctx, requirements, standing, retargets, watchersOnCast, aim);

  // While it is on the stack.
  const creatureTargets = creaturesAmong(targets, b.board);
  const destroyed = new Set<string>();
  const mainLeft = plan.spell && stackFollowUpActions(plan, b, ctx, cast, declared, colors, x, sacrifices, watchersOnCast, creatureTargets, destroyed);

  // Between the main permanent's enters abilities triggering and resolving, the board changes: the
  // permanent its "if you control" needs leaves, or the permanent is flickered (its kicker condition
  // is about the object that entered, CR 603.4). Only where the stack holds just the main spell and
  // the cast triggers; after a flicker, what the new object's entering sets off resolves first.
  const entering = plan.spell && !isSpell(main) ? enteringConditions(main) : [];
  // Targets that are always there (players): an ability without a legal target never reaches the stack.
  // An "if you control" holds only for the condition the enabler was put there for.
  const alwaysTargetable = (t: TriggeredAbility) => (t.targets ?? []).every((r) => r.kind === 'player' || r.kind === 'opponent' || r.kind === 'any');
  const triggersNow = entering.some(
    (t) => alwaysTargetable(t) && (t.if !== undefined || t.ifYouControl !== undefined) && triggerConditionHolds(t.if, declared) && (!t.ifYouControl || (enabler !== undefined && t.ifYouControl === condition)),
  );
  let resolved = 0;
  if (plan.interrupt && conditionalEnters && triggersNow && !mainLeft && plan.copies.length === 0 && plan.stackFollowUps.length === 0 && plan.illegal === null) {
    const castTriggers = castTriggerCount(b.board, timesKicked(declared) > 0);
    for (let k = 0; k <= castTriggers; k++) b.actions.push({ do: 'resolve' });
    let again = 0;
    if (entering.some((t) => t.ifYouControl) && enabler && ctx.does('bounce')) b.actions.push({ do: 'bounce', id: 'interrupt', object: 'en1' });
    else if (ctx.does('flicker')) {
      b.actions.push({ do: 'flicker', id: 'interrupt', permanent: 'main' });
      const doubled = main.types.includes('Artifact') || main.types.includes('Creature') ? plan.multipliers : 0;
      again = entering.filter((t) => !t.ifYouControl && triggerConditionHolds(t.if, NOT_KICKED)).length * (1 + doubled);
    }
    for (let k = 0; k <= again; k++) b.actions.push({ do: 'resolve' });
    resolved = 1;
  }

  // Resolutions: a few one at a time, then everything, triggers included.
  const onStack = plan.spell ? 1 + plan.copies.length - (mainLeft ? 1 : 0) - resolved : 0;
  for (let i = 0; i < Math.min(plan.resolves, onStack); i++) b.actions.push({ do: 'resolve' });
  // Flickering, cloning and reanimating the main permanent need it on the battlefield first.
  const board = boardFollowUpsOf(plan, ctx, plan.spell && !mainLeft);
  if (plan.spell && (plan.resolveAll || board.some((f) => ABOUT_MAIN.includes(f)))) b.actions.push({ do: 'resolve', untilEmpty: true });

  // Around the permanents afterwards.
  const boardActions = boardFollowUpActions(board, plan, b, ctx, sacrifices, destroyed);
  if (boardActions > 0 && plan.settle) b.actions.push({ do: 'resolve', untilEmpty: true });
  return finishScenario(plan, b, ctx, cast, declared, parts);
}

/** Basic lands and library cards are real cards: an engine that does not know them gets none. */
function knownCard(ctx: Context, name: string): CardDefinition | undefined {
  return ctx.byName(name) ?? (ctx.caps.cards.synthetic ? catalog().get(name) : undefined);
}

/** Copies of the main spell: an effect that copies it, or a copy spell cast and resolved. */
function copyActions(
  plan: Plan,
  b: Builder,
  ctx: Context,
  requirements: readonly Requirement[],
  standing: readonly BoardObject[],
  retargets: string[][],
  watchersOnCast: readonly Watcher[],
  aim: boolean,
): void {
  const doneOnce = new Set<Watcher>();
  plan.copies.forEach((c, i) => {
    if (c.via === 'action' || !isSpell(plan.main)) {
      // A copy card copies only instants and sorceries: a permanent spell is copied by the action alone.
      if (!ctx.does('copy')) return;
      const copy: Extract<Action, { do: 'copy' }> = { do: 'copy', id: `copy${i + 1}`, spell: 'main' };
      if (c.retarget && retargets.length > 0) copy.newTargets = retargets;
      b.actions.push(copy);
      return;
    }
    const copier = copiersOf(ctx)[c.copier]!;
    // Fork's copy is red: its new targets must be legal for a red spell.
    const copyColor = copier.effects?.find((e) => e.kind === 'copySpell')?.copyColor;
    const copyTargets = copyColor ? chooseTargets(requirements, standing, [copyColor], plan.picks, 1, false, aim) : retargets;
    b.hand.push(b.card(`cp${i + 1}`, copier, true));
    b.pay(parseMana(copier.manaCost!));
    // Aimed at itself first, the copy spell is rejected (CR 115.5), then cast at the main spell.
    if (plan.selfTarget && i === 0) b.actions.push({ do: 'cast', id: 'cp1-self', card: 'cp1', targets: [['cp1']] });
    b.actions.push({ do: 'cast', card: `cp${i + 1}`, targets: [['main']] });
    // Abilities that trigger on the copy spell's cast resolve first; the copy spell then makes the copy.
    const triggering = castWatchersFor(watchersOnCast.filter((w) => !doneOnce.has(w)), false);
    for (let k = 0; k < triggering.length; k++) b.actions.push({ do: 'resolve' });
    // Once resolved, "do this only once each turn" abilities trigger no more (CR 603.2h).
    for (const w of triggering) if (w.def.triggers!.some((t) => t.oncePerTurn)) doneOnce.add(w);
    const resolve: Extract<Action, { do: 'resolve' }> = { do: 'resolve', id: `copy${i + 1}` };
    if (c.retarget && copyTargets && copyTargets.length > 0) resolve.newTargets = copyTargets;
    b.actions.push(resolve);
  });
}

/** What happens while the main spell is on the stack; whether the spell has left it by the end. */
function stackFollowUpActions(
  plan: Plan,
  b: Builder,
  ctx: Context,
  cast: Extract<Action, { do: 'cast' }>,
  declared: Kick,
  colors: ReturnType<typeof spellColors>,
  x: number | undefined,
  sacrifices: readonly string[],
  watchersOnCast: readonly Watcher[],
  creatureTargets: readonly string[],
  destroyed: Set<string>,
): boolean {
  const main = plan.main;
  const { kicker, multikicker } = declared;
  let mainLeft = false;
  const kill = (id: string) => {
    if (destroyed.has(id)) return;
    destroyed.add(id);
    b.actions.push({ do: 'destroy', permanent: id });
  };
  for (const f of plan.stackFollowUps) {
    switch (f) {
      case 'counter':
        if (mainLeft) break;
        b.actions.push({ do: 'counter', spell: 'main' });
        mainLeft = true;
        break;
      case 'counter-if-kicked': {
        if (mainLeft) break;
        const def = ctx.synth(KICKED_COUNTERSPELL) ? KICKED_COUNTERSPELL : ctx.byName("Ertai's Trickery")!;
        b.hand.push(b.card('counterspell', def, def !== KICKED_COUNTERSPELL));
        b.pay(parseMana(def.manaCost!));
        b.actions.push({ do: 'cast', card: 'counterspell', targets: [['main']] });
        // It counters only a kicked spell (CR 702.33d); copies do not change that.
        if (kicker.length + multikicker > 0) mainLeft = true;
        break;
      }
      case 'bounce-and-recast': {
        if (mainLeft) break;
        // Straight after the cast, its cast triggers resolve first, so that the recast meets abilities
        // that have resolved this turn ("do this only once each turn").
        if (plan.copies.length === 0 && f === plan.stackFollowUps[0]) {
          const triggering = castWatchersFor(watchersOnCast, kicker.length + multikicker > 0);
          for (let k = 0; k < triggering.length; k++) b.actions.push({ do: 'resolve' });
        }
        b.actions.push({ do: 'bounce', object: 'main' });
        // Cast again with the same kicks and no splice: the splice was lost with the spell (CR 702.47e).
        const again: Extract<Action, { do: 'cast' }> = { ...cast, id: 'recast' };
        delete again.splice;
        const standing = b.board.filter((o) => !destroyed.has(o.id));
        const recastTargets = chooseTargets(activeRequirements([main], declared), standing, colors, plan.picks, 0);
        if (recastTargets && recastTargets.length > 0) again.targets = recastTargets;
        else delete again.targets;
        if (sacrifices.length === 0 && recastTargets) {
          b.pay(declaredMana(main, declared, [], x ?? 0, plan.free));
          b.actions.push(again);
        } else mainLeft = true;
        break;
      }
      case 'kill-targets':
        for (const id of creatureTargets) kill(id);
        break;
      case 'kill-one-target':
        if (creatureTargets[0]) kill(creatureTargets[0]);
        break;
      case 'second-kicked-spell': {
        const options = secondSpells(ctx);
        const def = options[plan.pick % options.length]!;
        b.hand.push(b.card('second', def, isPrinted(def)));
        b.pay(declaredMana(def, { kicker: ['A'], multikicker: 0 }, [], 0, false));
        b.actions.push({ do: 'cast', card: 'second', kicker: ['A'] });
        break;
      }
      case 'counterspell': {
        if (mainLeft) break;
        // A spell on the stack is a candidate for its own target only in error (CR 115.5): the
        // counterspell is first aimed at itself (rejected), then at the main spell.
        const options = counterspells(ctx).filter((d) => (d.targets ?? []).every((t) => t.kind === 'spell' || (t.kind === 'creatureSpell') === main.types.includes('Creature')));
        if (options.length === 0) break;
        const def = options[plan.pick % options.length]!;
        b.hand.push(b.card('cs', def, ctx.byName(def.name) !== undefined));
        b.pay(parseMana(def.manaCost!));
        // Aimed at itself, it is rejected and the main spell stays; else it counters the main spell.
        if (plan.selfTarget) {
          b.actions.push({ do: 'cast', id: 'cs-self', card: 'cs', targets: [['cs']] });
          break;
        }
        b.actions.push({ do: 'cast', card: 'cs', targets: [['main']] });
        if (!main.cantBeCountered) mainLeft = true;
        break;
      }
    }
  }
  return mainLeft;
}

/** Zone changes and taps around the permanents after the resolutions; how many actions they took. */
function boardFollowUpActions(board: readonly BoardFollowUp[], plan: Plan, b: Builder, ctx: Context, sacrifices: readonly string[], destroyed: ReadonlySet<string>): number {
  const isPermanentMain = !isSpell(plan.main);
  const forest = knownCard(ctx, 'Forest');
  let boardActions = 0;
  const standingLand = b.board.find((o) => o.def.types.includes('Land') && !sacrifices.includes(o.id));
  for (let i = 0; i < board.length; i++) {
    switch (board[i]) {
      case 'flicker':
        if (isPermanentMain) b.actions.push({ do: 'flicker', permanent: 'main' }), boardActions++;
        break;
      case 'clone':
        if (isPermanentMain) {
          const clone = ctx.synth(CLONE) ? CLONE : ctx.byName('Clone')!;
          b.hand.push(b.card('clone', clone, isPrinted(clone)));
          b.actions.push({ do: 'clone', card: 'clone', copyOf: 'main' });
          boardActions++;
        }
        break;
      case 'reanimate':
        if (isPermanentMain) {
          b.actions.push({ do: 'destroy', permanent: 'main' }, { do: 'putOntoBattlefield', card: 'main' });
          boardActions++;
        }
        break;
      case 'put-kicker-permanent':
        if (plan.kickerPermanent) {
          b.hand.push(b.card('kp', plan.kickerPermanent, isPrinted(plan.kickerPermanent)));
          b.actions.push({ do: 'putOntoBattlefield', card: 'kp' });
          boardActions++;
        }
        break;
      case 'destroy-lands':
        b.actions.push({ do: 'destroyAll', filter: { types: ['Land'] } });
        boardActions++;
        break;
      case 'tap-land':
        if (standingLand) b.actions.push({ do: 'tap', permanent: standingLand.id }), boardActions++;
        break;
      case 'untap-land':
        if (standingLand) b.actions.push({ do: 'untap', permanent: standingLand.id });
        break;
      case 'enter-tapped':
        if (forest) {
          b.hand.push(b.card('newland', forest, true));
          b.actions.push({ do: 'putOntoBattlefield', card: 'newland', tapped: true });
          boardActions++;
        }
        break;
    }
  }
  // A fed death watcher sees a creature destroyed on its own: the first other creature on the board
  // by id, or the first such watcher itself where there is none (its own death triggers nothing).
  const deathWatcher = plan.watchers.findIndex((w) => w.fed && w.kind === 'death');
  if (deathWatcher >= 0 && ctx.does('destroy')) {
    const watcherId = `w${deathWatcher + 1}`;
    let first: string | undefined;
    for (const o of b.board) if (o.id !== watcherId && o.def.types.includes('Creature') && !destroyed.has(o.id) && !sacrifices.includes(o.id) && (first === undefined || o.id < first)) first = o.id;
    b.actions.push({ do: 'destroy', permanent: first ?? watcherId });
    boardActions++;
  }
  return boardActions;
}

/** The end of a scenario: a token for a fed token watcher, library cards, the mana, the illegal declaration and the last actions. */
function finishScenario(plan: Plan, b: Builder, ctx: Context, cast: Extract<Action, { do: 'cast' }>, declared: Kick, parts: CardDefinition[]): Scenario {
  // A fed token watcher sees a token created: a spell that makes one is cast last and resolves on its
  // own (the resolution properties judge single resolutions). Only where nothing can trigger on its
  // cast, so that it is on top of the stack, and nothing makes p1 discard it first (Bog Down).
  const cardDefs: (CardDefinition | undefined)[] = [];
  const defs: CardDefinition[] = [];
  for (const c of b.cards) {
    const d = c.definition ?? (c.oracle !== undefined ? catalog().get(c.oracle) : undefined);
    cardDefs.push(d);
    if (d !== undefined) defs.push(d);
  }
  const watchesCasts = (d: CardDefinition) => (d.triggers ?? []).some((t) => t.event === 'spellCast');
  const castWatched = defs.some(watchesCasts) || (plan.kickerPermanent !== undefined && watchesCasts(plan.kickerPermanent));
  const discards = defs.some((d) => hasEffect(d, 'discard'));
  // Nor where a cost increase may have entered since, copied or not (Thorn of Amethyst cast as the main spell): the mana is counted for the board's cost changers alone.
  const increasing = b.cards.some((c, i) => (cardDefs[i]?.statics ?? []).some((a) => a.kind === 'costIncrease') && !plan.costChangers.some((_, k) => c.id === `r${k + 1}`));
  const maker = plan.watchers.some((w) => w.fed && w.kind === 'token') && !castWatched && !discards && !increasing ? tokenMaker(ctx) : undefined;
  if (maker) {
    b.hand.push(b.card('maker', maker, isPrinted(maker)));
    b.pay(parseMana(maker.manaCost!));
    b.actions.push({ do: 'cast', card: 'maker' }, { do: 'resolve' });
  }

  // Library cards for the draws: mostly at least one, so that a draw changes the hand; more let several draw.
  const draws = (d: CardDefinition) => hasEffect(d, 'draw') || hasEffect(d, 'mill');
  const island = knownCard(ctx, 'Island');
  if (island && (parts.some(draws) || plan.watchers.some((w) => draws(w.def)))) {
    for (let i = 0; i < plan.library; i++) b.library.push(b.card(`lib${i + 1}`, island, true));
  }

  // Mana: what the casts cost, plus any increases, plus some slack, as colourless mana for the generic part.
  const increases = costIncreases(plan.costChangers);
  // The coloured part only: colourless mana is provided with the generic part below.
  const mana = sparsePool({ W: b.mana.W, U: b.mana.U, B: b.mana.B, R: b.mana.R, G: b.mana.G, C: 0 });
  const provision = plan.slack + increases * b.actions.filter((a) => a.do === 'cast').length;
  // With some slack, one of it comes in a colour the casts use, so that paying generic mana has a
  // choice to make (the scenario format fixes it: colourless first).
  const tint = plan.slack >= 2 ? (['W', 'U', 'B', 'R', 'G'] as const).find((key) => (mana[key] ?? 0) > 0) : undefined;
  if (tint) mana[tint] = mana[tint]! + 1;
  const colorless = b.mana.C + b.mana.generic + provision - (tint ? 1 : 0);
  if (colorless > 0) mana.C = colorless;

  // The legal declaration, before applyIllegal changes it: kept only where a recast follows.
  const legalCast = plan.spell && plan.illegal !== null && plan.recast ? copyData(cast) : undefined;
  const applied = plan.spell ? applyIllegal(plan, cast, b, mana, declared, parts, provision, ctx.can('freeCast')) : null;
  if (applied !== null && plan.recast && legalCast) recastAfterRejection(plan.recast, applied, plan.main, legalCast, b, mana, ctx);
  const stray = plan.stray && strayAction(plan.stray, b, plan.main, ctx);
  if (stray) b.actions.push(stray);
  if (plan.massDeath) b.actions.push({ do: 'destroyAll', filter: { types: ['Creature'] } });

  // Keys in the order the scenario format lists them, each only where there is something.
  const p1: Player = { id: 'p1' };
  if (b.hand.length > 0) p1.hand = b.hand;
  p1.mana = mana;
  if (b.library.length > 0) p1.library = b.library;
  if (b.graveyard.length > 0) p1.graveyard = b.graveyard;
  if (b.battlefield.p1.length > 0) p1.battlefield = b.battlefield.p1;
  const p2: Player = { id: 'p2' };
  if (plan.p2Life !== undefined) p2.life = plan.p2Life;
  if (b.battlefield.p2.length > 0) p2.battlefield = b.battlefield.p2;
  const players: Scenario['players'] = [p1, p2];
  const actions = ctx.features.triggerOrder && plan.pick >= 4 ? withTriggerOrder(b.actions, cardDefs, b.cards, plan.pick === 7) : b.actions;
  return { format: 'castcheck-scenario/1', cards: b.cards, players, actions };
}

/**
 * The board before the cast: lands (for costs that sacrifice them and spells that target them),
 * creatures to sacrifice, p2's forests, watchers, trigger multipliers, cost changers, the damage
 * ward, and what an "if you control ..." of the main permanent asks for. The plan without the
 * watchers a player may not start with.
 */
function layBoard(planned: Plan, b: Builder, ctx: Context, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[]): { plan: Plan; condition: ControlCondition | undefined; enabler: CardDefinition | undefined } {
  let plan = planned;
  const main = plan.main;
  const mountain = knownCard(ctx, 'Mountain');
  // A land to target, when the spell targets lands (Stone Rain).
  const landTarget = plan.spell && (targetsKind(main, 'land') || splices.some((d) => targetsKind(d, 'land')));
  const lands = mountain ? Math.max(plan.lands, sacrificesNeeded(main, kicker, multikicker, splices), landTarget ? 1 : 0) : 0;
  for (let i = 0; i < lands; i++) b.permanent(`land${i + 1}`, mountain!, true, 'p1');
  // Creatures to sacrifice to kicker costs that ask for one ("sacrifice an artifact or creature").
  const fodder = sacrificeFilters(main, kicker, multikicker, splices).filter((f) => !sacrificesLand(f)).length;
  const fodderDef = fodderOf(ctx);
  if (fodderDef) for (let i = 0; i < fodder; i++) b.permanent(`fod${i + 1}`, fodderDef, isPrinted(fodderDef), 'p1');
  const forest = knownCard(ctx, 'Forest');
  if (forest) for (let i = 0; i < plan.forests; i++) b.permanent(`forest${i + 1}`, forest, true, 'p2');
  // A player never starts with two legendary permanents of one name (CR 704.5j would leave one).
  const watchers = plan.watchers.filter((w, i) => !(w.def.supertypes ?? []).includes('Legendary') || !plan.watchers.slice(0, i).some((v) => v.side === w.side && v.def.name === w.def.name));
  if (watchers.length < plan.watchers.length) plan = { ...plan, watchers };
  plan.watchers.forEach((w, i) => b.permanent(`w${i + 1}`, w.def, !ctx.caps.cards.synthetic, w.side));
  const multiplier = ctx.synth(MULTIPLIER) ? MULTIPLIER : ctx.byName('Panharmonicon');
  if (multiplier) for (let i = 0; i < plan.multipliers; i++) b.permanent(`m${i + 1}`, multiplier, isPrinted(multiplier), 'p1');
  // The first cost changer is the opponent's in half the scenarios: p2's "spells you cast" must not
  // change p1's total cost, its "your opponents cast" must (CR 601.2f). From a choice the plan
  // already has, so that no other draw moves; it shrinks to p1's.
  plan.costChangers.forEach((d, i) => b.permanent(`r${i + 1}`, d, isPrinted(d), i === 0 && (plan.pick & 2) !== 0 ? 'p2' : 'p1'));
  if (plan.ward) b.permanent('ward', DAMAGE_WARD, false, 'p2');
  // What an "if you control ..." of the main permanent asks for, so that its enters ability triggers.
  const condition = plan.spell ? enteringConditions(main).find((t) => t.ifYouControl)?.ifYouControl : undefined;
  const enabler = condition && plan.enabler ? enablerFor(condition, main, ctx) : undefined;
  if (enabler) b.permanent('en1', enabler, ctx.byName(enabler.name) !== undefined, 'p1');
  return { plan, condition, enabler };
}

// Helpers of buildScenario, in loops: it runs for every scenario and every shrink, and spreads,
// Sets and chains of array methods were much of its time (and spreads of arrays of several kinds
// threw its optimised code away again and again).

/** The main card and its splices, in that order. */
function withMain(main: CardDefinition, splices: readonly CardDefinition[]): CardDefinition[] {
  const out = [main];
  for (let i = 0; i < splices.length; i++) out.push(splices[i]!);
  return out;
}

/** Whether the card has a target requirement of this kind. */
function targetsKind(d: CardDefinition, kind: TargetRequirement['kind']): boolean {
  const targets = d.targets;
  if (targets) for (let i = 0; i < targets.length; i++) if (targets[i]!.kind === kind) return true;
  return false;
}

/** The bystanders the plan may put onto the battlefield, b1 to b3, as p2's objects to target. */
function addBystanders(objects: BoardObject[], bystanders: readonly CardDefinition[]): void {
  for (let i = 0; i < bystanders.length && i < MAX_BYSTANDERS; i++) objects.push({ id: `b${i + 1}`, def: bystanders[i]!, controller: 'p2' });
}

/** The creatures on the board among the targets, each once, in the order first chosen. */
function creaturesAmong(targets: readonly (readonly string[])[], board: readonly BoardObject[]): string[] {
  const out: string[] = [];
  for (const group of targets) {
    for (const id of group) {
      if (out.includes(id)) continue;
      for (const o of board) {
        if (o.id === id && o.def.types.includes('Creature')) {
          out.push(id);
          break;
        }
      }
    }
  }
  return out;
}

const ABOUT_MAIN: readonly BoardFollowUp[] = ['flicker', 'clone', 'reanimate'];

/**
 * The board follow-ups that happen, in the order they happen: those planned, and those that feed
 * the fed watchers their event (a land tapped, the lands destroyed); those about the main permanent
 * only where it is there.
 */
function boardFollowUpsOf(plan: Plan, ctx: Context, mainThere: boolean): BoardFollowUp[] {
  const out: BoardFollowUp[] = [];
  for (const f of BOARD_FOLLOW_UPS) {
    if (!mainThere && ABOUT_MAIN.includes(f)) continue;
    if (plan.boardFollowUps.includes(f) || (feeds(plan.watchers, f) && boardFollowUpPossible(f, ctx))) out.push(f);
  }
  return out;
}

/** Whether a fed watcher watches what this follow-up makes happen. */
function feeds(watchers: readonly Watcher[], f: BoardFollowUp): boolean {
  for (const w of watchers) if (w.fed && FED[w.kind] === f) return true;
  return false;
}

/** The generic mana the cost increases among these cards add, each at its amount. */
function costIncreases(cards: readonly CardDefinition[]): number {
  let n = 0;
  for (const d of cards) for (const s of d.statics ?? []) if (s.kind === 'costIncrease') n += s.amount ?? 1;
  return n;
}

const ORDERED = new Set<Action['do']>(['cast', 'copy', 'resolve', 'counter', 'putOntoBattlefield', 'flicker', 'clone', 'bounce']);

/**
 * Every action that takes one names an order for the triggered abilities of the scenario's cards:
 * the reverse of the default (source id, then ability), so that an engine that leaves the order out
 * or puts them in another shows it (CR 603.3b). Abilities that do not trigger are left alone. With
 * `partial`, the last is left out of the order.
 */
function withTriggerOrder(actions: Action[], defs: readonly (CardDefinition | undefined)[], cards: readonly ScenarioCard[], partial: boolean): Action[] {
  const abilities = cards.flatMap((c, i) => (defs[i]?.triggers ?? []).map((_, k) => ({ source: c.id, ability: k })));
  if (abilities.length < 2) return actions;
  const order = abilities.sort((a, b) => (a.source < b.source ? 1 : a.source > b.source ? -1 : b.ability - a.ability)).map((a) => `${a.source}#${a.ability}`);
  // An ability the order does not name goes after those it names (README, "Scenarios and traces").
  if (partial) order.pop();
  // In place, at the end of each action as a copy with it would have it: the builder's actions are its own.
  for (const a of actions) if (ORDERED.has(a.do)) (a as Action & { triggerOrder?: string[] }).triggerOrder = order;
  return actions;
}

/**
 * One group of distinct objects per requirement, started at a position the plan picks; "another"
 * requirements avoid their card's earlier choices. Null when a group cannot be filled, unless
 * `partial` asks for whatever there is.
 */
function chooseTargets(
  requirements: readonly Requirement[],
  board: readonly BoardObject[],
  colors: ReturnType<typeof spellColors>,
  picks: readonly number[],
  shift: number,
  partial = false,
  creaturesFirst = false,
): string[][] | null {
  const groups: string[][] = [];
  for (let r = 0; r < requirements.length; r++) {
    const req = requirements[r]!;
    const taken = req.requirement.another ? new Set(groups.filter((_, j) => requirements[j]!.part === req.part).flat()) : undefined;
    const candidatesAll = candidatesFor(req.requirement, board, colors);
    const all = taken ? candidatesAll.filter((id) => !taken.has(id)) : candidatesAll;
    // Permanents, then players, from the first: at the creatures a damage ward protects.
    const candidates = creaturesFirst ? [...all.filter((id) => id !== 'p1' && id !== 'p2'), ...all.filter((id) => id === 'p1' || id === 'p2')] : all;
    if (candidates.length < req.count && !partial) return null;
    // Spliced cards start where the main card's first target did: their effects then often meet the
    // same object or library, where the order of effects shows (CR 702.47b).
    const start = ((creaturesFirst ? 0 : (picks[req.part > 0 ? 0 : r % picks.length] ?? 0)) + shift) % Math.max(1, candidates.length);
    const group: string[] = [];
    for (let i = 0; i < candidates.length && group.length < req.count; i++) group.push(candidates[(start + i) % candidates.length]!);
    groups.push(group);
  }
  return groups;
}

/** The watchers whose cast triggers a spell of p1's sets off (for the copy spell's cast, unkicked). */
function castWatchersFor(watchers: readonly Watcher[], kicked: boolean): Watcher[] {
  return watchers.filter((w) =>
    w.def.triggers!.some((t) => t.event === 'spellCast' && (t.if === undefined || (t.if === 'kicked') === kicked) && (t.whose ?? 'any') !== (w.side === 'p1' ? 'opponents' : 'yours')),
  );
}

/** Whether the card has an effect of this kind, of its own or of one of its triggered abilities. */
function hasEffect(d: CardDefinition, kind: Effect['kind']): boolean {
  if (d.effects?.some((e) => e.kind === kind)) return true;
  for (const t of d.triggers ?? []) if (t.effects.some((e) => e.kind === kind)) return true;
  return false;
}

/** Whether a permanent card has an enters ability with an intervening "if". */
function hasConditionalEnters(d: CardDefinition): boolean {
  return !isSpell(d) && enteringConditions(d).some((t) => t.if !== undefined || t.ifYouControl !== undefined);
}

/** The main permanent's enters abilities. */
function enteringConditions(main: CardDefinition): TriggeredAbility[] {
  return (main.triggers ?? []).filter((t) => t.event === 'selfEnters');
}

/** Enablers found so far, by condition and main card's name: the search goes through the whole catalog. */
const enablers = perContext(() => new WeakMap<ControlCondition, Map<string, CardDefinition | undefined>>());

/** A permanent card, other than the main one, that makes "if you control ..." hold: one without abilities if there is one. */
function enablerFor(c: ControlCondition, main: CardDefinition, ctx: Context): CardDefinition | undefined {
  const known = enablers(ctx);
  let byMain = known.get(c);
  if (!byMain) known.set(c, (byMain = new Map()));
  if (!byMain.has(main.name)) byMain.set(main.name, findEnabler(c, main, ctx));
  return byMain.get(main.name);
}

function findEnabler(c: ControlCondition, main: CardDefinition, ctx: Context): CardDefinition | undefined {
  const cards = ctx.caps.cards.synthetic ? [...catalog().values()] : ctx.pool;
  const fits = cards.filter(
    (d) =>
      !isSpell(d) &&
      !d.types.includes('Land') &&
      (c.name === undefined || d.name === c.name) &&
      (!c.types || c.types.some((t) => d.types.includes(t))) &&
      (!c.subtypes || c.subtypes.some((t) => (d.subtypes ?? []).includes(t))) &&
      (c.name !== undefined || d.name !== main.name) &&
      !(d.supertypes ?? []).includes('Legendary') &&
      (d.toughness === undefined || d.toughness > 0),
  );
  return fits.find((d) => !d.triggers && !d.statics) ?? fits[0];
}

/** How many "whenever a player casts a (kicked) spell" abilities on the board a spell p1 casts sets off. */
function castTriggerCount(board: readonly BoardObject[], kicked: boolean): number {
  let n = 0;
  for (const o of board) {
    for (const t of o.def.triggers ?? []) {
      if (t.event !== 'spellCast') continue;
      const whose = t.whose ?? 'any';
      if (whose === (o.controller === 'p1' ? 'opponents' : 'yours')) continue;
      if (t.if === undefined || triggerConditionHolds(t.if, kicked ? { kicker: ['A'], multikicker: 0 } : NOT_KICKED)) n++;
    }
  }
  return n;
}

/** A deep copy of plain data (a cast declaration), keys in the same order: what structuredClone gives, for several times less. */
function copyData<T>(v: T): T {
  if (Array.isArray(v)) return v.map(copyData) as T;
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = copyData(x);
  return out as T;
}

/**
 * After the rejected cast, the same card cast again legally (733.1: nothing of the rejected cast
 * remains), kicked as the legal declaration was or not kicked at all, then maybe another card; when
 * the rejection was for mana, only what the pool can pay.
 */
function recastAfterRejection(
  recast: NonNullable<Plan['recast']>,
  applied: IllegalKind,
  def: CardDefinition,
  legal: Extract<Action, { do: 'cast' }>,
  b: Builder,
  mana: ManaPool,
  ctx: Context,
): void {
  if (applied === 'not-in-hand') return;
  const again: Extract<Action, { do: 'cast' }> = { ...copyData(legal), id: 'retry' };
  const unkicked = !recast.kicked || applied === 'cannot-pay';
  if (unkicked) {
    delete again.kicker;
    delete again.multikicker;
    delete again.splice;
    delete again.sacrifice;
    const targets = chooseTargets(activeRequirements([def], NOT_KICKED), b.board, spellColors(def), [0], 0);
    if (!targets) return;
    if (targets.length > 0) again.targets = targets;
    else delete again.targets;
  }
  const cost = declaredMana(def, unkicked ? NOT_KICKED : { kicker: again.kicker ?? [], multikicker: again.multikicker ?? 0 }, [], again.x ?? 0, again.withoutPayingManaCost ?? false);
  const left = leftAfterPaying(toPool(mana), { ...cost, generic: cost.generic + increasesOn(b) });
  if (!left) return;
  const at = b.actions.findIndex((a) => a.do === 'cast' && a.card === 'main') + 1;
  b.actions.splice(at, 0, again);
  if (!recast.other) return;
  // Another card after it: the pool must still hold what the rejected cast did not spend.
  const others = secondSpells(ctx);
  if (others.length === 0) return;
  const other = others[0]!;
  const otherCost = { ...parseMana(other.manaCost ?? ''), x: 0 };
  if (applied === 'cannot-pay' && !leftAfterPaying(left, { ...otherCost, generic: otherCost.generic + increasesOn(b) })) return;
  if (applied !== 'cannot-pay') for (const key of ['W', 'U', 'B', 'R', 'G', 'C'] as const) if (otherCost[key] > 0) mana[key] = (mana[key] ?? 0) + otherCost[key];
  if (applied !== 'cannot-pay' && otherCost.generic + increasesOn(b) > 0) mana.C = (mana.C ?? 0) + otherCost.generic + increasesOn(b);
  b.hand.push(b.card('oc', other, isPrinted(other)));
  b.actions.splice(at + 1, 0, { do: 'cast', id: 'other', card: 'oc' });
}

/** At most the generic mana that cost increases on the board add to a spell p1 casts. */
function increasesOn(b: Builder): number {
  let n = 0;
  for (const o of b.board) {
    for (const a of o.def.statics ?? []) {
      const spells = a.spells ?? 'yours';
      if (a.kind === 'costIncrease' && (spells === 'all' || (spells === 'yours') === (o.controller === 'p1'))) n += a.amount ?? 1;
    }
  }
  return n;
}

/** One filter per permanent the declared costs sacrifice, in cost order: kicker A, B, each multikick, each splice. */
function sacrificeFilters(main: CardDefinition, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[]): PermanentFilter[] {
  // Called for every cut of the declarations while targets are fitted: loops, and nothing built for costs without a sacrifice.
  const out: PermanentFilter[] = [];
  const add = (c: Cost | undefined, times: number) => {
    if (c?.sacrifice) for (let i = 0; i < times * c.sacrifice.count; i++) out.push(c.sacrifice.filter);
  };
  for (const l of kicker) add(main.kicker?.costs[l === 'A' ? 0 : 1], 1);
  add(main.multikicker?.cost, multikicker);
  for (const s of splices) add(s.splice?.cost, 1);
  return out;
}

/** Whether a sacrifice is of lands (which p1's Mountains fit: "a land", "two Mountains"), or else of creatures or artifacts. */
const sacrificesLand = (f: PermanentFilter) => (f.types ?? []).includes('Land') || (f.subtypes ?? []).includes('Mountain');

/** Lands to sacrifice for the declared costs. */
function sacrificesNeeded(main: CardDefinition, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[]): number {
  return sacrificeFilters(main, kicker, multikicker, splices).filter(sacrificesLand).length;
}

/** p1's permanents sacrificed, in cost order: the first of its Mountains or creatures that fits each cost and is not taken yet. */
function sacrificeChoices(main: CardDefinition, kicker: readonly KickerLabel[], multikicker: number, splices: readonly CardDefinition[], board: readonly BoardObject[]): string[] {
  const taken: string[] = [];
  for (const f of sacrificeFilters(main, kicker, multikicker, splices)) {
    const fits = board.find(
      (o) =>
        o.controller === 'p1' &&
        !taken.includes(o.id) &&
        (!f.types || f.types.some((t) => o.def.types.includes(t))) &&
        (!f.subtypes || f.subtypes.some((t) => (o.def.subtypes ?? []).includes(t))),
    );
    if (!fits) break;
    taken.push(fits.id);
  }
  return taken;
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

function applyIllegal(
  plan: Plan,
  cast: Extract<Action, { do: 'cast' }>,
  b: Builder,
  mana: ManaPool,
  declared: Kick,
  parts: CardDefinition[],
  provision: number,
  freeCast: boolean,
): IllegalKind | null {
  const main = plan.main;
  // A splice declared twice, or onto the wrong spell, is illegal in that one respect: its targets
  // are chosen and its mana is there, so that an engine that allows it accepts the cast.
  const alsoDeclare = (splice: CardDefinition) => {
    const targets = chooseTargets(activeRequirements([splice], { kicker: [], multikicker: 0 }), b.board, spellColors(main), plan.picks, 0);
    if (targets && targets.length > 0) cast.targets = [...(cast.targets ?? []), ...targets];
    const cost = splice.splice?.cost.mana ? parseMana(splice.splice.cost.mana) : undefined;
    if (!cost) return;
    for (const key of ['W', 'U', 'B', 'R', 'G', 'C'] as const) if (cost[key] > 0) mana[key] = (mana[key] ?? 0) + cost[key];
    if (cost.generic > 0) mana.C = (mana.C ?? 0) + cost.generic;
  };
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
    case 'targets-for-unkicked': {
      // Cast unkicked, with legal targets for every requirement in text order, those of the parts
      // that work only if kicked included.
      const unkicked: Kick = { kicker: [], multikicker: 0 };
      if (inactiveRequirements(parts, unkicked) > 0) {
        delete cast.kicker;
        delete cast.multikicker;
        const sacrifices = sacrificeChoices(main, [], 0, parts.slice(1), b.board);
        if (sacrifices.length > 0) cast.sacrifice = sacrifices;
        else delete cast.sacrifice;
        const all = parts.flatMap((def, part) => (def.targets ?? []).map((requirement) => ({ requirement, part, count: requirement.count ?? 1 })));
        cast.targets = chooseTargets(all, b.board, spellColors(main), plan.picks, 0) ?? [...activeRequirements(parts, unkicked).map(() => ['p2']), ...Array.from({ length: inactiveRequirements(parts, unkicked) }, () => ['p2'])];
        return kind;
      }
      break;
    }
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
  let short = provision + 1;
  for (const key of ['C', 'W', 'U', 'B', 'R', 'G'] as const) {
    const take = Math.min(short, mana[key] ?? 0);
    if (take > 0) mana[key] = mana[key]! - take;
    if (mana[key] === 0) delete mana[key];
    short -= take;
  }
  if (short > provision) cast.kicker = [...(cast.kicker ?? []), 'B', 'B'];
  return 'cannot-pay';
}
