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

/**
 * Whether new targets for a copy of `original` are ones its controller may choose (CR 707.10c): as
 * many groups and objects as the original has, each left as it was or changed to a legal target for
 * the copy's controller (the player who made it, CR 707.10). Undefined where the judge cannot tell: a
 * spliced original (its groups follow a reading of CR 702.47c), or how it was kicked unknown.
 */
export function newTargetsAllowed(run: Run, step: RunStep, original: StackSpell, newTargets: readonly (readonly string[])[], controller: 'p1' | 'p2', copyId: string): boolean | undefined {
  const def = run.def(original.card);
  const kick = kickOf(run, original, step.index);
  if (!def || !kick || (original.spliced ?? []).length > 0) return undefined;
  const requirements = activeRequirements([def], kick);
  if (requirements.length !== original.targets.length) return undefined;
  if (newTargets.length !== original.targets.length || newTargets.some((g, i) => g.length !== original.targets[i]!.length)) return false;
  // "Another target" (Jilt) must differ from the earlier choices: such a repeat is left unjudged.
  if (newTargets.some((group, i) => requirements[i]!.requirement.another && group.some((id) => newTargets.slice(0, i).flat().includes(id)))) return undefined;
  return newTargets.every((group, i) => {
    const req = requirements[i]!.requirement;
    if (group.length > 1 && new Set(group).size !== group.length) return false;
    return group.every((id, j) => original.targets[i]![j] === id || targetAllowed(run, step.before, step.index, req, id, copyId, controller, original.colors));
  });
}
