// Resolving instants and sorceries, and triggered abilities (CR 608.2): targets checked first
// (608.2b: all illegal, nothing happens, 702.47d: spliced parts included; some illegal, the rest
// happens), then each part's effects in order (608.2c, 702.47b) with their kicker conditions; the
// spell is the source of the damage, spliced text included (702.47c), so protection from its colour
// applies (702.16); an ability's damage comes from its source, with its colours and lifelink.
import { formatPool, parseMana, poolsEqual, toPool, type Pool } from '../model/mana.ts';
import { addPools, poolMinus } from './payment.ts';
import type { CardDefinition, Color, Keyword, ObservedPermanent, StackSpell, TokenDefinition } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { sameJson } from '../model/compare.ts';
import { Checker, permanentOn, sameCounters, sameMembers, show, type Property, type Run, type RunStep } from './property.ts';
import { activeRequirements, colorsOfDef, effectTimes, permanentDef, targetAllowed } from './expectations.ts';
import { NOT_KICKED, timesKicked, type Kick } from '../model/kick.ts';
import { kickOf } from './permanents.ts';
import { ownerOf } from './actions.ts';
import { abilityOf } from './copies.ts';
import { doneOnce } from './triggers.ts';
import { features } from './features.ts';

// Effects whose outcome the judge works out below; a spell with any other (copying a spell) is
// judged by the properties about copies.
const MODELLED = new Set(['damage', 'gainLife', 'draw', 'addMana', 'createToken', 'mill', 'discard', 'destroy', 'bounce', 'sacrifice', 'putCounters', 'pump', 'counterSpell']);

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
  /** Spells the effects counter: they leave the stack (CR 601.2a). */
  countered: ReadonlySet<string>;
  /** Counters put on each permanent, and the power, toughness and keywords it is given until end of turn. */
  changes: ReadonlyMap<string, { counters: Record<string, number>; power: number; toughness: number; keywords: Keyword[] }>;
  /** Permanents an effect changes in a way not worked out here (an ability's own source): their counters and death are not judged. */
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
type Mismatch = { mismatch: { expected: string; observed: string } };

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
  // that look at how something was kicked, or check an intervening "if" again, are left to the
  // triggers properties; so are those that change their own source, which may be a new object by now.
  const def = permanentDef(run, top.source, step.index);
  const ability = def?.triggers?.[top.ability];
  // An engine that does not show an ability's targets (capability 'ability.targets') leaves its effects unjudged.
  if (!def || !ability || top.targets === undefined) return undefined;
  const conditional = (c: string | undefined) => c !== undefined && c !== 'always';
  if (ability.if || ability.ifYouControl || ability.effects.some((e) => conditional(e.condition)) || (ability.targets ?? []).some((t) => conditional(t.condition))) return undefined;
  const last = [...run.steps.slice(0, step.index + 1)].reverse().map((s) => permanentOn(s.before, top.source)).find((p) => p !== undefined);
  return {
    resolving: { id: top.id, name: `${top.source}#${top.ability}`, controller: top.controller, kind: 'ability' },
    parts: [{ name: def.name, types: def.types, targets: ability.targets ?? [], effects: ability.effects }],
    kick: NOT_KICKED,
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
    if (s.action.do === 'resolve' && s.action.untilEmpty) return undefined;
  }
  return true;
}

/** What a step's resolving is expected to do; several properties judge it, and it is worked out once. */
function resolution(run: Run, step: RunStep): Expected | Mismatch | undefined {
  return run.ofStep(step, 'resolution', () => expectedOf(run, step));
}

function expectedOf(run: Run, step: RunStep): Expected | Mismatch | undefined {
  const src = resolvingSource(run, step);
  if (!src) return undefined;
  const { resolving, parts, kick, x } = src;
  // 'That much damage' (damageDealt) and 'that land's controller' (eventController) depend on an
  // event the trace does not keep with the ability.
  if (parts.some((d) => (d.effects ?? []).some((e) => !MODELLED.has(e.kind) || e.amount === 'damageDealt' || e.each === 'eventController'))) return undefined;
  const requirements = activeRequirements(parts, kick);
  if (requirements.length !== src.targets.length) {
    return { mismatch: { expected: `${resolving.id} resolves with ${requirements.length} target group(s), one per target requirement (CR 601.2c)`, observed: `${src.targets.length}: ${show(src.targets)}` } };
  }
  const legal = src.targets.map((group, i) =>
    group.filter((id) => targetAllowed(run, step.before, step.index, requirements[i]!.requirement, id, resolving.id, resolving.controller, src.colors)),
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
  };
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
  const leave = (id: string, to: 'graveyard' | 'hand') => {
    const p = onBattlefield(id);
    if (!p) return;
    out.removed = growSet(out.removed).add(id);
    if (!p.token) out.zones[p.owner][to]?.push(p.card ?? p.id);
  };
  const change = (id: string) => {
    const c = out.changes.get(id) ?? { counters: {}, power: 0, toughness: 0, keywords: [] };
    out.changes = growMap(out.changes).set(id, c);
    return c;
  };
  const isCreature = (id: string) => {
    const p = step.before.battlefield.find((o) => o.id === id);
    return (permanentDef(run, id, step.index)?.types.includes('Creature') ?? p?.power !== undefined) || false;
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
          for (const id of targets) leave(id, e.kind === 'destroy' ? 'graveyard' : 'hand');
        } else if (e.kind === 'sacrifice') {
          for (const who of players) {
            const theirs = step.before.battlefield.filter((p) => p.controller === who && onBattlefield(p.id) && isCreature(p.id)).map((p) => p.id);
            for (const id of chosen(step, theirs, amount)) leave(id, 'graveyard');
          }
        } else if (e.kind === 'counterSpell') {
          for (const id of targets) {
            const spell = step.before.stack.find((o): o is StackSpell => o.kind === 'spell' && o.id === id);
            if (!spell || out.countered.has(id) || run.def(spell.card)?.cantBeCountered) continue;
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
            const owner = spell.copy ? undefined : ownerOf(run, spell.card);
            if (!owner) continue;
            const z = out.zones[owner];
            if (e.counteredTo === 'hand') z.hand?.push(spell.card);
            else if (e.counteredTo === 'libraryTop') z.library?.unshift(spell.card);
            else z.graveyard?.push(spell.card);
          }
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

/** Whether a permanent that left the battlefield in a step could have died to state-based actions (CR 704.5f-g). */
function mayHaveDied(run: Run, step: RunStep, e: Expected, id: string): boolean {
  const p = step.before.battlefield.find((o) => o.id === id)!;
  const creature = permanentDef(run, id, step.index)?.types.includes('Creature') ?? p.power !== undefined;
  if (!creature) return false;
  const toughness = toughnessAfter(e, p);
  if (toughness === undefined) return true;
  return toughness <= 0 || (p.damage ?? 0) + (e.creatureDamage.get(id) ?? 0) >= toughness;
}

/** Counters, power, toughness and keywords of the permanents that stay: as they were, plus what the effects put on them; then the tokens made. */
function permanentProblem(step: RunStep, e: Expected): { expected: string; observed: string } | undefined {
  for (const before of step.before.battlefield) {
    const after = permanentOn(step.after, before.id);
    if (!after || e.touched.has(before.id)) continue;
    const c = e.changes.get(before.id);
    // A permanent no effect changed is compared with its counters as they were, not a copy of them.
    let counters = (before.counters ?? NO_COUNTERS) as Record<string, number>;
    if (c) {
      counters = { ...before.counters } as Record<string, number>;
      for (const [k, n] of Object.entries(c.counters)) counters[k] = (counters[k] ?? 0) + n;
    }
    if (!sameCounters(counters, after.counters)) return { expected: `${before.id} has counters ${norm(counters)}`, observed: norm(after.counters) };
    const grow = (c?.counters['+1/+1'] ?? 0) - (c?.counters['-1/-1'] ?? 0);
    if (before.power !== undefined && after.power !== undefined && after.power !== before.power + (c?.power ?? 0) + grow) {
      return { expected: `${before.id} has power ${before.power + (c?.power ?? 0) + grow}`, observed: `power ${after.power}` };
    }
    if (before.toughness !== undefined && after.toughness !== undefined && after.toughness !== before.toughness + (c?.toughness ?? 0) + grow) {
      return { expected: `${before.id} has toughness ${before.toughness + (c?.toughness ?? 0) + grow}`, observed: `toughness ${after.toughness}` };
    }
    const lacks = after.keywords && c?.keywords.find((k) => !after.keywords!.includes(k));
    if (lacks) return { expected: `${before.id} gains ${lacks} until end of turn`, observed: `keywords ${show(after.keywords)}` };
    // No effect of the card model takes a keyword away: what a permanent had, it keeps.
    const lost = after.keywords && before.keywords?.find((k) => !after.keywords!.includes(k));
    if (lost) return { expected: `${before.id} keeps ${lost}`, observed: `keywords ${show(after.keywords)}` };
  }
  return tokenProblem(step, e);
}

const NO_COUNTERS: Readonly<Record<string, number>> = Object.freeze({});

/** Counters written out for a failure: the kinds there are, in order. */
const norm = (x: Record<string, number | undefined>) => show(Object.entries(x).filter(([, n]) => (n ?? 0) > 0).sort(([a], [b]) => (a < b ? -1 : 1)));


/**
 * The permanents new on the battlefield after a resolution are the tokens its effects create, as
 * they describe them (CR 111.4: name, and the power, toughness and keywords shown); a creature token
 * with toughness 0 or less dies at once (704.5f).
 */
function tokenProblem(step: RunStep, e: Expected): { expected: string; observed: string } | undefined {
  const fresh = step.after.battlefield.filter((p) => !step.before.battlefield.some((b) => b.id === p.id));
  const due = [...e.made];
  for (const p of fresh) {
    const i = due.findIndex((t) => t.name === p.name);
    const t = due[i];
    if (!p.token || !t) return { expected: `no permanent enters but the tokens ${show(e.made.map((x) => x.name))}`, observed: `${p.id} (${p.name}${p.token ? ', a token' : ''}) entered` };
    due.splice(i, 1);
    const problem =
      p.controller !== e.resolving.controller ? `controller ${p.controller}`
      : t.power !== undefined && p.power !== undefined && p.power !== t.power ? `power ${p.power}`
      : t.toughness !== undefined && p.toughness !== undefined && p.toughness !== t.toughness ? `toughness ${p.toughness}`
      : p.keywords && (t.keywords ?? []).some((k) => !p.keywords!.includes(k)) ? `keywords ${show(p.keywords)}`
      : undefined;
    if (problem) return { expected: `${p.id} is a ${t.name} under ${e.resolving.controller}'s control${t.power !== undefined ? `, ${t.power}/${t.toughness ?? 0}` : ''}, with ${show(t.keywords ?? [])}`, observed: problem };
  }
  const missing = due.find((t) => !(t.types.includes('Creature') && (t.toughness ?? 0) <= 0));
  if (missing) return { expected: `${e.made.length} token(s) created: ${show(e.made.map((x) => x.name))}`, observed: `${fresh.length} new permanent(s)` };
  return undefined;
}

/**
 * What in the players' zones and on the battlefield differs from what the effects say: the
 * permanents they take away are gone and no other is, but for creatures that died to state-based
 * actions (their cards then go to their owners' graveyards); hands, libraries and graveyards hold
 * what the effects put there.
 */
function zoneProblem(run: Run, step: RunStep, e: Expected): { expected: string; observed: string } | undefined {
  const changed = permanentProblem(step, e);
  if (changed) return changed;
  for (const o of step.before.stack) {
    if (o.kind !== 'spell' || o.id === e.resolving.id) continue;
    const there = step.after.stack.some((a) => a.id === o.id);
    if (there === e.countered.has(o.id)) return { expected: `${o.id} ${e.countered.has(o.id) ? 'is countered: it leaves the stack' : 'stays on the stack'}`, observed: there ? 'it is on the stack' : 'it left the stack' };
  }
  const stays = [...e.removed].find((id) => step.after.battlefield.some((p) => p.id === id));
  if (stays) return { expected: `${stays} leaves the battlefield`, observed: 'it is still there' };
  const gone = step.before.battlefield.filter((p) => !e.removed.has(p.id) && !step.after.battlefield.some((o) => o.id === p.id));
  const unexplained = gone.find((p) => !mayHaveDied(run, step, e, p.id));
  if (unexplained) return { expected: `${unexplained.id} stays on the battlefield`, observed: 'it left' };
  for (const id of ['p1', 'p2'] as const) {
    const want = e.zones[id];
    const got = player(step, 'after', id);
    const died = gone.filter((p) => p.owner === id && !p.token).map((p) => p.card ?? p.id);
    // Hands and graveyards in any order (the expected ones are sorted), libraries top first.
    if (want.hand && !sameMembers(want.hand, got.hand)) return { expected: `${id}'s hand ${show(want.hand)}`, observed: show([...got.hand].sort()) };
    if (want.library && got.library && !sameJson(want.library, got.library)) return { expected: `${id}'s library ${show(want.library)}`, observed: show(got.library) };
    const graveyard = want.graveyard && (died.length > 0 ? [...want.graveyard, ...died].sort() : want.graveyard);
    if (graveyard && !sameMembers(graveyard, got.graveyard)) return { expected: `${id}'s graveyard ${show(graveyard)}`, observed: show([...got.graveyard].sort()) };
  }
  return undefined;
}

const player = (step: RunStep, side: 'before' | 'after', id: PlayerId) => step[side].players.find((p) => p.id === id)!;

export const playerEffects: Property = {
  id: 'resolution.player-effects',
  rules: ['608.2b', '608.2c', '702.33d', '702.33e', '702.47b', '702.47d', '707.10'],
  statement:
    'A resolving spell or triggered ability changes life, mana pools, hands, libraries, graveyards, counters, power and toughness, takes permanents off the battlefield and counters spells (the countered card to its owner’s graveyard, hand or library top, as the effect says), exactly as its effects say (a spell’s, then its spliced cards’, in that order), for how it was kicked, X and its targets still legal.',
  applies: (s) => features(s).does.has('resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = resolution(run, step);
      if (!e) continue;
      if ('mismatch' in e) {
        c.fail(step, e.mismatch.expected, e.mismatch.observed);
        break;
      }
      const you = e.resolving.controller;
      const lifeGot = { p1: player(step, 'after', 'p1').life - player(step, 'before', 'p1').life, p2: player(step, 'after', 'p2').life - player(step, 'before', 'p2').life };
      const poolBefore = player(step, 'before', you).mana;
      const poolAfter = player(step, 'after', you).mana;
      // Written out only for a failure: this runs for every resolution.
      const what = () => `${e.resolving.id} (${e.resolving.name}, kicked ${timesKicked(e.kick)} times${e.fizzled ? ', every target illegal' : ''})`;
      if (lifeGot.p1 !== e.life.p1 || lifeGot.p2 !== e.life.p2) c.fail(step, `${what()} changes life by ${show(e.life)}`, `life changed by ${show(lifeGot)}`);
      else if (poolBefore && poolAfter && !poolsEqual(poolMinus(toPool(poolAfter), toPool(poolBefore)), e.mana)) {
        c.fail(step, `${what()} adds ${formatPool(e.mana)}`, `${you}'s pool went from ${formatPool(toPool(poolBefore))} to ${formatPool(toPool(poolAfter))}`);
      } else {
        const wrong = zoneProblem(run, step, e);
        if (wrong) c.fail(step, `${what()}: ${wrong.expected}`, wrong.observed);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const allTargetsIllegal: Property = {
  id: 'resolution.all-targets-illegal',
  rules: ['608.2b', '702.47d'],
  statement: 'A spell whose targets are all illegal as it resolves does nothing at all, its spliced and untargeted parts included.',
  needs: { actions: ['destroy'] },
  applies: (s) => features(s).does.has('destroy') && features(s).does.has('resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e?.fizzled) continue;
      const changed = step.after.players.find((p) => {
        const b = player(step, 'before', p.id);
        return p.life !== b.life || p.hand.length !== b.hand.length || (p.mana && b.mana && !poolsEqual(toPool(p.mana), toPool(b.mana)));
      });
      const damaged = step.after.battlefield.find((p) => (p.damage ?? 0) !== (step.before.battlefield.find((b) => b.id === p.id)?.damage ?? 0));
      if (changed) c.fail(step, `${e.resolving.id}, every target illegal, changes nothing`, `${changed.id} changed: ${show(changed)}`);
      else if (damaged) c.fail(step, `${e.resolving.id}, every target illegal, deals no damage`, `${damaged.id} has ${damaged.damage} damage`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const damageToCreatures: Property = {
  id: 'resolution.damage-to-creatures',
  rules: ['702.47c', '702.16b', '608.2b', '120.3', '704.5g'],
  statement:
    'A spell or triggered ability deals its damage, a spell’s spliced text’s included, to each creature target still legal, as a source of its own colours (the spell’s, or the ability’s source’s): protection from them prevents it, and lethal damage kills.',
  applies: (s) => features(s).effects.has('damage'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled) continue;
      for (const [id, amount] of e.creatureDamage) {
        const before = permanentOn(step.before, id)!;
        const after = permanentOn(step.after, id);
        const total = (before.damage ?? 0) + amount;
        // Toughness as the effects leave it; not judged for a creature an effect takes away.
        const toughness = e.removed.has(id) ? undefined : toughnessAfter(e, before);
        if (after && after.damage !== undefined && after.damage !== total) c.fail(step, `${id} has ${total} damage after ${e.resolving.id}`, `${after.damage} damage`);
        else if (after && toughness !== undefined && total >= toughness) c.fail(step, `${id} dies to state-based actions: ${total} damage, toughness ${toughness} (CR 704.5g)`, 'it is still on the battlefield');
        else if (!after && toughness !== undefined && total < toughness) c.fail(step, `${id} survives ${amount} damage (toughness ${toughness})`, 'it left the battlefield');
        else c.checkedOne();
      }
      for (const p of step.after.battlefield) {
        const before = step.before.battlefield.find((b) => b.id === p.id);
        if (before && !e.creatureDamage.has(p.id) && (p.damage ?? 0) !== (before.damage ?? 0)) {
          c.fail(step, `${p.id} is dealt no damage by ${e.resolving.id} (prevented, or not a target)`, `${p.damage} damage`);
        } else if (before && e.prevented.has(p.id) && !e.creatureDamage.has(p.id)) c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const preventedDamageTriggersNothing: Property = {
  id: 'triggers.prevented-damage',
  rules: ['603.2g', '603.2'],
  statement: 'A "whenever this is dealt damage" ability triggers once per damage event dealt, and not at all for damage that was prevented.',
  needs: { mechanics: ['triggers'], observes: ['step.triggered'] },
  applies: (s) => features(s).triggerEvents.has('selfDealtDamage'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled) continue;
      const done = doneOnce(run, step.index);
      for (const p of step.before.battlefield) {
        const abilities = (permanentDef(run, p.id, step.index)?.triggers ?? []).map((t, i) => ({ t, i })).filter(({ t }) => t.event === 'selfDealtDamage');
        for (const { t, i } of abilities) {
          const want = t.oncePerTurn && done.has(`${p.id}#${i}`) ? 0 : (e.damageEvents.get(p.id) ?? 0);
          const got = (step.step.triggered ?? []).filter((x) => x.source === p.id && x.ability === i).length;
          if (want !== got) c.fail(step, `${p.id}#${i} triggers ${want} time(s) from ${e.resolving.id}'s damage`, `${got} time(s)`);
          else c.checkedOne();
        }
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const tokenCreatedTriggers: Property = {
  id: 'triggers.token-created',
  rules: ['603.2', '111.1'],
  statement: 'Creating tokens triggers "whenever a token is created" abilities once per token.',
  needs: { mechanics: ['triggers', 'tokens'], observes: ['step.triggered'] },
  applies: (s) => features(s).triggerEvents.has('tokenCreated'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled || e.tokens === 0) continue;
      const done = doneOnce(run, step.index);
      for (const p of step.before.battlefield) {
        (permanentDef(run, p.id, step.index)?.triggers ?? []).forEach((t, i) => {
          if (t.event !== 'tokenCreated') return;
          const whose = t.whose ?? 'any';
          const fits = whose === 'any' || (whose === 'yours') === (p.controller === e.resolving.controller);
          const want = !fits || (t.oncePerTurn && done.has(`${p.id}#${i}`)) ? 0 : (e.tokensSeen.get(p.id) ?? 0);
          const got = (step.step.triggered ?? []).filter((x) => x.source === p.id && x.ability === i && abilityOf(run, step.index, x.source, x.ability)?.event === 'tokenCreated').length;
          if (want !== got) c.fail(step, `${p.id}#${i} triggers once per token: ${want}`, `${got}`);
          else c.checkedOne();
        });
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
