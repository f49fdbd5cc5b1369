// The conventions of the protocol that no rule fixes: how objects a scenario does not name are named
// in traces, and the choice made for every decision a scenario leaves out. The reference engine
// names objects through these functions, and docs/PROTOCOL.md's generated part is written from these
// tables (adapters/process/protocol-doc.ts), so that the two cannot drift apart.
import type { ExplicitChoice } from './schema-types.ts';

/** A copy of a spell, and the token a copied permanent spell becomes: the id of the action that made it. */
export const copyId = (actionId: string): string => actionId;

/** The nth token created during an action (n from 1, counted over the action, every round of an untilEmpty resolve included). */
export const tokenId = (actionId: string, n: number): string => `${actionId}.k${n}`;

/** The kth triggered ability put on the stack at one time (k from 1, in the order put on the stack). */
export const triggerId = (prefix: string, k: number): string => `${prefix}.t${k}`;

/** What names the triggers put on the stack after the rth resolution of an untilEmpty resolve. */
export const roundPrefix = (actionId: string, round: number): string => `${actionId}.r${round}`;

export interface IdConvention {
  what: string;
  pattern: string;
  /** Matches ids of this kind, given the scenario's action ids and card ids as regex alternations. */
  regex: (ids: { actions: string; cards: string }) => RegExp;
  example: string;
}

export const ID_CONVENTIONS: readonly IdConvention[] = [
  { what: 'a player', pattern: '`p1` (the active player), `p2`', regex: () => /^p[12]$/, example: 'p2' },
  { what: 'a card, in every zone (hand, stack, battlefield, graveyard, library)', pattern: "the card's scenario id", regex: ({ cards }) => new RegExp(`^(${cards})$`), example: 'bolt' },
  { what: 'an action', pattern: 'its `id` in the scenario, else `a1`, `a2`... by position', regex: ({ actions }) => new RegExp(`^(${actions})$`), example: 'a3' },
  {
    what: 'a copy of a spell (copy action, or a copy spell resolving), and the token it becomes when it is a permanent spell',
    pattern: '`<action>`: the id of the action that made it',
    regex: ({ actions }) => new RegExp(`^(${actions})$`),
    example: copyId('copy1'),
  },
  {
    what: 'a token created by an effect',
    pattern: '`<action>.k<n>`: n counts the tokens created during that action from 1 (over every round of an untilEmpty resolve)',
    regex: ({ actions }) => new RegExp(`^(${actions})\\.k[1-9][0-9]*$`),
    example: tokenId('a4', 2),
  },
  {
    what: 'a triggered ability put on the stack during an action',
    pattern: '`<action>.t<k>`: k counts from 1 in the order put on the stack (p1\'s first, CR 603.3b)',
    regex: ({ actions }) => new RegExp(`^(${actions})\\.t[1-9][0-9]*$`),
    example: triggerId('a2', 1),
  },
  {
    what: 'a triggered ability put on the stack after the r-th resolution of a `resolve` with `untilEmpty`',
    pattern: '`<action>.r<r>.t<k>`: r counts the resolutions of that action from 1, k restarts at 1 each time',
    regex: ({ actions }) => new RegExp(`^(${actions})\\.r[1-9][0-9]*\\.t[1-9][0-9]*$`),
    example: triggerId(roundPrefix('a5', 2), 1),
  },
];

/** Generic mana is paid from the pool in this order, after coloured and {C} symbols take their own. */
export const GENERIC_PAYMENT_ORDER = ['C', 'W', 'U', 'B', 'R', 'G'] as const;

export interface DefaultChoice {
  id: string;
  /** The decision the scenario leaves out. */
  decision: string;
  /** The scenario field that makes it explicit, if there is one. */
  field?: string;
  /** What castcheck expects when the scenario does not say. */
  default: string;
  /** The capability an engine declares (`choices`) when it can be told this; none: every engine must follow it. */
  choice?: ExplicitChoice;
}

export const DEFAULT_CHOICES: readonly DefaultChoice[] = [
  {
    id: 'generic-payment',
    decision: 'which mana in the pool pays generic costs (CR 601.2h)',
    default: `coloured and {C} symbols take their own mana first; generic mana then takes ${GENERIC_PAYMENT_ORDER.join(', ')} in that order. Generated scenarios always hold colourless mana for every generic cost`,
  },
  {
    id: 'trigger-order',
    decision: 'the order in which one player puts abilities that triggered at once on the stack (CR 603.3b)',
    field: 'triggerOrder (source#ability, first put on the stack first)',
    default: 'p1 (the active player) first, then p2; each player\'s by source id, then ability index',
    choice: 'triggerOrder',
  },
  {
    id: 'trigger-targets',
    decision: 'the targets of a triggered ability (CR 603.3d)',
    field: 'triggerTargets',
    default: "for each target, the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack; an ability with no legal target is removed (listed in triggered, without an id)",
    choice: 'triggerTargets',
  },
  {
    id: 'resolution-choices',
    decision: 'objects chosen as a spell or ability resolves: the creature a player sacrifices, the cards discarded (CR 608.2d)',
    field: 'choices (on the resolve action)',
    default: 'the eligible objects with the smallest ids',
    choice: 'resolutionChoices',
  },
  {
    id: 'copy-targets',
    decision: 'new targets for a copy (CR 707.10c)',
    field: 'newTargets (on the copy action, or the resolve of the copying spell)',
    default: "the original's targets",
    choice: 'copyTargets',
  },
  {
    id: 'acting-player',
    decision: 'who casts, copies or puts onto the battlefield',
    field: 'player',
    default: 'p1',
  },
  {
    id: 'resolve-what',
    decision: 'what resolves',
    field: 'untilEmpty',
    default: 'the top object of the stack only; with untilEmpty, objects resolve one by one, with what triggers put on the stack in between, until it is empty (on an empty stack too)',
  },
];
