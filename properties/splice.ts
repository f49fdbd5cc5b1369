// Splice onto Arcane and onto instant or sorcery (CR 702.47).
import { normalizeManaText } from '../model/mana.ts';
import { castSpellOrFail, Checker, sameShown, show, type Property, type Run, type RunStep } from './property.ts';
import { colorsOfDef, permanentDef } from '../oracle/definitions.ts';
import { coloursWithSpliced, declarationProblems } from '../oracle/cast-legality.ts';
import { features } from './features.ts';

const castsWithSplice = (s: Run['scenario']) => features(s).mostSpliced > 0;
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
        const after = step.after.players.find((p) => p.id === owner);
        const hand = after?.hand ?? [];
        if (hand.includes(id)) c.checkedOne();
        // Revealed, not protected: a resolving discard effect may take it (CR 702.47a's own example).
        else if (after?.graveyard.includes(id) && discardsOnResolution(run, step)) watched.delete(id);
        else c.fail(step, `spliced card ${id} in ${owner}'s hand`, `${owner}'s hand is ${show(hand)}`);
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** Whether something that resolved in this step could make a player discard. */
function discardsOnResolution(run: Run, step: RunStep): boolean {
  if (step.action.do !== 'resolve') return false;
  return step.before.stack.some((o) => {
    if (step.after.stack.some((x) => x.id === o.id)) return false;
    const defs = o.kind === 'spell' ? [run.def(o.card), ...(o.spliced ?? []).map((id) => run.def(id))] : [permanentDef(run, o.source, step.index)];
    const effects = defs.flatMap((d) => [...(d?.effects ?? []), ...(o.kind === 'ability' ? (d?.triggers?.[o.ability]?.effects ?? []) : [])]);
    return effects.some((e) => e.kind === 'discard');
  });
}

export const splicedSpellKeepsCharacteristics: Property = {
  id: 'splice.keeps-main-characteristics',
  rules: ['702.47c', '202.3'],
  statement: 'A spell with cards spliced onto it keeps its own name, mana cost, colours, types and subtypes, and gains none of theirs.',
  needs: { mechanics: ['splice'] },
  applies: castsWithSplice,
  check(run) {
    const c = new Checker();
    for (const step of run.acceptedCasts()) {
      const a = step.action;
      if ((a.splice?.length ?? 0) === 0) continue;
      const def = run.def(a.card);
      const o = castSpellOrFail(c, step, a.card);
      if (!o) break;
      if (!def) continue;
      const printedColors = colorsOfDef(def);
      const checks: [string, unknown, unknown][] = [
        ['name', def.name, o.name],
        ['colors', [...printedColors].sort(), [...o.colors].sort()],
        ['types', [...def.types].sort(), [...o.types].sort()],
        ['subtypes', [...(def.subtypes ?? [])].sort(), [...o.subtypes].sort()],
      ];
      // A mana cost is left out when the engine does not show it; shown for a card that has none, it is wrong.
      if (o.manaCost !== undefined) checks.push(['mana cost', def.manaCost === undefined ? 'none' : normalizeManaText(def.manaCost), normalizeManaText(o.manaCost)]);
      const wrong = checks.find(([, want, got]) => !sameShown(want, got));
      // Its own colours and its spliced cards' together: the colours an engine that splices
      // characteristics gives it, which also make it refuse targets with protection from them.
      const taken = wrong?.[0] === 'colors' && sameShown(coloursWithSpliced(run, a), [...o.colors].sort());
      if (wrong) c.fail(step, `${a.card} keeps ${wrong[0]} ${show(wrong[1])}${taken ? `, not its spliced cards'` : ''}`, `${wrong[0]} ${show(wrong[2])}`, ...(taken ? (['spliced-colours', '702.47c'] as const) : []));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const spliceDeclarations: Property = {
  id: 'splice.declarations',
  rules: ['702.47a', '702.47b'],
  statement: 'A card can be spliced only from its owner’s hand, only once onto a spell, and only onto a spell with its quality; other splices are rejected.',
  needs: { mechanics: ['splice'] },
  applies: castsWithSplice,
  check(run) {
    const c = new Checker();
    const spliceReasons = ['splice-card-twice', 'splice-card-unavailable', 'splice-quality-mismatch'];
    for (const step of run.casts()) {
      if ((step.action.splice?.length ?? 0) === 0) continue;
      const problems = declarationProblems(run, step, step.action).filter((p) => spliceReasons.includes(p.reason));
      if (problems.length === 0) continue;
      if (step.step.outcome === 'accepted') c.fail(step, `rejected: ${problems[0]!.why}`, 'accepted');
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const spliceLostOffTheStack: Property = {
  id: 'splice.lost-off-the-stack',
  rules: ['702.47e', '400.7'],
  statement: 'A spell loses its spliced text when it leaves the stack: cast again, it has only what is spliced onto it then.',
  needs: { mechanics: ['splice'], observes: ['stack.spliced'], actions: ['bounce'] },
  applies: (s) => castsWithSplice(s) && features(s).does.has('bounce'),
  check(run) {
    const c = new Checker();
    const cast = new Set<string>();
    for (const step of run.acceptedCasts()) {
      const a = step.action;
      if (cast.has(a.card)) {
        const o = castSpellOrFail(c, step, a.card);
        if (o?.spliced && !sameShown(o.spliced, a.splice ?? [])) c.fail(step, `${a.card}, cast again, has spliced ${show(a.splice ?? [])}`, `spliced ${show(o.spliced)}`);
        else if (o?.spliced) c.checkedOne();
      }
      cast.add(a.card);
      if (c.done) break;
    }
    return c.verdict();
  },
};
