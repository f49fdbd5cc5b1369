// A run as castcheck sees it: the scenario's actions, each with the step an engine reported and the
// observed states before and after it, cut where a player has lost (CR 704.5a-b). What the oracle
// predicts from and what the properties compare with; facts several of them ask for are kept here,
// worked out once.
import type { ObservedPermanent, ObservedState, Step, StackSpell, Trace, CardDefinition } from '../model/schema-types.ts';
import { definitionsOf, type NAction, type NCastAction, type NormalizedScenario } from '../model/scenario.ts';
import { initialObservedState } from '../model/initial-state.ts';

/** One action with the states around it. */
export interface RunStep {
  index: number;
  action: NAction;
  step: Step;
  before: ObservedState;
  after: ObservedState;
}

export class Run {
  /**
   * The steps while the game is on: up to the one after which the engine shows a player who has lost
   * (CR 704.5a-b). Rules about casting and resolving say nothing of the actions after the game ended.
   */
  readonly steps: RunStep[];
  /** Every step, those after the game ended included. */
  readonly allSteps: RunStep[];
  private readonly defs: ReadonlyMap<string, CardDefinition>;

  constructor(
    readonly scenario: NormalizedScenario,
    readonly trace: Trace,
  ) {
    this.defs = definitionsOf(scenario);
    this.allSteps = [];
    const count = Math.min(scenario.actions.length, trace.steps.length);
    for (let i = 0; i < count; i++) {
      const step = trace.steps[i]!;
      const action = scenario.actions[i]!;
      if (i === 0) this.allSteps.push(firstStep(scenario, action, step));
      else this.allSteps.push({ index: i, action, step, before: trace.steps[i - 1]!.state, after: step.state });
    }
    this.steps = this.allSteps;
    // Every run judged is cut here, the reference's too: loops, no callbacks.
    for (let i = 0; i < this.allSteps.length; i++) {
      const players = this.allSteps[i]!.after.players;
      let lost = false;
      for (const p of players) if (p.lost) lost = true;
      if (lost) {
        this.steps = this.allSteps.slice(0, i + 1);
        break;
      }
    }
  }

  def(cardId: string): CardDefinition | undefined {
    return this.defs.get(cardId);
  }

  private acceptedSteps?: RunStep[];

  /** The accepted steps while the game is on; one list, shared by the properties that ask. */
  accepted(): RunStep[] {
    return (this.acceptedSteps ??= this.steps.filter((s) => s.step.outcome === 'accepted'));
  }

  private castList?: CastStep[];
  private acceptedCastList?: CastStep[];

  /** The cast steps while the game is on; one list, shared by the properties of casting and costs. */
  casts(): CastStep[] {
    return (this.castList ??= this.steps.filter(isCast));
  }

  /** The accepted cast steps while the game is on. */
  acceptedCasts(): CastStep[] {
    return (this.acceptedCastList ??= this.accepted().filter(isCast));
  }

  private readonly facts = new Map<string, unknown>();

  /** A fact about the run that several properties ask for, worked out once; `key` names it. */
  shared<T>(key: string, compute: () => T): T {
    const known = this.facts.get(key);
    if (known !== undefined || this.facts.has(key)) return known as T;
    const value = compute();
    this.facts.set(key, value);
    return value;
  }

  /** A fact about one argument (a step, a step's index) that several properties ask for, worked out once per argument. */
  memo<K, T>(key: string, arg: K, compute: () => T): T {
    // Asked many times a step by many properties: one lookup where the answer is known, no closure.
    let known = this.facts.get(key) as Map<K, T> | undefined;
    if (known === undefined) this.facts.set(key, (known = new Map<K, T>()));
    const value = known.get(arg);
    if (value !== undefined || known.has(arg)) return value as T;
    const computed = compute();
    known.set(arg, computed);
    return computed;
  }

  // Facts about steps, by key, in lists by step index: the most asked of all (a cast's, a resolution's, a copy's).
  private readonly stepFacts = new Map<string, unknown[]>();

  /** A fact about one of this run's steps that several properties ask for, worked out once. */
  ofStep<T>(step: RunStep, key: string, compute: () => T): T {
    if (this.allSteps[step.index] !== step) return compute();
    let known = this.stepFacts.get(key);
    if (known === undefined) this.stepFacts.set(key, (known = new Array<unknown>(this.allSteps.length).fill(NOT_YET)));
    const value = known[step.index];
    if (value !== NOT_YET) return value as T;
    const computed = compute();
    known[step.index] = computed;
    return computed;
  }
}

/** A step fact not yet worked out (undefined is a fact like any other). */
const NOT_YET: unique symbol = Symbol('not yet');

/** A step that casts a spell. */
export type CastStep = RunStep & { action: NCastAction };

const isCast = (s: RunStep): s is CastStep => s.action.do === 'cast';

/**
 * The first step, whose state before is the scenario's start: built only when a property reads it.
 * A class, not a literal with a getter: every run judged makes one, and a literal with an accessor
 * is built the slow way each time.
 */
class FirstStep implements RunStep {
  readonly index = 0;
  readonly after: ObservedState;
  private start: ObservedState | undefined;

  constructor(
    private readonly scenario: NormalizedScenario,
    readonly action: NAction,
    readonly step: Step,
  ) {
    this.after = step.state;
  }

  get before(): ObservedState {
    return (this.start ??= initialObservedState(this.scenario));
  }
}

function firstStep(scenario: NormalizedScenario, action: NAction, step: Step): RunStep {
  return new FirstStep(scenario, action, step);
}

/** The spells on the stack, bottom first, without the abilities. */
export function spells(state: ObservedState): readonly StackSpell[] {
  // Read at every step: a stack of spells alone (the common case) is its own list, no copy made.
  const stack = state.stack;
  for (let i = 0; i < stack.length; i++) if (stack[i]!.kind !== 'spell') return stack.filter((o): o is StackSpell => o.kind === 'spell');
  return stack as readonly StackSpell[];
}

/** The permanent of an id on the battlefield, by a loop: asked for permanents at every step by many properties. */
export function permanentOn(state: ObservedState, id: string): ObservedPermanent | undefined {
  const battlefield = state.battlefield;
  for (let i = 0; i < battlefield.length; i++) if (battlefield[i]!.id === id) return battlefield[i];
  return undefined;
}

export function spellOnStack(state: ObservedState, id: string): StackSpell | undefined {
  // A loop, no list of the spells made: asked of every cast by many properties.
  for (const o of state.stack) if (o.kind === 'spell' && o.id === id) return o;
  return undefined;
}

/** What several properties ask of the same cast, worked out once per run. */
export function ofTheCast<T>(run: Run, step: RunStep, a: NCastAction, key: string, compute: () => T): T {
  return a === step.action ? run.ofStep(step, key, compute) : compute();
}
