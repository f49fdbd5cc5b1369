// Every property is shown to pass on the reference engine's trace of a scenario it applies to, and
// to fail on a hand-made break of that trace, so that no property can be vacuous.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Scenario, StackSpell, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run, type CheckContext, type Property } from '../properties/property.ts';

const engine = new ReferenceEngine();

const kickedBoltCopied: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'bolt', oracle: 'Burst Lightning' },
    { id: 'pack', oracle: 'Gnarlid Pack' },
  ],
  players: [{ id: 'p1', hand: ['bolt', 'pack'], mana: { R: 1, G: 3, C: 8 } }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] },
    { do: 'copy', id: 'copy', spell: 'bolt' },
    { do: 'cast', card: 'pack', kicker: ['A'], multikicker: 2 },
    { do: 'cast', card: 'pack', multikicker: 2 },
  ],
};

const splicedSpike: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'spike', oracle: 'Lava Spike' },
    { id: 'ray', oracle: 'Glacial Ray' },
    { id: 'ritual', oracle: 'Desperate Ritual' },
  ],
  players: [{ id: 'p1', hand: ['spike', 'ray', 'ritual'], mana: { R: 3, C: 2 } }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'spike', splice: ['ray', 'ritual'], targets: [['p2'], ['p2']] },
    { do: 'resolve' },
  ],
};

/** The spell at a stack position after a step, for breaking its fields. */
function spellAt(t: Trace, step: number, position: number): StackSpell {
  const o = t.steps[step]!.state.stack[position]!;
  if (o.kind !== 'spell') throw new Error('not a spell');
  return o;
}

type Breaker = { scenario: Scenario; break: (t: Trace) => void; status?: 'fail' | 'contested' };

// Steps: kickedBoltCopied a1 cast bolt kicked, a2 copy, a3 pack with an unprinted kicker (rejected), a4 pack multikicked twice.
const breakers: Record<string, Breaker> = {
  'costs.mana-value-unchanged': {
    scenario: kickedBoltCopied,
    break: (t) => {
      spellAt(t, 0, 0).manaValue = 5;
    },
  },
  'costs.total-cost-paid': {
    scenario: kickedBoltCopied,
    break: (t) => {
      t.steps[0]!.state.players[0].mana = { G: 3, C: 5 };
    },
  },
  'kicker.declarations': {
    scenario: kickedBoltCopied,
    break: (t) => {
      spellAt(t, 3, 2).timesKicked = 1;
    },
  },
  'copies.kicked-like-original': {
    scenario: kickedBoltCopied,
    break: (t) => {
      spellAt(t, 1, 1).kicked = false;
    },
  },
  'splice.card-stays-in-hand': {
    scenario: splicedSpike,
    break: (t) => {
      t.steps[1]!.state.players[0].hand = ['ritual'];
      t.steps[1]!.state.players[0].graveyard = ['spike', 'ray'];
    },
  },
  'splice.keeps-main-characteristics': {
    scenario: splicedSpike,
    break: (t) => {
      spellAt(t, 0, 0).types = ['Sorcery', 'Instant'];
    },
  },
  'casting.rejection-changes-nothing': {
    scenario: kickedBoltCopied,
    break: (t) => {
      t.steps[2]!.state.players[0].hand = [];
    },
  },
};

/** Checks with the reference engine standing in for reruns and agreement. */
async function verdictOf(p: Property, s: NormalizedScenario, t: Trace) {
  expect(p.applies(s)).toBe(true);
  const ctx: CheckContext = {
    readings: { spliceCopy: 'ruling' },
    rerun: async (variant) => new Run(normalizeScenario(variant), engine.runSync(variant)),
    reference: async () => new Run(s, engine.runSync(s)),
  };
  return p.check(new Run(s, t), ctx);
}

describe('properties', () => {
  it('have unique ids, rules and statements', () => {
    expect(new Set(PROPERTIES.map((p) => p.id)).size).toBe(PROPERTIES.length);
    for (const p of PROPERTIES) {
      expect(p.rules.length, p.id).toBeGreaterThan(0);
      for (const r of p.rules) expect(r, p.id).toMatch(/^\d{3}(\.\d+[a-z]?)?$/);
      expect(p.statement.length, p.id).toBeGreaterThan(20);
    }
  });

  for (const p of PROPERTIES) {
    describe(p.id, () => {
      const b = breakers[p.id];
      it('has a hand-made trace that breaks it', () => {
        expect(b, `add a breaker for ${p.id}`).toBeDefined();
      });
      if (!b) return;
      const scenario = normalizeScenario(b.scenario);
      it('passes on the reference engine', async () => {
        expect(await verdictOf(p, scenario, engine.runSync(scenario))).toEqual({ status: 'pass' });
      });
      it('fails on the broken trace', async () => {
        const trace = engine.runSync(scenario);
        b.break(trace);
        expect(await verdictOf(p, scenario, trace)).toMatchObject({ status: b.status ?? 'fail' });
      });
    });
  }
});
