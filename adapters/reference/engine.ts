// The reference engine: the executable reading of the rules, in process and deterministic.
import type { Engine } from '../engine.ts';
import type { Capabilities, EngineId, Scenario, Step, Trace } from '../../model/schema-types.ts';
import { isNormalized, normalizeScenario, type NAction } from '../../model/scenario.ts';
import { catalog } from '../../model/catalog.ts';
import { version } from '../../model/version.ts';
import { cloneSealedGame, gameOver, initialGame, sealGame, type Game } from './game.ts';
import type { Rejection } from './kicker.ts';
import { Observer } from './observe.ts';
import { resolveTop } from './resolve.ts';
import { referenceRules } from './rules.ts';
import type { Rules, RulesOptions } from './rules-table.ts';
import { counterSpell, destroy, destroyAll, putOntoBattlefield, setTapped } from './actions.ts';
import { putTriggersOnStack } from './triggers.ts';
import { roundPrefix } from '../../model/conventions.ts';
import { expandCapabilities } from '../../model/capabilities.ts';
import { diffStates, formatDifferences } from '../../model/compare.ts';
import type { ResyncPoint } from '../../model/resync.ts';
import { resyncedGame } from './resync.ts';

// A guard against cards that trigger each other forever, not a rule: a long chain that ends must be
// resolved to the end. Seven multikicks of a token maker entering twice beside two Trigger Doublers and
// token watchers made over 200 resolutions in one step (the generators at seed 150562); the longest
// chains they can build stay under 2,000 by a rough count.
const MAX_RESOLUTIONS = 10_000;

/**
 * A change to the reference rules, made from outside the engine: a named fault (adapters/faults/)
 * is one. `apply` is given the rules as they are and returns them with one entry changed.
 */
export interface RulesChange {
  id: string;
  apply(base: Rules): Rules;
}

export interface ReferenceEngineOptions extends Partial<RulesOptions> {
  /** Changes applied one after the other to the reference rules; the engine names itself after them (its id's fault). */
  changes?: readonly RulesChange[];
}

export const REFERENCE_CAPABILITIES: Omit<Capabilities, 'cards'> = {
  mechanics: ['kicker', 'kickerAB', 'multikicker', 'splice', 'copy', 'x', 'freeCast', 'sacrificeCost', 'costModifiers', 'triggers', 'triggerMultiplier', 'protection', 'tokens'],
  actions: ['cast', 'copy', 'resolve', 'counter', 'putOntoBattlefield', 'flicker', 'clone', 'bounce', 'destroy', 'destroyAll', 'tap', 'untap'],
  observes: [
    'step.triggered',
    'step.events',
    'stack.kicked',
    'stack.manaCost',
    'stack.kicker',
    'stack.multikicker',
    'stack.timesKicked',
    'stack.spliced',
    'stack.x',
    'stack.totalCost',
    'ability.targets',
    'permanent.kicked',
    'permanent.powerToughness',
    'player.mana',
    'player.library',
  ],
  choices: ['copyTargets', 'triggerOrder', 'triggerTargets', 'resolutionChoices'],
};

export class ReferenceEngine implements Engine {
  readonly id: EngineId;
  readonly capabilities: Capabilities;
  readonly tracesChecked = true;
  private readonly rules: Rules;
  private readonly observer: Observer;

  constructor(options: ReferenceEngineOptions = {}) {
    const { changes = [], ...ruleOptions } = options;
    const rules = changes.reduce((r, change) => change.apply(r), referenceRules(ruleOptions));
    this.rules = rules;
    this.observer = new Observer(rules);
    this.id = { name: 'reference', version, ...(changes.length > 0 ? { fault: changes.map((c) => c.id).join(',') } : {}) };
    // Declared with the finer actions spelled out, as an engine in another process is read (model/capabilities.ts).
    this.capabilities = expandCapabilities({ ...REFERENCE_CAPABILITIES, cards: { synthetic: true, oracle: [...catalog().keys()] } });
  }

  run(scenario: Scenario): Promise<Trace> {
    return Promise.resolve(this.runSync(scenario));
  }

  runSync(scenario: Scenario): Trace {
    return this.play(scenario, []) as Trace;
  }

  /**
   * The run of a scenario in which, after each point's step, the game goes on from the state the point
   * gives (an engine under test's, for agreement: model/resync.ts); or why the reference engine cannot
   * take one of those states.
   */
  runResynced(scenario: Scenario, points: readonly ResyncPoint[]): Trace | string {
    return this.play(scenario, points);
  }

  private play(scenario: Scenario, points: readonly ResyncPoint[]): Trace | string {
    const s = isNormalized(scenario) ? scenario : normalizeScenario(scenario);
    let game = initialGame(s);
    sealGame(game);
    const initialState = this.observer.observe(game);
    const steps: Step[] = [];
    for (const action of s.actions) {
      const point = points.find((p) => p.after === steps.length - 1);
      if (point) {
        const taken = resyncedGame(game, point.state, this.rules);
        if (typeof taken === 'string') return taken;
        sealGame(taken);
        // What the reference engine now shows must be what the engine showed, or the later steps would
        // be judged from another state than the engine's.
        const off = diffStates(this.observer.observe(taken), point.state);
        if (off.length > 0) return `the reference engine does not show the state it was given: ${formatDifferences(off)}`;
        game = taken;
      }
      // Each action works on a copy of the game that shares what it does not change (cloneGame): a
      // rejected one leaves the game as it was (CR 733.1).
      const next = cloneSealedGame(game);
      const outcome: Rejection | NonNullable<Step['triggered']> = gameOver(game)
        ? { reason: 'game-over', message: `${game.players.filter((p) => p.lost).map((p) => p.id).join(' and ')} lost the game: no action can be taken (CR 104.2a)` }
        : this.perform(next, action);
      if ('reason' in outcome) {
        const undone = this.rules.rollback(game, next);
        // The reference rules give back the game as it was, sealed already; a fault may build another.
        if (undone !== game) sealGame(undone);
        game = undone;
        steps.push({ action: action.id, outcome: 'rejected', reason: outcome.reason, message: outcome.message, state: this.observer.observe(game) });
        continue;
      }
      game = next;
      sealGame(game);
      const step: Step = { action: action.id, outcome: 'accepted', state: this.observer.observe(game) };
      if (outcome.length > 0) step.triggered = outcome;
      if (game.events.length > 0) step.events = game.events;
      steps.push(step);
    }
    return { format: 'castcheck-trace/1', engine: this.id, ...(s.id !== undefined ? { scenario: s.id } : {}), initialState, steps };
  }

  /** Performs one action, then state-based actions, then puts what triggered on the stack. */
  private perform(g: Game, action: NAction): Rejection | NonNullable<Step['triggered']> {
    const r = this.rules;
    if (action.do === 'resolve' && action.untilEmpty) return this.resolveUntilEmpty(g, action);
    const rejection = this.apply(g, action);
    if (rejection) return rejection;
    r.stateBasedActions(g, r, action.do === 'resolve' ? (action.choices ?? []) : []);
    return putTriggersOnStack(g, action, r);
  }

  /**
   * Players keep passing priority: each object resolves, then state-based actions and new triggers
   * (CR 117.5), until the stack is empty. Triggers named along the way take the action's id.
   */
  private resolveUntilEmpty(g: Game, action: NAction & { do: 'resolve' }): Rejection | NonNullable<Step['triggered']> {
    const r = this.rules;
    const triggered: NonNullable<Step['triggered']> = [];
    for (let round = 1; g.stack.length > 0 && !gameOver(g); round++) {
      // A loop of triggers that never empties the stack would be a bug in the scenario's cards.
      if (round > MAX_RESOLUTIONS) return { reason: 'empty-stack', message: `the stack did not empty after ${MAX_RESOLUTIONS} resolutions` };
      const rejection = resolveTop(g, action, r);
      if (rejection) return rejection;
      r.stateBasedActions(g, r, action.choices ?? []);
      const more = putTriggersOnStack(g, { ...action, id: roundPrefix(action.id, round) }, r);
      if ('reason' in more) return more;
      triggered.push(...more);
    }
    return triggered;
  }

  private apply(g: Game, action: NAction): Rejection | null {
    const r = this.rules;
    switch (action.do) {
      case 'cast':
        return r.castSpell(g, action, r);
      case 'copy':
        return r.putCopyOnStack(g, action.spell, { id: action.id, controller: action.player, ...(action.newTargets ? { newTargets: action.newTargets } : {}) }, r);
      case 'resolve':
        return resolveTop(g, action, r);
      case 'counter':
        return counterSpell(g, action.spell, r);
      case 'putOntoBattlefield':
        return putOntoBattlefield(g, action.card, action.player, action.tapped ?? false, r);
      case 'flicker':
        return r.flicker(g, action.permanent, r);
      case 'clone':
        return r.clone(g, action.card, action.copyOf, action.player, r);
      case 'bounce':
        return r.bounce(g, action.object, r);
      case 'destroy':
        return destroy(g, action.permanent, r);
      case 'destroyAll':
        return destroyAll(g, action.filter, r);
      case 'tap':
        return setTapped(g, action.permanent, true, r);
      case 'untap':
        return setTapped(g, action.permanent, false, r);
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
