// Abilities that trigger on what a resolution does: damage dealt (CR 603.2g, prevented damage
// triggers nothing) and tokens created (CR 111.1), as the judge predicts the resolution.
import { Checker, type Property } from './property.ts';
import { permanentDef } from '../oracle/definitions.ts';
import { abilityOf } from '../oracle/definitions.ts';
import { doneOnce } from '../oracle/triggers.ts';
import { features } from './features.ts';
import { failCounts } from './multiplied.ts';
import { expectedResolution } from '../oracle/resolution.ts';

export const preventedDamageTriggersNothing: Property = {
  id: 'triggers.prevented-damage',
  rules: ['603.2g', '603.2'],
  statement: 'A "whenever this is dealt damage" ability triggers once per damage event dealt, and not at all for damage that was prevented.',
  needs: { mechanics: ['triggers'], observes: ['step.triggered'] },
  applies: (s) => features(s).triggerEvents.has('selfDealtDamage'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled) continue;
      const done = doneOnce(run, step.index);
      for (const p of step.before.battlefield) {
        const abilities = (permanentDef(run, p.id, step.index)?.triggers ?? []).map((t, i) => ({ t, i })).filter(({ t }) => t.event === 'selfDealtDamage');
        for (const { t, i } of abilities) {
          const want = t.oncePerTurn && done.has(`${p.id}#${i}`) ? 0 : (e.damageEvents.get(p.id) ?? 0);
          const got = (step.step.triggered ?? []).filter((x) => x.source === p.id && x.ability === i).length;
          if (want !== got) c.fail(step, `${p.id}#${i} triggers ${want} time(s) from ${e.resolving.id}'s damage`, `${got} time(s)`);
          else c.checkedOne();
        }
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const tokenCreatedTriggers: Property = {
  id: 'triggers.token-created',
  rules: ['603.2', '603.2d', '111.1'],
  statement: 'Creating tokens triggers "whenever a token is created" abilities once per token.',
  needs: { mechanics: ['triggers', 'tokens'], observes: ['step.triggered'] },
  applies: (s) => features(s).triggerEvents.has('tokenCreated'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e || e.fizzled || e.tokens === 0) continue;
      const done = doneOnce(run, step.index);
      for (const p of step.before.battlefield) {
        (permanentDef(run, p.id, step.index)?.triggers ?? []).forEach((t, i) => {
          if (t.event !== 'tokenCreated') return;
          const whose = t.whose ?? 'any';
          const fits = whose === 'any' || (whose === 'yours') === (p.controller === e.resolving.controller);
          const want = !fits || (t.oncePerTurn && done.has(`${p.id}#${i}`)) ? 0 : (e.tokensSeen.get(p.id) ?? 0);
          const got = (step.step.triggered ?? []).filter((x) => x.source === p.id && x.ability === i && abilityOf(run, step.index, x.source, x.ability)?.event === 'tokenCreated').length;
          if (want !== got) failCounts(c, run, step, `${e.resolving.id}'s tokens`, [{ key: `${p.id}#${i}`, least: want, most: want, got }], `${p.id}#${i} triggers once per token: ${want}`, `${got}`);
          else c.checkedOne();
        });
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
