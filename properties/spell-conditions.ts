// A spell's condition about the board ("If you control a Swamp, destroy target nonblack creature":
// Horobi's Whisper) is part of its instructions: it is looked at as the spell resolves (CR 608.2c),
// whatever the board was when the spell was cast, and the spell resolves either way.
import type { ControlCondition } from '../model/schema-types.ts';
import { controlsMatching } from '../oracle/conditions.ts';
import { expectedResolution } from '../oracle/resolution.ts';
import { features } from './features.ts';
import { Checker, permanentOn, type Property } from './property.ts';

/** A condition for people: "a Swamp", "an Artifact", "Faerie Miscreant". */
export function described(c: ControlCondition): string {
  if (c.name !== undefined) return c.name;
  const kinds = [...(c.subtypes ?? []), ...(c.types ?? [])].join(' or ');
  return `${/^[AEIOU]/.test(kinds) ? 'an' : 'a'} ${kinds || 'permanent'}`;
}

export const spellConditionOnResolution: Property = {
  id: 'resolution.spell-condition-on-resolution',
  rules: ['608.2c'],
  statement:
    'A spell’s instruction that depends on the board (“If you control a Swamp, destroy target nonblack creature”) is done exactly when the condition holds as the spell resolves, after its earlier instructions, whatever the board was when it was cast: a target it would destroy or return stays on the battlefield when the condition does not hold then, and leaves when it does.',
  applies: (s) => {
    const f = features(s);
    return f.does.has('resolve') && (f.effects.has('destroy') || f.effects.has('bounce'));
  },
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const a = step.action;
      if (a.do !== 'resolve' || a.untilEmpty || step.step.outcome !== 'accepted') continue;
      const top = step.before.stack.at(-1);
      if (top?.kind !== 'spell') continue;
      const def = run.def(top.card);
      const conditioned = (def?.effects ?? []).filter((e) => e.ifYouControl !== undefined && (e.kind === 'destroy' || e.kind === 'bounce') && e.target !== undefined);
      if (conditioned.length === 0) continue;
      // What the spell should do, targets checked (CR 608.2b): undefined where the judge cannot tell.
      const e = expectedResolution(run, step);
      if (!e || e.fizzled) continue;
      for (const effect of conditioned) {
        const holds = controlsMatching(run, step.before, step.index, effect.ifYouControl!, top.controller, '');
        for (const id of top.targets[effect.target!] ?? []) {
          if (!permanentOn(step.before, id)) continue;
          const leaves = e.removed.has(id);
          const gone = !permanentOn(step.after, id);
          const condition = `“if you control ${described(effect.ifYouControl!)}” ${holds ? 'holds' : 'does not hold'} as ${top.id} (${top.name}) resolves`;
          // Damage an earlier or spliced instruction dealt may have killed it (CR 704.5g): then its leaving shows nothing.
          if (gone && !leaves && (e.creatureDamage.has(id) || e.touched.has(id) || (top.spliced ?? []).length > 0)) continue;
          if (gone && !leaves) c.fail(step, `${id} stays on the battlefield: ${condition}`, 'it left the battlefield', 'done-without-condition', '608.2c');
          else if (!gone && leaves) c.fail(step, `${id} leaves the battlefield (${effect.kind}): ${condition}`, 'it is still there', 'condition-ignored', '608.2c');
          else c.checkedOne();
        }
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
