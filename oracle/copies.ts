// What a resolving copy effect copies (CR 707.10): each copy effect that happens for how the copier
// was kicked copies its target, if that is still a legal target as it resolves (CR 608.2b).
import { activeRequirements } from '../model/declarations.ts';
import type { StackSpell } from '../model/schema-types.ts';
import { spellOnStack, type Run, type RunStep } from './run.ts';
import { effectTimes, kickOf } from './kicks.ts';
import { targetAllowed } from './targets.ts';

/**
 * The spells a resolving spell's copy effects copy (CR 707.10): each copy effect that happens for
 * how the copier was kicked copies its target, if that is still a legal target (CR 608.2b).
 */
export function spellCopiedOnResolution(run: Run, step: RunStep): StackSpell[] {
  const copier = step.before.stack.at(-1);
  if (copier?.kind !== 'spell') return [];
  const def = run.def(copier.card);
  // Most resolving spells copy nothing: no kick or requirement to work out for them.
  if (!def?.effects?.some((e) => e.kind === 'copySpell')) return [];
  const kick = kickOf(run, copier, step.index);
  if (!kick) return [];
  const requirements = activeRequirements([def], kick).filter((r) => r.part === 0);
  const effects = def.effects ?? [];
  return effects.flatMap((e, i) => {
    if (e.kind !== 'copySpell' || e.target === undefined || effectTimes(effects, i, kick) === 0) return [];
    const group = requirements.findIndex((r) => (def.targets ?? []).indexOf(r.requirement) === e.target);
    const chosen = group === -1 ? [] : (copier.targets[group] ?? []);
    return chosen.flatMap((id) => {
      const target = spellOnStack(step.before, id);
      const legal = target && targetAllowed(run, step.before, step.index, requirements[group]!.requirement, id, copier.id, copier.controller, copier.colors);
      return legal ? [target] : [];
    });
  });
}
