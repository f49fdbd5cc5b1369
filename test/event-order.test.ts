// The order of effects made observable (issue 38): an engine that lists a step's events and does a
// spliced card's effect before its host's fails a rule property even where the state after is the
// same; one that does not list them is SKIP for it, with the reason, and loses nothing else.
import { describe, expect, it } from 'vitest';
import { faultyReference } from '../adapters/faults/index.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import { expandCapabilities } from '../model/capabilities.ts';
import { observedTrace } from '../model/observables.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Capabilities, Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { missingCapability } from '../properties/property.ts';
import { checkCase, loadCases } from '../runner/cases.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { caseFromRepro } from '../runner/promote.ts';
import { runSuite } from '../runner/run-suite.ts';
import { faultRepro } from './fixtures/export-loop.ts';
import * as F from './fixtures/scenarios.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, verdictOf } from './fixtures/trace-edits.ts';

/** Glacial Ray spliced onto Lava Spike, both at p2: 5 damage whichever part goes first. */
const RAY_ON_SPIKE: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'spike', oracle: 'Lava Spike' },
    { id: 'ray', oracle: 'Glacial Ray' },
  ],
  players: [{ id: 'p1', hand: ['spike', 'ray'], mana: { R: 2, C: 1 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] }, { do: 'resolve' }],
};

const property = (id: string) => {
  const p = propertyById(id);
  if (!p) throw new Error(`no property ${id}`);
  return p;
};

describe('a spliced card done before its host', () => {
  const s = normalizeScenario(RAY_ON_SPIKE);
  const faulty = faultyReference('spliced-effects-first');

  it('leaves the state after as the reference engine leaves it', () => {
    expect(faulty.runSync!(s).steps.map((x) => x.state)).toEqual(engine.runSync(s).steps.map((x) => x.state));
  });

  it('passes every property that judges the state, and fails splice.events-after-host from the events', async () => {
    const trace = faulty.runSync!(s);
    for (const id of ['splice.effects-after-host', 'resolution.player-effects']) expect(await verdictOf(property(id), s, trace), id).not.toMatchObject({ status: 'fail' });
    const v = await verdictOf(property('splice.events-after-host'), s, trace);
    expect(v).toMatchObject({ status: 'fail', step: 'a2' });
    expect(v).toMatchObject({ observed: 'damage 2 to p2 (Glacial Ray) came before damage 3 to p2 (Lava Spike)' });
  });

  it('is SKIP for an engine that does not list events, with the reason, in a whole run', async () => {
    const caps: Capabilities = { ...faulty.capabilities, observes: faulty.capabilities.observes.filter((o) => o !== 'step.events') };
    const blind = restrictedTo(faulty, caps);
    expect(blind.runSync!(s).steps.every((x) => x.events === undefined)).toBe(true);
    expect(missingCapability(property('splice.events-after-host'), expandCapabilities(caps))).toBe('does not observe step.events');
    const result = await runSuite({ ...judgeFor(blind), properties: [property('splice.events-after-host'), property('resolution.card-to-graveyard-last')], runs: 20, seed: 1 });
    expect(result.tallies.map((t) => [t.property.id, t.skipped])).toEqual([
      ['splice.events-after-host', 'does not observe step.events'],
      ['resolution.card-to-graveyard-last', 'does not observe step.events'],
    ]);
  });
});

describe('judging from events', () => {
  it('leaves events out of the trace of an engine that does not declare step.events', () => {
    const t = engine.runSync(normalizeScenario(RAY_ON_SPIKE));
    expect(t.steps[1]!.events).toEqual([
      { kind: 'damage', by: 'spike', to: 'p2', amount: 3 },
      { kind: 'damage', by: 'spike', to: 'p2', amount: 2 },
      { kind: 'move', by: 'spike', object: 'spike', from: 'stack', to: 'graveyard' },
    ]);
    expect(observedTrace(t, ['step.triggered']).steps.some((x) => x.events !== undefined)).toBe(false);
    expect(observedTrace(t, ['step.events']).steps[1]!.events).toEqual(t.steps[1]!.events);
  });

  it('does not judge the order of events two instructions can each have made', async () => {
    // Lava Spike's 3 damage and Glacial Ray's 2 read as 2 and 2: either part can have dealt each.
    const s = normalizeScenario(RAY_ON_SPIKE);
    const t = editableCopy(engine.runSync(s));
    const events = t.steps[1]!.events!;
    events.splice(0, 2, { kind: 'damage', by: 'spike', to: 'p2', amount: 2 }, { kind: 'damage', by: 'spike', to: 'p2', amount: 3 });
    expect(await verdictOf(property('splice.events-after-host'), s, t)).toMatchObject({ status: 'fail' });
    events.splice(0, 2, { kind: 'damage', by: 'spike', to: 'p2', amount: 1 }, { kind: 'damage', by: 'spike', to: 'p2', amount: 1 });
    expect(await verdictOf(property('splice.events-after-host'), s, t)).toMatchObject({ status: 'n/a' });
  });

  it("accepts an instruction's events in any order among themselves (CR 608.2f) and judges only different instructions", async () => {
    const s = normalizeScenario(F.SPLICED_DRAW_AND_MILL);
    const t = editableCopy(engine.runSync(s));
    const events = t.steps[1]!.events!;
    const moves = events.filter((e) => e.kind === 'move' && e.from === 'library');
    expect(moves.length).toBeGreaterThan(2);
    // Reach Through Mists draws one, Dampen Thought mills four, Everdream draws: the mills reversed among themselves.
    const mills = events.filter((e) => e.kind === 'move' && e.to === 'graveyard' && e.from === 'library');
    const at = events.indexOf(mills[0]!);
    events.splice(at, mills.length, ...[...mills].reverse());
    for (const id of ['splice.events-after-host', 'resolution.events-in-order']) expect(await verdictOf(property(id), s, t), id).not.toMatchObject({ status: 'fail' });
    expect(await verdictOf(property('resolution.card-to-graveyard-last'), s, t)).toMatchObject({ status: 'pass' });
    // A draw listed after the mills: Reach Through Mists or Everdream can each have made it, so the
    // order is not judged (the judge pins only what one part alone can have made).
    const draw = events.findIndex((e) => e.kind === 'move' && e.to === 'hand');
    events.splice(draw, 1);
    events.splice(events.findIndex((e) => e.kind === 'move' && e.to === 'graveyard' && e.object === 'mists'), 0, { kind: 'move', by: 'mists', object: 'lib1', from: 'library', to: 'hand' });
    expect(await verdictOf(property('splice.events-after-host'), s, t)).toMatchObject({ status: 'n/a' });
  });
});

describe('fixed cases with events', () => {
  const c = loadCases().find((x) => x.case.id === 'glacial-ray-deals-its-damage-after-lava-spike')!.case;
  const faulty = faultyReference('spliced-effects-first');

  it('fail an engine that lists its events in the wrong order', async () => {
    expect(await checkCase(engine, c)).toEqual([]);
    expect((await checkCase(faulty, c)).join('\n')).toMatch(/^a2: events: expected .*"amount":3.*"amount":2.*observed .*"amount":2.*"amount":3/);
  });

  it('compare no events with an engine that does not observe them', async () => {
    const blind = restrictedTo(faulty, { ...faulty.capabilities, observes: faulty.capabilities.observes.filter((o) => o !== 'step.events') });
    expect(await checkCase(blind, c)).toEqual([]);
  });
});

describe('a finding about the order of events, promoted to a case', () => {
  it("keeps the reference engine's events at the failing step, which the faulty engine then fails", async () => {
    const repro = await faultRepro('instructions-last-first');
    const c = await caseFromRepro(repro, engine, 'instructions-last-first.repro.json');
    const failing = c.expect.find((x) => x.action === repro.step)!;
    expect(failing.events?.map((e) => e.kind)).toEqual(['move', 'damage', 'move']);
    expect(c.expect.filter((x) => x.events !== undefined)).toHaveLength(1);
    expect(await checkCase(engine, c)).toEqual([]);
    expect((await checkCase(faultyReference('instructions-last-first'), c)).join('\n')).toMatch(/events: expected/);
  });
});

describe('resolution.card-to-graveyard-last', () => {
  it('fails an engine that declares step.events and leaves out the move its state shows', async () => {
    const s = normalizeScenario(RAY_ON_SPIKE);
    const t = editableCopy(engine.runSync(s));
    delete t.steps[1]!.events;
    expect(await verdictOf(property('resolution.card-to-graveyard-last'), s, t)).toMatchObject({ status: 'fail', kind: 'unlisted', rule: '608.2n', observed: 'events none' });
  });
});
