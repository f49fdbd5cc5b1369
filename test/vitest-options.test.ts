// castcheck/vitest's options: the seed as the CLI takes it, and the properties a file selects.
import { describe, expect, it } from 'vitest';
import { seedFrom, selectProperties } from '../integrations/vitest.ts';
import { PROPERTIES } from '../properties/index.ts';

describe('castcheck/vitest options', () => {
  it('take the seed given, else CASTCHECK_SEED, else a fresh one', () => {
    expect(seedFrom(7, '9')).toEqual({ seed: 7, fresh: false });
    expect(seedFrom(undefined, '9')).toEqual({ seed: 9, fresh: false });
    const fresh = seedFrom(undefined, undefined);
    expect(fresh.fresh).toBe(true);
    expect(Number.isSafeInteger(fresh.seed) && fresh.seed >= 0 && fresh.seed <= 0xffff_ffff).toBe(true);
    expect(() => seedFrom(undefined, '4294967296')).toThrow(/CASTCHECK_SEED '4294967296' must be a 32-bit seed/);
    expect(() => seedFrom(undefined, 'x')).toThrow(/CASTCHECK_SEED 'x'/);
  });

  it('select properties by id or family, all by default, and refuse unknown names', () => {
    expect(selectProperties(undefined)).toHaveLength(PROPERTIES.length);
    const copies = selectProperties(['copies']);
    expect(copies.length).toBeGreaterThan(1);
    expect(copies.every((p) => p.id.startsWith('copies.'))).toBe(true);
    expect(selectProperties(['kicker.declarations']).map((p) => p.id)).toEqual(['kicker.declarations']);
    expect(selectProperties(undefined, ['copies'])).toHaveLength(PROPERTIES.length - copies.length);
    expect(() => selectProperties(['copy'])).toThrow(/no property or family named 'copy'/);
  });
});
