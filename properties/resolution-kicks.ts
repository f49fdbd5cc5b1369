// A resolving spell or ability whose whole outcome (life, mana, tokens, zones) is not what its kick
// gives but exactly what another kick gives (CR 702.33d, 702.33f): resolution.player-effects names
// that branch as permanents.enters-with-counters does for a permanent's counters.
import { permanentDef } from '../oracle/definitions.ts';
import { resolutionAsKicked, type Expected } from '../oracle/resolution.ts';
import { permanentOn, type Run, type RunStep } from './property.ts';
import { outcomeProblem } from './resolution-differences.ts';
import { kickedOtherwise, type ShownKick, type WrongKick } from './wrong-kick.ts';
import type { CardDefinition } from '../model/schema-types.ts';

/** Whether the step shows exactly what `e` says of life, the controller's mana pool (where shown), and every zone. */
function showsOutcome(run: Run, step: RunStep, e: Expected): boolean {
  return outcomeProblem(run, step, e, () => '') === undefined;
}

/**
 * The card kicked and how it shows its kick: a spell's own; for a triggered ability, its source's,
 * the permanent that entered (a token, from a copy of a spell).
 */
function kickedCard(run: Run, step: RunStep): { def: CardDefinition; shown: ShownKick } | undefined {
  const top = step.before.stack.at(-1);
  if (top?.kind === 'spell') {
    const def = run.def(top.card);
    return def && { def, shown: top };
  }
  const source = top && permanentOn(step.before, top.source);
  const def = top && permanentDef(run, top.source, step.index);
  return source && def && { def, shown: { copy: source.token === true, kicked: source.kicked, timesKicked: source.timesKicked } };
}

/**
 * The branch a single resolution whose outcome is not `e`, its own, fails by when the step shows
 * exactly the outcome of another kick of what resolves (properties/wrong-kick.ts); none where its
 * card is not known. Asked only of a wrong outcome, which resolution.player-effects has found.
 */
export function resolvedAsKickedOtherwise(run: Run, step: RunStep, e: Expected): WrongKick | undefined {
  const card = kickedCard(run, step);
  if (!card) return undefined;
  return kickedOtherwise(card.def, card.shown, e.kick, (k) => {
    const other = resolutionAsKicked(run, step, k);
    return other !== undefined && showsOutcome(run, step, other);
  });
}
