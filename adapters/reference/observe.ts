// The observed state in the trace's normal form (schema/trace.schema.json). States share what did
// not change since the step before: an object on the stack or a permanent that is as it was at the
// last observation is that observation's object, and so is a stack, battlefield, player (or a list
// or pool of theirs) or whole state. A trace is kept and judged after the run, so nothing observed
// may change afterwards (frozen).
import { formatMana, poolsEqual, sparsePool } from '../../model/mana.ts';
import type { ManaPool, ObservedState, StackObject, ObservedPermanent } from '../../model/schema-types.ts';
import { FREEZE_SHARED, type Game, type Permanent, type PlayerState, type StackItem } from './game.ts';
import { sortedKicker } from './kicker.ts';
import { sortedStrings } from './sorted.ts';
import { powerOf, toughnessOf } from './characteristics.ts';
import type { Rules } from './rules-table.ts';

type ObservedPlayer = ObservedState['players'][number];

const NOTHING: readonly never[] = Object.freeze([]);

/**
 * Frozen under test (FREEZE_SHARED), typed as the schema's types (which are not readonly): freezing
 * guards the sharing, as a consumer that changed a shared part would change other steps too.
 */
function frozen<T>(value: T): T {
  return FREEZE_SHARED ? Object.freeze(value) : value;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Observes the states of one engine's runs, each against the last one it observed. That game is a
 * state the engine keeps (sealed): it never changes afterwards (frozen under test), so its lists tell
 * what changed since. One observer per engine: a run is synchronous, so runs never interleave in it.
 */
export class Observer {
  /** The last game observed, and what was observed of it; undefined before the first. */
  private from: Game | undefined = undefined;
  /** The observed permanents in the order of `from.battlefield`. */
  private permanents: readonly ObservedPermanent[] = NOTHING;
  private state: ObservedState | undefined = undefined;

  constructor(private readonly r: Rules) {}

  observe(g: Game): ObservedState {
    const from = this.from;
    const last = this.state;
    // A rejected action leaves the game as it was: the same object, observed already.
    if (from === g) return last!;
    const r = this.r;
    let stack: StackObject[];
    let battlefield: ObservedPermanent[];
    let players: ObservedState['players'];
    if (from === undefined || last === undefined) {
      stack = observedStack(g.stack, NOTHING, NOTHING, r);
      this.permanents = observedPermanents(g.battlefield, NOTHING, NOTHING, r);
      battlefield = frozen(sortedById(this.permanents));
      players = frozen([observePlayer(g.players[0], undefined, undefined), observePlayer(g.players[1], undefined, undefined)]);
    } else {
      stack = sameItems(from.stack, g.stack) ? last.stack : observedStack(g.stack, from.stack, last.stack, r);
      if (sameItems(from.battlefield, g.battlefield)) battlefield = last.battlefield;
      else {
        this.permanents = observedPermanents(g.battlefield, from.battlefield, this.permanents, r);
        battlefield = frozen(sortedById(this.permanents));
      }
      const p1 = g.players[0] === from.players[0] ? last.players[0] : observePlayer(g.players[0], from.players[0], last.players[0]);
      const p2 = g.players[1] === from.players[1] ? last.players[1] : observePlayer(g.players[1], from.players[1], last.players[1]);
      players = p1 === last.players[0] && p2 === last.players[1] ? last.players : frozen([p1, p2]);
    }
    const state = last !== undefined && stack === last.stack && battlefield === last.battlefield && players === last.players ? last : frozen({ stack, battlefield, players });
    if (FREEZE_SHARED) {
      Object.freeze(g.stack);
      Object.freeze(g.battlefield);
      Object.freeze(g.players);
    }
    this.from = g;
    this.state = state;
    return state;
  }
}

/**
 * What was observed last of each object on the stack, or a new observation. An object on the stack is
 * replaced, never changed, once the action that made it is over: the same object is as it was then.
 * The stack changes at its top, so an object is looked for at its own place first.
 */
function observedStack(items: readonly StackItem[], from: readonly StackItem[], seen: readonly StackObject[], r: Rules): StackObject[] {
  const out: StackObject[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const j = from[i] === item ? i : from.indexOf(item);
    out.push(j === -1 ? observeStackObject(item, r) : seen[j]!);
  }
  return frozen(out);
}

/**
 * The same for the permanents, in battlefield order: a sealed permanent is changed only through a
 * copy (game.ts), so the same object is as it was when observed.
 */
function observedPermanents(permanents: readonly Permanent[], from: readonly Permanent[], seen: readonly ObservedPermanent[], r: Rules): ObservedPermanent[] {
  const out: ObservedPermanent[] = [];
  for (let i = 0; i < permanents.length; i++) {
    const p = permanents[i]!;
    const j = !p.sealed ? -1 : from[i] === p ? i : from.indexOf(p);
    out.push(j === -1 ? observePermanent(p, r) : seen[j]!);
  }
  return out;
}

/** The permanents by id, in the order sortedStrings gives (sorted.ts), comparing ids without a key function. */
function sortedById(items: readonly ObservedPermanent[]): ObservedPermanent[] {
  const out = items.slice();
  for (let i = 1; i < out.length; i++) {
    const item = out[i]!;
    const k = item.id;
    let j = i - 1;
    while (j >= 0 && out[j]!.id > k) {
      out[j + 1] = out[j]!;
      j--;
    }
    out[j + 1] = item;
  }
  return out;
}

function observeStackObject(item: StackItem, r: Rules): StackObject {
  if (item.kind === 'ability') {
    return frozen({ kind: 'ability', id: item.id, source: item.source, ability: item.ability, controller: item.controller, targets: frozenTargets(item.targets) });
  }
  const c = r.spellCharacteristics(item);
  const o: StackObject = {
    kind: 'spell',
    id: item.id,
    card: item.card,
    name: c.name,
    controller: item.controller,
    copy: item.copy,
    manaValue: c.manaValue,
    colors: frozen([...c.colors]),
    types: frozen([...c.types]),
    subtypes: frozen([...c.subtypes]),
    kicked: r.isKicked(item),
    kicker: frozen(sortedKicker(item.kicker)),
    multikicker: item.multikicker,
    timesKicked: r.timesKicked(item),
    spliced: frozen(item.spliced.map((s) => s.card)),
    targets: frozenTargets(item.targets),
  };
  if (c.manaCost !== undefined) o.manaCost = c.manaCost;
  if (item.x !== undefined) o.x = item.x;
  if (item.totalCost) o.totalCost = frozen({ mana: formatMana(item.totalCost.mana), sacrificed: frozen([...item.totalCost.sacrificed]) });
  return frozen(o);
}

function frozenTargets(targets: readonly string[][]): string[][] {
  return frozen(targets.map((t) => frozen([...t]))) as string[][];
}

function observePermanent(p: Permanent, r: Rules): ObservedPermanent {
  const o: ObservedPermanent = {
    id: p.id,
    name: p.def.name,
    owner: p.owner,
    controller: p.controller,
    token: p.token,
    tapped: p.tapped,
    counters: frozen({ ...p.counters }),
    damage: p.damage,
    keywords: frozen([...p.keywords]),
    kicked: r.isKicked(p),
    timesKicked: r.timesKicked(p),
  };
  if (p.card !== undefined) o.card = p.card;
  if (p.creature) {
    o.power = powerOf(p);
    o.toughness = toughnessOf(p);
  }
  return frozen(o);
}

/**
 * The player as observed: the last observation of them (`before`, observed from `was`) where nothing
 * observed has changed, and each of its lists and pool that did not change.
 */
function observePlayer(p: PlayerState, was: PlayerState | undefined, before: ObservedPlayer | undefined): ObservedPlayer {
  if (was === undefined || before === undefined || before.id !== p.id) {
    return observedPlayer(p, frozen(sortedStrings(p.hand)), frozen(p.library.slice()), frozen(p.graveyard.slice()), frozen(sparsePool(p.pool)));
  }
  const hand = sameItems(was.hand, p.hand) ? before.hand! : sameOrNew(before.hand!, sortedStrings(p.hand));
  const library = sameItems(before.library!, p.library) ? before.library! : frozen(p.library.slice());
  const graveyard = sameItems(before.graveyard!, p.graveyard) ? before.graveyard! : frozen(p.graveyard.slice());
  const mana = was.pool === p.pool || poolsEqual(was.pool, p.pool) ? before.mana! : frozen(sparsePool(p.pool));
  if (before.life === p.life && (before.lost ?? false) === p.lost && before.hand === hand && before.library === library && before.graveyard === graveyard && before.mana === mana) {
    return before;
  }
  return observedPlayer(p, hand, library, graveyard, mana);
}

function sameOrNew(before: string[], now: string[]): string[] {
  return sameItems(before, now) ? before : frozen(now);
}

function observedPlayer(p: PlayerState, hand: string[], library: string[], graveyard: string[], mana: ManaPool): ObservedPlayer {
  // Written out rather than spread, in the trace's key order.
  return frozen(p.lost ? { id: p.id, life: p.life, lost: true, hand, library, graveyard, mana } : { id: p.id, life: p.life, hand, library, graveyard, mana });
}
