// The cards part of the generators (generators/main-card.ts, splices.ts, supporting-cards.ts): the
// main card, the bystanders, the permanent with kicker and the splice cards are valid cards of the
// shape each promises, and only cards the engine can run.
import { describe, expect, it } from 'vitest';
import { catalog } from '../model/catalog.ts';
import type { CardDefinition } from '../model/schema-types.ts';
import { isSpell } from '../generators/card-traits.ts';
import { bystandersArb, kickerPermanentArb, mainCardArb } from '../generators/main-card.ts';
import { fittingSplices, splicesArb } from '../generators/splices.ts';
import { counterspells, enablerFor, secondSpells, tokenMaker } from '../generators/supporting-cards.ts';
import { CONTEXTS, expectValidCard, samples } from './fixtures/generator-parts.ts';

const known = (name: 'reference' | 'printed-only' | 'bare', def: CardDefinition) => CONTEXTS[name].byName(def.name) === def;

describe('the main card', () => {
  for (const name of ['reference', 'printed-only', 'bare'] as const) {
    it(`is a valid nonland card with a mana cost, printed ones known to the engine (${name})`, () => {
      const ctx = CONTEXTS[name];
      const mains = samples(mainCardArb(ctx));
      for (const { def, oracle } of mains) {
        expectValidCard(def);
        expect(def.types).not.toContain('Land');
        expect(def.manaCost).toBeDefined();
        if (oracle) expect(known(name, def), def.name).toBe(true);
        else expect(ctx.caps.cards.synthetic).toBe(true);
      }
      if (!ctx.caps.cards.synthetic) expect(mains.every((m) => m.oracle)).toBe(true);
    });
  }

  it('comes in every shape: spells and permanents, synthetic and printed, kicked, multikicked, with X', () => {
    const mains = samples(mainCardArb(CONTEXTS.reference), 200);
    expect(mains.some((m) => m.oracle) && mains.some((m) => !m.oracle)).toBe(true);
    expect(mains.some((m) => isSpell(m.def)) && mains.some((m) => !isSpell(m.def))).toBe(true);
    const printed = samples(mainCardArb(CONTEXTS['printed-only']), 200).map((m) => m.def);
    expect(printed.some((d) => d.kicker?.costs.length === 2)).toBe(true);
    expect(printed.some((d) => d.multikicker)).toBe(true);
    expect(printed.some((d) => d.manaCost?.includes('{X}'))).toBe(true);
  });
});

describe('the bystanders', () => {
  it('are three valid creatures that stay on the battlefield, printed vanilla ones for a printed-only engine', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      for (const bystanders of samples(bystandersArb(CONTEXTS[name]), 30)) {
        expect(bystanders.length).toBeLessThanOrEqual(3);
        for (const d of bystanders) {
          expectValidCard(d);
          expect(d.types).toContain('Creature');
          expect(d.toughness ?? 0).toBeGreaterThan(0);
          expect(d.supertypes ?? []).not.toContain('Legendary');
        }
      }
    }
    expect(samples(bystandersArb(CONTEXTS.reference), 10).every((b) => b.length === 3)).toBe(true);
  });
});

describe('the permanent with kicker', () => {
  it('is a valid permanent card, printed ones with kicker or multikicker, or none where the engine knows no such card', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      for (const d of samples(kickerPermanentArb(CONTEXTS[name]), 50)) {
        expect(d).toBeDefined();
        expectValidCard(d!);
        expect(isSpell(d!)).toBe(false);
        if (name === 'printed-only') expect(d!.kicker !== undefined || d!.multikicker !== undefined).toBe(true);
      }
    }
    expect(samples(kickerPermanentArb(CONTEXTS.reference), 50).some((d) => d?.kicker || d?.multikicker)).toBe(true);
    expect(samples(kickerPermanentArb(CONTEXTS.bare), 10).every((d) => d === undefined)).toBe(true);
  });
});

describe('the splice cards', () => {
  it('are up to three valid splice cards, all synthetic or all printed and known, none without splice', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const drawn = samples(splicesArb(CONTEXTS[name]));
      for (const { defs, oracle } of drawn) {
        expect(defs.length).toBeLessThanOrEqual(3);
        for (const d of defs) {
          expectValidCard(d);
          expect(d.splice).toBeDefined();
          if (oracle) expect(known(name, d), d.name).toBe(true);
        }
        if (!oracle) expect(new Set(defs.map((d) => d.name)).size).toBe(defs.length);
      }
      expect(drawn.some((s) => s.defs.length >= 2)).toBe(true);
    }
    expect(samples(splicesArb(CONTEXTS.bare), 10).every((s) => s.defs.length === 0)).toBe(true);
  });

  it('fit the main spell: onto Arcane only where it is Arcane, onto nothing without a spell', () => {
    const glacial = catalog().get('Glacial Ray')!;
    const lightning = catalog().get('Burst Lightning')!;
    const evermind = catalog().get('Evermind')!;
    expect(fittingSplices(true, lightning, [glacial])).toEqual([]);
    expect(fittingSplices(true, glacial, [glacial])).toEqual([glacial]);
    expect(fittingSplices(false, glacial, [glacial])).toEqual([]);
    if (evermind.splice?.onto !== 'Arcane') expect(fittingSplices(true, lightning, [evermind])).toEqual([evermind]);
  });
});

describe('the cards for a role', () => {
  it('are valid: counterspells counter, second spells have one kicker cost, the token maker makes a token', () => {
    for (const name of ['reference', 'printed-only'] as const) {
      const ctx = CONTEXTS[name];
      expect(counterspells(ctx).length).toBeGreaterThan(0);
      for (const d of counterspells(ctx)) {
        expectValidCard(d);
        expect((d.effects ?? []).some((e) => e.kind === 'counterSpell')).toBe(true);
      }
      for (const d of secondSpells(ctx)) {
        expectValidCard(d);
        expect(d.kicker?.costs.length).toBe(1);
      }
      const maker = tokenMaker(ctx);
      expect(maker && (maker.effects ?? []).some((e) => e.kind === 'createToken')).toBe(true);
    }
    expect(counterspells(CONTEXTS.bare)).toEqual([]);
    expect(tokenMaker(CONTEXTS.bare)).toBeUndefined();
  });

  it('find an enabler for an "if you control" that is not the main card and is no legend', () => {
    const main = catalog().get('Grizzly Bears')!;
    const enabler = enablerFor({ types: ['Creature'] }, main, CONTEXTS['printed-only']);
    expect(enabler?.types).toContain('Creature');
    expect(enabler?.name).not.toBe(main.name);
    expect(enabler?.supertypes ?? []).not.toContain('Legendary');
  });
});
