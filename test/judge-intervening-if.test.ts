// Breakers for triggers.intervening-if-on-resolution (CR 603.4, 608.2a): a "whenever you cast a
// kicked spell" ability and a kicked permanent's "if kicked" abilities that do nothing though their
// condition holds, Scholar of Stars's ability that draws after its artifact left, each kind of change
// named, and the abilities the property cannot place.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { dwynensEliteEnters } from './fixtures/scenario-builders.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, playerAt, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('triggers.intervening-if-on-resolution')!;
const GATEKEEPER: CardDefinition = {
  name: 'Kicked Gatekeeper',
  manaCost: '{B}{B}',
  types: ['Creature'],
  power: 2,
  toughness: 2,
  kicker: { costs: [{ mana: '{B}' }, { mana: '{1}' }] },
  triggers: [
    { event: 'selfEnters', if: 'kickedA', effects: [{ kind: 'gainLife', amount: 2 }] },
    { event: 'selfEnters', if: 'kickedB', effects: [{ kind: 'draw', amount: 1 }] },
  ],
};
/**
 * Steps: 0 the Gatekeeper cast kicked twice (the watcher triggers), 1 the watcher's ability, 2 the
 * Gatekeeper enters, 3 and 4 its two abilities, 5 Scholar of Stars enters with Everflowing Chalice
 * there, 6 the Chalice bounced, 7 Scholar's ability resolves and does nothing, 8 a herald whose ability
 * asks that it was not kicked put onto the battlefield, 9 its ability, 10 and 11 the herald flickered
 * and its ability, 12 and 13 a clone of it and its ability.
 */
const S: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'gk', definition: GATEKEEPER },
    { id: 'castw', definition: { name: 'Kick Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'spellCast', whose: 'yours', if: 'kicked', effects: [{ kind: 'gainLife', amount: 1 }] }] } },
    { id: 'scholar', oracle: 'Scholar of Stars' },
    { id: 'chalice', oracle: 'Everflowing Chalice' },
    { id: 'lib1', oracle: 'Island' },
    { id: 'lib2', oracle: 'Island' },
    { id: 'herald', definition: { name: 'Unkicked Herald', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 1, triggers: [{ event: 'selfEnters', if: 'notKicked', effects: [{ kind: 'gainLife', amount: 1 }] }] } },
    { id: 'clone', definition: { name: 'Clone Shell', manaCost: '{3}{U}', types: ['Creature'], power: 0, toughness: 0 } },
  ],
  players: [{ id: 'p1', hand: ['gk', 'scholar', 'herald', 'clone'], library: ['lib1', 'lib2'], mana: { B: 3, C: 1 }, battlefield: [{ card: 'castw' }, { card: 'chalice' }] }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'gk', kicker: ['A', 'B'] },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'scholar' },
    { do: 'bounce', object: 'chalice' },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'herald' },
    { do: 'resolve' },
    { do: 'flicker', permanent: 'herald' },
    { do: 'resolve' },
    { do: 'clone', card: 'clone', copyOf: 'herald' },
    { do: 'resolve' },
  ],
};
const s = normalizeScenario(S);
const fresh = () => editableCopy(engine.runSync(s));

const scholar = 'a6.t1 (scholar#0, if you control {"types":["Artifact"]})';

describe('triggers.intervening-if-on-resolution', () => {
  it("checks the watcher's, the Gatekeeper's two, Scholar's and the herald's abilities, the flickered herald's and its clone's", async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 7 });
  });

  it("the watcher's \"if kicked\" gaining no life, the cast kicked, fails (CR 603.4)", async () => {
    const t = fresh();
    playerAt(t, 1, 'p1').life = 20;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', kind: 'did-nothing', rule: '603.4', expected: 'a1.t1 (castw#0, if kicked) does what it says: its condition still holds', observed: 'nothing changed', checks: 1 });
  });

  it("the Gatekeeper's \"if kicked with B\" drawing nothing, and its \"if kicked with A\" gaining nothing, fail", async () => {
    const draw = fresh();
    playerAt(draw, 3, 'p1').hand = ['scholar'];
    expect(await verdictOf(p, s, draw)).toEqual({ status: 'fail', step: 'a4', kind: 'did-nothing', rule: '603.4', expected: 'a3.t2 (gk#1, if kickedB) does what it says: its condition still holds', observed: 'nothing changed', checks: 2 });
    const gain = fresh();
    playerAt(gain, 4, 'p1').life = 21;
    expect(await verdictOf(p, s, gain)).toMatchObject({ status: 'fail', step: 'a5', kind: 'did-nothing', expected: 'a3.t1 (gk#0, if kickedA) does what it says: its condition still holds' });
  });

  it('the herald put onto the battlefield was never kicked: its ability gaining nothing fails', async () => {
    const t = fresh();
    playerAt(t, 9, 'p1').life = playerAt(t, 8, 'p1').life;
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a10', kind: 'did-nothing', expected: 'a9.t1 (herald#0, if notKicked) does what it says: its condition still holds' });
  });

  it("Scholar of Stars's ability with no artifact left changing anything fails (CR 608.2a), whatever it changed", async () => {
    const changes: [string, (t: Trace) => void][] = [
      ['life', (t) => void (playerAt(t, 7, 'p1').life = 24)],
      ['hand', (t) => void playerAt(t, 7, 'p1').hand.push('lib2')],
      ['graveyard', (t) => void playerAt(t, 7, 'p1').graveyard.push('lib2')],
      ['library', (t) => void (playerAt(t, 7, 'p1').library = [])],
      ["the other player's life", (t) => void (playerAt(t, 7, 'p2').life = 19)],
      ['counters', (t) => void (permanent(t, 7, 'castw').counters = { '+1/+1': 1 })],
      ['damage', (t) => void (permanent(t, 7, 'castw').damage = 1)],
      ['tapped', (t) => void (permanent(t, 7, 'castw').tapped = true)],
      ['power', (t) => void (permanent(t, 7, 'castw').power = 5)],
      ['toughness', (t) => void (permanent(t, 7, 'castw').toughness = 5)],
      ['a permanent', (t) => void step(t, 7).state.battlefield.pop()],
    ];
    for (const [what, change] of changes) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), what).toEqual({ status: 'fail', step: 'a8', kind: 'resolved-anyway', rule: '608.2a', expected: `${scholar} does nothing: its condition no longer holds`, observed: 'life, mana, cards or permanents changed', checks: 4 });
    }
  });

  it('the same hand in another order, and damage shown as 0 rather than left out, are no change', async () => {
    const t = fresh();
    playerAt(t, 7, 'p1').hand.reverse();
    delete permanent(t, 6, 'castw').damage;
    permanent(t, 7, 'castw').damage = 0;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 7 });
  });

  it('an ability no step reports triggering is not judged', async () => {
    const t = fresh();
    delete step(t, 0).triggered;
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 6 });
  });

  it('a draw from an empty library, or a resolve with nothing on the stack, is not judged', async () => {
    const empty = fresh();
    playerAt(empty, 2, 'p1').library = [];
    expect(await verdictOf(p, s, empty)).toEqual({ status: 'pass', checks: 6 });
    const nothing = fresh();
    step(nothing, 6).state.stack = [];
    expect(await verdictOf(p, s, nothing)).toEqual({ status: 'pass', checks: 6 });
  });

  it("the flickered herald's and its clone's abilities, never kicked, gaining nothing fail", async () => {
    for (const [i, id] of [[11, 'a11.t1 (herald#0, if notKicked)'], [13, 'a13.t1 (clone#0, if notKicked)']] as const) {
      const t = fresh();
      playerAt(t, i, 'p1').life = playerAt(t, i - 1, 'p1').life;
      expect(await verdictOf(p, s, t), id).toMatchObject({ status: 'fail', kind: 'did-nothing', expected: `${id} does what it says: its condition still holds` });
    }
  });

  it("Dwynen's Elite's ability with the other Elf still there making no new token fails", async () => {
    const elite = normalizeScenario(dwynensEliteEnters());
    const t = editableCopy(engine.runSync(elite));
    expect(await verdictOf(p, elite, t)).toEqual({ status: 'pass', checks: 1 });
    const token = step(t, 1).state.battlefield.find((x) => x.token)!;
    const none = editableCopy(t);
    step(none, 1).state.battlefield = step(none, 1).state.battlefield.filter((x) => !x.token);
    expect(await verdictOf(p, elite, none)).toMatchObject({ status: 'fail', kind: 'did-nothing', expected: expect.stringMatching(/^a1\.t1 \(elite#0, if you control .*\) does what it says/) });
    const old = editableCopy(t);
    step(old, 0).state.battlefield.push({ ...token });
    expect(await verdictOf(p, elite, old)).toMatchObject({ status: 'fail', kind: 'did-nothing' });
    const card = editableCopy(t);
    step(card, 1).state.battlefield = step(card, 1).state.battlefield.map((x) => (x.token ? { ...x, token: false } : x));
    expect(await verdictOf(p, elite, card)).toMatchObject({ status: 'fail', kind: 'did-nothing' });
  });

  it("Vine Gecko's ability for a kicked spell puts its counter on the Gecko, and on no Gecko that left and came back, a new object (CR 400.7)", async () => {
    const gecko = (flicker: boolean) =>
      normalizeScenario({
        format: 'castcheck-scenario/1',
        cards: [{ id: 'w1', oracle: 'Vine Gecko' }, { id: 'main', oracle: 'Into the Roil' }],
        players: [{ id: 'p1', hand: ['main'], mana: { U: 2, C: 2 }, battlefield: [{ card: 'w1' }] }, { id: 'p2' }],
        actions: [{ do: 'cast', card: 'main', kicker: ['A'], targets: [['w1']] }, ...(flicker ? [{ do: 'flicker' as const, permanent: 'w1' }] : []), { do: 'resolve' }],
      });
    const stays = gecko(false);
    const t = editableCopy(engine.runSync(stays));
    expect(await verdictOf(p, stays, t)).toEqual({ status: 'pass', checks: 1 });
    const none = editableCopy(t);
    step(none, 1).state.battlefield = step(none, 1).state.battlefield.map((x) => (x.id === 'w1' ? { ...x, counters: {} } : x));
    expect(await verdictOf(p, stays, none)).toMatchObject({ status: 'fail', kind: 'did-nothing', rule: '603.4' });
    // Flickered while its ability waits: the ability cannot find the Gecko, and nothing changes.
    const gone = gecko(true);
    const g = engine.runSync(gone);
    expect(step(g, 2).state.battlefield.find((x) => x.id === 'w1')?.counters).toEqual({});
    expect(await verdictOf(p, gone, g)).toEqual({ status: 'n/a' });
  });

  it('applies where an ability has an intervening "if"', () => {
    expect(p.applies(s)).toBe(true);
    const plain = normalizeScenario({ ...S, cards: S.cards.filter((c) => c.id.startsWith('lib') || c.id === 'chalice'), players: [{ id: 'p1', library: ['lib1', 'lib2'], battlefield: [{ card: 'chalice' }] }, { id: 'p2' }], actions: [{ do: 'bounce', object: 'chalice' }] });
    expect(p.applies(plain)).toBe(false);
  });
});
