// The generators respect what an engine declares, each part on its own: actions and mechanics
// separately, the finer actions, synthetic cards by feature, and the choices it can be told.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CAPABILITIES } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { cardFeatures, expandCapabilities } from '../model/capabilities.ts';
import { catalog } from '../model/catalog.ts';
import type { Capabilities, CardFeature, Scenario } from '../model/schema-types.ts';

const all: Capabilities = { ...REFERENCE_CAPABILITIES, cards: { synthetic: true, oracle: [...catalog().keys()] } };
const sample = (caps: Capabilities, n = 400): Scenario[] => fc.sample(scenarioArb({ capabilities: caps }), { seed: 11, numRuns: n });
const actions = (ss: Scenario[]) => ss.flatMap((s) => s.actions);

describe('capability negotiation', () => {
  it('gives no copy action to an engine that declares copy as a mechanic but not as an action', () => {
    const caps: Capabilities = { ...all, actions: all.actions.filter((a) => a !== 'copy') };
    const ss = sample(caps);
    expect(actions(ss).filter((a) => a.do === 'copy')).toEqual([]);
    // Copies still come from copy cards it knows.
    expect(actions(ss).some((a) => a.do === 'resolve' && a.id?.startsWith('copy'))).toBe(true);
  });

  it('reads the coarse actions as their finer parts, and the finer ones on their own', () => {
    expect(expandCapabilities({ ...all, actions: ['bounce', 'destroyAll'] }).actions.sort()).toEqual(['bounce', 'bouncePermanent', 'bounceSpell', 'destroyAll', 'destroyAllCreatures', 'destroyAllLands']);
    expect(expandCapabilities({ ...all, actions: ['bounceSpell', 'bouncePermanent'] }).actions).toContain('bounce');
    const fine: Capabilities = { ...all, actions: ['cast', 'resolve', 'bounceSpell', 'destroyAllLands'] };
    const acts = actions(sample(fine));
    expect(acts.some((a) => a.do === 'bounce')).toBe(true);
    expect(acts.some((a) => a.do === 'destroyAll')).toBe(true);
    expect(new Set(acts.map((a) => a.do))).toEqual(new Set(['cast', 'resolve', 'bounce', 'destroyAll']));
    // bouncePermanent alone is asked for nothing; destroyAllCreatures only for the destroy-all of
    // creatures some scenarios end with, never for lands.
    const noSpells: Capabilities = { ...all, actions: ['cast', 'resolve', 'bouncePermanent', 'destroyAllCreatures'] };
    const scenarios = sample(noSpells);
    expect(actions(scenarios).filter((a) => a.do === 'bounce')).toEqual([]);
    const destroyAlls = scenarios.filter((s) => s.actions.some((a) => a.do === 'destroyAll'));
    expect(destroyAlls.length).toBeGreaterThan(0);
    for (const s of destroyAlls) {
      expect(s.actions.filter((a) => a.do === 'destroyAll')).toEqual([{ do: 'destroyAll', filter: { types: ['Creature'] } }]);
      expect(s.actions.at(-1)).toEqual({ do: 'destroyAll', filter: { types: ['Creature'] } });
    }
  });

  it('sends as definitions only the cards the engine builds with its card features', () => {
    const allowed: CardFeature[] = ['effect.damage', 'effect.gainLife', 'effect.draw', 'trigger.spellCast', 'entersWith'];
    const caps: Capabilities = { ...all, cards: { ...all.cards, syntheticFeatures: allowed } };
    const ss = sample(caps);
    const defined = ss.flatMap((s) => s.cards.filter((c) => c.definition !== undefined && c.oracle === undefined).map((c) => c.definition!));
    expect(defined.length).toBeGreaterThan(100);
    const outside = defined.filter((d) => cardFeatures(d).some((f) => !allowed.includes(f)));
    expect(outside.map((d) => `${d.name}: ${cardFeatures(d).join(', ')}`).slice(0, 3)).toEqual([]);
    // Cast watchers it can build are still generated.
    expect(defined.some((d) => cardFeatures(d).includes('trigger.spellCast'))).toBe(true);
  });

  it('makes no choice matter that the engine cannot be told', () => {
    const caps: Capabilities = { ...all, choices: [] };
    const ss = sample(caps);
    expect(actions(ss).filter((a) => (a.do === 'copy' || a.do === 'resolve') && a.newTargets !== undefined)).toEqual([]);
    for (const s of ss) {
      const watchers = s.players.flatMap((p) => (p.battlefield ?? []).filter((b) => /^w\d+$/.test(b.card)).map(() => p.id));
      expect(new Set(watchers).size).toBe(watchers.length);
      for (const c of s.cards) {
        const d = c.definition ?? catalog().get(c.oracle!)!;
        expect((d.triggers ?? []).filter((t) => t.targets?.length), d.name).toEqual([]);
        expect((d.effects ?? []).filter((e) => e.kind === 'sacrifice' || e.kind === 'discard'), d.name).toEqual([]);
      }
    }
    // With every choice, the same generator does give copies new targets.
    expect(actions(sample(all)).some((a) => (a.do === 'copy' || a.do === 'resolve') && a.newTargets !== undefined)).toBe(true);
  });
});
