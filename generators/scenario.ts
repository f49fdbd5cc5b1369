// Whole scenarios: one spell cast with any mix of kicker, A/B kicker, multikicker and splices, then
// copies of it, then resolutions. A scenario is built from a plan of independent choices, so that
// fast-check shrinks each of them on its own: fewer splices and copies, fewer kicks, smaller X,
// simpler cards, fewer actions.
import fc from 'fast-check';
import { catalog } from '../model/catalog.ts';
import { addMana, emptyMana, fixX, parseMana, type Mana } from '../model/mana.ts';
import type {
  Action,
  Capabilities,
  CardDefinition,
  KickerLabel,
  ManaPool,
  Scenario,
  ScenarioCard,
  StartingPermanent,
} from '../model/schema-types.ts';
import { activeRequirements, type Declared } from './declarations.ts';
import { bystanderArb, syntheticSpellArb } from './synthetic-cards.ts';

/** Illegal declarations the generator makes on purpose; engines must reject them and change nothing. */
export const ILLEGAL_KINDS = ['kicker-twice', 'kicker-not-printed', 'splice-twice', 'cannot-pay', 'wrong-target-count'] as const;
export type IllegalKind = (typeof ILLEGAL_KINDS)[number];

export interface ScenarioOptions {
  capabilities: Capabilities;
  /** Share of scenarios with an illegal declaration, 0 to 1. Default 0.1. */
  illegalShare?: number;
}

interface CopyPlan {
  via: 'action' | 'card';
  retarget: boolean;
  copier: number;
}

interface Plan {
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
  picks: number[];
  slack: number;
  resolves: number;
  illegal: IllegalKind | null;
}

const SPLICE_SOURCE = ['instant', 'sorcery'] as const;
const MAX_BYSTANDERS = 3;

/** Scenarios an engine with these capabilities can run. */
export function scenarioArb(options: ScenarioOptions): fc.Arbitrary<Scenario> {
  return planArb(options).map((plan) => buildScenario(plan, options.capabilities));
}

function catalogPool(caps: Capabilities): CardDefinition[] {
  const known = new Set(caps.cards.oracle ?? []);
  return [...catalog().values()].filter((d) => known.has(d.name));
}

function supportsCard(def: CardDefinition, caps: Capabilities): boolean {
  const m = caps.mechanics;
  if (def.kicker && !m.includes('kicker')) return false;
  if (def.kicker?.costs.length === 2 && !m.includes('kickerAB')) return false;
  if (def.multikicker && !m.includes('multikicker')) return false;
  if (def.manaCost?.includes('{X}') && !m.includes('x')) return false;
  const costs = [...(def.kicker?.costs ?? []), ...(def.multikicker ? [def.multikicker.cost] : []), ...(def.splice ? [def.splice.cost] : [])];
  if (costs.some((c) => c.sacrifice) && !m.includes('sacrificeCost')) return false;
  return true;
}

const isCopier = (d: CardDefinition) => (d.effects ?? []).some((e) => e.kind === 'copySpell');
const isSpell = (d: CardDefinition) => d.types.includes('Instant') || d.types.includes('Sorcery');
const castable = (d: CardDefinition) => !d.types.includes('Land') && d.manaCost !== undefined;

function planArb(options: ScenarioOptions): fc.Arbitrary<Plan> {
  const caps = options.capabilities;
  const pool = catalogPool(caps).filter((d) => supportsCard(d, caps));
  const mains = pool.filter((d) => castable(d) && !isCopier(d) && !(d.types.includes('Creature') && !d.kicker && !d.multikicker));
  const spliceCards = caps.mechanics.includes('splice') ? pool.filter((d) => d.splice) : [];
  const copiers = pool.filter(isCopier);
  const vanilla = pool.filter((d) => d.types.includes('Creature') && !d.kicker && !d.multikicker && !d.entersWith);

  const synthetic = caps.cards.synthetic;
  const syntheticMain = fc.oneof(
    syntheticSpellArb({ name: 'Main Spell', role: 'instant', arcane: true }),
    syntheticSpellArb({ name: 'Main Spell', role: 'sorcery', arcane: false }),
    syntheticSpellArb({ name: 'Main Spell', role: 'instant', arcane: false }),
    syntheticSpellArb({ name: 'Main Permanent', role: 'permanent' }),
  );
  const catalogMain = fc.nat({ max: Math.max(0, mains.length - 1) }).map((i) => mains[i]!);
  const mainArb: fc.Arbitrary<{ def: CardDefinition; oracle: boolean }> =
    synthetic && mains.length > 0
      ? fc.oneof(
          { weight: 3, arbitrary: syntheticMain.map((def) => ({ def, oracle: false })) },
          { weight: 1, arbitrary: catalogMain.map((def) => ({ def, oracle: true })) },
        )
      : synthetic
        ? syntheticMain.map((def) => ({ def, oracle: false }))
        : catalogMain.map((def) => ({ def, oracle: true }));

  const maxSplices = caps.mechanics.includes('splice') ? 3 : 0;
  const syntheticSplice = (i: number) =>
    syntheticSpellArb({ name: `Splice Card ${i + 1}`, role: SPLICE_SOURCE[i % 2]!, arcane: true, splice: 'Arcane', kicker: false });
  const splicesArb: fc.Arbitrary<{ defs: CardDefinition[]; oracle: boolean }> =
    maxSplices === 0
      ? fc.constant({ defs: [], oracle: false })
      : fc.oneof(
          ...(synthetic
            ? [
                fc
                  .tuple(syntheticSplice(0), syntheticSplice(1), syntheticSplice(2), fc.nat({ max: maxSplices }))
                  .map(([a, b, c, n]) => ({ defs: [a, b, c].slice(0, n), oracle: false })),
              ]
            : []),
          ...(spliceCards.length > 0
            ? [
                fc
                  .uniqueArray(fc.nat({ max: spliceCards.length - 1 }), { maxLength: Math.min(maxSplices, spliceCards.length) })
                  .map((is) => ({ defs: is.map((i) => spliceCards[i]!), oracle: true })),
              ]
            : []),
        );

  const canCopy = caps.actions.includes('copy') || copiers.length > 0;
  const copyArb: fc.Arbitrary<CopyPlan> = fc.record({
    via: caps.actions.includes('copy') && copiers.length > 0 ? fc.constantFrom<CopyPlan['via']>('action', 'card') : fc.constant(caps.actions.includes('copy') ? 'action' : 'card'),
    retarget: fc.boolean(),
    copier: fc.nat({ max: Math.max(0, copiers.length - 1) }),
  });
  const bystanderDefs = synthetic
    ? fc.tuple(bystanderArb('Bystander One'), bystanderArb('Bystander Two'), bystanderArb('Bystander Three'))
    : fc.constant(vanilla.slice(0, 3));
  const illegalShare = options.illegalShare ?? 0.1;
  const illegalArb: fc.Arbitrary<IllegalKind | null> =
    illegalShare <= 0
      ? fc.constant(null)
      : fc.oneof(
          { withCrossShrink: true },
          { weight: Math.round((1 - illegalShare) * 100), arbitrary: fc.constant(null) },
          { weight: Math.round(illegalShare * 100), arbitrary: fc.constantFrom(...ILLEGAL_KINDS) },
        );

  return fc
    .record({
      main: mainArb,
      splices: splicesArb,
      kickA: fc.boolean(),
      kickB: fc.boolean(),
      multikicks: fc.nat({ max: 6 }),
      x: fc.nat({ max: 4 }),
      free: caps.mechanics.includes('freeCast')
        ? fc.oneof({ withCrossShrink: true }, { weight: 6, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
        : fc.constant(false),
      copies: canCopy && caps.mechanics.includes('copy') ? fc.array(copyArb, { maxLength: 2 }) : fc.constant<CopyPlan[]>([]),
      bystanders: bystanderDefs.map((t) => [...t]),
      extraBystanders: fc.nat({ max: 2 }),
      picks: fc.array(fc.nat({ max: 7 }), { minLength: 12, maxLength: 12 }),
      slack: fc.nat({ max: 3 }),
      resolves: fc.nat({ max: 6 }),
      illegal: illegalArb,
    })
    .map(
      (r): Plan => ({
        main: r.main.def,
        oracle: r.main.oracle,
        splices: r.splices.defs,
        spliceOracle: r.splices.oracle,
        kickA: r.kickA,
        kickB: r.kickB,
        multikicks: r.multikicks,
        x: r.x,
        free: r.free,
        copies: r.copies.map((c) => ({ ...c, copier: copiers.length > 0 ? c.copier : -1 })),
        bystanders: r.bystanders,
        extraBystanders: r.extraBystanders,
        picks: r.picks,
        slack: r.slack,
        resolves: r.resolves,
        illegal: r.illegal,
      }),
    )
    .map((plan) => ({ ...plan, copies: plan.copies.map((c) => (c.copier === -1 ? { ...c, via: 'action' as const } : c)) }));
}

function spliceFits(host: CardDefinition, splice: CardDefinition): boolean {
  if (!splice.splice || !isSpell(host)) return false;
  return splice.splice.onto === 'Arcane' ? (host.subtypes ?? []).includes('Arcane') : true;
}

/** Turns a plan into a scenario; everything the plan leaves open is fixed here, deterministically. */
export function buildScenario(plan: Plan, caps: Capabilities): Scenario {
  const copiers = catalogPool(caps).filter(isCopier);
  const main = plan.main;
  const splices = plan.splices.filter((s) => spliceFits(main, s));
  const kicker: KickerLabel[] = [];
  const printedKickers = main.kicker?.costs.length ?? 0;
  if (printedKickers >= 1 && plan.kickA) kicker.push('A');
  if (printedKickers >= 2 && plan.kickB) kicker.push('B');
  let multikicker = main.multikicker ? plan.multikicks : 0;
  const hasX = main.manaCost?.includes('{X}') ?? false;
  const x = hasX ? (plan.free ? 0 : plan.x) : undefined;
  // Copies of a permanent spell need a copy effect that copies any spell; copier cards take instants and sorceries.
  const copies = plan.copies.filter((c) => c.via === 'action' || isSpell(main)).filter((c) => c.via === 'action' || caps.actions.includes('cast'));

  const cards: ScenarioCard[] = [];
  const card = (id: string, def: CardDefinition, oracle: boolean) => cards.push(oracle ? { id, oracle: def.name } : { id, definition: def });
  card('main', main, plan.oracle);
  splices.forEach((s, i) => card(`s${i + 1}`, s, plan.spliceOracle));
  const copierIds: string[] = [];
  copies.forEach((c, i) => {
    if (c.via === 'card') {
      const id = `cp${i + 1}`;
      copierIds.push(id);
      card(id, copiers[c.copier]!, true);
    } else copierIds.push('');
  });

  const parts = [main, ...splices];
  // Kicks that add targets (Comet Storm) stop where there are no more distinct objects to choose.
  const fits = (rs: ReturnType<typeof activeRequirements>) =>
    rs.every((r) => r.count <= (r.kind === 'creature' ? MAX_BYSTANDERS : r.kind === 'player' ? 2 : 2 + MAX_BYSTANDERS));
  while (multikicker > 0 && !fits(activeRequirements(parts, { kicker, multikicker }))) multikicker--;
  while (kicker.length > 0 && !fits(activeRequirements(parts, { kicker, multikicker }))) kicker.pop();
  const declared: Declared = { kicker, multikicker };
  const requirements = activeRequirements(parts, declared);
  const creaturesNeeded = Math.max(0, ...requirements.map((r) => (r.kind === 'creature' ? r.count : r.kind === 'any' ? r.count - 2 : 0)));
  const bystanderCount = Math.min(MAX_BYSTANDERS, Math.max(creaturesNeeded, plan.extraBystanders));
  const battlefield: StartingPermanent[] = [];
  for (let i = 0; i < bystanderCount; i++) {
    const def = plan.bystanders[i] ?? plan.bystanders[0]!;
    card(`b${i + 1}`, def, !caps.cards.synthetic);
    battlefield.push({ card: `b${i + 1}` });
  }
  const creatures = battlefield.map((b) => b.card);

  let pick = 0;
  const choose = (kind: string, count: number, shift: number): string[] => {
    const candidates = kind === 'creature' ? creatures : kind === 'player' ? ['p2', 'p1'] : ['p2', 'p1', ...creatures];
    const start = (plan.picks[pick++ % plan.picks.length]! + shift) % Math.max(1, candidates.length);
    const out: string[] = [];
    for (let i = 0; i < candidates.length && out.length < count; i++) out.push(candidates[(start + i) % candidates.length]!);
    return out;
  };
  const targets = requirements.map((r) => choose(r.kind, r.count, 0));
  const retargets = requirements.map((r) => choose(r.kind, r.count, 1));

  // Library cards for the draws the spell can make, so that drawing is never from an empty library.
  const draws = parts.flatMap((d) => d.effects ?? []).filter((e) => e.kind === 'draw');
  const libraryCount = Math.min(6, draws.length * (1 + copies.length) * Math.max(1, multikicker + kicker.length));
  const library: string[] = [];
  const filler = catalog().get('Island')!;
  for (let i = 0; i < libraryCount; i++) {
    card(`l${i + 1}`, filler, true);
    library.push(`l${i + 1}`);
  }

  // Mana: exactly what the casts cost, plus some slack as colourless mana.
  let total: Mana = plan.free || !main.manaCost ? emptyMana() : fixX(parseMana(main.manaCost), x ?? 0);
  for (const label of kicker) total = addMana(total, parseMana(main.kicker!.costs[label === 'A' ? 0 : 1]!.mana ?? '{0}'));
  if (main.multikicker) total = addMana(total, parseMana(main.multikicker.cost.mana ?? '{0}'), multikicker);
  for (const s of splices) total = addMana(total, parseMana(s.splice!.cost.mana ?? '{0}'));
  copies.forEach((c) => {
    if (c.via === 'card') total = addMana(total, parseMana(copiers[c.copier]!.manaCost!));
  });
  const mana: ManaPool = {};
  for (const key of ['W', 'U', 'B', 'R', 'G'] as const) if (total[key] > 0) mana[key] = total[key];
  const colorless = total.C + total.generic + plan.slack;
  if (colorless > 0) mana.C = colorless;

  const cast: Action & { do: 'cast' } = { do: 'cast', card: 'main' };
  if (kicker.length > 0) cast.kicker = kicker;
  if (multikicker > 0) cast.multikicker = multikicker;
  if (splices.length > 0) cast.splice = splices.map((_, i) => `s${i + 1}`);
  if (x !== undefined) cast.x = x;
  if (plan.free) cast.withoutPayingManaCost = true;
  if (targets.length > 0) cast.targets = targets;
  applyIllegal(plan.illegal, cast, main, mana);

  const actions: Action[] = [cast];
  copies.forEach((c, i) => {
    if (c.via === 'action') {
      actions.push({ do: 'copy', id: `copy${i + 1}`, spell: 'main', ...(c.retarget && retargets.length > 0 ? { newTargets: retargets } : {}) });
    } else {
      actions.push({ do: 'cast', card: copierIds[i]!, targets: [['main']] });
      actions.push({ do: 'resolve', id: `copy${i + 1}`, ...(c.retarget && retargets.length > 0 ? { newTargets: retargets } : {}) });
    }
  });
  const onStack = 1 + copies.length;
  for (let i = 0; i < Math.min(plan.resolves, onStack); i++) actions.push({ do: 'resolve' });

  const players: Scenario['players'] = [
    { id: 'p1', hand: ['main', ...splices.map((_, i) => `s${i + 1}`), ...copierIds.filter((id) => id !== '')], mana, ...(library.length > 0 ? { library } : {}) },
    { id: 'p2', ...(battlefield.length > 0 ? { battlefield } : {}) },
  ];
  return { format: 'castcheck-scenario/1', cards, players, actions };
}

function applyIllegal(kind: IllegalKind | null, cast: Action & { do: 'cast' }, main: CardDefinition, mana: ManaPool): void {
  switch (kind) {
    case null:
      return;
    case 'kicker-twice':
      if (main.kicker) {
        cast.kicker = ['A', 'A'];
        return;
      }
      break;
    case 'kicker-not-printed':
      if ((main.kicker?.costs.length ?? 0) < 2) {
        cast.kicker = main.kicker ? ['A', 'B'] : ['A'];
        return;
      }
      if (!main.multikicker) {
        cast.multikicker = 1;
        return;
      }
      break;
    case 'splice-twice':
      if (cast.splice && cast.splice.length > 0) {
        cast.splice = [...cast.splice, cast.splice[0]!];
        return;
      }
      break;
    case 'wrong-target-count':
      if (cast.targets && cast.targets.length > 0) {
        cast.targets = cast.targets.slice(1);
        return;
      }
      cast.targets = [['p2']];
      return;
    case 'cannot-pay':
      break;
  }
  // Falls back to a cost one mana short, which every scenario can have.
  for (const key of ['C', 'W', 'U', 'B', 'R', 'G'] as const) {
    if ((mana[key] ?? 0) > 0) {
      mana[key]! -= 1;
      if (mana[key] === 0) delete mana[key];
      return;
    }
  }
  // A spell that costs nothing: declare an unprinted kicker cost instead.
  cast.kicker = [...(cast.kicker ?? []), 'B', 'B'];
}
