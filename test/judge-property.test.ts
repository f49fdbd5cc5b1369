// What every property is built on (properties/property.ts): the checker that folds failures into a
// verdict, the comparisons of shown values, what an engine must have to run a property, and checks
// that ask for other runs, answered at once or through promises.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Capabilities } from '../model/schema-types.ts';
import { asks, castSpellOrFail, Checker, divergences, fail, type Failed, missingCapability, neededCard, notApplicable, pass, Run, sameCounters, sameMembers, sameShown, show, type CheckContext, type Property, type RunStep } from '../properties/property.ts';
import * as F from './fixtures/scenarios.ts';

import { engine } from './fixtures/trace-edits.ts';

const s = normalizeScenario(F.MULTIKICKED_PACK);
const run = new Run(s, engine.runSync(s));
const [a1, a2] = run.steps as [RunStep, RunStep];

describe('Checker', () => {
  it('nothing checked is n/a; checks that held pass, counted', () => {
    expect(new Checker().verdict()).toEqual({ status: 'n/a' });
    expect(notApplicable).toEqual({ status: 'n/a' });
    expect(pass).toEqual({ status: 'pass' });
    const c = new Checker();
    c.checkedOne();
    c.checkedOne();
    expect(c.done).toBe(false);
    expect(c.verdict()).toEqual({ status: 'pass', checks: 2 });
  });

  it('keeps the first failure, and in more the first of each other kind and rule, counting every one', () => {
    const c = new Checker();
    c.checkedOne();
    c.fail(a1, 'e1', 'o1');
    expect(c.done).toBe(true);
    c.fail(a2, 'e2', 'o2');
    c.fail(a2, 'e3', 'o3', 'k');
    c.fail(a2, 'e4', 'o4', 'k');
    c.fail(a2, 'e5', 'o5', 'k', '603.2');
    c.fail(a2, 'e6', 'o6', undefined, '603.2');
    expect(c.verdict()).toEqual({
      status: 'fail',
      step: 'a1',
      expected: 'e1',
      observed: 'o1',
      more: [
        { step: 'a2', expected: 'e3', observed: 'o3', kind: 'k' },
        { step: 'a2', expected: 'e5', observed: 'o5', kind: 'k', rule: '603.2' },
        { step: 'a2', expected: 'e6', observed: 'o6', rule: '603.2' },
      ],
      checks: 7,
    });
    const one = new Checker();
    one.fail(a1, 'e', 'o', 'kind', '702.33d');
    expect(one.verdict()).toEqual({ status: 'fail', step: 'a1', expected: 'e', observed: 'o', kind: 'kind', rule: '702.33d', checks: 1 });
  });

  it('a contested reading is reported as such only when nothing failed outright; it is kept apart from a failure of its kind', () => {
    const c = new Checker();
    c.contested(a1, 'e', 'o', 'the ruling');
    c.contested(a2, 'e2', 'o2', 'the ruling again');
    expect(c.verdict()).toEqual({ status: 'contested', step: 'a1', expected: 'e', observed: 'o', ruling: 'the ruling', checks: 2 });
    c.fail(a2, 'f', 'g');
    expect(c.verdict()).toEqual({ status: 'fail', step: 'a2', expected: 'f', observed: 'g', more: [{ step: 'a1', expected: 'e', observed: 'o', ruling: 'the ruling' }], checks: 3 });
    const k = new Checker();
    k.contested(a1, 'e', 'o', 'r', 'splice');
    expect(k.verdict()).toEqual({ status: 'contested', step: 'a1', expected: 'e', observed: 'o', ruling: 'r', kind: 'splice', checks: 1 });
  });

  it('divergences lists the head of a verdict, then the rest', () => {
    expect(divergences({ status: 'fail', step: 'a1', expected: 'e', observed: 'o' })).toEqual([{ step: 'a1', expected: 'e', observed: 'o' }]);
    expect(divergences({ status: 'fail', step: 'a1', expected: 'e', observed: 'o', kind: 'k', rule: '1', more: [{ step: 'a2', expected: 'x', observed: 'y' }] })).toEqual([
      { step: 'a1', expected: 'e', observed: 'o', kind: 'k', rule: '1' },
      { step: 'a2', expected: 'x', observed: 'y' },
    ]);
    expect(divergences({ status: 'contested', step: 'a1', expected: 'e', observed: 'o', ruling: 'r' })).toEqual([{ step: 'a1', expected: 'e', observed: 'o', ruling: 'r' }]);
    expect(fail(a2, 'e', 'o')).toEqual({ status: 'fail', step: 'a2', expected: 'e', observed: 'o' });
  });
});

describe('comparisons of shown values', () => {
  it('sameShown is JSON equality, lists compared item by item', () => {
    const cases: [unknown, unknown][] = [
      ['a', 'a'],
      ['a', 'b'],
      [1, 1],
      [1, '1'],
      [undefined, undefined],
      [undefined, null],
      [[], []],
      [['a'], ['a', 'b']],
      [['a', 'b'], ['a', 'c']],
      [[['a'], ['b']], [['a'], ['b']]],
      [[['a'], ['b']], [['a'], ['c']]],
      [[['a']], ['a']],
      [[undefined], [null]],
      [[1], ['1']],
      [[{ x: 1 }], [{ x: 1 }]],
      [[{ x: 1 }], [{ x: 2 }]],
      [{ a: [1] }, { a: [1] }],
      [{ a: 1 }, { a: 2 }],
      [['a'], 'a'],
    ];
    for (const [a, b] of cases) expect(sameShown(a, b), `${show(a)} ${show(b)}`).toBe(show(a) === show(b));
  });

  it('sameCounters leaves out kinds with none', () => {
    expect(sameCounters({}, {})).toBe(true);
    expect(sameCounters({ a: 0 }, {})).toBe(true);
    expect(sameCounters({}, { a: 0 })).toBe(true);
    expect(sameCounters({ a: 1 }, { a: 1 })).toBe(true);
    expect(sameCounters({ a: 1 }, {})).toBe(false);
    expect(sameCounters({}, { a: 1 })).toBe(false);
    expect(sameCounters({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameCounters({ a: -1 }, {})).toBe(true);
    expect(sameCounters({}, { a: -1 })).toBe(true);
    expect(sameCounters({ a: undefined }, { a: 0 })).toBe(true);
    expect(sameCounters({ a: 2, b: 1 }, { b: 1, a: 2 })).toBe(true);
  });

  it('sameMembers: the same ids as often, in any order', () => {
    const list = ['a', 'b'];
    expect(sameMembers(list, list)).toBe(true);
    expect(sameMembers([], [])).toBe(true);
    expect(sameMembers(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(true);
    expect(sameMembers(['a', 'b', 'c'], ['a', 'c', 'b'])).toBe(true);
    expect(sameMembers(['c', 'b', 'a'], ['a', 'b', 'c'])).toBe(true);
    expect(sameMembers(['a', 'b'], ['a', 'b', 'b'])).toBe(false);
    expect(sameMembers(['a', 'b', 'b'], ['a', 'a', 'b'])).toBe(false);
    expect(sameMembers(['x', 'a', 'b'], ['x', 'a', 'c'])).toBe(false);
    expect(sameMembers(['x', 'b', 'a'], ['x', 'a', 'c'])).toBe(false);
  });
});

describe('what an engine must have to run a property', () => {
  const caps = engine.capabilities;
  const p = (needs: Property['needs']): Property => ({ id: 'x.y', rules: ['100.1'], statement: 'a property for this test only', needs, applies: () => true, check: () => pass });
  const without = (o: Partial<Capabilities>): Capabilities => ({ ...caps, ...o });
  const card: NonNullable<NonNullable<Property['needs']>['card']> = { synthetic: { name: 'One Less', manaCost: '{1}', types: ['Artifact'] }, printed: ['Helm of Awakening', 'Other'] };

  it('runs with everything it needs, or no needs at all', () => {
    expect(missingCapability(p(undefined), caps)).toBeUndefined();
    expect(missingCapability(p({ observes: ['stack.kicked'], anyObserves: ['stack.kicked', 'stack.x'], mechanics: ['copy'], anyMechanic: ['copy', 'splice'], actions: ['copy'], card }), caps)).toBeUndefined();
  });

  it('says what is missing, in order: observables, any of them, mechanics, any of them, actions, a card', () => {
    const observes = caps.observes.filter((o) => o !== 'stack.kicked' && o !== 'stack.x');
    expect(missingCapability(p({ observes: ['stack.kicked', 'stack.x', 'player.mana'] }), without({ observes }))).toBe('does not observe stack.kicked, stack.x');
    expect(missingCapability(p({ anyObserves: ['stack.kicked', 'stack.x'] }), without({ observes }))).toBe('does not observe any of stack.kicked, stack.x');
    expect(missingCapability(p({ anyObserves: ['stack.kicked', 'player.mana'] }), without({ observes }))).toBeUndefined();
    const mechanics = caps.mechanics.filter((m) => m !== 'copy' && m !== 'splice');
    expect(missingCapability(p({ mechanics: ['copy', 'splice', 'x'] }), without({ mechanics }))).toBe('does not support copy, splice');
    expect(missingCapability(p({ anyMechanic: ['copy', 'splice'] }), without({ mechanics }))).toBe('supports none of copy, splice');
    expect(missingCapability(p({ anyMechanic: ['copy', 'x'] }), without({ mechanics }))).toBeUndefined();
    const actions = caps.actions.filter((a) => a !== 'copy' && a !== 'tap');
    expect(missingCapability(p({ actions: ['copy', 'tap', 'resolve'] }), without({ actions }))).toBe('cannot perform copy, tap');
    const cards = { ...caps.cards, synthetic: false, oracle: [] };
    expect(missingCapability(p({ card }), without({ cards }))).toBe('knows none of Helm of Awakening, Other and does not build a card like One Less from its definition');
    expect(missingCapability(p({ observes: ['stack.kicked'], mechanics: ['copy'] }), without({ observes, mechanics }))).toBe('does not observe stack.kicked');
  });

  it('the card added: the synthetic one when built from its definition, else the first printed one known', () => {
    expect(neededCard(card, undefined, 'id')).toEqual({ id: 'id', definition: card.synthetic });
    expect(neededCard(card, caps, 'id')).toEqual({ id: 'id', definition: card.synthetic });
    expect(neededCard(card, without({ cards: { ...caps.cards, synthetic: false, oracle: ['Other', 'Helm of Awakening'] } }), 'id')).toEqual({ id: 'id', oracle: 'Helm of Awakening' });
    expect(neededCard(card, without({ cards: { ...caps.cards, synthetic: false, oracle: ['Other'] } }), 'id')).toEqual({ id: 'id', oracle: 'Other' });
    expect(neededCard(card, without({ cards: { ...caps.cards, synthetic: false, oracle: [] } }), 'id')).toBeUndefined();
  });
});

describe('castSpellOrFail', () => {
  it('gives the spell an accepted cast put on the stack, or fails naming it (CR 601.2a)', () => {
    const c = new Checker();
    expect(castSpellOrFail(c, a1, 'pack')).toMatchObject({ id: 'pack' });
    expect(c.verdict()).toEqual({ status: 'n/a' });
    expect(castSpellOrFail(c, a2, 'pack')).toBeUndefined();
    expect(c.verdict()).toEqual({ status: 'fail', step: 'a2', expected: 'pack is on the stack: its cast was accepted (CR 601.2a)', observed: 'it is not on the stack', checks: 1 });
  });
});

describe('checks that ask for other runs', () => {
  const ctx = (answer: (n: number) => Run | undefined | Promise<Run | undefined>): CheckContext => {
    let n = 0;
    return { readings: { spliceCopy: 'ruling' }, rerun: () => answer(n++), reference: () => run };
  };
  const counting = asks<Run | undefined>(function* (r, c) {
    const checker = new Checker();
    for (let i = 0; i < 3; i++) {
      const other = yield c.rerun(r.scenario);
      if (other) checker.checkedOne();
    }
    return checker.verdict();
  });

  it('answered at once, the verdict comes without a promise', () => {
    const v = counting(run, ctx((n) => (n === 1 ? undefined : run)));
    expect(v).toEqual({ status: 'pass', checks: 2 });
  });

  it('answered through promises, or mixed, the same verdict comes through a promise', async () => {
    const v = counting(run, ctx((n) => Promise.resolve(n === 1 ? undefined : run)));
    expect(v).toBeInstanceOf(Promise);
    expect(await v).toEqual({ status: 'pass', checks: 2 });
    const mixed = counting(run, ctx((n) => (n === 0 ? run : Promise.resolve(run))));
    expect(await mixed).toEqual({ status: 'pass', checks: 3 });
  });

  it('a failed rerun is thrown into the body, which may catch it', async () => {
    const catching = asks<Run | undefined>(function* (r, c) {
      const checker = new Checker();
      try {
        yield c.rerun(r.scenario);
        checker.checkedOne();
      } catch (e) {
        checker.fail(r.steps[0]!, 'a rerun', String(e));
      }
      return checker.verdict();
    });
    expect(await catching(run, ctx(() => Promise.reject(new Error('engine gone'))))).toEqual({ status: 'fail', step: 'a1', expected: 'a rerun', observed: 'Error: engine gone', checks: 1 });
    await expect(counting(run, ctx(() => Promise.reject(new Error('engine gone'))))).rejects.toThrow('engine gone');
  });
});

describe('what agreement learns of a failure later, and the divergences of a verdict', () => {
  it('annotates the failure kept for a kind with no rule: consequences joined without repeats, the first reason it could not go on; nothing for a kind not failed', () => {
    const c = new Checker();
    c.annotate('k', { consequences: ['x'], notResynced: 'why' });
    expect(c.verdict()).toStrictEqual({ status: 'n/a' });
    c.fail(a1, 'e1', 'o1', 'k', '603.2');
    c.fail(a2, 'e2', 'o2', 'k');
    c.annotate('k', { consequences: ['x', 'y'] });
    c.annotate('k', { consequences: ['y', 'z'] });
    c.annotate('other', { consequences: ['w'], notResynced: 'nothing failed of this kind' });
    expect(c.verdict()).toStrictEqual({
      status: 'fail',
      step: 'a1',
      expected: 'e1',
      observed: 'o1',
      kind: 'k',
      rule: '603.2',
      more: [{ step: 'a2', expected: 'e2', observed: 'o2', kind: 'k', consequences: ['x', 'y', 'z'] }],
      checks: 2,
    });
    c.annotate('k', { notResynced: 'first reason' });
    c.annotate('k', { notResynced: 'second reason' });
    expect(divergences(c.verdict() as Failed)[1]).toStrictEqual({ step: 'a2', expected: 'e2', observed: 'o2', kind: 'k', consequences: ['x', 'y', 'z'], notResynced: 'first reason' });
  });

  it('leaves out of a divergence what a failure does not have: no kind, rule, ruling, consequences or reason it could not go on', () => {
    const contested = new Checker();
    contested.contested(a1, 'e', 'o', 'the ruling');
    expect(contested.verdict()).toStrictEqual({ status: 'contested', step: 'a1', expected: 'e', observed: 'o', ruling: 'the ruling', checks: 1 });
    expect(divergences({ status: 'fail', step: 'a1', expected: 'e', observed: 'o' })).toStrictEqual([{ step: 'a1', expected: 'e', observed: 'o' }]);
    expect(divergences({ status: 'contested', step: 'a1', expected: 'e', observed: 'o', ruling: 'r' })).toStrictEqual([{ step: 'a1', expected: 'e', observed: 'o', ruling: 'r' }]);
    expect(divergences({ status: 'fail', step: 'a1', expected: 'e', observed: 'o', kind: 'k', consequences: ['c'], notResynced: 'why' })).toStrictEqual([{ step: 'a1', expected: 'e', observed: 'o', kind: 'k', consequences: ['c'], notResynced: 'why' }]);
  });
});

