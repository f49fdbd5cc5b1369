// The observed state in the trace's normal form (schema/trace.schema.json). States share what did
// not change since the step before: an object on the stack or a permanent that is as it was at the
// last observation is that observation's object, and so is a stack, battlefield, player or whole
// state. A trace is kept and judged after the run, so nothing observed may change afterwards (frozen).
import { formatMana, sparsePool } from '../../model/mana.ts';
import type { ObservedState, StackObject, ObservedPermanent } from '../../model/schema-types.ts';
import { FREEZE_SHARED, type Game, type Permanent, type PlayerState, type StackItem } from './game.ts';
import { sortedKicker } from './kicker.ts';
import { sortedBy, sortedStrings } from './sorted.ts';
import { powerOf, toughnessOf } from './characteristics.ts';
import type { Rules } from './rules.ts';

type ObservedPlayer = ObservedState['players'][number];

/**
 * The last state one rules table observed, and the game it was observed from. That game is a state
 * the engine keeps (sealed): it never changes afterwards (frozen under test), so its lists tell what
 * changed since.
 */
interface Last {
  from: Game;
  /** The observed permanents in the order of `from.battlefield`. */
  permanents: readonly ObservedPermanent[];
  state: ObservedState;
}

const lastObserved = new WeakMap<Rules, Last>();

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

const idOf = (o: { id: string }) => o.id;

/**
 * What was observed last of the same object, or a new observation. An object on the stack or a
 * pool is replaced, never changed, once the action that made it is over; a sealed permanent is
 * changed only through a copy (game.ts): the same object is as it was then.
 */
function again<K, V>(from: readonly K[] | undefined, seen: readonly V[] | undefined, key: K, r: Rules, make: (key: K, r: Rules) => V): V {
  const i = from ? from.indexOf(key) : -1;
  return i === -1 ? make(key, r) : seen![i]!;
}

export function observe(g: Game, r: Rules): ObservedState {
  const last = lastObserved.get(r);
  // A rejected action leaves the game as it was: the same object, observed already.
  if (last?.from === g) return last.state;
  const from = last?.from;
  const stack = from && sameItems(from.stack, g.stack) ? last.state.stack : frozen(g.stack.map((item) => again(from?.stack, last?.state.stack, item, r, observeStackObject)));
  const sameBattlefield = from !== undefined && sameItems(from.battlefield, g.battlefield);
  const permanents = sameBattlefield
    ? last!.permanents
    : g.battlefield.map((p) => (p.sealed ? again(from?.battlefield, last?.permanents, p, r, observePermanent) : observePermanent(p, r)));
  const battlefield = sameBattlefield ? last!.state.battlefield : frozen(sortedBy(permanents, idOf));
  const players: ObservedState['players'] = [observedPlayer(g, 0, last), observedPlayer(g, 1, last)];
  const state =
    last && stack === last.state.stack && battlefield === last.state.battlefield && players[0] === last.state.players[0] && players[1] === last.state.players[1]
      ? last.state
      : frozen({ stack, battlefield, players: frozen(players) });
  if (FREEZE_SHARED) {
    Object.freeze(g.stack);
    Object.freeze(g.battlefield);
    Object.freeze(g.players);
  }
  lastObserved.set(r, { from: g, permanents, state });
  return state;
}

/** Player i as observed: the last observation while they are the same object, as a sealed player is changed only through a copy (game.ts). */
function observedPlayer(g: Game, i: 0 | 1, last: Last | undefined): ObservedPlayer {
  const p = g.players[i];
  const before = last?.from.players[i];
  if (before === p) return last!.state.players[i];
  return observePlayer(p, before?.pool === p.pool ? last!.state.players[i] : undefined, last?.state.players[i]);
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
  if (p.def.types.includes('Creature')) {
    o.power = powerOf(p);
    o.toughness = toughnessOf(p);
  }
  return frozen(o);
}

/**
 * The player as observed, or the last observation of them when nothing observed has changed.
 * `samePool` is that observation when the player's pool is the object it was observed from.
 */
function observePlayer(p: PlayerState, samePool: ObservedPlayer | undefined, before: ObservedPlayer | undefined): ObservedPlayer {
  const hand = sortedStrings(p.hand);
  const mana = samePool ? samePool.mana : sparsePool(p.pool);
  if (
    before &&
    before.id === p.id &&
    before.life === p.life &&
    (before.lost ?? false) === p.lost &&
    before.mana === mana &&
    sameItems(before.hand!, hand) &&
    sameItems(before.library!, p.library) &&
    sameItems(before.graveyard!, p.graveyard)
  ) {
    return before;
  }
  const library = frozen(p.library.slice());
  const graveyard = frozen(p.graveyard.slice());
  // Written out rather than spread, in the trace's key order.
  return frozen(
    p.lost
      ? { id: p.id, life: p.life, lost: true, hand: frozen(hand), library, graveyard, mana: frozen(mana) }
      : { id: p.id, life: p.life, hand: frozen(hand), library, graveyard, mana: frozen(mana) },
  );
}
