// The catalog of real cards: big and varied enough, consistent, and printed a line per card.
import { describe, expect, it, vi } from 'vitest';
import { listCommand } from '../cli/list.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { catalog, catalogFile } from '../model/catalog.ts';
import { lintCard } from '../model/lint.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import { fileURLToPath } from 'node:url';

const cards = [...catalog().values()];

describe('catalog', () => {
  it('holds cards that each meet the card schema (castcheck does not check them again at start-up)', () => {
    const bad = catalogFile().flatMap((card, i) => formatIssues(validateDocument('card', card)).map((issue) => `catalog/cards.json[${i}] (${card.name}): ${issue}`));
    expect(bad).toEqual([]);
    expect(validateDocument('card', { ...catalogFile()[0], manaCost: 5 }).length).toBeGreaterThan(0);
  });

  it('holds at least 150 printed cards, among them the ones the generators and tests name', () => {
    expect(cards.length).toBeGreaterThanOrEqual(150);
    const names = new Set(cards.map((c) => c.name));
    for (const name of ['Burst Lightning', 'Comet Storm', 'Kavu Titan', 'Gnarlid Pack', 'Everflowing Chalice', 'Glacial Ray', 'Desperate Ritual', 'Lava Spike',
      'Reach Through Mists', 'Everdream', 'Twincast', 'Reverberate', 'Fork', 'Grizzly Bears', 'Hill Giant', 'Centaur Courser', 'Island', 'Mountain']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('covers the variety the issue asks for', () => {
    const some = (what: string, f: (c: (typeof cards)[number]) => boolean) => expect(cards.filter(f).length, what).toBeGreaterThan(0);
    some('instead if kicked', (c) => (c.effects ?? []).some((e) => e.condition === 'insteadIfKicked'));
    some('enters trigger if kicked', (c) => (c.triggers ?? []).some((t) => t.event === 'selfEnters' && t.if === 'kicked'));
    some('enters with counters', (c) => (c.entersWith ?? []).some((e) => e.counter !== undefined));
    some('A/B kicker with linked abilities', (c) => c.kicker?.costs.length === 2 && (c.triggers ?? []).some((t) => t.if === 'kickedB'));
    some('multikicker spell', (c) => c.multikicker !== undefined && c.types.includes('Instant'));
    some('multikicker permanent', (c) => c.multikicker !== undefined && c.types.includes('Creature'));
    some('splice onto Arcane, mana cost', (c) => c.splice?.onto === 'Arcane' && c.splice.cost.mana !== undefined);
    some('splice onto Arcane, sacrifice cost', (c) => c.splice?.onto === 'Arcane' && c.splice.cost.sacrifice !== undefined);
    some('splice onto instant or sorcery', (c) => c.splice?.onto === 'instant or sorcery');
    some('Arcane without splice', (c) => (c.subtypes ?? []).includes('Arcane') && !c.splice);
    some('copy spell', (c) => (c.effects ?? []).some((e) => e.kind === 'copySpell'));
    some('cares about kicked spells', (c) => (c.triggers ?? []).some((t) => t.event === 'spellCast' && t.if === 'kicked') || (c.effects ?? []).some((e) => e.ifTargetKicked));
    some('trigger multiplier', (c) => (c.statics ?? []).some((s) => s.kind === 'triggerMultiplier'));
    some('sacrifice kicker', (c) => (c.kicker?.costs ?? []).some((k) => k.sacrifice !== undefined));
    some('enters with a keyword if kicked', (c) => (c.entersWith ?? []).some((e) => e.keyword !== undefined && e.condition !== undefined));
    some('effect scaled by kicks', (c) => [...(c.effects ?? []), ...(c.triggers ?? []).flatMap((t) => t.effects)].some((e) => e.condition === 'perKick'));
    // Printed cards for every role the generators give synthetic cards.
    some('clone', (c) => c.name === 'Clone');
    some('land watcher', (c) => (c.triggers ?? []).some((t) => t.event === 'landToGraveyard'));
    some('token watcher', (c) => (c.triggers ?? []).some((t) => t.event === 'tokenCreated'));
    some('dealt-damage watcher', (c) => (c.triggers ?? []).some((t) => t.event === 'selfDealtDamage'));
    some('death watcher, only once each turn', (c) => (c.triggers ?? []).some((t) => t.event === 'creaturesDie' && t.triggersOnlyOnceEachTurn));
    some('intervening if about the board', (c) => (c.triggers ?? []).some((t) => t.ifYouControl !== undefined));
    some('cost reducer', (c) => (c.statics ?? []).some((x) => x.kind === 'costReduction' && !x.kicked));
    some('cost increaser', (c) => (c.statics ?? []).some((x) => x.kind === 'costIncrease'));
    some('counterspell', (c) => (c.effects ?? []).some((e) => e.kind === 'counterSpell' && !e.ifTargetKicked));
    some('counterspell to hand or library', (c) => (c.effects ?? []).some((e) => e.counteredTo !== undefined));
  });

  it('names the tokens that effects do not name by their subtypes and the word Token (CR 111.4)', () => {
    for (const def of cards) {
      for (const e of [...(def.effects ?? []), ...(def.triggers ?? []).flatMap((t) => t.effects)]) {
        if (e.token) expect(e.token.name, def.name).toBe(`${(e.token.subtypes ?? []).join(' ')} Token`);
      }
    }
  });

  it('is what examples/printed-only.capabilities.json knows: every card, by Oracle name', () => {
    const caps = readCapabilities(fileURLToPath(new URL('../examples/printed-only.capabilities.json', import.meta.url)));
    expect(caps.cards.synthetic).toBe(false);
    expect([...(caps.cards.oracle ?? [])].sort()).toEqual(cards.map((c) => c.name).sort());
  });

  it('has consistent definitions, and the Oracle text of every card with rules text', () => {
    for (const def of cards) {
      expect(formatIssues(lintCard(def)), def.name).toEqual([]);
      const vanilla = !def.kicker && !def.multikicker && !def.splice && !def.effects && !def.triggers && !def.statics && !def.entersWith && !def.keywords && !def.types.includes('Land');
      if (!vanilla) expect(def.oracleText, def.name).toBeTruthy();
    }
  });

  it('prints a line per card', () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    try {
      expect(listCommand({ cards: true })).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(lines).toHaveLength(cards.length);
    expect(lines.find((l) => l.startsWith('Thornscape Battlemage'))).toMatch(/kicker \{R\} and\/or \{W\}; when it enters, if kickedA; when it enters, if kickedB/);
    expect(lines.find((l) => l.startsWith('Vines of Vastwood'))).toMatch(/\[simplified: /);
  });
});
