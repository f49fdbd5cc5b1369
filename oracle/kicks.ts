// How objects were kicked, read from the scenario's declarations rather than from what an engine
// shows: a cast's own declaration, and the permanents that enter from it (CR 702.33d, 400.7).
import { NOT_KICKED, type Kick } from '../model/kick.ts';
import type { CardDefinition, StackSpell } from '../model/schema-types.ts';
import { declaredKick } from './expectations.ts';
import { entries, type Entry } from '../properties/permanents.ts';
import type { Run, RunStep } from '../properties/property.ts';

/** The declaration of the last accepted cast of `card` before step `index` (a copy's is its original's, CR 707.10). */
export function lastCastKick(run: Run, index: number, card: string): Kick | undefined {
  for (let i = Math.min(index, run.steps.length) - 1; i >= 0; i--) {
    const s = run.steps[i]!;
    if (s.action.do === 'cast' && s.action.card === card && s.step.outcome === 'accepted') return declaredKick(s.action);
  }
  return undefined;
}

/**
 * How a spell on the stack at step `index` was kicked by declaration: its cast's, or for a copy the
 * cast of the spell it copied as the copy was made (CR 707.10).
 */
export function spellKick(run: Run, spell: StackSpell, index: number): Kick | undefined {
  const made = spell.copy ? run.steps.findIndex((s) => s.action.id === spell.id) : index;
  return made >= 0 ? lastCastKick(run, made, spell.card) : undefined;
}

/** A permanent that entered (or should have: `absent`), with how it was kicked by declaration. */
export type Arrival = Entry;

/**
 * Every permanent that entered from a single resolve, or was put onto the battlefield, flickered or
 * cloned (never kicked); one list for the run, shared by the properties that read it.
 */
export function arrivals(run: Run): readonly Arrival[] {
  return run.shared('arrivals', () =>
    entries(run).flatMap((e): Arrival[] => {
      if (e.via !== 'spell') return [{ ...e, kick: NOT_KICKED }];
      const kick = e.spell ? spellKick(run, e.spell, e.step.index) : undefined;
      return kick ? [{ ...e, kick }] : [];
    }),
  );
}
