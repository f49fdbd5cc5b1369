// A repro as a JUnit 4 test in XMage's own test DSL (Mage.Tests, CardTestPlayerBase): the cards
// added to their zones under aliases, each action as the harness command integrations/xmage plays it
// (castSpell with its targets, setChoice for X and each kicker cost, waitStackResolved), and the
// facts that make the failure asserted in a runCode right after the failing action, on XMage's own
// objects. It compiles in XMage's Mage.Tests module, without castcheck.
import type { NormalizedScenario } from '../../model/scenario.ts';
import type { Repro } from '../../model/schema-types.ts';
import { InputError } from '../../model/errors.ts';
import { actionLabel, factLabel, headerLines } from './describe.ts';
import type { ExportFacts, Fact, Json } from './facts.ts';
import { javaComment, javaString, pascalName } from './literals.ts';

const MAIN = 'PhaseStep.PRECOMBAT_MAIN';
const PLAYER: Record<string, string> = { p1: 'playerA', p2: 'playerB' };

export function xmageJunitFile(repro: Repro, exported: ExportFacts, testClass: string): string {
  if (exported.related.length > 0) throw new InputError('this failure shows in a related run (a relation between two scenarios): XMage\'s DSL plays one game per test, so export it --as junit instead');
  const s = exported.scenario;
  const aliases = new Map(s.cards.map((c, i) => [c.id, `c${i}`]));
  const aliasList = [...aliases.values()].map((a) => javaString(a)).join(', ');
  const oracle = new Map(s.cards.map((c) => [c.id, c.oracle]));
  for (const c of s.cards) if (c.oracle === undefined) throw new InputError(`card ${c.id} has no Oracle name: XMage knows printed cards only`);
  const last = Math.max(...exported.facts.map((f) => f.step), exported.basis === 'crash' ? s.actions.length - 1 : 0);
  const method = pascalName(repro.property?.id ?? repro.verdict).replace(/^./, (c) => c.toLowerCase());
  const body: string[] = [];
  const setup: string[] = [];
  for (const p of s.players) {
    const who = PLAYER[p.id]!;
    // The library is the scenario's alone: the harness's test deck under it goes.
    setup.push(`            for (java.util.UUID card : game.getPlayer(${who}.getId()).getLibrary().getCardList()) if (!aliased(card)) game.getPlayer(${who}.getId()).getLibrary().remove(card, game);`);
    body.push(`        setLife(${who}, ${p.life});`);
    const add = (zone: string, id: string, extra = '') => body.push(`        addCard(Zone.${zone}, ${who}, ${javaString(`${oracle.get(id)}@${aliases.get(id)}`)}${extra}); // ${id}`);
    for (const id of p.hand) add('HAND', id);
    for (const id of p.graveyard) add('GRAVEYARD', id);
    for (const id of [...p.library].reverse()) add('LIBRARY', id); // each goes on top: the top card last
    for (const b of p.battlefield) {
      add('BATTLEFIELD', b.card, `, 1, ${b.tapped ? 'true' : 'false'}`);
      for (const [name, n] of Object.entries(b.counters ?? {})) {
        setup.push(`            permanent(game, ${javaString(aliases.get(b.card)!)}).addCounters(CounterType.findByName(${javaString(name)}).createInstance(${n}), ${who}.getId(), source(${who}), game);`);
      }
    }
    const m = p.mana;
    const mana = ['W', 'U', 'B', 'R', 'G'].map((k) => m[k as keyof typeof m] ?? 0);
    if ([...mana, m.C ?? 0].some((n) => n > 0)) {
      setup.push(`            game.getPlayer(${who}.getId()).getManaPool().addMana(new Mana(${mana.join(', ')}, 0, 0, ${m.C ?? 0}), game, source(${who}), true);`);
    }
  }
  const lines: string[] = [];
  // The cards cast and not yet resolved: XMage's harness finds a spell it targets by name (a spell's id is not its card's).
  const stack: string[] = [];
  for (let i = 0; i <= last; i++) lines.push('', `        // ${actionLabel(s, i)}`, ...command(s, i, aliases, oracle));
  const asserts = exported.facts.map((f) => assertion(f, s, aliases));
  if (exported.basis !== 'crash' && !asserts.some((a) => a.startsWith('Assert.'))) {
    throw new InputError(`none of the values that show this failure can be asked of XMage's objects (${exported.facts.map(factLabel).join('; ')}): such a test could not fail`);
  }
  return [
    javaComment(headerLines(repro, exported, 'xmage-junit').join('\n')),
    '//',
    javaComment('XMage plays the scenario with its own test harness: the cards under aliases (c0, c1...), each action as a'),
    javaComment('harness command, and the values castcheck expects checked on XMage\'s objects right after the failing action.'),
    '',
    'package org.mage.test.castcheck;',
    '',
    'import mage.Mana;',
    'import mage.abilities.Ability;',
    'import mage.abilities.common.SimpleStaticAbility;',
    'import mage.abilities.effects.common.InfoEffect;',
    'import mage.abilities.keyword.KickerAbility;',
    'import mage.constants.PhaseStep;',
    'import mage.constants.Zone;',
    'import mage.counters.CounterType;',
    'import mage.game.Game;',
    'import mage.game.permanent.Permanent;',
    'import mage.game.stack.Spell;',
    'import mage.game.stack.StackObject;',
    'import org.junit.Assert;',
    'import org.junit.Test;',
    'import org.mage.test.player.TestPlayer;',
    'import org.mage.test.serverside.base.CardTestPlayerBase;',
    '',
    `public class ${testClass} extends CardTestPlayerBase {`,
    '',
    '    @Test',
    `    public void ${method}() {`,
    ...body,
    '',
    `        runCode("castcheck: the starting counters and mana", 1, ${MAIN}, playerA, (info, player, game) -> {`,
    ...setup,
    '        });',
    ...lines,
    '',
    `        // The values castcheck expects after ${actionLabel(s, last)}:`,
    `        runCode("castcheck: after ${s.actions[last]!.id}", 1, ${MAIN}, playerA, (info, player, game) -> {`,
    ...asserts.map((a) => `            ${a}`),
    '            // What follows is not the repro\'s: let XMage\'s AI make any choice it asks for.',
    '            playerA.setChooseStrictMode(false);',
    '            playerB.setChooseStrictMode(false);',
    '        });',
    '',
    '        setStrictChooseMode(true);',
    '        skipInitShuffling(); // the scenario\'s library in its order',
    `        setStopAt(1, PhaseStep.BEGIN_COMBAT);`,
    '        execute();',
    '    }',
    '',
    '    /** The object a castcheck id names, by the alias it was added under. */',
    '    private java.util.UUID uuid(String alias) {',
    '        java.util.UUID id = playerA.getAliasByName("@" + alias);',
    '        Assert.assertNotNull("no object added as @" + alias, id);',
    '        return id;',
    '    }',
    '',
    '    /** The source of the setup\'s mana and counters, as the harness\'s own cheats have one. */',
    '    private Ability source(TestPlayer player) {',
    '        Ability source = new SimpleStaticAbility(Zone.OUTSIDE, new InfoEffect("castcheck setup"));',
    '        source.setControllerId(player.getId());',
    '        return source;',
    '    }',
    '',
    '    /** Whether a card is one of the scenario\'s (added under an alias). */',
    '    private boolean aliased(java.util.UUID card) {',
    `        for (String alias : new String[]{${aliasList}}) if (card.equals(playerA.getAliasByName("@" + alias))) return true;`,
    '        return false;',
    '    }',
    '',
    '    private Permanent permanent(Game game, String alias) {',
    '        return game.getPermanent(uuid(alias));',
    '    }',
    '',
    '    /** The spell on the stack made from the card added under this alias; null when there is none. */',
    '    private Spell spell(Game game, String alias) {',
    '        for (StackObject o : game.getStack()) {',
    '            if (o instanceof Spell && !((Spell) o).isCopy() && ((Spell) o).getCard().getId().equals(uuid(alias))) return (Spell) o;',
    '        }',
    '        return null;',
    '    }',
    '}',
    '',
  ].join('\n');

  function command(sc: NormalizedScenario, i: number, al: Map<string, string>, or: Map<string, string | undefined>): string[] {
    const a = sc.actions[i]!;
    const who = PLAYER['player' in a && a.player ? a.player : 'p1']!;
    if (a.do === 'resolve') {
      if (a.untilEmpty) stack.length = 0;
      else stack.pop();
      return [`        waitStackResolved(1, ${MAIN}, ${who}, ${a.untilEmpty ? 'false' : 'true'});`];
    }
    if (a.do !== 'cast') throw new InputError(`${a.id}: XMage's harness is given no ${a.do} action here (integrations/xmage plays cast and resolve)`);
    const targets = (a.targets ?? []).map((g) => g.map((t) => (t === 'p1' ? 'targetPlayer=PlayerA' : t === 'p2' ? 'targetPlayer=PlayerB' : stack.includes(t) ? or.get(t)! : `@${al.get(t)}`)).join('^'));
    stack.push(a.card);
    const name = javaString(or.get(a.card)!);
    const out = [targets.length > 0 ? `        castSpell(1, ${MAIN}, ${who}, ${name}, ${javaString(targets.join('^'))});` : `        castSpell(1, ${MAIN}, ${who}, ${name});`];
    if (a.x !== undefined) out.push(`        setChoice(${who}, "X=${a.x}");`);
    const def = sc.cards.find((c) => c.id === a.card)?.definition;
    (def?.kicker?.costs ?? []).forEach((_, k) => {
      const label = String.fromCharCode(65 + k);
      out.push(`        setChoice(${who}, ${(a.kicker ?? []).includes(label as never) ? 'true' : 'false'}); // kicker ${label}`);
    });
    if (def?.multikicker) {
      for (let k = 0; k < (a.multikicker ?? 0); k++) out.push(`        setChoice(${who}, true); // multikicker, ${k + 1}`);
      out.push(`        setChoice(${who}, false); // no more multikicker`);
    }
    return out;
  }
}

/** One fact as a JUnit assertion on XMage's objects; a comment for what XMage's objects cannot be asked. */
function assertion(f: Fact, s: NormalizedScenario, aliases: Map<string, string>): string {
  const msg = javaString(`after ${s.actions[f.step]!.id}: ${factLabel(f)}`);
  const eq = (expected: string, actual: string) => `Assert.assertEquals(${msg}, ${expected}, ${actual});`;
  const alias = (id: string) => aliases.get(id);
  const num = (v: Json | undefined) => (typeof v === 'number' ? String(v) : typeof v === 'boolean' ? String(v) : undefined);
  if (f.what === 'present') {
    if (f.zone === 'players' || alias(f.id) === undefined) return `// not asserted: ${factLabel(f)} (no XMage object carries the id ${f.id})`;
    const get = f.zone === 'battlefield' ? `permanent(game, ${javaString(alias(f.id)!)})` : `spell(game, ${javaString(alias(f.id)!)})`;
    return `Assert.${f.value ? 'assertNotNull' : 'assertNull'}(${msg}, ${get});`;
  }
  if (f.what !== 'field') return `// not asserted: ${factLabel(f)} = ${JSON.stringify(f.value)} (the harness does not tell outcomes or triggers apart)`;
  const key = f.path.join('.');
  if (f.zone === 'players') {
    const p = `game.getPlayer(${PLAYER[f.id]}.getId())`;
    if (key === 'life' && num(f.value)) return eq(num(f.value)!, `${p}.getLife()`);
    if (key === 'lost') return eq(String(f.value === true), `${p}.hasLost()`);
    if ((key === 'hand' || key === 'graveyard') && Array.isArray(f.value)) {
      return eq(String(f.value.length), `${p}.get${key === 'hand' ? 'Hand' : 'Graveyard'}().size()`);
    }
  }
  const a = alias(f.id);
  if (a !== undefined && f.zone === 'battlefield') {
    const p = `permanent(game, ${javaString(a)})`;
    if (f.path[0] === 'counters' && f.path.length === 2) return eq(num(f.value) ?? '0', `${p}.getCounters(game).getCount(${javaString(f.path[1]!)})`);
    if (key === 'power' || key === 'toughness') return eq(num(f.value)!, `${p}.get${key === 'power' ? 'Power' : 'Toughness'}().getValue()`);
    if (key === 'tapped') return eq(String(f.value === true), `${p}.isTapped()`);
    if (key === 'damage') return eq(num(f.value) ?? '0', `${p}.getDamage()`);
  }
  if (a !== undefined && f.zone === 'stack') {
    const sp = `spell(game, ${javaString(a)})`;
    if (key === 'timesKicked') return eq(num(f.value) ?? '0', `KickerAbility.getKickedCounter(game, ${sp}.getSpellAbility())`);
    if (key === 'kicked') return eq(String(f.value === true), `KickerAbility.getKickedCounter(game, ${sp}.getSpellAbility()) > 0`);
    if (key === 'manaValue') return eq(num(f.value)!, `${sp}.getManaValue()`);
  }
  return `// not asserted: ${factLabel(f)} = ${JSON.stringify(f.value)} (no XMage accessor for it here)`;
}
