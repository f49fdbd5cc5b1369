// Rejections are judged by family, a cast with several problems may be refused for any of them, and a
// rejection is judged against the engine's own view of the state before it (docs/PROTOCOL.md).
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { REJECTION_FAMILIES, familyOf } from '../model/rejections.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { validateDocument } from '../model/schemas.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { illegalDeclarationsRejected, rejectionChangesNothing, unpayableRejected } from '../properties/casting.ts';
import { Run, type CheckContext, type Property } from '../properties/property.ts';
import traceSchema from '../schema/trace.schema.json' with { type: 'json' };
import { editableCopy } from './fixtures/traces.ts';

const engine = new ReferenceEngine();
const ctx = {} as CheckContext;

async function verdict(p: Property, scenario: Scenario, change: (t: Trace) => void = () => {}) {
  const n = normalizeScenario(scenario);
  const trace = editableCopy(engine.runSync(n));
  change(trace);
  expect(validateDocument('trace', trace)).toEqual([]);
  return p.check(new Run(n, trace), ctx);
}

// Burst Lightning declared with kicker A twice and aimed at two targets: two problems at once.
const TWO_PROBLEMS: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'bolt', oracle: 'Burst Lightning' }],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1, C: 8 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', kicker: ['A', 'A'], targets: [['p2'], ['p1']] }],
};

// A kicked Burst Lightning the pool cannot pay for.
const UNPAYABLE: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'bolt', oracle: 'Burst Lightning' }],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1, C: 1 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
};

// Kavu Titan on the battlefield from the start; the first action is rejected (not in hand).
const REJECTED_FIRST: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'kavu', oracle: 'Kavu Titan' }, { id: 'bolt', oracle: 'Burst Lightning' }],
  players: [{ id: 'p1', graveyard: ['bolt'], battlefield: [{ card: 'kavu' }], mana: { R: 1 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }],
};

describe('rejection families', () => {
  it('put every reason code of the trace schema in exactly one family', () => {
    const codes = traceSchema.$defs.reason.enum as string[];
    for (const code of codes) expect(REJECTION_FAMILIES.filter((f) => (f.codes as readonly string[]).includes(code)).map((f) => f.id), code).toHaveLength(1);
    expect(REJECTION_FAMILIES.flatMap((f) => f.codes).sort()).toEqual([...codes].sort());
    for (const f of REJECTION_FAMILIES) expect(familyOf(f.id)?.id).toBe(f.id);
  });

  it('accept any applicable family for a cast with several problems, and the family code itself', async () => {
    expect(engine.runSync(normalizeScenario(TWO_PROBLEMS)).steps[0]!.reason).toBe('kicker-declared-twice');
    for (const reason of ['kicker-declared-twice', 'wrong-target-count', 'illegal-targets', 'illegal-declaration'] as const) {
      expect(await verdict(illegalDeclarationsRejected, TWO_PROBLEMS, (t) => void (t.steps[0]!.reason = reason)), reason).toMatchObject({ status: 'pass' });
    }
  });

  it('fail a rejection of a family none of the problems belongs to, naming the families', async () => {
    const v = await verdict(illegalDeclarationsRejected, TWO_PROBLEMS, (t) => void (t.steps[0]!.reason = 'not-in-hand'));
    expect(v).toMatchObject({ status: 'fail', observed: 'reason not-in-hand (illegal-object)' });
    expect(v.status === 'fail' && v.expected).toMatch(/illegal-declaration \(kicker-declared-twice: .*\) or illegal-targets \(wrong-target-count: /);
  });

  it('judge an unpayable cast by the payment family', async () => {
    expect(await verdict(unpayableRejected, UNPAYABLE)).toMatchObject({ status: 'pass' });
    expect(await verdict(unpayableRejected, UNPAYABLE, (t) => void (t.steps[0]!.reason = 'illegal-payment'))).toMatchObject({ status: 'pass' });
    expect(await verdict(unpayableRejected, UNPAYABLE, (t) => void (t.steps[0]!.reason = 'illegal-target'))).toMatchObject({ status: 'fail', observed: 'reason illegal-target (illegal-targets)' });
  });
});

describe('a rejection changes nothing, as the engine saw it', () => {
  const giveTrample = (t: Trace) => {
    for (const state of [t.initialState!, t.steps[0]!.state]) state.battlefield[0]!.keywords = ['trample'];
  };

  it('passes an engine that sees the start differently, when it sends its initial state', async () => {
    expect(await verdict(rejectionChangesNothing, REJECTED_FIRST, giveTrample)).toMatchObject({ status: 'pass' });
  });

  it('passes it without an initial state too: what it works out itself is not compared with the model', async () => {
    expect(
      await verdict(rejectionChangesNothing, REJECTED_FIRST, (t) => {
        giveTrample(t);
        delete t.initialState;
      }),
    ).toMatchObject({ status: 'pass' });
  });

  it('still fails a rejected first action that moved a card or spent mana, with or without an initial state', async () => {
    const spend = (t: Trace) => void (t.steps[0]!.state.players[0]!.mana = {});
    expect(await verdict(rejectionChangesNothing, REJECTED_FIRST, spend)).toMatchObject({ status: 'fail' });
    expect(
      await verdict(rejectionChangesNothing, REJECTED_FIRST, (t) => {
        spend(t);
        delete t.initialState;
      }),
    ).toMatchObject({ status: 'fail' });
    // Against its own initial state, a difference the engine itself made up to the rejection is one.
    expect(await verdict(rejectionChangesNothing, REJECTED_FIRST, (t) => void (t.initialState!.battlefield[0]!.keywords = ['trample']))).toMatchObject({ status: 'fail' });
  });
});
