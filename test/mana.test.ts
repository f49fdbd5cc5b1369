import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POOL_KEYS, formatMana, parseMana, toPool, type Mana, type Pool } from '../model/mana.ts';
import { addMana, colorsOf, fixX, manaValue, payFromPool } from '../adapters/reference/mana.ts';
import { canPay, fixedPayment, isWayToPay, paymentProblem, waysToPay } from '../oracle/payment.ts';

describe('mana as data, and the reference engine\'s arithmetic', () => {
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

  it('adds costs', () => {
    expect(formatMana(addMana(parseMana('{1}{G}'), parseMana('{X}{2}{G}{C}')))).toBe('{X}{3}{C}{G}{G}');
  });

  it('pays coloured symbols first and generic from colourless first', () => {
    expect(payFromPool(toPool({ R: 2, C: 1 }), parseMana('{1}{R}'))).toEqual(toPool({ R: 1 }));
    expect(payFromPool(toPool({ R: 1, U: 1 }), parseMana('{1}{R}'))).toEqual(toPool({}));
    expect(payFromPool(toPool({ U: 3 }), parseMana('{R}'))).toBeNull();
    expect(payFromPool(toPool({ R: 1 }), parseMana('{1}{R}'))).toBeNull();
  });
});

describe('the judge\'s payments', () => {
  it('lists every way to pay, the payment the scenario format fixes first', () => {
    const ways = waysToPay(toPool({ R: 2, U: 1, C: 1 }), parseMana('{2}{R}'));
    expect(ways).toEqual([toPool({ C: 1, U: 1, R: 1 }), toPool({ C: 1, R: 2 }), toPool({ U: 1, R: 2 })]);
    expect(fixedPayment(toPool({ R: 2, U: 1, C: 1 }), parseMana('{2}{R}'))).toEqual(toPool({ C: 1, U: 1, R: 1 }));
    expect(waysToPay(toPool({ G: 5 }), parseMana('{0}'))).toEqual([toPool({})]);
  });

  it('reads a cost once and hands each reader its own copy', () => {
    const a = parseMana('{2}{G}{G}');
    a.generic = 0;
    expect(parseMana('{2}{G}{G}')).toMatchObject({ generic: 2, G: 2 });
  });

  it('knows when a cost cannot be paid at all (CR 601.2h)', () => {
    expect(canPay(toPool({ U: 3 }), parseMana('{R}'))).toBe(false);
    expect(canPay(toPool({ R: 1 }), parseMana('{1}{R}'))).toBe(false);
    expect(canPay(toPool({ R: 1, U: 1 }), parseMana('{1}{R}'))).toBe(true);
    expect(canPay(toPool({ W: 1 }), parseMana('{C}'))).toBe(false);
  });

  it('answers whether a cost can be paid, the payment fixed, and whether mana spent pays it, as the listing of every way does', () => {
    const small = fc.nat({ max: 3 });
    const pool = fc.record({ W: small, U: small, B: small, R: small, G: small, C: small });
    const cost = fc.record({ x: fc.constant(0), generic: fc.nat({ max: 5 }), W: small, U: small, B: small, R: small, G: small, C: small });
    fc.assert(
      fc.property(pool, cost, pool, (p: Pool, c: Mana, paid: Pool) => {
        const ways = waysToPay(p, c);
        expect(canPay(p, c)).toBe(ways.length > 0);
        expect(fixedPayment(p, c)).toEqual(ways[0]);
        expect(isWayToPay(p, c, paid)).toBe(ways.some((w) => POOL_KEYS.every((k) => w[k] === paid[k])));
        for (const w of ways.slice(0, 3)) expect(isWayToPay(p, c, w)).toBe(true);
      }),
      { seed: 1, numRuns: 2000 },
    );
  });

  it('tells a payment that pays the cost another way from one that does not pay it', () => {
    const pool = toPool({ R: 2, C: 1 });
    const cost = parseMana('{1}{R}');
    expect(paymentProblem(pool, cost, toPool({ R: 1, C: 1 }))).toBeUndefined();
    expect(isWayToPay(pool, cost, toPool({ R: 2 }))).toBe(true);
    expect(paymentProblem(pool, cost, toPool({ R: 2 }))?.observed).toMatch(/not the one the scenario format fixes/);
    expect(paymentProblem(pool, cost, toPool({ C: 1 }))?.observed).toMatch(/does not pay it/);
    expect(paymentProblem(pool, cost, toPool({ R: 1, C: 1, G: 0 }))).toBeUndefined();
    expect(paymentProblem(toPool({ R: 1 }), cost, toPool({ R: 1 }))?.expected).toMatch(/cannot be paid/);
    // An engine whose pool grew on the cast: a failure told, not castcheck stopping on it.
    expect(paymentProblem(pool, cost, toPool({ R: -1 }))?.observed).toMatch(/spent -\{R\}, which does not pay it/);
  });
});
