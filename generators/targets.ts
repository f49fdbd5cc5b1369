// Targets (CR 601.2c, 115): the bystanders p2 has to be targeted, the kicks and splices cut back to
// what the board can fill, and the groups of targets the cast, its copies and its recasts choose.
import { activeRequirements, candidatesFor, spellColors, type BoardObject, type Requirement } from '../model/declarations.ts';
import type { Kick } from '../model/kick.ts';
import type { CardDefinition, KickerLabel } from '../model/schema-types.ts';
import type { Builder } from './builder.ts';
import { hasEffect, withMain } from './card-traits.ts';
import type { Context } from './context.ts';
import { sacrificeChoices } from './costs.ts';
import { natDraw } from './draws.ts';
import type { Plan } from './plan.ts';

/** Bystanders p2 may have: as many as the targets need, or as the plan asks, up to this. */
export const MAX_BYSTANDERS = 3;

/** One number for every target choice, so that shrinking it is one step, not sixteen: sixteen picks from 0 to 7. Shrinks towards seed 0. */
export const picksArb = natDraw().map((seed) => {
  const picks: number[] = [];
  for (let i = 0; i < 16; i++) picks.push(((seed + 1) * (i * 2 + 7)) % 8);
  return picks;
});

/** What the main cast declares and aims at, once its kicks and splices fit the board. */
export interface AimedCast {
  /** The plan, its bystanders without protection where protection left nothing to target. */
  plan: Plan;
  declared: { kicker: KickerLabel[]; multikicker: number };
  /** The splices that fit, in plan order. */
  splices: CardDefinition[];
  /** The main card and its splices; none without a spell. */
  parts: CardDefinition[];
  requirements: Requirement[];
  /** The objects left to target once the costs' sacrifices are gone. */
  standing: BoardObject[];
  targets: string[][];
  /** Other targets for copies that choose new ones, where there are any. */
  retargets: string[][];
  colors: ReturnType<typeof spellColors>;
  /** Behind a damage ward, spells aim at the creatures it protects. */
  aim: boolean;
}

/**
 * Fits the declarations to the board (multikicks first, then kicker costs, then splices, each cut
 * until the targets they ask for can be chosen), puts down the bystanders the targets need, and
 * chooses the targets. A requirement that cannot be filled even so gets what there is, and the engine
 * rejects the cast.
 */
export function aimCast(planned: Plan, b: Builder, ctx: Context, kicker: KickerLabel[], plannedMultikicks: number, splices: CardDefinition[]): AimedCast {
  let plan = planned;
  const main = plan.main;
  // Kicks that add targets (Comet Storm) stop where there are no more distinct objects to choose.
  const colors = spellColors(main);
  // Creatures there to be sacrificed are never chosen as targets.
  const targetable = (objects: readonly BoardObject[]) => objects.filter((o) => !o.id.startsWith('fod'));
  const prospective = targetable(b.board);
  const there = prospective.length;
  addBystanders(prospective, plan.bystanders);
  // Behind a damage ward, spells aim at the creatures it protects.
  const aim = plan.ward && ctx.caps.cards.synthetic;
  const pick = (reqs: readonly Requirement[], board: readonly BoardObject[], shift: number, partial = false) => chooseTargets(reqs, board, colors, plan.picks, shift, partial, aim);
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
  const multikicker = fitDeclarations(kicker, plannedMultikicks, splices, fits);
  const declared = { kicker, multikicker };
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
  const damaging = parts.some((d) => hasEffect(d, 'damage')) || plan.watchers.some((w) => hasEffect(w.def, 'damage'));
  for (let i = 0; i < Math.min(bystanderCount, MAX_BYSTANDERS); i++) b.permanent(`b${i + 1}`, watchingBystander(plan.bystanders[i] ?? plan.bystanders[0]!, damaging, aim), !ctx.caps.cards.synthetic, 'p2');

  // A requirement that cannot be filled even so gets what there is, and the engine rejects the cast.
  // Never a permanent the costs sacrifice: it would be gone before the spell resolves.
  const sacrificed = new Set(sacrificeChoices(main, kicker, multikicker, splices, b.board));
  const standing = targetable(b.board).filter((o) => !sacrificed.has(o.id));
  const targets = pick(requirements, standing, 0) ?? pick(requirements, standing, 0, true)!;
  const retargets = pick(requirements, standing, 1) ?? targets;
  return { plan, declared, splices, parts, requirements, standing, targets, retargets, colors, aim };
}

/**
 * Cuts the declarations until the board can fill the targets they ask for: multikicks first, then
 * kicker costs, then splices (kicker labels and splices in place). The multikicks left.
 */
function fitDeclarations(kicker: KickerLabel[], multikicks: number, splices: CardDefinition[], fits: (d: Kick, splices: CardDefinition[]) => boolean): number {
  let multikicker = multikicks;
  while (multikicker > 0 && !fits({ kicker, multikicker }, splices)) multikicker--;
  while (kicker.length > 0 && !fits({ kicker, multikicker }, splices)) kicker.pop();
  while (splices.length > 0 && !fits({ kicker, multikicker }, splices)) splices.pop();
  return multikicker;
}

/**
 * A bystander as it stands: watching the damage it is dealt only where something deals damage (else
 * its ability would only keep relations that want no triggered abilities around from applying), and
 * behind a synthetic damage ward always, to see the damage it is not dealt (CR 603.2g).
 */
function watchingBystander(d: CardDefinition, damaging: boolean, ward: boolean): CardDefinition {
  if (damaging && ward && !d.triggers) return { ...d, triggers: [{ event: 'selfDealtDamage', effects: [{ kind: 'gainLife', amount: 1 }] }] };
  if (damaging || !d.triggers) return d;
  const { triggers: _unwatched, ...rest } = d;
  return rest;
}

/**
 * One group of distinct objects per requirement, started at a position the plan picks; "another"
 * requirements avoid their card's earlier choices. Null when a group cannot be filled, unless
 * `partial` asks for whatever there is.
 */
export function chooseTargets(
  requirements: readonly Requirement[],
  board: readonly BoardObject[],
  colors: ReturnType<typeof spellColors>,
  picks: readonly number[],
  shift: number,
  partial = false,
  creaturesFirst = false,
  chooser: 'p1' | 'p2' = 'p1',
): string[][] | null {
  const groups: string[][] = [];
  for (let r = 0; r < requirements.length; r++) {
    const req = requirements[r]!;
    const taken = req.requirement.another ? new Set(groups.filter((_, j) => requirements[j]!.part === req.part).flat()) : undefined;
    const candidatesAll = candidatesFor(req.requirement, board, colors, chooser);
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

/** The creatures on the board among the targets, each once, in the order first chosen. */
export function creaturesAmong(targets: readonly (readonly string[])[], board: readonly BoardObject[]): string[] {
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

/** The bystanders the plan may put onto the battlefield, b1 to b3, as p2's objects to target. */
function addBystanders(objects: BoardObject[], bystanders: readonly CardDefinition[]): void {
  for (let i = 0; i < bystanders.length && i < MAX_BYSTANDERS; i++) objects.push({ id: `b${i + 1}`, def: bystanders[i]!, controller: 'p2' });
}
