// Synthetic cards across the card model. Each shrinks towards a vanilla card: no kicker, no splice,
// fewer targets and effects, smaller numbers.
import fc from 'fast-check';
import type { CardDefinition, Effect, EntersWith, KickerCondition, TargetRequirement } from '../model/schema-types.ts';
import { additionalManaCostArb, manaCostArb } from './mana.ts';

export type SpellRole = 'instant' | 'sorcery' | 'permanent';

interface KickerShape {
  kicker: string[] | undefined;
  multikicker: string | undefined;
}

const kickerShapeArb: fc.Arbitrary<KickerShape> = fc.record({
  kicker: fc.option(fc.array(additionalManaCostArb(), { minLength: 1, maxLength: 2 }), { nil: undefined, freq: 3 }),
  multikicker: fc.option(additionalManaCostArb(), { nil: undefined, freq: 3 }),
});

function conditionsFor(shape: KickerShape): KickerCondition[] {
  const out: KickerCondition[] = ['always'];
  if (shape.kicker || shape.multikicker) out.push('kicked', 'perKick', 'notKicked');
  if (shape.kicker) out.push('kickedA');
  if (shape.kicker?.length === 2) out.push('kickedB');
  return out;
}

// Effect templates pick a condition and a target by index; they are fitted to the card afterwards,
// so that shrinking a card's kicker never leaves an effect that refers to a missing one.
interface EffectTemplate {
  kind: 'damage' | 'draw' | 'gainLife' | 'addMana' | 'putCounters';
  amount: number;
  useX: boolean;
  condition: number;
  instead: boolean;
  target: number;
  mana: 'W' | 'U' | 'B' | 'R' | 'G' | 'C';
}

const effectTemplateArb: fc.Arbitrary<EffectTemplate> = fc.record({
  kind: fc.constantFrom('damage', 'draw', 'gainLife', 'addMana', 'putCounters'),
  amount: fc.integer({ min: 1, max: 4 }),
  useX: fc.boolean(),
  condition: fc.nat({ max: 6 }),
  instead: fc.boolean(),
  target: fc.nat({ max: 3 }),
  mana: fc.constantFrom('W', 'U', 'B', 'R', 'G', 'C'),
});

interface TargetTemplate {
  kind: 'any' | 'creature' | 'player';
  condition: number;
  perKick: boolean;
}

const targetTemplateArb: fc.Arbitrary<TargetTemplate> = fc.record({
  kind: fc.constantFrom('any', 'creature', 'player'),
  condition: fc.nat({ max: 3 }),
  perKick: fc.boolean(),
});

function fitTargets(templates: TargetTemplate[], shape: KickerShape): TargetRequirement[] {
  const kickable = Boolean(shape.kicker || shape.multikicker);
  const conditions: TargetRequirement['condition'][] = ['always'];
  if (kickable) conditions.push('kicked');
  if (shape.kicker) conditions.push('kickedA');
  if (shape.kicker?.length === 2) conditions.push('kickedB');
  return templates.map((t) => {
    const req: TargetRequirement = { kind: t.kind };
    const condition = conditions[t.condition % conditions.length]!;
    if (condition !== 'always') req.condition = condition;
    if (t.perKick && kickable && condition === 'always') req.perKick = 1;
    return req;
  });
}

function fitEffects(templates: EffectTemplate[], shape: KickerShape, targets: TargetRequirement[], hasX: boolean): Effect[] {
  const conditions = conditionsFor(shape);
  const effects: Effect[] = [];
  for (const t of templates) {
    const needsTarget = t.kind === 'damage' || t.kind === 'putCounters';
    const usable = targets
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => (t.kind === 'putCounters' ? r.kind === 'creature' : true));
    if (needsTarget && usable.length === 0) continue;
    const e: Effect = { kind: t.kind };
    if (t.kind === 'addMana') e.mana = `{${t.mana}}`.repeat(Math.min(t.amount, 3));
    else e.amount = hasX && t.useX ? 'X' : t.amount;
    if (needsTarget) e.target = usable[t.target % usable.length]!.i;
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
  if (shape.kicker) out.kicker = { costs: shape.kicker.map((mana) => ({ mana })) as [{ mana: string }] };
  if (shape.multikicker) out.multikicker = { cost: { mana: shape.multikicker } };
  return out;
}

export interface SyntheticSpellOptions {
  name: string;
  role: SpellRole;
  arcane?: boolean;
  splice?: 'Arcane' | 'instant or sorcery';
  /** Whether the card may have kicker or multikicker. */
  kicker?: boolean;
}

/** An instant, sorcery or permanent card with any mix of kicker, multikicker, targets and effects. */
export function syntheticSpellArb(o: SyntheticSpellOptions): fc.Arbitrary<CardDefinition> {
  const shapeArb = o.kicker === false ? fc.constant<KickerShape>({ kicker: undefined, multikicker: undefined }) : kickerShapeArb;
  return fc
    .record({
      cost: manaCostArb({ withX: o.role !== 'permanent' }),
      shape: shapeArb,
      targets: fc.array(targetTemplateArb, { maxLength: 2 }),
      effects: fc.array(effectTemplateArb, { minLength: 1, maxLength: 3 }),
      power: fc.integer({ min: 0, max: 4 }),
      toughness: fc.integer({ min: 1, max: 4 }),
      counters: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 3 }), condition: fc.nat({ max: 6 }) }), { maxLength: 2 }),
      spliceCost: additionalManaCostArb(),
      creature: fc.boolean(),
    })
    .map((r): CardDefinition => {
      const hasX = r.cost.includes('{X}');
      const def: CardDefinition = { name: o.name, manaCost: r.cost, types: ['Instant'] };
      if (o.role === 'permanent') {
        def.types = r.creature ? ['Creature'] : ['Artifact'];
        if (r.creature) {
          def.power = r.power;
          def.toughness = r.toughness;
        }
        Object.assign(def, kickerFields(r.shape));
        const conditions = conditionsFor(r.shape);
        const entersWith: EntersWith[] = r.counters.map((c) => {
          const e: EntersWith = { counter: r.creature ? '+1/+1' : 'charge', amount: c.amount };
          const condition = conditions[c.condition % conditions.length]!;
          if (condition !== 'always') e.condition = condition;
          return e;
        });
        if (entersWith.length > 0) def.entersWith = entersWith;
        return def;
      }
      def.types = [o.role === 'sorcery' ? 'Sorcery' : 'Instant'];
      if (o.arcane) def.subtypes = ['Arcane'];
      Object.assign(def, kickerFields(r.shape));
      const targets = fitTargets(r.targets, r.shape);
      const effects = fitEffects(r.effects, r.shape, targets, hasX);
      if (targets.length > 0) def.targets = targets;
      def.effects = effects.length > 0 ? effects : [{ kind: 'gainLife', amount: 1 }];
      if (o.splice) def.splice = { onto: o.splice, cost: { mana: r.spliceCost } };
      return def;
    });
}

/** A vanilla creature, to stand on the battlefield as a target. */
export function bystanderArb(name: string): fc.Arbitrary<CardDefinition> {
  return fc.record({ power: fc.integer({ min: 0, max: 3 }), toughness: fc.integer({ min: 1, max: 6 }) }).map(({ power, toughness }) => ({
    name,
    manaCost: '{2}',
    types: ['Creature'],
    power,
    toughness,
  }));
}
