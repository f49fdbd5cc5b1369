import { describe, expect, test } from 'vitest';
import { FeatureStats, shareUpperBound } from '../generators/stats.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Scenario } from '../model/schema-types.ts';

describe('coverage gates', () => {
  test('the upper bound of a share is above the share, and closes in on it as scenarios grow', () => {
    expect(shareUpperBound(55, 1000)).toBeGreaterThan(0.055);
    expect(shareUpperBound(550, 10000)).toBeLessThan(shareUpperBound(55, 1000));
    expect(shareUpperBound(0, 0)).toBe(1);
    expect(shareUpperBound(1000, 1000)).toBe(1);
  });

  // At 1,000 scenarios a feature seen 40 times (4%, a plausible draw for a true share of 5.5%) is not
  // under a 5% floor beyond chance; one seen 25 times (2.5%) is.
  test('a feature fails its gate only when its share is under the floor beyond chance', () => {
    expect(shareUpperBound(40, 1000)).toBeGreaterThan(0.05);
    expect(shareUpperBound(25, 1000)).toBeLessThan(0.05);
    const caps = new ReferenceEngine().capabilities;
    const stats = new FeatureStats();
    const kicked: Scenario = { format: 'castcheck-scenario/1', cards: [{ id: 'k', oracle: 'Burst Lightning' }], players: [{ id: 'p1', mana: { R: 9 } }, { id: 'p2' }], actions: [{ do: 'cast', card: 'k', kicker: ['A'], targets: [['p2']] }] };
    const plain: Scenario = { ...kicked, actions: [{ do: 'cast', card: 'k', targets: [['p2']] }] };
    for (let i = 0; i < 1000; i++) stats.add(i < 40 ? kicked : plain);
    expect(stats.results(caps, 0.05).find((g) => g.feature.id === 'kicked')!.belowFloor).toBe(false);
    const few = new FeatureStats();
    for (let i = 0; i < 1000; i++) few.add(i < 25 ? kicked : plain);
    expect(few.results(caps, 0.05).find((g) => g.feature.id === 'kicked')!.belowFloor).toBe(true);
  });
});
