// Synthetic cards across the whole card model. Each shrinks towards a vanilla card: no kicker, no
// splice, fewer targets, effects and abilities, smaller numbers.
import fc from 'fast-check';
import type {
  CardDefinition,
  ControlCondition,
  Cost,
  Effect,
  EntersWith,
  KickerCondition,
  Keyword,
  StaticAbility,
  TargetRequirement,
  TokenDefinition,
  TriggeredAbility,
  TriggerCondition,
  CardFeature,
} from '../model/schema-types.ts';
import { additionalManaCostArb, manaCostArb } from './mana.ts';
import { arrayDraw } from './array-draws.ts';
import { booleanDraw, constantByWeight, constantDraw, constantFromDraw, integerDraw, natDraw } from './draws.ts';
import { oneofDraw, optionDraw } from './oneof-draws.ts';
import { recordDraws } from './tuple-draws.ts';

export type SpellRole = 'instant' | 'sorcery' | 'permanent';

/** Which parts of the card model an engine supports; the rest is never generated. */
export interface CardFeatures {
  sacrificeCosts: boolean;
  tokens: boolean;
  triggers: boolean;
  x: boolean;
  /** The parts of the card model the engine builds from definitions (capabilities' syntheticFeatures); all when left out. */
  allowed?: (feature: CardFeature) => boolean;
  /** Whether triggered abilities may target: the engine can be told their targets. */
  triggerTargets?: boolean;
  /** Whether a permanent may have two abilities that trigger at once: the engine can be told their order. */
  triggerOrder?: boolean;
}

const allows = (f: CardFeatures, feature: CardFeature) => f.allowed?.(feature) ?? true;

/** The effect kinds a card may have. */
function effectKinds(f: CardFeatures, kinds: readonly EffectTemplate['kind'][]): EffectTemplate['kind'][] {
  return kinds.filter((k) => allows(f, `effect.${k}`));
}

/** The effect of a card whose drawn effects all needed something it lacks: one that takes no target. */
function fallbackEffect(f: CardFeatures): Effect {
  const kind = effectKinds(f, SIMPLE_EFFECT_KINDS)[0] ?? 'gainLife';
  return kind === 'addMana' ? { kind, mana: '{C}' } : { kind, amount: 1 };
}

/** Whether synthetic spells can be built at all: they need an effect that takes no target. */
export function syntheticSpellsPossible(f: CardFeatures): boolean {
  return effectKinds(f, SIMPLE_EFFECT_KINDS).length > 0;
}

interface KickerShape {
  kicker: Cost[] | undefined;
  multikicker: Cost | undefined;
}

const LAND_SACRIFICE: Cost = { sacrifice: { count: 1, filter: { types: ['Land'] } } };
const TWO_MOUNTAINS: Cost = { sacrifice: { count: 2, filter: { subtypes: ['Mountain'] } } };

function costArb(f: CardFeatures, nonMana: Cost): fc.Arbitrary<Cost> {
  const mana = additionalManaCostArb();
  return f.sacrificeCosts ? oneofDraw({ withCrossShrink: true }, { weight: 6, arbitrary: mana }, { weight: 1, arbitrary: constantDraw(nonMana) }) : mana;
}

function kickerShapeArb(f: CardFeatures): fc.Arbitrary<KickerShape> {
  return recordDraws(
    optionDraw(arrayDraw(costArb(f, LAND_SACRIFICE), { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 3 }),
    optionDraw(additionalManaCostArb(), { nil: undefined, freq: 3 }),
  ).map(([kicker, multikicker]) => ({ kicker, multikicker }));
}

function conditionsFor(shape: KickerShape): KickerCondition[] {
  const out: KickerCondition[] = ['always'];
  if (shape.kicker || shape.multikicker) out.push('kicked', 'perKick', 'notKicked');
  if (shape.kicker) out.push('kickedA');
  if (shape.kicker?.length === 2) out.push('kickedB');
  return out;
}

// Effect templates pick a kind, a condition and a target by index; they are fitted to the card
// afterwards, so that shrinking a card's kicker never leaves an effect referring to a missing one.
const EFFECT_KINDS = ['damage', 'draw', 'gainLife', 'addMana', 'putCounters', 'pump', 'destroy', 'bounce', 'createToken', 'mill'] as const;
interface EffectTemplate {
  kind: (typeof EFFECT_KINDS)[number];
  amount: number;
  useX: boolean;
  condition: number;
  instead: boolean;
  target: number;
  mana: 'W' | 'U' | 'B' | 'R' | 'G' | 'C';
}

/** Effects that happen to the caster alone and commute with each other: life, cards, mana. */
const SIMPLE_EFFECT_KINDS = ['gainLife', 'draw', 'addMana'] as const;

const effectTemplateArb = (kinds: readonly EffectTemplate['kind'][] = EFFECT_KINDS): fc.Arbitrary<EffectTemplate> =>
  recordDraws(
    // Damage weighs triple: resolution.damage-to-creatures needs it to meet a creature target.
    constantFromDraw(...kinds, ...kinds.filter((k) => k === 'damage'), ...kinds.filter((k) => k === 'damage')),
    integerDraw({ min: 1, max: 4 }),
    booleanDraw,
    natDraw({ max: 6 }),
    booleanDraw,
    natDraw({ max: 3 }),
    constantFromDraw<EffectTemplate['mana']>('W', 'U', 'B', 'R', 'G', 'C'),
  ).map(([kind, amount, useX, condition, instead, target, mana]) => ({ kind, amount, useX, condition, instead, target, mana }));

interface TargetTemplate {
  kind: 'any' | 'creature' | 'player';
  condition: number;
  perKick: boolean;
  another: boolean;
}

const targetTemplateArb: fc.Arbitrary<TargetTemplate> = recordDraws(
  // Creatures weigh triple: most effects that target want one.
  constantFromDraw<TargetTemplate['kind']>('any', 'creature', 'creature', 'creature', 'player'),
  natDraw({ max: 3 }),
  booleanDraw,
  booleanDraw,
).map(([kind, condition, perKick, another]) => ({ kind, condition, perKick, another }));

function fitTargets(templates: TargetTemplate[], shape: KickerShape): TargetRequirement[] {
  const kickable = Boolean(shape.kicker || shape.multikicker);
  const conditions: TargetRequirement['condition'][] = ['always'];
  if (kickable) conditions.push('kicked');
  if (shape.kicker) conditions.push('kickedA');
  if (shape.kicker?.length === 2) conditions.push('kickedB');
  return templates.map((t, i) => {
    const req: TargetRequirement = { kind: t.kind };
    const condition = conditions[t.condition % conditions.length]!;
    if (condition !== 'always') req.condition = condition;
    if (t.perKick && kickable && condition === 'always') req.perKick = 1;
    if (t.another && i > 0) req.another = true;
    return req;
  });
}

/**
 * A 3/3 artifact creature token named as CR 111.4 says: its subtype and the word Token. Each card
 * makes its own kind (Golem, Thopter, Servo...), so that the order in which a spell's parts create
 * them shows in the tokens' ids.
 */
const TOKEN_KINDS = ['Golem', 'Thopter', 'Servo', 'Myr', 'Construct'];

/** The token a card of this name creates: its kind picked by the name, so the same for every draw. */
export function tokenFor(cardName: string): TokenDefinition {
  const n = Number(/\d+$/.exec(cardName)?.[0] ?? 0);
  const kind = TOKEN_KINDS[n % TOKEN_KINDS.length]!;
  return { name: `${kind} Token`, types: ['Artifact', 'Creature'], subtypes: [kind], power: 3, toughness: 3 };
}

function fitEffects(templates: EffectTemplate[], conditions: KickerCondition[], targets: TargetRequirement[], hasX: boolean, f: CardFeatures, tokenName = ''): Effect[] {
  const effects: Effect[] = [];
  // Made at the first token effect, shared by the others: most cards make no token.
  let token: TokenDefinition | undefined;
  for (const t of templates) {
    if ((t.kind === 'createToken' && !f.tokens) || !allows(f, `effect.${t.kind}`)) continue;
    const creatureOnly = t.kind === 'putCounters' || t.kind === 'pump' || t.kind === 'destroy' || t.kind === 'bounce';
    const playerOnly = t.kind === 'mill';
    const needsTarget = t.kind === 'damage' || creatureOnly || playerOnly;
    // The indices of the targets this effect may use.
    const usable: number[] = [];
    for (let i = 0; i < targets.length; i++) if (creatureOnly ? targets[i]!.kind === 'creature' : playerOnly ? targets[i]!.kind === 'player' : true) usable.push(i);
    if (needsTarget && usable.length === 0) continue;
    const e: Effect = { kind: t.kind };
    if (t.kind === 'addMana') e.mana = `{${t.mana}}`.repeat(Math.min(t.amount, 3));
    else if (t.kind === 'pump') {
      e.power = t.amount - 2;
      e.toughness = t.amount - 1;
    } else if (t.kind !== 'destroy' && t.kind !== 'bounce') e.amount = hasX && t.useX && t.kind !== 'createToken' ? 'X' : t.amount;
    if (t.kind === 'createToken') {
      e.amount = Math.min(t.amount, 2);
      e.token = token ??= tokenFor(tokenName);
    }
    if (needsTarget) e.target = usable[t.target % usable.length]!;
    if (t.kind === 'putCounters') e.counter = '+1/+1';
    let condition = conditions[t.condition % conditions.length]!;
    // "X. If kicked, Y instead." needs an X just before it.
    if (t.instead && effects.length > 0 && conditions.includes('kicked')) condition = 'insteadIfKicked';
    if (condition !== 'always') e.condition = condition;
    effects.push(e);
  }
  return effects;
}

function kickerFields(shape: KickerShape): Pick<CardDefinition, 'kicker' | 'multikicker'> {
  const out: Pick<CardDefinition, 'kicker' | 'multikicker'> = {};
  if (shape.kicker) out.kicker = { costs: shape.kicker as [Cost] };
  if (shape.multikicker) out.multikicker = { cost: shape.multikicker };
  return out;
}

const TRIGGER_CONDITIONS: (TriggerCondition | undefined)[] = [undefined, 'kicked', 'kickedA', 'kickedB', 'kickedTwice', 'notKicked'];

/** "If you control an artifact", "if you control another creature", or no condition about the board. */
const BOARD_CONDITIONS: (ControlCondition | undefined)[] = [undefined, { types: ['Artifact'] }, { types: ['Creature'], other: true }, undefined];

interface EntersTemplate {
  condition: number;
  board: number;
  effect: EffectTemplate;
}

function fitEntersTriggers(templates: EntersTemplate[], shape: KickerShape, f: CardFeatures): TriggeredAbility[] {
  const kickable = Boolean(shape.kicker || shape.multikicker);
  const allowed = TRIGGER_CONDITIONS.filter(
    (c) => c === undefined || (kickable && c !== 'kickedA' && c !== 'kickedB') || (c === 'kickedA' && shape.kicker) || (c === 'kickedB' && shape.kicker?.length === 2),
  );
  const out: TriggeredAbility[] = [];
  if (!allows(f, 'trigger.selfEnters')) return out;
  for (const t of templates.slice(0, f.triggerOrder === false ? 1 : undefined)) {
    if (t.effect.kind === 'damage' && f.triggerTargets === false) continue;
    const targets: TargetRequirement[] = t.effect.kind === 'damage' ? [{ kind: 'any' }] : [];
    // Counters and pumps go on the permanent itself, in place of a target.
    const cleaned = fitEffects([{ ...t.effect, instead: false }], conditionsFor(shape).filter((c) => c !== 'notKicked'), targets, false, f).map((e): Effect => {
      if (e.kind !== 'putCounters' && e.kind !== 'pump') return e;
      const { target: _, ...rest } = e;
      return { ...rest, self: true };
    });
    if (cleaned.length === 0 || cleaned.some((e) => e.kind === 'destroy' || e.kind === 'bounce' || e.kind === 'mill')) continue;
    const ability: TriggeredAbility = { event: 'selfEnters', effects: cleaned as [Effect, ...Effect[]] };
    const condition = allowed[t.condition % allowed.length];
    if (condition) ability.if = condition;
    const board = BOARD_CONDITIONS[t.board % BOARD_CONDITIONS.length];
    if (board) ability.ifYouControl = board;
    if (targets.length > 0) ability.targets = targets;
    out.push(ability);
  }
  return out;
}

export interface SyntheticSpellOptions {
  name: string;
  role: SpellRole;
  features: CardFeatures;
  arcane?: boolean;
  splice?: 'Arcane' | 'instant or sorcery';
  /** Whether the card may have kicker or multikicker. */
  kicker?: boolean;
  /** Only untargeted effects on its caster that commute (life, cards, mana), like Desperate Ritual or Everdream. */
  simple?: boolean;
  /** A permanent with multikicker that enters with a counter per kick, like Gnarlid Pack. */
  perKick?: boolean;
}

/**
 * An instant, sorcery or permanent card with any mix of kicker, multikicker, targets, effects and
 * enters abilities. Shrinks field by field towards a cheaper card with fewer kicker costs, targets,
 * effects and abilities.
 */
export function syntheticSpellArb(o: SyntheticSpellOptions): fc.Arbitrary<CardDefinition> {
  const f = o.features;
  const shapeArb =
    o.kicker === false
      ? constantDraw<KickerShape>({ kicker: undefined, multikicker: undefined })
      : o.perKick
        ? recordDraws(constantDraw(undefined), additionalManaCostArb()).map(([kicker, multikicker]): KickerShape => ({ kicker, multikicker }))
        : kickerShapeArb(f);
  return recordDraws(
    manaCostArb({ withX: o.role !== 'permanent' && f.x }),
    shapeArb,
    o.simple ? constantDraw<TargetTemplate[]>([]) : arrayDraw(targetTemplateArb, { maxLength: 2 }),
    arrayDraw(effectTemplateArb(effectKinds(f, o.simple ? SIMPLE_EFFECT_KINDS : EFFECT_KINDS)), { minLength: 1, maxLength: 3 }),
    integerDraw({ min: 0, max: 4 }),
    integerDraw({ min: 1, max: 4 }),
    arrayDraw(recordDraws(integerDraw({ min: 1, max: 3 }), natDraw({ max: 6 })).map(([amount, condition]) => ({ amount, condition })), { maxLength: 2 }),
    f.triggers
      ? arrayDraw(recordDraws(natDraw({ max: 5 }), natDraw({ max: 3 }), effectTemplateArb()).map(([condition, board, effect]): EntersTemplate => ({ condition, board, effect })), { maxLength: 2 })
      : constantDraw<EntersTemplate[]>([]),
    costArb(f, TWO_MOUNTAINS),
    booleanDraw,
    // "If kicked, it enters with trample" (Kavu Titan), and now and then a legend, whose copies meet the legend rule.
    optionDraw(recordDraws(constantFromDraw<Keyword>('trample', 'flying', 'haste'), natDraw({ max: 6 })).map(([keyword, condition]) => ({ keyword, condition })), { nil: undefined, freq: 2 }),
    constantByWeight({ weight: 5, value: false }, { weight: 1, value: true }),
  )
    .map(([cost, shape, targetTemplates, effectTemplates, power, toughness, counters, enteringTemplates, spliceCost, creature, keyword, legendary]): CardDefinition => {
      const hasX = cost.includes('{X}');
      const def: CardDefinition = { name: o.name, manaCost: cost, types: ['Instant'] };
      if (o.role === 'permanent') {
        def.types = creature ? ['Creature'] : ['Artifact'];
        if (creature) {
          def.power = power;
          def.toughness = toughness;
        }
        Object.assign(def, kickerFields(shape));
        const conditions = conditionsFor(shape);
        const entersWith: EntersWith[] = counters.map((c) => {
          const e: EntersWith = { counter: creature ? '+1/+1' : 'charge', amount: c.amount };
          const condition = conditions[c.condition % conditions.length]!;
          if (condition !== 'always') e.condition = condition;
          return e;
        });
        if (o.perKick && shape.multikicker) entersWith.unshift({ counter: creature ? '+1/+1' : 'charge', amount: 1, condition: 'perKick' });
        if (keyword && creature) {
          const condition = conditions[keyword.condition % conditions.length]!;
          entersWith.push({ keyword: keyword.keyword, ...(condition !== 'always' && condition !== 'perKick' ? { condition } : {}) });
        }
        if (entersWith.length > 0 && allows(f, 'entersWith')) def.entersWith = entersWith;
        if (legendary) def.supertypes = ['Legendary'];
        const triggers = fitEntersTriggers(enteringTemplates, shape, f);
        if (triggers.length > 0) def.triggers = triggers;
        return def;
      }
      def.types = [o.role === 'sorcery' ? 'Sorcery' : 'Instant'];
      if (o.arcane) def.subtypes = ['Arcane'];
      Object.assign(def, kickerFields(shape));
      const targets = fitTargets(targetTemplates, shape);
      const effects = fitEffects(effectTemplates, conditionsFor(shape), targets, hasX, f, o.name);
      if (targets.length > 0) def.targets = targets;
      def.effects = effects.length > 0 ? effects : [fallbackEffect(f)];
      if (o.splice) def.splice = { onto: o.splice, cost: spliceCost };
      return def;
    });
}

/**
 * A creature to stand on the battlefield as a target; sometimes with protection from a colour, and
 * sometimes watching the damage it is dealt, so that the spell's own targets set off (or, with the
 * damage prevented, do not set off) triggered abilities. Shrinks towards a vanilla creature.
 */
export function bystanderArb(name: string, o: { protection: boolean; damageTrigger: boolean }): fc.Arbitrary<CardDefinition> {
  return recordDraws(
    integerDraw({ min: 0, max: 3 }),
    integerDraw({ min: 1, max: 6 }),
    o.protection ? optionDraw(constantFromDraw('W', 'U', 'B', 'R', 'G') as fc.Arbitrary<'W' | 'U' | 'B' | 'R' | 'G'>, { nil: undefined, freq: 4 }) : constantDraw(undefined),
    o.damageTrigger ? constantByWeight({ weight: 1, value: false }, { weight: 1, value: true }) : constantDraw(false),
  )
    .map(([power, toughness, color, damageTrigger]) => {
      const def: CardDefinition = { name, manaCost: '{2}', types: ['Creature'], power, toughness };
      if (color) def.protection = [color];
      if (damageTrigger) def.triggers = [{ event: 'selfDealtDamage', effects: [{ kind: 'gainLife', amount: 1 }] }];
      return def;
    });
}

/** Permanents whose abilities watch the scenario: they trigger on casts, lands dying, tapping, tokens, damage and creatures dying. */
export type WatcherKind = 'cast' | 'land' | 'tap' | 'token' | 'damage' | 'death';

/**
 * A 1/4 creature with one triggered ability of this kind that gains life or puts a +1/+1 counter on
 * it: any player's, yours or opponents', "if it was kicked" or not, once a turn or not. Shrinks
 * towards any player's, unconditional, every time, gaining life.
 */
export function watcherArb(kind: WatcherKind, name: string): fc.Arbitrary<CardDefinition> {
  // "If it was kicked" two times in three: an intervening "if" that triggers.intervening-if-on-resolution checks again.
  return recordDraws(constantFromDraw('any', 'yours', 'opponents') as fc.Arbitrary<'any' | 'yours' | 'opponents'>, constantFromDraw(false, true, true), booleanDraw, booleanDraw)
    .map(([whose, ifKicked, once, counter]): CardDefinition => {
      const gain: Effect = counter && kind !== 'token' ? { kind: 'putCounters', amount: 1, counter: '+1/+1', self: true } : { kind: 'gainLife', amount: 1 };
      const ability: TriggeredAbility =
        kind === 'cast'
          ? { event: 'spellCast', whose, effects: [gain], ...(ifKicked ? { if: 'kicked' as const } : {}) }
          : kind === 'land'
            ? { event: 'landToGraveyard', whose, effects: [gain] }
            : kind === 'tap'
              ? { event: 'becomesTapped', whose, filter: { types: ['Land'] }, effects: [gain] }
              : kind === 'token'
                ? { event: 'tokenCreated', whose, effects: [gain] }
                : kind === 'death'
                  ? { event: 'creaturesDie', whose, effects: [gain] }
                  : { event: 'selfDealtDamage', effects: [gain] };
      // "Triggers only once each turn" (Morbid Opportunist) for deaths, "do this only once each turn" otherwise.
      if (once && kind === 'death') ability.triggersOnlyOnceEachTurn = true;
      else if (once) ability.oncePerTurn = true;
      return { name, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [ability] };
    });
}

/** An artifact that makes spells cost more or less (CR 601.2f). Shrinks towards a reduction of 1 for its controller's spells, always. */
export function costChangerArb(name: string): fc.Arbitrary<CardDefinition> {
  return recordDraws(
    constantFromDraw('costReduction', 'costReduction', 'costIncrease') as fc.Arbitrary<'costReduction' | 'costIncrease'>,
    integerDraw({ min: 1, max: 5 }),
    constantFromDraw('yours', 'all', 'opponents') as fc.Arbitrary<'yours' | 'all' | 'opponents'>,
    booleanDraw,
    booleanDraw,
  )
    .map(([kind, amount, spells, kicked, firstEachTurn]): CardDefinition => {
      const ability: StaticAbility = { kind, amount, spells };
      if (kicked) ability.kicked = true;
      if (kicked && firstEachTurn) ability.firstEachTurn = true;
      return { name, manaCost: '{2}', types: ['Artifact'], statics: [ability] };
    });
}

export const MULTIPLIER: CardDefinition = { name: 'Trigger Doubler', manaCost: '{4}', types: ['Artifact'], statics: [{ kind: 'triggerMultiplier' }] };
export const DAMAGE_WARD: CardDefinition = { name: 'Damage Ward', manaCost: '{2}{W}', types: ['Enchantment'], statics: [{ kind: 'preventDamage' }] };
export const KICKED_COUNTERSPELL: CardDefinition = {
  name: 'Kicked Counter',
  manaCost: '{U}',
  types: ['Instant'],
  targets: [{ kind: 'spell' }],
  effects: [{ kind: 'counterSpell', target: 0, ifTargetKicked: true }],
};
export const COUNTERSPELL: CardDefinition = {
  name: 'Plain Counter',
  manaCost: '{1}{U}',
  types: ['Instant'],
  targets: [{ kind: 'spell' }],
  effects: [{ kind: 'counterSpell', target: 0 }],
};
export const SECOND_SPELL: CardDefinition = {
  name: 'Second Spell',
  manaCost: '{1}',
  types: ['Instant'],
  kicker: { costs: [{ mana: '{1}' }] },
  effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'gainLife', amount: 2, condition: 'insteadIfKicked' }],
};
/** An instant that makes a token, cast where a token watcher is to see one created. */
export const TOKEN_SPELL: CardDefinition = { name: 'Token Spell', manaCost: '{1}', types: ['Instant'], effects: [{ kind: 'createToken', amount: 1, token: tokenFor('Token Spell') }] };
export const CLONE: CardDefinition = { name: 'Clone Shell', manaCost: '{3}{U}', types: ['Creature'], power: 0, toughness: 0 };
