// Protocol 2's traces with changes: what the engine side writes rebuilds exactly into the trace it
// stands for, the schema and the rebuild refuse what cannot be rebuilt, and the schema of the changes
// lists the same fields as the trace schema.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkTrace, parseMessage, ProtocolViolation } from '../adapters/process/protocol.ts';
import { rebuildTrace, traceWithChanges } from '../adapters/process/trace-changes.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { isValid } from '../model/schemas.ts';
import type { BattlefieldChanges, Scenario, StepChanges } from '../model/schema-types.ts';

const reference = new ReferenceEngine();

const bear: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'bolt', oracle: 'Burst Lightning' }, { id: 'bear', oracle: 'Grizzly Bears' }],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1, C: 4 } }, { id: 'p2', battlefield: [{ card: 'bear' }] }],
  actions: [{ do: 'cast', card: 'bolt', kicker: ['A', 'A'], targets: [['bear']] }, { do: 'cast', card: 'bolt', targets: [['bear']] }, { do: 'resolve' }],
};

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('traces with changes', () => {
  it('rebuild into the full trace, step by step, for every generated scenario', () => {
    const scenarios = fc.sample(scenarioArb({ capabilities: reference.capabilities }), { seed: 5, numRuns: 300 }).map(normalizeScenario);
    let smaller = 0;
    let ordered = 0;
    for (const s of scenarios) {
      const trace = reference.runSync(s);
      const changes = traceWithChanges(trace);
      expect(isValid('protocol#traceChanges', changes)).toBe(true);
      // Through JSON, as over the protocol: nothing is shared with the engine's objects.
      const rebuilt = checkTrace(clone(changes), s, 2);
      expect(rebuilt.steps.map((st) => st.state)).toEqual(trace.steps.map((st) => st.state));
      expect(rebuilt).toEqual(trace);
      if (JSON.stringify(changes).length < JSON.stringify(trace).length / 2) smaller++;
      // The reference engine keeps the battlefield sorted by id: a permanent entering among the others
      // is said with `order`, never by writing every permanent again.
      for (const st of changes.steps) {
        expect(Array.isArray(st.changes?.battlefield)).toBe(false);
        const order = (st.changes?.battlefield as BattlefieldChanges | undefined)?.order;
        if (order) ordered++;
      }
    }
    expect(smaller).toBeGreaterThan(scenarios.length / 2);
    expect(ordered).toBeGreaterThan(scenarios.length / 4);
  });

  it('say where an entering permanent stands with order, and a battlefield reordered with order alone', () => {
    const s = normalizeScenario({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'bear', oracle: 'Grizzly Bears' }, { id: 'yak', oracle: 'Grizzly Bears' }, { id: 'ant', oracle: 'Grizzly Bears' }],
      players: [{ id: 'p1', hand: ['ant'], battlefield: [{ card: 'bear' }, { card: 'yak' }] }, { id: 'p2' }],
      actions: [{ do: 'putOntoBattlefield', card: 'ant' }],
    });
    const trace = reference.runSync(s);
    expect(trace.steps[0]!.state.battlefield.map((p) => p.id)).toEqual(['ant', 'bear', 'yak']);
    const changes = traceWithChanges(trace);
    expect(changes.steps[0]!.changes).toEqual({ battlefield: { add: [trace.steps[0]!.state.battlefield[0]], order: ['ant', 'bear', 'yak'] }, players: [{ id: 'p1', set: { hand: [] } }] });
    expect(checkTrace(clone(changes), s, 2)).toEqual(trace);
    // Only the order changed: the changes are the order alone, and the permanents are the same objects.
    const [ant, bear, yak] = trace.steps[0]!.state.battlefield;
    const turned = { ...trace, steps: [...trace.steps, { action: 'again', outcome: 'accepted' as const, state: { ...trace.steps[0]!.state, battlefield: [yak!, ant!, bear!] } }] };
    const turnedChanges = traceWithChanges(turned);
    expect(turnedChanges.steps[1]!.changes).toEqual({ battlefield: { order: ['yak', 'ant', 'bear'] } });
    expect(rebuildTrace(clone(turnedChanges))).toEqual(turned);
    // Without order, the same changes rebuild the same permanents in castcheck's order: engines may leave it out.
    delete (changes.steps[0]!.changes!.battlefield as BattlefieldChanges).order;
    expect(checkTrace(clone(changes), s, 2).steps[0]!.state.battlefield.map((p) => p.id)).toEqual(['bear', 'yak', 'ant']);
  });

  it('give a rejected step as no change, and a first step without initialState whole', () => {
    const s = normalizeScenario(bear);
    const trace = reference.runSync(s);
    const changes = traceWithChanges(trace);
    expect(changes.steps[0]).toMatchObject({ outcome: 'rejected', reason: 'kicker-declared-twice', changes: {} });
    expect(changes.steps[1]!.changes).toMatchObject({ stack: { add: [{ id: 'bolt' }] }, players: [{ id: 'p1', set: { hand: [] } }] });
    const { initialState: _, ...bare } = trace;
    const whole = traceWithChanges(bare);
    expect(whole.steps[0]!.state).toEqual(trace.steps[0]!.state);
    expect(whole.steps[1]!.changes).toBeDefined();
    expect(rebuildTrace(whole)).toEqual(bare);
  });

  it('are refused when a change cannot be applied, with the step named', () => {
    const s = normalizeScenario(bear);
    const changes = traceWithChanges(reference.runSync(s));
    const broken = (edit: (steps: StepChanges[]) => void) => {
      const t = clone(changes);
      edit(t.steps);
      return () => checkTrace(t, s, 2);
    };
    expect(broken((st) => (st[2]!.changes = { stack: { remove: ['nothing'] } }))).toThrow(/step 3 \(a3\): stack\.remove names nothing, which is not there before the step/);
    expect(broken((st) => (st[2]!.changes = { battlefield: { change: [{ id: 'ghost', set: { tapped: true } }] } }))).toThrow(/battlefield\.change names ghost/);
    expect(broken((st) => (st[1]!.changes = { battlefield: { add: [clone(reference.runSync(s).initialState!.battlefield[0]!)] } }))).toThrow(/battlefield\.add adds bear, which is already there/);
    expect(broken((st) => (st[2]!.changes = { players: [{ id: 'p1', set: { life: 'twenty' as never } }] }))).toThrow(/breaks the schema of traces with changes/);
    expect(broken((st) => (st[2]!.state = clone(reference.runSync(s).steps[2]!.state)))).toThrow(/breaks the schema/);
    const { initialState: _, ...bare } = changes;
    expect(() => checkTrace(clone(bare), s, 2)).toThrow(/step 1 \(a1\) gives changes, but there is no state before it/);
    expect(() => checkTrace(clone(changes), s, 1)).toThrow(/needs protocol 2; it agreed protocol 1/);
    try {
      checkTrace(clone(bare), s, 2);
    } catch (error) {
      expect(error).toBeInstanceOf(ProtocolViolation);
      expect((error as ProtocolViolation).resync).toBe(true);
    }
  });

  it('read null in set as a field that became unknown', () => {
    const s = normalizeScenario(bear);
    const changes = traceWithChanges(reference.runSync(s));
    changes.steps[2]!.changes = { battlefield: { change: [{ id: 'bear', set: { damage: null as never, tapped: true } }] } };
    const message = parseMessage(JSON.stringify({ type: 'trace', id: 1, trace: changes }), true);
    const rebuilt = checkTrace(message.trace, s, 2);
    const bearAfter = rebuilt.steps[2]!.state.battlefield.find((p) => p.id === 'bear')!;
    expect(bearAfter.tapped).toBe(true);
    expect('damage' in bearAfter).toBe(false);
  });

  it('name the same fields as the trace schema', () => {
    const load = (name: string) => JSON.parse(readFileSync(`schema/${name}.schema.json`, 'utf8')) as { $defs: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    const trace = load('trace').$defs;
    const protocol = load('protocol').$defs;
    for (const [changes, whole] of [['permanentChanges', 'permanent'], ['playerChanges', 'playerState']] as const) {
      const props = protocol[changes]!.properties as { set: { properties: Record<string, unknown> }; unset: { items: { enum: string[] } } };
      const fields = trace[whole]!.properties;
      const required = trace[whole]!.required ?? [];
      expect(Object.keys(props.set.properties).sort(), changes).toEqual(Object.keys(fields).filter((f) => f !== 'id').sort());
      // Each field is the trace schema's own, by reference, so the two cannot drift apart.
      for (const [f, schema] of Object.entries(props.set.properties)) expect(schema, `${changes}.set.${f}`).toEqual({ $ref: `trace.schema.json#/$defs/${whole}/properties/${f}` });
      expect([...props.unset.items.enum].sort(), changes).toEqual(Object.keys(fields).filter((f) => !required.includes(f)).sort());
    }
    const step = protocol.stepChanges!.properties;
    for (const f of Object.keys(trace.step!.properties)) expect(step[f], `stepChanges.${f}`).toBeDefined();
  });
});

describe('traces with changes, rebuilt', () => {
  const s = normalizeScenario(bear);
  const trace = reference.runSync(s);
  const permanent = trace.initialState!.battlefield[0]!;
  /** The trace with a battlefield of `n` more permanents before the first step, and `changes` in its third. */
  const withChanges = (n: number, changes: StepChanges['changes']) => {
    const t = clone(traceWithChanges(trace));
    t.initialState!.battlefield.push(...Array.from({ length: n }, (_, i) => ({ ...clone(permanent), id: `extra${i}` })));
    t.steps[2] = { action: t.steps[2]!.action, outcome: t.steps[2]!.outcome, changes };
    return t;
  };

  it('take out the fields unset, keeping the others in their order', () => {
    const rebuilt = rebuildTrace(withChanges(0, { battlefield: { change: [{ id: 'bear', set: { tapped: true, attacking: true } as never, unset: ['damage'] as never }] } }));
    const bear = rebuilt.steps[2]!.state.battlefield.find((p) => p.id === 'bear')!;
    expect(Object.keys(bear)).toEqual([...Object.keys(permanent).filter((k) => k !== 'damage'), 'attacking']);
    expect(bear.tapped).toBe(true);
  });

  it('check ids alike in short zones and long ones', () => {
    for (const n of [0, 30]) {
      const where = /step 3 \(a3\): /;
      expect(() => rebuildTrace(withChanges(n, { battlefield: { add: [clone(permanent)] } }))).toThrow(new RegExp(`${where.source}battlefield\\.add adds bear, which is already there`));
      expect(() => rebuildTrace(withChanges(n, { battlefield: { add: [{ ...clone(permanent), id: 'new' }, { ...clone(permanent), id: 'new' }] } }))).toThrow(/battlefield\.add adds new, which is already there/);
      expect(() => rebuildTrace(withChanges(n, { battlefield: { remove: ['bear', 'ghost'] } }))).toThrow(/step 3 \(a3\): battlefield\.remove names ghost, which is not there before the step/);
      const removed = rebuildTrace(withChanges(n, { battlefield: { remove: ['bear', ...(n > 0 ? Array.from({ length: 20 }, (_, i) => `extra${i}`) : [])] } }));
      expect(removed.steps[2]!.state.battlefield.map((p) => p.id)).toEqual(Array.from({ length: n > 0 ? n - 20 : 0 }, (_, i) => `extra${i + 20}`));
      const ids = ['bear', ...Array.from({ length: n }, (_, i) => `extra${i}`)];
      const reversed = rebuildTrace(withChanges(n, { battlefield: { order: [...ids].reverse() } }));
      expect(reversed.steps[2]!.state.battlefield.map((p) => p.id)).toEqual([...ids].reverse());
      expect(() => rebuildTrace(withChanges(n, { battlefield: { order: [...ids, 'ghost'] } }))).toThrow(new RegExp(`${where.source}battlefield\\.order names ghost, which is not on the battlefield after the step`));
      expect(() => rebuildTrace(withChanges(n, { battlefield: { order: [...ids, 'bear'] } }))).toThrow(/step 3 \(a3\): battlefield\.order names bear twice/);
      expect(() => rebuildTrace(withChanges(n, { battlefield: { order: ids.slice(1) } }))).toThrow(/step 3 \(a3\): battlefield\.order leaves out bear, on the battlefield after the step/);
    }
  });
});
