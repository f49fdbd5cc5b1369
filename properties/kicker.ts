// Kicker and multikicker (CR 702.33).
import { castSpellOrFail, Checker, sameShown, show, STACK_KICK, type Property } from './property.ts';
import { activeRequirements } from '../model/declarations.ts';
import { hasCostChangers } from '../oracle/total-cost.ts';
import { kickerDeclarationProblem } from '../oracle/cast-legality.ts';
import { declaredKick } from '../oracle/kicks.ts';
import { timesKicked } from '../model/kick.ts';
import { copiedTargetGroups, copyMadeBy } from './copies.ts';
import { features } from './features.ts';

export const kickerDeclarations: Property = {
  id: 'kicker.declarations',
  rules: ['702.33b', '702.33c', '702.33d'],
  statement:
    'Each kicker cost can be declared at most once and multikicker any number of times; an accepted spell is kicked exactly as declared.',
  needs: { anyObserves: [...STACK_KICK] },
  applies: (s) => features(s).castKicked,
  check(run) {
    const c = new Checker();
    for (const step of run.casts()) {
      const a = step.action;
      const def = run.def(a.card);
      if (!def) continue;
      const kicker = a.kicker ?? [];
      const multikicker = a.multikicker ?? 0;
      const problem = kickerDeclarationProblem(def, kicker, multikicker);
      if (problem) {
        if (step.step.outcome === 'accepted') c.fail(step, `the cast is rejected: ${problem}`, 'the cast was accepted', 'declaration', '702.33b');
        else c.checkedOne();
        continue;
      }
      if (step.step.outcome !== 'accepted') continue;
      const o = castSpellOrFail(c, step, a.card);
      if (!o) break;
      const times = kicker.length + multikicker;
      if (o.kicked !== undefined && o.kicked !== times > 0) c.fail(step, `kicked is ${times > 0} (declared ${show(kicker)}, multikicker ${multikicker})`, `kicked is ${o.kicked}`, 'kicked', '702.33d');
      // The trace shows the declared costs in A, B order (schema/trace.schema.json), whatever order they were declared in.
      else if (o.kicker && !sameShown(o.kicker, [...kicker].sort())) c.fail(step, `kicker costs ${show([...kicker].sort())}, in A, B order`, `kicker costs ${show(o.kicker)}`, 'kicker', '702.33b');
      else if (o.multikicker !== undefined && o.multikicker !== multikicker) c.fail(step, `multikicker paid ${multikicker} times`, `${o.multikicker} times`, 'multikicker', '702.33c');
      else if (o.timesKicked !== undefined && o.timesKicked !== times) c.fail(step, `kicked ${times} times`, `${o.timesKicked} times`, 'times-kicked', '702.33d');
      // A spell that shows none of the four compared nothing: no check.
      else if (o.kicked !== undefined || o.kicker !== undefined || o.multikicker !== undefined || o.timesKicked !== undefined) c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const kickedEvenWhenFree: Property = {
  id: 'kicker.kicked-even-when-free',
  rules: ['702.33d', '118.7', '118.9d'],
  statement: 'A spell whose controller declared a kicker cost is kicked even when cost reductions or a free cast make that cost nothing.',
  needs: { anyMechanic: ['freeCast', 'costModifiers'], observes: ['stack.kicked'] },
  applies: (s) => features(s).castFreeKicked || (features(s).castKicked && features(s).statics.has('costReduction')),
  check(run) {
    const c = new Checker();
    if (!hasCostChangers(run) && !run.scenario.actions.some((a) => a.do === 'cast' && a.withoutPayingManaCost)) return c.verdict();
    for (const step of run.acceptedCasts()) {
      const kicks = timesKicked(declaredKick(step.action));
      if (kicks === 0) continue;
      const o = castSpellOrFail(c, step, step.action.card);
      if (!o) break;
      if (!o.kicked) c.fail(step, `${o.name} is kicked: a kicker cost was declared (total cost ${o.totalCost?.mana ?? 'not observed'})`, 'not kicked');
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const targetsOnlyIfKicked: Property = {
  id: 'kicker.targets-only-if-kicked',
  rules: ['702.33g', '601.2c'],
  statement: 'Targets that exist only if the spell is kicked are chosen only when it is; an accepted spell has exactly one group of targets per requirement that applies.',
  applies: (s) => features(s).conditionalTargets,
  check(run) {
    const c = new Checker();
    for (const step of run.acceptedCasts()) {
      const a = step.action;
      const parts = [a.card, ...(a.splice ?? [])].map((id) => run.def(id)!);
      if (!parts.some((d) => (d.targets ?? []).some((t) => (t.condition ?? 'always') !== 'always'))) continue;
      const expected = activeRequirements(parts, declaredKick(a)).length;
      const o = castSpellOrFail(c, step, a.card);
      if (!o) break;
      if (o.targets.length !== expected) c.fail(step, `${expected} group(s) of targets for ${o.name}, kicked ${timesKicked(declaredKick(a))} times`, `${o.targets.length}: ${show(o.targets)}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const targetCountFixed: Property = {
  id: 'kicker.target-count-fixed',
  rules: ['601.2c', '702.33c', '707.10c'],
  statement:
    'The number of targets of a requirement that grows with each kick (Comet Storm) is fixed when the spell is cast; a copy keeps it even with new targets.',
  applies: (s) => features(s).perKickTargets,
  check(run, ctx) {
    const c = new Checker();
    for (const step of run.accepted()) {
      if (step.action.do === 'cast') {
        const a = step.action;
        const parts = [a.card, ...(a.splice ?? [])].map((id) => run.def(id)!);
        const reqs = activeRequirements(parts, declaredKick(a));
        if (!reqs.some((r) => r.requirement.perKick)) continue;
        const o = castSpellOrFail(c, step, a.card);
        if (!o) break;
        const sizes = o.targets.map((g) => g.length);
        const want = reqs.map((r) => r.count);
        if (show(sizes) !== show(want)) c.fail(step, `target groups of sizes ${show(want)}`, `sizes ${show(sizes)}`);
        else c.checkedOne();
      } else {
        const made = copyMadeBy(run, step);
        if (!made) continue;
        if ('missing' in made) {
          c.fail(step, made.missing.expected, made.missing.observed);
          break;
        }
        const want = copiedTargetGroups(run, step, made.copy, made.original, ctx.readings).map((g) => g.length);
        const got = made.copy.targets.map((g) => g.length);
        if (show(want) !== show(got)) c.fail(step, `copy ${made.copy.id} keeps target groups of sizes ${show(want)}`, `sizes ${show(got)}`);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
