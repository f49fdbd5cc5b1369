// What in the state after a resolution differs from what the judge predicts of it: life, mana,
// permanents, tokens (CR 111.4), zones, spells countered, and the creatures that may have died (CR
// 704.5f-g).
import { sameJson } from '../model/compare.ts';
import { formatPool, poolsEqual, toPool } from '../model/mana.ts';
import { poolMinus } from '../oracle/payment.ts';
import { permanentOn, sameCounters, sameMembers, show, type Run, type RunStep } from './property.ts';
import { dies, isCreature } from '../oracle/state-based-actions.ts';
import { player, type Conditioned, type Expected, toughnessAfter } from '../oracle/resolution.ts';
import { described } from './spell-conditions.ts';

/** Whether a permanent that left the battlefield in a step could have died to state-based actions (CR 704.5f-g). */
function mayHaveDied(run: Run, step: RunStep, e: Expected, id: string): boolean {
  const p = step.before.battlefield.find((o) => o.id === id)!;
  if (!isCreature(run, p, id, step.index)) return false;
  const toughness = toughnessAfter(e, p);
  if (toughness === undefined) return true;
  return dies(toughness, (p.damage ?? 0) + (e.creatureDamage.get(id) ?? 0));
}

/** Counters, power, toughness and keywords of the permanents that stay: as they were, plus what the effects put on them; then the tokens made. */
function permanentProblem(step: RunStep, e: Expected): { expected: string; observed: string } | undefined {
  for (const before of step.before.battlefield) {
    const after = permanentOn(step.after, before.id);
    if (!after || e.touched.has(before.id)) continue;
    const c = e.changes.get(before.id);
    // A permanent no effect changed is compared with its counters as they were, not a copy of them.
    let counters = (before.counters ?? NO_COUNTERS) as Record<string, number>;
    if (c) {
      counters = { ...before.counters } as Record<string, number>;
      for (const [k, n] of Object.entries(c.counters)) counters[k] = (counters[k] ?? 0) + n;
    }
    if (!sameCounters(counters, after.counters)) return { expected: `${before.id} has counters ${norm(counters)}`, observed: norm(after.counters) };
    const grow = (c?.counters['+1/+1'] ?? 0) - (c?.counters['-1/-1'] ?? 0);
    if (before.power !== undefined && after.power !== undefined && after.power !== before.power + (c?.power ?? 0) + grow) {
      return { expected: `${before.id} has power ${before.power + (c?.power ?? 0) + grow}`, observed: `power ${after.power}` };
    }
    if (before.toughness !== undefined && after.toughness !== undefined && after.toughness !== before.toughness + (c?.toughness ?? 0) + grow) {
      return { expected: `${before.id} has toughness ${before.toughness + (c?.toughness ?? 0) + grow}`, observed: `toughness ${after.toughness}` };
    }
    const lacks = after.keywords && c?.keywords.find((k) => !after.keywords!.includes(k));
    if (lacks) return { expected: `${before.id} gains ${lacks} until end of turn`, observed: `keywords ${show(after.keywords)}` };
    // No effect of the card model takes a keyword away: what a permanent had, it keeps.
    const lost = after.keywords && before.keywords?.find((k) => !after.keywords!.includes(k));
    if (lost) return { expected: `${before.id} keeps ${lost}`, observed: `keywords ${show(after.keywords)}` };
  }
  return tokenProblem(step, e);
}

const NO_COUNTERS: Readonly<Record<string, number>> = Object.freeze({});

/** Counters written out for a failure: the kinds there are, in order. */
const norm = (x: Record<string, number | undefined>) => show(Object.entries(x).filter(([, n]) => (n ?? 0) > 0).sort(([a], [b]) => (a < b ? -1 : 1)));


/**
 * The permanents new on the battlefield after a resolution are the tokens its effects create, as
 * they describe them (CR 111.4: name, and the power, toughness and keywords shown); a creature token
 * with toughness 0 or less dies at once (704.5f).
 */
function tokenProblem(step: RunStep, e: Expected): { expected: string; observed: string } | undefined {
  const fresh = step.after.battlefield.filter((p) => !step.before.battlefield.some((b) => b.id === p.id));
  // Each token under the controller of what made it (in a step that resolves several, not always the first's).
  const due = e.made.map((t, i) => ({ t, controller: e.madeControllers?.[i] ?? e.resolving.controller }));
  for (const p of fresh) {
    // Matched by name alone: the tokens one step is expected to make all have one controller (until
    // empty, only the last object to resolve may make them: oracle/until-empty.ts), so looking first
    // among those due under the permanent's controller would find the same one.
    const i = due.findIndex((d) => d.t.name === p.name);
    const t = due[i]?.t;
    const controller = due[i]?.controller;
    if (!p.token || !t) return { expected: `no permanent enters but the tokens ${show(e.made.map((x) => x.name))}`, observed: `${p.id} (${p.name}${p.token ? ', a token' : ''}) entered` };
    due.splice(i, 1);
    const problem =
      p.controller !== controller ? `controller ${p.controller}`
      : t.power !== undefined && p.power !== undefined && p.power !== t.power ? `power ${p.power}`
      : t.toughness !== undefined && p.toughness !== undefined && p.toughness !== t.toughness ? `toughness ${p.toughness}`
      : p.keywords && (t.keywords ?? []).some((k) => !p.keywords!.includes(k)) ? `keywords ${show(p.keywords)}`
      : undefined;
    if (problem) return { expected: `${p.id} is a ${t.name} under ${controller}'s control${t.power !== undefined ? `, ${t.power}/${t.toughness ?? 0}` : ''}, with ${show(t.keywords ?? [])}`, observed: problem };
  }
  const missing = due.find(({ t }) => !(t.types.includes('Creature') && (t.toughness ?? 0) <= 0));
  if (missing) return { expected: `${e.made.length} token(s) created: ${show(e.made.map((x) => x.name))}`, observed: `${fresh.length} new permanent(s)` };
  return undefined;
}

/** A difference in the outcome, with the branch of the rule it breaks where the judge knows which. */
export interface ZoneProblem {
  expected: string;
  observed: string;
  kind?: string;
  rule?: string;
}

/**
 * An instruction done, or not done, against its condition as the spell resolves (CR 608.2c), either
 * way one branch: an engine that settles the condition at another time (when the spell is cast) errs
 * both ways, as the board changes in between. resolution.spell-condition-on-resolution tells the two
 * ways apart ('done-without-condition', 'condition-ignored'); this branch, seeing both, is what joins them.
 */
const MISJUDGED = { kind: 'condition-misjudged', rule: '608.2c' } as const;

/** What a conditioned instruction does to its target, for messages. */
const doneTo = (c: Conditioned) => (c.effect === 'destroy' ? 'destroyed' : 'returned to its owner’s hand');

/**
 * A permanent that left the battlefield though nothing takes it away. Where it is a target the
 * resolving object leaves alone, the branch says why: a new object since it was targeted (CR 400.7,
 * 608.2b; named as resolution.new-object-not-targeted names it, so one engine bug seen by both is one
 * finding), a target otherwise illegal as it resolves (608.2b), an instruction whose condition does
 * not hold (608.2c).
 */
function leftThoughSpared(id: string, e: Expected): ZoneProblem {
  const stays = `${id} stays on the battlefield`;
  const by = e.resolving.id;
  const spared = e.spared?.get(id);
  if (spared?.why === 'new-object') return { expected: `${stays}: a new object since ${by} targeted it (CR 400.7), an illegal target as it resolves (CR 608.2b)`, observed: 'it left', kind: 'moved', rule: '608.2b' };
  if (spared?.why === 'illegal-target') return { expected: `${stays}: an illegal target as ${by} resolves, which does nothing to it (CR 608.2b)`, observed: 'it left', kind: 'illegal-target', rule: '608.2b' };
  if (spared?.why === 'condition-false') {
    return { expected: `${stays}: “if you control ${described(spared.condition)}” does not hold as ${by} resolves, so it is not ${doneTo(spared)} (CR 608.2c)`, observed: 'it left', ...MISJUDGED };
  }
  return { expected: stays, observed: 'it left' };
}

/**
 * The first thing in a step's outcome that differs from `e`: the players' life, the controller's mana
 * pool (where the engine shows it), then the zones (zoneProblem). `what` describes what resolves, and
 * is asked only for a difference.
 */
export function outcomeProblem(run: Run, step: RunStep, e: Expected, what: () => string): ZoneProblem | undefined {
  const life = { p1: player(step, 'after', 'p1').life - player(step, 'before', 'p1').life, p2: player(step, 'after', 'p2').life - player(step, 'before', 'p2').life };
  if (life.p1 !== e.life.p1 || life.p2 !== e.life.p2) return { expected: `${what()} changes life by ${show(e.life)}`, observed: `life changed by ${show(life)}` };
  const you = e.resolving.controller;
  const before = player(step, 'before', you).mana;
  const after = player(step, 'after', you).mana;
  if (before && after && !poolsEqual(poolMinus(toPool(after), toPool(before)), e.mana)) {
    return { expected: `${what()} adds ${formatPool(e.mana)}`, observed: `${you}'s pool went from ${formatPool(toPool(before))} to ${formatPool(toPool(after))}` };
  }
  const wrong = zoneProblem(run, step, e);
  return wrong && { ...wrong, expected: `${what()}: ${wrong.expected}` };
}

/**
 * What in the players' zones and on the battlefield differs from what the effects say: the
 * permanents they take away are gone and no other is, but for creatures that died to state-based
 * actions (their cards then go to their owners' graveyards); hands, libraries and graveyards hold
 * what the effects put there.
 */
function zoneProblem(run: Run, step: RunStep, e: Expected): ZoneProblem | undefined {
  const changed = permanentProblem(step, e);
  if (changed) return changed;
  // Every spell and triggered ability under the resolving object stays, but those its effects counter (CR 701.5a).
  for (const o of step.before.stack) {
    if (o.id === e.resolving.id || e.alsoResolved?.has(o.id)) continue;
    const there = step.after.stack.some((a) => a.id === o.id);
    if (there === e.countered.has(o.id)) return { expected: `${o.id} ${e.countered.has(o.id) ? 'is countered: it leaves the stack' : 'stays on the stack'}`, observed: there ? 'it is on the stack' : 'it left the stack' };
  }
  const stays = [...e.removed].find((id) => step.after.battlefield.some((p) => p.id === id));
  if (stays) {
    const on = e.removedOnCondition?.get(stays);
    if (on) return { expected: `${stays} leaves the battlefield: “if you control ${described(on.condition)}” holds as ${e.resolving.id} resolves, so it is ${doneTo(on)} (CR 608.2c)`, observed: 'it is still there', ...MISJUDGED };
    return { expected: `${stays} leaves the battlefield`, observed: 'it is still there' };
  }
  const gone = step.before.battlefield.filter((p) => !e.removed.has(p.id) && !step.after.battlefield.some((o) => o.id === p.id));
  const unexplained = gone.find((p) => !mayHaveDied(run, step, e, p.id));
  if (unexplained) return leftThoughSpared(unexplained.id, e);
  for (const id of ['p1', 'p2'] as const) {
    const want = e.zones[id];
    const got = player(step, 'after', id);
    const died = gone.filter((p) => p.owner === id && !p.token).map((p) => p.card ?? p.id);
    // Hands and graveyards in any order (the expected ones are sorted), libraries top first.
    if (want.hand && !sameMembers(want.hand, got.hand)) return { expected: `${id}'s hand ${show(want.hand)}`, observed: show([...got.hand].sort()) };
    if (want.library && got.library && !sameJson(want.library, got.library)) return { expected: `${id}'s library ${show(want.library)}`, observed: show(got.library) };
    const graveyard = want.graveyard && (died.length > 0 ? [...want.graveyard, ...died].sort() : want.graveyard);
    if (graveyard && !sameMembers(graveyard, got.graveyard)) return { expected: `${id}'s graveyard ${show(graveyard)}`, observed: show([...got.graveyard].sort()) };
  }
  return undefined;
}

