// What a card or permanent is, from the card definitions and the observed states: a permanent's
// definition at a step (a clone's is what it copied, CR 707.2), a card's colours (CR 202.2) and its
// mana value (CR 202.3).
import { manaOf } from '../model/mana.ts';
import type { CardDefinition, Color } from '../model/schema-types.ts';
import { permanentOn, type Run } from './run.ts';

/** The mana value of a card's printed mana cost with X as given (CR 202.3). */
export function printedManaValue(def: CardDefinition, x: number): number {
  if (def.manaCost === undefined) return 0;
  const m = manaOf(def.manaCost);
  return m.x * x + m.generic + m.W + m.U + m.B + m.R + m.G + m.C;
}

export function hasX(def: CardDefinition): boolean {
  return def.manaCost !== undefined && manaOf(def.manaCost).x > 0;
}

export function colorsOfDef(def: CardDefinition): Color[] {
  if (!def.manaCost) return [];
  const m = manaOf(def.manaCost);
  // Each colour written out, in WUBRG order: asked at every cast judged.
  const out: Color[] = [];
  if (m.W > 0) out.push('W');
  if (m.U > 0) out.push('U');
  if (m.B > 0) out.push('B');
  if (m.R > 0) out.push('R');
  if (m.G > 0) out.push('G');
  return out;
}

/** The definition behind each permanent id at a step: a clone has the definition of what it copied (CR 707.2). */
export function permanentDef(run: Run, id: string, upTo: number): CardDefinition | undefined {
  // Without a clone taken (most runs), a permanent is what its card is: found at once, with no
  // answers kept, which would cost more than finding it again.
  if (acceptedClones(run).length === 0) return observedDef(run, id, upTo);
  // Asked of every permanent at every step by many properties: looked up without making anything.
  const byStep = run.shared('definitions', newDefinitions);
  let atStep = byStep.get(upTo);
  if (atStep === undefined) byStep.set(upTo, (atStep = new Map()));
  const known = atStep.get(id);
  if (known !== undefined || atStep.has(id)) return known;
  const def = definitionAt(run, id, upTo);
  atStep.set(id, def);
  return def;
}

const newDefinitions = () => new Map<number, Map<string, CardDefinition | undefined>>();

/** What the last clone of `id` taken up to a step copied: a refused clone changed nothing (CR 733.1). */
function clonedFrom(run: Run, id: string, upTo: number): string | undefined {
  let copyOf: string | undefined;
  for (const s of acceptedClones(run)) {
    if (s.index > upTo) break;
    if (s.card === id) copyOf = s.copyOf;
  }
  return copyOf;
}

/** The clones the trace accepted, in order: most runs have none, and every permanent's definition asks. */
function acceptedClones(run: Run): { index: number; card: string; copyOf: string }[] {
  return run.shared('accepted clones', () => {
    const out: { index: number; card: string; copyOf: string }[] = [];
    for (const s of run.allSteps) if (s.action.do === 'clone' && s.step.outcome === 'accepted') out.push({ index: s.index, card: s.action.card, copyOf: s.action.copyOf });
    return out;
  });
}

function definitionAt(run: Run, id: string, upTo: number): CardDefinition | undefined {
  // Back along the clones taken to what was copied. A card that copies itself, or copies that copy
  // each other, can only come from an engine that took a clone it should have refused: stop there.
  let source = id;
  const seen = new Set([id]);
  for (let from = clonedFrom(run, source, upTo); from !== undefined && !seen.has(from); from = clonedFrom(run, source, upTo)) {
    seen.add(from);
    source = from;
  }
  return observedDef(run, source, upTo);
}

/** The definition of the card a permanent id shows at a step (before it, else after it), or of the card of that id. */
function observedDef(run: Run, source: string, upTo: number): CardDefinition | undefined {
  const step = run.steps[Math.min(Math.max(0, upTo), run.steps.length - 1)];
  const observed = step && (permanentOn(step.before, source) ?? permanentOn(step.after, source));
  return run.def(observed?.card ?? source);
}

/** The triggered ability a trace entry names, read from its source's definition. */
export function abilityOf(run: Run, stepIndex: number, source: string, ability: number) {
  return permanentDef(run, source, stepIndex)?.triggers?.[ability];
}
