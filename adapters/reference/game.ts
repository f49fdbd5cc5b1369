// The reference engine's game state. Ids follow the scenario: cards keep their ids in every zone;
// a copy of a spell (and the token it becomes) is named by the action that made it; triggered
// abilities and created tokens by the action, then .t1, .t2... and .k1, .k2...
import type { CardDefinition, Color, GameEvent, KickerLabel, Keyword } from '../../model/schema-types.ts';
import { toPool, type Mana, type Pool } from '../../model/mana.ts';
import type { NormalizedScenario, PlayerId } from '../../model/scenario.ts';
import type { KickInfo } from './kicker.ts';

export interface SplicedCard {
  card: string;
  def: CardDefinition;
}

export interface StackSpell {
  kind: 'spell';
  id: string;
  /** The card this spell is; for a copy, the card of the spell it copies. */
  card: string;
  def: CardDefinition;
  owner: PlayerId;
  controller: PlayerId;
  copy: boolean;
  kicker: KickerLabel[];
  multikicker: number;
  spliced: SplicedCard[];
  targets: string[][];
  /** Which object each target was when chosen: a permanent's serial, -1 for a player or a spell (CR 400.7, 608.2b). */
  targetSerials: number[][];
  x?: number;
  /** Locked in at CR 601.2f; copies have none (CR 707.10: a copy is not cast). */
  totalCost?: { mana: Mana; sacrificed: string[] };
  /** Set by a copy effect that changes the copy's colour (Fork). */
  colors?: Color[];
}

/**
 * A triggered ability that has triggered and waits to be put on the stack (CR 603.3): what it
 * remembers of its source and of the object its event was about.
 */
export interface PendingTrigger {
  source: string;
  sourceSerial: number;
  /** The source's definition and colours when it triggered, for last known information (CR 608.2h). */
  sourceDef: CardDefinition;
  sourceColors: Color[];
  /** The source's keywords when it triggered, for lifelink after it has left (CR 608.2h). */
  sourceKeywords: Keyword[];
  ability: number;
  controller: PlayerId;
  /** How the object the event was about was kicked: the entering permanent, or the cast spell. */
  subject: KickInfo;
  /** The damage dealt by the event, for "that much damage" (CR 120.3). */
  eventAmount?: number;
  /** The controller of the permanent the event was about, for "that land's controller". */
  eventController?: PlayerId;
}

/** A triggered ability on the stack: the pending trigger with its id and targets. */
export interface StackTrigger extends PendingTrigger {
  kind: 'ability';
  id: string;
  targets: string[][];
  /** Which object each target was when chosen, as a spell's (CR 400.7, 608.2b). */
  targetSerials: number[][];
}

export type StackItem = StackSpell | StackTrigger;

export interface Permanent {
  id: string;
  /** Tells apart the objects one id names over time: a permanent that leaves and returns is a new object (CR 400.7). */
  serial: number;
  /** The card it is, or for a token that was a copy of a spell, the copied spell's card; none for a created token. */
  card: string | undefined;
  def: CardDefinition;
  owner: PlayerId;
  controller: PlayerId;
  token: boolean;
  tapped: boolean;
  counters: Record<string, number>;
  damage: number;
  keywords: Keyword[];
  /** Until-end-of-turn changes: the turn never ends inside a scenario. */
  pump: { power: number; toughness: number };
  /** What the spell it resolved from was kicked with (CR 400.7d); empty for anything else. */
  kicker: KickerLabel[];
  multikicker: number;
  /** A created token's colours, which its definition (no mana cost) cannot tell. */
  colors?: Color[];
  /**
   * Read from `def` as the permanent is made, for the checks after every action (CR 704.5f-g, j): a
   * permanent's definition never changes, as a copy effect makes a new object.
   */
  creature: boolean;
  legendary: boolean;
  /** Shared with a state the engine keeps (sealGame): change it only through mutablePermanent. */
  sealed: boolean;
}

export interface PlayerState {
  id: PlayerId;
  life: number;
  /** Has lost the game (CR 704.5a-b): the two-player game is over. */
  lost: boolean;
  /** Tried to draw from an empty library since state-based actions were last checked (CR 704.5a). */
  drewFromEmpty: boolean;
  hand: string[];
  library: string[];
  graveyard: string[];
  pool: Pool;
  /** Shared with a state the engine keeps (sealGame): change a player only through `player`, which copies a sealed one. */
  sealed: boolean;
}

export interface Game {
  /** Definitions and owners of the scenario's cards; never changes during a run. */
  readonly cards: ReadonlyMap<string, { def: CardDefinition; owner: PlayerId }>;
  players: [PlayerState, PlayerState];
  /** Bottom first. */
  stack: StackItem[];
  battlefield: Permanent[];
  /** Abilities triggered during the current action. */
  pending: PendingTrigger[];
  /** What happened this turn that rules look back on. */
  turn: {
    /** source#ability of "do this only once each turn" abilities that have resolved (CR 603.2h). */
    doneOnce: string[];
    /** Kicked spells each player has cast. */
    kickedSpellsCast: Record<PlayerId, number>;
    /** source#ability of "triggers only once each turn" abilities that have triggered. */
    triggeredOnce: string[];
  };
  /** Tokens created during the current action, for naming them. */
  tokensMade: number;
  nextSerial: number;
  /** What happened during the current action, in order (a trace step's `events`). */
  events: GameEvent[];
  /** The id of the spell or ability resolving now, which the events it causes name (`by`). */
  resolving: string | undefined;
}

export function newPermanent(g: { nextSerial: number }, fields: Pick<Permanent, 'id' | 'def' | 'owner' | 'controller'> & Partial<Omit<Permanent, 'sealed' | 'serial' | 'creature' | 'legendary'>>): Permanent {
  // Every field written, in one order: permanents made here share one shape, which the rule code reads fast.
  return {
    id: fields.id,
    serial: g.nextSerial++,
    card: fields.card,
    def: fields.def,
    owner: fields.owner,
    controller: fields.controller,
    token: fields.token ?? false,
    tapped: fields.tapped ?? false,
    counters: fields.counters ?? {},
    damage: fields.damage ?? 0,
    keywords: fields.keywords ?? [...(fields.def.keywords ?? [])],
    pump: fields.pump ?? { power: 0, toughness: 0 },
    kicker: fields.kicker ?? [],
    multikicker: fields.multikicker ?? 0,
    colors: fields.colors,
    creature: fields.def.types.includes('Creature'),
    legendary: fields.def.supertypes?.includes('Legendary') ?? false,
    sealed: false,
  };
}

export function initialGame(s: NormalizedScenario): Game {
  // Each card's owner is the player in whose zone it starts; a card in no zone is p1's.
  const cards = new Map<string, { def: CardDefinition; owner: PlayerId }>();
  for (const c of s.cards) cards.set(c.id, { def: c.definition, owner: 'p1' });
  for (const p of s.players) {
    ownedBy(cards, p.hand, p.id);
    ownedBy(cards, p.library, p.id);
    ownedBy(cards, p.graveyard, p.id);
    for (const b of p.battlefield) {
      const card = cards.get(b.card);
      if (card) card.owner = p.id;
    }
  }
  const battlefield: Permanent[] = [];
  const serials = { nextSerial: 1 };
  for (const p of s.players) {
    for (const b of p.battlefield) {
      const counters: Record<string, number> = {};
      for (const key in b.counters) {
        const n = b.counters[key];
        if (n !== undefined) counters[key] = n;
      }
      battlefield.push(newPermanent(serials, { id: b.card, card: b.card, def: cards.get(b.card)!.def, owner: p.id, controller: p.id, tapped: b.tapped ?? false, counters }));
    }
  }
  const players: [PlayerState, PlayerState] = [initialPlayer(s.players[0]), initialPlayer(s.players[1])];
  return {
    cards,
    players,
    stack: [],
    battlefield,
    pending: [],
    turn: { doneOnce: [], kickedSpellsCast: { p1: 0, p2: 0 }, triggeredOnce: [] },
    tokensMade: 0,
    nextSerial: serials.nextSerial,
    events: [],
    resolving: undefined,
  };
}

function ownedBy(cards: Map<string, { owner: PlayerId }>, ids: readonly string[], owner: PlayerId): void {
  for (const id of ids) {
    const card = cards.get(id);
    if (card) card.owner = owner;
  }
}

function initialPlayer(p: NormalizedScenario['players'][number]): PlayerState {
  return { id: p.id, life: p.life, lost: false, drewFromEmpty: false, hand: p.hand.slice(), library: p.library.slice(), graveyard: p.graveyard.slice(), pool: toPool(p.mana), sealed: false };
}

/**
 * A copy to work on, so that a rejected action can leave the game exactly as it was (CR 733.1).
 * The copy shares the permanents, the players, the objects on the stack and the mana pools with
 * `g`, sealed: rule code changes a shared permanent through `mutablePermanent` and a player through
 * `player`, which swap in a copy of it, and replaces a stack object or a pool rather than changing
 * it. Only the zones' lists are copied, so an action costs what it changes rather than the size of
 * the game.
 */
export function cloneGame(g: Game): Game {
  sealGame(g);
  return cloneSealedGame(g);
}

/** cloneGame for a game sealed since it last changed (the engine seals each state it keeps). */
export function cloneSealedGame(g: Game): Game {
  return {
    cards: g.cards,
    players: [g.players[0], g.players[1]],
    stack: g.stack.slice(),
    battlefield: g.battlefield.slice(),
    pending: [],
    turn: { doneOnce: g.turn.doneOnce.slice(), kickedSpellsCast: { p1: g.turn.kickedSpellsCast.p1, p2: g.turn.kickedSpellsCast.p2 }, triggeredOnce: g.turn.triggeredOnce.slice() },
    tokensMade: 0,
    nextSerial: g.nextSerial,
    events: [],
    resolving: undefined,
  };
}

/**
 * Under test (CASTCHECK_FREEZE_STATES=1, set by vitest.config.ts), what states share is frozen, so
 * that code changing a shared object throws there; frozen objects cost the engine a tenth of its
 * time, so a run leaves them as they are.
 */
export const FREEZE_SHARED = process.env.CASTCHECK_FREEZE_STATES === '1';

/**
 * Seals what a copy of the game may share with it, so that a state kept for undoing an action, or
 * observed in a trace, never changes under it: every permanent and player (marked sealed, for
 * mutablePermanent and player), and under test, frozen with every object on the stack and each
 * mana pool.
 */
export function sealGame(g: Game): void {
  for (const p of g.players) {
    if (p.sealed) continue;
    p.sealed = true;
    if (FREEZE_SHARED) {
      Object.freeze(p.hand);
      Object.freeze(p.library);
      Object.freeze(p.graveyard);
      Object.freeze(p);
    }
  }
  for (const p of g.battlefield) {
    if (p.sealed) continue;
    p.sealed = true;
    if (FREEZE_SHARED) {
      Object.freeze(p.counters);
      Object.freeze(p.keywords);
      Object.freeze(p.pump);
      Object.freeze(p);
    }
  }
  if (!FREEZE_SHARED) return;
  for (const item of g.stack) Object.freeze(item);
  for (const p of g.players) Object.freeze(p.pool);
}

/**
 * The permanent as rule code may change it: itself while this action made or copied it, else a copy
 * that takes its place on the battlefield (the same object to the rules: same id and serial, CR 400.7).
 * Always change the permanent this returns, and read it back through `current` afterwards.
 */
export function mutablePermanent(g: Game, p: Permanent): Permanent {
  const now = current(g, p);
  if (!now.sealed) return now;
  // Written out in newPermanent's order: one shape for every permanent.
  const copy: Permanent = {
    id: now.id,
    serial: now.serial,
    card: now.card,
    def: now.def,
    owner: now.owner,
    controller: now.controller,
    token: now.token,
    tapped: now.tapped,
    counters: { ...now.counters },
    damage: now.damage,
    keywords: now.keywords.slice(),
    pump: { power: now.pump.power, toughness: now.pump.toughness },
    kicker: now.kicker,
    multikicker: now.multikicker,
    colors: now.colors,
    creature: now.creature,
    legendary: now.legendary,
    sealed: false,
  };
  const i = g.battlefield.indexOf(now);
  if (i !== -1) g.battlefield[i] = copy;
  return copy;
}

/** The permanent as it is now: `p`'s object on the battlefield (a change may have swapped in a copy), or `p` once it has left. */
export function current(g: Game, p: Permanent): Permanent {
  if (!p.sealed) return p;
  for (const q of g.battlefield) if (q.serial === p.serial) return q;
  return p;
}

/** CR 104.2a: in a two-player game, the game is over once a player has lost. */
export function gameOver(g: Game): boolean {
  return g.players[0].lost || g.players[1].lost;
}

/**
 * The player as rule code may change them: themselves while this action copied them, else a copy
 * that takes their place in the game (sealGame). Read `g.players` where nothing changes.
 */
export function player(g: Game, id: PlayerId): PlayerState {
  const i = id === 'p1' ? 0 : 1;
  const p = g.players[i];
  if (!p.sealed) return p;
  const copy: PlayerState = { id: p.id, life: p.life, lost: p.lost, drewFromEmpty: p.drewFromEmpty, hand: p.hand.slice(), library: p.library.slice(), graveyard: p.graveyard.slice(), pool: p.pool, sealed: false };
  g.players[i] = copy;
  return copy;
}

export function opponentOf(id: PlayerId): PlayerId {
  return id === 'p1' ? 'p2' : 'p1';
}

export function isPlayerId(id: string): id is PlayerId {
  return id === 'p1' || id === 'p2';
}

// Loops rather than find(): targeting asks these of every candidate, many times an action.
export function permanentById(g: Game, id: string): Permanent | undefined {
  for (const p of g.battlefield) if (p.id === id) return p;
  return undefined;
}

/** The triggered ability `id` names on the stack; none when the first object of that id is a spell. */
export function abilityById(g: Game, id: string): StackTrigger | undefined {
  for (const item of g.stack) if (item.id === id) return item.kind === 'ability' ? item : undefined;
  return undefined;
}

/** The spell `id` names on the stack; none when the first object of that id is an ability. */
export function spellById(g: Game, id: string): StackSpell | undefined {
  for (const item of g.stack) if (item.id === id) return item.kind === 'spell' ? item : undefined;
  return undefined;
}

/** Which object each target is now: a permanent's serial, -1 for anything else (CR 400.7: one that leaves and returns is another). */
export function serialsOf(g: Game, targets: readonly (readonly string[])[]): number[][] {
  return targets.map((group) => group.map((id) => permanentById(g, id)?.serial ?? -1));
}
