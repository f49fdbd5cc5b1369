// Splice onto Arcane and onto instant or sorcery (CR 702.47).
import { colorsOf, normalizeManaText, parseMana } from '../model/mana.ts';
import { Checker, show, spellOnStack, type Property } from './property.ts';

const castsWithSplice = (s: { actions: { do: string; splice?: string[] }[] }) =>
  s.actions.some((a) => a.do === 'cast' && (a.splice?.length ?? 0) > 0);

export const splicedCardStaysInHand: Property = {
  id: 'splice.card-stays-in-hand',
  rules: ['702.47a'],
  statement: 'A spliced card is only revealed: it stays in its owner’s hand while the spell is on the stack and after it leaves.',
  needs: { mechanics: ['splice'] },
  applies: castsWithSplice,
  check(run) {
    const c = new Checker();
    // Spliced card id -> its owner, from the cast that spliced it until an action moves it.
    const watched = new Map<string, 'p1' | 'p2'>();
    for (const step of run.steps) {
      const a = step.action;
      if (a.do === 'cast') {
        watched.delete(a.card);
        if (step.step.outcome === 'accepted') for (const id of a.splice ?? []) watched.set(id, a.player);
      }
      for (const [id, owner] of watched) {
        const hand = step.after.players.find((p) => p.id === owner)?.hand ?? [];
        if (!hand.includes(id)) c.fail(step, `spliced card ${id} in ${owner}'s hand`, `${owner}'s hand is ${show(hand)}`);
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const splicedSpellKeepsCharacteristics: Property = {
  id: 'splice.keeps-main-characteristics',
  rules: ['702.47c'],
  statement: 'A spell with cards spliced onto it keeps its own name, mana cost, colours, types and subtypes, and gains none of theirs.',
  needs: { mechanics: ['splice'] },
  applies: castsWithSplice,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      const a = step.action;
      if (a.do !== 'cast' || (a.splice?.length ?? 0) === 0) continue;
      const def = run.def(a.card);
      const o = spellOnStack(step.after, a.card);
      if (!def || !o) continue;
      const printedColors = def.manaCost === undefined ? [] : colorsOf(parseMana(def.manaCost));
      const checks: [string, unknown, unknown][] = [
        ['name', def.name, o.name],
        ['colors', [...printedColors].sort(), [...o.colors].sort()],
        ['types', [...def.types].sort(), [...o.types].sort()],
        ['subtypes', [...(def.subtypes ?? [])].sort(), [...o.subtypes].sort()],
      ];
      if (o.manaCost !== undefined && def.manaCost !== undefined) {
        checks.push(['mana cost', normalizeManaText(def.manaCost), normalizeManaText(o.manaCost)]);
      }
      const wrong = checks.find(([, want, got]) => show(want) !== show(got));
      if (wrong) c.fail(step, `${a.card} keeps ${wrong[0]} ${show(wrong[1])}`, `${wrong[0]} ${show(wrong[2])}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};
