// Findings are causes (issue 36): the clusters one bug shows under (the rule property that looks for
// it, the fields agreement finds different, what follows from it) are one finding listing every
// property it breaks, and two bugs stay two findings, each with its own repro.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Expectations } from '../runner/expectations.ts';
import { faultById, faultyReference } from '../adapters/faults/index.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import type { Scenario } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { findingsLines } from '../reports/console.ts';
import { runReport } from '../reports/run-report.ts';
import { validateDocument } from '../model/schemas.ts';
import { canonical } from '../model/compare.ts';
import { branchesApart, causesOf, consequenceOf, failingCauses, noteRepros, sameBranch, sameCause, sameWrongAnswer, shownSignatures, skeleton } from '../runner/causes.ts';
import { judge, judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { Cluster } from '../runner/results.ts';

/** A safety limit only: a run of 1,000 scenarios with its shrinking, on a shared machine. */
const SLOW = 600_000;

describe('findings by cause', () => {
  // The grouping is by signs, not certain: at 1,000 runs, with the scenarios of board conditions,
  // targets that change zones and casts that fail at their sacrifice, seeds 1, 3, 7 and 8 give exactly
  // these two findings, seed 2 a third and seed 6 one (the flicker's under the copy's); the share over
  // pairs of named faults is measured by npm run bench:findings.
  it('tells two faults as two findings, each with its own repro and every property it breaks', async () => {
    const engine = faultyReference('copy-loses-kicked,flicker-keeps-kicked');
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 1000, seed: 1, maxShrinkRuns: 2000, shrinkBudget: 5000 });
    expect(r.clusters.length).toBeGreaterThan(10);
    const failing = failingCauses(r.causes!);
    expect(failing).toHaveLength(2);
    const [copy, flicker] = ['copies.kicked-like-original', 'permanents.not-kicked-without-casting'].map((p) => failing.find((c) => c.properties.includes(p)));
    expect(copy).toBeDefined();
    expect(flicker).toBeDefined();
    expect(copy).not.toBe(flicker);
    // Agreement's differences are under each, by the action they differed at.
    expect(copy!.clusters.map((c) => c.signature)).toContain('agreement.reference:stack[].kicked@copy');
    expect(flicker!.clusters.some((c) => c.signature.endsWith('@flicker'))).toBe(true);
    // Each with its own repro: its lead's, shrunk, doing what its fault is about.
    const repro = (c: typeof copy) => c!.clusters[0]!.finding!;
    expect(repro(copy).shrunk && repro(flicker).shrunk).toBe(true);
    expect(canonical(repro(copy).scenario)).not.toBe(canonical(repro(flicker).scenario));
    expect(repro(copy).scenario.actions.map((a) => a.do)).toContain('copy');
    expect(repro(flicker).scenario.actions.map((a) => a.do)).toContain('flicker');
    // Every cluster in exactly one finding.
    expect(r.causes!.flatMap((c) => c.clusters).length).toBe(r.clusters.length);

    const lines = findingsLines(r.causes!);
    expect(lines[0]).toBe(`2 failing finding(s), one per cause, from ${r.clusters.length} signature(s):`);
    expect(lines.slice(1).join('\n')).toContain(`FAIL ${copy!.id}`);
    const report = runReport(engine, r, { checkFloor: 30, repros: new Map() });
    expect(validateDocument('report', report)).toEqual([]);
    expect(report.findings?.filter((f) => !f.xfail)).toHaveLength(2);
    expect(report.findings?.flatMap((f) => f.signatures).sort()).toEqual(r.clusters.map((c) => c.signature).sort());
  }, SLOW);

  it('with the first fault marked XFAIL in an expectations file, finds the second and reports no consequence of the first', async () => {
    const engine = faultyReference('copy-loses-kicked,flicker-keeps-kicked');
    const file = join(mkdtempSync(join(tmpdir(), 'castcheck-causes-')), 'expectations.json');
    writeFileSync(file, JSON.stringify({ format: 'castcheck-expectations/1', engine: 'reference', expectations: [{ signature: 'copies.kicked-like-original', note: 'copies of kicked spells lose their kick' }] }));
    const expectations = Expectations.load(file, PROPERTIES);
    const r = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 1000, seed: 1, maxShrinkRuns: 2000, shrinkBudget: 5000, expectations });
    const failing = failingCauses(r.causes!);
    expect(failing.map((c) => c.id)).toEqual(['permanents.not-kicked-without-casting']);
    expect(failing[0]!.clusters.every((c) => !c.signature.endsWith('@copy'))).toBe(true);
    // What follows from the copy that lost its kick (its resolution, the token it makes, what agreement
    // saw differ) is under the expected finding, and fails no property.
    const known = r.causes!.find((c) => c.expected)!;
    expect(known.id).toBe('copies.kicked-like-original');
    expect(known.clusters.length).toBeGreaterThan(3);
    for (const id of known.properties.filter((p) => !failing[0]!.properties.includes(p))) {
      expect(r.tallies.find((t) => t.property.id === id)!.failed, id).toBe(0);
    }
  }, SLOW);

  const property = PROPERTIES[0]!;
  const cluster = (signature: string, o: Partial<Cluster> = {}): Cluster => ({ signature, kind: 'fail', property, count: 5, first: { run: 0 } as Cluster['first'], ...o });

  it('joins clusters that always occur together, and a cluster whose minimal repro shows another; two bugs that only met stay apart', () => {
    const a = cluster('a', { together: new Set(['a', 'b']) });
    const b = cluster('b', { together: new Set(['a', 'b']) });
    expect(sameCause(a, b)).toBe(true);
    // c came with a every time and its repro shows a: a consequence of a.
    const c = cluster('c', { together: new Set(['c', 'a']), inRepro: new Set(['c', 'a']) });
    expect(sameCause(a, c)).toBe(false);
    expect(consequenceOf(c, a)).toBe(true);
    // d occurred without a in some scenarios, but what is left of it once shrunk still breaks a's rule.
    const d = cluster('d', { together: new Set(['d']), inRepro: new Set(['d', 'a']) });
    expect(sameCause(a, d)).toBe(false);
    // Met with a in some scenarios, e shrinks to a repro that shows it alone: another bug.
    const e = cluster('e', { together: new Set(['e']), inRepro: new Set(['e']) });
    expect(causesOf([a, b, c, d, e]).map((x) => x.clusters.map((y) => y.signature))).toEqual([['a', 'b', 'c', 'd'], ['e']]);
    // Each one's repro shows the other: one cause, whatever else they met.
    const f = cluster('f', { together: new Set(['f']), inRepro: new Set(['f', 'g']) });
    const g = cluster('g', { together: new Set(['g']), inRepro: new Set(['g', 'f']) });
    expect(sameCause(f, g)).toBe(true);
  });

  it('never joins two bugs through a difference agreement saw with each', () => {
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    // Two rule failures whose repros each show the same life total differing: the difference joins one of them.
    const life = cluster('agreement.reference:players[].life@resolve', { property: agreement, count: 3, inRepro: new Set(['agreement.reference:players[].life@resolve']) });
    const a = cluster('a', { count: 9, inRepro: new Set(['a', life.signature]) });
    const b = cluster('b', { count: 4, inRepro: new Set(['b', life.signature]) });
    expect(causesOf([a, b, life]).map((x) => x.clusters.map((y) => y.signature))).toEqual([['a', life.signature], ['b']]);
  });

  it('joins what agreement saw as the engine giving one wrong answer to one kind of action', () => {
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    const x = cluster('agreement.reference:accepted->rejected:illegal-payment@cast', { property: agreement });
    const y = cluster('agreement.reference:rejected:illegal-targets->rejected:illegal-payment@cast', { property: agreement });
    const z = cluster('agreement.reference:accepted->rejected:cannot-pay@cast', { property: agreement });
    expect(sameWrongAnswer(x, y)).toBe(true);
    expect(sameWrongAnswer(x, z)).toBe(false);
    expect(sameWrongAnswer(cluster('a:accepted->rejected:x@cast'), cluster('b:accepted->rejected:x@cast'))).toBe(false);
  });

  it('joins clusters whose minimal repros do the same, whatever card or targets the shrink left', () => {
    const one = structuredClone(faultById('copy-loses-kicked')!.minimal.scenario);
    const other = structuredClone(one);
    const unkicked = structuredClone(one);
    for (const a of other.actions) if (a.do === 'cast' && a.targets) a.targets = [['p1']];
    for (const a of unkicked.actions) if (a.do === 'cast') delete a.kicker;
    expect(skeleton(one)).toBe('cast spell+kicked (effect.damage), copy');
    expect(skeleton(one)).toBe(skeleton(other));
    expect(skeleton(unkicked)).not.toBe(skeleton(one));
    const shrunk = (s: Scenario) => ({ finding: { shrunk: true, reproduced: true, scenario: s } as Cluster['finding'] });
    // Two properties: one bug met by both.
    const second = { property: PROPERTIES[1]! };
    expect(sameCause(cluster('x', shrunk(one)), cluster('y', { ...shrunk(other), ...second }))).toBe(true);
    expect(sameCause(cluster('x', shrunk(one)), cluster('y', { ...shrunk(unkicked), ...second }))).toBe(false);
  });

  // Kicked Burst Lightning copied, and Gnarlid Pack multikicked twice and copied: the same actions,
  // but the copy of one carries kicker costs and the other a number of times (CR 702.33c, 702.33d).
  it('tells a multikicked cast from a kicked one in what a repro does', () => {
    const kicked = faultById('copy-loses-kicked')!.minimal.scenario;
    const multikicked = faultById('copy-multikicker-once')!.minimal.scenario;
    expect(skeleton(kicked)).toMatch(/^cast spell\+kicked \(.*\), copy$/);
    expect(skeleton(multikicked)).toMatch(/^cast permanent\+multikicked \(.*\), copy$/);
    const both = structuredClone(multikicked);
    for (const a of both.actions) if (a.do === 'cast') a.kicker = ['A'];
    expect(skeleton(both)).toMatch(/^cast permanent\+kicked\+multikicked \(/);
    // Whatever the cards, a kick is a kick: which kind is a matter of the card.
    expect(skeleton(multikicked, false)).toBe('cast permanent+kicked, copy');
    expect(skeleton(both, false)).toBe('cast permanent+kicked, copy');
  });

  // An engine that asks a permanent's new object whether its kick's intervening "if" holds: a rule
  // property saw the kicked permanent's ability do nothing after a flicker; agreement alone saw the
  // mana a multikicked one's ability did not add, and nothing else links the two. Its repro does what
  // the rule's does, but for the kind of kick: it joins that finding.
  it("joins what agreement alone saw to the finding whose repro does the same, whatever the kind of kick", () => {
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    const flickered = (kick: { kicker?: ['A']; multikicker?: number }): Scenario => ({
      format: 'castcheck-scenario/1',
      cards: [{ id: 'main', definition: { name: 'Main Permanent', manaCost: '{0}', types: ['Creature'], power: 1, toughness: 1, kicker: { costs: [{ mana: '{1}' }] }, multikicker: { cost: { mana: '{1}' } } } }],
      players: [{ id: 'p1', hand: ['main'], mana: { G: 9, C: 9 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main', ...kick }, { do: 'resolve' }, { do: 'flicker', id: 'interrupt', permanent: 'main' }, { do: 'resolve' }],
    });
    const shrunk = (s: Scenario) => ({ finding: { shrunk: true, reproduced: true, scenario: s } as Cluster['finding'] });
    const rule = cluster('triggers.intervening-if-on-resolution:CR603.4/did-nothing', { count: 66, inRepro: new Set(['triggers.intervening-if-on-resolution:CR603.4/did-nothing']), together: new Set(), ...shrunk(flickered({ kicker: ['A'] })) });
    const stray = cluster('agreement.reference:players[].mana@resolve', { property: agreement, count: 5, inRepro: new Set(['agreement.reference:players[].mana@resolve']), together: new Set(), ...shrunk(flickered({ multikicker: 1 })) });
    expect(causesOf([rule, stray])).toHaveLength(1);
  });

  // A copy that lost its kick and a copy kicked once for twice: two branches of
  // copies.kicked-like-original, whose repros (the same card, kicked one way or the other, then
  // copied) do the same but for the kick. The property tells them apart; only the same repro, or
  // repros that show each other, join two of its branches.
  it('keeps two branches of one property apart when their repros only do the same', () => {
    const one = structuredClone(faultById('copy-loses-kicked')!.minimal.scenario);
    const other = structuredClone(one);
    for (const a of other.actions) if (a.do === 'cast' && a.targets) a.targets = [['p1']];
    expect(skeleton(one)).toBe(skeleton(other));
    const shrunk = (s: Scenario) => ({ finding: { shrunk: true, reproduced: true, scenario: s } as Cluster['finding'] });
    const copies = { property: PROPERTIES.find((p) => p.id === 'copies.kicked-like-original')! };
    const lost = cluster('copies.kicked-like-original', { ...copies, ...shrunk(one) });
    const once = cluster('copies.kicked-like-original:CR702.33d', { ...copies, ...shrunk(other) });
    expect(branchesApart(lost, once)).toBe(true);
    expect(sameCause(lost, once)).toBe(false);
    expect(sameCause(lost, { ...once, ...shrunk(structuredClone(one)) })).toBe(true);
    expect(sameCause(lost, { ...once, inRepro: new Set([lost.signature]) , ...{} } as Cluster)).toBe(false);
    expect(sameCause({ ...lost, inRepro: new Set([once.signature]) }, { ...once, inRepro: new Set([lost.signature]) })).toBe(true);
  });
});

describe('one branch of a rule, named alike by two properties', () => {
  const of = (id: string) => ({ property: PROPERTIES.find((p) => p.id === id)! });
  const tokens = (kind: string, o: Partial<Cluster> = {}): Cluster => ({ signature: `triggers.token-created:${kind}`, kind: 'fail', ...of('triggers.token-created'), count: 51, first: { run: 3 } as Cluster['first'], together: new Set(), ...o });
  const casts = (kind: string, o: Partial<Cluster> = {}): Cluster => ({ signature: `triggers.cast-triggers-once-per-cast:${kind}`, kind: 'fail', ...of('triggers.cast-triggers-once-per-cast'), count: 19, first: { run: 9 } as Cluster['first'], together: new Set(), ...o });

  // A trigger multiplier applied beyond the events it names: the token watcher and the cast watcher
  // trigger twice, in scenarios that never meet and repros that show nothing of each other. Both
  // properties name the branch of CR 603.2d that failed, the same way: one bug.
  it('joins two properties that failed the same branch of the same rule the same way', () => {
    const [a, b] = [tokens('CR603.2d/multiplied'), casts('CR603.2d/multiplied')];
    expect(sameBranch(a, b)).toBe(true);
    expect(sameCause(a, b)).toBe(true);
    expect(failingCauses(causesOf([a, b], 2000))).toHaveLength(1);
  });

  it('keeps apart another manner, a rule named alone, one property, agreement and contested readings', () => {
    expect(sameBranch(tokens('CR603.2d/multiplied'), casts('CR603.2d/missing'))).toBe(false);
    expect(sameBranch(tokens('CR603.2d'), casts('CR603.2d'))).toBe(false);
    expect(sameBranch(tokens('CR603.2d/multiplied'), tokens('CR603.2d/multiplied', { signature: 'triggers.token-created:CR603.2d/multiplied' }))).toBe(false);
    expect(sameBranch(tokens('CR603.2d/multiplied'), casts('CR603.2d/multiplied', { kind: 'contested' }))).toBe(false);
    const agreement = { property: PROPERTIES.find((p) => p.kind === 'agreement')! };
    expect(sameBranch(tokens('CR603.2d/multiplied'), casts('CR603.2d/multiplied', agreement))).toBe(false);
    expect(failingCauses(causesOf([tokens('CR603.2d/multiplied'), casts('CR603.2d/missing')], 2000))).toHaveLength(2);
  });
});

describe('what a minimal repro shows', () => {
  const shrunk = (scenario: Scenario) => ({ finding: { shrunk: true, reproduced: true, scenario } as Cluster['finding'] });
  const of = (id: string) => PROPERTIES.find((p) => p.id === id)!;

  // Swallowing Plague and its copy, resolving until the stack is empty: the copy destroys the
  // Plague's only target first (CR 608.2b). Resolved one by one, the same failure shows at the
  // Plague's own resolution, as the repros of single resolves show it: one bug, not two.
  it('judges a repro that resolves until the stack is empty one resolution at a time too', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [{ id: 'b1', definition: { name: 'Bystander One', manaCost: '{2}', types: ['Creature'], power: 0, toughness: 1 } }, { id: 'main', oracle: 'Swallowing Plague' }],
      players: [{ id: 'p1', hand: ['main'], mana: { B: 2, C: 1 } }, { id: 'p2', battlefield: [{ card: 'b1' }] }],
      actions: [{ do: 'cast', card: 'main', x: 1, targets: [['b1']] }, { do: 'copy', id: 'copy1', spell: 'main' }, { do: 'resolve', untilEmpty: true }],
    };
    const c: Cluster = { signature: 'resolution.player-effects:CR608.2/until-empty', kind: 'fail', property: of('resolution.player-effects'), count: 1, first: { run: 0 } as Cluster['first'], ...shrunk(scenario) };
    await noteRepros(judgeFor(faultyReference('total-fizzle-is-partial')), [c], PROPERTIES);
    expect([...c.inRepro!]).toContain('resolution.player-effects:CR608.2/until-empty');
    expect([...c.inRepro!]).toContain('resolution.player-effects');
    // On an engine without the fault, nothing.
    const clean: Cluster = { ...c, inRepro: undefined };
    await noteRepros(judgeFor(new ReferenceEngine()), [clean], PROPERTIES);
    expect([...clean.inRepro!]).toEqual([]);
  });

  // On an engine that pays generic mana from coloured mana first and loses a cost reduction bigger
  // than the mana cost: a {0} artifact multikicked once for {1}{W} from {W}{W}{C}{C}. The repro of
  // the payment shows the payment; the relation that casts it again with a {1} reduction fails there
  // on the other bug, in a scenario it made: that is not what the repro shows, unless the cluster is
  // the relation's own.
  it("counts another relation's failure on a scenario it made for the relation's own repros only", async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [{ id: 'main', definition: { name: 'Main Permanent', manaCost: '{0}', types: ['Artifact'], multikicker: { cost: { mana: '{1}{W}' } }, entersWith: [{ counter: 'charge', amount: 1, condition: 'perKick' }] } }],
      players: [{ id: 'p1', hand: ['main'], mana: { W: 2, C: 2 } }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main', multikicker: 1 }],
    };
    const engine = judgeFor(faultyReference('reduction-before-additional-costs,generic-paid-coloured-first'));
    const paid: Cluster = { signature: 'costs.total-cost-paid:CR601.2h', kind: 'fail', property: of('costs.total-cost-paid'), count: 1, first: { run: 0 } as Cluster['first'], ...shrunk(scenario) };
    const reduced: Cluster = { ...paid, signature: 'relations.reduction-keeps-kicked', property: of('relations.reduction-keeps-kicked') };
    await noteRepros(engine, [paid, reduced], PROPERTIES);
    expect([...paid.inRepro!].sort()).toEqual(['agreement.reference:players[].mana@cast', 'costs.total-cost-paid:CR601.2h']);
    expect([...reduced.inRepro!]).toContain('relations.reduction-keeps-kicked');
  });

  // A free cast of an Arcane spell with Torrent of Stone spliced, its two Mountains sacrificed: an
  // engine that leaves additional costs out of a free cast refuses the sacrifices as an illegal
  // payment. Without them, it takes the cast unpaid, the bug its cost totals show too.
  it('judges a repro whose sacrifices the engine refused as a payment without them too', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'land1', oracle: 'Mountain' },
        { id: 'land2', oracle: 'Mountain' },
        { id: 'b1', definition: { name: 'Bystander One', manaCost: '{2}', types: ['Creature'], power: 0, toughness: 1 } },
        { id: 'main', definition: { name: 'Main Spell', manaCost: '{0}', types: ['Instant'], subtypes: ['Arcane'], effects: [{ kind: 'gainLife', amount: 1 }] } },
        { id: 's1', oracle: 'Torrent of Stone' },
      ],
      players: [{ id: 'p1', hand: ['main', 's1'], mana: {}, battlefield: [{ card: 'land1' }, { card: 'land2' }] }, { id: 'p2', battlefield: [{ card: 'b1' }] }],
      actions: [{ do: 'cast', card: 'main', splice: ['s1'], withoutPayingManaCost: true, targets: [['b1']], sacrifice: ['land1', 'land2'] }],
    };
    const c: Cluster = { signature: 'casting.legal-cast-accepted', kind: 'fail', property: of('casting.legal-cast-accepted'), count: 1, first: { run: 0 } as Cluster['first'], ...shrunk(scenario) };
    await noteRepros(judgeFor(faultyReference('free-cast-skips-additional-costs')), [c], PROPERTIES);
    expect([...c.inRepro!]).toContain('casting.legal-cast-accepted');
    expect([...c.inRepro!]).toContain('casting.unpayable-rejected');
  });
});

describe('an ability whose intervening "if" no longer holds', () => {
  // Its permanent cast and entered, its ability on the stack, the Everflowing Chalice it asks about
  // bounced: the ability does nothing (CR 603.4), mana included. Agreement saw the mana; the rule
  // property sees it too, so the two are one finding.
  it('adds no mana as it resolves', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'en1', oracle: 'Everflowing Chalice' },
        { id: 'main', definition: { name: 'Main Permanent', manaCost: '{0}', types: ['Creature'], power: 0, toughness: 1, triggers: [{ event: 'selfEnters', effects: [{ kind: 'addMana', mana: '{W}' }], ifYouControl: { types: ['Artifact'] } }] } },
      ],
      players: [{ id: 'p1', hand: ['main'], mana: {}, battlefield: [{ card: 'en1' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main' }, { do: 'resolve' }, { do: 'bounce', id: 'interrupt', object: 'en1' }, { do: 'resolve' }],
    };
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    const c: Cluster = { signature: 'agreement.reference:players[].mana@resolve', kind: 'fail', property: agreement, count: 1, first: { run: 0 } as Cluster['first'], finding: { shrunk: true, reproduced: true, scenario } as Cluster['finding'] };
    await noteRepros(judgeFor(faultyReference('intervening-if-not-rechecked')), [c], PROPERTIES);
    expect([...c.inRepro!]).toContain('triggers.intervening-if-on-resolution:CR608.2a/resolved-anyway');
  });

  // A watcher's "whenever a player casts a spell, if it was kicked, put a +1/+1 counter on this"
  // for a multikicked cast: the condition holds, so the counter comes (CR 603.4). An engine that
  // asks the new object instead puts none; agreement saw the counters, the rule property too.
  it('does what it says when it still holds, counters on its source included', async () => {
    const scenario: Scenario = {
      format: 'castcheck-scenario/1',
      cards: [
        { id: 'w1', definition: { name: 'Cast Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'spellCast', whose: 'any', effects: [{ kind: 'putCounters', amount: 1, counter: '+1/+1', self: true }], if: 'kicked' }] } },
        { id: 'main', definition: { name: 'Main Spell', manaCost: '{0}', types: ['Sorcery'], kicker: { costs: [{ mana: '{1}' }] }, multikicker: { cost: { mana: '{1}' } }, effects: [{ kind: 'gainLife', amount: 1 }] } },
      ],
      players: [{ id: 'p1', hand: ['main'], mana: { C: 1 }, battlefield: [{ card: 'w1' }] }, { id: 'p2' }],
      actions: [{ do: 'cast', card: 'main', multikicker: 1 }, { do: 'resolve' }],
    };
    const agreement = PROPERTIES.find((p) => p.kind === 'agreement')!;
    const c: Cluster = { signature: 'agreement.reference:battlefield[].counters@resolve', kind: 'fail', property: agreement, count: 1, first: { run: 0 } as Cluster['first'], finding: { shrunk: true, reproduced: true, scenario } as Cluster['finding'] };
    await noteRepros(judgeFor(faultyReference('intervening-if-rechecked-on-new-object')), [c], PROPERTIES);
    expect([...c.inRepro!]).toContain('triggers.intervening-if-on-resolution:CR603.4/did-nothing');
    const clean: Cluster = { ...c, inRepro: undefined };
    await noteRepros(judgeFor(new ReferenceEngine()), [clean], PROPERTIES);
    expect([...clean.inRepro!]).toEqual([]);
  });
});

describe('signatures of branches', () => {
  // What each named fault's minimal repro shows, on the engine with that fault: the branch of the
  // property tells two bugs apart where they would otherwise share one cluster, and one finding.
  const branch = async (fault: string, property: string) => {
    const j = await judge(judgeFor(faultyReference(fault)), faultById(fault)!.minimal.scenario, PROPERTIES);
    return [...shownSignatures(j, PROPERTIES)].filter((s) => s === property || s.startsWith(`${property}:`));
  };

  it('tell a copy that lost its kick from one kicked the wrong number of times (CR 707.10, 702.33d)', async () => {
    expect(await branch('copy-loses-kicked', 'copies.kicked-like-original')).toEqual(['copies.kicked-like-original']);
    expect(await branch('copy-multikicker-once', 'copies.kicked-like-original')).toEqual(['copies.kicked-like-original:CR702.33d']);
  });

  it('tell a wrong total cost from a right one paid the wrong way (CR 601.2f, 601.2h)', async () => {
    expect(await branch('splice-cost-not-charged', 'costs.total-cost-paid')).toEqual(['costs.total-cost-paid']);
    expect(await branch('generic-paid-coloured-first', 'costs.total-cost-paid')).toEqual(['costs.total-cost-paid:CR601.2h']);
  });

  it('tell an illegal declaration from illegal targets, accepted (CR 601.2b, 601.2c)', async () => {
    expect(await branch('kicker-cost-twice', 'casting.illegal-declarations-rejected')).toEqual(['casting.illegal-declarations-rejected:CR601.2b']);
    expect(await branch('spell-may-target-itself', 'casting.illegal-declarations-rejected')).toEqual(['casting.illegal-declarations-rejected:CR601.2c']);
  });

  it('name the rule of the branch that failed, and an expectation without it still covers every branch', async () => {
    const { kindOf, broaderKinds } = await import('../runner/signatures.ts');
    expect(kindOf({ step: '1', expected: 'a', observed: 'b', rule: '702.33d' })).toBe('CR702.33d');
    expect(kindOf({ step: '1', expected: 'a', observed: 'b', rule: '707.10', kind: 'stack[].kicked@copy' })).toBe('CR707.10/stack[].kicked@copy');
    expect(kindOf({ step: '1', expected: 'a', observed: 'b' })).toBe('fail');
    expect(broaderKinds('CR707.10/stack[].kicked@copy')).toEqual(['CR707.10/stack[].kicked@copy', 'CR707.10/stack[].kicked', 'stack[].kicked@copy', 'stack[].kicked']);
    expect(broaderKinds('CR702.33d')).toEqual(['CR702.33d', 'fail']);
    const e = new Expectations([{ signature: 'copies.kicked-like-original', note: 'copies lose their kick' }]);
    expect(e.forKind('copies.kicked-like-original', 'CR702.33d')?.note).toBe('copies lose their kick');
    expect(e.forKind('copies.kicked-like-original', 'CR702.33d/contested')).toBeUndefined();
  });
});
