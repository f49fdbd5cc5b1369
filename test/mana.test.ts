import { describe, expect, it } from 'vitest';
import { addMana, colorsOf, fixX, formatMana, manaValue, parseMana, payFromPool, toPool } from '../model/mana.ts';

describe('mana', () => {
  it('reads and writes costs in normal form', () => {
    expect(formatMana(parseMana('{R}{X}{2}{R}'))).toBe('{X}{2}{R}{R}');
    expect(formatMana(parseMana(''))).toBe('{0}');
    expect(formatMana(parseMana('{0}'))).toBe('{0}');
    expect(() => parseMana('{R}{Q}')).toThrow(/not a mana cost/);
  });

  it('counts X as its value only when given one (CR 202.3e)', () => {
    const comet = parseMana('{X}{R}{R}');
    expect(manaValue(comet)).toBe(2);
    expect(manaValue(comet, 3)).toBe(5);
    expect(formatMana(fixX(comet, 3))).toBe('{3}{R}{R}');
  });

  it('derives colours from the coloured symbols', () => {
    expect(colorsOf(parseMana('{2}{U}{R}'))).toEqual(['U', 'R']);
    expect(colorsOf(parseMana('{4}{C}'))).toEqual([]);
  });

  it('adds costs, several times for multikicker', () => {
    expect(formatMana(addMana(parseMana('{1}{G}'), parseMana('{1}{G}'), 3))).toBe('{4}{G}{G}{G}{G}');
  });

  it('pays coloured symbols first and generic from colourless first', () => {
    expect(payFromPool(toPool({ R: 2, C: 1 }), parseMana('{1}{R}'))).toEqual(toPool({ R: 1 }));
    expect(payFromPool(toPool({ R: 1, U: 1 }), parseMana('{1}{R}'))).toEqual(toPool({}));
    expect(payFromPool(toPool({ U: 3 }), parseMana('{R}'))).toBeNull();
    expect(payFromPool(toPool({ R: 1 }), parseMana('{1}{R}'))).toBeNull();
  });
});
