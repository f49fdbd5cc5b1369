// Normal form of a scenario: every default filled in and every real card given its catalog
// definition, so that engines never have to know castcheck's defaults or its catalog.
import { catalogCard } from './catalog.ts';
import type {
  Action,
  CardDefinition,
  CastAction,
  CloneAction,
  CopyAction,
  ManaPool,
  Player,
  PutOntoBattlefieldAction,
  Scenario,
  ScenarioCard,
  StartingPermanent,
} from './schema-types.ts';

export type PlayerId = 'p1' | 'p2';
export const PLAYER_IDS: readonly PlayerId[] = ['p1', 'p2'];

export type NCard = ScenarioCard & { definition: CardDefinition };
export type NPlayer = Required<Omit<Player, 'id'>> & { id: PlayerId; battlefield: StartingPermanent[]; mana: ManaPool };
type WithId<A> = A & { id: string };
type WithPlayer<A> = A & { id: string; player: PlayerId };
// Actions that name who does them carry that player once normalized; the others just their id.
type PlayerActions = CastAction | CopyAction | PutOntoBattlefieldAction | CloneAction;
export type NAction = { [K in Action['do']]: Extract<Action, { do: K }> extends infer A ? (A extends PlayerActions ? WithPlayer<A> : WithId<A>) : never }[Action['do']];
export type NCastAction = Extract<NAction, { do: 'cast' }>;
export type NCopyAction = Extract<NAction, { do: 'copy' }>;
export type NResolveAction = Extract<NAction, { do: 'resolve' }>;

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
  const cards: NCard[] = [];
  for (const c of scenario.cards) {
    const n = copied(c) as NCard;
    n.definition ??= catalogCard(c.oracle!);
    cards.push(n);
  }
  const actions: NAction[] = [];
  for (let i = 0; i < scenario.actions.length; i++) actions.push(normalizeAction(scenario.actions[i]!, i));
  return { ...scenario, cards, players, actions };
}

/**
 * A shallow copy, key for key in the same order as a spread makes it. Cards and actions come in
 * many shapes: a spread of them takes the runtime's slow path, at about twice the cost of this loop,
 * for every card and action of every scenario judged and every related run.
 */
function copied<T extends object>(o: T): T {
  const out = {} as Record<string, unknown>;
  for (const k in o) if (Object.hasOwn(o, k)) out[k] = o[k];
  return out as T;
}

/** The default action ids, written once. */
const ACTION_IDS = Array.from({ length: 64 }, (_, i) => `a${i + 1}`);

function normalizeAction(action: Action, index: number): NAction {
  const n = copied(action) as NAction & { player?: PlayerId };
  n.id ??= ACTION_IDS[index] ?? `a${index + 1}`;
  if ('player' in action || action.do === 'cast' || action.do === 'copy' || action.do === 'putOntoBattlefield' || action.do === 'clone') n.player ??= 'p1';
  return n as NAction;
}

const definitions = new WeakMap<NormalizedScenario, Map<string, CardDefinition>>();

/**
 * Each card's definition by its id, built once per scenario and shared by everything that judges it
 * (the runs of the engine and of the reference, the scenario's start). A loop, not new Map(pairs):
 * building from a list of pairs cost three times as much, for every run judged.
 */
export function definitionsOf(scenario: NormalizedScenario): ReadonlyMap<string, CardDefinition> {
  let out = definitions.get(scenario);
  if (!out) {
    out = new Map();
    for (const c of scenario.cards) out.set(c.id, c.definition);
    definitions.set(scenario, out);
  }
  return out;
}

// Asked at every run of the reference engine: loops, which cost less than every() and its callbacks.
export function isNormalized(scenario: Scenario): scenario is NormalizedScenario {
  for (const c of scenario.cards) if (c.definition === undefined) return false;
  for (const a of scenario.actions) if (a.id === undefined) return false;
  for (const p of scenario.players) if (p.life === undefined) return false;
  return true;
}
