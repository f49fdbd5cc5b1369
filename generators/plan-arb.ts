// The plan of a scenario as one fast-check arbitrary: each part's choices from the module that builds
// that part, drawn as one record. The fields are drawn and shrink in the order written here, each
// until it can go no further: whole parts of the scenario first (follow-ups, copies, watchers,
// splices), then the declarations, then the cards and numbers. A field added anywhere but last
// changes every scenario a seed gives after it (test/generation-fingerprint.test.ts).
import type fc from 'fast-check';
import { boardFollowUpsArb } from './board-actions.ts';
import type { Context } from './context.ts';
import { abilityCounterArb } from './ability-counter.ts';
import { conditionArb } from './conditions.ts';
import { copiesArb, possibleCopies } from './copies.ts';
import { costChangersArb, freeCastArb, kickerCostsArb, kicksArb } from './costs.ts';
import { constantByWeight, constantDraw, integerDraw, natDraw } from './draws.ts';
import { failedCostArb } from './failed-cost.ts';
import { spellConditionArb } from './spell-conditions.ts';
import { DEFAULT_ILLEGAL_SHARE, illegalArb, selfTargetArb } from './illegal.ts';
import { interruptArb } from './interrupt.ts';
import { bystandersArb, kickerPermanentArb, mainCardArb } from './main-card.ts';
import type { Plan, ScenarioOptions } from './plan.ts';
import { recastArb } from './recast.ts';
import { splicesArb } from './splices.ts';
import { stackFollowUpsArb } from './stack-actions.ts';
import { strayArb } from './stray-actions.ts';
import { picksArb } from './targets.ts';
import { multipliersArb, possibleWatchers, wardArb, watchersArb } from './triggers.ts';
import { recordDraws } from './tuple-draws.ts';
import { mostly, rare } from './weighted-draws.ts';

/**
 * Plans an engine with these capabilities can run, each field drawn by the part it belongs to. Shrinks
 * field by field in the order of the record: no spell at all first, then fewer follow-ups, copies,
 * watchers and splices, then simpler declarations, cards and numbers.
 */
export function planArb(options: ScenarioOptions, ctx: Context): fc.Arbitrary<Plan> {
  const { does } = ctx;
  const illegalShare = options.illegalShare ?? DEFAULT_ILLEGAL_SHARE;
  return recordDraws(
    // No spell at all shrinks first: a failure about the board alone needs no cast.
    /* spell */ constantByWeight({ weight: 1, value: false }, { weight: 19, value: true }),
    /* boardFollowUps */ boardFollowUpsArb(ctx),
    /* interrupt */ interruptArb(ctx),
    /* stackFollowUps */ stackFollowUpsArb(ctx),
    /* selfTarget */ selfTargetArb(illegalShare),
    /* copies */ copiesArb(ctx),
    /* watchers */ watchersArb(ctx),
    /* multipliers */ multipliersArb(ctx),
    /* costChangers */ costChangersArb(ctx),
    /* ward */ wardArb(ctx),
    /* splices */ splicesArb(ctx),
    /* illegal */ illegalArb(illegalShare),
    /* recast */ recastArb(illegalShare, ctx),
    /* resolveAll */ constantByWeight({ weight: 1, value: false }, { weight: 3, value: true }),
    /* settle */ constantByWeight({ weight: 1, value: false }, { weight: 3, value: true }),
    // Mostly at least one resolution one at a time: the resolution properties judge those; casting alone one time in eight.
    /* resolves */ mostly(integerDraw({ min: 1, max: 3 }), 0, 7),
    /* multikicks */ kicksArb,
    /* kickers */ kickerCostsArb,
    /* free */ freeCastArb(ctx),
    /* main */ mainCardArb(ctx),
    /* x */ natDraw({ max: 4 }),
    /* lands */ natDraw({ max: 3 }),
    // Seldom none, where the first draw loses the game (CR 704.5a) and checks little else; shrinking
    // goes there from any point, so that a failure about drawing from an empty library shrinks to one.
    /* library */ mostly(integerDraw({ min: 1, max: 6 }), 0, 31),
    /* forests */ natDraw({ max: 2 }),
    /* extraBystanders */ natDraw({ max: 2 }),
    /* bystanders */ bystandersArb(ctx),
    /* kickerPermanent */ kickerPermanentArb(ctx),
    /* picks */ picksArb,
    /* slack */ natDraw({ max: 3 }),
    /* pick */ natDraw({ max: 7 }),
    /* enabler */ constantByWeight({ weight: 1, value: false }, { weight: 4, value: true }),
    /* p2Life */ rare(integerDraw({ min: 1, max: 6 }), undefined, 8),
    // Quiet one time in four, and where the main card has counters per multikick one more time in two;
    // both shrink towards quiet, which leaves out every triggered ability the plan can.
    /* quiet */ mostly(constantDraw(false), true, 3),
    /* quietKicks */ mostly(constantDraw(false), true, 1),
    // Last, so that it draws after every other part of the plan and changes none of them.
    /* stray */ strayArb(illegalShare),
    // After the stray action, for the same reason: one scenario in eight ends with every creature
    // destroyed at once, where "one or more creatures die" abilities trigger once and look back.
    /* massDeath */ does('destroyAllCreatures') ? rare(constantDraw(true), false, 7) : constantDraw(false),
    // Last again: a board condition that changes, first in the scenario, beside everything else.
    /* condition */ conditionArb(ctx),
    // Last again: a cast whose sacrifice fails once its mana is there, before the main cast.
    /* failedCost */ failedCostArb(ctx, illegalShare),
    // Last again: Stifle aimed at a triggered ability, before or right after the main cast.
    /* abilityCounter */ abilityCounterArb(ctx),
    // Last: a spell whose board condition changes before it resolves, first in the scenario.
    /* spellCondition */ spellConditionArb(ctx),
  ).map(
    ([spell, boardFollowUps, interrupt, stackFollowUps, selfTarget, copies, watchers, multipliers, costChangers, ward, splices, illegal, recast, resolveAll, settle, resolves, multikicks, kickers, free, main, x, lands, library, forests, extraBystanders, bystanders, kickerPermanent, picks, slack, pick, enabler, p2Life, quiet, quietKicks, stray, massDeath, condition, failedCost, abilityCounter, spellCondition]): Plan => ({
      spell,
      main: main.def,
      oracle: main.oracle,
      splices: splices.defs,
      spliceOracle: splices.oracle,
      kickA: kickers.includes('A'),
      kickB: kickers.includes('B'),
      multikicks,
      x,
      free,
      copies: possibleCopies(copies, ctx),
      bystanders,
      extraBystanders,
      watchers: possibleWatchers(watchers, ctx),
      multipliers,
      costChangers,
      lands,
      library,
      forests,
      ward,
      kickerPermanent,
      picks,
      slack,
      stackFollowUps,
      resolves,
      resolveAll,
      boardFollowUps,
      settle,
      illegal,
      recast,
      selfTarget,
      pick,
      enabler,
      // The interrupt is a way of resolving the main spell: only where the plan resolves it at all, so
      // that shrinking which drops it leaves the spell resolving, and not the interrupt alone.
      interrupt: interrupt && (resolves > 0 || resolveAll),
      p2Life,
      quiet,
      quietKicks,
      stray,
      massDeath,
      condition,
      failedCost,
      abilityCounter,
      spellCondition,
    }),
  );
}
