// What an exported test says in words, the same in every language: the repro it came from, its
// story, the rule, and what each assertion checks.
import type { NormalizedScenario } from '../../model/scenario.ts';
import type { Repro } from '../../model/schema-types.ts';
import { describeEngine } from '../../adapters/engine.ts';
import { storyLines, storyOf } from '../story.ts';
import type { ExportFacts, Fact } from './facts.ts';

/** The comment at the head of an exported test, as lines of text. */
export function headerLines(repro: Repro, exported: ExportFacts, as: string): string[] {
  const p = repro.property;
  const lines = [`castcheck repro, exported with castcheck export --as ${as}.`, ''];
  if (p) lines.push(`Property ${p.id} (CR ${p.rules.join(', ')}):`, `  ${p.statement}`);
  const found = [`Found on ${describeEngine({ name: repro.engine.name, version: repro.engine.version, ...(repro.engine.fault ? { fault: repro.engine.fault } : {}) })}`, `seed ${repro.replay.seed}`];
  if (repro.replay.castcheck) found.push(`castcheck ${repro.replay.castcheck}`);
  lines.push(`${found.join(', ')}.`);
  if (repro.signature) lines.push(`Signature: ${repro.signature}`);
  lines.push('', ...storyLines(storyOf(repro)), '');
  if (repro.verdict === 'fail' || repro.verdict === 'contested') {
    lines.push(`castcheck expected: ${repro.expected}`, `the engine showed: ${repro.observed}`);
    if (repro.ruling) lines.push(`(contested: ${repro.ruling})`);
    lines.push('');
  }
  lines.push(...basisLines(exported));
  return lines;
}

function basisLines(exported: ExportFacts): string[] {
  switch (exported.basis) {
    case 'crash':
      return ['The engine failed on this scenario instead of answering it: the test runs it to its end.'];
    case 'judged':
      return [
        "The values asserted are the reference engine's for the same scenario (castcheck's adapters/reference),",
        "only where this engine's trace differed and only those the property needs: with them as asserted,",
        'castcheck judges the property to hold. The test fails while the bug is there and passes once it is fixed.',
        ...(exported.related.length > 0 ? ['The property compares this scenario with related runs (a relation): the values are asserted where they differed.'] : []),
      ];
    case 'differences':
      return [
        "The values asserted are the reference engine's for the same scenario (castcheck's adapters/reference),",
        "everywhere this engine's trace differed at the failing action, in what it observes: the property also",
        'looks at related runs, so castcheck could not narrow them down further.',
      ];
  }
}

/** Where an action stands, for people: `a2 (resolve), the 2nd action`. */
export function actionLabel(scenario: NormalizedScenario, step: number): string {
  const a = scenario.actions[step]!;
  return `${a.id} (${a.do}), action ${step + 1} of ${scenario.actions.length}`;
}

/** What one assertion checks, for its message. */
export function factLabel(fact: Fact): string {
  switch (fact.what) {
    case 'outcome':
      return 'the outcome of the action';
    case 'reason':
      return 'the reason it was rejected';
    case 'triggered':
      return 'the abilities that triggered';
    case 'events':
      return 'what happened, in order';
    case 'present':
      return `${fact.id} ${fact.value ? 'is' : 'is not'} ${fact.zone === 'players' ? 'a player' : `on the ${fact.zone}`}`;
    case 'field':
      return `${fact.zone === 'players' ? 'player' : fact.zone === 'stack' ? 'on the stack,' : 'on the battlefield,'} ${fact.id}: ${fact.path.join('.')}`;
  }
}

/** The facts of each run (0: the repro's scenario, then the related runs), and in each run of each step, in order. */
export function factsByRun(exported: ExportFacts): { run: number; scenario: NormalizedScenario; steps: [number, Fact[]][] }[] {
  return [exported.scenario, ...exported.related].map((scenario, run) => {
    const steps = new Map<number, Fact[]>();
    for (const f of exported.facts) if ((f.run ?? 0) === run) steps.set(f.step, [...(steps.get(f.step) ?? []), f]);
    return { run, scenario, steps: [...steps.entries()].sort((a, b) => a[0] - b[0]) };
  });
}

/** The comment over a related run in a test. */
export function relatedLine(run: number): string {
  return `The related run ${run}: a scenario castcheck's property also runs and compares with the one above (a relation).`;
}
