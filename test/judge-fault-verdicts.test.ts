// Every property's verdicts, word for word, on the minimal repro of every named fault as the faulty
// engine plays it (adapters/faults/): each repro is a trace broken by an engine, in one rule, and a
// property's verdict on it (pass with its checks, or the failure's step, expected, observed, kind and
// rule) may change only when the judge is meant to change (then review the snapshot's difference and
// update it: `npx vitest run test/judge-fault-verdicts.test.ts -u`). One test per property, so that
// each of the judge's mutants runs only the tests of the properties whose code it is in.
import { describe, expect, it } from 'vitest';
import { FAULTS, faultyReference } from '../adapters/faults/index.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run } from '../properties/property.ts';
import { contextOf, verdictLine } from './fixtures/verdict-lines.ts';

const repros = FAULTS.map((f) => {
  const faulty = faultyReference(f.id);
  const scenario = normalizeScenario(f.minimal.scenario);
  return { id: f.id, faulty, scenario, trace: faulty.runSync(scenario) as Trace };
});

describe("every property's verdicts on the named faults' repros, word for word", () => {
  for (const p of PROPERTIES) {
    it(p.id, async () => {
      const lines: string[] = [];
      for (const r of repros) if (p.applies(r.scenario)) lines.push(`${r.id}: ${verdictLine(await p.check(new Run(r.scenario, r.trace), contextOf(r.scenario, r.faulty)))}`);
      expect(lines).toMatchSnapshot();
    });
  }
});
