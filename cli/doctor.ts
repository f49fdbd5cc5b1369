// castcheck doctor: an engine process checked against the protocol before a real run. The handshake,
// then a ladder of scenarios from simple to rich built from what the engine declares; every message
// is validated, its ids checked against the conventions and its steps compared with the reference
// engine, and every problem is explained with the field, what was expected and the section of
// docs/PROTOCOL.md. It ends with the plan of what castcheck run will test.
import fc from 'fast-check';
import { EngineStartError, ProcessEngine } from '../adapters/process/process-engine.ts';
import { processEngineOptions } from '../adapters/process/engine-config.ts';
import { TRACE_CHANGES_FORMAT } from '../adapters/process/trace-changes.ts';
import { conventionProblems, schemaProblems, sectionForDifference, sectionLink, type Problem } from '../adapters/process/explain.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { asEngineFailure } from '../adapters/engine-failure.ts';
import { builtFeatures, scenarioArb } from '../generators/scenario.ts';
import { performs } from '../model/capabilities.ts';
import { catalog } from '../model/catalog.ts';
import { diffStates, canonical } from '../model/compare.ts';
import { InputError } from '../model/errors.ts';
import { familyOf } from '../model/rejections.ts';
import { normalizeScenario, type NormalizedScenario } from '../model/scenario.ts';
import { validateDocument } from '../model/schemas.ts';
import type { Capabilities, CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import { formatPlan, planFor } from './plan.ts';

export interface DoctorOptions {
  engineCmd?: string;
  engineConfig?: string;
  timeout?: number;
  startTimeout?: number;
  rungs: number;
  seed: number;
  sample: number;
}

interface Rung {
  title: string;
  scenario: Scenario;
}

type RawMessage = { type: string } & Record<string, unknown>;

export async function doctorCommand(o: DoctorOptions): Promise<number> {
  if (o.engineCmd === undefined && o.engineConfig === undefined) throw new InputError('castcheck doctor needs --engine-cmd or --engine-config');
  let last: RawMessage | undefined;
  const options = {
    ...processEngineOptions({
      ...(o.engineCmd !== undefined ? { command: o.engineCmd } : {}),
      ...(o.engineConfig !== undefined ? { config: o.engineConfig } : {}),
      ...(o.timeout !== undefined ? { timeoutMs: o.timeout } : {}),
      ...(o.startTimeout !== undefined ? { startTimeoutMs: o.startTimeout } : {}),
    }),
    onMessage: (m: RawMessage) => void (last = m),
  };
  console.log(`castcheck doctor: ${options.command}`);
  console.log('\nhandshake');
  let engine: ProcessEngine;
  try {
    engine = await ProcessEngine.start(options);
  } catch (error) {
    if (!(error instanceof EngineStartError)) throw error;
    console.log(`  FAIL ${error.message}`);
    for (const d of error.details) console.log(`  ${d}`);
    if (last?.type === 'hello') printProblems(schemaProblems(validateDocument('protocol#fromEngine', last)));
    else printProblems([{ field: 'hello', what: 'the engine must answer castcheck\'s hello with its own, on one line of stdout', section: 'messages' }]);
    return 1;
  }
  const problems: Problem[] = [];
  try {
    const caps = engine.capabilities;
    console.log(`  ok   ${engine.id.name} ${engine.id.version} speaks protocol ${engine.protocol}`);
    const unknown = (caps.cards.oracle ?? []).filter((name) => !catalog().has(name));
    if (unknown.length > 0) console.log(`  note printed cards castcheck's catalog does not have, so never used: ${unknown.join(', ')} (${sectionLink('capabilities')})`);
    const declaredHere = capabilityNotes(caps);
    for (const note of declaredHere) console.log(`  note ${note}`);

    console.log('\nladder');
    const rungs = ladder(caps, o.rungs, o.seed);
    const reference = new ReferenceEngine();
    for (const [i, rung] of rungs.entries()) {
      const n = normalizeScenario(rung.scenario);
      const found = await checkRung(engine, n, reference, () => last);
      console.log(`  ${found.length === 0 ? 'ok  ' : 'FAIL'} ${i + 1}. ${rung.title}`);
      printProblems(found);
      problems.push(...found);
    }
  } finally {
    await engine.close();
  }
  console.log(`\n${problems.length === 0 ? 'no problems found' : `${problems.length} problem(s) found`}: ${problems.length === 0 ? 'castcheck run can judge this engine' : 'fix them, then run castcheck doctor again'}`);
  console.log('\nplan');
  for (const line of formatPlan(planFor(engine.capabilities, o.sample, o.seed))) console.log(`  ${line}`);
  return problems.length === 0 ? 0 : 1;
}

function printProblems(found: readonly Problem[]): void {
  for (const p of found.slice(0, 12)) {
    console.log(`       ${p.field}: ${p.what}`);
    console.log(`         see ${sectionLink(p.section)}`);
  }
  if (found.length > 12) console.log(`       ... and ${found.length - 12} more`);
}

/** Things worth knowing about what the engine declared. */
function capabilityNotes(caps: Capabilities): string[] {
  const notes: string[] = [];
  if (!caps.cards.synthetic && (caps.cards.oracle ?? []).length === 0) notes.push(`it declares no cards: castcheck can generate nothing (${sectionLink('capabilities')})`);
  if (caps.mechanics.includes('copy') && !caps.actions.includes('copy')) notes.push('copy is a mechanic but not an action: copies come only from copy cards it knows');
  if (!caps.observes.includes('stack.kicked')) notes.push(`it does not declare stack.kicked: properties that read whether a spell is kicked judge it only where the trace says (${sectionLink('required-and-optional-fields')})`);
  return notes;
}

/** Rungs from simple to rich: the board alone, resolving an empty stack, then generated scenarios by size. */
export function ladder(declared: Capabilities, count: number, seed: number): Rung[] {
  const caps = declared;
  const rungs: Rung[] = [];
  const board = printedBoard(caps);
  rungs.push({ title: `the starting board, no action (${board.cards.length} card(s))`, scenario: { format: 'castcheck-scenario/1', ...board, actions: [] } });
  if (performs(caps, 'resolve')) {
    rungs.push({ title: 'resolve on an empty stack: rejected (empty-stack)', scenario: { format: 'castcheck-scenario/1', ...board, actions: [{ do: 'resolve' }] } });
  }
  let sample: Scenario[] = [];
  try {
    sample = fc.sample(scenarioArb({ capabilities: caps }), { seed, numRuns: 200 });
  } catch {
    return rungs;
  }
  const size = (s: Scenario) => s.actions.length * 10 + s.cards.length;
  const bySize = [...new Map(sample.sort((a, b) => size(a) - size(b)).map((s) => [size(s), s])).values()];
  const picked = new Set<Scenario>();
  for (let i = 0; i < Math.min(count, bySize.length); i++) picked.add(bySize[Math.floor((i * (bySize.length - 1)) / Math.max(1, count - 1))]!);
  const illegal = sample.find((s) => builtFeatures(s)?.illegal);
  if (illegal) picked.add(illegal);
  const titles = new Set(rungs.map((r) => r.title));
  for (const s of [...picked].sort((a, b) => size(a) - size(b))) {
    const title = describeScenario(s);
    if (!titles.has(title)) rungs.push({ title, scenario: s });
    titles.add(title);
  }
  return rungs;
}

/** A land and a creature the engine knows on the battlefield, a card in hand. */
function printedBoard(caps: Capabilities): Pick<Scenario, 'cards' | 'players'> {
  const known = (caps.cards.oracle ?? []).map((name) => catalog().get(name)).filter((d): d is CardDefinition => d !== undefined);
  const land = known.find((d) => d.types.includes('Land'));
  const creature = known.find((d) => d.types.includes('Creature'));
  const spell = known.find((d) => d !== creature && !d.types.includes('Land'));
  const cards = [
    ...(land ? [{ id: 'land1', oracle: land.name }] : []),
    ...(creature ? [{ id: 'creature1', oracle: creature.name }] : []),
    ...(spell ? [{ id: 'inhand1', oracle: spell.name }] : []),
  ];
  return {
    cards,
    players: [
      { id: 'p1', mana: { C: 2 }, ...(land ? { battlefield: [{ card: 'land1' }] } : {}), ...(spell ? { hand: ['inhand1'] } : {}) },
      { id: 'p2', ...(creature ? { battlefield: [{ card: 'creature1' }] } : {}) },
    ],
  };
}

function describeScenario(s: Scenario): string {
  const name = (id: string) => s.cards.find((c) => c.id === id)?.oracle ?? s.cards.find((c) => c.id === id)?.definition?.name ?? id;
  const parts = s.actions.map((a) => {
    if (a.do !== 'cast') return a.do === 'resolve' && a.untilEmpty ? 'resolve until empty' : a.do;
    const kicks = [...(a.kicker ?? []).map((k) => `kicker ${k}`), ...(a.multikicker ? [`multikicker ×${a.multikicker}`] : []), ...(a.splice?.length ? [`${a.splice.length} spliced`] : []), ...(a.x !== undefined ? [`X=${a.x}`] : [])];
    return `cast ${name(a.card)}${kicks.length > 0 ? ` (${kicks.join(', ')})` : ''}`;
  });
  const illegal = builtFeatures(s)?.illegal;
  return `${parts.join(', ') || 'the board only, no action'}${illegal ? ' (with an illegal declaration on purpose)' : ''}`;
}

/** Runs one rung and says everything wrong with the answer. */
async function checkRung(engine: ProcessEngine, n: NormalizedScenario, reference: ReferenceEngine, lastMessage: () => RawMessage | undefined): Promise<Problem[]> {
  let trace: Trace;
  try {
    trace = await engine.run(n);
  } catch (error) {
    const f = asEngineFailure(error);
    const raw = lastMessage();
    if (raw?.type === 'trace') {
      const withChanges = (raw.trace as { format?: unknown } | undefined)?.format === TRACE_CHANGES_FORMAT && engine.protocol >= 2;
      const issues = validateDocument(withChanges ? 'protocol#traceChanges' : 'trace', raw.trace);
      if (issues.length > 0) return onceEach(schemaProblems(issues, n));
    }
    const section = f.kind === 'protocol-error' ? 'framing' : 'failure-statuses';
    return [{ field: 'the answer', what: `${f.kind.toUpperCase().replace('-', '_')}: ${f.message}${f.stderr.trim() ? `; stderr ends: ${f.stderr.trim().split('\n').slice(-3).join(' / ')}` : ''}`, section }];
  }
  const found = conventionProblems(n, trace);
  const expected = reference.runSync(n);
  // After a step the engine could not perform, its game and the reference engine's part ways for good.
  const unsupported = trace.steps.findIndex((s) => s.outcome === 'unsupported');
  trace.steps.slice(0, unsupported === -1 ? undefined : unsupported).forEach((step, i) => {
    const action = n.actions[i]!;
    const where = `step ${action.id} (${action.do})`;
    const want = expected.steps[i]!;
    if (step.outcome !== want.outcome) {
      found.push({ field: `${where} › outcome`, what: `${step.outcome}${step.reason ? ` (${step.reason})` : ''}, where the reference engine says ${want.outcome}${want.reason ? ` (${want.reason}: ${want.message ?? ''})` : ''}`, section: want.outcome === 'rejected' || step.outcome === 'rejected' ? 'rejections' : 'actions-and-their-edge-cases' });
      return;
    }
    if (want.reason && step.reason && familyOf(want.reason) !== familyOf(step.reason)) {
      found.push({ field: `${where} › reason`, what: `${step.reason} (${familyOf(step.reason)?.id}), where the reference engine says ${want.reason} (${familyOf(want.reason)?.id})`, section: 'rejections' });
    }
    for (const d of diffStates(want.state, step.state).slice(0, 4)) {
      found.push({ field: `${where} › state.${d.path}`, what: `${d.observed === undefined ? 'missing' : canonical(d.observed)}, where the reference engine has ${canonical(d.expected)}`, section: sectionForDifference(d.path) });
    }
  });
  return onceEach(found);
}

/** One convention broken shows up again in every step and object: each problem once. */
function onceEach(found: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  return found.filter((p) => {
    const key = `${p.field.replace(/^(step \S+ \(\w+\) › |initialState\.)/, '').replace(/\[\d+\]/g, '[]')}|${p.what}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
