// Breakers for resolution.spell-condition-on-resolution (CR 608.2c): spells whose "if you control ..."
// instruction destroys or returns a target, each condition written out for the engine author (a
// subtype, a type, a name, any permanent), the instructions it does not judge (a conditioned damage
// instruction, a target gone before the spell resolves, a target an earlier instruction or a splice
// may have killed), and the resolutions it cannot place (a spell the engine shows wrongly, none at all,
// a spell that fizzles).
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { CardDefinition, Scenario, Trace } from '../model/schema-types.ts';
import { propertyById } from '../properties/index.ts';
import { editableCopy } from './fixtures/traces.ts';
import { engine, permanent, spellAt, step, verdictOf } from './fixtures/trace-edits.ts';

const p = propertyById('resolution.spell-condition-on-resolution')!;
const instant = (name: string, rest: Partial<CardDefinition>): CardDefinition => ({ name, manaCost: '{1}', types: ['Instant'], ...rest });
const CREATURE = [{ kind: 'creature' as const }];

/**
 * p1 controls an Island and Everflowing Chalice, no Ornithopter; p2 eight Grizzly Bears. Steps:
 * 0-1 Marsh Return ("if you control a Swamp or Island, return target creature") returns b1; 2-3 Bird
 * Decree ("if you control Ornithopter, destroy") leaves b2; 4-5 Artifice Doom ("if you control an
 * artifact, destroy") destroys b3; 6-7 Any Doom ("if you control a permanent") destroys b4; 8-9 Bird
 * Burn's conditioned damage leaves b5; 10-12 Split Decree's creature target b6 destroyed before it
 * resolves (its player target keeps it from fizzling); 13-14 Sear and Decree's 2 damage kills b7 before
 * its conditioned destroy, which does not hold; 15-17 Marsh Return again at b8, flickered before it
 * resolves (a new object: the spell fizzles); 18-19 Scorch and Return's 1 damage, then its return of b9
 * (which holds).
 */
const S: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'ret', definition: instant('Marsh Return', { targets: CREATURE, effects: [{ kind: 'bounce', target: 0, ifYouControl: { subtypes: ['Swamp', 'Island'] } }] }) },
    { id: 'named', definition: instant('Bird Decree', { targets: CREATURE, effects: [{ kind: 'destroy', target: 0, ifYouControl: { name: 'Ornithopter' } }] }) },
    { id: 'art', definition: instant('Artifice Doom', { targets: CREATURE, effects: [{ kind: 'destroy', target: 0, ifYouControl: { types: ['Artifact'] } }] }) },
    { id: 'any', definition: instant('Any Doom', { targets: CREATURE, effects: [{ kind: 'destroy', target: 0, ifYouControl: {} }] }) },
    { id: 'burn', definition: instant('Bird Burn', { targets: CREATURE, effects: [{ kind: 'damage', amount: 1, target: 0, ifYouControl: { name: 'Ornithopter' } }] }) },
    {
      id: 'two',
      definition: instant('Split Decree', { targets: [...CREATURE, { kind: 'player' }], effects: [{ kind: 'destroy', target: 0, ifYouControl: { name: 'Ornithopter' } }, { kind: 'gainLife', amount: 1 }] }),
    },
    { id: 'sear', definition: instant('Sear and Decree', { targets: CREATURE, effects: [{ kind: 'damage', amount: 2, target: 0 }, { kind: 'destroy', target: 0, ifYouControl: { name: 'Ornithopter' } }] }) },
    { id: 'scorch', definition: instant('Scorch and Return', { targets: CREATURE, effects: [{ kind: 'damage', amount: 1, target: 0 }, { kind: 'bounce', target: 0, ifYouControl: { subtypes: ['Island'] } }] }) },
    { id: 'ret2', definition: instant('Marsh Return', { targets: CREATURE, effects: [{ kind: 'bounce', target: 0, ifYouControl: { subtypes: ['Swamp', 'Island'] } }] }) },
    { id: 'island', oracle: 'Island' },
    { id: 'chalice', oracle: 'Everflowing Chalice' },
    ...['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'].map((id) => ({ id, oracle: 'Grizzly Bears' })),
  ],
  players: [
    { id: 'p1', hand: ['ret', 'named', 'art', 'any', 'burn', 'two', 'sear', 'ret2', 'scorch'], mana: { C: 12 }, battlefield: [{ card: 'island' }, { card: 'chalice' }] },
    { id: 'p2', battlefield: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8', 'b9'].map((card) => ({ card })) },
  ],
  actions: [
    { do: 'cast', card: 'ret', targets: [['b1']] },
    { do: 'resolve' },
    { do: 'cast', card: 'named', targets: [['b2']] },
    { do: 'resolve' },
    { do: 'cast', card: 'art', targets: [['b3']] },
    { do: 'resolve' },
    { do: 'cast', card: 'any', targets: [['b4']] },
    { do: 'resolve' },
    { do: 'cast', card: 'burn', targets: [['b5']] },
    { do: 'resolve' },
    { do: 'cast', card: 'two', targets: [['b6'], ['p2']] },
    { do: 'destroy', permanent: 'b6' },
    { do: 'resolve' },
    { do: 'cast', card: 'sear', targets: [['b7']] },
    { do: 'resolve' },
    { do: 'cast', card: 'ret2', targets: [['b8']] },
    { do: 'flicker', permanent: 'b8' },
    { do: 'resolve' },
    { do: 'cast', card: 'scorch', targets: [['b9']] },
    { do: 'resolve' },
  ],
};
const s = normalizeScenario(S);
const fresh = () => editableCopy(engine.runSync(s));
/** Puts a permanent back on the battlefield after a step, as it was the step before. */
const kept = (t: Trace, i: number, id: string) => void step(t, i).state.battlefield.push({ ...permanent(t, i - 1, id) });
/** Takes a permanent off the battlefield after a step. */
const removed = (t: Trace, i: number, id: string) => void (step(t, i).state.battlefield = step(t, i).state.battlefield.filter((o) => o.id !== id));

describe('resolution.spell-condition-on-resolution', () => {
  it('judges each conditioned destroy or return of a target there as the spell resolves, and no other instruction', async () => {
    // Marsh Return, Bird Decree, Artifice Doom, Any Doom, Scorch and Return (damaged, and returned as
    // it should be): Bird Burn's damage, Split Decree's target gone
    // before, Sear and Decree's target killed by its damage and the fizzled Marsh Return count none.
    expect(await verdictOf(p, s, fresh())).toEqual({ status: 'pass', checks: 5 });
  });

  it('names the condition as an engine author reads it, held or not, in each failure', async () => {
    const breaks: [string, (t: Trace) => void, string, string, string, number][] = [
      ['a2', (t) => kept(t, 1, 'b1'), 'b1 leaves the battlefield (bounce): “if you control a Swamp or Island” holds as ret (Marsh Return) resolves', 'it is still there', 'condition-ignored', 1],
      ['a4', (t) => removed(t, 3, 'b2'), 'b2 stays on the battlefield: “if you control Ornithopter” does not hold as named (Bird Decree) resolves', 'it left the battlefield', 'done-without-condition', 2],
      ['a6', (t) => kept(t, 5, 'b3'), 'b3 leaves the battlefield (destroy): “if you control an Artifact” holds as art (Artifice Doom) resolves', 'it is still there', 'condition-ignored', 3],
      ['a8', (t) => kept(t, 7, 'b4'), 'b4 leaves the battlefield (destroy): “if you control a permanent” holds as any (Any Doom) resolves', 'it is still there', 'condition-ignored', 4],
    ];
    for (const [at, change, expected, observed, kind, checks] of breaks) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), at).toEqual({ status: 'fail', step: at, expected, observed, kind, rule: '608.2c', checks });
    }
  });

  it('a target gone though the condition does not hold is no failure where damage or a splice may have killed it', async () => {
    // Bird Burn's target gone with its conditioned damage not dealt: a resolution.player-effects matter.
    const burnt = fresh();
    removed(burnt, 9, 'b5');
    expect(await verdictOf(p, s, burnt)).toEqual({ status: 'pass', checks: 5 });
    // Bird Decree shown without its list of spliced cards (an optional observation) is judged as one with none.
    const unlisted = fresh();
    delete spellAt(unlisted, 2, 0).spliced;
    removed(unlisted, 3, 'b2');
    expect(await verdictOf(p, s, unlisted)).toMatchObject({ status: 'fail', step: 'a4', kind: 'done-without-condition', checks: 2 });
  });

  it('leaves alone resolutions it cannot place: no spell on the stack, a card it does not know, a spell that is no instant or sorcery', async () => {
    const edits: [string, (t: Trace) => void][] = [
      ['nothing on the stack', (t) => void (step(t, 0).state.stack = [])],
      ['a card not in the scenario', (t) => void (spellAt(t, 0, 0).card = 'nosuch')],
      ['shown as a creature spell', (t) => void (spellAt(t, 0, 0).types = ['Creature'])],
    ];
    for (const [what, change] of edits) {
      const t = fresh();
      change(t);
      expect(await verdictOf(p, s, t), what).toEqual({ status: 'pass', checks: 4 });
    }
  });
});

/** Horobi's Whisper without a Swamp, Glacial Ray spliced onto it at p2. */
const SPLICED: Scenario = {
  format: 'castcheck-scenario/1',
  cards: [
    { id: 'whisper', oracle: "Horobi's Whisper" },
    { id: 'ray', oracle: 'Glacial Ray' },
    { id: 'bears', oracle: 'Grizzly Bears' },
  ],
  players: [{ id: 'p1', hand: ['whisper', 'ray'], mana: { B: 2, R: 1, C: 2 } }, { id: 'p2', battlefield: [{ card: 'bears' }] }],
  actions: [{ do: 'cast', card: 'whisper', splice: ['ray'], targets: [['bears'], ['p2']] }, { do: 'resolve' }],
};

describe('resolution.spell-condition-on-resolution with a splice', () => {
  it("Horobi's Whisper without a Swamp leaves Grizzly Bears; gone with Glacial Ray spliced on, it is left to the effect properties", async () => {
    const sp = normalizeScenario(SPLICED);
    const t = editableCopy(engine.runSync(sp));
    expect(step(t, 1).outcome).toBe('accepted');
    expect(await verdictOf(p, sp, t)).toEqual({ status: 'pass', checks: 1 });
    removed(t, 1, 'bears');
    expect((await verdictOf(p, sp, t)).status).not.toBe('fail');
  });
});
