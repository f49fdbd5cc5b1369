// The rules coverage table stays current, and every cited subrule and digest entry has a fixed
// case or says why it has none.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCases } from '../runner/cases.ts';
import { citedRules, COVERAGE_DOC, coverageProblems, currentCoverage, digestEntries } from '../runner/rules-coverage.ts';

const cases = loadCases();
const letters = (base: string, last: string) => [...'abcdefghijklm'].slice(0, 'abcdefghijklm'.indexOf(last) + 1).map((l) => `${base}${l}`);

describe('rules coverage', () => {
  it('lists every subrule the issues name, and the other subrules the properties cite', () => {
    const expected = [
      ...letters('702.33', 'h'),
      ...letters('702.47', 'e'),
      '603.2', ...letters('603.2', 'h'),
      '603.4', '603.6d',
      '707.2', ...letters('707.2', 'c'),
      '707.10', ...letters('707.10', 'g'),
      '118.8', '118.8d', '118.9', '118.9d',
      '601.2', '601.2a', '601.2b', '601.2c', '601.2f', '601.2h', '601.2i',
      '202.3', '202.3e',
      // 400.7 has no subrule l.
      '400.7', ...letters('400.7', 'k'), '400.7m',
      '733.1',
      // Losing the game, the legend rule, token names, one zone each, no self-targets, resolution order, countering.
      '104.2a', '111.4', '115.5', '400.1', '608.2a', '608.2c', '608.2n', '701.5a', '704.5a', '704.5b', '704.5j',
    ];
    expect(citedRules().rules.map((r) => r.id).sort()).toEqual([...expected].sort());
  });

  it('gives every subrule and digest entry a fixed case or a reason, and cases cite only listed ones', () => {
    expect(coverageProblems(citedRules(), digestEntries(), cases)).toEqual([]);
  });

  it('proves every composite scenario of digest section 12 with a case', () => {
    for (let n = 1; n <= 15; n++) {
      const id = `12.${n}`;
      expect(cases.some((c) => c.case.digest?.includes(id)), id).toBe(true);
    }
  });

  it('has both readings of a copied spliced spell, the literal one switched and marked contested', () => {
    const literal = cases.filter((c) => c.case.digest?.includes('10/literal-reading'));
    expect(literal.length).toBeGreaterThan(0);
    for (const c of literal) {
      expect(c.case.options?.spliceCopy).toBe('literal');
      expect(c.case.contested).toMatch(/Everdream/);
    }
    expect(cases.some((c) => c.case.digest?.includes('10/copy-keeps-splice') && c.case.options?.spliceCopy !== 'literal')).toBe(true);
  });

  it('notices a subrule with no case and no reason, a stale reason, and a case citing an unlisted subrule', () => {
    const cited = citedRules();
    const broken = {
      families: cited.families,
      rules: cited.rules
        .filter((r) => r.id !== '702.33g')
        .map((r) => (r.id === '702.33h' ? { id: r.id, says: r.says } : r.id === '702.33a' ? { ...r, uncovered: 'no reason' } : r)),
    };
    const problems = coverageProblems(broken, digestEntries(), cases);
    expect(problems).toContain('rule 702.33h has no fixed case and no reason why');
    expect(problems.some((p) => /^rule 702\.33a says why no case covers it, but \d+ case\(s\) do$/.test(p))).toBe(true);
    expect(problems.some((p) => /cites 702\.33g, which model\/cited-rules\.json does not list/.test(p))).toBe(true);
  });

  it('is written out: docs/RULES-COVERAGE.md is current (run `npm run rules-coverage`)', () => {
    expect(readFileSync(COVERAGE_DOC, 'utf8')).toBe(currentCoverage());
  });
});
