// A finding lists every rule it breaks: the rules its properties check, and the rule each named
// branch of them says was broken. A branch that names a rule its property does not list would leave
// the property's rules, the docs and the rules coverage short of what it judges.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../properties/index.ts';
import { causesOf } from '../runner/causes.ts';
import type { Cluster } from '../runner/results.ts';

const SNAPSHOTS = join(import.meta.dirname, '__snapshots__');

describe("the rules a property's failures name", () => {
  it('are among the rules it lists, in every verdict of the judge snapshots', () => {
    // Those snapshots hold each property's verdicts, word for word, on the hand-made scenarios, the
    // fixed cases, the breakers and every named fault's repro (test/judge-*verdicts.test.ts).
    const files = readdirSync(SNAPSHOTS).filter((f) => /^judge-.*verdicts\.test\.ts\.snap$/.test(f));
    expect(files.length).toBeGreaterThanOrEqual(3);
    const named = new Map<string, Set<string>>();
    for (const f of files) {
      const text = readFileSync(join(SNAPSHOTS, f), 'utf8');
      for (const m of text.matchAll(/^exports\[`[^`]*? > ([^`]*?) 1`\] = `([\s\S]*?)`;$/gm)) {
        for (const r of m[2]!.matchAll(/"rule":"([^"]+)"/g)) named.set(m[1]!, (named.get(m[1]!) ?? new Set()).add(r[1]!));
      }
    }
    expect([...named.values()].reduce((n, s) => n + s.size, 0)).toBeGreaterThan(10);
    for (const p of PROPERTIES) expect([...(named.get(p.id) ?? [])].filter((r) => !p.rules.includes(r)), p.id).toEqual([]);
  });

  it("are among a finding's rules, whatever its properties list", () => {
    const property = { ...PROPERTIES.find((p) => p.id === 'permanents.enters-with-counters')!, rules: ['603.6d'] };
    const cluster: Cluster = { signature: 'permanents.enters-with-counters:CR702.33f/unpaid-kicker-cost', kind: 'fail', property, count: 3, first: { run: 0 } as Cluster['first'] };
    expect(causesOf([cluster])[0]!.rules).toEqual(['603.6d', '702.33f']);
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    expect(causesOf([{ ...cluster, signature: 'agreement.reference:stack[].kicked@cast', property: agreement }])[0]!.rules).toEqual(agreement.rules);
  });
});
