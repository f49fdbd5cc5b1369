// Relations between runs: the same scenario changed in one respect must change the outcome in that
// respect only.
import { formatMana, manaOf, sameManaWritten, toPool } from '../model/mana.ts';
import type { Capabilities, CardDefinition, Scenario, ScenarioCard } from '../model/schema-types.ts';
import type { NCastAction } from '../model/scenario.ts';
import { asks, Checker, neededCard, permanentOn, show, spellOnStack, type Property, type Run } from './property.ts';
import { expectedCounters } from '../oracle/entries.ts';
import { features } from './features.ts';

function mainCast(run: Run): { index: number; action: NCastAction } | undefined {
  const index = run.scenario.actions.findIndex((a) => a.do === 'cast');
  const action = run.scenario.actions[index];
  return action?.do === 'cast' && run.steps[index]?.step.outcome === 'accepted' ? { index, action } : undefined;
}

function withPoolAdded(s: Scenario, who: 'p1' | 'p2', manaText: string): Scenario['players'] {
  const extra = toPool({});
  const m = manaOf(manaText);
  for (const k of ['W', 'U', 'B', 'R', 'G', 'C'] as const) extra[k] += m[k];
  extra.C += m.generic;
  return s.players.map((p) => {
    if (p.id !== who) return p;
    const pool = toPool(p.mana);
    for (const k of ['W', 'U', 'B', 'R', 'G', 'C'] as const) pool[k] += extra[k];
    return { ...p, mana: Object.fromEntries(Object.entries(pool).filter(([, v]) => v > 0)) };
  }) as Scenario['players'];
}

export const oneMoreMultikick: Property = {
  id: 'relations.one-more-multikick',
  kind: 'relation',
  rules: ['702.33c', '603.6d'],
  statement: 'Paying multikicker once more, with the mana for it, adds exactly one more of each per-kick counter to the permanent (and, from no kick to one, swaps unkicked counters for kicked ones).',
  needs: { mechanics: ['multikicker'] },
  // Nothing else may put counters on it, or trigger on how it was kicked.
  applies: (s) => {
    const f = features(s);
    return f.multikickPerKick && !f.triggers && !f.staticKicked && !f.effects.has('putCounters') && !f.effects.has('counterSpell');
  },
  check: asks<Run | undefined>(function* (run, ctx) {
    const c = new Checker();
    const first = mainCast(run);
    const def = first && run.def(first.action.card);
    if (!first || !def?.multikicker?.cost.mana || !(def.entersWith ?? []).some((e) => e.condition === 'perKick')) return c.verdict();
    // A card bounced and cast again enters from its last cast: that is the one kicked once more.
    const index = run.scenario.actions.findLastIndex((a) => a.do === 'cast' && a.card === first.action.card);
    const last = run.scenario.actions[index]!;
    if (last.do !== 'cast' || run.steps[index]?.step.outcome !== 'accepted') return c.verdict();
    const cast = { index, action: last };
    // Both runs resolve everything at the end, so that the permanent is there to compare.
    const base: Scenario = { ...run.scenario, actions: [...run.scenario.actions, { do: 'resolve', id: 'finally', untilEmpty: true }] };
    const variant: Scenario = {
      ...base,
      players: withPoolAdded(base, cast.action.player, def.multikicker.cost.mana),
      actions: base.actions.map((a, i) => (i === cast.index && a.do === 'cast' ? { ...a, multikicker: (a.multikicker ?? 0) + 1 } : a)),
    };
    // The run itself, when the permanent entered in it; else the scenario run to the end.
    const one = run.steps.some((s) => s.after.battlefield.some((p) => p.id === cast.action.card)) ? run : yield ctx.rerun(base);
    const other = yield ctx.rerun(variant);
    // As it first enters: later zone changes (a flicker) make a new object with no counters.
    const entered = (r: Run | undefined) => {
      const step = r?.steps.find((s, i) => i > cast.index && s.after.battlefield.some((p) => p.id === cast.action.card) && !s.before.battlefield.some((p) => p.id === cast.action.card));
      return step && permanentOn(step.after, cast.action.card);
    };
    const here = entered(one);
    const there = entered(other);
    const step = run.steps[cast.index]!;
    // No usable trace for a related run: the judge reports the engine's failure, not this property.
    if (!other || (one !== run && !one)) return c.verdict();
    // An earlier cast may have paid with the added mana, as its player may choose (CR 601.2h), and left too little for the kick.
    if (index !== first.index && other.steps[index]?.step.outcome !== 'accepted') return c.verdict();
    // Countered or bounced in both runs, there is nothing to compare; in one run only, that is the failure.
    if (!here && !there) return c.verdict();
    if (!here || !there) {
      const where = here ? 'kicked once more with the mana for it' : `as cast (kicked ${cast.action.multikicker ?? 0} times by multikicker)`;
      c.fail(step, `${cast.action.card} is on the battlefield in the end both as cast and kicked once more`, `${where}, it is not`);
      return c.verdict();
    }
    const kick = { kicker: cast.action.kicker ?? [], multikicker: cast.action.multikicker ?? 0 };
    // From no kick to one, "if kicked" and "if not kicked" counters change too; the formula says by how much.
    const before = expectedCounters(def, kick);
    const after = expectedCounters(def, { kicker: kick.kicker, multikicker: kick.multikicker + 1 });
    for (const counter of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const n = (after[counter] ?? 0) - (before[counter] ?? 0);
      const diff = (there.counters[counter] ?? 0) - (here.counters[counter] ?? 0);
      if (diff !== n) c.fail(step, `one more kick changes ${cast.action.card}'s ${counter} counters by ${n}`, `by ${diff}`);
      else c.checkedOne();
    }
    return c.verdict();
  }),
};

/** A {1} reducer to add: a synthetic one, or Helm of Awakening, which makes every spell cost {1} less (the same for the main cast, and the rerun stops there). */
const REDUCER = {
  synthetic: { name: 'One Less', manaCost: '{1}', types: ['Artifact'], statics: [{ kind: 'costReduction', amount: 1, spells: 'yours' }] } satisfies CardDefinition,
  printed: ['Helm of Awakening'],
};

/** The reducer an engine takes, worked out once for its capabilities: the check runs for most kicked casts. */
const reducers = new WeakMap<Capabilities, ScenarioCard | undefined>();
const anyEngine = neededCard(REDUCER, undefined, 'extra-reducer');
function reducerFor(caps: Capabilities | undefined): ScenarioCard | undefined {
  if (caps === undefined) return anyEngine;
  if (!reducers.has(caps)) reducers.set(caps, neededCard(REDUCER, caps, 'extra-reducer'));
  return reducers.get(caps);
}

export const reductionKeepsKicked: Property = {
  id: 'relations.reduction-keeps-kicked',
  kind: 'relation',
  rules: ['601.2f', '702.33d', '118.7a'],
  statement: 'A cost reduction changes what a spell costs, never whether it is kicked: with one more {1} reduction it is kicked the same and costs one less generic mana, down to {0}.',
  needs: { mechanics: ['costModifiers'], observes: ['stack.totalCost'], anyObserves: ['stack.kicked', 'stack.timesKicked'], card: REDUCER },
  applies: (s) => features(s).castKicked,
  check: asks<Run | undefined>(function* (run, ctx) {
    const c = new Checker();
    const cast = mainCast(run);
    const here = cast && spellOnStack(run.steps[cast.index]!.after, cast.action.card);
    if (!cast || !here?.totalCost) return c.verdict();
    const reducer = reducerFor(ctx.capabilities);
    if (!reducer) return c.verdict();
    // Run only as far as the cast: nothing after it is read, and an engine answers the first actions
    // the same whatever follows them (as runner/evaluate.ts reads an engine stopping at `unsupported`).
    const variant: Scenario = {
      ...run.scenario,
      actions: run.scenario.actions.slice(0, cast.index + 1),
      cards: [...run.scenario.cards, reducer],
      players: run.scenario.players.map((p) => (p.id === cast.action.player ? { ...p, battlefield: [...(p.battlefield ?? []), { card: reducer.id }] } : p)) as Scenario['players'],
    };
    const other = yield ctx.rerun(variant);
    if (!other) return c.verdict();
    const step = run.steps[cast.index]!;
    const there = other.steps[cast.index]?.step.outcome === 'accepted' ? spellOnStack(other.steps[cast.index]!.after, cast.action.card) : undefined;
    if (!there?.totalCost) {
      c.fail(step, `${cast.action.card} is still cast with a {1} reduction on the battlefield`, 'the cast was rejected');
      return c.verdict();
    }
    const want = manaOf(here.totalCost.mana);
    const lower = { ...want, generic: Math.max(0, want.generic - 1) };
    if (there.kicked !== here.kicked || there.timesKicked !== here.timesKicked) c.fail(step, `kicked ${here.timesKicked ?? here.kicked} times with the reduction too`, `${there.timesKicked ?? there.kicked}`);
    else if (!sameManaWritten(manaOf(there.totalCost.mana), lower)) c.fail(step, `total cost ${formatMana(lower)} with one more {1} reduction`, `${there.totalCost.mana}`);
    else c.checkedOne();
    return c.verdict();
  }),
};

export const spliceOrderOnlyReorders: Property = {
  id: 'relations.splice-order',
  kind: 'relation',
  rules: ['702.47b', '608.2c'],
  statement: 'Splicing the same cards in the opposite order changes only the order of their effects: where they do not interact, the game ends the same.',
  needs: { mechanics: ['splice'] },
  applies: (s) => features(s).mostSpliced >= 2,
  check: asks<Run | undefined>(function* (run, ctx) {
    const c = new Checker();
    const cast = mainCast(run);
    if (!cast || (cast.action.splice?.length ?? 0) < 2) return c.verdict();
    // Only effects that commute: life, draws from one library, mana; no targets that could change.
    const commute = (cast.action.splice ?? []).every((id) => (run.def(id)?.effects ?? []).every((e) => ['gainLife', 'draw', 'addMana'].includes(e.kind)) && !(run.def(id)?.targets ?? []).length);
    if (!commute) return c.verdict();
    const variant: Scenario = {
      ...run.scenario,
      actions: run.scenario.actions.map((a, i) => (i === cast.index && a.do === 'cast' ? { ...a, splice: [...(a.splice ?? [])].reverse() } : a)),
    };
    const other = yield ctx.rerun(variant);
    const last = run.steps.at(-1)!;
    const otherLast = other?.steps.at(-1);
    if (!otherLast) return c.verdict();
    const view = (st: typeof last.after) => show(st.players.map((p) => ({ id: p.id, life: p.life, hand: [...p.hand].sort(), mana: p.mana })));
    if (view(last.after) !== view(otherLast.after)) c.fail(last, `the same players' state with the splice order reversed: ${view(otherLast.after)}`, view(last.after));
    else c.checkedOne();
    return c.verdict();
  }),
};
