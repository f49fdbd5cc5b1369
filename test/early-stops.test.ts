// Early stops shown and avoided (issue 36): an engine that answers `unsupported` for one card's step
// sees its early stops counted by card and action with its message, and after NARROW_AFTER of them
// the run stops generating that card, says so, and --write-capabilities writes capabilities without it.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Capabilities, Scenario, Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { leaveOut, NARROW_AFTER } from '../runner/early-stops.ts';
import { runSuite, type SuiteOptions } from '../runner/run-suite.ts';
import { runCommand } from '../cli/run.ts';
import { runReport } from '../reports/run-report.ts';
import { summaryTable } from '../reports/console.ts';
import { validateDocument } from '../model/schemas.ts';
import { editableCopy } from './fixtures/traces.ts';

const CARD = 'Fork';
const MESSAGE = 'Fork is not implemented yet';

const castsCard = (s: Scenario, i: number) => {
  const a = s.actions[i]!;
  return a.do === 'cast' && s.cards.find((c) => c.id === a.card)?.oracle === CARD;
};

/** The reference engine, answering `unsupported` from the first cast of Fork on; it keeps the scenarios it was sent. */
function forkless(): Engine & { sent: Scenario[] } {
  const reference = new ReferenceEngine();
  const sent: Scenario[] = [];
  const answer = (s: Scenario): Trace => {
    sent.push(s);
    const trace = editableCopy(reference.runSync(s));
    const first = s.actions.findIndex((_, i) => castsCard(s, i));
    trace.steps.forEach((step, i) => {
      if (first === -1 || i < first) return;
      Object.assign(step, { outcome: 'unsupported', message: MESSAGE, state: i === 0 ? step.state : trace.steps[first - 1]?.state ?? step.state });
      delete step.reason;
      step.triggered = [];
    });
    return trace;
  };
  return { id: { name: 'forkless', version: '1' }, capabilities: reference.capabilities, sent, run: async (s) => answer(s), runSync: answer, close: async () => undefined };
}

const RUNS = 600;
const SEED = 7;

describe('early stops', () => {
  it('are counted by card and action with the engine message, and the card is no longer generated after 20 of them', async () => {
    const engine = forkless();
    const made: Scenario[] = [];
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: RUNS, seed: SEED, shrinkBudget: 0, onScenario: (s) => made.push(s) });
    const fork = r.earlyStops?.find((s) => s.card === CARD);
    expect(fork).toMatchObject({ action: 'cast', printed: true, message: MESSAGE, leftOut: `the card ${CARD}` });
    expect(fork!.count).toBeGreaterThanOrEqual(NARROW_AFTER);
    expect(fork!.leftOutFrom).toBeLessThan(RUNS);
    expect(r.runs).toBe(RUNS);
    expect(r.narrowedCapabilities?.cards.oracle).not.toContain(CARD);
    expect(r.narrowedCapabilities?.cards.oracle?.length).toBe(engine.capabilities.cards.oracle!.length - 1);
    // Every Fork the engine was asked to cast counted: the run stopped making them at the narrowing.
    expect(r.unsupported).toBe(r.earlyStops!.reduce((n, s) => n + s.count, 0));
    const casting = made.flatMap((s, k) => (s.actions.some((_, i) => castsCard(s, i)) ? [k] : []));
    expect(casting.length).toBe(fork!.count);
    expect(Math.max(...casting)).toBeLessThan(fork!.leftOutFrom!);

    // The run says so, and the report carries it.
    expect(summaryTable(r, 30)).toContain(`${fork!.count} x cast ${CARD} (engine: ${MESSAGE}); left out from scenario ${fork!.leftOutFrom! + 1} on: the card ${CARD}`);
    const report = runReport(engine, r, { checkFloor: 30, repros: new Map() });
    expect(validateDocument('report', report)).toEqual([]);
    expect(report.earlyStops?.[0]).toMatchObject({ card: CARD, action: 'cast', count: fork!.count, leftOutFrom: fork!.leftOutFrom! + 1 });

    // The same seed narrows at the same scenario: the run repeats.
    const again = await runSuite({ ...judgeFor(forkless()), properties: PROPERTIES, runs: RUNS, seed: SEED, shrinkBudget: 0 });
    expect(again.earlyStops).toEqual(r.earlyStops);
    expect(again.tallies.map((t) => t.passed)).toEqual(r.tallies.map((t) => t.passed));
  }, 600_000);

  it('leave out a made-up card only where capabilities can say so', () => {
    const caps: Capabilities = new ReferenceEngine().capabilities;
    expect(leaveOut(caps, { card: 'Main Spell', printed: false, action: 'cast' })).toMatchObject({ why: expect.stringContaining('cannot be left out') });
    const noFlicker = leaveOut(caps, { card: 'Main Permanent', printed: false, action: 'flicker' });
    expect('caps' in noFlicker && noFlicker.caps.actions).not.toContain('flicker');
  });
});

describe('castcheck run --write-capabilities', () => {
  let out: string;
  beforeEach(() => {
    out = mkdtempSync(join(tmpdir(), 'castcheck-early-'));
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes the capabilities without the card generation left out, and says so', async () => {
    const file = join(out, 'caps.json');
    const engine = forkless();
    const code = await runCommand(
      { runs: RUNS, seed: SEED, out, pipeline: 1, checkFloor: 0, maxShrinkRuns: 0, shrinkBudget: 0, progress: false, gateFloor: 0, writeCapabilities: file },
      { search: (o: SuiteOptions) => runSuite({ ...o, ...judgeFor(engine) }) },
    );
    expect(code).toBe(0);
    const caps = JSON.parse(readFileSync(file, 'utf8')) as Capabilities;
    expect(validateDocument('capabilities', caps)).toEqual([]);
    expect(caps.cards.oracle).not.toContain(CARD);
    expect(caps.cards.oracle).toContain('Twincast');
    const said = vi.mocked(console.log).mock.calls.map((c) => String(c[0])).join('\n');
    expect(said).toContain(`capabilities: wrote ${file}, the engine's less the card ${CARD}`);
    expect(said).toMatch(/x cast Fork \(engine: Fork is not implemented yet\); left out from scenario \d+ on: the card Fork/);
  }, 600_000);
});
