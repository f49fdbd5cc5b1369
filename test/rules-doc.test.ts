import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRulesDoc, ruleCheckProblems, ruleChecks, RULES_DOC } from '../properties/rules-index.ts';

describe('the rules the properties check', () => {
  it('leave no cited subrule without a property or a reason', () => {
    expect(ruleCheckProblems()).toEqual([]);
  });

  it('cover the subrules the catalog promises', () => {
    const ids = ruleChecks().map((c) => c.rule.id);
    for (const family of ['702.33', '702.47', '603.2']) expect(ids.some((id) => id.startsWith(`${family}a`) || id === family), family).toBe(true);
    for (const id of ['601.2b', '601.2c', '601.2f', '601.2h', '601.2i', '118.8d', '118.9d', '202.3e', '603.4', '603.6d', '400.7', '733.1', '707.10c', '707.10f']) {
      expect(ruleChecks().find((c) => c.rule.id === id)?.properties.length, id).toBeGreaterThan(0);
    }
  });

  it('are documented in docs/RULES.md, kept current (npm run docs)', () => {
    expect(readFileSync(RULES_DOC, 'utf8')).toBe(renderRulesDoc());
  });
});
