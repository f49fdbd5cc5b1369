// Breakers for kicker.if-kicked-keywords (CR 702.33d, 603.6d): Kavu Titan kicked without trample,
// unkicked or put onto the battlefield with it, a permanent kicked with both of two kicker costs
// missing the keyword only its second one gives, and a keyword printed on the card as well.
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('kicker.if-kicked-keywords')!;
/** Flying printed and given again if kicked; trample only if kicked with its second cost ({G}). */
const BEAST: CardDefinition = {
  name: 'Twice-Kicked Beast',
  manaCost: '{1}{G}',
  types: ['Creature'],
  power: 2,
  toughness: 2,
  keywords: ['flying'],
  kicker: { costs: [{ mana: '{1}' }, { mana: '{G}' }] },
  entersWith: [{ keyword: 'trample', condition: 'kickedB' }, { keyword: 'flying', condition: 'kicked' }],
};
/**
 * Kavu Titan kicked (step 1 resolves it), a second one unkicked (step 3), the Beast kicked with both
 * costs (step 5) and with its first only (step 7), a third Kavu Titan put onto the battlefield (step 8),
 * Grizzly Bears, and a Beast unkicked, with only its printed flying (step 12).
 */
const S: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'titan', oracle: 'Kavu Titan' },
    { id: 'titan2', oracle: 'Kavu Titan' },
    { id: 'beast', definition: BEAST },
    { id: 'beast2', definition: { ...BEAST, name: 'Other Twice-Kicked Beast' } },
    { id: 'titan3', oracle: 'Kavu Titan' },
    { id: 'bears', oracle: 'Grizzly Bears' },
    { id: 'beast3', definition: { ...BEAST, name: 'Third Twice-Kicked Beast' } },
  ],
  players: [{ id: 'p1', hand: ['titan', 'titan2', 'beast', 'beast2', 'titan3', 'bears', 'beast3'], mana: { G: 9, C: 12 } }, { id: 'p2' }],
  actions: [
    { do: 'cast', card: 'titan', kicker: ['A'] },
    { do: 'resolve' },
    { do: 'cast', card: 'titan2' },
    { do: 'resolve' },
    { do: 'cast', card: 'beast', kicker: ['A', 'B'] },
    { do: 'resolve' },
    { do: 'cast', card: 'beast2', kicker: ['A'] },
    { do: 'resolve' },
    { do: 'putOntoBattlefield', card: 'titan3' },
    { do: 'cast', card: 'bears' },
    { do: 'resolve' },
    { do: 'cast', card: 'beast3' },
    { do: 'resolve' },
  ],
};
const s = normalizeScenario(S);
const fresh = () => editableCopy(engine.runSync(s));

describe('kicker.if-kicked-keywords', () => {
  it('checks every permanent that enters with a keyword if kicked, and no other', async () => {
    const t = fresh();
    expect(permanent(t, 1, 'titan').keywords).toEqual(['trample']);
    expect(await verdictOf(p, s, t)).toEqual({ status: 'pass', checks: 6 });
    expect(permanent(t, 12, 'beast3').keywords).toEqual(['flying']);
  });

  it('Kavu Titan kicked without trample fails, saying how it was kicked', async () => {
    const t = fresh();
    permanent(t, 1, 'titan').keywords = [];
    expect(await verdictOf(p, s, t)).toEqual({ status: 'fail', step: 'a2', expected: 'titan (Kavu Titan, kicked 1 times with A) has trample', observed: 'keywords []', checks: 1 });
  });

  it('Kavu Titan unkicked, or put onto the battlefield, with trample fails', async () => {
    const unkicked = fresh();
    permanent(unkicked, 3, 'titan2').keywords = ['trample'];
    expect(await verdictOf(p, s, unkicked)).toEqual({ status: 'fail', step: 'a4', expected: 'titan2 (Kavu Titan, kicked 0 times) has no trample', observed: 'keywords ["trample"]', checks: 2 });
    const put = fresh();
    permanent(put, 8, 'titan3').keywords = ['haste', 'trample'];
    expect(await verdictOf(p, s, put)).toEqual({ status: 'fail', step: 'a9', expected: 'titan3 (Kavu Titan, kicked 0 times) has no trample', observed: 'keywords ["haste","trample"]', checks: 5 });
  });

  it("the Beast kicked with both costs lacks the second one's trample; kicked with the first it may not have it; its printed flying is never extra", async () => {
    const both = fresh();
    permanent(both, 5, 'beast').keywords = ['flying'];
    expect(await verdictOf(p, s, both)).toEqual({ status: 'fail', step: 'a6', expected: 'beast (Twice-Kicked Beast, kicked 2 times with A and B) has trample', observed: 'keywords ["flying"]', checks: 3 });
    const first = fresh();
    permanent(first, 7, 'beast2').keywords = ['flying', 'trample'];
    expect(await verdictOf(p, s, first)).toEqual({ status: 'fail', step: 'a8', expected: 'beast2 (Other Twice-Kicked Beast, kicked 1 times with A) has no trample', observed: 'keywords ["flying","trample"]', checks: 4 });
  });

  it('a permanent whose keywords are not shown is not checked; one missing after it resolved fails as absent', async () => {
    const hidden = fresh();
    delete permanent(hidden, 1, 'titan').keywords;
    expect(await verdictOf(p, s, hidden)).toEqual({ status: 'pass', checks: 5 });
    const gone = fresh();
    step(gone, 1).state.battlefield = step(gone, 1).state.battlefield.filter((x) => x.id !== 'titan');
    expect(await verdictOf(p, s, gone)).toEqual({ status: 'fail', step: 'a2', expected: 'titan (Kavu Titan) is on the battlefield after resolving', observed: 'it is not', checks: 1 });
  });

  it('applies where a card enters with a keyword', () => {
    expect(p.applies(normalizeScenario({ ...S, actions: [{ do: 'cast', card: 'bears' }] }))).toBe(true);
    expect(p.applies(normalizeScenario({ ...S, cards: [S.cards[5]!], players: [{ id: 'p1', hand: ['bears'] }, { id: 'p2' }], actions: [{ do: 'cast', card: 'bears' }] }))).toBe(false);
  });
});
