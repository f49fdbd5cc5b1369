// Breakers for the splice properties (CR 702.47): Glacial Ray spliced onto Lava Spike by p1 and by p2,
// and onto Rite of Forgetting, whose discard may take it (702.47a's own example); a spliced card gone
// from its owner's hand, a spell that takes a spliced card's name, colours, types, subtypes or mana
// cost, a splice of a card onto itself accepted, and a spell cast again that keeps its old splice.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, playerAt, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

/**
 * Steps: 0 p1's Lava Spike with Glacial Ray spliced, 1 it resolves; 2 Glacial Ray cast spliced onto
 * itself, rejected; 3 Glacial Ray cast, 4 it resolves; 5 p2's Lava Spike with p2's Glacial Ray spliced,
 * 6 it resolves; 7 p2's Rite of Forgetting with that Glacial Ray spliced, aimed at p2, 8 it resolves:
 * p2 discards the Ray; 9 p2's second Rite with p2's other Glacial Ray spliced, 10 p1's Glacial Ray cast
 * above it, 11 p1's Ray resolves (the Rite stays on the stack), 12 the Rite countered.
 */
const SPLICES: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'spike', oracle: 'Lava Spike' },
    { id: 'ray', oracle: 'Glacial Ray' },
    {
      id: 'rite',
      definition: { name: 'Rite of Forgetting', manaCost: '{U}{B}', types: ['Instant'], subtypes: ['Arcane', 'Aeon'], targets: [{ kind: 'player' }], effects: [{ kind: 'discard', amount: 1, target: 0 }] },
    },
    { id: 'ray2', oracle: 'Glacial Ray' },
    { id: 'spike2', oracle: 'Lava Spike' },
    { id: 'rite2', definition: { name: 'Rite of Forgetting', manaCost: '{U}{B}', types: ['Instant'], subtypes: ['Arcane', 'Aeon'], targets: [{ kind: 'player' }], effects: [{ kind: 'discard', amount: 1, target: 0 }] } },
    { id: 'ray3', oracle: 'Glacial Ray' },
    { id: 'ray4', oracle: 'Glacial Ray' },
  ],
  players: [
    { id: 'p1', hand: ['spike', 'ray', 'ray4'], mana: { R: 10, C: 10 } },
    { id: 'p2', hand: ['rite', 'ray2', 'spike2', 'rite2', 'ray3'], mana: { U: 2, B: 2, R: 10, C: 10 } },
  ],
  actions: [
    { do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] },
    { do: 'resolve' },
    { do: 'cast', card: 'ray', splice: ['ray'], targets: [['p2'], ['p2']] },
    { do: 'cast', card: 'ray', targets: [['p2']] },
    { do: 'resolve' },
    { do: 'cast', player: 'p2', card: 'spike2', splice: ['ray2'], targets: [['p1'], ['p1']] },
    { do: 'resolve' },
    { do: 'cast', player: 'p2', card: 'rite', splice: ['ray2'], targets: [['p2'], ['p1']] },
    { do: 'resolve' },
    { do: 'cast', player: 'p2', card: 'rite2', splice: ['ray3'], targets: [['p2'], ['p1']] },
    { do: 'cast', card: 'ray4', targets: [['p2']] },
    { do: 'resolve' },
    { do: 'counter', spell: 'rite2' },
  ],
};
const s = normalizeScenario(SPLICES);
const fresh = () => editableCopy(engine.runSync(s));

describe('splice.card-stays-in-hand', () => {
  const p = propertyById('splice.card-stays-in-hand')!;

  it('watches each spliced card in its owner’s hand until it is cast or a resolving discard takes it', async () => {
    // Steps 0-1 the Ray; none while it is cast itself; 5-7 p2's Ray, discarded at 8 by the Rite; 9-12 p2's other Ray.
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 9 });
  });

  it('a spliced card gone from its owner’s hand fails, unless a discard resolved', async () => {
    const breaks: [string, (t: Trace) => void, string, string, number][] = [
      ['a2', (t) => void (playerAt(t, 1, 'p1').hand = []), "spliced card ray in p1's hand", "p1's hand is []", 2],
      ['a2', (t) => void Object.assign(playerAt(t, 1, 'p1'), { hand: [], graveyard: ['spike', 'ray'] }), "spliced card ray in p1's hand", "p1's hand is []", 2],
      ['a7', (t) => void (playerAt(t, 6, 'p2').hand = ['rite']), "spliced card ray2 in p2's hand", 'p2\'s hand is ["rite"]', 4],
      // Discarded as the Rite is cast, not as it resolves.
      ['a8', (t) => void Object.assign(playerAt(t, 7, 'p2'), { hand: [], graveyard: ['spike2', 'ray2'] }), "spliced card ray2 in p2's hand", "p2's hand is []", 5],
      // Discarded as another spell resolves above the Rite, or as the Rite is countered: the Rite's discard did not happen.
      ['a12', (t) => void Object.assign(playerAt(t, 11, 'p2'), { hand: [], graveyard: [...playerAt(t, 11, 'p2').graveyard, 'ray3'] }), "spliced card ray3 in p2's hand", "p2's hand is []", 8],
      ['a13', (t) => void Object.assign(playerAt(t, 12, 'p2'), { hand: [], graveyard: [...playerAt(t, 12, 'p2').graveyard, 'ray3'] }), "spliced card ray3 in p2's hand", "p2's hand is []", 9],
    ];
    for (const [at, change, expected, observed, checks] of breaks) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), `${at} ${expected}`).toEqual({ status: 'fail', step: at, expected, observed, checks });
    }
  });
});

describe('splice.keeps-main-characteristics', () => {
  const p = propertyById('splice.keeps-main-characteristics')!;

  it('checks each accepted cast with a splice', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 4 });
    const unshown = fresh();
    delete spellAt(unshown, 0, 0).manaCost;
    expect(await verdictOf(p, s, unshown)).toEqual({ status: 'pass', checks: 4 });
  });

  it('a spell that takes any of the spliced card’s characteristics fails, naming it', async () => {
    const breaks: [(t: Trace) => void, string, string][] = [
      [(t) => void (spellAt(t, 0, 0).name = 'Glacial Ray'), 'spike keeps name "Lava Spike"', 'name "Glacial Ray"'],
      [(t) => void (spellAt(t, 0, 0).colors = ['U', 'R']), 'spike keeps colors ["R"]', 'colors ["R","U"]'],
      [(t) => void (spellAt(t, 0, 0).types = ['Sorcery', 'Instant']), 'spike keeps types ["Sorcery"]', 'types ["Instant","Sorcery"]'],
      [(t) => void (spellAt(t, 0, 0).subtypes = ['Arcane', 'Aura']), 'spike keeps subtypes ["Arcane"]', 'subtypes ["Arcane","Aura"]'],
      [(t) => void (spellAt(t, 0, 0).manaCost = '{1}{R}'), 'spike keeps mana cost "{R}"', 'mana cost "{1}{R}"'],
    ];
    for (const [change, expected, observed] of breaks) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), expected).toEqual({ status: 'fail', step: 'a1', expected, observed, checks: 1 });
    }
    // The blue and black Rite of Forgetting shown red too, as Glacial Ray is.
    const rite = fresh();
    spellAt(rite, 7, 0).colors = ['U', 'B', 'R'];
    // Its own colours and Glacial Ray's: the branch that names CR 702.47c (test/judge-spliced-colours.test.ts).
    expect(await verdictOf(p, s, rite)).toEqual({ status: 'fail', step: 'a8', expected: 'rite keeps colors ["B","U"], not its spliced cards\'', observed: 'colors ["B","R","U"]', kind: 'spliced-colours', rule: '702.47c', checks: 3 });
  });

  it('colours and subtypes in another order are the same', async () => {
    // The Rite's subtypes printed Arcane first; blue and black shown black first, or blue first.
    const t = fresh();
    expect(spellAt(t, 7, 0).subtypes).toEqual(['Arcane', 'Aeon']);
    for (const colors of [['U', 'B'], ['B', 'U']] as const) {
      spellAt(t, 7, 0).colors = [...colors];
      expect(await verdictOf(p, s, t), colors.join('')).toEqual({ status: 'pass', checks: 4 });
    }
  });

  it('an accepted cast with a splice missing from the stack fails and stops the property', async () => {
    const t = fresh();
    step(t, 0).state.stack = [];
    expect(await verdictOf(p, s, t)).toMatchObject({ status: 'fail', step: 'a1', checks: 1 });
  });
});

describe('splice.declarations', () => {
  const p = propertyById('splice.declarations')!;

  it('Glacial Ray spliced onto itself is rejected; accepted, it fails', async () => {
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 1 });
    const t = fresh();
    Object.assign(step(t, 2), { outcome: 'accepted', reason: undefined });
    const v = await verdictOf(p, s, t);
    expect(v).toMatchObject({ status: 'fail', step: 'a3', observed: 'accepted', checks: 1 });
    expect((v as { expected: string }).expected).toMatch(/^rejected: .*ray/);
  });
});

/** Lava Spike with Glacial Ray spliced, returned to hand from the stack, cast again alone. */
const RECAST: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'spike', oracle: 'Lava Spike' },
    { id: 'ray', oracle: 'Glacial Ray' },
  ],
  players: [{ id: 'p1', hand: ['spike', 'ray'], mana: { R: 10, C: 10 } }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'spike', splice: ['ray'], targets: [['p2'], ['p2']] },
    { do: 'bounce', object: 'spike' },
    { do: 'cast', card: 'spike', targets: [['p2']] },
    { do: 'resolve' },
  ],
};

describe('splice.lost-off-the-stack', () => {
  const p = propertyById('splice.lost-off-the-stack')!;
  const r = normalizeScenario(RECAST);

  it('Lava Spike cast again alone has nothing spliced; shown with its old Glacial Ray it fails', async () => {
    const t = editableCopy(engine.runSync(r));
    expect(await verdictOf(p, r, t)).toEqual({ status: 'pass', checks: 1 });
    spellAt(t, 2, 0).spliced = ['ray'];
    expect(await verdictOf(p, r, t)).toEqual({ status: 'fail', step: 'a3', expected: 'spike, cast again, has spliced []', observed: 'spliced ["ray"]', checks: 1 });
    delete spellAt(t, 2, 0).spliced;
    expect(await verdictOf(p, r, t)).toEqual({ status: 'n/a' });
  });
});

/**
 * Steps: 0 Costless Rite (no mana cost) cast free with Glacial Ray ray2 spliced, 1 it resolves; 2 Lava
 * Spike with Forgetful Whisper (a discard, aimed at p1) and Glacial Ray spliced, 3 it resolves: p1
 * discards the Whisper; 4 p2's Bloodhusk Ritualist multikicked twice, 5 it enters, 6 its ability
 * resolves: p1 discards both Rays.
 */
const DISCARDS: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'spike', oracle: 'Lava Spike' },
    { id: 'ray', oracle: 'Glacial Ray' },
    {
      id: 'forget',
      definition: {
        name: 'Forgetful Whisper',
        manaCost: '{1}',
        types: ['Instant'],
        subtypes: ['Arcane'],
        targets: [{ kind: 'player' }],
        effects: [{ kind: 'discard', amount: 1, target: 0 }],
        splice: { onto: 'Arcane', cost: { mana: '{1}' } },
      },
    },
    { id: 'ritualist', oracle: 'Bloodhusk Ritualist' },
    { id: 'free', definition: { name: 'Costless Rite', types: ['Instant'], subtypes: ['Arcane'], targets: [{ kind: 'player' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } },
    { id: 'ray2', oracle: 'Glacial Ray' },
  ],
  players: [
    { id: 'p1', hand: ['spike', 'ray', 'forget', 'free', 'ray2'], mana: { R: 10, C: 10 } },
    { id: 'p2', hand: ['ritualist'], mana: { B: 5, C: 5 } },
  ],
  actions: [
    { do: 'cast', card: 'free', withoutPayingManaCost: true, splice: ['ray2'], targets: [['p2'], ['p2']] },
    { do: 'resolve' },
    { do: 'cast', card: 'spike', splice: ['forget', 'ray'], targets: [['p2'], ['p1'], ['p2']] },
    { do: 'resolve' },
    { do: 'cast', player: 'p2', card: 'ritualist', multikicker: 2 },
    { do: 'resolve' },
    { do: 'resolve' },
  ],
};

describe('splice properties: discards a spliced card or an ability makes, and a spell with no mana cost', () => {
  const d = normalizeScenario(DISCARDS);
  const run = () => editableCopy(engine.runSync(d));

  it('a spliced card discarded by a spliced Forgetful Whisper, or by Bloodhusk Ritualist’s ability, is watched no more', async () => {
    const p = propertyById('splice.card-stays-in-hand')!;
    const t = run();
    expect(playerAt(t, 6, 'p1').graveyard).toEqual(expect.arrayContaining(['forget', 'ray', 'ray2']));
    expect(await verdictOf(p, d, t)).toEqual({ status: 'pass', checks: 11 });
  });

  it('Costless Rite shown with Glacial Ray’s mana cost fails: it has none', async () => {
    const p = propertyById('splice.keeps-main-characteristics')!;
    const t = run();
    expect(await verdictOf(p, d, t)).toEqual({ status: 'pass', checks: 2 });
    spellAt(t, 0, 0).manaCost = '{1}{R}';
    expect(await verdictOf(p, d, t)).toEqual({ status: 'fail', step: 'a1', expected: 'free keeps mana cost "none"', observed: 'mana cost "{1}{R}"', checks: 1 });
  });
});
