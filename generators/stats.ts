// What a run's scenarios exercised: the share of scenarios with each feature, and the floors a run
// must reach for the features the engine supports (coverage gates).
import type { Capabilities, CardDefinition, Scenario } from '../model/schema-types.ts';
import { catalog } from '../model/catalog.ts';
import { actionNeeds, performs } from '../model/capabilities.ts';
import { declaredMana } from '../model/declarations.ts';
import { targetsSpells } from './card-traits.ts';
import { conditionPossible } from './conditions.ts';
import { spellConditionPossible } from './spell-conditions.ts';
import { contextFor } from './context.ts';
import { builtFeatures } from './scenario.ts';

export interface Feature {
  id: string;
  description: string;
  /** Whether the engine can run scenarios with it at all; features it cannot are not gated. */
  supported(caps: Capabilities): boolean;
  has(s: Scenario): boolean;
}

type Cast = Extract<Scenario['actions'][number], { do: 'cast' }>;
const casts = (s: Scenario) => s.actions.filter((a): a is Cast => a.do === 'cast');
const kicks = (a: Cast) => (a.kicker?.length ?? 0) + (a.multikicker ?? 0);
/** A card's definition: written out (synthetic), or read through the catalog by Oracle name (printed). */
const def = (s: Scenario, id: string) => cardDef(s.cards.find((c) => c.id === id));
const cardDef = (c: Scenario['cards'][number] | undefined) => c?.definition ?? (c?.oracle !== undefined ? catalog().get(c.oracle) : undefined);
const onBattlefield = (s: Scenario) => s.players.flatMap((p) => (p.battlefield ?? []).map((b) => def(s, b.card)).filter((d) => d !== undefined));
const mech = (m: Capabilities['mechanics'][number]) => (caps: Capabilities) => caps.mechanics.includes(m);
const act = (a: Capabilities['actions'][number]) => (caps: Capabilities) => caps.actions.includes(a);
/** Whether the engine knows a card of this kind: any, when it builds synthetic ones; else one of its printed cards. */
const knowsCard = (kind: (d: CardDefinition) => boolean) => (caps: Capabilities) =>
  caps.cards.synthetic || (caps.cards.oracle ?? []).some((name) => {
    const d = catalog().get(name);
    return d !== undefined && kind(d);
  });
const hasTrigger = (s: Scenario, event: string) => s.cards.some((c) => (cardDef(c)?.triggers ?? []).some((t) => t.event === event));

/** Whether cost reductions on the board bring a cast's generic mana, more than none, down to {0}. */
function reducedToZero(s: Scenario): boolean {
  const reductions = onBattlefield(s)
    .flatMap((d) => d.statics ?? [])
    .filter((a) => a.kind === 'costReduction' && (a.spells ?? 'yours') !== 'opponents');
  return casts(s).some((a) => {
    const main = def(s, a.card);
    const kicked = kicks(a) > 0;
    const reduction = reductions
      .filter((r) => (!r.kicked || kicked) && (!r.types || r.types.some((t) => main?.types.includes(t))) && !r.notTypes?.some((t) => main?.types.includes(t)))
      .reduce((n, r) => n + (r.amount ?? 1), 0);
    if (!main || reduction === 0) return false;
    const splices = (a.splice ?? []).map((id) => def(s, id)).filter((d) => d !== undefined);
    const total = declaredMana(main, { kicker: [...(a.kicker ?? [])], multikicker: a.multikicker ?? 0 }, splices, a.x ?? 0, a.withoutPayingManaCost ?? false);
    return total.generic > 0 && total.generic <= reduction;
  });
}

/** Who controls each spell and copy the actions put on the stack, by id: the caster, the copier (CR 707.10). */
function controllers(s: Scenario): Map<string, string> {
  const out = new Map<string, string>();
  // A copy spell's copy is named by the resolve that makes it, and is the caster's of the copy spell cast last before it.
  let copier: string | undefined;
  for (const a of s.actions) {
    if (a.do === 'cast') {
      out.set(a.card, a.player ?? 'p1');
      if (isCopier(def(s, a.card))) copier = a.player ?? 'p1';
    } else if (a.do === 'copy' && a.id !== undefined) out.set(a.id, a.player ?? 'p1');
    else if (a.do === 'resolve' && a.id !== undefined && copier !== undefined) out.set(a.id, copier);
  }
  return out;
}

const isCopier = (d: CardDefinition | undefined) => (d?.effects ?? []).some((e) => e.kind === 'copySpell');

/** A copy made by the opponent of the original's controller: a copy action, or a copy spell cast at the other player's spell. */
function copiedByOpponent(s: Scenario): boolean {
  const control = controllers(s);
  return s.actions.some((a) => {
    if (a.do === 'copy') return control.has(a.spell) && control.get(a.spell) !== (a.player ?? 'p1');
    if (a.do !== 'cast' || !isCopier(def(s, a.card))) return false;
    const target = (a.targets ?? []).flat()[0];
    return target !== undefined && target !== a.card && control.has(target) && control.get(target) !== (a.player ?? 'p1');
  });
}

/** The ids of copies: made by a copy action, or by the resolve of a copy spell. */
function copyIds(s: Scenario): Set<string> {
  const ids = new Set<string>();
  for (const a of s.actions) if ((a.do === 'copy' || a.do === 'resolve') && a.id !== undefined && (a.do === 'copy' || casts(s).some((c) => isCopier(def(s, c.card))))) ids.add(a.id);
  return ids;
}

/** A counter aimed at a copy: the counter action, or a counterspell cast at it. */
function counteredCopy(s: Scenario): boolean {
  const copies = copyIds(s);
  if (copies.size === 0) return false;
  return s.actions.some((a) => (a.do === 'counter' && copies.has(a.spell)) || (a.do === 'bounce' && copies.has(a.object)) || (a.do === 'cast' && (def(s, a.card)?.effects ?? []).some((e) => e.kind === 'counterSpell') && (a.targets ?? []).flat().some((t) => copies.has(t))));
}

/** A counter aimed at a triggered ability on the stack: a spell that counters abilities cast at one, by its id (a1.t1, a4.r2.t1). */
function counteredTrigger(s: Scenario): boolean {
  return casts(s).some((a) => (def(s, a.card)?.effects ?? []).some((e) => e.kind === 'counterAbility') && (a.targets ?? []).flat().some((t) => /\.t[1-9][0-9]*$/.test(t)));
}

function destroyedTargets(s: Scenario): { all: boolean; some: boolean } {
  const destroyed = new Set(s.actions.filter((a) => a.do === 'destroy').map((a) => (a as { permanent: string }).permanent));
  // The main spell's cast: a spell with a board condition or Stifle may be cast before it.
  const targets = (casts(s).find((a) => a.card === 'main')?.targets ?? []).flat();
  const hit = targets.filter((t) => destroyed.has(t));
  return { all: targets.length > 0 && hit.length === targets.length, some: hit.length > 0 && hit.length < targets.length };
}

/**
 * A permanent a spell targets leaves the battlefield and comes back before a resolution: flickered (by
 * the action or a flicker card), bounced or destroyed and then put onto the battlefield, or cast again
 * after it left (CR 400.7: a new object, the target illegal).
 */
function targetChangedZones(s: Scenario): boolean {
  const acts = s.actions;
  return acts.some((a, i) => {
    if (a.do !== 'cast' || !a.targets) return false;
    return a.targets.flat().some((t) =>
      acts.some((b, j) => {
        if (j <= i) return false;
        const resolvedAfter = (k: number) => acts.some((c, m) => m > k && c.do === 'resolve');
        if (b.do === 'flicker' && b.permanent === t) return resolvedAfter(j);
        // A flicker card (Cloudshift) cast at it, resolved, and then something else resolved.
        if (b.do === 'cast' && (def(s, b.card)?.effects ?? []).some((e) => e.kind === 'flicker') && (b.targets ?? []).flat().includes(t)) return resolvedAfter(j + 1);
        if ((b.do === 'bounce' && b.object === t) || (b.do === 'destroy' && b.permanent === t)) return acts.some((c, k) => k > j && c.do === 'putOntoBattlefield' && c.card === t && resolvedAfter(k));
        // Returned to hand (Blink of an Eye) and cast again: the permanent spell resolves, and then something else.
        if (b.do === 'cast' && b.card === t) {
          const entered = acts.findIndex((c, m) => m > j && c.do === 'resolve');
          return entered !== -1 && resolvedAfter(entered);
        }
        return false;
      }),
    );
  });
}

export const FEATURES: readonly Feature[] = [
  { id: 'kicked', description: 'a spell cast kicked', supported: (c) => mech('kicker')(c) || mech('multikicker')(c), has: (s) => casts(s).some((a) => kicks(a) > 0) },
  { id: 'unkicked-kicker-card', description: 'a card with kicker cast with no kick', supported: mech('kicker'), has: (s) => casts(s).some((a) => kicks(a) === 0 && (def(s, a.card)?.kicker || def(s, a.card)?.multikicker)) },
  { id: 'kicked-twice-or-more', description: 'a spell kicked two times or more', supported: (c) => mech('kickerAB')(c) || mech('multikicker')(c), has: (s) => casts(s).some((a) => kicks(a) >= 2) },
  { id: 'kicked-a-and-b', description: 'both kicker costs of "A and/or B" declared', supported: mech('kickerAB'), has: (s) => casts(s).some((a) => a.kicker?.includes('A') && a.kicker.includes('B')) },
  { id: 'many-kicks', description: 'multikicker paid four times or more', supported: mech('multikicker'), has: (s) => casts(s).some((a) => (a.multikicker ?? 0) >= 4) },
  { id: 'spliced', description: 'a card spliced onto a spell', supported: mech('splice'), has: (s) => casts(s).some((a) => (a.splice?.length ?? 0) >= 1) },
  { id: 'spliced-two-or-more', description: 'two cards or more spliced onto one spell', supported: mech('splice'), has: (s) => casts(s).some((a) => (a.splice?.length ?? 0) >= 2) },
  { id: 'copied', description: 'a spell copied', supported: mech('copy'), has: (s) => s.actions.some((a) => a.do === 'copy' || (a.do === 'resolve' && a.id?.startsWith('copy'))) },
  { id: 'copied-with-new-targets', description: 'a copy given new targets', supported: mech('copy'), has: (s) => s.actions.some((a) => (a.do === 'copy' || a.do === 'resolve') && a.newTargets !== undefined) },
  { id: 'free-cast', description: 'a spell cast without paying its mana cost', supported: mech('freeCast'), has: (s) => casts(s).some((a) => a.withoutPayingManaCost) },
  { id: 'x', description: 'a spell with {X}', supported: mech('x'), has: (s) => casts(s).some((a) => a.x !== undefined) },
  { id: 'cost-changed', description: 'a cost increase or reduction on the battlefield', supported: mech('costModifiers'), has: (s) => onBattlefield(s).some((d) => (d.statics ?? []).some((a) => a.kind === 'costReduction' || a.kind === 'costIncrease')) },
  { id: 'reduced-to-zero', description: "reductions bring a spell's generic cost down to {0}", supported: mech('costModifiers'), has: reducedToZero },
  { id: 'sacrifice-cost', description: 'a kicker or splice cost paid by sacrificing', supported: mech('sacrificeCost'), has: (s) => casts(s).some((a) => (a.sacrifice?.length ?? 0) > 0) },
  { id: 'illegal', description: 'an illegal declaration made on purpose', supported: () => true, has: (s) => (builtFeatures(s)?.illegal ?? null) !== null },
  { id: 'trigger-multiplier', description: 'a trigger multiplier on the battlefield', supported: mech('triggerMultiplier'), has: (s) => onBattlefield(s).some((d) => (d.statics ?? []).some((a) => a.kind === 'triggerMultiplier')) },
  { id: 'enters-trigger', description: 'an enters ability', supported: mech('triggers'), has: (s) => hasTrigger(s, 'selfEnters') },
  { id: 'cast-trigger', description: 'a cast trigger on the battlefield', supported: mech('triggers'), has: (s) => hasTrigger(s, 'spellCast') },
  { id: 'land-trigger', description: 'a land-to-graveyard trigger', supported: mech('triggers'), has: (s) => hasTrigger(s, 'landToGraveyard') },
  { id: 'tap-trigger', description: 'a becomes-tapped trigger', supported: mech('triggers'), has: (s) => hasTrigger(s, 'becomesTapped') },
  { id: 'damage-trigger', description: 'a dealt-damage trigger', supported: mech('triggers'), has: (s) => hasTrigger(s, 'selfDealtDamage') },
  { id: 'zone-change', description: 'a permanent put onto the battlefield, flickered, cloned or destroyed', supported: (c) => act('putOntoBattlefield')(c) || act('flicker')(c) || act('clone')(c), has: (s) => s.actions.some((a) => ['putOntoBattlefield', 'flicker', 'clone', 'destroyAll'].includes(a.do)) },
  { id: 'counter-or-bounce', description: 'a spell countered or bounced', supported: (c) => act('counter')(c) || act('bounce')(c), has: (s) => s.actions.some((a) => a.do === 'counter' || a.do === 'bounce') || casts(s).some((a) => (def(s, a.card)?.effects ?? []).some((e) => e.kind === 'counterSpell')) },
  { id: 'all-targets-illegal', description: "every target of the spell destroyed before it resolves", supported: act('destroy'), has: (s) => destroyedTargets(s).all },
  { id: 'some-targets-illegal', description: 'one of several targets destroyed before it resolves', supported: act('destroy'), has: (s) => destroyedTargets(s).some },
  { id: 'token-trigger', description: 'a token-created trigger', supported: (c) => mech('triggers')(c) && mech('tokens')(c), has: (s) => hasTrigger(s, 'tokenCreated') },
  { id: 'death-trigger', description: 'a creatures-die trigger', supported: mech('triggers'), has: (s) => hasTrigger(s, 'creaturesDie') },
  {
    id: 'creatures-destroyed-at-once',
    description: 'every creature destroyed at once: one event in which several may die',
    supported: (c) => performs(c, 'destroyAllCreatures'),
    has: (s) => s.actions.some((a) => a.do === 'destroyAll' && actionNeeds(a, () => false) === 'destroyAllCreatures'),
  },
  { id: 'recast-after-rejection', description: 'a card cast again after a rejected cast of it', supported: act('cast'), has: (s) => builtFeatures(s)?.recast ?? false },
  { id: 'spell-targets-spell', description: 'a spell cast at a spell on the stack (a counterspell, a copier)', supported: (c) => act('cast')(c) && knowsCard(targetsSpells)(c), has: (s) => casts(s).some((a) => { const d = def(s, a.card); return d !== undefined && targetsSpells(d); }) },
  { id: 'spell-targets-itself', description: 'a spell cast with itself as its target (rejected, CR 115.5)', supported: (c) => act('cast')(c) && knowsCard(targetsSpells)(c), has: (s) => casts(s).some((a) => (a.targets ?? []).flat().includes(a.card)) },
  { id: 'opponent-casts', description: "p2 casts a spell on p1's turn", supported: act('cast'), has: (s) => casts(s).some((a) => a.player === 'p2') },
  { id: 'copy-by-opponent', description: "a spell copied by the other player, who controls the copy (CR 707.10)", supported: (c) => mech('copy')(c) && (act('copy')(c) || (act('cast')(c) && knowsCard((d) => isCopier(d))(c))), has: copiedByOpponent },
  { id: 'counter-a-copy', description: 'a counter or a bounce aimed at a copy of a spell, not at the original', supported: (c) => mech('copy')(c) && (act('counter')(c) || act('bounceSpell')(c) || (act('cast')(c) && knowsCard((d) => (d.effects ?? []).some((e) => e.kind === 'counterSpell'))(c))), has: counteredCopy },
  {
    id: 'counter-a-trigger',
    description: 'a counter aimed at a triggered ability on the stack, by p1 or p2 (Stifle: it leaves the stack and does nothing, CR 701.5a)',
    supported: (c) => act('cast')(c) && act('resolve')(c) && act('putOntoBattlefield')(c) && mech('triggers')(c) && knowsCard((d) => (d.effects ?? []).some((e) => e.kind === 'counterAbility'))(c),
    has: counteredTrigger,
  },
  {
    id: 'target-changed-zones',
    description: 'a permanent a spell targets flickered (by the action, or by a flicker card such as Cloudshift), bounced or destroyed and put back, or returned by a bounce card such as Blink of an Eye and cast again, before it resolves (a new object: CR 400.7, 608.2b)',
    supported: (c) => act('cast')(c) && act('resolve')(c) && (act('flicker')(c) || knowsCard((d) => (d.effects ?? []).some((e) => e.kind === 'flicker' || e.kind === 'bounce'))(c) || ((act('bounce')(c) || act('destroy')(c)) && act('putOntoBattlefield')(c))),
    has: targetChangedZones,
  },
  {
    id: 'cost-fails-after-mana',
    description: 'a kicked cast whose mana is in the pool but whose sacrifice does not fit (rejected, everything given back: CR 601.2h, 733.1)',
    supported: (c) => mech('sacrificeCost')(c) && mech('kicker')(c) && act('cast')(c) && knowsCard((d) => d.kicker?.costs[0]?.sacrifice !== undefined && !d.types.includes('Land') && (d.types.includes('Instant') || d.types.includes('Sorcery')))(c),
    has: (s) => builtFeatures(s)?.failedCost ?? false,
  },
  {
    id: 'board-changes-before-trigger-resolves',
    description: "the board changes between an enters ability's trigger and its resolution",
    supported: (c) => mech('triggers')(c) && (act('flicker')(c) || act('bounce')(c)),
    has: (s) => builtFeatures(s)?.interrupted ?? false,
  },
  {
    id: 'condition-changes',
    description: 'an intervening "if" about the board made false before its ability resolves, or true only after the event (CR 603.4)',
    supported: (c) => conditionPossible(contextFor(c)),
    has: (s) => builtFeatures(s)?.conditionChanged ?? false,
  },
  {
    id: 'spell-condition-changes',
    description: "a spell's condition about the board (Horobi's Whisper: if you control a Swamp) made false or true between its cast and its resolution (CR 608.2c)",
    supported: (c) => spellConditionPossible(contextFor(c)),
    has: (s) => builtFeatures(s)?.spellConditionChanged ?? false,
  },
];

export interface FeatureCount {
  feature: Feature;
  count: number;
  share: number;
  supported: boolean;
  /** Below the floor for a feature the engine supports, beyond chance: even the upper confidence bound of its share is. */
  belowFloor: boolean;
}

/** z for a one-sided 99.9% bound: a feature whose true share is at the floor fails its gate about one run in a thousand. */
const GATE_Z = 3.09;

/**
 * The upper Wilson score bound of a share seen `count` times in `total` scenarios. A gate on the share
 * itself is a coin flip for a feature near the floor (5.5% against 5% fails about one run in five at
 * 1,000 scenarios); a gate on this bound fails only a share that is under the floor beyond chance.
 */
export function shareUpperBound(count: number, total: number, z = GATE_Z): number {
  if (total === 0) return 1;
  const p = count / total;
  const z2 = z * z;
  return Math.min(1, (p + z2 / (2 * total) + z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / (1 + z2 / total));
}

/** Counts features over scenarios as they are generated. */
export class FeatureStats {
  private total = 0;
  private readonly counts = new Map<string, number>(FEATURES.map((f) => [f.id, 0]));

  add(s: Scenario): void {
    this.total++;
    for (const f of FEATURES) if (f.has(s)) this.counts.set(f.id, this.counts.get(f.id)! + 1);
  }

  results(caps: Capabilities, floor: number): FeatureCount[] {
    return FEATURES.map((feature) => {
      const count = this.counts.get(feature.id)!;
      const share = this.total === 0 ? 0 : count / this.total;
      const supported = feature.supported(caps);
      return { feature, count, share, supported, belowFloor: supported && shareUpperBound(count, this.total) < floor };
    });
  }
}

