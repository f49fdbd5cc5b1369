// The judge's state-based actions for creatures (oracle/state-based-actions.ts): which permanents are
// creatures (by their definition, or for a token no card describes by the power it shows, CR 208.3)
// and which die (CR 704.5f-g).
import { describe, expect, it } from 'vitest';
import { dies, isCreature } from '../oracle/state-based-actions.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

describe('the oracle of state-based actions (CR 704.5f-g)', () => {
  it('a creature dies with toughness 0 or less, or damage at least its toughness', () => {
    expect([dies(0, 0), dies(-1, 0), dies(2, 2), dies(2, 3), dies(2, 1), dies(1, 0)]).toEqual([true, true, true, true, false, false]);
  });

  it('reads whether a permanent is a creature from its definition, and for a token no card describes from the power it shows', () => {
    const run = runOf(S.ZONES);
    // Grizzly Bears is a creature by its card, shown with power or not; a land is not, whatever it shows.
    expect(isCreature(run, { id: 'bears' }, 'bears', 0)).toBe(true);
    expect(isCreature(run, { id: 'land', power: 1 }, 'land', 0)).toBe(false);
    // A token: no card of the scenario is named by its id.
    expect(isCreature(run, { id: 'tok', power: 1 }, 'tok', 0)).toBe(true);
    expect(isCreature(run, { id: 'tok' }, 'tok', 0)).toBe(false);
    expect(isCreature(run, undefined, 'tok', 0)).toBe(false);
  });
});
