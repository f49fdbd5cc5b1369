// What a scenario has that the properties' preconditions ask about, found in one walk over its
// actions and cards. The judge asks every property whether it applies to every scenario, and most ask
// the same few questions (is anything cast, copied, spliced; does any card trigger on an event), each
// walking the scenario again: this answers them all from one walk, kept with the scenario object.
import type { NAction, NormalizedScenario } from '../model/scenario.ts';
import { changesCosts } from '../model/cost-changes.ts';

export interface Features {
  /** The kinds of action the script has. */
  does: ReadonlySet<NAction['do']>;
  /** A resolve action that resolves everything. */
  resolvesAll: boolean;
  /** A cast that declares a kicker cost or multikicker. */
  castKicked: boolean;
  /** A cast without paying the mana cost; one of them with X given; one of them kicked. */
  castFree: boolean;
  castFreeWithX: boolean;
  castFreeKicked: boolean;
  /** The most cards one cast splices. */
  mostSpliced: number;
  /** A cast of a card that copies a spell (Twincast). */
  castCopier: boolean;
  /** A card cast more than once. */
  castAgain: boolean;
  /** The kinds of the cards' own effects (not their abilities'). */
  effects: ReadonlySet<string>;
  /** An effect, a card's own or an ability's, that makes a player draw. */
  drawEffect: boolean;
  /** The kinds of the cards' static abilities. */
  statics: ReadonlySet<string>;
  /** A static ability that makes spells cost more or less. */
  costChanger: boolean;
  /** The events the cards' triggered abilities trigger on. */
  triggerEvents: ReadonlySet<string>;
  /** A card with a triggered ability. */
  triggers: boolean;
  /** A triggered ability with an intervening "if" (either kind). */
  triggerIf: boolean;
  /** An enters ability with an intervening "if". */
  selfEntersIf: boolean;
  /** A cast ability ("whenever a player casts a spell") with an intervening "if". */
  spellCastIf: boolean;
  /** A triggered ability whose "if" is about a kicker cost paid. */
  triggerIfKicked: boolean;
  /** A static ability that looks at kicked spells. */
  staticKicked: boolean;
  /** A card with multikicker paid in mana and an "enters with" ability counted per kick. */
  multikickPerKick: boolean;
  /** A triggered ability that triggers only once each turn. */
  triggerOncePerTurn: boolean;
  /** A triggered ability with targets. */
  triggerTargets: boolean;
  /** A legendary card. */
  legendary: boolean;
  /** An "enters with" ability that gives a keyword; one that gives counters. */
  entersWithKeyword: boolean;
  entersWithCounter: boolean;
  /** A target requirement with a kicker condition; one counted per kick. */
  conditionalTargets: boolean;
  perKickTargets: boolean;
}

const known = new WeakMap<NormalizedScenario, Features>();
// The scenario asked about last and its features: every property asks in turn about the same one.
let lastScenario: NormalizedScenario | undefined;
let lastFeatures: Features | undefined;

/** The features of a scenario, found once per scenario object (a scenario judged up to a step is another object). */
export function features(s: NormalizedScenario): Features {
  if (s === lastScenario) return lastFeatures!;
  let f = known.get(s);
  if (!f) {
    f = findFeatures(s);
    known.set(s, f);
  }
  lastScenario = s;
  lastFeatures = f;
  return f;
}

const NONE: readonly never[] = [];

function findFeatures(s: NormalizedScenario): Features {
  const effects = new Set<string>();
  const statics = new Set<string>();
  const triggerEvents = new Set<string>();
  const f = {
    does: new Set<NAction['do']>(),
    resolvesAll: false,
    castKicked: false,
    castFree: false,
    castFreeWithX: false,
    castFreeKicked: false,
    mostSpliced: 0,
    castCopier: false,
    castAgain: false,
    effects,
    drawEffect: false,
    statics,
    costChanger: false,
    staticKicked: false,
    multikickPerKick: false,
    triggerEvents,
    triggers: false,
    triggerIf: false,
    selfEntersIf: false,
    spellCastIf: false,
    triggerIfKicked: false,
    triggerOncePerTurn: false,
    triggerTargets: false,
    legendary: false,
    entersWithKeyword: false,
    entersWithCounter: false,
    conditionalTargets: false,
    perKickTargets: false,
  };
  // Whether each card copies a spell (Twincast), the first card of each id as a lookup by id finds
  // it: made at the first card that does, as most scenarios have none.
  let copiers: Map<string, boolean> | undefined;
  const cards = s.cards;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    const d = c.definition;
    let copier = false;
    // Over the fields the definition has, not a read of each one asked about: definitions come in
    // many shapes (only the fields a card prints), and every scenario's cards are walked once.
    for (const field in d) {
      if (field === 'effects') {
        for (const e of d.effects ?? NONE) {
          effects.add(e.kind);
          if (e.kind === 'copySpell') copier = true;
        }
      } else if (field === 'statics') {
        for (const x of d.statics ?? NONE) {
          statics.add(x.kind);
          if (changesCosts(x)) f.costChanger = true;
          if (x.kicked) f.staticKicked = true;
        }
      } else if (field === 'entersWith') {
        for (const e of d.entersWith ?? NONE) {
          if (e.keyword !== undefined) f.entersWithKeyword = true;
          if (e.counter) f.entersWithCounter = true;
          if (e.condition === 'perKick' && d.multikicker?.cost.mana) f.multikickPerKick = true;
        }
      } else if (field === 'triggers') {
        const triggers = d.triggers ?? NONE;
        if (triggers.length > 0) f.triggers = true;
        for (const t of triggers) {
          triggerEvents.add(t.event);
          if (t.if !== undefined || t.ifYouControl !== undefined) f.triggerIf = true;
          if (t.event === 'selfEnters' && t.if !== undefined) f.selfEntersIf = true;
          if (t.event === 'spellCast' && t.if !== undefined) f.spellCastIf = true;
          if (t.if === 'kickedA' || t.if === 'kickedB') f.triggerIfKicked = true;
          if (t.oncePerTurn || t.triggersOnlyOnceEachTurn) f.triggerOncePerTurn = true;
          if (t.targets && t.targets.length > 0) f.triggerTargets = true;
          for (const e of t.effects) if (e.kind === 'draw') f.drawEffect = true;
        }
      } else if (field === 'supertypes') {
        if (d.supertypes?.includes('Legendary')) f.legendary = true;
      } else if (field === 'targets') {
        for (const t of d.targets ?? NONE) {
          if ((t.condition ?? 'always') !== 'always') f.conditionalTargets = true;
          if (t.perKick) f.perKickTargets = true;
        }
      }
    }
    if (copier && copiers === undefined) {
      copiers = new Map();
      for (let j = 0; j < i; j++) if (!copiers.has(cards[j]!.id)) copiers.set(cards[j]!.id, false);
    }
    if (copiers !== undefined && !copiers.has(c.id)) copiers.set(c.id, copier);
  }
  if (effects.has('draw')) f.drawEffect = true;
  // The cards cast so far: a list, as a script casts a few.
  const cast: string[] = [];
  for (const a of s.actions) {
    f.does.add(a.do);
    if (a.do === 'resolve' && a.untilEmpty) f.resolvesAll = true;
    if (a.do !== 'cast') continue;
    const kicked = (a.kicker?.length ?? 0) > 0 || (a.multikicker ?? 0) > 0;
    if (kicked) f.castKicked = true;
    if (a.withoutPayingManaCost) {
      f.castFree = true;
      if (a.x !== undefined) f.castFreeWithX = true;
      if (kicked) f.castFreeKicked = true;
    }
    f.mostSpliced = Math.max(f.mostSpliced, a.splice?.length ?? 0);
    if (copiers?.get(a.card)) f.castCopier = true;
    if (cast.includes(a.card)) f.castAgain = true;
    cast.push(a.card);
  }
  return f;
}
