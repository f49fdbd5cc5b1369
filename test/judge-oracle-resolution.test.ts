// The judge's prediction of a single resolution (oracle/resolution.ts), asserted whole for hand-made
// scenarios, one effect of the rules a step: what each resolve step should do, from the rules alone.
import { describe, expect, it } from 'vitest';
import { expectedResolution, resolution } from '../oracle/resolution.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import * as F from './fixtures/scenarios.ts';
import { runOf, summary } from './fixtures/oracle-runs.ts';
import type { Scenario } from '../model/schema-types.ts';

/** Each resolve step of a scenario's run with what the oracle predicts of it, written out. */
function predictions(s: Scenario): [number, unknown][] {
  const run = runOf(s);
  return run.steps.filter((st) => st.action.do === 'resolve').map((st) => [st.index, summary(resolution(run, st))]);
}

describe('the oracle of one resolution (CR 608.2)', () => {
  it("damage to a player and to a creature, none to a creature its controller's ward shields, and damage that can't be prevented through it (CR 120.3, 615)", () => {
    expect(predictions(S.DAMAGE)).toEqual([
    [1, {"resolving":{"id":"s1","name":"Zap","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":0,"p2":-2},"zones":{"p1":{"hand":["blast","s2","s3","s4"],"graveyard":["s1"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [3, {"resolving":{"id":"s2","name":"Zap","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["blast","s3","s4"],"graveyard":["s1","s2"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"creatureDamage":{"bears":2},"damageEvents":{"bears":1}}],
    [5, {"resolving":{"id":"s3","name":"Zap","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["blast","s4"],"graveyard":["s1","s2","s3"],"library":[]},"p2":{"hand":[],"graveyard":["bears"],"library":[]}},"prevented":["mine"]}],
    [7, {"resolving":{"id":"s4","name":"Zap","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":-2,"p2":0},"zones":{"p1":{"hand":["blast"],"graveyard":["s1","s2","s3","s4"],"library":[]},"p2":{"hand":[],"graveyard":["bears"],"library":[]}}}],
    [9, {"resolving":{"id":"blast","name":"Sure Blast","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":[],"graveyard":["blast","s1","s2","s3","s4"],"library":[]},"p2":{"hand":[],"graveyard":["bears"],"library":[]}},"creatureDamage":{"mine":3},"damageEvents":{"mine":1}}],
    ]);
  });

  it("cards drawn and milled from the top, discarded and sacrificed as chosen then by smallest id, destroyed and returned to their owner, countered into the graveyard, the hand or on top of the library; a spell that can't be countered stays (CR 608.2c, 701.8, 701.9, 701.17, 701.21)", () => {
    expect(predictions(S.ZONES)).toEqual([
    [1, {"resolving":{"id":"brain","name":"Think Twice","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait","bait2","bait3","ctr","ctr2","edict","kill","l1","l2","lapse","mill","rack","remand","sure","unsummon"],"graveyard":["brain"],"library":["l3"]},"p2":{"hand":["h1","h2","h3"],"graveyard":[],"library":["m1","m2"]}},"draws":2}],
    [3, {"resolving":{"id":"mill","name":"Mind Sluice","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait","bait2","bait3","ctr","ctr2","edict","kill","l1","l2","lapse","rack","remand","sure","unsummon"],"graveyard":["brain","l3","mill"],"library":[]},"p2":{"hand":["h1","h2","h3"],"graveyard":["m1"],"library":["m2"]}}}],
    [5, {"resolving":{"id":"rack","name":"Mind Rack","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait","bait2","bait3","ctr","ctr2","edict","kill","l1","l2","lapse","remand","sure","unsummon"],"graveyard":["brain","l3","mill","rack"],"library":[]},"p2":{"hand":["h2"],"graveyard":["h1","h3","m1"],"library":["m2"]}}}],
    [7, {"resolving":{"id":"kill","name":"Slay","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait","bait2","bait3","ctr","ctr2","edict","l1","l2","lapse","remand","sure","unsummon"],"graveyard":["brain","kill","l3","mill","rack"],"library":[]},"p2":{"hand":["h2"],"graveyard":["bears","h1","h3","m1"],"library":["m2"]}},"removed":["bears"]}],
    [9, {"resolving":{"id":"unsummon","name":"Unsummon","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait","bait2","bait3","ctr","ctr2","edict","l1","l2","lapse","remand","sure"],"graveyard":["brain","kill","l3","mill","rack","unsummon"],"library":[]},"p2":{"hand":["elf","h2"],"graveyard":["bears","h1","h3","m1"],"library":["m2"]}},"removed":["elf"]}],
    [11, {"resolving":{"id":"edict","name":"Edict","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait","bait2","bait3","ctr","ctr2","l1","l2","lapse","remand","sure"],"graveyard":["brain","edict","kill","l3","mill","rack","unsummon"],"library":[]},"p2":{"hand":["elf","h2"],"graveyard":["bears","h1","h3","m1","ox"],"library":["m2"]}},"removed":["ox"]}],
    [14, {"resolving":{"id":"ctr","name":"Cancel","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait2","bait3","ctr2","l1","l2","lapse","remand","sure"],"graveyard":["bait","brain","ctr","edict","kill","l3","mill","rack","unsummon"],"library":[]},"p2":{"hand":["elf","h2"],"graveyard":["bears","h1","h3","m1","ox"],"library":["m2"]}},"countered":["bait"]}],
    [17, {"resolving":{"id":"remand","name":"Remand","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait2","bait3","ctr2","l1","l2","lapse","sure"],"graveyard":["bait","brain","ctr","edict","kill","l3","mill","rack","remand","unsummon"],"library":[]},"p2":{"hand":["elf","h2"],"graveyard":["bears","h1","h3","m1","ox"],"library":["m2"]}},"countered":["bait2"]}],
    [20, {"resolving":{"id":"lapse","name":"Memory Lapse","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait2","ctr2","l1","l2","sure"],"graveyard":["bait","brain","ctr","edict","kill","l3","lapse","mill","rack","remand","unsummon"],"library":["bait3"]},"p2":{"hand":["elf","h2"],"graveyard":["bears","h1","h3","m1","ox"],"library":["m2"]}},"countered":["bait3"]}],
    [23, {"resolving":{"id":"ctr2","name":"Cancel","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait2","l1","l2"],"graveyard":["bait","brain","ctr","ctr2","edict","kill","l3","lapse","mill","rack","remand","unsummon"],"library":["bait3"]},"p2":{"hand":["elf","h2"],"graveyard":["bears","h1","h3","m1","ox"],"library":["m2"]}}}],
    ]);
  });

  it('counters and a pump on a creature, a -1/-1 counter, tokens made seen by each permanent there, mana added, X damage, instead if kicked, per kick and if not kicked (CR 107.3, 702.33d)', () => {
    expect(predictions(S.CHANGES)).toEqual([
    [1, {"resolving":{"id":"grow","name":"Grow","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["burst","fire","maker","pack","rite","wither"],"graveyard":["grow"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"changes":{"mine":{"counters":{"+1/+1":2},"power":3,"toughness":1,"keywords":["flying"]}}}],
    [3, {"resolving":{"id":"wither","name":"Wither","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["burst","fire","maker","pack","rite"],"graveyard":["grow","wither"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"changes":{"bears":{"counters":{"-1/-1":1},"power":0,"toughness":0,"keywords":[]}}}],
    [5, {"resolving":{"id":"maker","name":"Raise the Guard","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["burst","fire","pack","rite"],"graveyard":["grow","maker","wither"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"tokens":2,"made":[{"name":"Soldier Token","types":["Creature"],"subtypes":["Soldier"],"power":1,"toughness":1},{"name":"Soldier Token","types":["Creature"],"subtypes":["Soldier"],"power":1,"toughness":1}],"tokensSeen":{"bears":2,"mine":2}}],
    [7, {"resolving":{"id":"rite","name":"Rite","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"mana":{"W":0,"U":0,"B":0,"R":2,"G":1,"C":0},"zones":{"p1":{"hand":["burst","fire","pack"],"graveyard":["grow","maker","rite","wither"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [9, {"resolving":{"id":"fire","name":"Fireball","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":0,"p2":-3},"zones":{"p1":{"hand":["burst","pack"],"graveyard":["fire","grow","maker","rite","wither"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [11, {"resolving":{"id":"burst","name":"Burst Lightning","controller":"p1","kind":"spell"},"kick":{"kicker":["A"],"multikicker":0},"life":{"p1":0,"p2":-4},"zones":{"p1":{"hand":["pack"],"graveyard":["burst","fire","grow","maker","rite","wither"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [13, {"resolving":{"id":"pack","name":"Pack Call","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":2},"life":{"p1":2,"p2":0},"zones":{"p1":{"hand":[],"graveyard":["burst","fire","grow","maker","pack","rite","wither"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    ]);
  });

  it("abilities resolving: damage from a source with lifelink gains its controller life (CR 702.15b); counters and a pump on the ability's own source, and nothing on it once flickered, a new object (CR 400.7)", () => {
    expect(predictions(S.ABILITIES)).toEqual([
    [1, {"resolving":{"id":"a1.t2","name":"grower#0","controller":"p1","kind":"ability"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["bait2"],"graveyard":[],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"changes":{"grower":{"counters":{"+1/+1":1},"power":1,"toughness":0,"keywords":[]}}}],
    [2, {"resolving":{"id":"a1.t1","name":"link#0","controller":"p1","kind":"ability"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":2,"p2":-2},"zones":{"p1":{"hand":["bait2"],"graveyard":[],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [3, {"resolving":{"id":"bait","name":"Bait","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":1,"p2":0},"zones":{"p1":{"hand":["bait2"],"graveyard":["bait"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [6, {"resolving":{"id":"a5.t2","name":"link#0","controller":"p1","kind":"ability"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":2,"p2":-2},"zones":{"p1":{"hand":[],"graveyard":["bait"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [7, {"resolving":{"id":"a5.t1","name":"grower#0","controller":"p1","kind":"ability"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":[],"graveyard":["bait"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    ]);
  });

  it('a counterspell that counters only a kicked spell, read from the declarations (CR 702.33d); a spell that lost one of its two targets does the rest, one that lost both does nothing and goes to the graveyard (CR 608.2b)', () => {
    expect(predictions(S.TARGETS_LOST)).toEqual([
    [3, {"resolving":{"id":"ertai","name":"Trickery","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["ertai2","twin","twin2"],"graveyard":["ertai"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [5, {"resolving":{"id":"ertai2","name":"Trickery","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["twin","twin2"],"graveyard":["ertai","ertai2","kicked"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"countered":["kicked"]}],
    [6, {"resolving":{"id":"plain","name":"Kickable","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":1,"p2":0},"zones":{"p1":{"hand":["twin","twin2"],"graveyard":["ertai","ertai2","kicked","plain"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [9, {"resolving":{"id":"twin","name":"Twin Bolt","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":3,"p2":0},"zones":{"p1":{"hand":["twin2"],"graveyard":["ertai","ertai2","kicked","plain","twin"],"library":[]},"p2":{"hand":[],"graveyard":["bears"],"library":[]}},"creatureDamage":{"ox":1},"damageEvents":{"ox":1}}],
    [13, {"resolving":{"id":"twin2","name":"Twin Bolt","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"fizzled":true,"zones":{"p1":{"hand":[],"graveyard":["ertai","ertai2","kicked","plain","twin","twin2"],"library":[]},"p2":{"hand":[],"graveyard":["bears","ox","oz"],"library":[]}}}],
    ]);
  });

  it('spliced parts after the host, a copy that goes nowhere (CR 702.47b, 707.10a), a blue spell dealing a spliced red part\'s damage through protection from red (CR 702.47c), and a spell whose target died fizzling with its splice (CR 702.47d)', () => {
    expect([...predictions(F.SPLICED_SPIKE), ...predictions(F.FIZZLE), ...predictions(F.UNTARGETED_SPLICES)]).toEqual([
    [2, {"resolving":{"id":"copy","name":"Lava Spike","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":0,"p2":-5},"mana":{"W":0,"U":0,"B":0,"R":3,"G":0,"C":0},"zones":{"p1":{"hand":["ray","ritual"],"graveyard":[],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [3, {"resolving":{"id":"spike","name":"Lava Spike","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"life":{"p1":0,"p2":-5},"mana":{"W":0,"U":0,"B":0,"R":3,"G":0,"C":0},"zones":{"p1":{"hand":["ray","ritual"],"graveyard":["spike"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}}}],
    [1, {"resolving":{"id":"mists","name":"Reach Through Mists","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"zones":{"p1":{"hand":["lib1","ray","ritual"],"graveyard":["mists"],"library":[]},"p2":{"hand":[],"graveyard":["rend"],"library":[]}},"creatureDamage":{"pro":2},"damageEvents":{"pro":1},"draws":1}],
    [4, {"resolving":{"id":"ray","name":"Glacial Ray","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"fizzled":true,"zones":{"p1":{"hand":["lib1","ritual"],"graveyard":["mists","ray"],"library":[]},"p2":{"hand":[],"graveyard":["bears","rend"],"library":[]}}}],
    [1, {"resolving":{"id":"mists","name":"Reach Through Mists","controller":"p1","kind":"spell"},"kick":{"kicker":[],"multikicker":0},"mana":{"W":0,"U":0,"B":0,"R":3,"G":0,"C":0},"zones":{"p1":{"hand":["dream","lib1","lib2","ritual"],"graveyard":["mists"],"library":[]},"p2":{"hand":[],"graveyard":[],"library":[]}},"draws":2}],
    ]);
  });

  it('leaves to other properties what it does not model: a permanent spell, a copy effect, resolving everything, a refused step; an ability that moves its own source is noted as touching it', () => {
    expect(predictions(S.NOT_MODELLED).map(([i, e]) => [i, e === undefined ? undefined : (e as { resolving: { id: string } }).resolving.id])).toEqual([
      [1, 'a1.t1'],
      [2, undefined],
      [5, undefined],
      [6, 'a6'],
      [7, undefined],
      [8, undefined],
    ]);
    const run = runOf(S.NOT_MODELLED);
    expect(summary(resolution(run, run.steps[1]!))).toMatchObject({ touched: ['shy'], zones: { p1: { hand: ['bait', 'twin'], graveyard: [] } } });
  });

  it('an ability with a condition, an intervening if or a target that asks for a kick is left to the triggers properties, and so is one whose targets the engine does not show', () => {
    const withAbility = (ability: object) => ({
      ...S.ABILITIES,
      cards: S.ABILITIES.cards.map((c) => (c.id === 'grower' ? { id: 'grower', definition: { ...c.definition!, triggers: [{ event: 'spellCast', whose: 'yours', effects: [{ kind: 'gainLife', amount: 1 }], ...ability }] } } : c)),
    }) as Scenario;
    const first = (s: Scenario) => {
      const run = runOf(s);
      return resolution(run, run.steps[1]!);
    };
    expect(first(withAbility({}))).toMatchObject({ resolving: { name: 'grower#0' }, life: { p1: 1 } });
    expect(first(withAbility({ if: 'notKicked' }))).toBeUndefined();
    expect(first(withAbility({ ifYouControl: { types: ['Creature'] } }))).toBeUndefined();
    expect(first(withAbility({ effects: [{ kind: 'gainLife', amount: 1, condition: 'kicked' }] }))).toBeUndefined();
    expect(first(withAbility({ effects: [{ kind: 'gainLife', amount: 1, condition: 'always' }] }))).toMatchObject({ life: { p1: 1 } });
    expect(first(withAbility({ targets: [{ kind: 'player', condition: 'kicked' }] }))).toBeUndefined();
    expect(first(withAbility({ targets: [{ kind: 'player', condition: 'always' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] }))).toMatchObject({ life: { p2: -1 } });
    expect(first(withAbility({ effects: [{ kind: 'damage', amount: 'damageDealt', each: 'opponent' }] }))).toBeUndefined();
    expect(first(withAbility({ effects: [{ kind: 'gainLife', amount: 1, each: 'eventController' }] }))).toBeUndefined();
    const hidden = runOf(S.ABILITIES, (t) => {
      for (const o of t.steps[0]!.state.stack) if (o.kind === 'ability') delete (o as { targets?: unknown }).targets;
    });
    expect(resolution(hidden, hidden.steps[1]!)).toBeUndefined();
  });

  it('a spell shown with more target groups than its requirements is a mismatch, with what was expected and seen; with a spliced card the scenario lacks, it is not judged', () => {
    const run = runOf(S.DAMAGE, (t) => {
      const zap = t.steps[0]!.state.stack[0]!;
      if (zap.kind === 'spell') zap.targets = [['p2'], ['p1']];
    });
    expect(resolution(run, run.steps[1]!)).toEqual({ mismatch: { expected: 's1 resolves with 1 target group(s), one per target requirement (CR 601.2c)', observed: '2: [["p2"],["p1"]]' } });
    expect(expectedResolution(run, run.steps[1]!)).toBeUndefined();
    expect(expectedResolution(run, run.steps[3]!)).toMatchObject({ creatureDamage: new Map([['bears', 2]]) });
    const unknown = runOf(S.DAMAGE, (t) => {
      const zap = t.steps[0]!.state.stack[0]!;
      if (zap.kind === 'spell') zap.spliced = ['nowhere'];
    });
    expect(resolution(unknown, unknown.steps[1]!)).toBeUndefined();
  });

  it('what is drawn or milled from a library the engine does not show is unknown: that zone is left out, the others still predicted', () => {
    const run = runOf(S.ZONES, (t) => {
      delete t.steps[0]!.state.players[0]!.library;
      delete t.steps[2]!.state.players[1]!.library;
    });
    expect(summary(resolution(run, run.steps[1]!))).toMatchObject({ draws: 2, zones: { p1: { hand: undefined, graveyard: ['brain'], library: undefined }, p2: { hand: ['h1', 'h2', 'h3'] } } });
    expect(summary(resolution(run, run.steps[3]!))).toMatchObject({ zones: { p1: { graveyard: ['brain', 'l3', 'mill'] }, p2: { hand: ['h1', 'h2', 'h3'], graveyard: undefined, library: undefined } } });
  });
});
