// A cluster's repro is shrunk from its most severe scenario (issue 36): a changed game before a
// difference only of order.
import { describe, expect, it } from 'vitest';
import { keeps, severity } from '../runner/clusters.ts';

describe('the most severe member of a cluster', () => {
  const order = { step: 'a2', expected: 'stack[0].targets: ["p1","kavu"]', observed: 'stack[0].targets: ["kavu","p1"]' };
  const changed = { step: 'a2', expected: 'stack[0].targets: ["p1","kavu"]', observed: 'stack[0].targets: ["p2","kavu"]' };

  it('tells a difference of order only from a changed game', () => {
    expect(severity({ divergences: [order] })).toBe(0);
    expect(severity({ divergences: [changed] })).toBe(1);
    expect(severity({ divergences: [order, changed] })).toBe(1);
    expect(severity({ divergences: [{ step: 'a1', expected: 'players.p1.life: 20', observed: 'players.p1.life: 17' }] })).toBe(1);
  });

  it('keeps the most severe scenario, then the first generated', () => {
    const early = { run: 3, hit: { divergences: [order] } };
    const later = { run: 9, hit: { divergences: [changed] } };
    expect(keeps(early, later)).toBe(later);
    expect(keeps(later, early)).toBe(later);
    const first = { run: 1, hit: { divergences: [changed] } };
    expect(keeps(later, first)).toBe(first);
  });
});
