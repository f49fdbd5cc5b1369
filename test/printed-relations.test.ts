// Relations rerun a scenario changed in one respect. Against an engine that knows printed cards only,
// the change must use printed cards too: relations.reduction-keeps-kicked adds Helm of Awakening
// there instead of its synthetic reducer. The restricted reference engine throws on any card beyond
// its capabilities, as such an engine would fail on it.
import { describe, expect, test } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { cardBeyond, expandCapabilities } from '../model/capabilities.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Capabilities, Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { neededCard } from '../properties/property.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

const PRINTED_ONLY = readCapabilities('examples/printed-only.capabilities.json');
const ID = 'relations.reduction-keeps-kicked';
const property = PROPERTIES.filter((p) => p.id === ID);

async function tallyOf(fault: string | undefined, caps: Capabilities) {
  const engine = restrictedTo(fault ? faultyReference(fault) : new ReferenceEngine(), caps);
  const result = await runSuite({ ...judgeFor(engine), properties: property, runs: 400, seed: 5 });
  return { tally: result.tallies.find((t) => t.property.id === ID)!, signatures: result.clusters.map((c) => c.signature) };
}

describe('relations against an engine that knows printed cards only', () => {
  test('a card beyond the capabilities is one neither known by name nor built from its definition, and the restricted engine refuses it', () => {
    const caps = expandCapabilities(PRINTED_ONLY);
    const oneLess: Scenario['cards'][number] = { id: 'x', definition: { name: 'One Less', manaCost: '{1}', types: ['Artifact'] } };
    expect(cardBeyond(caps, [{ id: 'h', oracle: 'Helm of Awakening' }])).toBeUndefined();
    expect(cardBeyond(caps, [oneLess])).toBe('One Less');
    const engine = restrictedTo(new ReferenceEngine(), PRINTED_ONLY);
    const scenario = (cards: Scenario['cards']) => normalizeScenario({ format: 'castcheck-scenario/1', cards, players: [{ id: 'p1', battlefield: cards.map((c) => ({ card: c.id })) }, { id: 'p2' }], actions: [] });
    expect(engine.runSync!(scenario([{ id: 'h', oracle: 'Helm of Awakening' }])).steps).toEqual([]);
    expect(() => engine.runSync!(scenario([oneLess]))).toThrow(/beyond the declared capabilities: One Less/);
  });

  test('the reducer is the synthetic one for an engine that builds it, else the printed one it knows', () => {
    const needs = property[0]!.needs!.card!;
    const synthetic = (features?: string[]) => expandCapabilities({ ...PRINTED_ONLY, cards: { ...PRINTED_ONLY.cards, synthetic: true, ...(features ? { syntheticFeatures: features as never } : {}) } });
    expect(neededCard(needs, undefined, 'r')).toEqual({ id: 'r', definition: needs.synthetic });
    expect(neededCard(needs, synthetic(), 'r')).toEqual({ id: 'r', definition: needs.synthetic });
    expect(neededCard(needs, synthetic(['static.costReduction']), 'r')).toEqual({ id: 'r', definition: needs.synthetic });
    // Builds cards, but not cost reductions: the printed one.
    expect(neededCard(needs, synthetic(['effect.damage']), 'r')).toEqual({ id: 'r', oracle: 'Helm of Awakening' });
    expect(neededCard(needs, expandCapabilities(PRINTED_ONLY), 'r')).toEqual({ id: 'r', oracle: 'Helm of Awakening' });
  });

  test('reduction-keeps-kicked reruns with Helm of Awakening and passes on a sound engine', async () => {
    const { tally, signatures } = await tallyOf(undefined, PRINTED_ONLY);
    expect(signatures).toEqual([]);
    expect(tally.checks).toBeGreaterThanOrEqual(30);
  });

  test('reduction-keeps-kicked fails on an engine that loses a reduction bigger than the mana cost', async () => {
    const { tally, signatures } = await tallyOf('reduction-before-additional-costs', PRINTED_ONLY);
    expect(tally.failed).toBeGreaterThan(0);
    expect(signatures).toEqual([ID]);
  });

  test('without Helm of Awakening among its cards, the relation is skipped with why, and nothing it cannot take is sent', async () => {
    const caps = { ...PRINTED_ONLY, cards: { ...PRINTED_ONLY.cards, oracle: PRINTED_ONLY.cards.oracle!.filter((n) => n !== 'Helm of Awakening') } };
    const { tally, signatures } = await tallyOf(undefined, caps);
    expect(signatures).toEqual([]);
    expect(tally.skipped).toBe('knows none of Helm of Awakening and does not build a card like One Less from its definition');
    expect(tally.checks).toBe(0);
  });
});
