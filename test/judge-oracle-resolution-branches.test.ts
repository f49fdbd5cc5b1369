// The judge's prediction of a single resolution (oracle/resolution.ts), for the branches a whole
// scenario's snapshot leaves open: which creature an edict takes, whether an ability's source is still
// the object that triggered (CR 400.7), lifelink read from the source as it last was (CR 702.15b),
// "if you control" after the spell's earlier effects (CR 608.2c), and traces an engine can send that
// leave a resolution unknown rather than crash the judge.
import { describe, expect, it } from 'vitest';
import { resolution, toughnessAfter, type Expected } from '../oracle/resolution.ts';
import type { CardDefinition, ObservedPermanent, Scenario, Trace, TriggeredAbility } from '../model/schema-types.ts';
import { creature, instant } from './fixtures/oracle-scenarios.ts';
import { runOf, summary } from './fixtures/oracle-runs.ts';

/** What the oracle predicts of each resolve step, by step index. */
function predictions(s: Scenario, edit?: (t: Trace) => void): Map<number, unknown> {
  const run = runOf(s, edit);
  return new Map(run.steps.filter((st) => st.action.do === 'resolve').map((st) => [st.index, summary(resolution(run, st))]));
}

const bait = (id: string) => ({ id, definition: instant('Bait', '{U}', { effects: [{ kind: 'gainLife', amount: 1 }] }) });
/** "Whenever you cast a spell, put a +1/+1 counter on this creature." */
const grower = creature('Grower', 1, 1, { manaCost: '{G}', triggers: [{ event: 'spellCast', whose: 'yours', effects: [{ kind: 'putCounters', amount: 1, self: true }] }] });
const counterOn = (id: string) => ({ [id]: { counters: { '+1/+1': 1 }, power: 0, toughness: 0, keywords: [] } });
const KICK = { kicker: [], multikicker: 0 };
const noZones = { hand: [], graveyard: [], library: [] };

describe('an edict and a flicker among earlier effects of the same spell (CR 701.21a, 608.2c)', () => {
  it("the opponent sacrifices a creature they control still there: not the one just destroyed, not a land, not the caster's", () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'edict', definition: instant('Edict', '{B}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }, { kind: 'sacrifice', amount: 1, each: 'opponent' }] }) },
        { id: 'acre', definition: creature('Acre', 1, 1) },
        { id: 'aland', oracle: 'Island' },
        { id: 'bcre', definition: creature('Bcre', 1, 1) },
        { id: 'ccre', definition: creature('Ccre', 1, 1) },
      ],
      players: [{ id: 'p1', hand: ['edict'], mana: { B: 1 }, battlefield: [{ card: 'acre' }] }, { id: 'p2', battlefield: [{ card: 'aland' }, { card: 'bcre' }, { card: 'ccre' }] }],
      actions: [{ do: 'cast', card: 'edict', targets: [['bcre']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(1)).toEqual({
      resolving: { id: 'edict', name: 'Edict', controller: 'p1', kind: 'spell' },
      kick: KICK,
      zones: { p1: { hand: [], graveyard: ['edict'], library: [] }, p2: { hand: [], graveyard: ['bcre', 'ccre'], library: [] } },
      removed: ['bcre', 'ccre'],
    });
  });

  it('a flickered token ceases to exist; a creature destroyed earlier in the spell is not flickered', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'maker', definition: instant('Maker', '{W}', { effects: [{ kind: 'createToken', amount: 1, token: { name: 'Golem', types: ['Creature'], power: 1, toughness: 1 } }] }) },
        { id: 'flick', definition: instant('Flick', '{W}', { targets: [{ kind: 'creature' }, { kind: 'creature' }], effects: [{ kind: 'destroy', target: 1 }, { kind: 'flicker', target: 0 }, { kind: 'flicker', target: 1 }] }) },
        { id: 'ox', definition: creature('Ox', 2, 4) },
      ],
      players: [{ id: 'p1', hand: ['maker', 'flick'], mana: { W: 2 } }, { id: 'p2', battlefield: [{ card: 'ox' }] }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'cast', card: 'flick', targets: [['a2.k1'], ['ox']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(3)).toEqual({
      resolving: { id: 'flick', name: 'Flick', controller: 'p1', kind: 'spell' },
      kick: KICK,
      zones: { p1: { hand: [], graveyard: ['flick', 'maker'], library: [] }, p2: { hand: [], graveyard: ['ox'], library: [] } },
      removed: ['a2.k1', 'ox'],
    });
  });
});

describe("an ability's effect on its own source reaches the object that triggered it only (CR 400.7)", () => {
  const ability = (id: string, source: string) => ({ id, name: `${source}#0`, controller: 'p1', kind: 'ability' });

  it('a tap of the source and a flicker of another permanent keep it; a bounce and return make a new object', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [bait('b1'), bait('b2'), { id: 'grower', definition: grower }, { id: 'link', definition: creature('Link', 1, 1) }],
      players: [{ id: 'p1', hand: ['b1', 'b2'], mana: { U: 2 }, battlefield: [{ card: 'grower' }, { card: 'link' }] }, { id: 'p2' }],
      actions: [
        { do: 'cast', card: 'b1' },
        { do: 'tap', permanent: 'grower' },
        { do: 'flicker', permanent: 'link' },
        { do: 'resolve' },
        { do: 'resolve' },
        { do: 'cast', card: 'b2' },
        { do: 'bounce', object: 'grower' },
        { do: 'putOntoBattlefield', card: 'grower' },
        { do: 'resolve' },
      ],
    };
    const p = predictions(s);
    expect(p.get(3)).toEqual({ resolving: ability('a1.t1', 'grower'), kick: KICK, zones: { p1: { ...noZones, hand: ['b2'] }, p2: noZones }, changes: counterOn('grower') });
    expect(p.get(8)).toEqual({ resolving: ability('a6.t1', 'grower'), kick: KICK, zones: { p1: { ...noZones, graveyard: ['b1'] }, p2: noZones } });
  });

  it('an enters ability of a flickered permanent reaches it; a flicker spell resolved since the trigger makes a new object', () => {
    const sprout = creature('Sprout', 1, 1, { triggers: [{ event: 'selfEnters', effects: [{ kind: 'putCounters', amount: 1, self: true }] }] });
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [bait('b1'), { id: 'grower', definition: grower }, { id: 'sprout', definition: sprout }, { id: 'flick', definition: instant('Flick', '{W}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'flicker', target: 0 }] }) }],
      players: [{ id: 'p1', hand: ['b1', 'flick'], mana: { U: 1, W: 1 }, battlefield: [{ card: 'grower' }, { card: 'sprout' }] }, { id: 'p2' }],
      actions: [{ do: 'flicker', permanent: 'sprout' }, { do: 'resolve' }, { do: 'cast', card: 'b1' }, { do: 'cast', card: 'flick', targets: [['grower']] }, { do: 'resolve' }, { do: 'resolve' }, { do: 'resolve' }],
    };
    const p = predictions(s);
    expect(p.get(1)).toEqual({ resolving: ability('a1.t1', 'sprout'), kick: KICK, zones: { p1: { ...noZones, hand: ['b1', 'flick'] }, p2: noZones }, changes: counterOn('sprout') });
    expect(p.get(5)).toEqual({ resolving: { id: 'flick', name: 'Flick', controller: 'p1', kind: 'spell' }, kick: KICK, zones: { p1: { ...noZones, graveyard: ['flick'] }, p2: noZones }, touched: ['grower'] });
    expect(p.get(6)).toEqual({ resolving: ability('a3.t1', 'grower'), kick: KICK, zones: { p1: { ...noZones, graveyard: ['flick'] }, p2: noZones } });
  });

  it('a source put onto the battlefield after another spell was cast is the object that triggered', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [bait('b1'), bait('b2'), { id: 'grower', definition: grower }],
      players: [{ id: 'p1', hand: ['b1', 'b2', 'grower'], mana: { U: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'b1' }, { do: 'putOntoBattlefield', card: 'grower' }, { do: 'cast', card: 'b2' }, { do: 'resolve' }],
    };
    expect(predictions(s).get(3)).toEqual({ resolving: ability('a3.t1', 'grower'), kick: KICK, zones: { p1: noZones, p2: noZones }, changes: counterOn('grower') });
  });
});

describe("lifelink and 'if you control' as the ability or spell resolves", () => {
  it("damage to a creature from a source that gained lifelink since it triggered gains its controller life; the source's later states do not count (CR 702.15b)", () => {
    const vamp = creature('Vampire', 1, 1, { manaCost: '{B}', triggers: [{ event: 'spellCast', whose: 'yours', targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 2, target: 0 }] }] });
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [bait('b1'), { id: 'vamp', definition: vamp }, { id: 'ox', definition: creature('Ox', 2, 4) }, { id: 'gift', definition: instant('Gift', '{W}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'pump', power: 0, toughness: 0, keyword: 'lifelink', target: 0 }] }) }],
      players: [{ id: 'p1', hand: ['b1', 'gift'], mana: { U: 1, W: 1 }, battlefield: [{ card: 'vamp' }] }, { id: 'p2', battlefield: [{ card: 'ox' }] }],
      actions: [
        { do: 'cast', card: 'b1', triggerTargets: [{ source: 'vamp', targets: [['ox']] }] },
        { do: 'cast', card: 'gift', targets: [['vamp']], triggerTargets: [{ source: 'vamp', targets: [['ox']] }] },
        { do: 'resolve' },
        { do: 'resolve' },
        { do: 'resolve' },
        { do: 'flicker', permanent: 'vamp' },
        { do: 'tap', permanent: 'vamp' },
      ],
    };
    const p = predictions(s);
    const resolving = (id: string) => ({ id, name: 'vamp#0', controller: 'p1', kind: 'ability' });
    expect(p.get(2)).toEqual({ resolving: resolving('a2.t1'), kick: KICK, zones: { p1: { ...noZones, hand: [] }, p2: noZones }, creatureDamage: { ox: 2 }, damageEvents: { ox: 1 } });
    expect(p.get(4)).toEqual({ resolving: resolving('a1.t1'), kick: KICK, life: { p1: 2, p2: 0 }, zones: { p1: { ...noZones, graveyard: ['gift'] }, p2: noZones }, creatureDamage: { ox: 2 }, damageEvents: { ox: 1 } });
  });

  it("'if you control a creature' looks at the board after the spell's earlier effects", () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'rite', definition: instant('Grim Rite', '{B}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }, { kind: 'gainLife', amount: 3, ifYouControl: { types: ['Creature'] } }] }) },
        { id: 'mine', definition: creature('Mine', 1, 1) },
      ],
      players: [{ id: 'p1', hand: ['rite'], mana: { B: 1 }, battlefield: [{ card: 'mine' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'rite', targets: [['mine']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(1)).toEqual({ resolving: { id: 'rite', name: 'Grim Rite', controller: 'p1', kind: 'spell' }, kick: KICK, zones: { p1: { ...noZones, graveyard: ['mine', 'rite'] }, p2: noZones }, removed: ['mine'] });
  });

  it("'if you control another creature' in an ability leaves out its source", () => {
    const loner = creature('Loner', 1, 1, { triggers: [{ event: 'spellCast', whose: 'yours', effects: [{ kind: 'gainLife', amount: 2, ifYouControl: { types: ['Creature'], other: true } }] }] });
    const s = (others: string[]): Scenario => ({
      format: 'castcheck-scenario/1',
      cards: [bait('b1'), { id: 'loner', definition: loner }, { id: 'ox', definition: creature('Ox', 2, 4) }],
      players: [{ id: 'p1', hand: ['b1'], mana: { U: 1 }, battlefield: [{ card: 'loner' }, ...others.map((card) => ({ card }))] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'b1' }, { do: 'resolve' }],
    });
    expect(predictions(s([])).get(1)).toEqual({ resolving: { id: 'a1.t1', name: 'loner#0', controller: 'p1', kind: 'ability' }, kick: KICK, zones: { p1: noZones, p2: noZones } });
    expect(predictions(s(['ox'])).get(1)).toMatchObject({ life: { p1: 2, p2: 0 } });
  });
});

describe('traces that leave a resolution unknown, or that the oracle must read with care', () => {
  const zap = (rest: Partial<Scenario> = {}): Scenario => ({
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'zap', definition: instant('Zap', '{X}', { targets: [{ kind: 'player' }], effects: [{ kind: 'damage', amount: 'X', target: 0 }] }) },
      { id: 'bears', oracle: 'Grizzly Bears' },
      { id: 'grower', definition: grower },
    ],
    players: [{ id: 'p1', hand: ['zap'], mana: { C: 3 }, battlefield: [{ card: 'grower' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
    actions: [{ do: 'cast', card: 'zap', x: 3, targets: [['p2']] }, { do: 'cast', card: 'zap', x: 1, targets: [['p2']] }, { do: 'resolve' }, { do: 'resolve' }, { do: 'resolve' }],
    ...rest,
  });
  const spellOf = (t: Trace, i: number) => {
    const o = t.steps[i]!.state.stack.find((x) => x.kind === 'spell');
    if (o?.kind !== 'spell') throw new Error(`no spell on the stack after step ${i}`);
    return o;
  };
  const abilityOf = (t: Trace, i: number) => {
    const o = t.steps[i]!.state.stack.at(-1);
    if (o?.kind !== 'ability') throw new Error(`no ability on top after step ${i}`);
    return o;
  };

  it('X as the accepted cast chose it, when the spell does not show it; a later refused cast of the card does not count', () => {
    const p = predictions(zap(), (t) => {
      for (const st of t.steps) for (const o of st.state.stack) if (o.kind === 'spell') delete o.x;
    });
    expect(t0(zap()).map((st) => st.outcome)).toEqual(['accepted', 'rejected', 'accepted', 'accepted', 'rejected']);
    expect(p.get(3)).toMatchObject({ resolving: { id: 'zap' }, life: { p1: 0, p2: -3 } });
  });

  it('a refused resolve, or one accepted with nothing on the stack, resolves nothing', () => {
    const p = predictions(zap(), (t) => {
      t.steps[2]!.outcome = 'rejected';
      t.steps[4]!.outcome = 'accepted';
    });
    expect(p.get(2)).toBeUndefined();
    expect(p.get(4)).toBeUndefined();
    expect(p.get(3)).toMatchObject({ resolving: { id: 'zap' }, life: { p1: 0, p2: -3 } });
  });

  it('a spell shown as both an instant and a creature is an instant spell for its resolution', () => {
    const p = predictions(zap(), (t) => {
      spellOf(t, 2).types = ['Instant', 'Creature'];
    });
    expect(p.get(3)).toMatchObject({ resolving: { id: 'zap' }, life: { p1: 0, p2: -3 } });
  });

  it('a spell with no accepted cast is unknown (how it was kicked is not known), whether or not it shows X and its spliced cards', () => {
    const noCast = (drop: 'x' | 'spliced' | 'both') => (t: Trace) => {
      t.steps[0]!.outcome = 'rejected';
      for (const st of t.steps)
        for (const o of st.state.stack)
          if (o.kind === 'spell') {
            if (drop !== 'spliced') delete o.x;
            if (drop !== 'x') delete o.spliced;
          }
    };
    expect(predictions(zap(), noCast('spliced')).get(3)).toBeUndefined();
    expect(predictions(zap(), noCast('x')).get(3)).toBeUndefined();
    expect(predictions(zap(), noCast('both')).get(3)).toBeUndefined();
  });

  it('an empty target group shown is not a spell whose targets all became illegal', () => {
    const p = predictions(zap({ cards: [{ id: 'zap', definition: instant('Zap', '{X}', { targets: [{ kind: 'player' }], effects: [{ kind: 'gainLife', amount: 'X' }] }) }, { id: 'bears', oracle: 'Grizzly Bears' }, { id: 'grower', definition: grower }] }), (t) => {
      spellOf(t, 2).targets = [[]];
    });
    expect(p.get(3)).toMatchObject({ resolving: { id: 'zap' }, life: { p1: 3, p2: 0 } });
    expect((p.get(3) as { fizzled?: boolean }).fizzled).toBeUndefined();
  });

  it("an ability whose source the trace does not know, or whose source has no such ability, is unknown", () => {
    const s = zap();
    const one = predictions(s);
    expect(one.get(2)).toMatchObject({ resolving: { id: 'a1.t1', name: 'grower#0' }, changes: counterOn('grower') });
    for (const [source, ability] of [['nowhere', 0], ['bears', 0], ['grower', 3]] as const) {
      const p = predictions(s, (t) => {
        const o = abilityOf(t, 1);
        o.source = source;
        o.ability = ability;
      });
      expect(p.get(2), `${source}#${ability}`).toBeUndefined();
    }
  });

  it('an ability with any one of its effects conditional is left to the triggers properties', () => {
    const s = zap();
    const ability: TriggeredAbility = { event: 'spellCast', whose: 'yours', effects: [{ kind: 'gainLife', amount: 1 }, { kind: 'gainLife', amount: 1, condition: 'kicked' }] };
    const half = { ...s, cards: s.cards.map((c) => (c.id === 'grower' ? { id: 'grower', definition: { ...grower, triggers: [ability] } } : c)) };
    expect(predictions(half).get(2)).toBeUndefined();
  });

  it('an effect the oracle does not model in any part leaves the resolution unknown', () => {
    const s = zap({
      cards: [
        { id: 'zap', definition: instant('Zap', '{X}', { targets: [{ kind: 'player' }], effects: [{ kind: 'damage', amount: 'X', target: 0 }, { kind: 'copySpell', target: 0 }] as never }) },
        { id: 'bears', oracle: 'Grizzly Bears' },
        { id: 'grower', definition: grower },
      ],
    });
    expect(predictions(s).get(3)).toBeUndefined();
  });
});

describe('cards moved by a resolution', () => {
  it('a destroyed token goes to no graveyard (CR 111.7)', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'maker', definition: instant('Maker', '{W}', { effects: [{ kind: 'createToken', amount: 1, token: { name: 'Golem', types: ['Creature'], power: 1, toughness: 1 } }] }) },
        { id: 'kill', definition: instant('Slay', '{B}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }] }) },
      ],
      players: [{ id: 'p1', hand: ['maker', 'kill'], mana: { W: 1, B: 1 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'maker' }, { do: 'resolve' }, { do: 'cast', card: 'kill', targets: [['a2.k1']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(3)).toEqual({ resolving: { id: 'kill', name: 'Slay', controller: 'p1', kind: 'spell' }, kick: KICK, zones: { p1: { ...noZones, graveyard: ['kill', 'maker'] }, p2: noZones }, removed: ['a2.k1'] });
  });

  const rack = (effects: CardDefinition['effects'], choices?: string[]): Scenario => ({
    format: 'castcheck-scenario/1',
    cards: [{ id: 'rack', definition: instant('Rack', '{B}', { targets: [{ kind: 'spell' }], effects }) }, { id: 'bait', definition: instant('Bait', '{U}', { effects: [{ kind: 'gainLife', amount: 1 }] }) }, { id: 'h3', oracle: 'Island' }, { id: 'h1', oracle: 'Island' }, { id: 'h2', oracle: 'Island' }, { id: 'm1', oracle: 'Island' }],
    players: [{ id: 'p1', hand: ['rack'], mana: { B: 1 } }, { id: 'p2', hand: ['bait', 'h3', 'h1', 'h2'], library: ['m1'], mana: { U: 1 } }],
    actions: [{ do: 'cast', player: 'p2', card: 'bait' }, { do: 'cast', card: 'rack', targets: [['bait']] }, { do: 'resolve', ...(choices ? { choices } : {}) }],
  });

  it('a discard takes the cards the scenario names that are in the hand, then the smallest ids', () => {
    const discard: CardDefinition['effects'] = [{ kind: 'discard', amount: 2, each: 'opponent' }];
    expect(predictions(rack(discard, ['zz', 'h3'])).get(2)).toMatchObject({ zones: { p2: { hand: ['h2'], graveyard: ['h1', 'h3'] } } });
    const unsorted = predictions(rack(discard), (t) => {
      t.steps[1]!.state.players[1]!.hand = ['h3', 'h2', 'h1'];
    });
    expect(unsorted.get(2)).toMatchObject({ zones: { p2: { hand: ['h3'], graveyard: ['h1', 'h2'] } } });
  });

  it('after a mill from a library the engine does not show, what a discard or a counterspell puts into that graveyard is unknown too', () => {
    const hidden = (t: Trace) => {
      for (const st of t.steps) delete st.state.players[1]!.library;
    };
    const mill = { kind: 'mill', amount: 1, each: 'opponent' } as const;
    expect(predictions(rack([mill, { kind: 'discard', amount: 1, each: 'opponent' }]), hidden).get(2)).toMatchObject({ zones: { p2: { hand: ['h2', 'h3'], graveyard: undefined, library: undefined } } });
    expect(predictions(rack([mill, { kind: 'counterSpell', target: 0 }]), hidden).get(2)).toMatchObject({ countered: ['bait'], zones: { p2: { graveyard: undefined, library: undefined } } });
    // Drawing none needs no library.
    expect(predictions(rack([{ kind: 'draw', amount: 0 }, { kind: 'counterSpell', target: 0 }]), (t) => {
      for (const st of t.steps) delete st.state.players[0]!.library;
    }).get(2)).toMatchObject({ zones: { p1: { hand: [], graveyard: ['rack'] }, p2: { graveyard: ['bait'] } } });
  });
});

describe('effects on a creature the spell destroyed earlier, damage prevented, and whom "each opponent" means', () => {
  it('damage, counters and tokens seen reach no creature destroyed earlier in the same spell (CR 608.2c)', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'doom', definition: instant('Doom', '{B}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'destroy', target: 0 }, { kind: 'damage', amount: 2, target: 0 }, { kind: 'putCounters', amount: 1, target: 0 }, { kind: 'createToken', amount: 1, token: { name: 'Spirit', types: ['Creature'], power: 1, toughness: 1 } }] }) },
        { id: 'bears', oracle: 'Grizzly Bears' },
        { id: 'ox', definition: creature('Ox', 2, 4) },
      ],
      players: [{ id: 'p1', hand: ['doom'], mana: { B: 1 }, battlefield: [{ card: 'ox' }] }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
      actions: [{ do: 'cast', card: 'doom', targets: [['bears']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(1)).toEqual({
      resolving: { id: 'doom', name: 'Doom', controller: 'p1', kind: 'spell' },
      kick: KICK,
      zones: { p1: { ...noZones, graveyard: ['doom'] }, p2: { ...noZones, graveyard: ['bears'] } },
      removed: ['bears'],
      tokens: 1,
      made: [{ name: 'Spirit', types: ['Creature'], power: 1, toughness: 1 }],
      tokensSeen: { ox: 1 },
    });
  });

  it('a static other than a damage ward on the board of the creature dealt damage shields nothing (CR 615)', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'shock', definition: instant('Shock', '{R}', { targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 2, target: 0 }] }) },
        { id: 'ox', definition: creature('Ox', 2, 4) },
        { id: 'cheap', definition: { name: 'Cheapener', manaCost: '{2}', types: ['Artifact'], statics: [{ kind: 'costReduction', amount: 1 }] } },
      ],
      players: [{ id: 'p1', hand: ['shock'], mana: { R: 1 } }, { id: 'p2', battlefield: [{ card: 'ox' }, { card: 'cheap' }] }],
      actions: [{ do: 'cast', card: 'shock', targets: [['ox']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(1)).toEqual({
      resolving: { id: 'shock', name: 'Shock', controller: 'p1', kind: 'spell' },
      kick: KICK,
      zones: { p1: { ...noZones, graveyard: ['shock'] }, p2: noZones },
      creatureDamage: { ox: 2 },
      damageEvents: { ox: 1 },
    });
  });

  it("a spell p2 casts deals 'each opponent' damage to p1; a spell countered twice by one resolution goes to the graveyard once", () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bait', definition: instant('Bait', '{U}', { effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'twice', definition: instant('Double Denial', '{U}', { targets: [{ kind: 'spell' }], effects: [{ kind: 'counterSpell', target: 0 }, { kind: 'counterSpell', target: 0 }, { kind: 'damage', amount: 1, each: 'opponent' }] }) },
      ],
      players: [{ id: 'p1', hand: ['bait'], mana: { U: 1 } }, { id: 'p2', hand: ['twice'], mana: { U: 1 } }],
      actions: [{ do: 'cast', card: 'bait' }, { do: 'cast', player: 'p2', card: 'twice', targets: [['bait']] }, { do: 'resolve' }],
    };
    expect(predictions(s).get(2)).toEqual({
      resolving: { id: 'twice', name: 'Double Denial', controller: 'p2', kind: 'spell' },
      kick: KICK,
      life: { p1: -1, p2: 0 },
      zones: { p1: { ...noZones, graveyard: ['bait'] }, p2: { ...noZones, graveyard: ['twice'] } },
      countered: ['bait'],
    });
  });
});

describe('a hand made unknown, and a counter-ability effect aimed at a player', () => {
  it('after a draw from a library the engine does not show, a discard and a spell countered to that hand leave both unknown', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'bait', definition: instant('Bait', '{U}', { effects: [{ kind: 'gainLife', amount: 1 }] }) },
        { id: 'think', definition: instant('Think Back', '{U}', { targets: [{ kind: 'spell' }], effects: [{ kind: 'draw', amount: 1 }, { kind: 'discard', amount: 1, each: 'player' }, { kind: 'counterSpell', target: 0, counteredTo: 'hand' }] }) },
        { id: 'l1', oracle: 'Island' },
        { id: 'h1', oracle: 'Island' },
      ],
      players: [{ id: 'p1', hand: ['bait', 'think'], library: ['l1'], mana: { U: 2 } }, { id: 'p2', hand: ['h1'] }],
      actions: [{ do: 'cast', card: 'bait' }, { do: 'cast', card: 'think', targets: [['bait']] }, { do: 'resolve' }],
    };
    const p = predictions(s, (t) => {
      for (const st of t.steps) delete st.state.players[0]!.library;
    });
    expect(p.get(2)).toEqual({
      resolving: { id: 'think', name: 'Think Back', controller: 'p1', kind: 'spell' },
      kick: KICK,
      zones: { p1: { hand: undefined, graveyard: undefined, library: undefined }, p2: { hand: [], graveyard: ['h1'], library: [] } },
      countered: ['bait'],
      draws: 1,
    });
  });

  it('an effect that counters a target ability counters nothing when its target is a player', () => {
    const s: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [bait('b1'), { id: 'grower', definition: grower }, { id: 'stifle', definition: instant('Odd Stifle', '{U}', { targets: [{ kind: 'any' }], effects: [{ kind: 'counterAbility', target: 0 }] }) }],
      players: [{ id: 'p1', hand: ['b1', 'stifle'], mana: { U: 2 }, battlefield: [{ card: 'grower' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'b1' }, { do: 'cast', card: 'stifle', targets: [['p2']] }, { do: 'resolve' }, { do: 'resolve' }],
    };
    const run = runOf(s);
    expect(run.steps[3]!.before.stack.map((o) => o.id)).toEqual(['b1', 'a1.t1', 'stifle']);
    expect(predictions(s).get(3)).toEqual({ resolving: { id: 'stifle', name: 'Odd Stifle', controller: 'p1', kind: 'spell' }, kick: KICK, zones: { p1: { ...noZones, hand: [], graveyard: ['stifle'] }, p2: noZones } });
  });
});

/** The outcomes of a scenario's steps as the reference engine plays it. */
function t0(s: Scenario) {
  return runOf(s).steps.map((st) => st.step);
}

describe('toughnessAfter', () => {
  it('adds the pump and +1/+1 counters and takes away -1/-1 counters; unknown for a permanent touched or showing no toughness', () => {
    const p = { id: 'ox', toughness: 4 } as ObservedPermanent;
    const e = (changes: Expected['changes'], touched: string[] = []) => ({ changes, touched: new Set(touched) }) as unknown as Expected;
    expect(toughnessAfter(e(new Map()), p)).toBe(4);
    expect(toughnessAfter(e(new Map([['ox', { counters: { '+1/+1': 2, '-1/-1': 3 }, power: 0, toughness: 5, keywords: [] }]])), p)).toBe(8);
    expect(toughnessAfter(e(new Map([['ox', { counters: { '-1/-1': 1 }, power: 0, toughness: 0, keywords: [] }]])), p)).toBe(3);
    expect(toughnessAfter(e(new Map([['ox', { counters: { '+1/+1': 1 }, power: 0, toughness: 0, keywords: [] }]])), p)).toBe(5);
    expect(toughnessAfter(e(new Map(), ['ox']), p)).toBeUndefined();
    expect(toughnessAfter(e(new Map()), { id: 'ox' } as ObservedPermanent)).toBeUndefined();
  });
});
