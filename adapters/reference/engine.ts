// The reference engine: the executable reading of the rules, in process and deterministic.
import type { Engine } from '../engine.ts';
import type { Capabilities, EngineId, Scenario, Step, Trace } from '../../model/schema-types.ts';
import { isNormalized, normalizeScenario, type NAction } from '../../model/scenario.ts';
import { cloneGame, initialGame, type Game } from './game.ts';
import type { Rejection } from './kicker.ts';
import { observe } from './observe.ts';
import { resolveTop } from './resolve.ts';
import { referenceRules, type Rules, type RulesOptions } from './rules.ts';
import { faultById, FAULTS } from './faults.ts';
import { InputError } from '../../model/errors.ts';
import { catalog } from '../../model/catalog.ts';
import { version } from '../../model/version.ts';

export interface ReferenceEngineOptions extends Partial<RulesOptions> {
  fault?: string;
}

export class ReferenceEngine implements Engine {
  readonly id: EngineId;
  readonly capabilities: Capabilities;
  private readonly rules: Rules;

  constructor(options: ReferenceEngineOptions = {}) {
    const { fault, ...ruleOptions } = options;
    let rules = referenceRules(ruleOptions);
    if (fault !== undefined) {
      const f = faultById(fault);
      if (!f) throw new InputError(`unknown fault '${fault}'; the faults are: ${FAULTS.map((x) => x.id).join(', ')}`);
      rules = f.apply(rules);
    }
    this.rules = rules;
    this.id = { name: 'reference', version, ...(fault !== undefined ? { fault } : {}) };
    this.capabilities = {
      mechanics: ['kicker', 'kickerAB', 'multikicker', 'splice', 'copy', 'x', 'freeCast', 'sacrificeCost'],
      actions: ['cast', 'copy', 'resolve', 'counter'],
      cards: { synthetic: true, oracle: [...catalog().keys()] },
      observes: [
        'stack.manaCost',
        'stack.kicker',
        'stack.multikicker',
        'stack.timesKicked',
        'stack.spliced',
        'stack.x',
        'stack.totalCost',
        'permanent.kicked',
        'permanent.powerToughness',
        'player.mana',
        'player.library',
      ],
    };
  }

  run(scenario: Scenario): Promise<Trace> {
    return Promise.resolve(this.runSync(scenario));
  }

  runSync(scenario: Scenario): Trace {
    const s = isNormalized(scenario) ? scenario : normalizeScenario(scenario);
    let game = initialGame(s);
    const steps: Step[] = [];
    for (const action of s.actions) {
      // Each action works on a copy of the game: a rejected one leaves it as it was (CR 733.1).
      const next = cloneGame(game);
      const rejection = this.apply(next, action);
      if (rejection) {
        steps.push({ action: action.id, outcome: 'rejected', reason: rejection.reason, message: rejection.message, state: observe(game, this.rules) });
      } else {
        game = next;
        steps.push({ action: action.id, outcome: 'accepted', state: observe(game, this.rules) });
      }
    }
    return { format: 'castcheck-trace/1', engine: this.id, ...(s.id !== undefined ? { scenario: s.id } : {}), steps };
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
      case 'counter': {
        const index = g.stack.findIndex((s) => s.id === action.spell);
        if (index === -1) return { reason: g.cards.has(action.spell) ? 'not-a-spell' : 'no-such-object', message: `'${action.spell}' is not a spell on the stack` };
        const [spell] = g.stack.splice(index, 1);
        // A countered card goes to its owner's graveyard; a countered copy ceases to exist.
        if (spell && !spell.copy) g.players[spell.owner === 'p1' ? 0 : 1].graveyard.push(spell.card);
        return null;
      }
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
