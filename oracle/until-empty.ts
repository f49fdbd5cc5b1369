// Resolving until the stack is empty (players passing priority in turn, CR 117.4, 608.1) is a
// repetition of single resolutions, top first (CR 405.5): each object resolves (608.2), state-based
// actions are performed (704.3), and the next object on top resolves. The judge predicts it by
// composing its own single-resolution predictions, each hop's state after being the next one's state
// before, and compares the trace's end state with the composition, as it compares one resolution.
import type { Keyword, ObservedPermanent, ObservedPlayer, ObservedState } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import { toPool } from '../model/mana.ts';
import { addPools } from './payment.ts';
import { permanentDef } from './definitions.ts';
import { dies, isCreature } from './state-based-actions.ts';
import { permanentLeaves } from './zone-moves.ts';
import { resolution, toughnessAfter, type Expected, type Mismatch, type Zones } from './resolution.ts';
import type { Run, RunStep } from './run.ts';


/** A resolve-until-empty step the judge predicts in full: the composed outcome, and the objects in the order they resolve. */
export interface Composition {
  composed: Expected;
  /** The objects on the stack before the step, top first: the order they resolve in, unless countered first. */
  order: string[];
  /** Creatures that died to state-based actions between resolutions (CR 704.5f-g). */
  died: ReadonlySet<string>;
}

/** Why the judge cannot predict a step (an effect or object it does not model): it says so, and counts no check. */
export type Unpredicted = { unpredicted: string };

/**
 * The composition of a resolve-until-empty step's single resolutions, top first; undefined for any
 * other step or one that resolves nothing; a mismatch where a spell's targets do not fit its
 * requirements; `unpredicted` where a hop is something the judge does not model.
 */
export function untilEmptyResolution(run: Run, step: RunStep): Composition | Mismatch | Unpredicted | undefined {
  return run.ofStep(step, 'until empty', () => compose(run, step));
}

/** The outcome of a resolve-until-empty step the judge predicts in full, as one resolution's; undefined otherwise. */
export function composedResolution(run: Run, step: RunStep): Expected | undefined {
  const found = untilEmptyResolution(run, step);
  return found && 'composed' in found ? found.composed : undefined;
}

function compose(run: Run, step: RunStep): Composition | Mismatch | Unpredicted | undefined {
  const a = step.action;
  if (a.do !== 'resolve' || !a.untilEmpty || step.step.outcome !== 'accepted' || step.before.stack.length === 0) return undefined;
  // A game that ends on the way stops the resolutions (CR 104.2a): the judge does not follow where.
  if (step.after.players.some((p) => p.lost)) return { unpredicted: 'a player lost the game on the way' };
  const order = [...step.before.stack].reverse().map((o) => o.id);
  const single = { ...a, untilEmpty: false };
  const hops: Expected[] = [];
  const died = new Set<string>();
  let state: ObservedState = step.before;
  while (state.stack.length > 0) {
    const hop: RunStep = { index: step.index, action: single, step: { ...step.step, triggered: [] }, before: state, after: state };
    const e = resolution(run, hop);
    if (e === undefined) return { unpredicted: `the judge does not model what ${state.stack.at(-1)!.id} does as it resolves` };
    if ('mismatch' in e) return e;
    if (e.touched.size > 0) return { unpredicted: `${e.resolving.id} changes ${[...e.touched].join(', ')} in a way the judge does not model` };
    // A token's own abilities (one that enters, one that dies at once) would go on the stack in between.
    if (e.made.some((t) => (t as { triggers?: unknown[] }).triggers?.length)) return { unpredicted: `${e.resolving.id} creates tokens with abilities that may trigger` };
    hops.push(e);
    const diedHere = new Set<string>();
    const next = after(run, step.index, state, e, diedHere);
    if (typeof next === 'string') return { unpredicted: next };
    // An ability this resolution sets off would go on the stack before the next one: not followed here.
    const watcher = setOff(run, step.index, state, e, diedHere);
    if (watcher) return { unpredicted: `${watcher} triggers between resolutions` };
    for (const id of diedHere) died.add(id);
    state = next;
  }
  return { composed: composeAll(hops, died, state), order, died };
}

/**
 * The state after one predicted resolution and the state-based actions that follow it: the resolved
 * object and the spells it countered off the stack, life and zones as predicted, the permanents it
 * took away gone, counters, pumps and damage on the others, creatures with lethal damage or no
 * toughness dead (CR 704.5f-g); or why the judge cannot go on from it.
 */
function after(run: Run, stepIndex: number, before: ObservedState, e: Expected, died: Set<string>): ObservedState | string {
  const left = before.stack.filter((o) => o.id !== e.resolving.id && !e.countered.has(o.id));
  if (left.length > 0 && e.made.length > 0) return `${e.resolving.id} creates tokens whose ids the judge cannot know before the next resolution`;
  const players = before.players.map((p): ObservedPlayer => {
    const z = e.zones[p.id];
    return { ...p, life: p.life + e.life[p.id], hand: z.hand ?? p.hand, graveyard: z.graveyard ?? p.graveyard, ...(p.library ? { library: z.library ?? p.library } : {}) };
  }) as [ObservedPlayer, ObservedPlayer];
  const unknownZone = (['p1', 'p2'] as const).some((id) => e.zones[id].hand === undefined || e.zones[id].graveyard === undefined);
  if (left.length > 0 && unknownZone) return 'what is drawn, milled or discarded depends on a library the engine does not show';
  if (left.length > 0 && players.some((p) => p.life <= 0)) return 'a player has no life left before the stack is empty';
  const battlefield: ObservedPermanent[] = [];
  for (const p of before.battlefield) {
    if (e.removed.has(p.id)) continue;
    const c = e.changes.get(p.id);
    const damage = (p.damage ?? 0) + (e.creatureDamage.get(p.id) ?? 0);
    const toughness = toughnessAfter(e, p);
    const creature = isCreature(run, p, p.id, stepIndex);
    if (creature && toughness === undefined && damage > 0) return `${p.id}'s toughness is not shown: whether it dies is not known`;
    if (creature && toughness !== undefined && dies(toughness, damage)) {
      died.add(p.id);
      const move = permanentLeaves(p);
      const owner = move && players.find((q) => q.id === move.owner)!;
      if (owner) owner.graveyard = [...owner.graveyard, move.card].sort();
      continue;
    }
    if (!c && damage === (p.damage ?? 0)) {
      battlefield.push(p);
      continue;
    }
    const grow = (c?.counters['+1/+1'] ?? 0) - (c?.counters['-1/-1'] ?? 0);
    const counters: Record<string, number> = { ...(p.counters as Record<string, number>) };
    for (const [k, n] of Object.entries(c?.counters ?? {})) counters[k] = (counters[k] ?? 0) + n;
    battlefield.push({
      ...p,
      counters,
      ...(p.power !== undefined ? { power: p.power + (c?.power ?? 0) + grow } : {}),
      ...(p.toughness !== undefined ? { toughness: p.toughness + (c?.toughness ?? 0) + grow } : {}),
      ...(p.keywords && c ? { keywords: [...new Set([...p.keywords, ...c.keywords])] } : {}),
      ...(p.damage !== undefined || damage > 0 ? { damage } : {}),
    });
  }
  return { stack: left, battlefield, players };
}

/**
 * One outcome for the whole step: the effects of every resolution added up, the zones as the last
 * one and the state-based actions after it leave them (`end`), unknown where the last one's are.
 */
function composeAll(hops: readonly Expected[], died: ReadonlySet<string>, end: ObservedState): Expected {
  const first = hops[0]!;
  const last = hops.at(-1)!;
  const union = <T>(pick: (e: Expected) => ReadonlySet<T>) => new Set(hops.flatMap((e) => [...pick(e)]));
  const sum = (pick: (e: Expected) => ReadonlyMap<string, number>) => {
    const out = new Map<string, number>();
    for (const e of hops) for (const [k, n] of pick(e)) out.set(k, (out.get(k) ?? 0) + n);
    return out;
  };
  const changes = new Map<string, { counters: Record<string, number>; power: number; toughness: number; keywords: Keyword[] }>();
  for (const e of hops) {
    for (const [id, c] of e.changes) {
      const into = changes.get(id) ?? { counters: {}, power: 0, toughness: 0, keywords: [] };
      for (const [k, n] of Object.entries(c.counters)) into.counters[k] = (into.counters[k] ?? 0) + n;
      into.power += c.power;
      into.toughness += c.toughness;
      into.keywords = [...into.keywords, ...c.keywords];
      changes.set(id, into);
    }
  }
  const life: Record<PlayerId, number> = { p1: 0, p2: 0 };
  for (const e of hops) for (const id of ['p1', 'p2'] as const) life[id] += e.life[id];
  return {
    resolving: { ...first.resolving, name: hops.map((e) => e.resolving.id).join(', then ') },
    kick: first.kick,
    fizzled: false,
    life,
    mana: hops.reduce((m, e) => (e.resolving.controller === first.resolving.controller ? addPools(m, e.mana) : m), toPool({})),
    zones: {
      p1: endZones(last.zones.p1, end.players.find((p) => p.id === 'p1')!),
      p2: endZones(last.zones.p2, end.players.find((p) => p.id === 'p2')!),
    },
    // Creatures that died between resolutions are in the graveyards the next hop started from.
    removed: new Set([...union((e) => e.removed), ...died]),
    countered: union((e) => e.countered),
    changes,
    touched: union((e) => e.touched),
    creatureDamage: sum((e) => e.creatureDamage),
    damageEvents: sum((e) => e.damageEvents),
    prevented: union((e) => e.prevented),
    tokens: hops.reduce((n, e) => n + e.tokens, 0),
    made: hops.flatMap((e) => e.made),
    draws: hops.reduce((n, e) => n + e.draws, 0),
    tokensSeen: sum((e) => e.tokensSeen),
    alsoResolved: new Set(hops.slice(1).map((e) => e.resolving.id)),
    madeControllers: hops.flatMap((e) => e.made.map(() => e.resolving.controller)),
  };
}

/** A player's zones at the end, as sorted lists like a single prediction's; unknown where the last resolution left them unknown. */
function endZones(last: Zones, end: ObservedPlayer): Zones {
  return {
    hand: last.hand && [...end.hand].sort(),
    graveyard: last.graveyard && [...end.graveyard].sort(),
    library: last.library && end.library && [...end.library],
  };
}

/**
 * The first ability of a permanent on the battlefield before a resolution that the resolution or the
 * state-based actions after it set off, as source#ability: damage dealt to its source (CR 603.2g),
 * tokens created, a creature dying (700.4, looking back, 603.10), a land put into a graveyard; a
 * token's own abilities. Undefined when none is.
 */
function setOff(run: Run, stepIndex: number, before: ObservedState, e: Expected, died: ReadonlySet<string>): string | undefined {
  const types = (id: string): readonly string[] => permanentDef(run, id, stepIndex)?.types ?? (before.battlefield.find((p) => p.id === id)?.power !== undefined ? ['Creature'] : []);
  const left = [...e.removed, ...died];
  const creatureDied = left.some((id) => types(id).includes('Creature'));
  const landLeft = [...e.removed].some((id) => types(id).includes('Land'));
  for (const p of before.battlefield) {
    const triggers = permanentDef(run, p.id, stepIndex)?.triggers ?? [];
    const i = triggers.findIndex(
      (t) =>
        (t.event === 'selfDealtDamage' && (e.damageEvents.get(p.id) ?? 0) > 0) ||
        (t.event === 'tokenCreated' && e.tokens > 0) ||
        (t.event === 'creaturesDie' && creatureDied) ||
        (t.event === 'landToGraveyard' && landLeft),
    );
    if (i !== -1) return `${p.id}#${i}`;
  }
  return undefined;
}
