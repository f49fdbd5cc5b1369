// Breakers for the branch two properties name alike when an engine gives a spliced spell its spliced
// cards' colours (CR 702.47c: it keeps the main card's characteristics): a blue Arcane spell with the
// red Glacial Ray spliced, aimed at a creature with protection from red, is legal (CR 702.16b reads
// the spell's own colours); the engine that makes it red refuses it (casting.legal-cast-accepted), and
// shows it red where it takes it (splice.keeps-main-characteristics). Both name `CR702.47c/spliced-colours`,
// which the findings join into one bug.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { answered, engine, spellAt, verdictOf } from './fixtures/trace-edits.ts';

/** Steps: 0 Mist Bolt with Glacial Ray spliced, at the Red Ward Knight and p2; 1 Mist Bolt alone at the Knight; 2 Lava Spike at p2. */
const SPLICED = normalizeScenario({
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'mist', definition: { name: 'Mist Bolt', manaCost: '{U}', types: ['Instant'], subtypes: ['Arcane'], targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } },
    { id: 'mist2', definition: { name: 'Mist Bolt', manaCost: '{U}', types: ['Instant'], subtypes: ['Arcane'], targets: [{ kind: 'creature' }], effects: [{ kind: 'damage', amount: 1, target: 0 }] } },
    { id: 'ray', oracle: 'Glacial Ray' },
    { id: 'spike', oracle: 'Lava Spike' },
    { id: 'knight', definition: { name: 'Red Ward Knight', manaCost: '{1}{W}', types: ['Creature'], power: 2, toughness: 2, protection: ['R'] } },
  ],
  players: [
    { id: 'p1', hand: ['mist', 'mist2', 'ray', 'spike'], mana: { U: 2, R: 3, C: 2 } },
    { id: 'p2', battlefield: [{ card: 'knight' }] },
  ],
  actions: [
    { do: 'cast', card: 'mist', splice: ['ray'], targets: [['knight'], ['p2']] },
    { do: 'cast', card: 'mist2', targets: [['knight']] },
    { do: 'cast', card: 'spike', targets: [['p2']] },
  ],
});

const run = () => editableCopy(engine.runSync(SPLICED));

describe('casting.legal-cast-accepted: a spliced spell refused for its spliced cards\' colours', () => {
  const p = propertyById('casting.legal-cast-accepted')!;

  it('names CR 702.47c when protection from a spliced card\'s colour is all that would make a target illegal', async () => {
    expect(await verdictOf(p, SPLICED, run())).toEqual({ status: 'pass', checks: 3 });
    expect(await verdictOf(p, SPLICED, answered(SPLICED, { 0: { outcome: 'rejected', reason: 'illegal-target', message: 'protection from red' } }))).toEqual({
      status: 'fail',
      step: 'a1',
      expected: "accepted (total cost {1}{U}{R} is payable; its targets are legal for mist's own colours, which it keeps, not its spliced cards')",
      observed: 'rejected: illegal-target protection from red',
      kind: 'spliced-colours',
      rule: '702.47c',
      checks: 1,
    });
  });

  it('names no branch for a refusal the spliced colours do not explain: no splice, another reason, another answer, targets no colour shields', async () => {
    const plain = (at: string, total: string, observed: string, checks: number) => ({ status: 'fail', step: at, expected: `accepted (total cost ${total} is payable)`, observed, checks });
    // The same Mist Bolt without a splice, refused: nothing spliced, nothing to take colours from.
    expect(await verdictOf(p, SPLICED, answered(SPLICED, { 1: { outcome: 'rejected', reason: 'illegal-target' } }))).toEqual(plain('a2', '{U}', 'rejected: illegal-target', 2));
    // Lava Spike at a player: no colour shields a player here.
    expect(await verdictOf(p, SPLICED, answered(SPLICED, { 2: { outcome: 'rejected', reason: 'illegal-target' } }))).toEqual(plain('a3', '{R}', 'rejected: illegal-target', 3));
    // The spliced cast refused as unpayable: not for its targets.
    expect(await verdictOf(p, SPLICED, answered(SPLICED, { 0: { outcome: 'rejected', reason: 'cannot-pay' } }))).toEqual(plain('a1', '{1}{U}{R}', 'rejected: cannot-pay', 1));
    // The spliced cast answered unsupported: the engine refused nothing.
    expect(await verdictOf(p, SPLICED, answered(SPLICED, { 0: { outcome: 'unsupported' } }))).toEqual(plain('a1', '{1}{U}{R}', 'unsupported:', 1));
  });
});

describe('splice.keeps-main-characteristics: a spliced spell shown with its spliced cards\' colours', () => {
  const p = propertyById('splice.keeps-main-characteristics')!;

  it('names CR 702.47c when the colours shown are its own and its spliced cards\', and no branch for other colours', async () => {
    expect(await verdictOf(p, SPLICED, run())).toEqual({ status: 'pass', checks: 1 });
    const red = run();
    spellAt(red, 0, 0).colors = ['R', 'U'];
    expect(await verdictOf(p, SPLICED, red)).toEqual({ status: 'fail', step: 'a1', expected: 'mist keeps colors ["U"], not its spliced cards\'', observed: 'colors ["R","U"]', kind: 'spliced-colours', rule: '702.47c', checks: 1 });
    // Red alone, or green besides: not the colours splicing would give it.
    for (const colors of [['R'], ['G', 'U'], ['G', 'R', 'U']] as const) {
      const t = run();
      spellAt(t, 0, 0).colors = [...colors];
      expect(await verdictOf(p, SPLICED, t), colors.join('')).toEqual({ status: 'fail', step: 'a1', expected: 'mist keeps colors ["U"]', observed: `colors ${JSON.stringify([...colors])}`, checks: 1 });
    }
  });
});
