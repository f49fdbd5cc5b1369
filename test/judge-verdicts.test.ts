// Every property's verdicts, word for word, on the reference engine's traces of the hand-made
// scenarios (test/fixtures/scenarios.ts) and of every fixed case (scenarios/), and on the hand-made
// break of test/fixtures/breakers.ts: which scenarios it applies to, how many checks it makes on
// each, and what a failure says (step, expected, observed, kind, rule). A change to the judge that
// changes any verdict shows here; when the change is meant (a finding worded better, a property that
// checks more), review the snapshot's difference and update it (`npx vitest run
// test/judge-verdicts.test.ts -u`). One test per property, so that each of the judge's mutants runs
// only the tests of the properties whose code it is in.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import { PROPERTIES } from '../properties/index.ts';
import { Run } from '../properties/property.ts';
import { breakers } from './fixtures/breakers.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine } from './fixtures/trace-edits.ts';
import { contextOf, judgedScenarios, verdictLine } from './fixtures/verdict-lines.ts';

const scenarios = judgedScenarios();

describe("every property's verdicts, word for word", () => {
  for (const p of PROPERTIES) {
    it(p.id, async () => {
      const lines: string[] = [];
      for (const { name, scenario: s, trace } of scenarios) {
        // The scenarios it does not apply to are those left out of the list.
        if (!p.applies(s)) continue;
        lines.push(`${name}: ${verdictLine(await p.check(new Run(s, trace), contextOf(s)))}`);
      }
      const b = breakers[p.id];
      if (b) {
        const s = normalizeScenario(b.scenario);
        const t = editableCopy(engine.runSync(s));
        b.break(t);
        lines.push(`broken: ${verdictLine(await p.check(new Run(s, t), contextOf(s)))}`);
      }
      expect(lines).toMatchSnapshot();
    });
  }
});
