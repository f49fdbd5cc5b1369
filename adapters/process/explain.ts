// What is wrong with an engine's messages, in the engine author's terms: the field (a path into the
// message), what castcheck expected there, and the section of docs/PROTOCOL.md that says why. Used by
// castcheck doctor; the checks of a run (protocol.ts) say the same more briefly.
import { ID_CONVENTIONS, tokenId, triggerId } from '../../model/conventions.ts';
import type { NormalizedScenario } from '../../model/scenario.ts';
import type { ObservedState, Trace } from '../../model/schema-types.ts';
import type { ValidationIssue } from '../../model/schemas.ts';

export const PROTOCOL_DOC = 'docs/PROTOCOL.md';

export interface Problem {
  /** Where: a path into the message, with the action named, for example "step a2 (resolve) › state.battlefield[0].id". */
  field: string;
  what: string;
  /** The anchor of the section of docs/PROTOCOL.md. */
  section: string;
}

export const sectionLink = (section: string) => `${PROTOCOL_DOC}#${section}`;

/** A JSON pointer into a trace as people read it, naming the step's action. */
export function tracePath(pointer: string, scenario?: NormalizedScenario): string {
  const parts = pointer.split('/').slice(1);
  if (parts[0] === 'steps' && parts[1] !== undefined) {
    const action = scenario?.actions[Number(parts[1])];
    const head = action ? `step ${action.id} (${action.do})` : `steps[${parts[1]}]`;
    return [head, dotted(parts.slice(2))].filter((s) => s !== '').join(' › ');
  }
  return dotted(parts) || '(the whole message)';
}

function dotted(parts: string[]): string {
  return parts.reduce((out, p) => (/^\d+$/.test(p) ? `${out}[${p}]` : out === '' ? p : `${out}.${p}`), '');
}

/** The section of docs/PROTOCOL.md that a schema issue at this pointer is about. */
export function sectionForIssue(pointer: string, message: string): string {
  if (/^\/capabilities/.test(pointer)) return 'capabilities';
  if (/\/reason$/.test(pointer)) return 'rejections';
  if (/missing required property/.test(message)) return 'required-and-optional-fields';
  if (/\/(id|source|card)$/.test(pointer)) return 'ids';
  if (/^\/steps\/\d+\/changes/.test(pointer)) return 'traces-with-changes-protocol-2';
  if (/^\/(steps\/\d+\/state|initialState)/.test(pointer)) return 'the-observed-state';
  if (/^\/(engine|protocol|type)/.test(pointer)) return 'messages';
  return 'traces';
}

export function schemaProblems(issues: readonly ValidationIssue[], scenario?: NormalizedScenario): Problem[] {
  return issues.map((i) => {
    const missing = /missing required property '(.+)'/.exec(i.message)?.[1];
    if (missing !== undefined) {
      return { field: tracePath(`${i.pointer}/${missing}`, scenario), what: 'missing: a required field (null counts as left out)', section: sectionForIssue(i.pointer, i.message) };
    }
    return { field: tracePath(i.pointer, scenario), what: i.message, section: sectionForIssue(i.pointer, i.message) };
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Ids that follow none of the conventions (model/conventions.ts): every object in a state must be a
 * scenario card, a player, or named after the action that made it.
 */
export function conventionProblems(scenario: NormalizedScenario, trace: Trace): Problem[] {
  const ids = { actions: scenario.actions.map((a) => escape(a.id)).join('|') || '(?!)', cards: scenario.cards.map((c) => escape(c.id)).join('|') || '(?!)' };
  const [player, card, , copy, token, trigger, roundTrigger] = ID_CONVENTIONS.map((c) => c.regex(ids));
  const out: Problem[] = [];
  const check = (where: string, state: ObservedState, actionId?: string) => {
    state.stack.forEach((o, i) => {
      if (o.kind === 'spell' && !card!.test(o.id) && !copy!.test(o.id)) {
        out.push({ field: `${where} › state.stack[${i}].id`, what: `"${o.id}" is neither a card of the scenario nor the id of the action that made a copy`, section: 'ids' });
      }
      if (o.kind === 'ability' && !trigger!.test(o.id) && !roundTrigger!.test(o.id)) {
        out.push({ field: `${where} › state.stack[${i}].id`, what: `"${o.id}" does not name a triggered ability by the convention <action>.t<k> (in a resolve with untilEmpty, <action>.r<r>.t<k>)${actionId ? `, for example ${triggerId(actionId, 1)}` : ''}`, section: 'ids' });
      }
    });
    state.battlefield.forEach((p, i) => {
      if (p.token && !token!.test(p.id) && !copy!.test(p.id)) {
        out.push({ field: `${where} › state.battlefield[${i}].id`, what: `the token "${p.id}" is not named by the convention for created tokens, <action>.k<n>${actionId ? ` (the first token made by this action is ${tokenId(actionId, 1)})` : ''}`, section: 'ids' });
      } else if (!p.token && !card!.test(p.id)) {
        out.push({ field: `${where} › state.battlefield[${i}].id`, what: `"${p.id}" is not a card of the scenario (a non-token permanent keeps its card's id)`, section: 'ids' });
      }
    });
    for (const pl of state.players) {
      for (const zone of ['hand', 'graveyard', 'library'] as const) {
        const bad = (pl[zone] ?? []).filter((id) => !card!.test(id));
        if (bad.length > 0) out.push({ field: `${where} › state.players[${pl.id}].${zone}`, what: `${bad.map((b) => `"${b}"`).join(', ')} ${bad.length > 1 ? 'are not cards' : 'is not a card'} of the scenario`, section: 'ids' });
      }
      if (!player!.test(pl.id)) out.push({ field: `${where} › state.players`, what: `"${pl.id}" is not p1 or p2`, section: 'ids' });
    }
  };
  if (trace.initialState) check('initialState', trace.initialState);
  trace.steps.forEach((s, i) => {
    const action = scenario.actions[i]!;
    check(`step ${action.id} (${action.do})`, s.state, action.id);
    (s.triggered ?? []).forEach((t, k) => {
      if (t.id !== undefined && !trigger!.test(t.id) && !roundTrigger!.test(t.id)) {
        out.push({ field: `step ${action.id} (${action.do}) › triggered[${k}].id`, what: `"${t.id}" does not name a triggered ability by the convention <action>.t<k>`, section: 'ids' });
      }
    });
  });
  return out;
}

/** The section that explains a difference from the reference engine at this path of a state. */
export function sectionForDifference(path: string): string {
  if (/\.mana$/.test(path)) return 'choices-a-scenario-leaves-implicit';
  if (/^stack$|^battlefield$|\.id$/.test(path)) return 'ids';
  return 'the-observed-state';
}
