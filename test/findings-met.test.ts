// One bug seen by two properties on two kinds of object (a spell that deals no damage to a player
// nor to a creature) shrinks to two repros that show nothing of each other; what tells it is one bug
// is that the two failures met in far more scenarios than chance explains.
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../properties/index.ts';
import { causesOf, metAgain, type Company } from '../runner/causes.ts';
import { binomialTail, metBeyondChance, MIN_MET } from '../runner/co-occurrence.ts';
import type { Cluster } from '../runner/results.ts';

const of = (id: string) => PROPERTIES.find((p) => p.id === id)!;
const cluster = (signature: string, property: string, count: number, met: Record<string, number>, inRepro: string[] = []): Cluster => ({
  signature,
  kind: 'fail',
  property: of(property),
  count,
  first: { run: 0 } as Cluster['first'],
  met: new Map(Object.entries({ [signature]: count, ...met })),
  together: new Set(Object.entries({ [signature]: count, ...met }).filter(([, n]) => n === count).map(([s]) => s)),
  inRepro: new Set([signature, ...inRepro]),
});
const joined = (clusters: Cluster[], runs?: number) => causesOf(clusters, runs).map((c) => c.clusters.map((k) => k.signature).sort());

describe('clusters that met beyond chance', () => {
  it('computes the binomial tail', () => {
    expect(binomialTail(4, 0.5, 0)).toBe(1);
    expect(binomialTail(4, 0.5, 4)).toBeCloseTo(1 / 16, 12);
    expect(binomialTail(4, 0.5, 3)).toBeCloseTo(5 / 16, 12);
    expect(binomialTail(10, 0, 1)).toBe(0);
    expect(binomialTail(2000, 0.3, 600)).toBeGreaterThan(0.4);
  });

  it('joins two rule failures one of which came with the other in most of its scenarios, where the other is rare', () => {
    // Damage a creature is not dealt: 11 of its 16 scenarios also left a player's damage undealt, which
    // 64 of 2,000 scenarios show; by chance, about half a scenario of the 16 would.
    const players = cluster('resolution.player-effects', 'resolution.player-effects', 64, { 'resolution.damage-to-creatures:CR120.3/damage': 11 });
    const creatures = cluster('resolution.damage-to-creatures:CR120.3/damage', 'resolution.damage-to-creatures', 16, { 'resolution.player-effects': 11 });
    expect(metBeyondChance(creatures, players, 2000)).toBe(true);
    expect(joined([players, creatures], 2000)).toHaveLength(1);
    // Without the run's size, only the repros join (each shows nothing of the other).
    expect(joined([players, creatures])).toHaveLength(2);
  });

  it('keeps two bugs apart that met only as often as the more common one occurs anyway, or too seldom to tell', () => {
    // A bug in 1,264 of 2,000 scenarios met another in 614 of its 721: about what chance gives.
    const common = cluster('resolution.card-to-graveyard-last:CR608.2n/unlisted', 'resolution.card-to-graveyard-last', 1264, { 'zones.one-zone-each': 614 });
    const other = cluster('zones.one-zone-each', 'zones.one-zone-each', 721, { 'resolution.card-to-graveyard-last:CR608.2n/unlisted': 614 });
    expect(metBeyondChance(other, common, 2000)).toBe(false);
    expect(metBeyondChance(common, other, 2000)).toBe(false);
    expect(joined([common, other], 2000)).toHaveLength(2);
    // Two scenarios in common, however rare the other: too few for chance to be ruled out.
    const rare = cluster('splice.effects-after-host', 'splice.effects-after-host', 3, { 'splice.events-after-host': MIN_MET - 1 });
    const host = cluster('splice.events-after-host', 'splice.events-after-host', 10, { 'splice.effects-after-host': MIN_MET - 1 });
    expect(metBeyondChance(rare, host, 2000)).toBe(false);
    expect(joined([rare, host], 2000)).toHaveLength(2);
  });

  it('leaves to the repros two bugs of one mechanic, where the repro of one shows the other', () => {
    // A copy of a kicked permanent that loses its kick is always a token named wrongly too (both need
    // a copy of a permanent spell); the copy of a kicked instant that loses its kick shows no name.
    const kicked = cluster('copies.kicked-like-original', 'copies.kicked-like-original', 92, { 'copies.permanent-copy-is-kicked-token': 36 }, ['copies.permanent-copy-is-kicked-token']);
    const token = cluster('copies.permanent-copy-is-kicked-token', 'copies.permanent-copy-is-kicked-token', 36, { 'copies.kicked-like-original': 36, 'copies.token-keeps-name': 36 }, ['copies.kicked-like-original', 'copies.token-keeps-name']);
    const named = cluster('copies.token-keeps-name', 'copies.token-keeps-name', 54, { 'copies.permanent-copy-is-kicked-token': 36 });
    expect(metBeyondChance(token, named, 300)).toBe(true);
    expect(joined([kicked, token, named], 300)).toEqual([['copies.kicked-like-original', 'copies.permanent-copy-is-kicked-token'], ['copies.token-keeps-name']]);
  });

  it('does not move a cluster that its repro placed as a consequence, whatever it met', () => {
    // Two bugs of a copy's kick, on an engine that has both: a copy that is not kicked, and one kicked
    // only once for a multikicked spell. The token a copied multikicked permanent becomes is unkicked
    // there (both bugs at once), so its failures met the count's in most of their scenarios; but the
    // token's repro shows the lost kick, and not the other way round: the repro placed the token as
    // the lost kick's consequence, and meeting the count does not move it, nor its cause.
    const kicked = cluster('copies.kicked-like-original', 'copies.kicked-like-original', 291, { 'copies.permanent-copy-is-kicked-token': 75 });
    const count = cluster('copies.kicked-like-original:CR702.33d', 'copies.kicked-like-original', 246, { 'copies.permanent-copy-is-kicked-token': 146 });
    const token = cluster('copies.permanent-copy-is-kicked-token', 'copies.permanent-copy-is-kicked-token', 221, { 'copies.kicked-like-original': 75, 'copies.kicked-like-original:CR702.33d': 146 }, ['copies.kicked-like-original', 'permanents.enters-with-counters']);
    const counters = cluster('permanents.enters-with-counters', 'permanents.enters-with-counters', 110, { 'copies.kicked-like-original:CR702.33d': 88, 'copies.permanent-copy-is-kicked-token': 110 }, ['copies.kicked-like-original:CR702.33d', 'copies.permanent-copy-is-kicked-token']);
    expect(metBeyondChance(token, count, 2000)).toBe(true);
    expect(joined([kicked, count, token, counters], 2000)).toEqual([
      ['copies.kicked-like-original', 'copies.permanent-copy-is-kicked-token', 'permanents.enters-with-counters'],
      ['copies.kicked-like-original:CR702.33d'],
    ]);
    // A token whose repro shows nothing else but itself: meeting is the only sign, and joins it.
    const alone = { ...token, inRepro: new Set([token.signature]) };
    expect(joined([kicked, count, alone], 2000)).toEqual([['copies.kicked-like-original'], ['copies.kicked-like-original:CR702.33d', 'copies.permanent-copy-is-kicked-token']]);
  });

  it('joins at a looser bound two properties that check the same rules, each for its own kind of effect', () => {
    // A spliced card's text done before its host's: splice.events-after-host saw it in the events of
    // 174 of 2,000 scenarios, splice.effects-after-host in the state of 8, 5 of them among the 174
    // (chance gives 0.7; by chance alone as often, about 2 in 10,000). The two check CR 702.47b and
    // 608.2c both: one bug. A property of other rules meeting it as often stays apart.
    const events = cluster('splice.events-after-host', 'splice.events-after-host', 174, { 'splice.effects-after-host': 5 });
    const effects = cluster('splice.effects-after-host', 'splice.effects-after-host', 8, { 'splice.events-after-host': 5 });
    expect(metBeyondChance(effects, events, 2000)).toBe(true);
    expect(joined([events, effects], 2000)).toHaveLength(1);
    const players = cluster('resolution.player-effects', 'resolution.player-effects', 8, { 'splice.events-after-host': 5 });
    expect(metBeyondChance(players, events, 2000)).toBe(false);
    expect(joined([events, players], 2000)).toHaveLength(2);
    // The effects' repro shows a player's effects too, and theirs the effects: one failure seen twice,
    // not a consequence placed by its repro; meeting still joins it.
    const shownBoth = cluster('splice.effects-after-host', 'splice.effects-after-host', 8, { 'splice.events-after-host': 5, 'resolution.player-effects': 8 }, ['resolution.player-effects']);
    const playersToo = cluster('resolution.player-effects', 'resolution.player-effects', 8, { 'splice.effects-after-host': 8 }, ['splice.effects-after-host']);
    expect(joined([events, shownBoth, playersToo], 2000)).toHaveLength(1);
  });

  it('never joins through agreement, whose differences many bugs share', () => {
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    const life = { ...cluster('agreement.reference:stack[]@resolve', 'resolution.player-effects', 85, { 'triggers.cast-triggers-once-per-cast': 70 }), property: agreement };
    const cast = cluster('triggers.cast-triggers-once-per-cast', 'triggers.cast-triggers-once-per-cast', 85, { [life.signature]: 70 });
    const enters = cluster('triggers.enters-count', 'triggers.enters-count', 237, {}, [life.signature]);
    expect(joined([enters, life, cast], 2000)).toEqual([['agreement.reference:stack[]@resolve', 'triggers.enters-count'], ['triggers.cast-triggers-once-per-cast']]);
  });
});

describe('failures met at one action', () => {
  const REFUSED = 'casting.illegal-declarations-rejected:CR601.2b';
  const KICKED = 'casting.kick-belongs-to-its-cast';

  it('counts another failure only where it was seen at an action the cluster was seen at', () => {
    // A free cast refused for its kicker where the rules accept it (action c1), and a later cast of the
    // card still kicked from the refused one (action c2): two bugs, the one making the other's scenarios.
    const refused: Company = { signature: REFUSED };
    metAgain(refused, new Map([[REFUSED, new Set(['c1'])], [KICKED, new Set(['c2'])]]));
    expect(refused.met).toEqual(new Map([[REFUSED, 1]]));
    expect(refused.together).toEqual(new Set([REFUSED, KICKED]));
    // A player's damage and a creature's, both left undealt by the resolution r1: one bug.
    const players: Company = { signature: 'resolution.player-effects' };
    metAgain(players, new Map([['resolution.player-effects', new Set(['c1', 'r1'])], ['resolution.damage-to-creatures:CR120.3/damage', new Set(['r1'])]]));
    expect(players.met).toEqual(new Map([['resolution.player-effects', 1], ['resolution.damage-to-creatures:CR120.3/damage', 1]]));
    // A relation names the cast it varied, where the two runs differ at a later resolution: it meets
    // every failure of its scenario.
    const relation: Company = { signature: 'relations.one-more-multikick' };
    metAgain(relation, new Map<string, 'any' | Set<string>>([['relations.one-more-multikick', 'any'], ['permanents.enters-with-counters:CR702.33d/wrong-kick-count', new Set(['r1'])]]));
    expect(relation.met?.get('permanents.enters-with-counters:CR702.33d/wrong-kick-count')).toBe(1);
    metAgain(relation, new Map([['relations.one-more-multikick', 'any']]));
    expect(relation.together).toEqual(new Set(['relations.one-more-multikick']));
    expect(relation.met?.get('relations.one-more-multikick')).toBe(2);
  });

  it('keeps apart two bugs that meet in one scenario at two actions, however often', () => {
    // Measured, seed 1, 2,000 runs: the refusals met the kick left over in 21 of their 52 scenarios,
    // where chance gives 3.1; never at one action.
    const kicked = cluster(KICKED, KICKED, 121, { [REFUSED]: 21 });
    const byScenario = cluster(REFUSED, 'casting.illegal-declarations-rejected', 52, { [KICKED]: 21 });
    expect(joined([kicked, byScenario], 2000)).toHaveLength(1);
    const byAction = cluster(REFUSED, 'casting.illegal-declarations-rejected', 52, {});
    expect(joined([{ ...kicked, met: new Map([[KICKED, 121]]) }, byAction], 2000)).toHaveLength(2);
  });
});

describe('what agreement alone saw, at another action', () => {
  const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
  const alone = (signature: string, count: number): Cluster => ({ signature, kind: 'fail', property: agreement, count, first: { run: 50 } as Cluster['first'], inRepro: new Set([signature]), together: new Set([signature]) });

  it('joins the one finding under which agreement saw the same field differ', () => {
    // A death trigger missing at a destroy, seen by triggers.creatures-die and agreement's stack; and
    // at the resolution of a spell whose damage kills, which agreement alone judges.
    const rule = cluster('triggers.creatures-die', 'triggers.creatures-die', 23, { 'agreement.reference:stack[]@destroy': 23 }, ['agreement.reference:stack[]@destroy']);
    const destroy = { ...cluster('agreement.reference:stack[]@destroy', 'triggers.creatures-die', 23, { 'triggers.creatures-die': 23 }, ['triggers.creatures-die']), property: agreement };
    const stray = alone('agreement.reference:stack[]@resolve', 3);
    expect(joined([rule, destroy, stray], 2000)).toEqual([['agreement.reference:stack[]@destroy', 'agreement.reference:stack[]@resolve', 'triggers.creatures-die']]);
  });

  it('joins the one finding under which agreement saw the engine answer otherwise where the reference engine rejected for the same reason', () => {
    // A spell aimed at itself: the reference engine rejects it for its targets (CR 115.5); the engine
    // accepted it (a rule property saw that too), or, in 4 scenarios, refused it for its payment.
    const rule = cluster('casting.illegal-declarations-rejected:CR601.2c', 'casting.illegal-declarations-rejected', 188, {}, ['agreement.reference:rejected:illegal-targets->accepted@cast']);
    const accepted = { ...cluster('agreement.reference:rejected:illegal-targets->accepted@cast', 'casting.illegal-declarations-rejected', 188, {}, ['casting.illegal-declarations-rejected:CR601.2c']), property: agreement };
    expect(joined([rule, accepted, alone('agreement.reference:rejected:illegal-targets->rejected:illegal-payment@cast', 4)], 2000)).toHaveLength(1);
    // Another reason, another kind of action, or a cast the reference engine accepted: apart.
    for (const other of ['rejected:illegal-declaration->rejected:illegal-payment@cast', 'rejected:illegal-targets->rejected:illegal-payment@copy', 'accepted->rejected:illegal-payment@cast']) {
      expect(joined([rule, accepted, alone(`agreement.reference:${other}`, 4)], 2000), other).toHaveLength(2);
    }
    // Two findings under which the engine missed those targets: neither.
    const second = cluster('resolution.never-targets-itself', 'resolution.never-targets-itself', 40, {}, ['agreement.reference:rejected:illegal-targets->rejected:illegal-object@cast']);
    const object = { ...cluster('agreement.reference:rejected:illegal-targets->rejected:illegal-object@cast', 'resolution.never-targets-itself', 40, {}, ['resolution.never-targets-itself']), property: agreement };
    expect(joined([rule, accepted, second, object, alone('agreement.reference:rejected:illegal-targets->rejected:illegal-payment@cast', 4)], 2000)).toHaveLength(3);
  });

  it('stays a finding of its own when no finding, or more than one, saw that field differ', () => {
    const rule = cluster('triggers.creatures-die', 'triggers.creatures-die', 23, {}, ['agreement.reference:stack[]@destroy']);
    const destroy = { ...cluster('agreement.reference:stack[]@destroy', 'triggers.creatures-die', 23, {}, ['triggers.creatures-die']), property: agreement };
    const hand = alone('agreement.reference:players[].hand@resolve', 4);
    expect(joined([rule, destroy, hand], 2000)).toHaveLength(2);
    // Two bugs each with a trigger's stack differing: which one the stray belongs to is not told.
    const other = cluster('triggers.token-created', 'triggers.token-created', 40, {}, ['agreement.reference:stack[]@cast']);
    const cast = { ...cluster('agreement.reference:stack[]@cast', 'triggers.token-created', 40, {}, ['triggers.token-created']), property: agreement };
    expect(joined([rule, destroy, other, cast, alone('agreement.reference:stack[]@resolve', 3)], 2000)).toHaveLength(3);
  });
});
