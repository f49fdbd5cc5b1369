import fc from 'fast-check';
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { isValid } from '../model/schemas.ts';
import { PROPERTIES } from '../properties/index.ts';
import { loadCases } from '../runner/cases.ts';
import { Run, type CheckContext } from '../properties/property.ts';

// An engine with bugs answers with traces that make no sense for the scenario: ids it never had,
// spells that were never cast. The properties must fail such a trace or leave it unjudged, never
// throw: a throw ends the whole run as a bug in castcheck. The nonsense here is the trace of another
// scenario with as many actions.
/** Every property's check of `run`; what throws is listed, with how many checks ran. */
async function judgeEach(run: Run, ctx: CheckContext, label: string): Promise<{ judged: number; thrown: string[] }> {
  const out = { judged: 0, thrown: [] as string[] };
  for (const p of PROPERTIES) {
    try {
      if (!p.applies(run.scenario)) continue;
      out.judged++;
      await p.check(run, ctx);
    } catch (error) {
      out.thrown.push(`${p.id} on ${label}: ${(error as Error).message}`);
    }
  }
  return out;
}

describe('properties judge nonsense without throwing', () => {
  it('judges every scenario against the trace of another scenario', async () => {
    const engine = new ReferenceEngine();
    const scenarios: NormalizedScenario[] = fc.sample(scenarioArb({ capabilities: engine.capabilities }), { numRuns: 600, seed: 1 }).map((s) => normalizeScenario(s));
    const traces = scenarios.map((s) => engine.runSync(s));
    const byLength = new Map<number, number[]>();
    scenarios.forEach((s, i) => byLength.set(s.actions.length, [...(byLength.get(s.actions.length) ?? []), i]));
    const thrown: string[] = [];
    let judged = 0;
    for (const [i, s] of scenarios.entries()) {
      const same = byLength.get(s.actions.length)!;
      const other = same[(same.indexOf(i) + 1) % same.length]!;
      if (other === i) continue;
      const run = new Run(s, traces[other]!);
      const ctx: CheckContext = {
        readings: { spliceCopy: 'ruling' },
        capabilities: engine.capabilities,
        reference: async () => new Run(s, traces[i]!),
        rerun: async (variant: Scenario) => {
          const n = normalizeScenario(variant);
          return new Run(n, engine.runSync(n));
        },
      };
      const r = await judgeEach(run, ctx, `scenario ${i}`);
      judged += r.judged;
      thrown.push(...r.thrown);
    }
    expect(judged).toBeGreaterThan(10_000);
    expect(thrown.slice(0, 5)).toEqual([]);
  });

  it('judges traces with an id swapped for one the scenario lacks, a number moved or a list item dropped', async () => {
    const engine = new ReferenceEngine();
    const random = seedrandom('castcheck');
    // Up to three changes anywhere in the steps; only traces the schema still takes are judged, as an
    // engine's trace is checked against it first (runner/evaluate.ts).
    const perturbed = (trace: Trace): Trace => {
      const t = structuredClone(trace) as unknown as { steps: unknown[] };
      const spots: [Record<string | number, unknown>, string | number][] = [];
      const walk = (o: unknown) => {
        if (o && typeof o === 'object') for (const k of Object.keys(o)) (spots.push([o as Record<string, unknown>, Array.isArray(o) ? Number(k) : k]), walk((o as Record<string, unknown>)[k]));
      };
      walk(t.steps);
      for (let n = 0; n < 3 && spots.length > 0; n++) {
        const [o, k] = spots[Math.floor(random() * spots.length)]!;
        const v = o[k];
        if (typeof v === 'string') o[k] = random() < 0.5 ? 'ghost' : 'a1';
        else if (typeof v === 'number') o[k] = v + (random() < 0.5 ? 1 : -1);
        else if (typeof v === 'boolean') o[k] = !v;
        else if (Array.isArray(v) && v.length > 0) v.splice(Math.floor(random() * v.length), 1);
      }
      return t as unknown as Trace;
    };
    const scenarios = fc.sample(scenarioArb({ capabilities: engine.capabilities }), { numRuns: 400, seed: 2 }).map((s) => normalizeScenario(s));
    const thrown: string[] = [];
    let judged = 0;
    for (const [i, s] of scenarios.entries()) {
      const good = engine.runSync(s);
      for (let round = 0; round < 2; round++) {
        const bad = perturbed(good);
        if (!isValid('trace', bad)) continue;
        const run = new Run(s, bad);
        const ctx: CheckContext = {
          readings: { spliceCopy: 'ruling' },
          capabilities: engine.capabilities,
          reference: async () => new Run(s, good),
          rerun: async (variant: Scenario) => {
            const n = normalizeScenario(variant);
            const t = perturbed(engine.runSync(n));
            return isValid('trace', t) ? new Run(n, t) : undefined;
          },
        };
        const r = await judgeEach(run, ctx, `scenario ${i}`);
        judged += r.judged;
        thrown.push(...r.thrown);
      }
    }
    expect(judged).toBeGreaterThan(5_000);
    expect(thrown.slice(0, 5)).toEqual([]);
  });
});

describe('what a property cannot know it leaves unjudged', () => {
  it("leaves a resolving Ertai's Trickery unjudged when its target's kick is unknown, instead of expecting the target to stay", async () => {
    const c = loadCases().find((x) => x.case.id === 'ertais-trickery-counters-only-kicked-spells')!.case;
    const scenario = normalizeScenario(c.scenario);
    const trace = new ReferenceEngine().runSync(scenario);
    const property = PROPERTIES.find((p) => p.id === 'resolution.player-effects')!;
    const ctx: CheckContext = { readings: { spliceCopy: 'ruling' }, reference: () => Promise.reject(new Error('not asked')), rerun: async () => undefined };
    // As given, every resolution is judged, each Trickery countering only a kicked spell.
    expect((await property.check(new Run(scenario, trace), ctx)).status).toBe('pass');
    // The engine showed the kicked spell on the stack but its cast as refused: how it was kicked,
    // which the Trickery reads, is no longer known from the declarations.
    const kickedCast = scenario.actions.findIndex((a) => a.do === 'cast' && (a.kicker?.length ?? 0) > 0);
    const unknownKick: Trace = { ...trace, steps: trace.steps.map((s, i) => (i === kickedCast ? { ...s, outcome: 'rejected', reason: 'cannot-pay' } : s)) };
    const verdict = await property.check(new Run(scenario, unknownKick), ctx);
    expect(verdict.status).toBe('pass');
  });
});
