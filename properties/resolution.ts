// Resolving instants and sorceries, and triggered abilities (CR 608.2): targets checked first
// (608.2b: all illegal, nothing happens, 702.47d: spliced parts included; some illegal, the rest
// happens), then each part's effects in order (608.2c, 702.47b) with their kicker conditions; the
// spell is the source of the damage, spliced text included (702.47c), so protection from its colour
// applies (702.16); an ability's damage comes from its source, with its colours and lifelink.
import { poolsEqual, toPool } from '../model/mana.ts';
import { Checker, permanentOn, show, type Property } from './property.ts';
import { timesKicked } from '../model/kick.ts';
import { features } from './features.ts';
import { player, resolution, expectedResolution, toughnessAfter, type Expected } from '../oracle/resolution.ts';
import { composedResolution, untilEmptyResolution } from '../oracle/until-empty.ts';
import { outcomeProblem } from './resolution-differences.ts';
import { resolvedAsKickedOtherwise } from './resolution-kicks.ts';

export const playerEffects: Property = {
  id: 'resolution.player-effects',
  rules: ['608.2', '608.2b', '608.2c', '701.5a', '702.33d', '702.33e', '702.33f', '702.47b', '702.47d', '707.10'],
  statement:
    'A resolving spell or triggered ability changes life, mana pools, hands, libraries, graveyards, counters, power and toughness, takes permanents off the battlefield and counters spells (the countered card to its owner’s graveyard, hand or library top, as the effect says) and triggered abilities (removed from the stack, they do nothing), exactly as its effects say (a spell’s, then its spliced cards’, in that order), for how it was kicked, X and its targets still legal; resolving until the stack is empty, as those resolutions one by one, top first.',
  applies: (s) => features(s).does.has('resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const found = resolution(run, step) ?? untilEmptyResolution(run, step);
      // A resolve-until-empty the judge cannot follow (an effect it does not model) is no check.
      if (!found || 'unpredicted' in found) continue;
      if ('mismatch' in found) {
        c.fail(step, found.mismatch.expected, found.mismatch.observed);
        break;
      }
      const all = 'composed' in found ? found : undefined;
      const e = all ? all.composed : (found as Expected);
      // Written out only for a failure: this runs for every resolution. Resolving until empty names
      // the order the objects resolve in, top first, for an engine that took them in another.
      const what = () =>
        all
          ? `resolving top first, ${all.order.join(' resolves before ')} (resolved: ${e.resolving.name})`
          : `${e.resolving.id} (${e.resolving.name}, kicked ${timesKicked(e.kick)} times${e.fizzled ? ', every target illegal' : ''})`;
      const kind = all ? 'until-empty' : undefined;
      const rule = all ? '608.2' : undefined;
      const left = all ? step.after.stack.map((o) => o.id) : [];
      const failure = ((): [string, string, string?, string?] | undefined => {
        if (left.length > 0) return [`${what()}: the stack is empty`, `${show(left)} on the stack`, kind, rule];
        const wrong = outcomeProblem(run, step, e, what);
        return wrong && [wrong.expected, wrong.observed, wrong.kind ?? kind, wrong.rule ?? rule];
      })();
      // Only a wrong outcome is asked whether it is another kick's: the other kicks' outcomes are
      // worked out then, not at every resolution.
      const kicked = failure && !all ? resolvedAsKickedOtherwise(run, step, e) : undefined;
      if (kicked) c.fail(step, `${what()}: each effect as its kicker condition says for how it was kicked`, `its effects were done ${kicked.as}`, kicked.kind, kicked.rule);
      else if (failure) c.fail(step, ...failure);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const allTargetsIllegal: Property = {
  id: 'resolution.all-targets-illegal',
  rules: ['608.2b', '702.47d'],
  statement: 'A spell whose targets are all illegal as it resolves does nothing at all, its spliced and untargeted parts included.',
  needs: { actions: ['destroy'] },
  applies: (s) => features(s).does.has('destroy') && features(s).does.has('resolve'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      const e = expectedResolution(run, step);
      if (!e?.fizzled) continue;
      const changed = step.after.players.find((p) => {
        const b = player(step, 'before', p.id);
        return p.life !== b.life || p.hand.length !== b.hand.length || (p.mana && b.mana && !poolsEqual(toPool(p.mana), toPool(b.mana)));
      });
      const damaged = step.after.battlefield.find((p) => (p.damage ?? 0) !== (step.before.battlefield.find((b) => b.id === p.id)?.damage ?? 0));
      if (changed) c.fail(step, `${e.resolving.id}, every target illegal, changes nothing`, `${changed.id} changed: ${show(changed)}`);
      else if (damaged) c.fail(step, `${e.resolving.id}, every target illegal, deals no damage`, `${damaged.id} has ${damaged.damage} damage`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const damageToCreatures: Property = {
  id: 'resolution.damage-to-creatures',
  rules: ['702.47c', '702.16b', '608.2b', '120.3', '704.5g'],
  statement:
    'A spell or triggered ability deals its damage, a spell’s spliced text’s included, to each creature target still legal, as a source of its own colours (the spell’s, or the ability’s source’s): protection from them prevents it, and lethal damage kills.',
  applies: (s) => features(s).effects.has('damage'),
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      // Resolving until empty: the damage of every resolution added up, lethal damage judged at the end.
      const e = expectedResolution(run, step) ?? composedResolution(run, step);
      if (!e || e.fizzled) continue;
      for (const [id, amount] of e.creatureDamage) {
        const before = permanentOn(step.before, id)!;
        const after = permanentOn(step.after, id);
        const total = (before.damage ?? 0) + amount;
        // Toughness as the effects leave it; not judged for a creature an effect takes away.
        const toughness = e.removed.has(id) ? undefined : toughnessAfter(e, before);
        if (after && after.damage !== undefined && after.damage !== total) c.fail(step, `${id} has ${total} damage after ${e.resolving.id}`, `${after.damage} damage`, 'damage', '120.3');
        else if (after && toughness !== undefined && total >= toughness) c.fail(step, `${id} dies to state-based actions: ${total} damage, toughness ${toughness} (CR 704.5g)`, 'it is still on the battlefield', 'lethal', '704.5g');
        else if (!after && toughness !== undefined && total < toughness) c.fail(step, `${id} survives ${amount} damage (toughness ${toughness})`, 'it left the battlefield', 'not-lethal', '704.5g');
        else c.checkedOne();
      }
      for (const p of step.after.battlefield) {
        const before = step.before.battlefield.find((b) => b.id === p.id);
        if (before && !e.creatureDamage.has(p.id) && !e.touched.has(p.id) && (p.damage ?? 0) !== (before.damage ?? 0)) {
          c.fail(step, `${p.id} is dealt no damage by ${e.resolving.id} (prevented, or not a target)`, `${p.damage} damage`, 'undealt', '702.16b');
        } else if (before && e.prevented.has(p.id) && !e.creatureDamage.has(p.id)) c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
