// The story of a failure, told from the scenario, the trace and the verdict: on the minimal repros of
// named faults (casts, copies, splices, triggers, resolution), on repros a run shrank, and on engine
// failures.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { EngineFailure } from '../adapters/engine-failure.ts';
import { faultById, faultyReference } from '../adapters/faults/index.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES, propertyById } from '../properties/index.ts';
import { reproOf } from '../reports/repro.ts';
import { storyOf, storyText, scenarioStory, type Story } from '../reports/story.ts';
import { hitsOf } from '../runner/clusters.ts';
import { judge, judgeFor } from '../runner/evaluate.ts';
import { Expectations } from '../runner/expectations.ts';
import { runSuite } from '../runner/run-suite.ts';
import { unshrunk } from '../runner/findings.ts';

const READINGS = { spliceCopy: 'ruling' } as const;

/** The stories of every failure the fault's minimal repro shows on the faulty engine, by signature. */
async function storiesOf(faultId: string, scenario?: Scenario): Promise<Map<string, Story>> {
  const fault = faultById(faultId)!;
  const engine = faultyReference(faultId);
  const properties = [propertyById(fault.minimal.shows)!, propertyById('agreement.reference')!];
  const s = scenario ?? fault.minimal.scenario;
  const judged = await judge(judgeFor(engine), s, properties);
  const out = new Map<string, Story>();
  for (const hit of hitsOf(judged, properties, Expectations.none)) {
    const finding = unshrunk({ seed: 1 }, { target: { signature: hit.signature, ...(hit.property ? { property: hit.property } : {}) }, run: 0, scenario: s, judged }, true);
    out.set(hit.signature, storyOf(reproOf(finding, engine, READINGS)));
  }
  return out;
}

describe('the story of a failure', () => {
  it('tells a kicked spell and its copy, and what the copy lost (copy-loses-kicked)', async () => {
    const stories = await storiesOf('copy-loses-kicked');
    const text = storyText(stories.get('copies.kicked-like-original')!);
    expect(text).toContain('p1 has Burst Lightning (bolt) in hand and {R}{C}{C}{C}{C} in the mana pool.');
    expect(text).toContain('1. p1 casts Burst Lightning, kicked ({4}), targeting p2.');
    expect(text).toContain('2. p1 copies Burst Lightning (the copy is a2).');
    expect(text).toMatch(/Wrong: The engine shows kicked false, where castcheck expects copy a2 has kicked true like bolt\./);
    expect(text).toMatch(/The rule: A copy of a spell is kicked exactly as the original was.*\(CR 707\.2, 707\.10, 702\.33d\)\.$/m);
    // Agreement names the object and the field in game terms.
    const agreement = storyText(stories.get('agreement.reference:stack[].kicked@copy')!);
    expect(agreement).toContain('Wrong: The copy of Burst Lightning (a2) on the stack has kicked false for the engine, true for the reference engine.');
    expect(agreement).toContain('Also: The copy of Burst Lightning on the stack has kicker nothing for the engine, A for the reference engine.');
  });

  it('tells a Twincast that copies the spell on resolution (the README scenario)', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bolt', oracle: 'Burst Lightning' },
        { id: 'twin', oracle: 'Twincast' },
      ],
      players: [{ id: 'p1', hand: ['bolt', 'twin'], mana: { R: 1, U: 2, C: 4 } }, { id: 'p2' }],
      actions: [
        { do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] },
        { do: 'cast', card: 'twin', targets: [['bolt']] },
        { do: 'resolve', id: 'copy' },
      ],
    };
    const text = storyText((await storiesOf('copy-loses-kicked', scenario)).get('copies.kicked-like-original')!);
    // As the README shows it.
    expect(text).toBe(
      [
        'p1 has Burst Lightning (bolt) and Twincast (twin) in hand and {U}{U}{R}{C}{C}{C}{C} in the mana pool.',
        '1. p1 casts Burst Lightning, kicked ({4}), targeting p2.',
        '2. p1 casts Twincast, targeting Burst Lightning.',
        '3. Twincast resolves. It puts the copy of Burst Lightning (copy) on the stack.',
        '   Wrong: The engine shows kicked false, where castcheck expects copy copy has kicked true like bolt.',
        'The rule: A copy of a spell is kicked exactly as the original was: the same kicker costs and the same multikicker count (CR 707.2, 707.10, 702.33d).',
      ].join('\n'),
    );
  });

  it('tells a splice, and the engine refusing a cast it should accept (splice-cost-charged-twice)', async () => {
    const stories = await storiesOf('splice-cost-charged-twice');
    const text = storyText(stories.get('agreement.reference:accepted->rejected:illegal-payment@cast')!);
    expect(text).toContain('1. p1 casts Lava Spike, splicing Glacial Ray ({1}{R}) onto it, targeting p2 and p2. The engine refuses it (cannot-pay');
    expect(text).toContain('Wrong: The engine refuses it (illegal-payment), where the reference engine accepts it.');
    expect(text).toContain('Also: The stack holds nothing for the engine, Lava Spike for the reference engine.');
  });

  it('tells where a spliced card went (spliced-card-leaves-hand)', async () => {
    const text = storyText((await storiesOf('spliced-card-leaves-hand')).get('agreement.reference:players[].hand@cast')!);
    expect(text).toContain("Wrong: p1's hand holds nothing for the engine, Glacial Ray for the reference engine.");
    expect(text).toContain("Also: p1's graveyard holds Glacial Ray for the engine, nothing for the reference engine.");
  });

  it('tells a resolution and the triggers it set off (enters-trigger-forgets-kick, multipliers-double)', async () => {
    const forgot = storyText((await storiesOf('enters-trigger-forgets-kick')).get('agreement.reference:stack[]@resolve')!);
    expect(forgot).toContain('2. Gatekeeper of Malakir resolves.');
    expect(forgot).toContain("Also: The engine triggers nothing, where the reference engine triggers Gatekeeper of Malakir's ability #0.");
    const doubled = storyText((await storiesOf('multipliers-double')).get('triggers.enters-count')!);
    expect(doubled).toContain('Panharmonicon (pan1) and Panharmonicon (pan2) on the battlefield');
    expect(doubled).toContain("2. Gatekeeper of Malakir resolves. Gatekeeper of Malakir's ability #0 triggers 4 times.");
  });

  it('tells a spell whose target left, and the life that did not change (partial-fizzle-is-total)', async () => {
    const text = storyText((await storiesOf('partial-fizzle-is-total')).get('agreement.reference:players[].life@resolve')!);
    expect(text).toContain('p2 has Grizzly Bears (bears) on the battlefield.');
    expect(text).toContain('1. p1 casts Comet Storm, multikicked 1 time ({1} each), with X = 1, targeting Grizzly Bears and p2.');
    expect(text).toContain('2. An effect destroys Grizzly Bears.');
    expect(text).toContain("Wrong: p2's life is 20 for the engine, 19 for the reference engine.");
  });

  it('tells the repros a run shrank, with the made-up cards described', async () => {
    const engine = faultyReference('copy-loses-kicked');
    const result = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 50, seed: 1, maxShrinkRuns: 300 });
    expect(result.findings.length).toBeGreaterThan(0);
    for (const f of result.findings) {
      const story = storyOf(reproOf(f, engine, READINGS));
      expect(story.actions.length, f.signature).toBe(f.scenario.actions.length - story.untold);
      expect(story.actions.filter((a) => a.failed), f.signature).toHaveLength(1);
      expect(story.divergence, f.signature).not.toBe('');
      expect(story.rule, f.signature).toMatch(/\(CR [0-9.a-z, ]+\)\.$/);
      for (const c of f.scenario.cards.filter((x) => x.definition)) expect(story.setup.join(' ')).toContain(`${c.definition!.name} (${c.id}) is a made-up card: `);
    }
  });

  it('tells an engine failure: how it ended and the telling line of its stderr', async () => {
    const reference = new ReferenceEngine();
    const crashing: Engine = {
      id: { name: 'crashy', version: '1' },
      capabilities: reference.capabilities,
      run: async () => {
        throw new EngineFailure('crash', 'the engine exited with status 70', 'Traceback (most recent call last):\n  File "engine.py", line 3\nRuntimeError: simulated crash\n');
      },
      close: async () => {},
    };
    const scenario = faultById('copy-loses-kicked')!.minimal.scenario;
    const judged = await judge(judgeFor(crashing), scenario, PROPERTIES);
    const finding = unshrunk({ seed: 1 }, { target: { failure: 'crash' }, run: 0, scenario, judged }, true);
    const story = storyOf(reproOf(finding, crashing, READINGS));
    // Every action is told, since the engine answered none of them.
    expect(story.actions.map((a) => a.text)).toEqual(['p1 casts Burst Lightning, kicked ({4}), targeting p2.', 'p1 copies Burst Lightning (the copy is a2).']);
    expect(story.divergence).toBe('The engine crashed: the engine exited with status 70; the last it said on stderr: RuntimeError: simulated crash.');
    expect(story.rule).toBeUndefined();
  });

  it('tells a scenario alone, for the steps of a shrinking', () => {
    expect(scenarioStory(faultById('splice-cost-charged-twice')!.minimal.scenario)).toEqual([
      'p1 has Lava Spike (spike) and Glacial Ray (ray) in hand and {R}{R}{C} in the mana pool.',
      '1. p1 casts Lava Spike, splicing Glacial Ray ({1}{R}) onto it, targeting p2 and p2.',
    ]);
  });
});
