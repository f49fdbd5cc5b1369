// The judge's prediction of resolving until the stack is empty (oracle/until-empty.ts): single
// resolutions top first, state-based actions between (CR 608.1, 704.3), composed into one outcome;
// and each reason it gives for not predicting a step, rather than predicting it wrong.
import { describe, expect, it } from 'vitest';
import { composedResolution, untilEmptyResolution } from '../oracle/until-empty.ts';
import type { CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { plain, runOf, summary } from './fixtures/oracle-runs.ts';

const zap = (id: string): Scenario['cards'][number] => ({ id, definition: { name: 'Zap', manaCost: '{R}', types: ['Instant'], targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 2, target: 0 }] } });
const spell = (id: string, rest: Partial<CardDefinition>): Scenario['cards'][number] => ({ id, definition: { name: id, manaCost: '{R}', types: ['Instant'], ...rest } });
const creature = (id: string, power: number, toughness: number, rest: Partial<CardDefinition> = {}): Scenario['cards'][number] => ({ id, definition: { name: id, manaCost: '{2}', types: ['Creature'], power, toughness, ...rest } as CardDefinition });
const watcher = (id: string, event: string): Scenario['cards'][number] => ({ id, definition: { name: id, manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event, effects: [{ kind: 'gainLife', amount: 1 }] }] } as CardDefinition });

/** p1 casts each of `casts` (card, targets) in order, then everything resolves; p2 has Grizzly Bears and `p2` more. */
function allAtOnce(cards: Scenario['cards'], casts: [string, string[][]?][], more: { p1?: string[]; p2?: string[]; p2life?: number; library?: string[] } = {}): Scenario {
  return {
    format: 'castcheck-scenario/1',
    cards: [...cards, { id: 'bears', oracle: 'Grizzly Bears' }, ...(more.library ?? []).map((id) => ({ id, oracle: 'Island' }))],
    players: [
      { id: 'p1', hand: casts.map(([c]) => c), mana: { R: 10, U: 10, G: 10 }, ...(more.library ? { library: more.library } : {}), battlefield: (more.p1 ?? []).map((card) => ({ card })) },
      { id: 'p2', ...(more.p2life === undefined ? {} : { life: more.p2life }), battlefield: ['bears', ...(more.p2 ?? [])].map((card) => ({ card })) },
    ],
    actions: [...casts.map(([card, targets]) => ({ do: 'cast' as const, card, ...(targets ? { targets } : {}) })), { do: 'resolve', untilEmpty: true }],
  };
}

/** A composition as plain data: the order, the creatures that died between resolutions, the outcome with what is empty left out. */
const outline = (c: ReturnType<typeof untilEmptyResolution>) => (c && 'composed' in c ? { order: c.order, died: [...c.died], composed: summary(c.composed) } : c);

/** The oracle's answer for the last step of a scenario's run (its trace changed by `edit` first). */
function lastStep(s: Scenario, edit?: (t: Trace) => void) {
  const run = runOf(s, edit);
  return untilEmptyResolution(run, run.steps.at(-1)!);
}

describe('the oracle of resolving until the stack is empty (CR 608.1, 704.3)', () => {
  it('composes the single resolutions top first: effects added up, a creature dead between them, the mana of the first controller, zones as they end', () => {
    const run = runOf(S.ALL_AT_ONCE);
    const step = run.steps.at(-1)!;
    const c = untilEmptyResolution(run, step);
    expect(c && 'composed' in c && { ...(plain(c) as object), composed: summary(c.composed) }).toEqual({
      order: ['wither', 's3', 's2', 's1', 'grow', 'rite2', 'rite'],
      died: ['bears'],
      composed: {
        resolving: { id: 'wither', name: 'wither, then s3, then s2, then s1, then grow, then rite2, then rite', controller: 'p1', kind: 'spell' },
        kick: { kicker: [], multikicker: 0 },
        life: { p1: 0, p2: -2 },
        mana: { W: 0, U: 0, B: 0, R: 2, G: 0, C: 0 },
        zones: { p1: { hand: [], graveyard: ['grow', 'rite', 's1', 's2', 's3', 'wither'], library: [] }, p2: { hand: [], graveyard: ['bears', 'rite2'], library: [] } },
        removed: ['bears'],
        changes: { mine: { counters: { '+1/+1': 1 }, power: 2, toughness: 2, keywords: ['trample'] }, ox: { counters: { '-1/-1': 1 }, power: 0, toughness: 0, keywords: [] } },
        creatureDamage: { bears: 2, ox: 2 },
        damageEvents: { bears: 1, ox: 1 },
        alsoResolved: ['grow', 'rite', 'rite2', 's1', 's2', 's3'],
      },
    });
    expect(composedResolution(run, step)).toBe(c && 'composed' in c ? c.composed : 'no composition');
    // Every other step: nothing to compose.
    expect(run.steps.slice(0, -1).map((s) => untilEmptyResolution(run, s))).toEqual(Array(7).fill(undefined));
  });

  it('says why it does not predict a step rather than predict it wrong: each thing it does not follow', () => {
    const token = { name: 'Soldier Token', types: ['Creature'], power: 1, toughness: 1 };
    const maker = spell('maker', { effects: [{ kind: 'createToken', amount: 1, token } as never] });
    const answers = {
      permanentSpell: lastStep(allAtOnce([zap('z'), { id: 'ox', oracle: 'Grizzly Bears' }], [['ox'], ['z', [['p2']]]])),
      lost: lastStep(allAtOnce([zap('z')], [['z', [['p2']]]], { p2life: 2 })),
      noLifeLeft: lastStep(allAtOnce([zap('z'), zap('y')], [['y', [['bears']]], ['z', [['p2']]]], { p2life: 2 }), (t) => {
        for (const p of t.steps.at(-1)!.state.players) delete p.lost;
      }),
      tokensBelow: lastStep(allAtOnce([zap('z'), maker], [['z', [['p2']]], ['maker']])),
      tokensLast: lastStep(allAtOnce([zap('z'), maker], [['maker'], ['z', [['p2']]]])),
      tokenWithAbility: lastStep(allAtOnce([spell('maker', { effects: [{ kind: 'createToken', amount: 1, token: { ...token, triggers: [{ event: 'selfEnters', effects: [] }] } } as never] })], [['maker']])),
      toughnessUnseen: lastStep(allAtOnce([zap('z')], [['z', [['bears']]]]), (t) => {
        for (const p of t.steps.at(-2)!.state.battlefield) delete p.toughness;
      }),
      hurt: lastStep(allAtOnce([zap('z'), watcher('hurt', 'selfDealtDamage')], [['z', [['hurt']]]], { p2: ['hurt'] })),
      tokenWatcher: lastStep(allAtOnce([maker, watcher('tw', 'tokenCreated')], [['maker']], { p2: ['tw'] })),
      deathWatcher: lastStep(allAtOnce([zap('z'), watcher('dw', 'creaturesDie')], [['z', [['bears']]]], { p2: ['dw'] })),
      landWatcher: lastStep(allAtOnce([spell('kill', { targets: [{ kind: 'land' }], effects: [{ kind: 'destroy', target: 0 }] }), watcher('lw', 'landToGraveyard'), { id: 'mtn', oracle: 'Mountain' }], [['kill', [['mtn']]]], { p2: ['lw', 'mtn'] })),
      quietWatchers: lastStep(allAtOnce([zap('z'), watcher('hurt', 'selfDealtDamage'), watcher('dw', 'creaturesDie'), watcher('lw', 'landToGraveyard'), watcher('tw', 'tokenCreated')], [['z', [['p2']]]], { p2: ['hurt', 'dw', 'lw', 'tw'] })),
      mismatch: lastStep(allAtOnce([zap('z')], [['z', [['p2']]]]), (t) => {
        const z = t.steps[0]!.state.stack[0]!;
        if (z.kind === 'spell') z.targets = [];
      }),
    };
    const why = (reason: string) => ({ unpredicted: reason });
    expect(answers).toMatchObject({
      permanentSpell: why('the judge does not model what ox does as it resolves'),
      lost: why('a player lost the game on the way'),
      noLifeLeft: why('a player has no life left before the stack is empty'),
      tokensBelow: why('maker creates tokens whose ids the judge cannot know before the next resolution'),
      tokenWithAbility: why('maker creates tokens with abilities that may trigger'),
      toughnessUnseen: why("bears's toughness is not shown: whether it dies is not known"),
      hurt: why('hurt#0 triggers between resolutions'),
      tokenWatcher: why('tw#0 triggers between resolutions'),
      deathWatcher: why('dw#0 triggers between resolutions'),
      landWatcher: why('lw#0 triggers between resolutions'),
      mismatch: { mismatch: { expected: 'z resolves with 1 target group(s), one per target requirement (CR 601.2c)', observed: '0: []' } },
    });
    // Tokens made by the last resolution need no id to go on: predicted, with who controls each.
    const last = answers.tokensLast;
    expect(last && 'composed' in last && summary(last.composed)).toMatchObject({
      resolving: { name: 'z, then maker' },
      life: { p2: -2 },
      tokens: 1,
      made: [{ name: 'Soldier Token' }],
      alsoResolved: ['maker'],
      madeControllers: ['p1'],
    });
    // Only the permanents there when the token is made saw it: exactly those.
    expect(last && 'composed' in last && plain(last.composed.tokensSeen)).toEqual({ bears: 1 });
    // Watchers that nothing of the resolution sets off leave it predicted.
    const quiet = answers.quietWatchers;
    expect(quiet && 'composed' in quiet && summary(quiet.composed)).toMatchObject({ resolving: { name: 'z' }, life: { p2: -2 } });
  });

  it('carries each hop\'s state to the next: counters and pumps that save a creature, damage that adds up to lethal, damage already marked', () => {
    const grow = spell('grow', { manaCost: '{G}', targets: [{ kind: 'creature' }], effects: [{ kind: 'putCounters', amount: 1, target: 0 }, { kind: 'pump', power: 1, toughness: 1, target: 0 }] });
    const blast = spell('blast', { targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 3, target: 0 }] });
    const ox = { id: 'ox', definition: { name: 'Ox', manaCost: '{2}', types: ['Creature'], power: 2, toughness: 4 } } as Scenario['cards'][number];
    const s = allAtOnce([zap('z1'), zap('z2'), zap('z0'), blast, grow, ox], [['z0', [['ox']]], ['z1', [['ox']]], ['blast', [['bears']]], ['grow', [['bears']]], ['z2', [['ox']]]], { p2: ['ox'] });
    // z0 resolves on its own first: ox has 2 damage marked when the rest resolve.
    s.actions.splice(1, 0, { do: 'resolve' });
    const run = runOf(s);
    const c = untilEmptyResolution(run, run.steps.at(-1)!);
    expect(c && 'composed' in c && { order: c.order, died: [...c.died], removed: [...c.composed.removed].sort(), damage: plain(c.composed.creatureDamage), graveyard: c.composed.zones.p2.graveyard }).toEqual({
      order: ['z2', 'grow', 'blast', 'z1'],
      died: ['ox'],
      removed: ['ox'],
      damage: { bears: 3, ox: 2 },
      graveyard: ['ox'],
    });
  });

  it('predicts nothing for a step that resolves nothing: refused, or accepted with the stack already empty', () => {
    expect(lastStep(S.ALL_AT_ONCE, (t) => void Object.assign(t.steps.at(-1)!, { outcome: 'rejected', reason: 'empty-stack' }))).toBeUndefined();
    const again = { ...S.ALL_AT_ONCE, actions: [...S.ALL_AT_ONCE.actions, { do: 'resolve', untilEmpty: true }] } as Scenario;
    expect(lastStep(again, (t) => {
      const last = t.steps.at(-1)!;
      last.outcome = 'accepted';
      delete last.reason;
      delete last.message;
    })).toBeUndefined();
  });

  it('a card drawn from a library the engine does not show: unknown before the last resolution, so not followed; at the last, the hand is left unknown and the rest predicted', () => {
    const draw = spell('draw', { manaCost: '{U}', effects: [{ kind: 'draw', amount: 1 }] });
    const hidden = (t: Trace) => {
      for (const st of t.steps) for (const p of st.state.players) delete p.library;
    };
    expect(lastStep(allAtOnce([zap('z'), draw], [['z', [['p2']]], ['draw']], { library: ['l1', 'l2'] }), hidden)).toEqual({ unpredicted: 'what is drawn, milled or discarded depends on a library the engine does not show' });
    const drawnLast = lastStep(allAtOnce([zap('z'), draw], [['draw'], ['z', [['p2']]]], { library: ['l1', 'l2'] }), hidden);
    expect(drawnLast && 'composed' in drawnLast && plain(drawnLast.composed.zones)).toEqual({ p1: { hand: undefined, graveyard: ['draw', 'z'], library: undefined }, p2: { hand: [], graveyard: [], library: undefined } });
    const shown = lastStep(allAtOnce([zap('z'), draw], [['draw'], ['z', [['p2']]]], { library: ['l1', 'l2'] }));
    expect(shown && 'composed' in shown && { ...(summary(shown.composed) as object), order: shown.order }).toMatchObject({
      resolving: { name: 'z, then draw' },
      draws: 1,
      zones: { p1: { hand: ['l1'], graveyard: ['draw', 'z'], library: ['l2'] }, p2: { hand: [], graveyard: [], library: [] } },
      order: ['z', 'draw'],
    });
  });

  describe("each hop's state is the next one's state before", () => {
    const grow = spell('grow', { manaCost: '{G}', targets: [{ kind: 'creature' }], effects: [{ kind: 'pump', power: 1, toughness: 1, target: 0 }] });
    const zaps = (...ids: string[]) => ids.map(zap);

    it('damage marked by one resolution adds up with the next, shown or not (CR 704.5g); a -1/-1 counter lowers the toughness the next one meets', () => {
      const big = creature('big', 1, 5);
      const three = allAtOnce([...zaps('z1', 'z2', 'z3'), big], [['z1', [['big']]], ['z2', [['big']]], ['z3', [['big']]]], { p2: ['big'] });
      const dead = { order: ['z3', 'z2', 'z1'], died: ['big'], composed: { removed: ['big'], creatureDamage: { big: 6 }, damageEvents: { big: 3 }, zones: { p2: { graveyard: ['big'] } } } };
      expect(outline(lastStep(three))).toMatchObject(dead);
      // An engine that does not show damage: the judge keeps count itself.
      expect(outline(lastStep(three, (t) => {
        for (const st of t.steps) for (const p of st.state.battlefield) delete p.damage;
      }))).toMatchObject(dead);
      const wither = spell('wither', { manaCost: '{U}', targets: [{ kind: 'creature' }], effects: [{ kind: 'putCounters', amount: 1, counter: '-1/-1', target: 0 }] });
      const blast = spell('blast', { targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 3, target: 0 }] });
      expect(outline(lastStep(allAtOnce([wither, blast, creature('ox', 2, 4)], [['blast', [['ox']]], ['wither', [['ox']]]], { p2: ['ox'] })))).toMatchObject({ order: ['wither', 'blast'], died: ['ox'], composed: { removed: ['ox'], creatureDamage: { ox: 3 } } });
    });

    it('a permanent one resolution took away is not there for the next: a spell aimed at it does nothing (CR 608.2b)', () => {
      const kill = spell('kill', { targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }] });
      const c = lastStep(allAtOnce([kill, zap('z')], [['z', [['bears']]], ['kill', [['bears']]]]));
      expect(c && 'composed' in c && { order: c.order, removed: [...c.composed.removed], damage: plain(c.composed.creatureDamage), graveyards: plain(c.composed.zones) }).toEqual({
        order: ['kill', 'z'],
        removed: ['bears'],
        damage: {},
        graveyards: { p1: { hand: [], graveyard: ['kill', 'z'], library: [] }, p2: { hand: [], graveyard: ['bears'], library: [] } },
      });
    });

    it('a creature token no card describes is a creature by the power it shows, pumped or not: it dies of lethal damage, goes to no graveyard (CR 111.7), and its death sets off what watches for one', () => {
      const token = { name: 'Soldier Token', types: ['Creature'], power: 1, toughness: 1 };
      const maker = spell('maker', { effects: [{ kind: 'createToken', amount: 1, token } as never] });
      // The Soldier is made by a resolution of its own (a2.k1), then pumped and dealt 2: it dies at 2/2.
      const withToken = (extra: Scenario['cards'] = [], p2: string[] = []) => {
        const s = allAtOnce([maker, grow, zap('z'), ...extra], [['z', [['a2.k1']]], ['grow', [['a2.k1']]]], { p2 });
        s.players[0]!.hand!.push('maker');
        s.actions.unshift({ do: 'cast', card: 'maker' }, { do: 'resolve' });
        return s;
      };
      expect(outline(lastStep(withToken()))).toMatchObject({
        order: ['grow', 'z'],
        died: ['a2.k1'],
        composed: { removed: ['a2.k1'], creatureDamage: { 'a2.k1': 2 }, zones: { p1: { graveyard: ['grow', 'maker', 'z'] }, p2: { graveyard: [] } } },
      });
      const dw = creature('dw', 1, 4, { triggers: [{ event: 'creaturesDie', effects: [{ kind: 'gainLife', amount: 1 }] }] } as never);
      expect(lastStep(withToken([dw], ['dw']))).toEqual({ unpredicted: 'dw#0 triggers between resolutions' });
    });

    it("a creature whose toughness the engine does not show: pumped, then dealt damage, whether it dies is not known", () => {
      expect(lastStep(allAtOnce([grow, zap('z')], [['z', [['bears']]], ['grow', [['bears']]]]), (t) => {
        for (const p of t.steps.at(-2)!.state.battlefield) delete p.toughness;
      })).toEqual({ unpredicted: "bears's toughness is not shown: whether it dies is not known" });
    });

    it('a creature keeps its keywords when pumped: a spell that targets a creature with flying still finds it legal (CR 608.2b)', () => {
      const bird = creature('bird', 1, 1, { keywords: ['flying'] });
      const snipe = spell('snipe', { targets: [{ kind: 'creature', filter: { keywords: ['flying'] } }], effects: [{ kind: 'damage', amount: 2, target: 0 }] });
      expect(outline(lastStep(allAtOnce([bird, snipe, grow], [['snipe', [['bird']]], ['grow', [['bird']]]], { p2: ['bird'] })))).toMatchObject({ order: ['grow', 'snipe'], died: ['bird'], composed: { removed: ['bird'], creatureDamage: { bird: 2 } } });
    });

    it('a permanent exiled and returned is a new object the judge does not follow (CR 400.7): not predicted, with what changed it', () => {
      const shift = spell('shift', { manaCost: '{U}', targets: [{ kind: 'creature' }], effects: [{ kind: 'flicker', target: 0 }] });
      expect(lastStep(allAtOnce([shift, zap('z')], [['z', [['p2']]], ['shift', [['bears']]]]))).toEqual({ unpredicted: 'shift changes bears in a way the judge does not model' });
    });

    it("sets off only the abilities whose own event happened: one that watches for a cast is not set off by damage to it, a token made, a creature dying or a land put into a graveyard", () => {
      const quiet = creature('quiet', 1, 4, { triggers: [{ event: 'spellCast', whose: 'yours', effects: [{ kind: 'gainLife', amount: 1 }] }] } as never);
      const raze = spell('raze', { targets: [{ kind: 'land' }], effects: [{ kind: 'destroy', target: 0 }] });
      const token = { name: 'Soldier Token', types: ['Creature'], power: 1, toughness: 1 };
      const maker = spell('maker', { effects: [{ kind: 'createToken', amount: 1, token } as never] });
      const s = allAtOnce([maker, raze, ...zaps('y', 'z'), quiet, { id: 'mtn', oracle: 'Mountain' }], [['maker'], ['raze', [['mtn']]], ['y', [['bears']]], ['z', [['quiet']]]], { p2: ['quiet', 'mtn'] });
      expect(outline(lastStep(s))).toMatchObject({
        order: ['z', 'y', 'raze', 'maker'],
        died: ['bears'],
        composed: { removed: ['bears', 'mtn'], creatureDamage: { bears: 2, quiet: 2 }, tokens: 1, tokensSeen: { quiet: 1 }, madeControllers: ['p1'] },
      });
    });

    it('a player at no life after the last resolution, shown as still in the game: the end is predicted all the same', () => {
      expect(outline(lastStep(allAtOnce([zap('z')], [['z', [['p2']]]], { p2life: 2 }), (t) => {
        for (const p of t.steps.at(-1)!.state.players) delete p.lost;
      }))).toMatchObject({ order: ['z'], composed: { life: { p2: -2 } } });
    });

    it('a single resolution is no resolving until empty; players shown in either order are each their own', () => {
      const run = runOf(S.DAMAGE);
      expect(run.steps.map((s) => untilEmptyResolution(run, s))).toEqual(Array(10).fill(undefined));
      const swapped = lastStep(S.ALL_AT_ONCE, (t) => {
        for (const st of t.steps) st.state.players.reverse();
      });
      expect(swapped && 'composed' in swapped && plain(swapped.composed.zones)).toEqual({
        p1: { hand: [], graveyard: ['grow', 'rite', 's1', 's2', 's3', 'wither'], library: [] },
        p2: { hand: [], graveyard: ['bears', 'rite2'], library: [] },
      });
    });

    it('a card milled from a library the engine does not show: not followed before the last resolution; at the last, the graveyard is left unknown', () => {
      const mill = spell('mill', { manaCost: '{U}', targets: [{ kind: 'player' }], effects: [{ kind: 'mill', amount: 1, target: 0 }] });
      const hidden = (t: Trace) => {
        for (const st of t.steps) for (const p of st.state.players) delete p.library;
      };
      expect(lastStep(allAtOnce([zap('z'), mill], [['z', [['p2']]], ['mill', [['p1']]]], { library: ['l1', 'l2'] }), hidden)).toEqual({ unpredicted: 'what is drawn, milled or discarded depends on a library the engine does not show' });
      const last = lastStep(allAtOnce([zap('z'), mill], [['mill', [['p1']]], ['z', [['p2']]]], { library: ['l1', 'l2'] }), hidden);
      expect(last && 'composed' in last && plain(last.composed.zones)).toEqual({ p1: { hand: [], graveyard: undefined, library: undefined }, p2: { hand: [], graveyard: [], library: undefined } });
    });
  
    it('only a creature dies of no toughness (CR 704.5f): a land an engine shows with toughness 0 stays', () => {
      const c = lastStep(allAtOnce([zap('z'), zap('y'), { id: 'mtn', oracle: 'Mountain' }], [['z', [['p2']]], ['y', [['p2']]]], { p2: ['mtn'] }), (t) => {
        for (const st of t.steps) for (const p of st.state.battlefield) if (p.id === 'mtn') p.toughness = 0;
      });
      expect(outline(c)).toMatchObject({ order: ['y', 'z'], died: [], composed: { life: { p2: -4 } } });
      expect(c && 'composed' in c && [...c.composed.removed]).toEqual([]);
    });
  });
});

