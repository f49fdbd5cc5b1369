// What the judge takes a card or permanent to be (oracle/definitions.ts): mana value and colours from
// the printed cost (CR 202.2-202.3), and a clone as what it copied (CR 707.2), refused clones changing
// nothing.
import { describe, expect, it } from 'vitest';
import { abilityOf, colorsOfDef, hasX, permanentDef, printedManaValue } from '../oracle/definitions.ts';
import type { CardDefinition } from '../model/schema-types.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const card = (manaCost?: string): CardDefinition => ({ name: 'Card', types: ['Instant'], ...(manaCost === undefined ? {} : { manaCost }) });

describe('the oracle of definitions (CR 202, 707.2)', () => {
  it('counts the mana value with X as given, every symbol counted once (CR 202.3)', () => {
    expect(printedManaValue(card('{X}{2}{W}{U}{B}{R}{G}{C}'), 3)).toBe(11);
    expect(printedManaValue(card('{X}{X}{R}'), 2)).toBe(5);
    expect(printedManaValue(card('{W}{W}'), 0)).toBe(2);
    expect(printedManaValue(card('{U}{B}'), 0)).toBe(2);
    expect(printedManaValue(card('{R}{G}'), 0)).toBe(2);
    expect(printedManaValue(card('{C}{3}'), 0)).toBe(4);
    expect(printedManaValue(card(), 5)).toBe(0);
  });

  it('knows an X in the cost, and the colours of the coloured symbols in WUBRG order (CR 202.2)', () => {
    expect([hasX(card('{X}{R}')), hasX(card('{1}{R}')), hasX(card())]).toEqual([true, false, false]);
    expect(colorsOfDef(card('{G}{R}{B}{U}{W}'))).toEqual(['W', 'U', 'B', 'R', 'G']);
    expect(colorsOfDef(card('{2}{G}{W}'))).toEqual(['W', 'G']);
    expect(colorsOfDef(card('{U}'))).toEqual(['U']);
    expect(colorsOfDef(card('{B}'))).toEqual(['B']);
    expect(colorsOfDef(card('{R}'))).toEqual(['R']);
    expect(colorsOfDef(card('{4}{C}'))).toEqual([]);
    expect(colorsOfDef(card(''))).toEqual([]);
    expect(colorsOfDef(card())).toEqual([]);
  });

  it('takes a clone to be what it copied from the step of the clone on, a clone of a clone what that copied, a refused clone nothing new', () => {
    const run = runOf(S.CLONES);
    const name = (id: string, step: number) => permanentDef(run, id, step)?.name;
    expect([name('cl1', 0), name('cl1', 1), name('cl1', 4)]).toEqual(['Clone Shell', 'Grizzly Bears', 'Grizzly Bears']);
    expect([name('cl2', 1), name('cl2', 2), name('cl2', 3)]).toEqual(['Clone Shell', 'Grizzly Bears', 'Grizzly Bears']);
    expect([name('cl3', 3), name('cl3', 4), name('bears', 4), name('ox', 2), name('gone', 2)]).toEqual(['Clone Shell', 'Clone Shell', 'Grizzly Bears', 'Ox', undefined]);
    // Asked twice, the same answer (kept once worked out), an unknown one too.
    expect([name('cl1', 4), name('gone', 2)]).toEqual(['Grizzly Bears', undefined]);
    // Steps before the first and after the last are read as the first and the last.
    expect([name('cl1', -1), name('cl1', 99)]).toEqual(['Clone Shell', 'Grizzly Bears']);
    expect(abilityOf(run, 2, 'cl2', 0)).toBeUndefined();
    expect(abilityOf(run, 2, 'ox', 1)).toMatchObject({ event: 'tokenCreated' });
    expect(abilityOf(run, 2, 'gone', 0)).toBeUndefined();
  });

  it('stops on clones an engine took that copy themselves or each other, as the card they are', () => {
    const accepted = (i: number) => (t: { steps: { outcome: string }[] }) => void Object.assign(t.steps[i]!, { outcome: 'accepted' });
    const self = runOf({ ...S.CLONES, actions: [...S.CLONES.actions.slice(0, 3), { do: 'clone', card: 'cl3', copyOf: 'cl3' }] }, accepted(3) as never);
    expect(permanentDef(self, 'cl3', 3)?.name).toBe('Clone Shell');
    const each = runOf({ ...S.CLONES, actions: [{ do: 'clone', card: 'cl1', copyOf: 'cl2' }, { do: 'clone', card: 'cl2', copyOf: 'cl1' }] }, ((t: { steps: { outcome: string }[] }) => {
      accepted(0)(t);
      accepted(1)(t);
    }) as never);
    expect([permanentDef(each, 'cl1', 1)?.name, permanentDef(each, 'cl2', 1)?.name]).toEqual(['Clone Shell', 'Clone Shell']);
  });

  it('takes a permanent that shows another card (a copy of a permanent spell) to be that card', () => {
    const run = runOf(F.COPIED_PERMANENT);
    const copy = run.steps[3]!.after.battlefield.find((p) => p.id === 'copy');
    expect(copy?.card).toBe('titan');
    expect(permanentDef(run, 'copy', 3)?.name).toBe('Kavu Titan');
  });
});
