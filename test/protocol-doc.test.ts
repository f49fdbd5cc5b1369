// docs/PROTOCOL.md tells engine authors every convention the reference engine follows: its generated
// part is current, every id the reference engine gives an object follows a documented pattern, and
// every section the doctor and the kits point to exists.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_FILE, withGeneratedSection } from '../adapters/process/protocol-doc.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { DEFAULT_CHOICES, ID_CONVENTIONS } from '../model/conventions.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { ObservedState, Trace } from '../model/schema-types.ts';
import { loadCases } from '../runner/cases.ts';
import capabilitiesSchema from '../schema/capabilities.schema.json' with { type: 'json' };

const doc = readFileSync(PROTOCOL_FILE, 'utf8');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every id a trace gives an object, with where it was seen. */
function idsOf(trace: Trace): string[] {
  const ids: string[] = [];
  const state = (s: ObservedState) => {
    for (const o of s.stack) ids.push(o.id, ...(o.kind === 'ability' ? [o.source] : [o.card]), ...(o.targets ?? []).flat());
    for (const p of s.battlefield) ids.push(p.id, ...(p.card ? [p.card] : []));
    for (const pl of s.players) ids.push(pl.id, ...pl.hand, ...pl.graveyard, ...(pl.library ?? []));
  };
  if (trace.initialState) state(trace.initialState);
  for (const step of trace.steps) {
    state(step.state);
    for (const t of step.triggered ?? []) ids.push(t.source, ...(t.id ? [t.id] : []));
  }
  return ids;
}

function undocumented(s: NormalizedScenario, trace: Trace): string[] {
  const alternations = { actions: s.actions.map((a) => escape(a.id)).join('|') || '(?!)', cards: s.cards.map((c) => escape(c.id)).join('|') || '(?!)' };
  const patterns = ID_CONVENTIONS.map((c) => c.regex(alternations));
  return idsOf(trace).filter((id) => !patterns.some((p) => p.test(id)));
}

describe('docs/PROTOCOL.md', () => {
  it('has its generated part up to date (npm run docs)', () => {
    expect(withGeneratedSection(doc)).toBe(doc);
  });

  it('describes every id the reference engine gives an object, in generated scenarios and the fixed cases', () => {
    const engine = new ReferenceEngine();
    const scenarios = [...fc.sample(scenarioArb({ capabilities: engine.capabilities }), { seed: 5, numRuns: 400 }), ...loadCases().map((c) => c.case.scenario)];
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const raw of scenarios) {
      const s = normalizeScenario(raw);
      const trace = engine.runSync(s);
      bad.push(...undocumented(s, trace));
      for (const id of idsOf(trace)) seen.add(id.replace(/^[^.]+/, '<x>').replace(/\d+/g, 'n'));
    }
    expect([...new Set(bad)].slice(0, 10)).toEqual([]);
    // The scenarios met the conventions worth testing: tokens, triggers, triggers inside untilEmpty.
    expect(seen).toContain('<x>.kn');
    expect(seen).toContain('<x>.tn');
    expect(seen).toContain('<x>.rn.tn');
  });

  it('documents a default for every choice an engine can declare', () => {
    const choices = capabilitiesSchema.$defs.choice.enum as string[];
    expect(DEFAULT_CHOICES.map((d) => d.choice).filter((c) => c !== undefined).sort()).toEqual([...choices].sort());
  });

  it('has every section the doctor and the kits point to', () => {
    const headings = new Set([...doc.matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    const sources = ['adapters/process/explain.ts', 'cli/doctor.ts', 'cli/plan.ts', 'kits/python/castcheck_kit/check.py', 'kits/java/src/main/java/dev/castcheck/kit/TraceCheck.java'];
    const anchors = new Set<string>();
    for (const file of sources) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/PROTOCOL\.md#([a-z-]+)/g)) anchors.add(m[1]!);
      for (const m of text.matchAll(/section: '([a-z-]+)'/g)) anchors.add(m[1]!);
      for (const m of text.matchAll(/sectionLink\('([a-z-]+)'\)/g)) anchors.add(m[1]!);
      for (const m of text.matchAll(/return '([a-z-]+)';/g)) anchors.add(m[1]!);
    }
    expect(anchors.size).toBeGreaterThan(6);
    expect([...anchors].filter((a) => !headings.has(a))).toEqual([]);
  });
});
