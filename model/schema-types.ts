/* Generated from schema/*.schema.json by `npm run gen` (json-schema-to-typescript). Do not edit. */

/**
 * Mana symbols as printed, for example {X}{2}{R}{R}. Hybrid and Phyrexian symbols are not part of the model.
 */
export type ManaCost = string;
export type CardType = "Instant" | "Sorcery" | "Creature" | "Artifact" | "Enchantment" | "Land";
export type Keyword = "flying" | "trample" | "haste" | "menace" | "lifelink" | "flash";
export type Color = "W" | "U" | "B" | "R" | "G";
export type SpliceQuality = "Arcane" | "instant or sorcery";
/**
 * What may be chosen. any: a creature or a player; spell, instantOrSorcerySpell, creatureSpell and noncreatureSpell: a spell on the stack, never the spell itself (CR 115.5).
 */
export type TargetKind =
  | "any"
  | "creature"
  | "player"
  | "opponent"
  | "permanent"
  | "nonlandPermanent"
  | "artifact"
  | "land"
  | "spell"
  | "instantOrSorcerySpell"
  | "creatureSpell"
  | "noncreatureSpell";
/**
 * A counter name: +1/+1, -1/-1, charge...
 */
export type CounterKind = string;
/**
 * When an effect or target applies. always; kicked: if the spell was kicked at all; kickedA / kickedB: if it was kicked with that kicker cost (CR 702.33f, 607.2i); perKick: once for each time it was kicked (multikicker and two kicker costs both count); insteadIfKicked: if kicked, this effect happens and the effect written just before it does not; notKicked: only if it was not kicked.
 */
export type KickerCondition = "always" | "kicked" | "kickedA" | "kickedB" | "perKick" | "insteadIfKicked" | "notKicked";
/**
 * An intervening 'if' (CR 603.4): checked when the event happens (if false, nothing triggers) and again on resolution. It looks at the object the event is about: the permanent that entered, or the spell that was cast.
 */
export type TriggerCondition = "kicked" | "kickedA" | "kickedB" | "kickedTwice" | "notKicked";
/**
 * A name fixed by the scenario: p1 and p2 for players, a card's id, or the id of the action that made a copy.
 */
export type ObjectId = string;
export type Action =
  | CastAction
  | CopyAction
  | ResolveAction
  | CounterAction
  | PutOntoBattlefieldAction
  | FlickerAction
  | CloneAction
  | BounceAction
  | DestroyAction
  | DestroyAllAction
  | TapAction
  | UntapAction;
/**
 * A kicker cost by its printed position: A is the first, B the second (CR 702.33f).
 */
export type KickerLabel = "A" | "B";
/**
 * The chosen targets of a spell: one group per target requirement that applies, in text order (the main spell's, then each spliced card's in splice order). Requirements that exist only if kicked are left out when the spell is not kicked.
 */
export type Targets = ObjectId[][];
/**
 * Why an engine rejected an action. The game is left exactly as it was before the action (CR 733.1). game-over: a player has lost, so the game is over and no action can be taken (CR 104.2a, 704.5a-b).
 */
export type RejectionReason =
  | "no-such-object"
  | "not-in-hand"
  | "not-a-spell"
  | "empty-stack"
  | "kicker-declared-twice"
  | "kicker-not-printed"
  | "splice-card-twice"
  | "splice-card-unavailable"
  | "splice-quality-mismatch"
  | "splice-no-legal-target"
  | "target-for-unkicked-part"
  | "wrong-target-count"
  | "illegal-target"
  | "x-mismatch"
  | "sacrifice-mismatch"
  | "cannot-pay"
  | "not-a-permanent"
  | "not-in-zone"
  | "game-over";
export type StackObject = StackSpell | StackAbility;
export type Mechanic =
  | "kicker"
  | "kickerAB"
  | "multikicker"
  | "splice"
  | "copy"
  | "x"
  | "freeCast"
  | "sacrificeCost"
  | "costModifiers"
  | "triggers"
  | "triggerMultiplier"
  | "protection"
  | "tokens";
export type Observable =
  | "step.triggered"
  | "stack.manaCost"
  | "stack.kicker"
  | "stack.multikicker"
  | "stack.timesKicked"
  | "stack.spliced"
  | "stack.x"
  | "stack.totalCost"
  | "permanent.kicked"
  | "permanent.powerToughness"
  | "player.mana"
  | "player.library";
/**
 * The engine protocol, version 1: JSON objects, one per line (UTF-8, '\n'-terminated), between castcheck and one long-lived engine process over the engine's stdin and stdout. castcheck sends hello, then run requests, then stop; the engine answers hello with its own hello, and each run with a trace or an error, in the order of the requests. Receivers ignore properties they do not know, so that a minor addition never breaks the other side; anything an old receiver could not ignore gets a new protocol number. See docs/PROTOCOL.md.
 */
export type ProtocolMessage = ToEngineMessage | FromEngineMessage;
/**
 * A message from castcheck to the engine.
 */
export type ToEngineMessage = CastcheckHello | RunRequest | StopRequest;
/**
 * The protocol's major version. This castcheck speaks 1.
 */
export type ProtocolVersion = number;
/**
 * Numbers the run requests of a castcheck process, from 1 up, across restarts of the engine.
 */
export type RequestId = number;
/**
 * A message from the engine to castcheck.
 */
export type FromEngineMessage = EngineHello | TraceAnswer | ErrorAnswer;

export interface CastcheckDocuments {
  card?: CardDefinition;
  scenario?: Scenario;
  trace?: Trace;
  repro?: Repro;
  capabilities?: Capabilities;
  case?: FixedCase;
  report?: RunReport;
  protocol?: ProtocolMessage;
  engineConfig?: EngineConfig;
}
/**
 * The printed characteristics and abilities of one card, in castcheck's card model. Real cards are stored in the catalog under their Oracle names; synthetic cards are written inline in a scenario.
 */
export interface CardDefinition {
  /**
   * The printed name (the Oracle name for a real card).
   */
  name: string;
  manaCost?: ManaCost;
  /**
   * @minItems 1
   */
  types: [CardType, ...CardType[]];
  supertypes?: ("Legendary" | "Basic")[];
  /**
   * Subtypes such as Arcane, Kavu or Mountain.
   */
  subtypes?: string[];
  power?: number;
  toughness?: number;
  /**
   * Evergreen keywords printed on the card. castcheck records them; lifelink also makes damage dealt by the permanent's abilities gain its controller that much life (CR 702.15b).
   */
  keywords?: Keyword[];
  /**
   * Protection from these colours (CR 702.16): it can't be the target of spells of those colours, and damage from sources of those colours is prevented.
   */
  protection?: Color[];
  /**
   * 'This spell can't be countered' (Urza's Rage): effects that counter it do nothing, and it stays on the stack.
   */
  cantBeCountered?: boolean;
  kicker?: Kicker;
  multikicker?: Multikicker;
  splice?: Splice;
  /**
   * The target requirements of the spell's text, in the order the text names them. Effects refer to them by index.
   */
  targets?: TargetRequirement[];
  /**
   * What an instant or sorcery does when it resolves, in the order written.
   */
  effects?: Effect[];
  /**
   * Replacement effects applied as the permanent enters (CR 603.6d): never triggers.
   */
  entersWith?: EntersWith[];
  /**
   * Triggered abilities of the permanent, in printed order; scenarios refer to them by index.
   */
  triggers?: TriggeredAbility[];
  /**
   * Static abilities of the permanent that change costs, triggers or damage.
   */
  statics?: StaticAbility[];
  /**
   * The card's Oracle text, for people. Never read by engines.
   */
  oracleText?: string;
  /**
   * For a catalog card: what of its printed text the card model leaves out or simplifies.
   */
  simplified?: string;
}
/**
 * Kicker [cost], or 'Kicker [A] and/or [B]' with two costs (CR 702.33a-b). The first cost is A, the second B (CR 702.33f).
 */
export interface Kicker {
  /**
   * @minItems 1
   * @maxItems 2
   */
  costs: [Cost] | [Cost, Cost];
}
/**
 * A cost that may hold mana, a sacrifice, or both (Rushing River's kicker is a sacrifice; Torrent of Stone's splice cost is two sacrifices).
 */
export interface Cost {
  mana?: ManaCost;
  sacrifice?: SacrificeCost;
}
export interface SacrificeCost {
  count: number;
  filter: PermanentFilter;
}
/**
 * Which permanents qualify: every listed field must match. An empty filter matches any permanent.
 */
export interface PermanentFilter {
  /**
   * Has at least one of these card types.
   */
  types?: CardType[];
  /**
   * Has at least one of these subtypes.
   */
  subtypes?: string[];
}
/**
 * Multikicker [cost]: a kicker cost that may be paid any number of times (CR 702.33c).
 */
export interface Multikicker {
  cost: Cost;
}
/**
 * Splice onto [quality] [cost] (CR 702.47a).
 */
export interface Splice {
  onto: SpliceQuality;
  cost: Cost;
}
/**
 * One use of the word 'target'. The number of objects chosen is count, plus perKick for each time the spell was kicked (Comet Storm: count 1, perKick 1). Objects chosen for one requirement are distinct.
 */
export interface TargetRequirement {
  kind: TargetKind;
  count?: number;
  perKick?: number;
  /**
   * A requirement that exists only if the spell was kicked is chosen only then (CR 702.33g, 601.2c).
   */
  condition?: "always" | "kicked" | "kickedA" | "kickedB";
  /**
   * It must be an object not chosen for this card's earlier requirements (Jilt: 'another target creature').
   */
  another?: boolean;
  filter?: TargetFilter;
}
/**
 * Further restrictions on a target permanent.
 */
export interface TargetFilter {
  /**
   * Not of these colours (nonblack).
   */
  notColors?: Color[];
  /**
   * Without these subtypes (non-Spirit).
   */
  notSubtypes?: string[];
  /**
   * With all of these keywords (with flying).
   */
  keywords?: Keyword[];
  /**
   * Controlled by the spell's or ability's controller, or by an opponent.
   */
  controller?: "you" | "opponent";
  /**
   * Not the permanent the ability belongs to ('target creature you control other than Rosie').
   */
  other?: boolean;
}
/**
 * One instruction of a spell. amount may be a number or 'X' (the value chosen for {X}).
 */
export interface Effect {
  /**
   * damage: to each object chosen for target, or to each player with each. draw, gainLife: its controller. addMana: to its controller's pool. putCounters: on each target, or on the source permanent with self. copySpell: copies the target spell; the resolve action may give new targets (CR 707.10c). counterSpell: counters the target spell (only if it was kicked, with ifTargetKicked). destroy, bounce: the target permanent (bounce returns it to its owner's hand). pump: power and toughness (and a keyword) until end of turn, to each target or to self. createToken: amount tokens described by token. sacrifice: the target player sacrifices amount creatures. discard: the target player discards amount cards. mill: the target player puts the top amount cards of their library into their graveyard.
   */
  kind:
    | "damage"
    | "draw"
    | "gainLife"
    | "addMana"
    | "putCounters"
    | "copySpell"
    | "counterSpell"
    | "destroy"
    | "bounce"
    | "pump"
    | "createToken"
    | "sacrifice"
    | "discard"
    | "mill";
  amount?: number | "X" | "damageDealt";
  /**
   * Index of the target requirement this effect uses.
   */
  target?: number;
  /**
   * The effect applies to each player, to each opponent of its controller, or to the controller of the permanent the triggering event was about ('that land's controller': Dingus Egg), rather than to a target. For damage, discard and mill.
   */
  each?: "player" | "opponent" | "eventController";
  mana?: ManaCost;
  counter?: CounterKind;
  copyColor?: Color;
  condition?: KickerCondition;
  /**
   * The effect applies to the permanent the ability belongs to, not to a target.
   */
  self?: boolean;
  /**
   * For counterSpell: only if the target spell was kicked (Ertai's Trickery).
   */
  ifTargetKicked?: boolean;
  /**
   * For counterSpell: the countered card goes to its owner's hand (Remand) or on top of their library (Memory Lapse) instead of their graveyard. A countered copy ceases to exist all the same.
   */
  counteredTo?: "hand" | "libraryTop";
  /**
   * For damage: the damage can't be prevented, by protection or by prevention effects (Urza's Rage kicked).
   */
  unpreventable?: boolean;
  /**
   * For pump.
   */
  power?: number;
  /**
   * For pump.
   */
  toughness?: number;
  keyword?: Keyword;
  token?: TokenDefinition;
}
export interface TokenDefinition {
  /**
   * The token's name: the one the effect gives it, else its subtypes followed by the word Token (CR 111.4: 'Wolf Token', 'Phyrexian Golem Token').
   */
  name: string;
  /**
   * @minItems 1
   */
  types: [CardType, ...CardType[]];
  subtypes?: string[];
  colors?: Color[];
  power?: number;
  toughness?: number;
  keywords?: Keyword[];
}
/**
 * The permanent enters with counters, a keyword or tapped, when condition holds (CR 603.6d).
 */
export interface EntersWith {
  counter?: CounterKind;
  amount?: number;
  keyword?: Keyword;
  condition?: KickerCondition;
  /**
   * It enters tapped.
   */
  tapped?: true;
}
export interface TriggeredAbility {
  /**
   * selfEnters: this permanent enters. spellCast: a spell is cast (CR 601.2i; copies are not cast). landToGraveyard: a land is put into a graveyard from the battlefield, once per land (CR 603.2c). becomesTapped: a permanent matching filter becomes tapped; entering tapped is not becoming tapped (CR 603.2e). selfDealtDamage: damage is dealt to this permanent; prevented damage is not dealt (CR 603.2g). tokenCreated: a token is created (a copy of a permanent spell that resolves is not created, CR 111.13). creaturesDie: one or more other creatures die at once (one event: it triggers once however many die, looking back at the battlefield as it was, CR 603.10).
   */
  event:
    | "selfEnters"
    | "spellCast"
    | "landToGraveyard"
    | "becomesTapped"
    | "selfDealtDamage"
    | "tokenCreated"
    | "creaturesDie";
  /**
   * Whose spell, land or permanent the event must be about, seen from the ability's controller.
   */
  whose?: "yours" | "opponents" | "any";
  filter?: PermanentFilter;
  if?: TriggerCondition;
  ifYouControl?: ControlCondition;
  targets?: TargetRequirement[];
  /**
   * Kicker conditions in effects look at the object the event is about, like the intervening if.
   *
   * @minItems 1
   */
  effects: [Effect, ...Effect[]];
  /**
   * 'Do this only once each turn' (CR 603.2h): it does not trigger again once it has resolved this turn.
   */
  oncePerTurn?: boolean;
  /**
   * 'This ability triggers only once each turn' (Morbid Opportunist): once it has triggered this turn it does not trigger again, whether or not it has resolved.
   */
  triggersOnlyOnceEachTurn?: boolean;
}
/**
 * 'If you control [a permanent like this]': the ability's controller controls a permanent that matches every field given.
 */
export interface ControlCondition {
  /**
   * Has at least one of these card types.
   */
  types?: CardType[];
  /**
   * Has at least one of these subtypes.
   */
  subtypes?: string[];
  /**
   * Has this name (Faerie Miscreant).
   */
  name?: string;
  /**
   * Other than the permanent the ability belongs to ('another Elf').
   */
  other?: boolean;
}
export interface StaticAbility {
  /**
   * costReduction, costIncrease: spells cost amount generic mana less or more (CR 601.2f; a reduction lowers only the generic part, never below {0}). triggerMultiplier: if an artifact or creature entering causes a triggered ability of a permanent its controller controls to trigger, that ability triggers an additional time (CR 603.2d). preventDamage: prevent all damage that would be dealt to the permanents its controller controls.
   */
  kind: "costReduction" | "costIncrease" | "triggerMultiplier" | "preventDamage";
  amount?: number;
  /**
   * For cost changes: whose spells.
   */
  spells?: "yours" | "opponents" | "all";
  /**
   * For cost changes: only kicked spells.
   */
  kicked?: boolean;
  /**
   * For cost changes: only the first such spell its controller casts each turn (Vine Gecko).
   */
  firstEachTurn?: boolean;
  /**
   * For cost changes: only spells with one of these types (instant and sorcery spells).
   */
  types?: CardType[];
  /**
   * For cost changes: not spells with these types (noncreature).
   */
  notTypes?: CardType[];
}
/**
 * A whole game situation and a script of actions with every decision spelled out, so that it has exactly one correct outcome. All actions happen in one main phase of p1's turn; mana pools do not empty between actions. After each action, state-based actions apply (CR 704): a player at 0 life or less, or who drew from an empty library, loses and the game ends; a player who controls two or more legendary permanents with the same name keeps one (the first one the action's choices name, else the one with the smallest id) and puts the rest into their owners' graveyards (CR 704.5j).
 */
export interface Scenario {
  $schema?: string;
  format: "castcheck-scenario/1";
  /**
   * A name for people and file names.
   */
  id?: string;
  description?: string;
  /**
   * Comprehensive Rules numbers this scenario is about.
   */
  rules?: string[];
  /**
   * Every card in the game. Each is in exactly one zone of one player.
   */
  cards: ScenarioCard[];
  /**
   * p1 (the active player) then p2.
   *
   * @minItems 2
   * @maxItems 2
   */
  players: [Player, Player];
  actions: Action[];
}
/**
 * A card: a real one by its Oracle name, or a synthetic one by its definition. The suite fills in the catalog definition of real cards before an engine sees them, so engines that accept definitions can always read 'definition'.
 */
export interface ScenarioCard {
  id: ObjectId;
  /**
   * The Oracle name of a real card.
   */
  oracle?: string;
  definition?: CardDefinition;
}
/**
 * A player's starting state. Zones left out are empty; life defaults to 20.
 */
export interface Player {
  id: "p1" | "p2";
  life?: number;
  mana?: ManaPool;
  hand?: ObjectId[];
  /**
   * Top card first.
   */
  library?: ObjectId[];
  graveyard?: ObjectId[];
  battlefield?: StartingPermanent[];
}
export interface ManaPool {
  W?: number;
  U?: number;
  B?: number;
  R?: number;
  G?: number;
  C?: number;
}
export interface StartingPermanent {
  card: ObjectId;
  tapped?: boolean;
  counters?: Counters;
}
export interface Counters {
  [k: string]: number | undefined;
}
/**
 * Cast a spell (CR 601.2) with every choice declared.
 */
export interface CastAction {
  do: "cast";
  id?: ObjectId;
  player?: "p1" | "p2";
  card: ObjectId;
  /**
   * The kicker costs whose intention to pay is declared (CR 601.2b). Repeating one is illegal.
   */
  kicker?: KickerLabel[];
  /**
   * How many times multikicker is paid.
   */
  multikicker?: number;
  /**
   * Cards revealed from hand to splice, in the order their effects happen (CR 702.47b).
   */
  splice?: ObjectId[];
  /**
   * The value chosen for {X}.
   */
  x?: number;
  /**
   * Cast with the alternative cost 'without paying its mana cost' (CR 118.9); additional costs are still paid (CR 118.9d).
   */
  withoutPayingManaCost?: boolean;
  /**
   * Permanents sacrificed for sacrifice costs, in the order of the costs (kicker A, kicker B, each multikick, each splice).
   */
  sacrifice?: ObjectId[];
  targets?: Targets;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * Targets for a triggered ability that triggers during this action. Instances of the same ability take the entries for it in order.
 */
export interface TriggerChoice {
  source: ObjectId;
  /**
   * Index in the source's triggers.
   */
  ability?: number;
  targets: Targets;
}
/**
 * An effect puts a copy of a spell onto the stack under player's control (CR 707.10). The copy is not cast. Its id is the action's id.
 */
export interface CopyAction {
  do: "copy";
  id?: ObjectId;
  player?: "p1" | "p2";
  spell: ObjectId;
  newTargets?: Targets;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * Both players pass priority and the top object of the stack resolves (CR 608). With untilEmpty, they keep passing: objects resolve one by one, with what triggers put on the stack in between, until the stack is empty.
 */
export interface ResolveAction {
  do: "resolve";
  id?: ObjectId;
  /**
   * Keep resolving until the stack is empty (accepted on an empty stack too). The step's state is the one after the last resolution; its triggered list holds everything that triggered on the way.
   */
  untilEmpty?: boolean;
  newTargets?: Targets;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
  /**
   * Choices made on resolution (CR 608.2d), in order: the creature a player sacrifices, the cards they discard. Without them, the eligible object with the smallest id is chosen.
   */
  choices?: ObjectId[];
}
/**
 * An effect counters a spell: it leaves the stack without resolving.
 */
export interface CounterAction {
  do: "counter";
  id?: ObjectId;
  spell: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect puts a card onto the battlefield from the hand or graveyard without casting it: it is never kicked (CR 400.7).
 */
export interface PutOntoBattlefieldAction {
  do: "putOntoBattlefield";
  id?: ObjectId;
  /**
   * Who puts it onto the battlefield and controls it.
   */
  player?: "p1" | "p2";
  card: ObjectId;
  /**
   * It enters tapped.
   */
  tapped?: boolean;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect exiles a permanent and returns it to the battlefield under its owner's control: a new object (CR 400.7).
 */
export interface FlickerAction {
  do: "flicker";
  id?: ObjectId;
  permanent: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * A card from its owner's hand enters the battlefield as a copy of a permanent (CR 707.2): it copies the printed values, never whether that permanent was kicked.
 */
export interface CloneAction {
  do: "clone";
  id?: ObjectId;
  player?: "p1" | "p2";
  card: ObjectId;
  copyOf: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect returns a permanent or a spell to its owner's hand. A spell loses what was spliced onto it (CR 702.47e).
 */
export interface BounceAction {
  do: "bounce";
  id?: ObjectId;
  object: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect destroys a permanent.
 */
export interface DestroyAction {
  do: "destroy";
  id?: ObjectId;
  permanent: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect destroys every permanent that matches the filter at once (one event with several occurrences, CR 603.2c).
 */
export interface DestroyAllAction {
  do: "destroyAll";
  id?: ObjectId;
  filter: PermanentFilter;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect taps a permanent.
 */
export interface TapAction {
  do: "tap";
  id?: ObjectId;
  permanent: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An effect untaps a permanent.
 */
export interface UntapAction {
  do: "untap";
  id?: ObjectId;
  permanent: ObjectId;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   */
  triggerOrder?: string[];
}
/**
 * An engine's answer to a scenario: for every action, whether it was accepted, and what the game looked like afterwards, in a normal form.
 */
export interface Trace {
  $schema?: string;
  format: "castcheck-trace/1";
  engine: EngineId;
  /**
   * The scenario's id, when it has one.
   */
  scenario?: string;
  /**
   * One step per action, in order.
   */
  steps: Step[];
}
export interface EngineId {
  name: string;
  version: string;
  /**
   * The named fault the reference engine ran with, if any.
   */
  fault?: string;
}
export interface Step {
  action: ObjectId;
  /**
   * unsupported: the engine cannot perform this kind of action; properties that need it are skipped.
   */
  outcome: "accepted" | "rejected" | "unsupported";
  reason?: RejectionReason;
  /**
   * Free text from the engine, for people.
   */
  message?: string;
  /**
   * Every triggered ability that triggered during the action, in the order put on the stack (CR 603.3b), including any removed for lack of a legal target (CR 603.3d). Engines that observe triggers declare 'step.triggered'.
   */
  triggered?: TriggerEvent[];
  state: ObservedState;
}
export interface TriggerEvent {
  id?: ObjectId;
  source: ObjectId;
  ability: number;
  controller: "p1" | "p2";
}
export interface ObservedState {
  /**
   * Bottom first: the last item is the top of the stack.
   */
  stack: StackObject[];
  battlefield: ObservedPermanent[];
  /**
   * @minItems 2
   * @maxItems 2
   */
  players: [ObservedPlayer, ObservedPlayer];
}
/**
 * A spell on the stack as the engine sees it. Fields an engine cannot observe may be left out; properties that need them are then skipped.
 */
export interface StackSpell {
  kind: "spell";
  id: ObjectId;
  card: ObjectId;
  name: string;
  controller: "p1" | "p2";
  copy: boolean;
  manaCost?: ManaCost;
  manaValue: number;
  /**
   * In WUBRG order.
   */
  colors: Color[];
  types: CardType[];
  subtypes: string[];
  kicked: boolean;
  /**
   * The kicker costs declared, in A, B order.
   */
  kicker?: KickerLabel[];
  /**
   * How many times multikicker was paid.
   */
  multikicker?: number;
  timesKicked?: number;
  /**
   * The cards spliced onto it, in the order of their effects.
   */
  spliced?: ObjectId[];
  targets: Targets;
  x?: number;
  totalCost?: TotalCost;
}
export interface TotalCost {
  mana: ManaCost;
  sacrificed?: ObjectId[];
}
/**
 * A triggered ability on the stack.
 */
export interface StackAbility {
  kind: "ability";
  id: ObjectId;
  source: ObjectId;
  /**
   * Index in the source's triggers.
   */
  ability: number;
  controller: "p1" | "p2";
  targets: Targets;
}
export interface ObservedPermanent {
  id: ObjectId;
  card?: ObjectId;
  name: string;
  owner: "p1" | "p2";
  controller: "p1" | "p2";
  token: boolean;
  tapped: boolean;
  counters: Counters;
  power?: number;
  toughness?: number;
  /**
   * Damage marked on it this turn.
   */
  damage?: number;
  keywords?: Keyword[];
  /**
   * Whether the spell it resolved from was kicked (CR 400.7d).
   */
  kicked?: boolean;
  timesKicked?: number;
}
export interface ObservedPlayer {
  id: "p1" | "p2";
  life: number;
  hand: ObjectId[];
  graveyard: ObjectId[];
  /**
   * Top card first.
   */
  library?: ObjectId[];
  mana?: ManaPool;
  /**
   * The player has lost the game: their life was 0 or less, or they drew from an empty library, when state-based actions were checked (CR 704.5a-b). The two-player game is then over: every later action is rejected as game-over. Left out (or false) while they are in the game.
   */
  lost?: boolean;
}
/**
 * A shrunk failure that anyone can replay with `castcheck replay FILE`: the scenario, the property it breaks, what was expected and what the engine did.
 */
export interface Repro {
  $schema?: string;
  format: "castcheck-repro/1";
  property?: PropertyRef;
  /**
   * fail: the engine broke the property. contested: it follows a reading of the rules that the suite reports but does not count as a failure. crash, timeout, protocol-error: the engine gave no usable trace for the scenario.
   */
  verdict: "fail" | "contested" | "crash" | "timeout" | "protocol-error";
  /**
   * The id of the action after which the property failed.
   */
  step?: string;
  expected: string;
  observed: string;
  /**
   * For a contested verdict: the ruling or reading the suite expected, and the other one.
   */
  ruling?: string;
  /**
   * The last lines the engine wrote to stderr before a crash, timeout or protocol error.
   */
  stderr?: string;
  engine: ReproEngine;
  replay: ReplayInfo;
  readings?: ReproReadings;
  scenario: Scenario;
  trace?: Trace;
}
/**
 * The property broken; left out when the engine gave no usable trace.
 */
export interface PropertyRef {
  id: string;
  rules: string[];
  statement: string;
}
export interface ReproEngine {
  name: string;
  version: string;
  /**
   * The reference engine's named fault, when one was selected.
   */
  fault?: string;
  /**
   * The command that starts an engine in another process, as a shell would split it (castcheck starts it without a shell).
   */
  command?: string;
  /**
   * The folder the command was started in.
   */
  cwd?: string;
  /**
   * Milliseconds the engine in another process had to answer one scenario; replay uses it again.
   */
  timeout?: number;
}
export interface ReplayInfo {
  seed: number;
  /**
   * fast-check's path to the shrunk case for this seed.
   */
  path: string;
  /**
   * Scenarios run until the first failure.
   */
  runsToFailure?: number;
  /**
   * Engine runs spent shrinking.
   */
  shrinkRuns?: number;
  /**
   * The castcheck version that found it.
   */
  castcheck?: string;
  /**
   * false when the engine did not fail again when this scenario was run once more: the failure depends on more than the scenario (the engine's history, timing or resources).
   */
  reproduced?: boolean;
}
/**
 * The readings of contested points the run expected.
 */
export interface ReproReadings {
  spliceCopy?: "ruling" | "literal";
}
/**
 * What an engine can run and observe. The suite generates only scenarios inside it and reports every property that needs more as skipped.
 */
export interface Capabilities {
  mechanics: Mechanic[];
  actions: (
    | "cast"
    | "copy"
    | "resolve"
    | "counter"
    | "putOntoBattlefield"
    | "flicker"
    | "clone"
    | "bounce"
    | "destroy"
    | "destroyAll"
    | "tap"
    | "untap"
  )[];
  cards: CardPool;
  /**
   * Optional parts of the observed state that the engine reports.
   */
  observes: Observable[];
}
export interface CardPool {
  /**
   * Accepts card definitions it has never seen (the 'definition' of a scenario card).
   */
  synthetic: boolean;
  /**
   * The printed cards it knows, by Oracle name.
   */
  oracle?: string[];
}
/**
 * A fixed scenario with its expected outcome, taken from a ruling or worked from the rules. The reference engine must pass every one; engine authors can run them too.
 */
export interface FixedCase {
  $schema?: string;
  format: "castcheck-case/1";
  id: string;
  title?: string;
  /**
   * The ruling or rules text it comes from, by name and date or by rule number.
   */
  source: string;
  /**
   * @minItems 1
   */
  rules: [string, ...string[]];
  /**
   * Entries of the rules digest (../shared/rules/digest.md) this case proves: a composite scenario of section 12 (12.1 to 12.15) or a ruling, as section/name (6.2/everdream-copy-keeps-splice). model/digest-entries.json lists them.
   */
  digest?: string[];
  /**
   * When the case follows one reading of a contested point: which, and why.
   */
  contested?: string;
  options?: CaseOptions;
  scenario: Scenario;
  /**
   * @minItems 1
   */
  expect: [ExpectedStep, ...ExpectedStep[]];
}
export interface CaseOptions {
  /**
   * The reading of a copied spliced spell this case expects.
   */
  spliceCopy?: "ruling" | "literal";
}
/**
 * What must be true after one action. The state lists only what the case is about: lists of permanents and players are matched by id, the stack in order, and only the fields given are compared.
 */
export interface ExpectedStep {
  action: ObjectId;
  outcome: "accepted" | "rejected";
  reason?: RejectionReason;
  /**
   * Every triggered ability that triggered during the action, in the order put on the stack, compared in full: [] means nothing triggered.
   */
  triggered?: TriggerEvent[];
  state?: ExpectedState;
}
export interface ExpectedState {
  stack?: {}[];
  battlefield?: {}[];
  players?: {}[];
}
/**
 * A whole castcheck run, for machines: what ran against what, each property's counts and status, what failed and where its repro is, and the feature statistics when asked for.
 */
export interface RunReport {
  format: "castcheck-report/1";
  castcheck: string;
  engine: EngineId;
  /**
   * The engine process's command, for an engine in another process.
   */
  command?: string;
  seed: number;
  runs: number;
  /**
   * Why the run stopped early, when it did.
   */
  stopped?: string;
  properties: PropertyResult[];
  engineFailures: {
    crash: number;
    timeout: number;
    "protocol-error": number;
  };
  findings: FindingSummary[];
  /**
   * With --stats: the share of scenarios with each feature, and its coverage gate.
   */
  stats?: FeatureShare[];
}
export interface PropertyResult {
  id: string;
  rules: string[];
  statement: string;
  status: "PASS" | "FAIL" | "CONTESTED" | "SKIP" | "UNTESTED";
  /**
   * Why the engine cannot run it.
   */
  skipped?: string;
  passed: number;
  failed: number;
  contested: number;
  notApplicable: number;
}
export interface FindingSummary {
  verdict: "fail" | "contested" | "crash" | "timeout" | "protocol-error";
  property?: string;
  step?: string;
  expected?: string;
  observed?: string;
  /**
   * The repro file, as written.
   */
  repro: string;
  runsToFailure: number;
  shrinkRuns: number;
  /**
   * Cards in the shrunk scenario.
   */
  cards: number;
  /**
   * Actions in the shrunk scenario.
   */
  actions: number;
}
export interface FeatureShare {
  feature: string;
  description: string;
  scenarios: number;
  share: number;
  gate: "ok" | "under" | "not supported";
}
/**
 * castcheck's first message. An engine that does not speak this protocol version answers with an error (no id) saying which versions it speaks, and exits.
 */
export interface CastcheckHello {
  type: "hello";
  protocol: ProtocolVersion;
  /**
   * castcheck's version, for the engine's logs.
   */
  castcheck: string;
}
/**
 * Run one scenario. The scenario is in normal form: action ids, acting players, life totals and zones filled in, and every real card given its catalog definition besides its Oracle name.
 */
export interface RunRequest {
  type: "run";
  id: RequestId;
  scenario: Scenario;
}
/**
 * The run is over: the engine exits with status 0. An engine also exits when its stdin ends.
 */
export interface StopRequest {
  type: "stop";
}
/**
 * The engine's answer to hello: who it is, the protocol version it speaks, and what it can run and observe. castcheck generates only scenarios inside these capabilities.
 */
export interface EngineHello {
  type: "hello";
  protocol: ProtocolVersion;
  engine: EngineInfo;
  capabilities: Capabilities;
}
export interface EngineInfo {
  name: string;
  version: string;
}
/**
 * The engine ran the scenario of request id: one step per action, in order.
 */
export interface TraceAnswer {
  type: "trace";
  id: RequestId;
  trace: Trace;
}
/**
 * The engine could not run the scenario of request id (an internal error; castcheck reports it as a crash of that scenario and goes on with the same process), or, without id, refuses the hello.
 */
export interface ErrorAnswer {
  type: "error";
  id?: RequestId;
  message: string;
}
/**
 * How to start an engine that speaks the castcheck protocol (`castcheck run --engine-config FILE`). Relative paths are taken from the folder of this file.
 */
export interface EngineConfig {
  $schema?: string;
  /**
   * The program and its arguments: an array, used as it is, or a string split like a shell would split it (quotes and $VARIABLES), but run without a shell.
   */
  command: string | [string, ...string[]];
  /**
   * The folder the engine starts in; default: the folder of this file.
   */
  cwd?: string;
  /**
   * Variables added to castcheck's environment for the engine.
   */
  env?: {
    [k: string]: string | undefined;
  };
  /**
   * Milliseconds the engine has to answer one scenario (default 10000).
   */
  timeout?: number;
  /**
   * Milliseconds the engine has to answer hello after it starts (default 30000).
   */
  startTimeout?: number;
  /**
   * The longest line the engine may write (default 8 MiB).
   */
  maxLineBytes?: number;
}
