// The index of which property checks which cited subrule (properties/rules-index.ts): what
// `castcheck list --rules` prints and docs/RULES.md shows, and the problems `npm run docs` reports
// when a subrule has neither a property nor a reason, or a property cites one the list lacks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROPERTIES, propertyById } from '../properties/index.ts';
import type { Property } from '../properties/property.ts';
import { renderRulesDoc, ruleCheckProblems, ruleChecks, rulesListing, RULES_DOC } from '../properties/rules-index.ts';

const citing = (id: string, rules: string[]): Property => ({ ...propertyById('kicker.declarations')!, id, rules });

describe('the rules index', () => {
  it('docs/RULES.md is the rendered index, and names every property once in its catalog', () => {
    const doc = renderRulesDoc();
    expect(readFileSync(RULES_DOC, 'utf8')).toBe(doc);
    expect(doc).toContain(`${PROPERTIES.length} properties: `);
    expect(doc).toContain("| `kicker.kicked-even-when-free` | invariant | 702.33d, 118.7, 118.9d | ");
    expect(doc).toContain('| 702.33h | Sticker kicker: a kicker plus an extra cost (a ticket counter, a sticker) when kicked. | not checked: No card in the model has sticker kicker');
    for (const p of PROPERTIES) expect(doc.split('\n').filter((l) => l.startsWith(`| \`${p.id}\` |`)), p.id).toHaveLength(1);
  });

  it('pairs each cited subrule with the properties that cite it', () => {
    const checks = ruleChecks();
    expect(checks.find((c) => c.rule.id === '702.33c')?.properties.map((p) => p.id)).toContain('kicker.declarations');
    expect(checks.find((c) => c.rule.id === '702.33h')?.properties).toEqual([]);
    const only = ruleChecks([citing('x.one', ['702.33h'])]);
    expect(only.find((c) => c.rule.id === '702.33h')?.properties.map((p) => p.id)).toEqual(['x.one']);
    expect(only.find((c) => c.rule.id === '702.33c')?.properties).toEqual([]);
  });

  it('reports subrules with no property and no reason, reasons made stale, and unlisted subrules of a listed family', () => {
    expect(ruleCheckProblems()).toEqual([]);
    const none = ruleCheckProblems([]);
    expect(none).toContain("702.33a has no property and no reason why (add 'unchecked' to model/cited-rules.json)");
    expect(none.some((p) => p.startsWith('702.33h '))).toBe(false);
    const problems = ruleCheckProblems([...PROPERTIES, citing('x.stale', ['702.33h']), citing('x.unlisted', ['702.33z', '117.3z', '603.2'])]);
    expect(problems).toEqual(['702.33h says why no property checks it, but x.stale do', 'x.unlisted cites 702.33z, which model/cited-rules.json does not list']);
  });

  it('lists each subrule with its checkers, or why none checks it', () => {
    const listing = rulesListing().split('\n');
    const at = (id: string) => listing.findIndex((l) => l.startsWith(`${id.padEnd(8)} `));
    expect(listing[at('702.33c')]).toBe('702.33c  Multikicker is a kicker whose cost may be paid any number of times; it is a kicker cost.');
    expect(listing[at('702.33c') + 1]).toMatch(/^ {9}checked by: (\S+, )*kicker\.declarations(, \S+)*$/);
    expect(listing[at('702.33h') + 1]).toBe('         not checked: No card in the model has sticker kicker, and stickers and ticket counters are not modelled.');
    expect(listing).toHaveLength(ruleChecks().length * 2);
  });
});
