// What a resolving instant or sorcery, or triggered ability, should do, worked out from the rules
// alone (CR 608.2): targets checked first (608.2b: all illegal, nothing happens, 702.47d: spliced
// parts included; some illegal, the rest happens), then each part's effects in order (608.2c,
// 702.47b) with their kicker conditions; the spell is the source of the damage, spliced text included
// (702.47c), so protection from its colour applies (702.16); an ability's damage comes from its
// source, with its colours and lifelink.
import { parseMana, toPool, type Pool } from '../model/mana.ts';
import { addPools } from './payment.ts';
import type { CardDefinition, Color, ControlCondition, Keyword, ObservedPermanent, StackSpell, TokenDefinition } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { permanentOn, type Run, type RunStep } from './run.ts';
import { activeRequirements } from '../model/declarations.ts';
import { colorsOfDef, permanentDef } from './definitions.ts';
import { targetAllowed } from './targets.ts';
import { NOT_KICKED, timesKicked, type Kick } from '../model/kick.ts';
import { enteredKick, kickOf, effectTimes } from './kicks.ts';
import { counterable, permanentLeaves, spellLeaves } from './zone-moves.ts';
import { isCreature } from './state-based-actions.ts';
import { flickeredIn, newObjectSinceTargeted } from './targeted-objects.ts';
import { controlsMatching } from './conditions.ts';

// Effects whose outcome the judge works out below; a spell with any other (copying a spell) is
// judged by the properties about copies.
const MODELLED = new Set(['damage', 'gainLife', 'draw', 'addMana', 'createToken', 'mill', 'discard', 'destroy', 'bounce', 'sacrifice', 'putCounters', 'pump', 'counterSpell', 'counterAbility', 'flicker']);

/**
 * What a player's zones should hold after a resolution: hand and graveyard as sorted lists, library
 * top first; undefined where it depends on a library the engine does not show.
 */
export interface Zones {
  hand: string[] | undefined;
  graveyard: string[] | undefined;
  library: string[] | undefined;
}

/** What resolves in a single resolve step: an instant or sorcery spell, or a triggered ability. */
export interface Resolving {
  id: string;
  /** For messages: the spell's name, or the ability's source and number. */
  name: string;
  controller: PlayerId;
  kind: 'spell' | 'ability';
}

/**
 * Why a target of the resolving object is left where it is, by the rule that spares it: a target
 * that is a new object since it was targeted (CR 400.7) or otherwise illegal as it resolves (608.2b),
 * or an instruction to destroy or return it whose condition does not hold as it resolves (608.2c).
 */
export type Spared = { why: 'new-object' | 'illegal-target' } | ({ why: 'condition-false' } & Conditioned);

/** An instruction to destroy or return a permanent that is done only if a condition about the board holds as it resolves (CR 608.2c). */
export interface Conditioned {
  condition: ControlCondition;
  effect: 'destroy' | 'bounce';
}

/** What a resolving spell or ability should do, worked out from the rules alone. */
export interface Expected {
  resolving: Resolving;
  kick: Kick;
  fizzled: boolean;
  life: Record<PlayerId, number>;
  mana: Pool;
  /** Each player's hand, graveyard and library after the effects, before state-based actions. */
  zones: Record<PlayerId, Zones>;
  /** Permanents the effects take off the battlefield (destroyed, returned to hand, sacrificed). */
  removed: ReadonlySet<string>;
  /** Spells and triggered abilities the effects counter: they leave the stack (CR 601.2a, 701.5a). */
  countered: ReadonlySet<string>;
  /** Counters put on each permanent, and the power, toughness and keywords it is given until end of turn. */
  changes: ReadonlyMap<string, { counters: Record<string, number>; power: number; toughness: number; keywords: Keyword[] }>;
  /** Permanents an effect changes in a way not worked out here (an ability's own source, a permanent exiled and returned): their counters, damage and death are not judged. */
  touched: ReadonlySet<string>;
  /** Damage each creature is dealt, after prevention. */
  creatureDamage: ReadonlyMap<string, number>;
  /** Damage events each creature is dealt (each can trigger once), after prevention. */
  damageEvents: ReadonlyMap<string, number>;
  /** Creatures targeted for damage that protection or a ward prevents in full. */
  prevented: ReadonlySet<string>;
  tokens: number;
  /** The tokens the effects create, as their effects describe them (CR 111.4). */
  made: TokenDefinition[];
  /** Cards the resolving object's controller is to draw, whether or not the library holds them. */
  draws: number;
  /** Tokens each permanent saw created: those made while it was on the battlefield. */
  tokensSeen: ReadonlyMap<string, number>;
  /** In a step that resolves until the stack is empty, the objects that resolve after the first: they leave the stack too. */
  alsoResolved?: ReadonlySet<string>;
  /** In such a step, the controller of each token of `made`, in order (left out: the resolving object's controller). */
  madeControllers?: PlayerId[];
  /** The resolving object's permanent targets it leaves alone, and why (a single resolution's; none when resolving until empty). */
  spared?: ReadonlyMap<string, Spared>;
  /** Permanents taken away first by an instruction whose condition held as it resolved (CR 608.2c). */
  removedOnCondition?: ReadonlyMap<string, Conditioned>;
}

// The sets and maps of an expected outcome start as these shared empty ones, each swapped for one of
// its own at its first addition: most resolutions add to few of them, and every resolution is worked out.
const NO_IDS: ReadonlySet<never> = new Set<never>();
const NO_ENTRIES: ReadonlyMap<never, never> = new Map<never, never>();

function growSet<T>(s: ReadonlySet<T>): Set<T> {
  return s === NO_IDS ? new Set<T>() : (s as Set<T>);
}

function growMap<K, V>(m: ReadonlyMap<K, V>): Map<K, V> {
  return m === NO_ENTRIES ? new Map<K, V>() : (m as Map<K, V>);
}

/** The ids the scenario names for choices made on resolution, then the others by smallest id (README, "Scenarios and traces"). */
function chosen(step: RunStep, eligible: readonly string[], count: number): string[] {
  const named = step.action.do === 'resolve' ? (step.action.choices ?? []) : [];
  const order = [...named.filter((id) => eligible.includes(id)), ...[...eligible].sort()];
  return [...new Set(order)].slice(0, count);
}

/** Where the spell a resolving step resolves came from: its spliced cards, and X as chosen. */
function castOf(run: Run, spell: StackSpell, upTo: number): { splice: string[]; x: number } | undefined {
  for (let i = Math.min(upTo, run.steps.length) - 1; i >= 0; i--) {
    const cast = run.steps[i]!.action;
    if (cast.do === 'cast' && cast.card === spell.card && run.steps[i]!.step.outcome === 'accepted') return { splice: cast.splice ?? [], x: cast.x ?? 0 };
  }
  return undefined;
}

/**
 * What a resolving instant or sorcery, or triggered ability, does (CR 608.2): its targets are
 * checked first (608.2b: all illegal, nothing happens, 702.47d); then the main card's effects and
 * each spliced card's, in order (608.2c, 702.47b), each as often as its kicker condition says; then
 * the spell goes to its owner's graveyard, or a copy ceases to exist (608.2n, 707.10a). Cards move
 * as the effects say: drawn and milled from the top of the library, discarded and sacrificed as
 * chosen on resolution, destroyed to the owner's graveyard, returned to the owner's hand; a token
 * that leaves the battlefield goes nowhere.
 */
export function expectedResolution(run: Run, step: RunStep): Expected | undefined {
  const e = resolution(run, step);
  return e && 'mismatch' in e ? undefined : e;
}

/** A spell whose target groups do not match its target requirements: a failure of resolution.player-effects. */
export type Mismatch = { mismatch: { expected: string; observed: string } };

/** What a single resolve step resolves, read from the cards: its parts, targets, and the source of its damage. */
interface Source {
  resolving: Resolving;
  parts: CardDefinition[];
  kick: Kick;
  x: number;
  targets: string[][];
  colors: Color[];
  lifelink: boolean;
  /** The card that goes to its owner's graveyard as the last part of resolving (an instant or sorcery that is not a copy). */
  card?: string;
  /** An ability's source, for its effects on itself. */
  self?: string;
}

function resolvingSource(run: Run, step: RunStep): Source | undefined {
  if (step.step.outcome !== 'accepted' || step.action.do !== 'resolve' || step.action.untilEmpty) return undefined;
  const top = step.before.stack.at(-1);
  if (top?.kind === 'spell') {
    if (!top.types.some((t) => t === 'Instant' || t === 'Sorcery')) return undefined;
    const main = run.def(top.card);
    const kick = kickOf(run, top, step.index);
    const cast = castOf(run, top, step.index);
    // The spliced cards: as the engine shows them (a copy under either reading keeps what it shows), else as cast.
    const splicedIds = top.spliced ?? (top.copy ? undefined : cast?.splice);
    if (!main || !kick || splicedIds === undefined) return undefined;
    // A spliced card the scenario does not have (an engine's error) leaves what the spell does
    // unknown: its effects are left unjudged here, not read from a card that is not there.
    const spliced = splicedIds.map((id) => run.def(id));
    if (spliced.some((d) => d === undefined)) return undefined;
    return {
      resolving: { id: top.id, name: top.name, controller: top.controller, kind: 'spell' },
      parts: [main, ...(spliced as CardDefinition[])],
      kick,
      x: top.x ?? cast?.x ?? 0,
      targets: top.targets,
      colors: top.colors,
      lifelink: false,
      ...(top.copy ? {} : { card: top.card }),
    };
  }
  if (top?.kind !== 'ability') return undefined;
  // A triggered ability: its source's definition (as it last was), its effects and targets. Those
  // that check an intervening "if" again are left to the triggers properties; so are those that
  // change their own source, which may be a new object by now.
  const def = permanentDef(run, top.source, step.index);
  const ability = def?.triggers?.[top.ability];
  // An engine that does not show an ability's targets (capability 'ability.targets') leaves its effects unjudged.
  if (!def || !ability || top.targets === undefined) return undefined;
  const conditional = (c: string | undefined) => c !== undefined && c !== 'always';
  // Effects and targets linked to the source's kicker (Bloodhusk Ritualist: a discard per kick) are
  // done for how the permanent that entered was kicked (CR 702.33e, 607.2i), where the trace tells it.
  const linked = ability.effects.some((e) => conditional(e.condition)) || (ability.targets ?? []).some((t) => conditional(t.condition));
  const kick = linked ? (ability.event === 'selfEnters' ? enteredKick(run, top.id, top.source) : undefined) : NOT_KICKED;
  if (ability.if || ability.ifYouControl || !kick) return undefined;
  const last = [...run.steps.slice(0, step.index + 1)].reverse().map((s) => permanentOn(s.before, top.source)).find((p) => p !== undefined);
  return {
    resolving: { id: top.id, name: `${top.source}#${top.ability}`, controller: top.controller, kind: 'ability' },
    parts: [{ name: def.name, types: def.types, targets: ability.targets ?? [], effects: ability.effects }],
    kick,
    x: 0,
    targets: top.targets,
    colors: colorsOfDef(def),
    // CR 702.15b: damage dealt by a source with lifelink also makes its controller gain that much life.
    lifelink: (last?.keywords ?? def.keywords ?? []).includes('lifelink'),
    self: top.source,
  };
}

/**
 * Whether an ability's source is still the object it was when the ability went on the stack (CR
 * 400.7): on the battlefield after every step since, not flickered after it; undefined where the
 * trace cannot tell (a step resolving everything on the way, which this does not follow).
 */
function sameObjectSince(run: Run, step: RunStep, source: string, abilityId: string): boolean | undefined {
  const from = run.steps.findIndex((s) => s.after.stack.some((o) => o.id === abilityId));
  if (from === -1 || from >= step.index) return undefined;
  for (const s of run.steps.slice(from, step.index)) {
    if (!s.after.battlefield.some((p) => p.id === source)) return false;
    if (s.index === from) continue;
    if (s.action.do === 'flicker' && s.action.permanent === source && s.step.outcome === 'accepted') return false;
    if (flickeredIn(run, s).includes(source)) return false;
    if (s.action.do === 'resolve' && s.action.untilEmpty) return undefined;
  }
  return true;
}

/** What a step's resolving is expected to do; several properties judge it, and it is worked out once. */
export function resolution(run: Run, step: RunStep): Expected | Mismatch | undefined {
  return run.ofStep(step, 'resolution', () => expectedOf(run, step));
}

/**
 * What a step's resolving spell would have done kicked as `kick` instead of as declared: what an
 * engine that did its effects for another kick shows (properties/wrong-kick.ts). Undefined where
 * that kick asks for other targets than the spell has, or the outcome is not worked out.
 */
export function resolutionAsKicked(run: Run, step: RunStep, kick: Kick): Expected | undefined {
  const e = expectedOf(run, step, kick);
  return e && 'mismatch' in e ? undefined : e;
}

function expectedOf(run: Run, step: RunStep, asKicked?: Kick): Expected | Mismatch | undefined {
  const src = resolvingSource(run, step);
  if (!src) return undefined;
  const { resolving, parts, x } = src;
  const kick = asKicked ?? src.kick;
  // 'That much damage' (damageDealt) and 'that land's controller' (eventController) depend on an
  // event the trace does not keep with the ability.
  if (parts.some((d) => (d.effects ?? []).some((e) => !MODELLED.has(e.kind) || e.amount === 'damageDealt' || e.each === 'eventController'))) return undefined;
  const requirements = activeRequirements(parts, kick);
  if (requirements.length !== src.targets.length) {
    return { mismatch: { expected: `${resolving.id} resolves with ${requirements.length} target group(s), one per target requirement (CR 601.2c)`, observed: `${src.targets.length}: ${JSON.stringify(src.targets)}` } };
  }
  const legal = src.targets.map((group, i) =>
    group.filter((id) => targetAllowed(run, step.before, step.index, requirements[i]!.requirement, id, resolving.id, resolving.controller, src.colors) && !newObjectSinceTargeted(run, step, id, resolving.id)),
  );
  const zonesOf = (id: PlayerId): Zones => {
    const p = player(step, 'before', id);
    return { hand: [...p.hand], graveyard: [...p.graveyard], library: p.library ? [...p.library] : undefined };
  };
  const out: Expected = {
    resolving,
    kick,
    fizzled: src.targets.some((g) => g.length > 0) && legal.every((g) => g.length === 0),
    life: { p1: 0, p2: 0 },
    mana: toPool({}),
    zones: { p1: zonesOf('p1'), p2: zonesOf('p2') },
    removed: NO_IDS,
    countered: NO_IDS,
    changes: NO_ENTRIES,
    touched: NO_IDS,
    creatureDamage: NO_ENTRIES,
    damageEvents: NO_ENTRIES,
    prevented: NO_IDS,
    tokens: 0,
    made: [],
    draws: 0,
    tokensSeen: NO_ENTRIES,
    spared: NO_ENTRIES,
    removedOnCondition: NO_ENTRIES,
  };
  const spare = (id: string, why: Spared) => void (out.spared = growMap(out.spared!).set(id, why));
  // A permanent illegal as one target but legal as another is not spared: the other may act on it.
  // One gone before the spell resolves (a creature that died) is no target left to spare.
  for (const id of src.targets.flat()) {
    if (!legal.some((g) => g.includes(id)) && permanentOn(step.before, id)) spare(id, { why: newObjectSinceTargeted(run, step, id, resolving.id) ? 'new-object' : 'illegal-target' });
  }
  const finish = () => {
    if (src.card) out.zones[resolving.controller].graveyard?.push(src.card);
    for (const z of [out.zones.p1, out.zones.p2]) {
      z.hand?.sort();
      z.graveyard?.sort();
    }
    return out;
  };
  if (out.fizzled) return finish();
  const onBattlefield = (id: string) => (out.removed.has(id) ? undefined : step.before.battlefield.find((o) => o.id === id));
  const leave = (id: string, to: 'graveyard' | 'hand', on?: Conditioned) => {
    const p = onBattlefield(id);
    if (!p) return;
    out.removed = growSet(out.removed).add(id);
    if (on) out.removedOnCondition = growMap(out.removedOnCondition!).set(id, on);
    const move = permanentLeaves(p);
    if (move) out.zones[move.owner][to]?.push(move.card);
  };
  const change = (id: string) => {
    const c = out.changes.get(id) ?? { counters: {}, power: 0, toughness: 0, keywords: [] };
    out.changes = growMap(out.changes).set(id, c);
    return c;
  };
  let unknown = false;
  parts.forEach((def, part) => {
    const effects = def.effects ?? [];
    effects.forEach((e, i) => {
      const n = effectTimes(effects, i, kick);
      const amount = e.amount === 'X' ? x : typeof e.amount === 'number' ? e.amount : 0;
      const group = e.target === undefined ? -1 : requirements.findIndex((r) => r.part === part && (def.targets ?? []).indexOf(r.requirement) === e.target);
      if (e.target !== undefined && group === -1) return;
      // 'Each player' and 'each opponent' take the place of targets, and are never illegal.
      const opponent: PlayerId = resolving.controller === 'p1' ? 'p2' : 'p1';
      const targets = e.each === 'player' ? ['p1', 'p2'] : e.each === 'opponent' ? [opponent] : group === -1 ? [] : legal[group]!;
      const players = targets.filter((id): id is PlayerId => id === 'p1' || id === 'p2');
      // An ability's effect on its own source reaches it while it is the object that was there when
      // the ability triggered, and never a new object it became since (CR 400.7).
      const self = e.self && src.self !== undefined ? sameObjectSince(run, step, src.self, resolving.id) : undefined;
      if (e.self && (self === undefined || (e.kind !== 'putCounters' && e.kind !== 'pump'))) {
        if (src.self) out.touched = growSet(out.touched).add(src.self);
        return;
      }
      const on = e.self ? (self ? [src.self!] : []) : targets;
      // Only an instruction that takes its target away explains, by its condition, why the target stays or leaves.
      const conditioned: Conditioned | undefined = e.ifYouControl && (e.kind === 'destroy' || e.kind === 'bounce') ? { condition: e.ifYouControl, effect: e.kind } : undefined;
      // "If you control a Swamp, ...": the board as the spell resolves, after its earlier effects (CR 608.2c).
      if (e.ifYouControl) {
        const now = { ...step.before, battlefield: step.before.battlefield.filter((p) => !out.removed.has(p.id)) };
        if (!controlsMatching(run, now, step.index, e.ifYouControl, resolving.controller, src.self ?? '')) {
          if (conditioned) for (const id of targets) spare(id, { why: 'condition-false', ...conditioned });
          return;
        }
      }
      for (let k = 0; k < n; k++) {
        if (e.kind === 'gainLife') out.life[resolving.controller] += amount;
        else if (e.kind === 'addMana') out.mana = addPools(out.mana, toPool(parseMana(e.mana ?? '')));
        else if (e.kind === 'createToken') {
          out.tokens += amount;
          if (e.token) for (let t = 0; t < amount; t++) out.made.push(e.token);
          for (const p of step.before.battlefield) if (onBattlefield(p.id)) out.tokensSeen = growMap(out.tokensSeen).set(p.id, (out.tokensSeen.get(p.id) ?? 0) + amount);
        }
        else if (e.kind === 'draw' || e.kind === 'mill') {
          const who = e.kind === 'draw' ? [resolving.controller] : players;
          if (e.kind === 'draw') out.draws += amount;
          for (const id of who) {
            const z = out.zones[id];
            const into = e.kind === 'draw' ? 'hand' : 'graveyard';
            // Without the library in view, what is drawn or milled is unknown.
            if (z.library) z[into]?.push(...z.library.splice(0, amount));
            else if (amount > 0) z[into] = undefined;
          }
        } else if (e.kind === 'discard') {
          for (const id of players) {
            const z = out.zones[id];
            const hand = z.hand;
            if (!hand) {
              z.graveyard = undefined;
              continue;
            }
            for (const card of chosen(step, hand, amount)) {
              hand.splice(hand.indexOf(card), 1);
              z.graveyard?.push(card);
            }
          }
        } else if (e.kind === 'destroy' || e.kind === 'bounce') {
          for (const id of targets) leave(id, e.kind === 'destroy' ? 'graveyard' : 'hand', conditioned);
        } else if (e.kind === 'flicker') {
          // Exiled and returned, a new object with nothing from before (CR 400.7); a token ceases to exist in exile (CR 111.7).
          for (const id of targets) {
            const p = onBattlefield(id);
            if (p?.token) out.removed = growSet(out.removed).add(id);
            else if (p) out.touched = growSet(out.touched).add(id);
          }
        } else if (e.kind === 'sacrifice') {
          for (const who of players) {
            const theirs = step.before.battlefield.filter((p) => p.controller === who && onBattlefield(p.id) && isCreature(run, p, p.id, step.index)).map((p) => p.id);
            for (const id of chosen(step, theirs, amount)) leave(id, 'graveyard');
          }
        } else if (e.kind === 'counterSpell') {
          for (const id of targets) {
            const spell = step.before.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === id);
            if (!spell || out.countered.has(id) || !counterable(run, spell)) continue;
            // Ertai's Trickery looks at whether its target was kicked as it resolves: from the declarations.
            if (e.ifTargetKicked) {
              const k = kickOf(run, spell, step.index);
              // Whether it was kicked is not known here: the resolution is not judged.
              if (!k) {
                unknown = true;
                continue;
              }
              if (timesKicked(k) === 0) continue;
            }
            out.countered = growSet(out.countered).add(id);
            // A countered card goes to its owner's graveyard, or where the effect says (CR 608.2c: Remand, Memory Lapse); a copy ceases to exist (707.10a).
            const move = spellLeaves(run, spell);
            if (!move) continue;
            const z = out.zones[move.owner];
            if (e.counteredTo === 'hand') z.hand?.push(move.card);
            else if (e.counteredTo === 'libraryTop') z.library?.unshift(move.card);
            else z.graveyard?.push(move.card);
          }
        } else if (e.kind === 'counterAbility') {
          // A countered ability leaves the stack and does nothing (CR 701.5a); it is no card and goes nowhere.
          for (const id of targets) if (step.before.stack.some((o) => o.kind === 'ability' && o.id === id)) out.countered = growSet(out.countered).add(id);
        } else if (e.kind === 'putCounters') {
          for (const id of on) {
            if (!onBattlefield(id) || amount <= 0) continue;
            const c = change(id).counters;
            const counter = e.counter ?? '+1/+1';
            c[counter] = (c[counter] ?? 0) + amount;
          }
        } else if (e.kind === 'pump') {
          for (const id of on) {
            if (!onBattlefield(id)) continue;
            const c = change(id);
            c.power += e.power ?? 0;
            c.toughness += e.toughness ?? 0;
            if (e.keyword) c.keywords.push(e.keyword);
          }
        } else if (e.kind === 'damage' && amount > 0) {
          for (const id of targets) {
            if (id === 'p1' || id === 'p2') {
              out.life[id] -= amount;
              if (src.lifelink) out.life[resolving.controller] += amount;
              continue;
            }
            const p = onBattlefield(id);
            if (!p) continue;
            const pdef = permanentDef(run, id, step.index);
            // A damage ward protects while it is on the battlefield; damage that can't be prevented (kicked Urza's Rage) gets through it and protection alike.
            const warded = step.before.battlefield.some(
              (w) => onBattlefield(w.id) && w.controller === p.controller && (permanentDef(run, w.id, step.index)?.statics ?? []).some((s) => s.kind === 'preventDamage'),
            );
            const prevented = !e.unpreventable && ((pdef?.protection ?? []).some((c) => src.colors.includes(c)) || warded);
            if (prevented) {
              out.prevented = growSet(out.prevented).add(id);
              continue;
            }
            if (src.lifelink) out.life[resolving.controller] += amount;
            out.creatureDamage = growMap(out.creatureDamage).set(id, (out.creatureDamage.get(id) ?? 0) + amount);
            out.damageEvents = growMap(out.damageEvents).set(id, (out.damageEvents.get(id) ?? 0) + 1);
          }
        }
      }
    });
  });
  return unknown ? undefined : finish();
}

/** A permanent's toughness after the effects (pumps, +1/+1 and -1/-1 counters), when it is shown and worked out here. */
export function toughnessAfter(e: Expected, p: ObservedPermanent): number | undefined {
  if (p.toughness === undefined || e.touched.has(p.id)) return undefined;
  const c = e.changes.get(p.id);
  return p.toughness + (c?.toughness ?? 0) + (c?.counters['+1/+1'] ?? 0) - (c?.counters['-1/-1'] ?? 0);
}

/** A player as a step's state before or after it shows them. */
export const player = (step: RunStep, side: 'before' | 'after', id: PlayerId) => step[side].players.find((p) => p.id === id)!;
