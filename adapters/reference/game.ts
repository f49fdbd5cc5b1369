// The reference engine's game state. Ids follow the scenario: cards keep their ids in every zone,
// a copy of a spell (and the token it becomes) is named by the action that made it.
import type { CardDefinition, Color, KickerLabel, Keyword } from '../../model/schema-types.ts';
import { toPool, type Mana, type Pool } from '../../model/mana.ts';
import type { NormalizedScenario, PlayerId } from '../../model/scenario.ts';

export interface SplicedCard {
  card: string;
  def: CardDefinition;
}

export interface StackSpell {
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
  x?: number;
  /** Locked in at CR 601.2f; copies have none (CR 707.10: a copy is not cast). */
  totalCost?: { mana: Mana; sacrificed: string[] };
  /** Set by a copy effect that changes the copy's colour (Fork). */
  colors?: Color[];
}

export interface Permanent {
  id: string;
  card: string;
  def: CardDefinition;
  owner: PlayerId;
  controller: PlayerId;
  token: boolean;
  tapped: boolean;
  counters: Record<string, number>;
  damage: number;
  keywords: Keyword[];
  /** What the spell it resolved from was kicked with (CR 400.7d); empty for anything else. */
  kicker: KickerLabel[];
  multikicker: number;
}

export interface PlayerState {
  id: PlayerId;
  life: number;
  hand: string[];
  library: string[];
  graveyard: string[];
  pool: Pool;
}

export interface Game {
  /** Definitions and owners of the scenario's cards; never changes during a run. */
  readonly cards: ReadonlyMap<string, { def: CardDefinition; owner: PlayerId }>;
  players: [PlayerState, PlayerState];
  /** Bottom first. */
  stack: StackSpell[];
  battlefield: Permanent[];
}

export function initialGame(s: NormalizedScenario): Game {
  const owners = new Map<string, PlayerId>();
  for (const p of s.players) {
    for (const id of [...p.hand, ...p.library, ...p.graveyard, ...p.battlefield.map((b) => b.card)]) owners.set(id, p.id);
  }
  const cards = new Map(s.cards.map((c) => [c.id, { def: c.definition, owner: owners.get(c.id) ?? 'p1' }] as const));
  const battlefield: Permanent[] = [];
  for (const p of s.players) {
    for (const b of p.battlefield) {
      const def = cards.get(b.card)!.def;
      battlefield.push({
        id: b.card,
        card: b.card,
        def,
        owner: p.id,
        controller: p.id,
        token: false,
        tapped: b.tapped ?? false,
        counters: Object.fromEntries(Object.entries(b.counters ?? {}).filter((e): e is [string, number] => e[1] !== undefined)),
        damage: 0,
        keywords: [...(def.keywords ?? [])],
        kicker: [],
        multikicker: 0,
      });
    }
  }
  const players = s.players.map((p) => ({
    id: p.id,
    life: p.life,
    hand: [...p.hand],
    library: [...p.library],
    graveyard: [...p.graveyard],
    pool: toPool(p.mana),
  })) as [PlayerState, PlayerState];
  return { cards, players, stack: [], battlefield };
}

/** A copy to work on, so that a rejected action can leave the game exactly as it was (CR 733.1). */
export function cloneGame(g: Game): Game {
  return {
    cards: g.cards,
    players: g.players.map((p) => ({
      ...p,
      hand: [...p.hand],
      library: [...p.library],
      graveyard: [...p.graveyard],
      pool: { ...p.pool },
    })) as [PlayerState, PlayerState],
    stack: g.stack.map((s) => ({ ...s })),
    battlefield: g.battlefield.map((p) => ({ ...p, counters: { ...p.counters }, keywords: [...p.keywords] })),
  };
}

export function player(g: Game, id: PlayerId): PlayerState {
  return id === 'p1' ? g.players[0] : g.players[1];
}

export function opponentOf(id: PlayerId): PlayerId {
  return id === 'p1' ? 'p2' : 'p1';
}

export function isPlayerId(id: string): id is PlayerId {
  return id === 'p1' || id === 'p2';
}
