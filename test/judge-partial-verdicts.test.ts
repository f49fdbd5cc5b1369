// Every property's verdicts on traces an engine observes in part: for each optional field of the
// observed state (model/observables.ts), the reference engine's traces of the hand-made scenarios and
// of the fixed cases without that field, judged by every property an engine observing the rest can
// run (missingCapability). Written down where the verdict differs from the one on the whole trace
// (test/judge-verdicts.test.ts), so that a property's guards for a field it is not shown (a check
// that compares nothing is no check, CR-wise or otherwise) each have a trace that reaches them. Update
// with `npx vitest run test/judge-partial-verdicts.test.ts -u` when the judge is meant to change.
import { describe, expect, it } from 'vitest';
import { OPTIONAL_FIELDS, observedTrace } from '../model/observables.ts';
import type { Observable } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { missingCapability, Run } from '../properties/property.ts';
import { engine } from './fixtures/trace-edits.ts';
import { contextOf, judgedScenarios, verdictLine } from './fixtures/verdict-lines.ts';

const scenarios = judgedScenarios();
const all = engine.capabilities.observes;
const dropped = [...new Set(Object.values(OPTIONAL_FIELDS))].filter((o) => all.includes(o));
const withoutEach = dropped.map((o) => ({ o, observes: all.filter((x): x is Observable => x !== o) }));

describe("every property's verdicts on traces observed in part", () => {
  for (const p of PROPERTIES) {
    it(p.id, async () => {
      const lines: string[] = [];
      for (const { name, scenario: s, trace: t } of scenarios) {
        if (!p.applies(s)) continue;
        const whole = verdictLine(await p.check(new Run(s, t), contextOf(s)));
        for (const { o, observes } of withoutEach) {
          if (missingCapability(p, { ...engine.capabilities, observes }) !== undefined) continue;
          const part = verdictLine(await p.check(new Run(s, observedTrace(t, observes)), contextOf(s)));
          if (part !== whole) lines.push(`${name} without ${o}: ${part}`);
        }
      }
      expect(lines).toMatchSnapshot();
    });
  }
});
