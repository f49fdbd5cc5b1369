// Whether an object may be chosen as a target (CR 115): a player, a spell of the kind asked for, a
// triggered ability on the stack, or a permanent the requirement fits and that protection or hexproof does not shield (CR 702.16b, 702.11b).
import { permanentMayBeTargeted } from '../model/declarations.ts';
import type { Color, ObservedState, TargetRequirement } from '../model/schema-types.ts';
import type { PlayerId } from '../model/scenario.ts';
import type { Run } from './run.ts';
import { permanentDef } from './definitions.ts';

/** Whether an object may be chosen for a requirement in this state (CR 115, 702.16b). */
export function targetAllowed(
  run: Run,
  state: ObservedState,
  stepIndex: number,
  req: TargetRequirement,
  id: string,
  self: string,
  controller: PlayerId,
  sourceColors: readonly Color[],
): boolean {
  if (id === self) return false;
  if (id === 'p1' || id === 'p2') return req.kind === 'any' || req.kind === 'player' || (req.kind === 'opponent' && id !== controller);
  const spell = state.stack.find((o) => o.id === id && o.kind === 'spell');
  if (spell?.kind === 'spell') {
    const creature = spell.types.includes('Creature');
    return (
      req.kind === 'spell' ||
      (req.kind === 'instantOrSorcerySpell' && spell.types.some((t) => t === 'Instant' || t === 'Sorcery')) ||
      (req.kind === 'creatureSpell' && creature) ||
      (req.kind === 'noncreatureSpell' && !creature)
    );
  }
  // A triggered ability on the stack, for "target activated or triggered ability" (Stifle).
  if (state.stack.some((o) => o.id === id && o.kind === 'ability')) return req.kind === 'ability';
  const p = state.battlefield.find((o) => o.id === id);
  if (!p) return false;
  // A created token has no card; what targeting needs of it is whether it is a creature.
  const def = permanentDef(run, p.id, stepIndex) ?? { name: p.name, types: p.power !== undefined ? ['Creature'] : ['Artifact'] };
  return permanentMayBeTargeted(req, { def, controller: p.controller, keywords: p.keywords ?? [] }, controller, sourceColors);
}
