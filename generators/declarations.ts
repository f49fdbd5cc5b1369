// The generator's own reading of which target requirements a declaration brings into play
// (CR 601.2c, 702.33g). It is deliberately separate from the reference engine's, so that a mistake
// in one shows up as a disagreement with the other.
import type { CardDefinition, KickerLabel, TargetKind } from '../model/schema-types.ts';

export interface Declared {
  kicker: KickerLabel[];
  multikicker: number;
}

export interface Requirement {
  kind: TargetKind;
  count: number;
}

export function activeRequirements(parts: readonly CardDefinition[], d: Declared): Requirement[] {
  const kicks = d.kicker.length + d.multikicker;
  const out: Requirement[] = [];
  for (const def of parts) {
    for (const t of def.targets ?? []) {
      const condition = t.condition ?? 'always';
      const present =
        condition === 'always' ||
        (condition === 'kicked' && kicks > 0) ||
        (condition === 'kickedA' && d.kicker.includes('A')) ||
        (condition === 'kickedB' && d.kicker.includes('B'));
      if (present) out.push({ kind: t.kind, count: (t.count ?? 1) + (t.perKick ?? 0) * kicks });
    }
  }
  return out;
}
