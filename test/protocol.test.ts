// The parts of the subprocess adapter, and the engine side of the protocol, without a real engine.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCommand, formatCommand } from '../adapters/process/command.ts';
import { LineSplitter, LineTooLong } from '../adapters/process/line-splitter.ts';
import { StderrTail } from '../adapters/process/stderr-tail.ts';
import { serveEngine } from '../adapters/process/serve.ts';
import { checkTrace, ProtocolViolation, withoutNulls } from '../adapters/process/protocol.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { InputError } from '../model/errors.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { validateDocument } from '../model/schemas.ts';
import type { Scenario, TraceChanges } from '../model/schema-types.ts';

const bolt: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [{ id: 'bolt', oracle: 'Burst Lightning' }],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 1, C: 4 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }, { do: 'resolve' }],
};

describe('engine commands', () => {
  it('are split like a shell splits them, without running a shell', () => {
    expect(parseCommand(`java -jar "my engine.jar" --name='x y' $HOME_DIR/cards`, { HOME_DIR: '/h' })).toEqual(['java', '-jar', 'my engine.jar', '--name=x y', '/h/cards']);
    expect(formatCommand(['python3', 'my engine.py'])).toBe(`python3 'my engine.py'`);
    expect(parseCommand(formatCommand(['a b', "it's"]))).toEqual(['a b', "it's"]);
  });

  it('refuse what only a shell can do, and unset variables', () => {
    expect(() => parseCommand('engine > log')).toThrow(InputError);
    expect(() => parseCommand('a && b')).toThrow(/'&&' cannot be used/);
    expect(() => parseCommand('run $NOPE', {})).toThrow(/\$NOPE, which is not set/);
    expect(() => parseCommand('   ')).toThrow(/empty/);
  });
});

describe('line splitting', () => {
  it('joins lines split across chunks and drops \\r\\n endings', () => {
    const s = new LineSplitter(100);
    expect(s.push(Buffer.from('{"a":1}\n{"b"'))).toEqual(['{"a":1}']);
    expect(s.push(Buffer.from(':2}\r\n\n{"c":"é'))).toEqual(['{"b":2}', '']);
    expect(s.push(Buffer.from('"}\n'))).toEqual(['{"c":"é"}']);
  });

  it('refuses a line longer than the limit, even before it ends', () => {
    const s = new LineSplitter(10);
    expect(s.push(Buffer.from('0123456789\n'))).toEqual(['0123456789']);
    s.push(Buffer.from('01234'));
    expect(() => s.push(Buffer.from('567890'))).toThrow(LineTooLong);
  });
});

describe('the stderr tail', () => {
  it('keeps the last lines within its bound', () => {
    const t = new StderrTail(64);
    for (let i = 0; i < 100; i++) t.push(Buffer.from(`line ${i}\n`));
    const text = t.text();
    expect(text.length).toBeLessThanOrEqual(64);
    expect(text.endsWith('line 99\n')).toBe(true);
    expect(text.startsWith('line ')).toBe(true);
  });

  it('quotes what came after hello, not a start-up exception long before', () => {
    const t = new StderrTail();
    t.push(Buffer.from('Traceback: ImportError: optional module missing (harmless)\n'));
    t.started();
    expect(t.text()).toBe('');
    t.push(Buffer.from('request 1\nRuntimeError: simulated crash\n'));
    expect(t.text()).toBe('request 1\nRuntimeError: simulated crash\n');
  });
});

describe('trace checks', () => {
  const scenario = normalizeScenario(bolt);
  const trace = new ReferenceEngine().runSync(scenario);

  it('accept a trace of the scenario', () => {
    expect(checkTrace(trace, scenario)).toBe(trace);
  });

  it('take nulls out of a trace and leave what holds none as it was', () => {
    const t = { engine: { name: 'Nullhide', version: 'null' }, steps: [{ action: 'a1', reason: null, state: { stack: [], players: [{ id: 'p1', life: 20, mana: null }] } }, { action: 'a2', message: 'annulled' }] };
    const out = withoutNulls(t) as typeof t;
    expect(out).toEqual({ engine: t.engine, steps: [{ action: 'a1', state: { stack: [], players: [{ id: 'p1', life: 20 }] } }, t.steps[1]] });
    // Only the objects on the way to a null are new.
    expect(out.engine).toBe(t.engine);
    expect(out.steps[1]).toBe(t.steps[1]);
    expect(out.steps[0]!.state!.stack).toBe(t.steps[0]!.state!.stack);
    expect(withoutNulls(t.steps[1])).toBe(t.steps[1]);
    expect(withoutNulls({ id: 'bear', set: { damage: null, tapped: true }, unset: ['counters'] })).toEqual({ id: 'bear', set: { tapped: true }, unset: ['counters', 'damage'] });
  });

  it('refuse a trace that breaks the schema, has a step too few, or steps for other actions', () => {
    expect(() => checkTrace({ ...trace, steps: [{ ...trace.steps[0], outcome: 'done' }] }, scenario)).toThrow(/breaks the trace schema: \/steps\/0\/outcome/);
    expect(() => checkTrace({ ...trace, steps: trace.steps.slice(1) }, scenario)).toThrow(/1 step\(s\) for 2 action\(s\)/);
    expect(() => checkTrace({ ...trace, steps: [...trace.steps].reverse() }, scenario)).toThrow(ProtocolViolation);
  });
});

describe('castcheck serve (the engine side)', () => {
  async function talk(...messages: unknown[]): Promise<{ status: number; answers: Record<string, unknown>[] }> {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d: Buffer) => (text += d.toString()));
    const served = serveEngine(new ReferenceEngine(), input, output, { validateProtocol: true });
    for (const m of messages) input.write(`${typeof m === 'string' ? m : JSON.stringify(m)}\n`);
    input.end();
    const status = await served;
    return { status, answers: text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
  }

  it('answers hello, every run in order, and stops; each answer fits the protocol schema', async () => {
    const scenario = normalizeScenario(bolt);
    const { status, answers } = await talk(
      { type: 'hello', protocol: 1, castcheck: '0.1.0' },
      { type: 'run', id: 1, scenario },
      { type: 'run', id: 2, scenario },
      { type: 'stop' },
      { type: 'run', id: 3, scenario },
    );
    expect(status).toBe(0);
    expect(answers.map((a) => [a.type, a.id])).toEqual([['hello', undefined], ['trace', 1], ['trace', 2]]);
    for (const a of answers) expect(validateDocument('protocol#fromEngine', a)).toEqual([]);
    expect(answers[1]!.trace).toEqual(new ReferenceEngine().runSync(scenario));
  });

  it('refuses another protocol version, and answers a bad request with an error', async () => {
    expect((await talk({ type: 'hello', protocol: 3, castcheck: '9' })).answers[0]).toMatchObject({ type: 'error', message: 'this engine speaks protocol 1 and 2, not 3' });
    expect((await talk({ type: 'hello', protocol: 3, protocols: [3, 4], castcheck: '9' })).answers[0]).toMatchObject({ type: 'error', message: 'this engine speaks protocol 1 and 2, not 3 or 4' });
    const bad = await talk({ type: 'hello', protocol: 1, castcheck: '0.1.0' }, { type: 'run', id: 7, scenario: { format: 'nope' } }, 'not json');
    expect(bad.answers.slice(1)).toMatchObject([{ type: 'error', id: 7 }, { type: 'error', message: 'the request is not JSON' }]);
  });

  it('chooses protocol 2 when castcheck offers it, and answers with traces with changes that rebuild into its trace', async () => {
    const scenario = normalizeScenario(bolt);
    const { answers } = await talk({ type: 'hello', protocol: 1, protocols: [1, 2], castcheck: '0.2.0' }, { type: 'run', id: 1, scenario }, { type: 'stop' });
    expect(answers[0]).toMatchObject({ type: 'hello', protocol: 2 });
    for (const a of answers) expect(validateDocument('protocol#fromEngine', a)).toEqual([]);
    const trace = answers[1]!.trace as TraceChanges;
    expect(trace.format).toBe('castcheck-trace-changes/1');
    expect(trace.steps.every((s) => s.changes !== undefined && s.state === undefined)).toBe(true);
    expect(checkTrace(trace, scenario, 2)).toEqual(new ReferenceEngine().runSync(scenario));
  });

  it('answers in protocol 1 when that is all castcheck offers, or all it speaks itself', async () => {
    const scenario = normalizeScenario(bolt);
    const old = await talk({ type: 'hello', protocol: 1, protocols: [1], castcheck: '0.2.0' }, { type: 'run', id: 1, scenario });
    expect(old.answers[0]).toMatchObject({ type: 'hello', protocol: 1 });
    expect(old.answers[1]!.trace).toEqual(new ReferenceEngine().runSync(scenario));
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d: Buffer) => (text += d.toString()));
    const served = serveEngine(new ReferenceEngine(), input, output, { protocols: [1] });
    input.end(`${JSON.stringify({ type: 'hello', protocol: 1, protocols: [1, 2], castcheck: '0.2.0' })}\n`);
    await served;
    expect(JSON.parse(text.split('\n')[0]!)).toMatchObject({ type: 'hello', protocol: 1 });
  });

  it('ignores message types it does not know, as a newer castcheck may send them', async () => {
    const { answers } = await talk({ type: 'hello', protocol: 1, castcheck: '0.1.0', future: true }, { type: 'ping' }, { type: 'stop' });
    expect(answers.map((a) => a.type)).toEqual(['hello']);
  });
});
