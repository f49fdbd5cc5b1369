// The observed state in the trace's normal form (schema/trace.schema.json). States share what did
// not change since the step before: a sealed object on the stack (game.ts) is observed once, and a
// stack, battlefield, player or whole state the same as the last one observed is that one's object.
// A trace is kept and judged after the run, so nothing observed may change afterwards (see FREEZE).
import { formatMana, sparsePool, type Pool } from '../../model/mana.ts';
import type { ObservedState, StackObject, ObservedPermanent, ManaPool } from '../../model/schema-types.ts';
import type { Game, Permanent, PlayerState, StackItem } from './game.ts';
import { sortedKicker } from './kicker.ts';
import { powerOf, toughnessOf } from './characteristics.ts';
import type { Rules } from './rules.ts';

type ObservedPlayer = ObservedState['players'][number];

/** What one rules table has observed: the forms of stack objects and pools, and the last state with what it was observed from. */
interface Memory {
  stackObjects: WeakMap<StackItem, StackObject>;
  pools: WeakMap<Pool, ManaPool>;
  last?: {
    stackFrom: readonly StackItem[];
    battlefieldFrom: readonly Permanent[];
    state: ObservedState;
  };
}

const memories = new WeakMap<Rules, Memory>();

/**
 * Freezing every observed part guards the sharing (a consumer that changed a shared part would
 * change other steps too) but costs a tenth of the engine's time: the tests turn it on
 * (CASTCHECK_FREEZE_STATES=1 in vitest.config.ts), so that any code that changes a trace throws there.
 */
const FREEZE = process.env.CASTCHECK_FREEZE_STATES === '1';

function memoryOf(r: Rules): Memory {
  let m = memories.get(r);
  if (!m) {
    m = { stackObjects: new WeakMap(), pools: new WeakMap() };
    memories.set(r, m);
  }
  return m;
}

/** Kept only for a sealed object, which can no longer change (game.ts). */
function remembered<K extends object, V>(map: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  const known = map.get(key);
  if (known !== undefined) return known;
  const value = make(key);
  if (Object.isFrozen(key)) map.set(key, value);
  return value;
}

/** Frozen, typed as the schema's types (which are not readonly). */
function frozen<T>(value: T): T {
  return FREEZE ? Object.freeze(value) : value;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function observe(g: Game, r: Rules): ObservedState {
  const m = memoryOf(r);
  const last = m.last;
  const stack = last && sameItems(last.stackFrom, g.stack) ? last.state.stack : frozen(g.stack.map((item) => remembered(m.stackObjects, item, (i) => observeStackObject(i, r))));
  const battlefield =
    last && sameItems(last.battlefieldFrom, g.battlefield)
      ? last.state.battlefield
      : frozen(
          [...g.battlefield].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((p) => observePermanent(p, r)),
        );
  const players = g.players.map((p, i) => observePlayer(p, m, last?.state.players[i])) as ObservedState['players'];
  const state =
    last && stack === last.state.stack && battlefield === last.state.battlefield && players[0] === last.state.players[0] && players[1] === last.state.players[1]
      ? last.state
      : frozen({ stack, battlefield, players: frozen(players) });
  m.last = { stackFrom: g.stack.slice(), battlefieldFrom: g.battlefield.slice(), state };
  return state;
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

/** The player as observed, or the last observation of them when nothing observed has changed. */
function observePlayer(p: PlayerState, m: Memory, before: ObservedPlayer | undefined): ObservedPlayer {
  const hand = [...p.hand].sort();
  const mana = remembered(m.pools, p.pool, sparsePool);
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
  return frozen({
    id: p.id,
    life: p.life,
    ...(p.lost ? { lost: true } : {}),
    hand: frozen(hand),
    library: frozen([...p.library]),
    graveyard: frozen([...p.graveyard]),
    mana: frozen(mana),
  });
}
