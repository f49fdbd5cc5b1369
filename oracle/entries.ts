// What enters the battlefield in a step, and how (CR 400.7: each time a new object): a permanent
// spell resolving (CR 608.3), a card put onto the battlefield, flickered or cloned; with the counters
// it enters with (CR 603.6d) and whether it dies at once (CR 704.5f) or to the legend rule (704.5j).
import type { CardDefinition, StackSpell } from '../model/schema-types.ts';
import { kickTimes, NOT_KICKED, type Kick } from '../model/kick.ts';
import type { Run, RunStep } from './run.ts';
import { permanentDef } from './definitions.ts';
import { kickOf } from './kicks.ts';
import { dies } from './state-based-actions.ts';
import { flickeredIn } from './targeted-objects.ts';

export interface Entry {
  step: RunStep;
  id: string;
  /** spell: resolved from a spell (a copy too); put: put onto the battlefield; flicker; clone. */
  via: 'spell' | 'put' | 'flicker' | 'clone';
  def: CardDefinition;
  /** How the spell it resolved from was kicked; unkicked for anything that was not cast. */
  kick: Kick;
  spell?: StackSpell;
  /** It should have entered and is not on the battlefield after the step (a mismatch the caller fails on). */
  absent?: true;
}

/**
 * Every permanent that entered the battlefield in a step small enough to look at on its own; with
 * `untilEmpty`, also those that resolved from spells in a step that resolves everything, for what
 * later objects resolving in that step cannot change (whether it was kicked).
 */
export function entries(run: Run, o: { untilEmpty?: boolean } = {}): readonly Entry[] {
  // Several properties of permanents and triggers read the same list: it is made once.
  return run.shared(o.untilEmpty ? 'entries until empty' : 'entries', () => findEntries(run, o));
}

function findEntries(run: Run, o: { untilEmpty?: boolean }): Entry[] {
  const out: Entry[] = [];
  for (const step of run.accepted()) {
    const a = step.action;
    if (a.do === 'resolve' && a.untilEmpty && o.untilEmpty) {
      for (const spell of step.before.stack) {
        if (spell.kind !== 'spell' || spell.types.some((t) => t === 'Instant' || t === 'Sorcery')) continue;
        const def = run.def(spell.card);
        const kick = kickOf(run, spell, step.index);
        const entered = step.after.battlefield.some((p) => p.id === spell.id) && !step.before.battlefield.some((p) => p.id === spell.id);
        if (def && kick && entered) out.push({ step, id: spell.id, via: 'spell', def, kick, spell });
      }
    } else if (a.do === 'resolve' && !a.untilEmpty) {
      const top = step.before.stack.at(-1);
      if (top?.kind !== 'spell') continue;
      if (top.types.some((t) => t === 'Instant' || t === 'Sorcery')) {
        // A spell that exiles and returns a permanent (Cloudshift): it enters again, a new object.
        for (const id of flickeredIn(run, step)) flickerEntry(run, step, id, out);
        continue;
      }
      const def = run.def(top.card);
      const kick = kickOf(run, top, step.index);
      if (!def || !kick) continue;
      // A permanent spell resolves onto the battlefield (CR 608.3), unless it dies at once to state-based actions.
      const there = step.after.battlefield.some((p) => p.id === top.id);
      if (there || !(diesAtOnce(def, kick) || legendRuleMayTake(def, step, top.id))) out.push({ step, id: top.id, via: 'spell', def, kick, spell: top, ...(there ? {} : { absent: true as const }) });
    } else if (a.do === 'flicker') flickerEntry(run, step, a.permanent, out);
    else if (a.do === 'putOntoBattlefield' || a.do === 'clone') {
      const id = a.card;
      const def = permanentDef(run, id, step.index + 1);
      if (!def) continue;
      const there = step.after.battlefield.some((p) => p.id === id);
      if (there || !(diesAtOnce(def, NOT_KICKED) || legendRuleMayTake(def, step, id))) out.push({ step, id, via: a.do === 'putOntoBattlefield' ? 'put' : a.do, def, kick: NOT_KICKED, ...(there ? {} : { absent: true as const }) });
    }
  }
  return out;
}

/** A permanent exiled and returned in a step (the flicker action, or a spell's flicker effect): it enters unkicked. */
function flickerEntry(run: Run, step: RunStep, id: string, out: Entry[]): void {
  const def = permanentDef(run, id, step.index + 1);
  // A flickered token ceases to exist in exile (CR 111.7): it does not come back.
  if (!def || step.before.battlefield.some((p) => p.id === id && p.token)) return;
  const there = step.after.battlefield.some((p) => p.id === id);
  if (there || !(diesAtOnce(def, NOT_KICKED) || legendRuleMayTake(def, step, id))) out.push({ step, id, via: 'flicker', def, kick: NOT_KICKED, ...(there ? {} : { absent: true as const }) });
}

/** CR 603.6d: the counters a permanent enters with, from its replacements and how it was kicked. */
export function expectedCounters(def: CardDefinition, kick: Kick): Record<string, number> {
  const counters: Record<string, number> = {};
  for (const e of def.entersWith ?? []) {
    if (!e.counter || !e.amount) continue;
    const n = e.amount * kickTimes(e.condition, kick);
    if (n > 0) counters[e.counter] = (counters[e.counter] ?? 0) + n;
  }
  return counters;
}

/** Whether a creature entering with the counters this kick gives it has toughness 0 or less, and dies at once (CR 704.5f). */
export function diesAtOnce(def: CardDefinition | undefined, kick: Kick): boolean {
  if (!def?.types.includes('Creature')) return false;
  const counters = expectedCounters(def, kick);
  return dies((def.toughness ?? 0) + (counters['+1/+1'] ?? 0) - (counters['-1/-1'] ?? 0), 0);
}

/**
 * Whether the legend rule may have put a legendary permanent into its owner's graveyard as it
 * entered (CR 704.5j): another of the same name was there. Which one stays is the player's choice,
 * judged by game.legend-rule, so such a permanent's absence is no mismatch.
 */
export function legendRuleMayTake(def: CardDefinition, step: RunStep, id: string): boolean {
  return (def.supertypes ?? []).includes('Legendary') && step.before.battlefield.some((p) => p.id !== id && p.name === def.name);
}
