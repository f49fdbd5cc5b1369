// A kicked spell whose effects come out exactly as another kick's (properties/wrong-kick.ts): counted
// fewer times than it was kicked (CR 702.33d), or with the effects of other kicker costs than those
// declared (702.33f). permanents.enters-with-counters and resolution.player-effects name that branch
// alike, so that one bug seen on a permanent's counters and on a spell's effects is one finding. Each
// test takes the reference engine's trace, which passes, and breaks it in one field.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { times } from '../properties/wrong-kick.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const counters = propertyById('permanents.enters-with-counters')!;
const effects = propertyById('resolution.player-effects')!;

async function judged(p: typeof counters, s: Scenario, edit: (t: Trace) => void = () => undefined) {
  const n = normalizeScenario(s);
  const t = editableCopy(engine.runSync(n));
  edit(t);
  return verdictOf(p, n, t);
}

const scenario = (cards: Scenario['cards'], hand: string[], mana: Record<string, number>, actions: Scenario['actions'], p2: Scenario['players'][number] = { id: 'p2' }): Scenario => ({
  format: 'castcheck-scenario/1',
  cards,
  players: [{ id: 'p1', hand, mana }, p2],
  actions,
});

/** Gnarlid Pack multikicked three times: it enters with three +1/+1 counters (CR 702.33c-d). */
const PACK = scenario([{ id: 'pack', oracle: 'Gnarlid Pack' }], ['pack'], { G: 4, C: 4 }, [{ do: 'cast', card: 'pack', multikicker: 3 }, { do: 'resolve' }]);
const PACK_EXPECTED = 'pack (Gnarlid Pack, kicked 3 times) enters with counters {"+1/+1":3}';
const packWith = (n: number) => (t: Trace) => void (permanent(t, 1, 'pack').counters = n > 0 ? { '+1/+1': n } : {});

/** Necravolver kicked as `kicker`: two +1/+1 counters for its A kicker ({1}{G}), one for its B ({W}) (CR 702.33f). */
const volver = (kicker: ('A' | 'B')[]) => scenario([{ id: 'volver', oracle: 'Necravolver' }], ['volver'], { B: 1, G: 1, W: 1, C: 3 }, [{ do: 'cast', card: 'volver', kicker }, { do: 'resolve' }]);
const volverWith = (n: number) => (t: Trace) => void (permanent(t, 1, 'volver').counters = n > 0 ? { '+1/+1': n } : {});

describe('permanents.enters-with-counters: counters exactly as another kick gives', () => {
  it('the reference trace passes', async () => {
    expect(await judged(counters, PACK)).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(counters, volver(['A']))).toEqual({ status: 'pass', checks: 1 });
  });

  it('a multikicked permanent entering with fewer kicks’ counters fails by CR 702.33d, wrong-kick-count, saying how many', async () => {
    expect(await judged(counters, PACK, packWith(1))).toEqual({ status: 'fail', step: 'a2', expected: PACK_EXPECTED, observed: 'counters {"+1/+1":1}, as if kicked once', kind: 'wrong-kick-count', rule: '702.33d', checks: 1 });
    expect(await judged(counters, PACK, packWith(2))).toMatchObject({ observed: 'counters {"+1/+1":2}, as if kicked twice', kind: 'wrong-kick-count', rule: '702.33d' });
  });

  it('no kick at all, more kicks than paid, or counters no kick gives name no kick', async () => {
    for (const n of [0, 4]) expect(await judged(counters, PACK, packWith(n))).toEqual({ status: 'fail', step: 'a2', expected: PACK_EXPECTED, observed: `counters ${n > 0 ? `{"+1/+1":${n}}` : '{}'}`, checks: 1 });
    const other = await judged(counters, PACK, (t) => void (permanent(t, 1, 'pack').counters = { '+1/+1': 1, charge: 1 }));
    expect(other).not.toHaveProperty('kind');
  });

  it('a spell the engine shows kicked otherwise than declared names no kick: its kick, not its counters, is the bug', async () => {
    for (const edit of [(t: Trace) => void (spellAt(t, 0, 0).multikicker = 1), (t: Trace) => void (spellAt(t, 0, 0).timesKicked = 1), (t: Trace) => void (spellAt(t, 0, 0).kicked = false)]) {
      const v = await judged(counters, PACK, (t) => {
        packWith(1)(t);
        edit(t);
      });
      expect(v).toMatchObject({ status: 'fail', observed: 'counters {"+1/+1":1}' });
      expect(v).not.toHaveProperty('kind');
    }
  });

  it('the effects of a kicker cost not declared fail by CR 702.33f, unpaid-kicker-cost', async () => {
    expect(await judged(counters, volver(['A']), volverWith(3))).toMatchObject({ status: 'fail', observed: 'counters {"+1/+1":3}, as if also kicked with its B kicker', kind: 'unpaid-kicker-cost', rule: '702.33f' });
    expect(await judged(counters, volver(['B']), volverWith(3))).toMatchObject({ observed: 'counters {"+1/+1":3}, as if also kicked with its A kicker', kind: 'unpaid-kicker-cost' });
  });

  it('a declared kicker cost left without its effects fails by paid-kicker-cost-ignored, one declared in place of another by kicker-costs-swapped', async () => {
    expect(await judged(counters, volver(['A', 'B']), volverWith(2))).toMatchObject({ observed: 'counters {"+1/+1":2}, as if not kicked with its B kicker', kind: 'paid-kicker-cost-ignored', rule: '702.33f' });
    expect(await judged(counters, volver(['A', 'B']), volverWith(1))).toMatchObject({ observed: 'counters {"+1/+1":1}, as if not kicked with its A kicker', kind: 'paid-kicker-cost-ignored' });
    expect(await judged(counters, volver(['A']), volverWith(1))).toMatchObject({ observed: 'counters {"+1/+1":1}, as if kicked with its B kicker instead of its A kicker', kind: 'kicker-costs-swapped', rule: '702.33f' });
  });

  it('kick counts read as words', () => {
    expect([1, 2, 3].map(times)).toEqual(['once', 'twice', '3 times']);
  });
});

/** A sorcery that makes a 1/1 Soldier and gains 2 life for each time it was kicked, multikicked three times. */
const MUSTER = scenario(
  [
    {
      id: 'muster',
      definition: {
        name: 'Muster the Ranks',
        manaCost: '{W}',
        types: ['Sorcery'],
        multikicker: { cost: { mana: '{1}' } },
        effects: [
          { kind: 'createToken', amount: 1, token: { name: 'Soldier Token', types: ['Creature'], subtypes: ['Soldier'], power: 1, toughness: 1 }, condition: 'perKick' },
          { kind: 'gainLife', amount: 2, condition: 'perKick' },
        ],
      },
    },
  ],
  ['muster'],
  { W: 1, C: 3 },
  [{ do: 'cast', card: 'muster', multikicker: 3 }, { do: 'resolve' }],
);
const MUSTER_EXPECTED = 'muster (Muster the Ranks, kicked 3 times): each effect as its kicker condition says for how it was kicked';

/** Keeps `n` of the tokens made and the life of `n` kicks. */
const musterAsKicked = (n: number) => (t: Trace) => {
  const after = step(t, 1).state;
  const tokens = after.battlefield.filter((p) => p.token);
  after.battlefield = after.battlefield.filter((p) => !p.token || tokens.indexOf(p) < n);
  playerAt(t, 1, 'p1').life = 20 + 2 * n;
};

describe('resolution.player-effects: a spell’s effects exactly as another kick’s', () => {
  it('the reference trace passes', async () => {
    expect(await judged(effects, MUSTER)).toEqual({ status: 'pass', checks: 1 });
  });

  it('tokens and life of fewer kicks fail by CR 702.33d, wrong-kick-count, as permanents.enters-with-counters names it', async () => {
    expect(await judged(effects, MUSTER, musterAsKicked(1))).toEqual({ status: 'fail', step: 'a2', expected: MUSTER_EXPECTED, observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count', rule: '702.33d', checks: 1 });
    expect(await judged(effects, MUSTER, musterAsKicked(2))).toMatchObject({ observed: 'its effects were done as if kicked twice', kind: 'wrong-kick-count' });
  });

  it('one kick’s tokens with every kick’s life, or the right tokens with one kick’s life, is no kick: the branch it breaks says what', async () => {
    const tokensOnly = await judged(effects, MUSTER, (t) => {
      musterAsKicked(1)(t);
      playerAt(t, 1, 'p1').life = 26;
    });
    expect(tokensOnly).toMatchObject({ status: 'fail', observed: '1 new permanent(s)' });
    expect(tokensOnly).not.toHaveProperty('kind');
    const lifeOnly = await judged(effects, MUSTER, (t) => void (playerAt(t, 1, 'p1').life = 22));
    expect(lifeOnly).toMatchObject({ status: 'fail', observed: 'life changed by {"p1":2,"p2":0}' });
    expect(lifeOnly).not.toHaveProperty('kind');
  });

  it('the mana of fewer kicks fails by the same branch', async () => {
    const ritual = scenario(
      [{ id: 'rit', definition: { name: 'Kicked Ritual', manaCost: '{B}', types: ['Instant'], multikicker: { cost: { mana: '{1}' } }, effects: [{ kind: 'addMana', mana: '{B}{B}', condition: 'perKick' }] } }],
      ['rit'],
      { B: 1, C: 2 },
      [{ do: 'cast', card: 'rit', multikicker: 2 }, { do: 'resolve' }],
    );
    expect(await judged(effects, ritual)).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(effects, ritual, (t) => void (playerAt(t, 1, 'p1').mana = { B: 2 }))).toMatchObject({ status: 'fail', observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count', rule: '702.33d' });
  });

  it('a copy names the kick only where it shows its kick: kicked as the original (CR 707.10), or the copy is the bug', async () => {
    const copied: Scenario = { ...MUSTER, actions: [MUSTER.actions[0]!, { do: 'copy', id: 'copy1', spell: 'muster' }, { do: 'resolve' }] };
    const once = (t: Trace) => {
      const after = step(t, 2).state;
      const tokens = after.battlefield.filter((p) => p.token);
      after.battlefield = after.battlefield.filter((p) => !p.token || p === tokens[0]);
      playerAt(t, 2, 'p1').life = 22;
    };
    expect(await judged(effects, copied)).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(effects, copied, once)).toMatchObject({ status: 'fail', step: 'a3', observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count' });
    const unshown = await judged(effects, copied, (t) => {
      once(t);
      const copy = spellAt(t, 1, 1);
      for (const k of ['kicked', 'kicker', 'multikicker', 'timesKicked'] as const) delete copy[k];
    });
    expect(unshown).toMatchObject({ status: 'fail', step: 'a3' });
    expect(unshown).not.toHaveProperty('kind');
  });

  it('a spell shown kicked otherwise than declared names no kick', async () => {
    const v = await judged(effects, MUSTER, (t) => {
      musterAsKicked(1)(t);
      spellAt(t, 0, 0).multikicker = 1;
    });
    expect(v).toMatchObject({ status: 'fail', expected: 'muster (Muster the Ranks, kicked 3 times) changes life by {"p1":6,"p2":0}' });
    expect(v).not.toHaveProperty('kind');
  });
});

/** Bloodhusk Ritualist multikicked twice: its enters ability makes the opponent discard two cards (CR 702.33e, 607.2i). */
const RITUALIST = scenario(
  [{ id: 'br', oracle: 'Bloodhusk Ritualist' }, { id: 'h1', oracle: 'Island' }, { id: 'h2', oracle: 'Island' }, { id: 'h3', oracle: 'Island' }],
  ['br'],
  { B: 3, C: 2 },
  [{ do: 'cast', card: 'br', multikicker: 2 }, { do: 'resolve' }, { do: 'resolve' }],
  { id: 'p2', hand: ['h1', 'h2', 'h3'] },
);

describe('resolution.player-effects: an enters ability linked to its source’s kicker', () => {
  it('is judged for how the permanent that entered was kicked: the reference trace passes, one discard of two fails as if kicked once', async () => {
    expect(await judged(effects, RITUALIST)).toEqual({ status: 'pass', checks: 1 });
    const once = await judged(effects, RITUALIST, (t) => {
      const p2 = playerAt(t, 2, 'p2');
      p2.hand = ['h2', 'h3'];
      p2.graveyard = ['h1'];
    });
    expect(once).toMatchObject({ status: 'fail', step: 'a3', observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count', rule: '702.33d' });
    expect(once).toMatchObject({ expected: expect.stringContaining('(br#0, kicked 2 times)') });
  });

  it('put onto the battlefield, the permanent was never kicked: its ability discards nothing', async () => {
    const put = scenario(RITUALIST.cards, ['br'], {}, [{ do: 'putOntoBattlefield', card: 'br' }, { do: 'resolve' }], { id: 'p2', hand: ['h1'] });
    expect(await judged(effects, put)).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(effects, put, (t) => void (playerAt(t, 1, 'p2').hand = []))).toMatchObject({ status: 'fail', expected: expect.stringContaining('kicked 0 times') });
  });
});

describe('what a spell or permanent shows of its kick decides whether the kick is named', () => {
  it('a spell that leaves out some of its kick fields, the rest as declared, still names the kick', async () => {
    const v = await judged(counters, PACK, (t) => {
      packWith(1)(t);
      delete spellAt(t, 0, 0).kicked;
      delete spellAt(t, 0, 0).timesKicked;
    });
    expect(v).toMatchObject({ observed: 'counters {"+1/+1":1}, as if kicked once', kind: 'wrong-kick-count' });
  });

  it('kicker costs shown in A, B order match a declaration in another order; other costs shown name no kick', async () => {
    expect(await judged(counters, volver(['B', 'A']), volverWith(2))).toMatchObject({ observed: 'counters {"+1/+1":2}, as if not kicked with its B kicker', kind: 'paid-kicker-cost-ignored' });
    const shownB = await judged(counters, volver(['A']), (t) => {
      volverWith(3)(t);
      spellAt(t, 0, 0).kicker = ['B'];
    });
    expect(shownB).toMatchObject({ status: 'fail', observed: 'counters {"+1/+1":3}' });
    expect(shownB).not.toHaveProperty('kind');
  });

  it('no counters for a kicked Necravolver, or a kicker cost’s counters for an unkicked one, name no kick', async () => {
    for (const [kicker, n] of [[['A'], 0], [[], 2]] as const) {
      const v = await judged(counters, volver([...kicker]), volverWith(n));
      expect(v).toMatchObject({ status: 'fail' });
      expect(v).not.toHaveProperty('kind');
    }
  });

  it('a kicker cost and multikicks counted as the kicker cost alone is kicked once; both kicker costs read in the plural', async () => {
    const both: Scenario['cards'] = [
      {
        id: 'main',
        definition: {
          name: 'Twin Kicked Relic',
          manaCost: '{0}',
          types: ['Artifact'],
          kicker: { costs: [{ mana: '{1}' }, { mana: '{2}' }] },
          multikicker: { cost: { mana: '{1}' } },
          entersWith: [
            { counter: 'charge', amount: 1, condition: 'perKick' },
            { counter: 'gem', amount: 1, condition: 'kickedA' },
            { counter: 'gem', amount: 2, condition: 'kickedB' },
          ],
        },
      },
    ];
    const cast = (kicker: ('A' | 'B')[], multikicker: number) => scenario(both, ['main'], { C: 10 }, [{ do: 'cast', card: 'main', kicker, multikicker }, { do: 'resolve' }]);
    const set = (c: Record<string, number>) => (t: Trace) => void (permanent(t, 1, 'main').counters = c);
    expect(await judged(counters, cast(['A'], 2))).toEqual({ status: 'pass', checks: 1 });
    expect(await judged(counters, cast(['A'], 2), set({ charge: 1, gem: 1 }))).toMatchObject({ observed: 'counters {"charge":1,"gem":1}, as if kicked once', kind: 'wrong-kick-count' });
    expect(await judged(counters, cast([], 1), set({ charge: 3, gem: 3 }))).toMatchObject({ observed: 'counters {"charge":3,"gem":3}, as if also kicked with its A and B kickers', kind: 'unpaid-kicker-cost' });
  });

  it('a copy that shows one kick field, as declared, names the kick', async () => {
    const copied: Scenario = { ...MUSTER, actions: [MUSTER.actions[0]!, { do: 'copy', id: 'copy1', spell: 'muster' }, { do: 'resolve' }] };
    const v = await judged(effects, copied, (t) => {
      const after = step(t, 2).state;
      const tokens = after.battlefield.filter((p) => p.token);
      after.battlefield = after.battlefield.filter((p) => !p.token || p === tokens[0]);
      playerAt(t, 2, 'p1').life = 22;
      const copy = spellAt(t, 1, 1);
      for (const k of ['kicked', 'kicker', 'timesKicked'] as const) delete copy[k];
    });
    expect(v).toMatchObject({ observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count' });
  });

  it('a spell’s effects are judged by the whole outcome where the engine shows no mana pool', async () => {
    const v = await judged(effects, MUSTER, (t) => {
      musterAsKicked(1)(t);
      for (const i of [0, 1]) for (const p of step(t, i).state.players) delete p.mana;
    });
    expect(v).toMatchObject({ observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count' });
  });

  it('an enters ability names the kick only where its source shows itself kicked as declared; a token from a copy must show it', async () => {
    const oneDiscard = (i: number) => (t: Trace) => {
      const p2 = playerAt(t, i, 'p2');
      p2.hand = ['h2', 'h3'];
      p2.graveyard = ['h1'];
    };
    const shownOnce = await judged(effects, RITUALIST, (t) => {
      oneDiscard(2)(t);
      permanent(t, 1, 'br').timesKicked = 1;
    });
    expect(shownOnce).toMatchObject({ status: 'fail', step: 'a3' });
    expect(shownOnce).not.toHaveProperty('kind');
    const copied: Scenario = { ...RITUALIST, players: [{ id: 'p1', hand: ['br'], mana: { B: 3, C: 2 } }, { id: 'p2', hand: ['h1', 'h2', 'h3'] }], actions: [RITUALIST.actions[0]!, { do: 'copy', id: 'copy1', spell: 'br' }, { do: 'resolve' }, { do: 'resolve' }] };
    expect(await judged(effects, copied)).toMatchObject({ status: 'pass' });
    expect(await judged(effects, copied, oneDiscard(3))).toMatchObject({ status: 'fail', step: 'a4', observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count' });
    const unshown = await judged(effects, copied, (t) => {
      oneDiscard(3)(t);
      const token = permanent(t, 2, 'copy1');
      delete token.kicked;
      delete token.timesKicked;
    });
    expect(unshown).toMatchObject({ status: 'fail', step: 'a4' });
    expect(unshown).not.toHaveProperty('kind');
  });
});

describe('the edges of a resolution done for another kick', () => {
  it('kicker costs shown out of A, B order still match the declaration', async () => {
    const v = await judged(counters, volver(['A', 'B']), (t) => {
      volverWith(2)(t);
      spellAt(t, 0, 0).kicker = ['B', 'A'];
    });
    expect(v).toMatchObject({ observed: 'counters {"+1/+1":2}, as if not kicked with its B kicker', kind: 'paid-kicker-cost-ignored' });
  });

  it('with no mana pool shown, the mana of another kick is not compared: the life of one kick names it', async () => {
    const ritual = scenario(
      [
        {
          id: 'rit',
          definition: {
            name: 'Kicked Offering',
            manaCost: '{B}',
            types: ['Instant'],
            multikicker: { cost: { mana: '{1}' } },
            effects: [
              { kind: 'addMana', mana: '{B}', condition: 'perKick' },
              { kind: 'gainLife', amount: 1, condition: 'perKick' },
            ],
          },
        },
      ],
      ['rit'],
      { B: 1, C: 2 },
      [{ do: 'cast', card: 'rit', multikicker: 2 }, { do: 'resolve' }],
    );
    const v = await judged(effects, ritual, (t) => {
      playerAt(t, 1, 'p1').life = 21;
      for (const i of [0, 1]) for (const p of step(t, i).state.players) delete p.mana;
    });
    expect(v).toMatchObject({ observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count' });
  });

  it('another kick that asks for other targets than the spell has is not what the engine did', async () => {
    const forked = scenario(
      [
        {
          id: 'fork',
          definition: {
            name: 'Forked Kick',
            manaCost: '{R}',
            types: ['Instant'],
            kicker: { costs: [{ mana: '{1}' }, { mana: '{1}' }] },
            targets: [{ kind: 'player' }, { kind: 'player', condition: 'kickedB' }],
            effects: [
              { kind: 'damage', amount: 1, target: 0, condition: 'perKick' },
              { kind: 'damage', amount: 1, target: 1 },
            ],
          },
        },
      ],
      ['fork'],
      { R: 1, C: 2 },
      [{ do: 'cast', card: 'fork', kicker: ['A', 'B'], targets: [['p2'], ['p1']] }, { do: 'resolve' }],
    );
    expect(await judged(effects, forked)).toEqual({ status: 'pass', checks: 1 });
    const v = await judged(effects, forked, (t) => void (playerAt(t, 1, 'p2').life = 19));
    expect(v).toMatchObject({ observed: 'its effects were done as if not kicked with its A kicker', kind: 'paid-kicker-cost-ignored', rule: '702.33f' });
  });

  it('an enters ability whose source has left the battlefield shows no kick: none is named', async () => {
    const gone: Scenario = { ...RITUALIST, actions: [RITUALIST.actions[0]!, { do: 'resolve' }, { do: 'destroy', permanent: 'br' }, { do: 'resolve' }] };
    expect(await judged(effects, gone)).toMatchObject({ status: 'pass' });
    const v = await judged(effects, gone, (t) => {
      const p2 = playerAt(t, 3, 'p2');
      p2.hand = ['h2', 'h3'];
      p2.graveyard = ['h1'];
    });
    expect(v).toMatchObject({ status: 'fail', step: 'a4' });
    expect(v).not.toHaveProperty('kind');
  });
});

describe('a permanent that is no copy need not show its kick', () => {
  it('Bloodhusk Ritualist showing no kick fields still names the kick its ability was done for', async () => {
    const v = await judged(effects, RITUALIST, (t) => {
      const p2 = playerAt(t, 2, 'p2');
      p2.hand = ['h2', 'h3'];
      p2.graveyard = ['h1'];
      const br = permanent(t, 1, 'br');
      delete br.kicked;
      delete br.timesKicked;
    });
    expect(v).toMatchObject({ status: 'fail', step: 'a3', observed: 'its effects were done as if kicked once', kind: 'wrong-kick-count' });
  });
});
