// A spell whose effect depends on the board as it resolves (generators/spell-conditions.ts): Horobi's
// Whisper cast first at p2's creature, the Swamp its condition asks for destroyed, bounced, put onto
// the battlefield or left while it is on the stack (CR 608.2c); drawn only where the engine knows the
// card and can change the board.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Builder } from '../generators/builder.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { spellConditionActions, spellConditionArb, spellConditionPossible } from '../generators/spell-conditions.ts';
import { contextFor } from '../generators/context.ts';
import { catalog } from '../model/catalog.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { BARE_CAPABILITIES, CONTEXTS, PRINTED_CAPABILITIES, samples } from './fixtures/generator-parts.ts';
import { CONDITION_CHANGES, type Plan } from '../generators/plan.ts';

describe("a spell's condition about the board that changes before it resolves", () => {
  it('is drawn one scenario in seven or so where the engine knows such a spell, never otherwise', () => {
    const drawn = samples(spellConditionArb(CONTEXTS['printed-only']), 700).filter((x) => x !== null);
    expect(drawn.length).toBeGreaterThan(50);
    expect(new Set(drawn.map((p) => p!.card.name))).toEqual(new Set(["Horobi's Whisper"]));
    expect(new Set(drawn.map((p) => p!.change))).toEqual(new Set(CONDITION_CHANGES));
    expect(spellConditionPossible(contextFor(BARE_CAPABILITIES))).toBe(false);
  });

  it('casts the spell at p2 creature, changes the condition, then resolves the spell', () => {
    const ctx = CONTEXTS['printed-only'];
    const card = catalog().get("Horobi's Whisper")!;
    const made = (change: (typeof CONDITION_CHANGES)[number]) => {
      const b = new Builder(false);
      // Only the fields the part reads: no watcher on the board, and the spell's plan.
      const plan = { watchers: [], spellCondition: { card, change } } as unknown as Plan;
      const changed = spellConditionActions(plan, b, ctx);
      return { changed, actions: b.actions, p1: b.battlefield.p1.map((p) => p.card), hand: b.hand, p2: b.battlefield.p2.map((p) => p.card) };
    };
    const cast = { do: 'cast', card: 'scond', targets: [['scondT']] };
    expect(made('destroyed')).toEqual({ changed: true, actions: [cast, { do: 'destroy', permanent: 'scondEn' }, { do: 'resolve' }], p1: ['scondEn'], hand: ['scond'], p2: ['scondT'] });
    expect(made('bounced').actions).toEqual([cast, { do: 'bounce', object: 'scondEn' }, { do: 'resolve' }]);
    expect(made('late')).toEqual({ changed: true, actions: [cast, { do: 'putOntoBattlefield', card: 'scondEn' }, { do: 'resolve' }], p1: [], hand: ['scond', 'scondEn'], p2: ['scondT'] });
    expect(made('kept')).toMatchObject({ changed: false, actions: [cast, { do: 'resolve' }] });
  });

  it('is played by the reference engine in generated scenarios: the spell accepted and resolved, the stack empty again before the main cast', () => {
    const engine = new ReferenceEngine();
    const scenarios = fc.sample(scenarioArb({ capabilities: PRINTED_CAPABILITIES }), { seed: 5, numRuns: 300 }).filter((s) => s.actions[0]?.do === 'cast' && s.actions[0].card === 'scond');
    expect(scenarios.length).toBeGreaterThan(15);
    for (const s of scenarios) {
      const trace = engine.runSync(s);
      expect(trace.steps[0]!.outcome).toBe('accepted');
      const main = s.actions.findIndex((a) => a.do === 'cast' && a.card !== 'scond');
      const before = main === -1 ? trace.steps.at(-1)! : trace.steps[main - 1]!;
      expect(before.state.stack.some((o) => o.id === 'scond')).toBe(false);
    }
  });
});
