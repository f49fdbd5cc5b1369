// Normal form of a scenario: every default filled in and every real card given its catalog
// definition, so that engines never have to know castcheck's defaults or its catalog.
import { catalogCard } from './catalog.ts';
import type {
  Action,
  CardDefinition,
  CastAction,
  CopyAction,
  CounterAction,
  ManaPool,
  Player,
  ResolveAction,
  Scenario,
  ScenarioCard,
  StartingPermanent,
} from './schema-types.ts';

export type PlayerId = 'p1' | 'p2';
export const PLAYER_IDS: readonly PlayerId[] = ['p1', 'p2'];

export type NCard = ScenarioCard & { definition: CardDefinition };
export type NPlayer = Required<Omit<Player, 'id'>> & { id: PlayerId; battlefield: StartingPermanent[]; mana: ManaPool };
export type NCastAction = CastAction & { id: string; player: PlayerId };
export type NCopyAction = CopyAction & { id: string; player: PlayerId };
export type NResolveAction = ResolveAction & { id: string };
export type NCounterAction = CounterAction & { id: string };
export type NAction = NCastAction | NCopyAction | NResolveAction | NCounterAction;

export interface NormalizedScenario extends Scenario {
  cards: NCard[];
  players: [NPlayer, NPlayer];
  actions: NAction[];
}

/** Fills in defaults: action ids a1, a2..., acting player p1, life 20, empty zones and pools, catalog definitions. */
export function normalizeScenario(scenario: Scenario): NormalizedScenario {
  const players = scenario.players.map(
    (p): NPlayer => ({
      id: p.id,
      life: p.life ?? 20,
      mana: p.mana ?? {},
      hand: p.hand ?? [],
      library: p.library ?? [],
      graveyard: p.graveyard ?? [],
      battlefield: p.battlefield ?? [],
    }),
  ) as [NPlayer, NPlayer];
  return {
    ...scenario,
    cards: scenario.cards.map((c) => ({ ...c, definition: c.definition ?? catalogCard(c.oracle!) })),
    players,
    actions: scenario.actions.map((a, i) => normalizeAction(a, i)),
  };
}

function normalizeAction(action: Action, index: number): NAction {
  const id = action.id ?? `a${index + 1}`;
  switch (action.do) {
    case 'cast':
    case 'copy':
      return { ...action, id, player: action.player ?? 'p1' };
    default:
      return { ...action, id };
  }
}

export function isNormalized(scenario: Scenario): scenario is NormalizedScenario {
  return (
    scenario.cards.every((c) => c.definition !== undefined) &&
    scenario.actions.every((a) => a.id !== undefined) &&
    scenario.players.every((p) => p.life !== undefined)
  );
}
