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
 * What may be chosen. any: a creature or a player; spell, instantOrSorcerySpell, creatureSpell and noncreatureSpell: a spell on the stack, never the spell itself (CR 115.5). ability: a triggered ability on the stack (Stifle: 'activated or triggered ability'; the card model has no activated abilities, and mana abilities never use the stack).
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
  | "noncreatureSpell"
  | "ability";
/**
 * A counter name: +1/+1, -1/-1, charge... At most 30 characters.
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
 * A name fixed by the scenario: p1 and p2 for players, a card's id, or the id of the action that made a copy. At most 128 characters: card and action ids have at most 64, and the ids an engine makes from them (a1.r2.t3) add a few.
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
 * The chosen targets of a spell: one group per target requirement that applies, in text order (the main spell's, then each spliced card's in splice order). Requirements that exist only if kicked are left out when the spell is not kicked. At most 110 groups (10 requirements on the card and on each of up to 10 spliced cards) of at most 250 objects (20, and 10 more per kick).
 *
 * @maxItems 110
 */
export type Targets = ObjectId[][];
export type StackObject = StackSpell | StackAbility;
export type Keywords = Keyword[];
export type Hand = ObjectId[];
export type Graveyard = ObjectId[];
/**
 * Top card first.
 */
export type Library = ObjectId[];
/**
 * Why an engine rejected an action. The game is left exactly as it was before the action (CR 733.1). Each code belongs to a family (docs/PROTOCOL.md, 'Rejections'): properties judge a rejection by its family, the finer code is detail. An engine that cannot tell the finer codes apart may answer with the family's own code: illegal-object, illegal-declaration, illegal-targets or illegal-payment. game-over: a player has lost, so the game is over and no action can be taken (CR 104.2a, 704.5a-b); it is a family of its own.
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
  | "illegal-object"
  | "illegal-declaration"
  | "illegal-targets"
  | "illegal-payment"
  | "game-over";
/**
 * One thing that happened during a step. by: the id on the stack of the spell or triggered ability whose resolution did it (a spliced spell's every effect is the spell's); left out for what nothing resolving did (the action itself, a cost, state-based actions).
 */
export type GameEvent = DamageEvent | LifeGainEvent | CountersEvent | MoveEvent;
export type Zone = "library" | "hand" | "stack" | "battlefield" | "graveyard" | "exile";
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
/**
 * bounceSpell: return a spell on the stack to its owner's hand. bouncePermanent: return a permanent. destroyAllLands, destroyAllCreatures: destroyAll with the filter {types: [Land]} or {types: [Creature]} only.
 */
export type ActionCapability =
  | "cast"
  | "copy"
  | "resolve"
  | "counter"
  | "putOntoBattlefield"
  | "flicker"
  | "clone"
  | "bounce"
  | "bounceSpell"
  | "bouncePermanent"
  | "destroy"
  | "destroyAll"
  | "destroyAllLands"
  | "destroyAllCreatures"
  | "tap"
  | "untap";
/**
 * A part of the card model (schema/card.schema.json): effect.KIND an effect of that kind, trigger.EVENT a triggered ability on that event, static.KIND a static ability of that kind, entersWith counters or keywords a permanent enters with, keywords printed keywords. Mechanics (kicker, splice, protection...) are declared under 'mechanics'.
 */
export type CardFeature =
  | "effect.damage"
  | "effect.draw"
  | "effect.gainLife"
  | "effect.addMana"
  | "effect.putCounters"
  | "effect.copySpell"
  | "effect.counterSpell"
  | "effect.counterAbility"
  | "effect.destroy"
  | "effect.bounce"
  | "effect.pump"
  | "effect.createToken"
  | "effect.sacrifice"
  | "effect.discard"
  | "effect.mill"
  | "trigger.selfEnters"
  | "trigger.spellCast"
  | "trigger.landToGraveyard"
  | "trigger.becomesTapped"
  | "trigger.selfDealtDamage"
  | "trigger.tokenCreated"
  | "static.costReduction"
  | "static.costIncrease"
  | "static.triggerMultiplier"
  | "static.preventDamage"
  | "entersWith"
  | "keywords";
/**
 * step.events: the ordered list of what happened during each step (damage dealt, life gained, counters put, objects moving between zones). stack.kicked: whether each spell on the stack is kicked. ability.targets: the targets of triggered abilities on the stack. The others name the optional field of the trace they stand for.
 */
export type Observable =
  | "step.triggered"
  | "step.events"
  | "stack.kicked"
  | "stack.manaCost"
  | "stack.kicker"
  | "stack.multikicker"
  | "stack.timesKicked"
  | "stack.spliced"
  | "stack.x"
  | "stack.totalCost"
  | "ability.targets"
  | "permanent.kicked"
  | "permanent.powerToughness"
  | "player.mana"
  | "player.library";
/**
 * copyTargets: new targets for a copy (newTargets). triggerOrder: the order of one player's abilities that trigger at once (triggerOrder, else by source id then ability index). triggerTargets: targets of triggered abilities (triggerTargets, else the default target). resolutionChoices: choices made on resolution, such as the creature sacrificed or the cards discarded (choices, else the eligible object with the smallest id).
 */
export type ExplicitChoice = "copyTargets" | "triggerOrder" | "triggerTargets" | "resolutionChoices";
/**
 * The steps of its shrinking in this run: each successively smaller scenario that still showed the failure, from the first found to the repro (at most 12: the first, the last, and evenly between).
 *
 * @maxItems 12
 */
export type ShrinkSteps = ShrinkStep[];
/**
 * The engine protocol, versions 1 and 2: JSON objects, one per line (UTF-8, '\n'-terminated), between castcheck and one long-lived engine process over the engine's stdin and stdout. castcheck sends hello with the versions it speaks, then run requests, then stop; the engine answers hello with its own hello and the version it chose, and each run with a trace or an error, in the order of the requests. In protocol 2 a trace may give each step's changes instead of its whole state. Receivers ignore properties they do not know, so that a minor addition never breaks the other side; anything an old receiver could not ignore gets a new protocol number. See docs/PROTOCOL.md.
 */
export type ProtocolMessage = ToEngineMessage | FromEngineMessage;
/**
 * A message from castcheck to the engine.
 */
export type ToEngineMessage = CastcheckHello | RunRequest | StopRequest;
/**
 * A major version of the protocol. This castcheck speaks 1 and 2.
 */
export type ProtocolVersion = number;
/**
 * Numbers the run requests of a castcheck process, from 1 up, across restarts of the engine (at most 2^53 - 1).
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
  expectations?: Expectations;
  shardResult?: ShardResult;
}
/**
 * The printed characteristics and abilities of one card, in castcheck's card model. Real cards are stored in the catalog under their Oracle names; synthetic cards are written inline in a scenario. Every number, list and text has a bound, generous for printed cards, so that no single value can make a scenario arbitrarily large.
 */
export interface CardDefinition {
  /**
   * The printed name (the Oracle name for a real card). At most 200 characters (the longest printed name has 141).
   */
  name: string;
  manaCost?: ManaCost;
  /**
   * @minItems 1
   */
  types: [CardType, ...CardType[]];
  supertypes?: ("Legendary" | "Basic")[];
  /**
   * Subtypes such as Arcane, Kavu or Mountain. At most 10, of at most 40 characters.
   *
   * @maxItems 10
   */
  subtypes?: string[];
  /**
   * From -1000 to 1000.
   */
  power?: number;
  /**
   * From -1000 to 1000.
   */
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
   * The target requirements of the spell's text, in the order the text names them. Effects refer to them by index. At most 10.
   *
   * @maxItems 10
   */
  targets?: TargetRequirement[];
  /**
   * What an instant or sorcery does when it resolves, in the order written. At most 10.
   *
   * @maxItems 10
   */
  effects?: Effect[];
  /**
   * Replacement effects applied as the permanent enters (CR 603.6d): never triggers. At most 10.
   *
   * @maxItems 10
   */
  entersWith?: EntersWith[];
  /**
   * Triggered abilities of the permanent, in printed order; scenarios refer to them by index. At most 10.
   *
   * @maxItems 10
   */
  triggers?: TriggeredAbility[];
  /**
   * Static abilities of the permanent that change costs, triggers or damage. At most 10.
   *
   * @maxItems 10
   */
  statics?: StaticAbility[];
  /**
   * The card's Oracle text, for people. Never read by engines. At most 4000 characters.
   */
  oracleText?: string;
  /**
   * For a catalog card: what of its printed text the card model leaves out or simplifies. At most 4000 characters.
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
  /**
   * Permanents to sacrifice, at most 20 (Torrent of Stone's splice cost sacrifices two).
   */
  count: number;
  filter: PermanentFilter;
}
/**
 * Which permanents qualify: every listed field must match. An empty filter matches any permanent.
 */
export interface PermanentFilter {
  /**
   * Has at least one of these card types. At most 10.
   *
   * @maxItems 10
   */
  types?: CardType[];
  /**
   * Has at least one of these subtypes. At most 10.
   *
   * @maxItems 10
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
  /**
   * Objects chosen, at most 20.
   */
  count?: number;
  /**
   * More objects chosen for each time the spell was kicked, at most 10.
   */
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
   * Not of these colours (nonblack). At most 10.
   *
   * @maxItems 10
   */
  notColors?: Color[];
  /**
   * Has at least one of these card types ('target creature or enchantment': Flicker of Fate, with kind permanent). At most 10.
   *
   * @maxItems 10
   */
  types?: CardType[];
  /**
   * Without these subtypes (non-Spirit). At most 10.
   *
   * @maxItems 10
   */
  notSubtypes?: string[];
  /**
   * With all of these keywords (with flying). At most 10.
   *
   * @maxItems 10
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
   * damage: to each object chosen for target, or to each player with each. draw, gainLife: its controller. addMana: to its controller's pool. putCounters: on each target, or on the source permanent with self. copySpell: copies the target spell; the resolve action may give new targets (CR 707.10c). counterSpell: counters the target spell (only if it was kicked, with ifTargetKicked). destroy, bounce: the target permanent (bounce returns it to its owner's hand). pump: power and toughness (and a keyword) until end of turn, to each target or to self. createToken: amount tokens described by token. sacrifice: the target player sacrifices amount creatures. discard: the target player discards amount cards. counterAbility: counters the target triggered ability: it leaves the stack and does nothing (CR 701.5a, Stifle). mill: the target player puts the top amount cards of their library into their graveyard. flicker: each target permanent is exiled, then returned to the battlefield under its owner's control (Cloudshift): a new object (CR 400.7), untapped, with no counters, damage or effects from before; a token exiled ceases to exist (CR 111.7).
   */
  kind:
    | "damage"
    | "draw"
    | "gainLife"
    | "addMana"
    | "putCounters"
    | "copySpell"
    | "counterSpell"
    | "counterAbility"
    | "destroy"
    | "bounce"
    | "pump"
    | "createToken"
    | "sacrifice"
    | "discard"
    | "mill"
    | "flicker";
  /**
   * From 0 to 100, or X: damage, life, cards, counters, tokens, permanents sacrificed. Each time the effect happens it does this much (an effect repeated per kick creates amount tokens each time).
   */
  amount?: number | "X" | "damageDealt";
  /**
   * Index of the target requirement this effect uses (a card has at most 10).
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
  ifYouControl?: ControlCondition;
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
   * For pump, from -1000 to 1000.
   */
  power?: number;
  /**
   * For pump, from -1000 to 1000.
   */
  toughness?: number;
  keyword?: Keyword;
  token?: TokenDefinition;
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
export interface TokenDefinition {
  /**
   * The token's name: the one the effect gives it, else its subtypes followed by the word Token (CR 111.4: 'Wolf Token', 'Phyrexian Golem Token').
   */
  name: string;
  /**
   * @minItems 1
   * @maxItems 10
   */
  types: [CardType, ...CardType[]];
  /**
   * @maxItems 10
   */
  subtypes?: string[];
  /**
   * @maxItems 10
   */
  colors?: Color[];
  power?: number;
  toughness?: number;
  /**
   * @maxItems 10
   */
  keywords?: Keyword[];
}
/**
 * The permanent enters with counters, a keyword or tapped, when condition holds (CR 603.6d).
 */
export interface EntersWith {
  counter?: CounterKind;
  /**
   * Counters it enters with, at most 100 (each time the condition counts: perKick gives this many per kick).
   */
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
  /**
   * At most 10.
   *
   * @maxItems 10
   */
  targets?: TargetRequirement[];
  /**
   * Kicker conditions in effects look at the object the event is about, like the intervening if. At most 10.
   *
   * @minItems 1
   * @maxItems 10
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
export interface StaticAbility {
  /**
   * costReduction, costIncrease: spells cost amount generic mana less or more (CR 601.2f; a reduction lowers only the generic part, never below {0}). triggerMultiplier: if an artifact or creature entering causes a triggered ability of a permanent its controller controls to trigger, that ability triggers an additional time (CR 603.2d). preventDamage: prevent all damage that would be dealt to the permanents its controller controls.
   */
  kind: "costReduction" | "costIncrease" | "triggerMultiplier" | "preventDamage";
  /**
   * Generic mana less or more, at most 100.
   */
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
   * For cost changes: not spells with these types (noncreature). At most 10.
   *
   * @maxItems 10
   */
  notTypes?: CardType[];
}
/**
 * A whole game situation and a script of actions with every decision spelled out, so that it has exactly one correct outcome. All actions happen in one main phase of p1's turn; mana pools do not empty between actions. After each action, state-based actions apply (CR 704): a player at 0 life or less, or who drew from an empty library, loses and the game ends; a player who controls two or more legendary permanents with the same name keeps one (the first one the action's choices name, else the one with the smallest id) and puts the rest into their owners' graveyards (CR 704.5j). Every number, list and text has a bound, generous for real play and far above what the generators make, so that no single value can make a scenario arbitrarily large (a multikicker paid a billion times would be a billion costs to add up).
 */
export interface Scenario {
  $schema?: string;
  format: "castcheck-scenario/1";
  /**
   * A name for people and file names. At most 100 characters.
   */
  id?: string;
  description?: string;
  /**
   * Comprehensive Rules numbers this scenario is about. At most 50.
   *
   * @maxItems 50
   */
  rules?: string[];
  /**
   * Every card in the game. Each is in exactly one zone of one player. At most 200 (two 60-card decks and more; the generators use at most about 30).
   *
   * @maxItems 200
   */
  cards: ScenarioCard[];
  /**
   * p1 (the active player) then p2.
   *
   * @minItems 2
   * @maxItems 2
   */
  players: [Player, Player];
  /**
   * At most 100 (the generators use at most about 15).
   *
   * @maxItems 100
   */
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
  /**
   * Starting life, from 1 to 1,000,000. Not 0 or less: the scenario starts with p1 holding priority, and state-based actions are checked before a player receives priority (CR 704.3); a player with 0 or less life loses the game then (CR 704.5a, 119.6), and nothing in the card model lets a player go on. Life may still fall to 0 or below during the script: the model does not end the game.
   */
  life?: number;
  mana?: ManaPool;
  /**
   * @maxItems 200
   */
  hand?: ObjectId[];
  /**
   * Top card first.
   *
   * @maxItems 200
   */
  library?: ObjectId[];
  /**
   * @maxItems 200
   */
  graveyard?: ObjectId[];
  /**
   * @maxItems 200
   */
  battlefield?: StartingPermanent[];
}
/**
 * Mana of each kind: at most 2^53 - 1, the largest whole number a JSON number holds exactly; a scenario's starting pool holds at most 1000 of each.
 */
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
/**
 * Counters by kind: at most 100 kinds, each at most 2^53 - 1, the largest whole number a JSON number holds exactly. A starting permanent has at most 10 kinds and 1000 of each.
 */
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
   * The kicker costs whose intention to pay is declared (CR 601.2b). Repeating one is illegal. At most 4 labels.
   *
   * @maxItems 4
   */
  kicker?: KickerLabel[];
  /**
   * How many times multikicker is paid: from 0 to 20. The rules set no limit (CR 702.33c: any number of times); castcheck does, so that every effect and target repeated per kick stays bounded (the generators pay it at most 9 times).
   */
  multikicker?: number;
  /**
   * Cards revealed from hand to splice, in the order their effects happen (CR 702.47b). At most 10.
   *
   * @maxItems 10
   */
  splice?: ObjectId[];
  /**
   * The value chosen for {X}: from 0 to 100 (the generators choose at most 4).
   */
  x?: number;
  /**
   * Cast with the alternative cost 'without paying its mana cost' (CR 118.9); additional costs are still paid (CR 118.9d).
   */
  withoutPayingManaCost?: boolean;
  /**
   * Permanents sacrificed for sacrifice costs, in the order of the costs (kicker A, kicker B, each multikick, each splice). At most 250.
   *
   * @maxItems 250
   */
  sacrifice?: ObjectId[];
  targets?: Targets;
  /**
   * Targets for abilities that trigger during this action. Without an entry, each target is the first legal one of: the controller's opponent, the controller, permanents by id, spells from the top of the stack.
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
   */
  triggerOrder?: string[];
}
/**
 * Targets for a triggered ability that triggers during this action. Instances of the same ability take the entries for it in order.
 */
export interface TriggerChoice {
  source: ObjectId;
  /**
   * Index in the source's triggers (a card has at most 10).
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
   */
  triggerOrder?: string[];
  /**
   * Choices made on resolution (CR 608.2d), in order: the creature a player sacrifices, the cards they discard. Without them, the eligible object with the smallest id is chosen.
   *
   * @maxItems 250
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
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
   *
   * @maxItems 100
   */
  triggerTargets?: TriggerChoice[];
  /**
   * The order in which each player puts their triggered abilities on the stack, first (bottom) to last, as source#ability. Abilities not listed follow, by source id then ability index. Players still go in APNAP order (CR 603.3b).
   *
   * @maxItems 100
   */
  triggerOrder?: string[];
}
/**
 * An engine's answer to a scenario: for every action, whether it was accepted, and what the game looked like afterwards, in a normal form. Its bounds are loose on purpose: a wrong answer must reach the properties that judge it, not be refused as malformed. Numbers are at most 2^53 - 1 in size, the largest whole number a JSON number holds exactly (castcheck compares them exactly); lists are as long as the game makes them, within the engine's line limit (--max-line-bytes).
 */
export interface Trace {
  $schema?: string;
  format: "castcheck-trace/1";
  engine: EngineId;
  /**
   * The scenario's id, when it has one.
   */
  scenario?: string;
  initialState?: ObservedState;
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
  /**
   * Whether it is kicked. Optional: an engine that reports it declares 'stack.kicked'.
   */
  kicked?: boolean;
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
  targets?: Targets;
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
  keywords?: Keywords;
  /**
   * Whether the spell it resolved from was kicked (CR 400.7d).
   */
  kicked?: boolean;
  timesKicked?: number;
}
export interface ObservedPlayer {
  id: "p1" | "p2";
  /**
   * It may be 0 or less: the model does not end the game.
   */
  life: number;
  hand: Hand;
  graveyard: Graveyard;
  library?: Library;
  mana?: ManaPool;
  /**
   * The player has lost the game: their life was 0 or less, or they drew from an empty library, when state-based actions were checked (CR 704.5a-b). The two-player game is then over: every later action is rejected as game-over. Left out (or false) while they are in the game.
   */
  lost?: boolean;
}
export interface Step {
  action: ObjectId;
  /**
   * unsupported: the engine cannot perform this kind of action or declaration; the scenario is judged only up to the step before, and the steps after it are not judged.
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
  /**
   * What happened during the action, in the order it happened: damage dealt, life gained, counters put on permanents, and objects moving from zone to zone. Optional: an engine that reports it declares 'step.events' and then lists every event of these kinds in every step (a rejected step has none). castcheck judges from it the orders the rules fix where the state after cannot show them: a spell's instructions in the order written (CR 608.2c), a spliced card's after the main card's (CR 702.47b), the spell card put into its graveyard last (CR 608.2n). See docs/PROTOCOL.md#events.
   */
  events?: GameEvent[];
  state: ObservedState;
}
export interface TriggerEvent {
  id?: ObjectId;
  source: ObjectId;
  ability: number;
  controller: "p1" | "p2";
}
/**
 * Damage dealt to a player or a permanent (CR 120.3). Damage that was prevented was not dealt and is not listed. Damage dealt at once to several objects by one instruction is one event for each, in any order.
 */
export interface DamageEvent {
  kind: "damage";
  by?: ObjectId;
  to: ObjectId;
  amount: number;
}
/**
 * A player gained life: by an instruction, or by lifelink as its source dealt damage (listed after that damage).
 */
export interface LifeGainEvent {
  kind: "lifeGain";
  by?: ObjectId;
  player: "p1" | "p2";
  amount: number;
}
/**
 * Counters put on a permanent on the battlefield by an instruction. Counters a permanent enters with are part of its entering and are not listed.
 */
export interface CountersEvent {
  kind: "counters";
  by?: ObjectId;
  object: ObjectId;
  counter: CounterKind;
  amount: number;
}
/**
 * An object moved from one zone to another (CR 400): a card cast (hand to stack), drawn, milled, discarded, a spell put into its owner's graveyard as it finishes resolving (CR 608.2n) or countered, a permanent entering (a token created comes from no zone: from is left out) or leaving the battlefield (destroyed, dying, sacrificed, bounced, exiled; a token is listed moving to the zone it was put into, where it ceases to exist). Cards moving at once are one event each, in any order. A copy of a spell is not a card: it is made on the stack and ceases to exist there, and is not listed, but a copy of a permanent spell that resolves moves from the stack to the battlefield as a token.
 */
export interface MoveEvent {
  kind: "move";
  by?: ObjectId;
  object: ObjectId;
  from?: Zone;
  to: Zone;
}
/**
 * A shrunk failure that anyone can replay with `castcheck replay FILE`: the scenario, the property it breaks, what was expected and what the engine did.
 */
export interface Repro {
  $schema?: string;
  format: "castcheck-repro/1";
  /**
   * The failure's signature (the property and the kind of divergence, or the engine failure): the cluster this repro stands for. `castcheck replay` checks for it.
   */
  signature?: string;
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
   * Every divergence of the failure at its step, when there are several (agreement: each differing field).
   */
  divergences?: ReproDivergence[];
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
  history?: EngineHistory;
}
/**
 * The property broken; left out when the engine gave no usable trace.
 */
export interface PropertyRef {
  id: string;
  /**
   * @maxItems 50
   */
  rules: string[];
  statement: string;
}
export interface ReproDivergence {
  step: string;
  kind: string;
  expected: string;
  observed: string;
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
   * Milliseconds the engine in another process had to answer one scenario; replay uses it again. At most an hour.
   */
  timeout?: number;
}
export interface ReplayInfo {
  /**
   * The generators' seed: 32 bits, as `castcheck run --seed` takes it.
   */
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
  /**
   * false for the first scenario of a finding, stored before shrinking (a run stopped before it ended); it is shrunk when a later run meets it again.
   */
  shrunk?: boolean;
}
/**
 * The readings of contested points the run expected.
 */
export interface ReproReadings {
  spliceCopy?: "ruling" | "literal";
}
/**
 * For a crash, time-out or protocol error of an engine in another process: the scenarios the same process ran before this one since it last started, oldest first. Kept unless the failure came back with the scenario run alone, for it may depend on them: when the scenario alone passes, `castcheck replay` runs them first, then the scenario, in one fresh process.
 */
export interface EngineHistory {
  /**
   * @maxItems 100
   */
  scenarios: Scenario[];
  /**
   * Scenarios the process ran before these and castcheck did not keep (it keeps the last 100).
   */
  omitted: number;
}
/**
 * What an engine can run and observe. The suite generates only scenarios inside it and reports every property that needs more as skipped.
 */
export interface Capabilities {
  mechanics: Mechanic[];
  /**
   * The actions it performs. 'bounce' covers bounceSpell and bouncePermanent; 'destroyAll' covers every filter, destroyAllLands and destroyAllCreatures one filter each. Declare the finer names when the engine does only part of an action.
   */
  actions: ActionCapability[];
  cards: CardPool;
  /**
   * Optional parts of the observed state that the engine reports.
   */
  observes: Observable[];
  /**
   * The choices a scenario may make for the engine that it can be told, explicitly or through castcheck's documented default (docs/PROTOCOL.md, 'Choices a scenario leaves implicit'). castcheck avoids scenarios in which a choice it cannot tell the engine would matter. Left out: all of them.
   */
  choices?: ExplicitChoice[];
}
export interface CardPool {
  /**
   * Accepts card definitions it has never seen (the 'definition' of a scenario card).
   */
  synthetic: boolean;
  /**
   * The printed cards it knows, by Oracle name. At most 100,000 names (every printed card fits), of at most 200 characters.
   *
   * @maxItems 100000
   */
  oracle?: string[];
  /**
   * With synthetic: the parts of the card model the engine can build from a definition. A card whose definition uses anything else is sent by its Oracle name if the engine knows it, and otherwise not at all. Left out: every part.
   *
   * @maxItems 100
   */
  syntheticFeatures?: CardFeature[];
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
   * @maxItems 50
   */
  rules: [string, ...string[]];
  /**
   * Entries of castcheck's rules digest this case proves: a composite scenario of section 12 (12.1 to 12.15) or a ruling, as section/name (6.2/everdream-copy-keeps-splice). model/digest-entries.json lists them, each with what it says.
   *
   * @maxItems 50
   */
  digest?: string[];
  /**
   * When the case follows one reading of a contested point: which, and why.
   */
  contested?: string;
  options?: CaseOptions;
  scenario: Scenario;
  /**
   * At most one per action: 100.
   *
   * @minItems 1
   * @maxItems 100
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
   * For a rejection with several problems, each correct as its reason (a card not in hand whose cost cannot be paid either): a reason of the family of any one of them passes. Instead of reason.
   *
   * @minItems 2
   * @maxItems 10
   */
  reasons?: [RejectionReason, RejectionReason, ...RejectionReason[]];
  /**
   * Every triggered ability that triggered during the action, in the order put on the stack, compared in full: [] means nothing triggered. At most 1000.
   *
   * @maxItems 1000
   */
  triggered?: TriggerEvent[];
  /**
   * What happened during the action, in order (a trace step's events), compared in full and in order against an engine that observes step.events: [] means nothing happened. A case lists them only where the rules fix their order (no instruction acting on several objects at once). At most 1000.
   *
   * @maxItems 1000
   */
  events?: GameEvent[];
  state?: ExpectedState;
}
export interface ExpectedState {
  /**
   * @maxItems 1000
   */
  stack?: {}[];
  /**
   * @maxItems 1000
   */
  battlefield?: {}[];
  /**
   * @maxItems 2
   */
  players?: {}[];
}
/**
 * A whole castcheck run, for machines: what ran against what, each property's counts and status, the failures grouped by signature into clusters with their repros, the expectations and the failure store, and the feature statistics when asked for. Counts add up across runs (shards) and clusters are keyed by signature, so that several reports merge into one.
 */
export interface RunReport {
  format: "castcheck-report/2";
  castcheck: string;
  engine: EngineId;
  /**
   * The engine process's command, for an engine in another process.
   */
  command?: string;
  /**
   * The generators' seed: 32 bits.
   */
  seed: number;
  runs: number;
  /**
   * Why the run stopped early, when it did.
   */
  stopped?: string;
  /**
   * true for the report of a run interrupted before its end (SIGINT, SIGTERM): the counts are those of the scenarios judged until then, and repros not shrunk yet are marked so.
   */
  partial?: boolean;
  environment?: RunEnvironment;
  /**
   * The least number of checks a property must make to PASS; under it, it is UNDER-TESTED.
   */
  checkFloor: number;
  properties: PropertyResult[];
  engineFailures: {
    crash: number;
    timeout: number;
    "protocol-error": number;
  };
  /**
   * Scenarios with a step the engine answered unsupported: judged up to that step.
   */
  unsupported: number;
  /**
   * The scenarios that stopped early (a step the engine answered unsupported), by the card and action of that step, most first, with the engine's message; after 20 for one card's action the run stops generating it (leftOutFrom), or says why it cannot (leftOut).
   *
   * @maxItems 100000
   */
  earlyStops?: EarlyStopSummary[];
  /**
   * The failures grouped by cause: the clusters that shrink to one minimal repro, always occur together, or whose minimal repro shows the other and never occurs without it, with every property they break. The lead cluster's repro stands for the finding.
   *
   * @maxItems 100000
   */
  findings?: FindingSummary[];
  /**
   * The failures, grouped by signature: one entry per signature, with the scenarios it was met in and its repro.
   */
  clusters: ClusterSummary[];
  expectations?: ExpectationsSummary;
  store?: StoreSummary;
  /**
   * With --stats: the share of scenarios with each feature, and its coverage gate.
   */
  stats?: FeatureShare[];
}
/**
 * Where the run ran, to repeat it: the Node.js version and the platform.
 */
export interface RunEnvironment {
  /**
   * process.version, as v20.19.0.
   */
  node: string;
  /**
   * process.platform and process.arch, as linux-x64.
   */
  platform: string;
}
/**
 * A property's counts, in scenarios: it did not apply (notApplicable), applied but found nothing to check (checkedNothing), or was checked (checked = passed + failed + xfailed + contested), with the number of checks made.
 */
export interface PropertyResult {
  id: string;
  rules: string[];
  statement: string;
  /**
   * FAIL: a failure no expectation names. XFAIL: only expected failures. CONTESTED: another reading of a contested point. SKIP: never run (the engine cannot run it). UNTESTED: run, but no check made. UNDER-TESTED: fewer checks than checkFloor. PASS: the rest.
   */
  status: "PASS" | "FAIL" | "XFAIL" | "CONTESTED" | "SKIP" | "UNTESTED" | "UNDER-TESTED";
  /**
   * Why it was never run: what the engine cannot do.
   */
  skipped?: string;
  notApplicable: number;
  checkedNothing: number;
  checked: number;
  checks: number;
  passed: number;
  /**
   * Scenarios with a failure no expectation names.
   */
  failed: number;
  /**
   * Scenarios whose failures were all expected.
   */
  xfailed: number;
  contested: number;
}
export interface EarlyStopSummary {
  /**
   * The card the action was about: its Oracle name, a made-up card's name, or '-' for none.
   */
  card: string;
  /**
   * Whether it is a printed card, sent by Oracle name.
   */
  printed: boolean;
  /**
   * The action, as capabilities name it.
   */
  action: string;
  /**
   * What the engine said the first time.
   */
  message?: string;
  count: number;
  /**
   * The first scenario (1-based) that stopped there.
   */
  firstRun: number;
  /**
   * From this scenario (1-based) on, generation left it out.
   */
  leftOutFrom?: number;
  /**
   * What generation left out (the card, the action), or why capabilities cannot leave it out.
   */
  leftOut?: string;
}
export interface FindingSummary {
  /**
   * The signature of its lead cluster.
   */
  id: string;
  /**
   * Its clusters' signatures, the lead first.
   *
   * @maxItems 100000
   */
  signatures: string[];
  /**
   * The properties it breaks.
   *
   * @maxItems 1000
   */
  properties: string[];
  /**
   * The rules those properties check, and the rule each of its named branches says was broken (`CR702.33f` in a signature's `CR702.33f/unpaid-kicker-cost`).
   *
   * @maxItems 1000
   */
  rules: string[];
  /**
   * An expectation names it (one of its clusters): it and what follows from it are expected.
   */
  xfail: boolean;
  /**
   * Only contested readings.
   */
  contested: boolean;
  /**
   * Scenarios that showed it: those of its most frequent cluster.
   */
  count: number;
  /**
   * The repro of its lead cluster, when it has one.
   */
  repro?: string;
}
export interface ClusterSummary {
  signature: string;
  verdict: "fail" | "contested" | "crash" | "timeout" | "protocol-error";
  property?: string;
  /**
   * Named by an expectation: reported, not shrunk, does not fail the run.
   */
  xfail: boolean;
  /**
   * The expectation's note.
   */
  note?: string;
  /**
   * The expectation's link.
   */
  link?: string;
  /**
   * Scenarios of this run that showed it.
   */
  count: number;
  /**
   * The 1-based run of the first scenario that showed it.
   */
  runsToFailure: number;
  step?: string;
  expected?: string;
  observed?: string;
  /**
   * The repro file in the failure store, as written.
   */
  repro?: string;
  /**
   * false when the repro is the first scenario found, not shrunk.
   */
  shrunk?: boolean;
  shrinkRuns?: number;
  /**
   * false when running the repro's scenario once more did not fail again.
   */
  reproduced?: boolean;
  /**
   * For an engine failure: the scenarios its process ran before the repro's, kept in the repro (its history), since the failure may depend on them.
   */
  history?: number;
  /**
   * Cards in the repro's scenario.
   */
  cards?: number;
  /**
   * Actions in the repro's scenario.
   */
  actions?: number;
  story?: Story;
  scenario?: Scenario;
  trace?: Trace;
  shrinkSteps?: ShrinkSteps;
}
/**
 * A failure told in game terms, from its scenario, the engine's trace and the property's verdict: the starting situation, each action with the engine's answer, what went wrong after which action, and the rule.
 */
export interface Story {
  /**
   * The starting situation: a sentence per player, then the made-up cards described.
   */
  setup: string[];
  /**
   * The actions up to the one the failure shows after (every action for an engine failure).
   */
  actions: StoryAction[];
  /**
   * Later actions of the scenario, not needed to show the failure.
   */
  untold: number;
  /**
   * What went wrong, in words.
   */
  divergence: string;
  /**
   * What else differed at the same action.
   */
  more: string[];
  /**
   * The property's statement and the rules it cites.
   */
  rule?: string;
}
export interface StoryAction {
  /**
   * 0-based position in the scenario.
   */
  index: number;
  id: string;
  /**
   * What the action does.
   */
  text: string;
  /**
   * What the engine answered, when more than a plain acceptance: a refusal, a copy it made, what triggered.
   */
  answer?: string;
  /**
   * The failure shows after this action.
   */
  failed?: boolean;
}
export interface ShrinkStep {
  /**
   * The engine run of the shrinking that found it (0: the first scenario found).
   */
  run: number;
  cards: number;
  actions: number;
  scenario: Scenario;
}
export interface ExpectationsSummary {
  file: string;
  /**
   * Expectations that did not occur although their property ran and applied: they fail the run.
   */
  stale: Expectation[];
  /**
   * The file was rewritten (--update-expectations).
   */
  updated?: boolean;
}
export interface Expectation {
  /**
   * The failure's signature, as a run prints it: a property id, with the kind of divergence after a colon when the property tells kinds apart (agreement.reference:battlefield[].name), or an engine failure (crash:exit 70:RuntimeError: simulated crash, timeout, protocol-error:...). A divergence of that kind is expected in any scenario and at any step.
   */
  signature: string;
  /**
   * Why it is expected: what the engine does, and why it stays so for now.
   */
  note: string;
  /**
   * The engine's own report of the bug.
   */
  link?: string;
}
export interface StoreSummary {
  /**
   * The engine's folder in the failure store.
   */
  dir: string;
  /**
   * The findings of earlier runs, replayed before this one.
   */
  replayed: StoredReplay[];
}
export interface StoredReplay {
  signature: string;
  repro: string;
  /**
   * engine-failed: the engine crashed, timed out or broke the protocol on the finding's scenario (failure says which); the finding is kept.
   */
  result: "still-fails" | "now-passes" | "not-reproduced" | "engine-failed";
  /**
   * For engine-failed: how the engine failed on it.
   */
  failure?: "crash" | "timeout" | "protocol-error";
  xfail?: boolean;
  /**
   * Where a finding that now passes was moved (the store's fixed/ folder).
   */
  movedTo?: string;
}
export interface FeatureShare {
  feature: string;
  description: string;
  scenarios: number;
  share: number;
  gate: "ok" | "under" | "not supported";
}
/**
 * castcheck's first message: the versions it speaks. An engine picks one of them and answers in it; an engine that speaks none of them answers with an error (no id) saying which versions it speaks, and exits.
 */
export interface CastcheckHello {
  type: "hello";
  protocol: ProtocolVersion;
  /**
   * Every version castcheck speaks, oldest first ([1, 2]). Sent since protocol 2; without it, only `protocol` is offered.
   *
   * @minItems 1
   * @maxItems 100
   */
  protocols?: [ProtocolVersion, ...ProtocolVersion[]];
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
 * The engine's answer to hello: who it is, the protocol version it chose from those castcheck offered, and what it can run and observe. castcheck generates only scenarios inside these capabilities.
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
 * The engine ran the scenario of request id: one step per action, in order. In protocol 1 the trace is a trace document; in protocol 2 it may also be a trace with changes.
 */
export interface TraceAnswer {
  type: "trace";
  id: RequestId;
  trace: Trace | TraceChanges;
}
/**
 * Protocol 2's form of a trace: a trace document (trace.schema.json) in which a step may give what changed during it (`changes`) instead of the whole state after it (`state`). castcheck rebuilds every step's state before anything reads the trace. The first step's changes are against `initialState`; a trace without `initialState` gives its first step's `state` whole.
 */
export interface TraceChanges {
  format: "castcheck-trace-changes/1";
  engine: EngineId;
  /**
   * The scenario's id, when it has one.
   */
  scenario?: string;
  initialState?: ObservedState;
  /**
   * One step per action, in order.
   */
  steps: StepChanges[];
}
/**
 * A step of a trace with changes: a trace's step (trace.schema.json#/$defs/step) whose state after the action is given whole (`state`) or as what changed since the state before it (`changes`), exactly one of the two.
 */
export interface StepChanges {
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
  /**
   * What happened during the action, in order, as in a trace's step. Engines that report it declare 'step.events'.
   */
  events?: GameEvent[];
  state?: ObservedState;
  changes?: StateChanges;
}
/**
 * What changed in the observed state during a step. A zone left out did not change: {} is a step that changed nothing (a rejected action's). A zone may also be given whole, as in a state.
 */
export interface StateChanges {
  stack?: StackObject[] | StackChanges;
  battlefield?: ObservedPermanent[] | BattlefieldChanges;
  /**
   * The players whose fields changed.
   *
   * @maxItems 2
   */
  players?: PlayerChanges[];
}
/**
 * The stack's changes: the objects that left it, then the objects put on it, on top of those that stayed, in order (the last is the new top). A stack that changed otherwise is given whole.
 */
export interface StackChanges {
  /**
   * The ids of the objects that left the stack.
   */
  remove?: ObjectId[];
  /**
   * The objects put on the stack, bottom first.
   */
  add?: StackObject[];
}
/**
 * The battlefield's changes: the permanents that left it, the fields that changed on those that stayed, and the permanents that entered it. castcheck keeps the permanents that stayed in their order and puts those that entered after them, unless `order` gives the engine's own order; permanents are compared by id, so an engine may leave `order` out.
 */
export interface BattlefieldChanges {
  /**
   * The ids of the permanents that left the battlefield.
   */
  remove?: ObjectId[];
  /**
   * The permanents that stayed and changed.
   */
  change?: PermanentChanges[];
  /**
   * The permanents that entered the battlefield, whole.
   */
  add?: ObservedPermanent[];
  /**
   * The ids of every permanent on the battlefield after the step, each once, in the engine's order: for an engine that keeps the battlefield in an order of its own (sorted by id, say), so that the rebuilt state is in that order too. A few bytes an id, where the battlefield whole would be every permanent's fields again.
   */
  order?: ObjectId[];
}
/**
 * What changed on one permanent: the fields with a new value (`set`; null there means the field became unknown, as if unset) and the optional fields it no longer has (`unset`).
 */
export interface PermanentChanges {
  id: ObjectId;
  set?: PermanentFields;
  unset?: ("card" | "power" | "toughness" | "damage" | "keywords" | "kicked" | "timesKicked")[];
}
/**
 * Each field as the trace schema defines it (trace.schema.json, permanent).
 */
export interface PermanentFields {
  card?: ObjectId;
  name?: string;
  owner?: "p1" | "p2";
  controller?: "p1" | "p2";
  token?: boolean;
  tapped?: boolean;
  counters?: Counters;
  power?: number;
  toughness?: number;
  /**
   * Damage marked on it this turn.
   */
  damage?: number;
  keywords?: Keywords;
  /**
   * Whether the spell it resolved from was kicked (CR 400.7d).
   */
  kicked?: boolean;
  timesKicked?: number;
}
/**
 * What changed on one player: the fields with a new value, whole (`set`; null there means unknown, as if unset), and the optional fields it no longer has (`unset`).
 */
export interface PlayerChanges {
  id: "p1" | "p2";
  set?: PlayerFields;
  unset?: ("library" | "mana" | "lost")[];
}
/**
 * Each field as the trace schema defines it (trace.schema.json, playerState).
 */
export interface PlayerFields {
  /**
   * It may be 0 or less: the model does not end the game.
   */
  life?: number;
  hand?: Hand;
  graveyard?: Graveyard;
  library?: Library;
  mana?: ManaPool;
  /**
   * The player has lost the game: their life was 0 or less, or they drew from an empty library, when state-based actions were checked (CR 704.5a-b). The two-player game is then over: every later action is rejected as game-over. Left out (or false) while they are in the game.
   */
  lost?: boolean;
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
   * Milliseconds the engine has to answer one scenario (default 10000, at most an hour).
   */
  timeout?: number;
  /**
   * Milliseconds the engine has to answer hello after it starts (default 30000, at most an hour).
   */
  startTimeout?: number;
  /**
   * The longest line the engine may write (default 8 MiB, at most 256 MiB).
   */
  maxLineBytes?: number;
}
/**
 * The failures an engine is known to have, by signature (`castcheck run --expectations FILE`). A run reports them as expected failures (XFAIL): they do not fail it and get no shrinking. An expectation that does not occur in a run where its property applied fails the run as stale. `--update-expectations` rewrites the file, keeping the notes.
 */
export interface Expectations {
  $schema?: string;
  format: "castcheck-expectations/1";
  /**
   * The engine these expectations are for, for people.
   */
  engine?: string;
  expectations: Expectation[];
}
/**
 * What one part of a split run found, for `castcheck merge`: written by `castcheck fuzz` (and `castcheck run --shard`). Scenario k of a run with a given seed is the same on every machine; shard i of n judges every k with k mod n = i - 1, so that the shards together are exactly one unsharded run. Counts add up across shards, clusters are keyed by signature (the earliest first scenario wins), and the repros travel inside the file, so that the result files alone make one report and one store.
 */
export interface ShardResult {
  format: "castcheck-shard-result/1";
  /**
   * The version of castcheck that wrote it.
   */
  castcheck: string;
  engine: EngineId;
  /**
   * The engine process's command, for an engine in another process.
   */
  command?: string;
  readings: ReproReadings;
  /**
   * The run's seed: 32 bits.
   */
  seed: number;
  shard: ShardSpec;
  /**
   * The size of the whole run this shard is part of: it judged its share of the scenarios 0 to runs - 1, every one of them. A run stopped by a time budget counts up to where it stopped.
   */
  runs: number;
  /**
   * Scenarios this shard judged.
   */
  scenarios: number;
  /**
   * Engines it had at work at once. The results do not depend on it.
   */
  workers?: number;
  /**
   * The time budget it was given (`--time`), when it had one.
   */
  timeBudget?: string;
  /**
   * The command that judges exactly the same scenarios again.
   */
  repeat: string;
  /**
   * Why it stopped before its share, when it did (an engine that no longer starts).
   */
  stopped?: string;
  /**
   * Each property's counts, in scenarios (and checks), as in the report.
   *
   * @maxItems 1000
   */
  properties: ShardTally[];
  engineFailures: ShardEngineFailures;
  unsupported: number;
  /**
   * The failures it met, one per signature.
   *
   * @maxItems 10000
   */
  clusters: ShardCluster[];
  expectations?: ShardExpectations;
  store: ShardStore;
  /**
   * With --stats: the scenarios with each feature.
   *
   * @maxItems 1000
   */
  stats?: ShardFeatureCount[];
}
/**
 * Which part of the run: index from 1 to count, as `--shard index/count`.
 */
export interface ShardSpec {
  index: number;
  count: number;
}
export interface ShardTally {
  id: string;
  /**
   * Why it was never run.
   */
  skipped?: string;
  /**
   * Skipped because it would compare the reference engine with itself.
   */
  vacuous?: boolean;
  /**
   * Scenarios where its precondition did not hold.
   */
  notApplicable: number;
  /**
   * Scenarios where its precondition held but it found nothing to check.
   */
  checkedNothing: number;
  /**
   * Checks made, over every scenario it checked (a verdict that does not count them counts one).
   */
  checks: number;
  passed: number;
  /**
   * Scenarios with a failure no expectation names.
   */
  failed: number;
  /**
   * Scenarios whose every failure was expected.
   */
  xfailed: number;
  contested: number;
}
/**
 * Scenarios the engine gave no usable trace for, by kind.
 */
export interface ShardEngineFailures {
  crash: number;
  timeout: number;
  "protocol-error": number;
}
export interface ShardCluster {
  signature: string;
  verdict: "fail" | "contested" | "crash" | "timeout" | "protocol-error";
  property?: string;
  /**
   * Named by an expectation.
   */
  xfail: boolean;
  expectation?: Expectation;
  /**
   * Scenarios of this shard that showed it.
   */
  count: number;
  /**
   * The number in the whole run (0-based) of the first scenario that showed it.
   */
  firstRun: number;
  first: Repro;
  repro?: Repro;
  shrinkSteps?: ShrinkSteps;
}
export interface ShardExpectations {
  file: string;
  /**
   * Expectations that did not occur in this shard although they had the chance.
   *
   * @maxItems 10000
   */
  stale: Expectation[];
  /**
   * The signatures of the expectations that occurred (in the run or in the store): stale nowhere.
   *
   * @maxItems 10000
   */
  seen: string[];
}
export interface ShardStore {
  /**
   * The engine's folder of this shard's failure store.
   */
  dir: string;
  /**
   * The findings of earlier runs it replayed first, as in the report.
   *
   * @maxItems 10000
   */
  replayed: StoredReplay[];
  /**
   * Every repro in that folder when the shard ended: the store `castcheck merge` makes is theirs.
   *
   * @maxItems 10000
   */
  findings: Repro[];
}
export interface ShardFeatureCount {
  feature: string;
  scenarios: number;
}
