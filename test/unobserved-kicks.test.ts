// A check that compared nothing is not a check: with the kick fields left out of what an engine
// observes, every property that compares kicks is skipped, saying what it does not observe, and none
// passes on `undefined === undefined`.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import type { Observable } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { STACK_KICK } from '../properties/property.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

const KICKS: readonly Observable[] = [...STACK_KICK, 'permanent.kicked'];

/** The properties that compare how something was kicked, as the fields an engine shows. */
const COMPARING_KICKS = [
  'kicker.declarations',
  'kicker.kicked-even-when-free',
  'copies.kicked-like-original',
  'permanents.remember-kick',
  'relations.reduction-keeps-kicked',
  'casting.kick-belongs-to-its-cast',
];

describe('an engine that observes no kick fields', () => {
  it('has every property that compares kicks skipped with "does not observe", and none of them passing', async () => {
    const printed = readCapabilities('examples/printed-only.capabilities.json');
    const caps = { ...printed, observes: printed.observes.filter((o) => !KICKS.includes(o)) };
    const result = await runSuite({ ...judgeFor(restrictedTo(new ReferenceEngine(), caps)), properties: PROPERTIES, runs: 300, seed: 1 });
    expect(result.findings.map((f) => f.verdict)).toEqual([]);
    for (const id of COMPARING_KICKS) {
      const t = result.tallies.find((x) => x.property.id === id)!;
      expect(t.skipped, id).toMatch(/^does not observe /);
      expect(t.passed, id).toBe(0);
    }
    // Any property whose needs name a kick observable is among them.
    for (const p of PROPERTIES) {
      const named = [...(p.needs?.observes ?? []), ...(p.needs?.anyObserves ?? [])];
      if (named.some((o) => KICKS.includes(o))) expect(COMPARING_KICKS, p.id).toContain(p.id);
    }
  });

  it('still judges kicks where the engine shows some of the fields (printed cards only)', async () => {
    const caps = readCapabilities('examples/printed-only.capabilities.json');
    const result = await runSuite({ ...judgeFor(restrictedTo(new ReferenceEngine(), caps)), properties: PROPERTIES.filter((p) => COMPARING_KICKS.includes(p.id)), runs: 300, seed: 1 });
    const copies = result.tallies.find((x) => x.property.id === 'copies.kicked-like-original')!;
    expect(copies.skipped).toBeUndefined();
    expect(copies.checks).toBeGreaterThan(0);
  });
});
