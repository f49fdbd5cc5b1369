import { describe, expect, it } from 'vitest';
import { parseJson } from '../model/json-file.ts';
import { lintCard, lintScenario } from '../model/lint.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import type { Scenario } from '../model/schema-types.ts';

const scenario = (): Scenario => ({
  format: 'castcheck-scenario/1',
  cards: [{ id: 'bolt', oracle: 'Burst Lightning' }],
  players: [{ id: 'p1', hand: ['bolt'], mana: { R: 5 } }, { id: 'p2' }],
  actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }],
});

describe('schema validation', () => {
  it('accepts a valid scenario', () => {
    expect(validateDocument('scenario', scenario())).toEqual([]);
  });

  it('names a misspelled field by its JSON pointer and suggests the right one', () => {
    const s = scenario() as unknown as { actions: Record<string, unknown>[] };
    s.actions[0]!.kickr = s.actions[0]!.kicker;
    delete s.actions[0]!.kicker;
    expect(formatIssues(validateDocument('scenario', s))).toEqual(["/actions/0/kickr: unknown property 'kickr' (did you mean 'kicker'?)"]);
  });

  it('reports an unknown action by its pointer', () => {
    const s = scenario() as unknown as { actions: unknown[] };
    s.actions.push({ do: 'resolv' });
    const lines = formatIssues(validateDocument('scenario', s));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\/actions\/1\/do: "resolv" is not a known 'do' \(did you mean 'resolve'\?\)/);
  });

  it('reports wrong types and enum values', () => {
    const s = scenario() as unknown as { players: Record<string, unknown>[]; actions: Record<string, unknown>[] };
    s.players[0]!.life = 'twenty';
    s.actions[0]!.kicker = ['C'];
    expect(formatIssues(validateDocument('scenario', s))).toEqual([
      '/players/0/life: expected integer, got string',
      '/actions/0/kicker/0: "C" is not allowed; expected one of "A", "B"',
    ]);
  });

  it('gives the line and column of malformed JSON', () => {
    expect(() => parseJson('{\n  "a": [1,, 2]\n}', 'x.json')).toThrow(/^x\.json:2:11: malformed JSON/);
  });
});

describe('scenario consistency', () => {
  it('finds cards in two zones, unknown references and bad card definitions', () => {
    const s = scenario();
    s.players[1]!.hand = ['bolt'];
    s.actions.push({ do: 'copy', spell: 'nothing' });
    s.cards.push({ id: 'odd', definition: { name: 'Odd', manaCost: '{R}', types: ['Instant'], effects: [{ kind: 'damage', amount: 2, target: 0 }] } });
    s.players[0]!.graveyard = ['odd'];
    const issues = formatIssues(lintScenario(normalizeScenario(s)));
    expect(issues).toContain("/players/1/hand/0: card 'bolt' is already in p1's hand");
    expect(issues).toContain("/actions/1/spell: 'nothing' names no player, card, earlier action or ability an earlier action put on the stack");
    expect(issues).toContain('/cards/1/definition/effects/0/target: there is no target requirement 0');
  });

  it('finds card features used where they mean nothing', () => {
    const issues = formatIssues(
      lintCard({
        name: 'Odd Card',
        manaCost: '{R}',
        types: ['Instant'],
        targets: [{ kind: 'creature', another: true }],
        effects: [
          { kind: 'draw', amount: 1, unpreventable: true },
          { kind: 'bounce', target: 0, ifTargetKicked: true },
          { kind: 'createToken', amount: 1, token: { name: 'Beast', types: ['Creature'] } },
        ],
      }),
    );
    expect(issues).toContain("/targets/0/another: 'another' needs an earlier target requirement to differ from");
    expect(issues).toContain('/effects/0/unpreventable: only damage can be unpreventable');
    expect(issues).toContain('/effects/1/ifTargetKicked: ifTargetKicked belongs to a counterSpell effect');
    expect(issues).toContain('/effects/2/token: a creature token needs power and toughness');
    expect(formatIssues(lintCard({ name: 'Odd Land', types: ['Land'], cantBeCountered: true }))).toEqual([
      '/cantBeCountered: only a card that can be cast as a spell can be uncounterable',
    ]);
  });

  it('fills in defaults and catalog definitions', () => {
    const n = normalizeScenario(scenario());
    expect(n.actions[0]).toMatchObject({ id: 'a1', player: 'p1' });
    expect(n.players[1]).toMatchObject({ life: 20, hand: [], battlefield: [] });
    expect(n.cards[0]!.definition.name).toBe('Burst Lightning');
    expect(() => normalizeScenario({ ...scenario(), cards: [{ id: 'x', oracle: 'Burst Lightnin' }] })).toThrow(/did you mean 'Burst Lightning'/);
  });
});
