import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { caseUnsupported, checkCase, judgeCase, loadCases } from '../runner/cases.ts';
import { lintScenario } from '../model/lint.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues } from '../model/schemas.ts';
import { authorsEngine } from './fixtures/traces.ts';

const cases = loadCases();

describe('fixed cases on the reference engine', () => {
  it('has cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  it('holds only consistent scenarios (what castcheck validate checks)', () => {
    for (const { file, case: c } of cases) expect(formatIssues(lintScenario(normalizeScenario(c.scenario))), file).toEqual([]);
  });

  for (const { file, case: c } of cases) {
    it(`${c.id} (CR ${c.rules.join(', ')})`, async () => {
      expect(await checkCase(new ReferenceEngine(c.options ?? {}), c), file).toEqual([]);
    });
  }

  it('skips a case with a card the engine neither knows nor builds, as generation never sends one', () => {
    const twincast = cases.find((c) => c.case.id === 'kicked-burst-lightning-twincast')!.case;
    const caps = new ReferenceEngine().capabilities;
    const with_ = (cards: Partial<typeof caps.cards>) => ({ ...caps, cards: { ...caps.cards, ...cards } });
    expect(caseUnsupported(twincast, caps)).toBeUndefined();
    expect(caseUnsupported(twincast, with_({ synthetic: false, oracle: ['Burst Lightning', 'Twincast'] }))).toBeUndefined();
    expect(caseUnsupported(twincast, with_({ synthetic: false, oracle: ['Burst Lightning'] }))).toBe('does not know Twincast');
    // Builds cards from their definitions, but not Burst Lightning's damage: its printed name is the only way.
    expect(caseUnsupported(twincast, with_({ synthetic: true, syntheticFeatures: ['effect.copySpell'], oracle: [] }))).toBe('does not know Burst Lightning');
  });

  it('notices an engine that does something else', async () => {
    const twincast = cases.find((c) => c.case.id === 'kicked-burst-lightning-twincast')!.case;
    const problems = await checkCase(faultyReference('copy-loses-kicked'), twincast);
    expect(problems.join('\n')).toMatch(/copy: .*kicked: expected true, observed false/);
    expect(problems.join('\n')).toMatch(/a4: .*life: expected 16, observed 18/);
  });

  it('judges a case as a run judges a scenario: up to the step the engine answered unsupported, which is no failure', async () => {
    const twincast = cases.find((c) => c.case.id === 'kicked-burst-lightning-twincast')!.case;
    const at = twincast.scenario.actions.findIndex((a) => a.id === 'copy');
    // The engine cannot copy: the copy and what follows it differ from the case, and are not judged.
    const cannotCopy = authorsEngine('no-copies', (t) => ({ ...t, steps: t.steps.map((st, i) => (i === at ? { ...st, outcome: 'unsupported' as const } : i > at ? { ...st, outcome: 'rejected' as const, reason: 'illegal-targets' as const, message: 'never judged' } : st)) }));
    expect(await judgeCase(cannotCopy, twincast)).toEqual({ problems: [], unsupportedAt: 'copy' });
  });

  it("tells an in-process engine's malformed trace as its problem, naming the field, instead of crashing", async () => {
    const twincast = cases.find((c) => c.case.id === 'kicked-burst-lightning-twincast')!.case;
    // An author's engine: a state without its players.
    const broken = authorsEngine('broken', (t) => ({ ...t, steps: t.steps.map((st, i) => (i === 1 ? { ...st, state: { ...st.state, players: undefined as never } } : st)) }));
    const problems = await checkCase(broken, twincast);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/trace schema.*players/);
  });
});
