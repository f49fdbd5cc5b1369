// What the properties' preconditions read of a scenario (properties/features.ts): each feature found in
// the one walk over the cards and actions, and none where the scenario lacks it, so that no property is
// asked of scenarios it says nothing about nor skips those it should judge.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario } from '../model/schema-types.ts';
import { features, type Features } from '../properties/features.ts';
import * as F from './fixtures/scenarios.ts';

/** The features as plain data: sets as sorted lists. */
function plain(f: Features) {
  return Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v instanceof Set ? [...v].sort() : v]));
}

/** The yes-or-no features, all no in a scenario without them. */
const FLAGS = 'resolvesAll castKicked castFree castFreeWithX castFreeKicked castCopier castAgain drawEffect costChanger staticKicked multikickPerKick triggers triggerIf selfEntersIf spellCastIf triggerIfKicked triggerOncePerTurn triggerTargets legendary entersWithKeyword entersWithCounter conditionalTargets perKickTargets'.split(' ');
const NONE = { does: [], mostSpliced: 0, effects: [], statics: [], triggerEvents: [], ...Object.fromEntries(FLAGS.map((f) => [f, false])) };

const bare = (cards: { id: string; definition: CardDefinition }[], actions: Scenario['actions'] = [], hand: string[] = []): Scenario => ({
  format: 'castcheck-scenario/1',
  cards,
  players: [{ id: 'p1', hand, mana: { C: 20 } }, { id: 'p2' }],
  actions,
});
const creature = (name: string, rest: Partial<CardDefinition> = {}): CardDefinition => ({ name, manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1, ...rest });
const of = (s: Scenario) => plain(features(normalizeScenario(s)));

describe('features of a scenario', () => {
  it('a scenario of a vanilla creature and no actions has none', () => {
    expect(of(bare([{ id: 'c', definition: creature('Plain') }]))).toEqual(NONE);
  });

  it('the kicked fixture: casts kicked and multikicked, a copy, resolves, cast again, the cards\' effects', () => {
    expect(of(F.KICKED_BOLT_COPIED)).toEqual({ ...NONE, does: ['cast', 'copy', 'resolve'], castKicked: true, castAgain: true, effects: ['damage'], multikickPerKick: true, entersWithCounter: true });
  });

  it('free casts: one with X, one kicked; a cost changer; targets per kick', () => {
    expect(of(F.FREE_AND_REDUCED)).toEqual({
      ...NONE,
      does: ['cast', 'copy', 'resolve'],
      castKicked: true,
      castFree: true,
      castFreeWithX: true,
      castFreeKicked: true,
      effects: ['damage'],
      statics: ['costReduction'],
      costChanger: true,
      perKickTargets: true,
      entersWithCounter: true,
      entersWithKeyword: true,
    });
    // A free cast with neither X nor a kick.
    const plainFree = bare([{ id: 'c', definition: creature('Plain') }], [{ do: 'cast', card: 'c', withoutPayingManaCost: true }], ['c']);
    expect(of(plainFree)).toEqual({ ...NONE, does: ['cast'], castFree: true });
  });

  it('the triggers fixture: every event, intervening "if"s, once per turn, multipliers, resolving all', () => {
    expect(of(F.TRIGGERS)).toEqual({
      ...NONE,
      does: ['cast', 'clone', 'destroyAll', 'putOntoBattlefield', 'resolve', 'tap'],
      resolvesAll: true,
      castKicked: true,
      effects: ['createToken', 'damage'],
      drawEffect: true,
      statics: ['triggerMultiplier'],
      triggerEvents: ['becomesTapped', 'landToGraveyard', 'selfDealtDamage', 'selfEnters', 'spellCast', 'tokenCreated'],
      triggers: true,
      triggerIf: true,
      selfEntersIf: true,
      spellCastIf: true,
      triggerIfKicked: true,
      triggerOncePerTurn: true,
      entersWithCounter: true,
    });
  });

  it('splices: the most spliced onto one cast; a Twincast cast copies', () => {
    expect(of(F.BOUNCED_SPLICE)).toMatchObject({ mostSpliced: 3, castAgain: true });
    expect(of(F.SPLICED_SPIKE)).toMatchObject({ mostSpliced: 2, castAgain: false, castCopier: false });
    expect(of(F.COUNTERSPELL_AT_ITSELF)).toMatchObject({ castCopier: true, effects: ['copySpell', 'counterSpell', 'damage'] });
    // Twincast in the scenario but never cast: no copier cast.
    expect(of({ ...F.COUNTERSPELL_AT_ITSELF, actions: F.COUNTERSPELL_AT_ITSELF.actions.slice(0, 5) })).toMatchObject({ castCopier: false });
  });

  it('a copier found after other cards, and cards cast before and after it', () => {
    const twin = { id: 'twin', definition: { name: 'Twin', manaCost: '{U}', types: ['Instant'], targets: [{ kind: 'instantOrSorcerySpell' }], effects: [{ kind: 'copySpell', target: 0 }] } as CardDefinition };
    const bolt = { id: 'bolt', definition: { name: 'Bolt', manaCost: '{R}', types: ['Instant'], targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } as CardDefinition };
    const early = bare([bolt, twin], [{ do: 'cast', card: 'bolt', targets: [['p2']] }], ['bolt', 'twin']);
    expect(of(early)).toMatchObject({ castCopier: false });
    const late = bare([bolt, twin], [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'cast', card: 'twin', targets: [['bolt']] }], ['bolt', 'twin']);
    expect(of(late)).toMatchObject({ castCopier: true });
    const first = bare([twin, bolt], [{ do: 'cast', card: 'bolt', targets: [['p2']] }], ['bolt', 'twin']);
    expect(of(first)).toMatchObject({ castCopier: false });
  });

  it('kicks: a multikicker of 0 is no kick; kicker costs are', () => {
    const pack = { id: 'pack', definition: { name: 'Pack', manaCost: '{1}', types: ['Creature'], power: 1, toughness: 1, multikicker: { cost: { mana: '{1}' } } } as CardDefinition };
    expect(of(bare([pack], [{ do: 'cast', card: 'pack', multikicker: 0 }], ['pack']))).toMatchObject({ castKicked: false });
    expect(of(bare([pack], [{ do: 'cast', card: 'pack', multikicker: 1, withoutPayingManaCost: true }], ['pack']))).toMatchObject({ castKicked: true, castFreeKicked: true, castFreeWithX: false });
    expect(of(bare([pack], [{ do: 'cast', card: 'pack', withoutPayingManaCost: true, x: 0 }], ['pack']))).toMatchObject({ castKicked: false, castFreeKicked: false, castFreeWithX: true });
    expect(of(bare([pack], [{ do: 'resolve' }]))).toMatchObject({ does: ['resolve'], resolvesAll: false });
  });

  it('each card field read: "enters with" per kick only with multikicker paid in mana, keywords, counters', () => {
    const perKick = { counter: '+1/+1', amount: 1, condition: 'perKick' } as const;
    expect(of(bare([{ id: 'a', definition: creature('A', { entersWith: [perKick] }) }]))).toEqual({ ...NONE, entersWithCounter: true });
    expect(of(bare([{ id: 'a', definition: creature('A', { multikicker: { cost: { sacrifice: { count: 1, filter: { types: ['Land'] } } } }, entersWith: [perKick] }) }]))).toEqual({ ...NONE, entersWithCounter: true });
    expect(of(bare([{ id: 'a', definition: creature('A', { multikicker: { cost: { mana: '{1}' } }, entersWith: [{ ...perKick, condition: 'kicked' }] }) }]))).toEqual({ ...NONE, entersWithCounter: true });
    expect(of(bare([{ id: 'a', definition: creature('A', { entersWith: [{ keyword: 'trample', condition: 'kicked' }] }) }]))).toEqual({ ...NONE, entersWithKeyword: true });
  });

  it('statics: cost changers, and those that look at kicked spells', () => {
    const artifact = (statics: CardDefinition['statics']) => bare([{ id: 'a', definition: { name: 'A', manaCost: '{1}', types: ['Artifact'], statics } }]);
    expect(of(artifact([{ kind: 'costIncrease', amount: 1, kicked: true }]))).toEqual({ ...NONE, statics: ['costIncrease'], costChanger: true, staticKicked: true });
    expect(of(artifact([{ kind: 'preventDamage' }]))).toEqual({ ...NONE, statics: ['preventDamage'] });
  });

  it('triggers: each condition on its own', () => {
    const w = (t: NonNullable<CardDefinition['triggers']>[number]) => of(bare([{ id: 'w', definition: creature('W', { triggers: [t] }) }]));
    const gain = [{ kind: 'gainLife', amount: 1 }] as const;
    expect(w({ event: 'spellCast', effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['spellCast'] });
    expect(w({ event: 'spellCast', if: 'kicked', effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['spellCast'], triggerIf: true, spellCastIf: true });
    expect(w({ event: 'spellCast', ifYouControl: { types: ['Artifact'] }, effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['spellCast'], triggerIf: true });
    expect(w({ event: 'selfEnters', if: 'kickedB', effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['selfEnters'], triggerIf: true, selfEntersIf: true, triggerIfKicked: true });
    expect(w({ event: 'selfEnters', if: 'kickedA', effects: [...gain] })).toMatchObject({ triggerIfKicked: true });
    expect(w({ event: 'selfEnters', ifYouControl: { types: ['Artifact'] }, effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['selfEnters'], triggerIf: true });
    expect(w({ event: 'creaturesDie', triggersOnlyOnceEachTurn: true, effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['creaturesDie'], triggerOncePerTurn: true });
    expect(w({ event: 'creaturesDie', oncePerTurn: true, effects: [...gain] })).toMatchObject({ triggerOncePerTurn: true });
    expect(w({ event: 'spellCast', targets: [{ kind: 'any' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['spellCast'], triggerTargets: true });
    expect(w({ event: 'spellCast', targets: [], effects: [...gain] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['spellCast'] });
    expect(w({ event: 'spellCast', effects: [{ kind: 'draw', amount: 1 }] })).toEqual({ ...NONE, triggers: true, triggerEvents: ['spellCast'], drawEffect: true });
    expect(of(bare([{ id: 'w', definition: creature('W', { triggers: [] }) }]))).toEqual(NONE);
  });

  it('legendary cards, conditional and per-kick targets', () => {
    expect(of(bare([{ id: 'l', definition: creature('L', { supertypes: ['Legendary'] }) }]))).toEqual({ ...NONE, legendary: true });
    expect(of(bare([{ id: 'l', definition: creature('L', { supertypes: ['Basic'] }) }]))).toEqual(NONE);
    const spell = (targets: CardDefinition['targets']) => of(bare([{ id: 's', definition: { name: 'S', manaCost: '{1}', types: ['Instant'], kicker: { costs: [{ mana: '{1}' }] }, targets, effects: [{ kind: 'damage', amount: 1, target: 0 }] } }]));
    expect(spell([{ kind: 'any' }, { kind: 'any', condition: 'always' }])).toEqual({ ...NONE, effects: ['damage'] });
    expect(spell([{ kind: 'any', condition: 'kicked' }])).toEqual({ ...NONE, effects: ['damage'], conditionalTargets: true });
    expect(spell([{ kind: 'any', count: 1, perKick: 1 }])).toEqual({ ...NONE, effects: ['damage'], perKickTargets: true });
  });

  it('the same scenario object is answered from what was found; another object is walked anew', () => {
    const s = normalizeScenario(F.TRIGGERS);
    const other = normalizeScenario(F.KICKED_BOLT_COPIED);
    const f = features(s);
    expect(features(s)).toBe(f);
    expect(features(other)).not.toBe(f);
    expect(features(s)).toBe(f);
    expect(features(other).triggers).toBe(false);
    const again = normalizeScenario(F.TRIGGERS);
    expect(features(again)).not.toBe(f);
    expect(plain(features(again))).toEqual(plain(f));
  });
});
