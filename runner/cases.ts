// Fixed cases: scenarios with their expected outcome, kept as data files under scenarios/ and read
// by this one runner (the way toml-test keeps its cases).
import { sameFamily } from '../model/rejections.ts';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Engine } from '../adapters/engine.ts';
import { canonical, diffStates, formatDifferences } from '../model/compare.ts';
import { InputError } from '../model/errors.ts';
import { readDocument } from '../model/documents.ts';
import { cardBeyond } from '../model/capabilities.ts';
import { normalizeScenario } from '../model/scenario.ts';
import type { Capabilities, CardDefinition, FixedCase, ObservedState, TriggerEvent } from '../model/schema-types.ts';
import { observedPart } from '../model/observables.ts';
import { checkedAnswer, firstUnsupported } from './evaluate.ts';
import { fileURLToPath } from 'node:url';
import { changesCosts } from '../model/cost-changes.ts';

export const CASES_DIR = fileURLToPath(new URL('../scenarios/', import.meta.url));

export interface LoadedCase {
  file: string;
  case: FixedCase;
}

/** A case file that cannot be run: its path (relative to the working folder) and what is wrong with it, naming the file. */
export interface InvalidCase {
  file: string;
  message: string;
  details: string[];
}

/** Every case file under `dir`, each read on its own: an invalid one is set aside with its problems, the others still load. */
export function readCases(dir = CASES_DIR): { cases: LoadedCase[]; invalid: InvalidCase[] } {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.case.json')) files.push(path);
    }
  };
  try {
    walk(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') throw new InputError(`${dir}: ${code === 'EACCES' ? 'cannot read the folder (permission denied)' : 'no such folder'}`);
    throw error;
  }
  const cases: LoadedCase[] = [];
  const invalid: InvalidCase[] = [];
  for (const file of files) {
    // Named relative to where castcheck runs, as people would type it.
    const shown = relative(process.cwd(), file) || file;
    try {
      cases.push({ file, case: readDocument(shown, ['case']).doc as FixedCase });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      invalid.push({ file: shown, message: error.message, details: error.details });
    }
  }
  return { cases, invalid };
}

/** Every case under `dir`; the first invalid one throws, naming its file. */
export function loadCases(dir = CASES_DIR): LoadedCase[] {
  const { cases, invalid } = readCases(dir);
  const bad = invalid[0];
  if (bad) throw new InputError(bad.message, bad.details);
  return cases;
}

/**
 * A list of what triggered, written for comparison as the rules order it (CR 603.3b): the active
 * player's abilities before the other's; within one player's, in order where the action declares it
 * (triggerOrder), else as a set, that player's choice (their ids, given in stack order, as a set too).
 */
function triggerOrderAsRuled(list: readonly TriggerEvent[], declared: boolean): string {
  if (declared) return canonical(list);
  const runs: TriggerEvent[][] = [];
  for (const t of list) {
    const last = runs.at(-1);
    if (last && last[0]!.controller === t.controller) last.push(t);
    else runs.push([t]);
  }
  return canonical(runs.map((r) => ({ ids: r.map((t) => t.id ?? '').sort(), abilities: r.map((t) => `${t.controller}:${t.source}#${t.ability}`).sort() })));
}

/** What the engine did differently from the case's expectations; empty when it passes. */
export async function checkCase(engine: Engine, c: FixedCase): Promise<string[]> {
  return (await judgeCase(engine, c)).problems;
}

/**
 * What the engine did differently from the case's expectations, judged as a run judges a scenario:
 * up to the first step the engine answered `unsupported` (`unsupportedAt`, that action's id), which
 * is no failure, and after which nothing is judged.
 */
export async function judgeCase(engine: Engine, c: FixedCase): Promise<{ problems: string[]; unsupportedAt?: string }> {
  const scenario = normalizeScenario(c.scenario);
  // A malformed trace (of an engine in this process) is the engine's problem, told as such, not a
  // crash while its states are compared.
  const trace = checkedAnswer(engine, scenario, await engine.run(scenario));
  if (!('steps' in trace)) return { problems: [`the trace does not fit the trace schema and the scenario: ${trace.message}`] };
  const problems: string[] = [];
  const unsupported = firstUnsupported(trace);
  for (const expected of c.expect) {
    const index = scenario.actions.findIndex((a) => a.id === expected.action);
    if (unsupported !== undefined && index >= unsupported) continue;
    const step = trace.steps[index];
    if (index === -1 || !step) {
      problems.push(`${expected.action}: no such action in the trace`);
      continue;
    }
    if (step.outcome !== expected.outcome) {
      problems.push(`${expected.action}: expected ${expected.outcome}, got ${step.outcome}${step.reason ? ` (${step.reason}: ${step.message ?? ''})` : ''}`);
      continue;
    }
    // A rejection is judged by its family (model/rejections.ts): engines tell reasons apart less finely.
    if (expected.reason && !sameFamily(expected.reason, step.reason)) problems.push(`${expected.action}: expected a reason of the family of ${expected.reason}, got ${step.reason}`);
    // A rejection with several problems may name any one of them: each is a correct reason.
    if (expected.reasons && !expected.reasons.some((r) => sameFamily(r, step.reason))) problems.push(`${expected.action}: expected a reason of the family of one of ${expected.reasons.join(', ')}, got ${step.reason}`);
    if (expected.triggered && engine.capabilities.observes.includes('step.triggered')) {
      const observed = step.triggered ?? [];
      const action = scenario.actions[index]!;
      const declared = 'triggerOrder' in action && (action.triggerOrder?.length ?? 0) > 0;
      if (triggerOrderAsRuled(observed, declared) !== triggerOrderAsRuled(expected.triggered, declared)) {
        problems.push(`${expected.action}: triggered: expected ${canonical(expected.triggered)}, observed ${canonical(observed)}`);
      }
    }
    if (expected.events && engine.capabilities.observes.includes('step.events')) {
      const observed = step.events ?? [];
      if (canonical(observed) !== canonical(expected.events)) problems.push(`${expected.action}: events: expected ${canonical(expected.events)}, observed ${canonical(observed)}`);
    }
    if (expected.state) {
      const before = index === 0 ? trace.initialState : trace.steps[index - 1]?.state;
      const diffs = diffStates(observedPart(expected.state as Partial<ObservedState>, engine.capabilities.observes), step.state, true, before);
      if (diffs.length > 0) problems.push(`${expected.action}: ${formatDifferences(diffs)}`);
    }
  }
  return { problems, ...(unsupported !== undefined ? { unsupportedAt: scenario.actions[unsupported]!.id } : {}) };
}

/** Why an engine cannot run a case, or undefined when it can. */
export function caseUnsupported(c: FixedCase, caps: Capabilities): string | undefined {
  const actions = [...new Set(c.scenario.actions.map((a) => a.do))].filter((a) => !caps.actions.includes(a));
  if (actions.length > 0) return `cannot perform ${actions.join(', ')}`;
  // As a generated scenario: a printed card it knows, or one it builds from its (catalog) definition.
  const cards = normalizeScenario(c.scenario).cards;
  const beyond = cardBeyond(caps, cards);
  if (beyond !== undefined) return `does not know ${beyond}`;
  const needed = mechanicsOf(c, cards.map((card) => card.definition));
  const missing = needed.filter((m) => !caps.mechanics.includes(m));
  if (missing.length > 0) return `does not support ${missing.join(', ')}`;
  return undefined;
}

/** The mechanics a case's cards and declarations use. */
function mechanicsOf(c: FixedCase, defs: readonly CardDefinition[]): Capabilities['mechanics'] {
  const out = new Set<Capabilities['mechanics'][number]>();
  const casts = c.scenario.actions.filter((a) => a.do === 'cast');
  for (const a of casts) {
    if (a.do !== 'cast') continue;
    if ((a.kicker?.length ?? 0) > 0) out.add('kicker');
    if (a.kicker?.includes('B')) out.add('kickerAB');
    if ((a.multikicker ?? 0) > 0) out.add('multikicker');
    if ((a.splice?.length ?? 0) > 0) out.add('splice');
    if (a.x !== undefined) out.add('x');
    if (a.withoutPayingManaCost) out.add('freeCast');
    if ((a.sacrifice?.length ?? 0) > 0) out.add('sacrificeCost');
  }
  if (c.scenario.actions.some((a) => a.do === 'copy') || defs.some((d) => (d.effects ?? []).some((e) => e.kind === 'copySpell'))) out.add('copy');
  for (const d of defs) {
    if (d.triggers?.length) out.add('triggers');
    if ((d.statics ?? []).some((s) => s.kind === 'triggerMultiplier')) out.add('triggerMultiplier');
    if ((d.statics ?? []).some(changesCosts)) out.add('costModifiers');
    if (d.protection?.length) out.add('protection');
    if ([...(d.effects ?? []), ...(d.triggers ?? []).flatMap((t) => t.effects)].some((e) => e.kind === 'createToken')) out.add('tokens');
  }
  return [...out];
}
