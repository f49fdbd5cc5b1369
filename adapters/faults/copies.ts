// Faults in copying spells (CR 707.2, 707.10, 111.13): what a copy takes from the original, what
// it becomes, and what it is not (cast, created, a card).
import { enterBattlefield } from '../reference/zones.ts';
import { player, spellById, type StackSpell } from '../reference/game.ts';
import { burstLightning, oracle, scenario, synthetic, type Fault } from './fault.ts';

export const COPY_FAULTS: readonly Fault[] = [
  {
    id: 'copy-loses-kicked',
    family: 'copies',
    rules: ['707.2', '707.10'],
    summary: 'A copy of a kicked spell is not kicked: the copy takes the card but not the kicker decisions.',
    inspiredBy:
      'Reports of copies of kicked spells doing the unkicked thing: phase-rs #7638 (a copied kicked Rite of Replication copies the unkicked version), XMage #7192 (Krark and Rite of Replication: the copy read its kicked status from the card after it changed zones).',
    minimal: {
      shows: 'copies.kicked-like-original',
      scenario: burstLightning({ kicked: true, then: [{ do: 'copy', spell: 'bolt' }] }),
    },
    apply: (base) => ({
      ...base,
      copyOfSpell: (orig, req, r) => ({ ...base.copyOfSpell(orig, req, r), kicker: [], multikicker: 0 }),
    }),
  },
  {
    id: 'copy-multikicker-once',
    family: 'copies',
    rules: ['707.2', '707.10', '702.33c'],
    summary: 'A copy of a multikicked spell is kicked once: the copy keeps a kicked flag, not the number of times.',
    inspiredBy:
      'XMage #7431: Verazol, the Split Current copied a multikicked Everflowing Chalice and the copy entered without the counters the original got; engines that copy a kicked flag rather than the count.',
    minimal: {
      shows: 'copies.kicked-like-original',
      scenario: scenario({
        cards: [oracle('pack', 'Gnarlid Pack')],
        p1: { hand: ['pack'], mana: { G: 3, C: 3 } },
        actions: [{ do: 'cast', card: 'pack', multikicker: 2 }, { do: 'copy', spell: 'pack' }],
      }),
    },
    apply: (base) => ({
      ...base,
      copyOfSpell: (orig, req, r) => ({ ...base.copyOfSpell(orig, req, r), multikicker: Math.min(1, orig.multikicker) }),
    }),
  },
  {
    id: 'copy-x-zero',
    family: 'copies',
    rules: ['707.10', '202.3e', '107.3'],
    summary: 'A copy of a spell with {X} has X = 0: the copy reads X from the card, where it is 0, not from the spell.',
    inspiredBy: 'Reports of storm or Twincast copies of X spells (Fireball, Comet Storm) dealing no damage; the copy takes the printed card, whose X is 0 off the stack.',
    minimal: {
      shows: 'copies.same-choices',
      scenario: scenario({
        cards: [oracle('storm', 'Comet Storm')],
        p1: { hand: ['storm'], mana: { R: 2, C: 2 } },
        actions: [{ do: 'cast', card: 'storm', x: 2, targets: [['p2']] }, { do: 'copy', spell: 'storm' }],
      }),
    },
    apply: (base) => ({
      ...base,
      copyOfSpell: (orig, req, r) => {
        const copy = base.copyOfSpell(orig, req, r);
        if (copy.x !== undefined) copy.x = 0;
        return copy;
      },
    }),
  },
  {
    id: 'copy-ignores-new-targets',
    family: 'copies',
    rules: ['707.10c'],
    summary: 'A copy effect that lets its controller choose new targets keeps the original targets anyway.',
    inspiredBy: 'Reports that Twincast or Reverberate "does not let me choose new targets": the copy is made before, or without, the retargeting step.',
    minimal: {
      shows: 'copies.same-choices',
      scenario: burstLightning({ kicked: false, then: [{ do: 'copy', spell: 'bolt', newTargets: [['p1']] }] }),
    },
    apply: (base) => ({
      ...base,
      putCopyOnStack: (g, spellId, req, r) => {
        const { newTargets: _ignored, ...rest } = req;
        return base.putCopyOnStack(g, spellId, rest, r);
      },
    }),
  },
  {
    id: 'copy-retarget-moves-original',
    family: 'copies',
    rules: ['707.10', '707.2b'],
    summary: "New targets chosen for a copy are written into the original's targets too: the copy and the spell share one target list.",
    inspiredBy: 'Aliasing bugs where a copy is a shallow copy of the spell object, so that changing the copy changes the original (reports of both spells hitting the new target).',
    minimal: {
      shows: 'copies.original-unchanged',
      scenario: burstLightning({ kicked: false, then: [{ do: 'copy', spell: 'bolt', newTargets: [['p1']] }] }),
    },
    apply: (base) => ({
      ...base,
      putCopyOnStack: (g, spellId, req, r) => {
        const error = base.putCopyOnStack(g, spellId, req, r);
        const orig = spellById(g, spellId);
        const copy = g.stack.at(-1);
        // A spell on the stack is sealed (game.ts): the original is swapped for itself with the copy's targets.
        if (!error && req.newTargets && orig && copy?.kind === 'spell') g.stack[g.stack.indexOf(orig)] = { ...orig, targets: copy.targets };
        return error;
      },
    }),
  },
  {
    id: 'copy-ignores-colour-change',
    family: 'copies',
    rules: ['707.2', '707.10'],
    summary: 'A copy effect that changes the copy\'s colour (Fork: "except that the copy is red") makes a copy of the original\'s colour.',
    inspiredBy: 'Reports of Fork copies keeping the original colour (and so being stopped by protection from red, or not); the exception of a copy effect dropped.',
    minimal: {
      shows: 'copies.same-characteristics',
      scenario: scenario({
        cards: [oracle('dream', 'Everdream'), oracle('fork', 'Fork')],
        p1: { hand: ['dream', 'fork'], mana: { U: 1, R: 2, C: 1 } },
        actions: [{ do: 'cast', card: 'dream' }, { do: 'cast', card: 'fork', targets: [['dream']] }, { do: 'resolve', id: 'copy' }],
      }),
    },
    apply: (base) => ({
      ...base,
      copyOfSpell: (orig, req, r) => {
        const { colors: _ignored, ...rest } = req;
        return base.copyOfSpell(orig, rest, r);
      },
    }),
  },
  {
    id: 'copy-goes-to-graveyard',
    family: 'copies',
    rules: ['707.10a', '608.2n'],
    summary: 'A copy of a spell that leaves the stack is put into its owner\'s graveyard like a card, instead of ceasing to exist.',
    inspiredBy: 'Engines that model a copy as a card and move it like one: reports of storm copies showing up in the graveyard (and counting for threshold or delve).',
    minimal: {
      shows: 'copies.cease-off-the-stack',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'copy', spell: 'bolt' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      spellToGraveyard: (g, spell) => void player(g, spell.owner).graveyard.push(spell.copy ? spell.id : spell.card),
    }),
  },
  {
    id: 'bounced-copy-to-hand',
    family: 'copies',
    rules: ['707.10a'],
    summary: "A copy of a spell returned to its owner's hand goes there like a card, instead of ceasing to exist.",
    inspiredBy: 'Engines whose "return target spell to its owner\'s hand" moves the object on the stack to a hand without asking whether it is a copy; the same shape as storm copies found in graveyards.',
    minimal: {
      shows: 'copies.cease-off-the-stack',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'copy', id: 'c1', spell: 'bolt' }, { do: 'bounce', object: 'c1' }],
      }),
    },
    apply: (base) => ({
      ...base,
      bounce: (g, id, r) => {
        const copy = spellById(g, id);
        if (!copy?.copy) return base.bounce(g, id, r);
        g.stack = g.stack.filter((s) => s !== copy);
        player(g, copy.controller).hand.push(copy.id);
        return null;
      },
    }),
  },
  {
    id: 'copy-triggers-cast',
    family: 'copies',
    rules: ['707.10', '601.2i'],
    summary: 'Putting a copy of a spell on the stack triggers "whenever you cast" abilities, as if the copy were cast.',
    inspiredBy: 'Reports of storm or Twincast copies triggering cast triggers (prowess, "whenever you cast a kicked spell"); the copy goes through the cast event.',
    minimal: {
      shows: 'copies.not-cast',
      scenario: scenario({
        cards: [oracle('goblin', 'Bloodstone Goblin'), oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1, C: 4 }, battlefield: [{ card: 'goblin' }] },
        actions: [{ do: 'cast', card: 'bolt', kicker: ['A'], targets: [['p2']] }, { do: 'copy', spell: 'bolt' }],
      }),
    },
    apply: (base) => ({
      ...base,
      putCopyOnStack: (g, spellId, req, r) => {
        const error = base.putCopyOnStack(g, spellId, req, r);
        const copy = g.stack.at(-1);
        if (!error && copy?.kind === 'spell') r.collectTriggers(g, { kind: 'spellCast', spell: copy }, r);
        return error;
      },
    }),
  },
  {
    id: 'copy-token-not-kicked',
    family: 'copies',
    rules: ['707.10f', '707.2', '400.7d'],
    summary: 'The token a copy of a kicked permanent spell becomes is not kicked: a copied kicked Kavu Titan enters as a 2/2.',
    inspiredBy:
      'XMage pull request #7084 (copying permanent spells), whose list left "copying whether they were kicked" open; the Kavu Titan ruling that the token from a copy of a kicked spell is kicked.',
    minimal: {
      shows: 'copies.permanent-copy-is-kicked-token',
      scenario: scenario({
        cards: [oracle('kavu', 'Kavu Titan')],
        p1: { hand: ['kavu'], mana: { G: 2, C: 3 } },
        actions: [{ do: 'cast', card: 'kavu', kicker: ['A'] }, { do: 'copy', spell: 'kavu' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      permanentFromSpell: (g, spell) => base.permanentFromSpell(g, spell.copy ? { ...spell, kicker: [], multikicker: 0 } : spell),
    }),
  },
  {
    id: 'copy-token-created',
    family: 'copies',
    rules: ['111.13', '608.3f'],
    summary: 'The token a copy of a permanent spell becomes counts as "created": "whenever a token is created" abilities trigger.',
    inspiredBy: 'XMage pull request #7084 (a copy of a permanent spell becomes a token that is not "created", so Doubling Season does not apply) and Forge #4223, where users expected the opposite.',
    minimal: {
      shows: 'copies.token-not-created',
      scenario: scenario({
        cards: [
          synthetic('watcher', { name: 'Token Watcher', manaCost: '{2}', types: ['Creature'], power: 1, toughness: 4, triggers: [{ event: 'tokenCreated', whose: 'any', effects: [{ kind: 'gainLife', amount: 1 }] }] }),
          oracle('bears', 'Grizzly Bears'),
        ],
        p1: { hand: ['bears'], mana: { G: 1, C: 1 }, battlefield: [{ card: 'watcher' }] },
        actions: [{ do: 'cast', card: 'bears' }, { do: 'copy', spell: 'bears' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      resolvePermanentSpell: (g, spell: StackSpell, r) => enterBattlefield(g, r.permanentFromSpell(g, spell), { created: spell.copy }, r),
    }),
  },
  {
    id: 'copy-splice-effects-lost',
    family: 'copies',
    rules: ['707.10', '702.47b'],
    summary: 'A copy of a spliced spell lists the spliced cards but resolves with the main card\'s effects only.',
    inspiredBy:
      'The Everdream ruling (a copy has the same abilities spliced onto it) against engines that copy the card\'s own abilities: XMage #8485 reports that splice effects reached replicate copies only through a workaround.',
    minimal: {
      shows: 'resolution.player-effects',
      scenario: scenario({
        cards: [oracle('spike', 'Lava Spike'), oracle('ritual', 'Desperate Ritual')],
        p1: { hand: ['spike', 'ritual'], mana: { R: 2, C: 1 } },
        actions: [{ do: 'cast', card: 'spike', splice: ['ritual'], targets: [['p2']] }, { do: 'copy', spell: 'spike' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      spellParts: (spell) => (spell.copy ? base.spellParts(spell).slice(0, 1) : base.spellParts(spell)),
    }),
  },
  {
    id: 'token-copy-renamed',
    family: 'copies',
    rules: ['707.10f', '707.2'],
    summary: 'The token a copy of a permanent spell becomes is named "<card name> Token": everything else about the token is right, but a name is a copiable value (CR 707.2).',
    inspiredBy:
      'Engines that name tokens for their interface ("Kavu Titan Token") and whose authors keep it so: a known bug that looks cosmetic (it matters to the legend rule and to anything that reads names), the example castcheck\'s expectations file is written for.',
    minimal: {
      shows: 'copies.token-keeps-name',
      scenario: scenario({
        cards: [oracle('bears', 'Grizzly Bears')],
        p1: { hand: ['bears'], mana: { G: 1, C: 1 } },
        actions: [{ do: 'cast', card: 'bears' }, { do: 'copy', spell: 'bears' }, { do: 'resolve' }],
      }),
    },
    apply: (base) => ({
      ...base,
      permanentFromSpell: (g, spell) => {
        const p = base.permanentFromSpell(g, spell);
        return spell.copy ? { ...p, def: { ...p.def, name: `${p.def.name} Token` } } : p;
      },
    }),
  },
  {
    id: 'copy-with-new-targets-vanishes',
    family: 'copies',
    rules: ['707.10', '707.10c'],
    summary: 'A copy given new targets is never put on the stack: choosing new targets for it cancels the copy.',
    inspiredBy: 'Reports of a copy effect making no copy at all (the copy properties have nothing to judge then), from engines whose retargeting step drops the copy when its targets change.',
    minimal: {
      shows: 'copies.copy-appears',
      scenario: scenario({
        cards: [oracle('bolt', 'Burst Lightning')],
        p1: { hand: ['bolt'], mana: { R: 1 } },
        actions: [{ do: 'cast', card: 'bolt', targets: [['p2']] }, { do: 'copy', id: 'copy', spell: 'bolt', newTargets: [['p1']] }],
      }),
    },
    apply: (base) => ({
      ...base,
      putCopyOnStack: (g, spellId, req, r) => {
        if (!req.newTargets) return base.putCopyOnStack(g, spellId, req, r);
        const before = g.stack.length;
        const rejected = base.putCopyOnStack(g, spellId, req, r);
        if (!rejected) g.stack.splice(before, 1);
        return rejected;
      },
    }),
  },
  {
    id: 'copy-controlled-by-original-controller',
    family: 'copies',
    rules: ['707.10'],
    summary: "A copy of an opponent's spell is controlled by the original's controller, not by the player who copied it.",
    inspiredBy:
      "Reports of Twincast or Reverberate cast at an opponent's spell giving the copy to that opponent (the copy dealt damage to its own copier); engines that build the copy from the original and keep its controller.",
    minimal: {
      shows: 'copies.copier-controls',
      scenario: burstLightning({ kicked: false, then: [{ do: 'copy', player: 'p2', spell: 'bolt' }] }),
    },
    apply: (base) => ({
      ...base,
      copyOfSpell: (orig, req, r) => ({ ...base.copyOfSpell(orig, req, r), owner: orig.controller, controller: orig.controller }),
    }),
  },
  {
    id: 'counter-copy-hits-original',
    family: 'copies',
    rules: ['707.10', '707.10a'],
    summary: 'A counterspell aimed at a copy of a spell counters the original instead: the engine looks the target up by its card.',
    inspiredBy:
      'Reports of countering a storm or Twincast copy removing the original spell from the stack; engines that find a stack object by card id, which a copy shares with its original.',
    minimal: {
      shows: 'copies.counter-hits-copy',
      scenario: burstLightning({ kicked: false, then: [{ do: 'copy', id: 'copy', spell: 'bolt' }, { do: 'counter', spell: 'copy' }] }),
    },
    apply: (base) => ({
      ...base,
      counterSpellOnStack: (g, spell, r, to) => base.counterSpellOnStack(g, (spell.copy && g.stack.find((s): s is StackSpell => s.kind === 'spell' && !s.copy && s.card === spell.card)) || spell, r, to),
    }),
  },
];
