// Copies of spells (CR 707.2, 707.10, 111.13).
import type { CardDefinition, ObservedPermanent, StackSpell } from '../model/schema-types.ts';
import { Checker, permanentOn, show, sameShown, spellOnStack, STACK_KICK, type CheckContext, type Property, type Run, type RunStep, type Verdict } from './property.ts';
import { activeRequirements } from '../model/declarations.ts';
import { abilityOf, permanentDef } from '../oracle/definitions.ts';
import { spellCopiedOnResolution } from '../oracle/copies.ts';
import { diesAtOnce, legendRuleMayTake } from '../oracle/entries.ts';
import { kickOf } from '../oracle/kicks.ts';
import { timesKicked } from '../model/kick.ts';
import { features } from './features.ts';

/** A copy a step made and the spell it copies, as they stood; or what should be there and is not. */
export type MadeBy = { copy: StackSpell; original: StackSpell } | { missing: { expected: string; observed: string } };

/**
 * The copy an accepted step made and the spell it copies, as they stood. A copy action names both;
 * a resolving copy effect (Twincast) copies a target that is still legal. A copy or an original that
 * should be there and is not is a mismatch the caller fails on, never a reason to stop checking.
 */
export function copyMadeBy(run: Run, step: RunStep): MadeBy | undefined {
  // Every copy property asks this of every step: it is worked out once.
  return run.ofStep(step, 'copy made', () => findCopyMadeBy(run, step));
}

function findCopyMadeBy(run: Run, step: RunStep): MadeBy | undefined {
  const a = step.action;
  if (step.step.outcome !== 'accepted') return undefined;
  if (a.do === 'copy') {
    const original = spellOnStack(step.before, a.spell);
    const copy = spellOnStack(step.after, a.id);
    if (!original) return { missing: { expected: `copying ${a.spell} is rejected: it is not a spell on the stack`, observed: 'the copy was accepted' } };
    if (!copy) return { missing: { expected: `a copy named ${a.id} of ${a.spell} is on the stack`, observed: 'no such object on the stack' } };
    return { copy, original };
  }
  if (a.do !== 'resolve' || a.untilEmpty) return undefined;
  const copy = spellOnStack(step.after, a.id);
  const copied = spellCopiedOnResolution(run, step);
  if (copy?.copy) {
    const original = copied.find((o) => o.card === copy.card);
    if (original) return { copy, original };
    return { missing: { expected: `copy ${a.id} is a copy of a spell the resolving ${step.before.stack.at(-1)?.id ?? 'object'} copies (${copied.map((o) => o.id).join(', ') || 'none'})`, observed: `a copy of card ${copy.card}` } };
  }
  if (copied.length > 0) return { missing: { expected: `a copy named ${a.id} of ${copied[0]!.id} is on the stack`, observed: copy ? `${a.id} is not a copy` : 'no such object on the stack' } };
  return undefined;
}

/** A copy a step made, with the spell it copies as it stood. */
export interface MadeCopy {
  step: RunStep;
  copy: StackSpell;
  original: StackSpell;
}

/**
 * Judges every copy made in a run, with its original, until the first failure. `judge` calls
 * `c.fail` or `c.contested`, or `c.checkedOne` when the copy is as it should be.
 */
export function checkEachCopy(run: Run, judge: (made: MadeCopy, c: Checker) => void): Verdict {
  const c = new Checker();
  for (const step of run.steps) {
    const made = copyMadeBy(run, step);
    if (!made) continue;
    if ('missing' in made) c.fail(step, made.missing.expected, made.missing.observed);
    else judge({ step, copy: made.copy, original: made.original }, c);
    if (c.done) break;
  }
  return c.verdict();
}

/** Whether a scenario makes copies: a copy action, or a cast of a card that copies a spell. */
export const makesCopies = (s: Run['scenario']) => features(s).does.has('copy') || features(s).castCopier;

const KICK_FIELDS = ['kicked', 'kicker', 'multikicker', 'timesKicked'] as const;
/**
 * The branch of a kick field: whether the spell was kicked and with which costs, or how many times
 * (CR 702.33d: a spell with multikicker may be kicked several times). A copy that loses its kick and
 * one that keeps it once are two bugs, and failures in different branches are two clusters.
 */
const KICK_COUNT_RULE: Partial<Record<(typeof KICK_FIELDS)[number], string>> = { multikicker: '702.33d', timesKicked: '702.33d' };

export const copyKickedLikeOriginal: Property = {
  id: 'copies.kicked-like-original',
  rules: ['707.2', '707.10', '702.33d'],
  statement: 'A copy of a spell is kicked exactly as the original was: the same kicker costs and the same multikicker count.',
  needs: { mechanics: ['copy'], anyObserves: [...STACK_KICK] },
  applies: makesCopies,
  check: (run) =>
    checkEachCopy(run, ({ step, copy, original }, c) => {
      // A field reported for one and left out for the other is a mismatch too; one left out of both compares nothing.
      const shown = KICK_FIELDS.filter((k) => original[k] !== undefined || copy[k] !== undefined);
      const f = shown.find((k) => !sameShown(original[k], copy[k]));
      // A count shown for both and different is the number of times; one left out is a field missing.
      const counted = f !== undefined && original[f] !== undefined && copy[f] !== undefined;
      if (f) c.fail(step, `copy ${copy.id} has ${f} ${show(original[f]) ?? '(left out)'} like ${original.id}`, `${f} ${show(copy[f]) ?? '(left out)'}`, undefined, counted ? KICK_COUNT_RULE[f] : undefined);
      else if (shown.length > 0) c.checkedOne();
    }),
};

export const copySameChoices: Property = {
  id: 'copies.same-choices',
  rules: ['707.10', '707.10c', '700.2g'],
  statement: "A copy has the original's X and targets, or the new targets its effect chose, and the same number of targets.",
  needs: { mechanics: ['copy'] },
  applies: makesCopies,
  check: (run, ctx) =>
    checkEachCopy(run, ({ step, copy, original }, c) => {
      const a = step.action;
      const want = (a.do === 'copy' || a.do === 'resolve' ? a.newTargets : undefined) ?? copiedTargetGroups(run, step, copy, original, ctx.readings);
      // A group more or less, or a target more or less, is a failure like any other difference.
      if (original.x !== copy.x) c.fail(step, `copy ${copy.id} has X=${original.x ?? '(none)'} like ${original.id}`, `X=${copy.x ?? '(none)'}`);
      else if (!sameShown(want, copy.targets)) c.fail(step, `copy ${copy.id} has targets ${show(want)}`, `targets ${show(copy.targets)}`);
      else c.checkedOne();
    }),
};

/**
 * The original's target groups a copy takes (CR 707.10), one per target requirement; new targets
 * (CR 707.10c) replace them but keep their number and sizes. The groups of a spliced card go with
 * its text: a copy that has the card spliced onto it (the Everdream ruling; as the engine shows it,
 * or else as the reading expected) has its groups, one that has not (the literal reading of CR
 * 702.47c) has not.
 */
export function copiedTargetGroups(run: Run, step: RunStep, copy: StackSpell, original: StackSpell, readings: CheckContext['readings']): string[][] {
  const main = run.def(original.card);
  const kick = kickOf(run, original, step.index);
  const splicedIds = original.spliced ?? (original.copy ? [] : (run.steps.slice(0, step.index).filter((s) => s.action.do === 'cast' && s.action.card === original.card && s.step.outcome === 'accepted').at(-1)?.action as { splice?: string[] } | undefined)?.splice ?? []);
  const parts = [main, ...splicedIds.map((id) => run.def(id))];
  if (!kick || parts.some((d) => d === undefined)) return original.targets;
  const requirements = activeRequirements(parts as CardDefinition[], kick);
  if (requirements.length !== original.targets.length) return original.targets;
  const kept = copy.spliced ?? (readings.spliceCopy === 'literal' ? [] : splicedIds);
  return original.targets.filter((_, i) => {
    const part = requirements[i]!.part;
    return part === 0 || kept.includes(splicedIds[part - 1]!);
  });
}

export const copyIsNotCast: Property = {
  id: 'copies.not-cast',
  rules: ['707.10', '601.2i'],
  statement: 'A copy is put on the stack, not cast: abilities that trigger on casting a spell do not trigger for it.',
  needs: { mechanics: ['copy', 'triggers'], observes: ['step.triggered'] },
  applies: (s) => makesCopies(s) && features(s).triggerEvents.has('spellCast'),
  check: (run) =>
    checkEachCopy(run, ({ step, copy }, c) => {
      const onCast = (step.step.triggered ?? []).filter((t) => abilityOf(run, step.index, t.source, t.ability)?.event === 'spellCast');
      if (onCast.length > 0) c.fail(step, `no cast trigger for copy ${copy.id}`, `${onCast.map((t) => `${t.source}#${t.ability}`).join(', ')} triggered`);
      else c.checkedOne();
    }),
};

/**
 * Steps where a copy of a permanent spell left the stack by resolving. One resolution at a time: in
 * an untilEmpty step other objects' effects mix in, except for what they cannot change (`untilEmpty`).
 */
function resolvedPermanentCopies(run: Run, o: { untilEmpty?: boolean } = {}): { step: RunStep; copy: StackSpell; token: ObservedPermanent | undefined }[] {
  const out: { step: RunStep; copy: StackSpell; token: ObservedPermanent | undefined }[] = [];
  for (const step of run.accepted()) {
    if (step.action.do !== 'resolve' || (step.action.untilEmpty && !o.untilEmpty)) continue;
    for (const o of step.before.stack) {
      if (o.kind !== 'spell' || !o.copy || o.types.some((t) => t === 'Instant' || t === 'Sorcery')) continue;
      if (step.after.stack.some((x) => x.id === o.id)) continue;
      // A copy a counterspell on the stack is aimed at may leave it countered, not resolved (CR 707.10a).
      if (step.before.stack.some((s) => s.kind === 'spell' && s.targets.some((g) => g.includes(o.id)) && (run.def(s.card)?.effects ?? []).some((e) => e.kind === 'counterSpell'))) continue;
      out.push({ step, copy: o, token: permanentOn(step.after, o.id) });
    }
  }
  return out;
}

export const permanentCopyBecomesKickedToken: Property = {
  id: 'copies.permanent-copy-is-kicked-token',
  rules: ['707.10f', '608.3f', '707.2', '400.7d'],
  statement: 'A copy of a permanent spell resolves into a token, kicked exactly as the copied spell was.',
  needs: { mechanics: ['copy'], actions: ['copy'] },
  applies: (s) => features(s).does.has('copy'),
  check(run) {
    const c = new Checker();
    for (const { step, copy, token } of resolvedPermanentCopies(run, { untilEmpty: true })) {
      // A token can die at once to state-based actions (0 toughness, or the legend rule), or in a step
      // that resolves everything, to what resolves after it; then there is nothing to look at.
      const kick = kickOf(run, copy, step.index);
      if (!kick) continue;
      if (!token) {
        const def = run.def(copy.card);
        if (!(step.action.do === 'resolve' && step.action.untilEmpty) && !diesAtOnce(def, kick) && !(def && legendRuleMayTake(def, step, copy.id))) {
          c.fail(step, `${copy.id} is on the battlefield as a token (CR 707.10f)`, 'it is not');
        }
        continue;
      }
      const kicks = timesKicked(kick);
      if (!token.token) c.fail(step, `${copy.id} entered as a token`, 'it is not a token');
      else if (token.kicked !== undefined && token.kicked !== kicks > 0) c.fail(step, `token ${copy.id} is kicked: ${kicks > 0}, as the copied spell was declared`, `kicked: ${token.kicked}`);
      else if (token.timesKicked !== undefined && token.timesKicked !== kicks) c.fail(step, `token ${copy.id} was kicked ${kicks} times`, `${token.timesKicked} times`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const copyTokenKeepsName: Property = {
  id: 'copies.token-keeps-name',
  rules: ['707.2', '707.10f'],
  statement: "The token a copy of a permanent spell becomes has the copied card's name: a name is a copiable value.",
  needs: { mechanics: ['copy'], actions: ['copy'] },
  applies: (s) => features(s).does.has('copy'),
  check(run) {
    const c = new Checker();
    for (const { step, copy, token } of resolvedPermanentCopies(run, { untilEmpty: true })) {
      // The name comes from the card the scenario names, not from what the engine shows of the stack.
      const name = run.def(copy.card)?.name;
      // Gone at once (state-based actions) or not there: copies.permanent-copy-is-kicked-token says which.
      if (!token || name === undefined) continue;
      if (token.name !== name) c.fail(step, `token ${copy.id} is named ${show(name)}`, `named ${show(token.name)}`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const copyTokenIsNotCreated: Property = {
  id: 'copies.token-not-created',
  rules: ['111.13', '608.3f'],
  statement: 'The token a copy of a permanent spell becomes is not "created": abilities that trigger on a token being created do not trigger.',
  needs: { mechanics: ['copy', 'triggers', 'tokens'], observes: ['step.triggered'] },
  applies: (s) => features(s).does.has('copy') && features(s).triggerEvents.has('tokenCreated'),
  check(run) {
    const c = new Checker();
    for (const { step, copy } of resolvedPermanentCopies(run)) {
      const created = (step.step.triggered ?? []).filter((t) => abilityOf(run, step.index, t.source, t.ability)?.event === 'tokenCreated');
      if (created.length > 0) c.fail(step, `no token-created trigger when ${copy.id} resolves`, `${created.map((t) => `${t.source}#${t.ability}`).join(', ')} triggered`);
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const originalUnchangedByCopy: Property = {
  id: 'copies.original-unchanged',
  rules: ['707.10', '707.2b'],
  statement: 'Copying a spell changes nothing about the original: its kicked status, targets, X and spliced cards stay as they were.',
  needs: { mechanics: ['copy'] },
  applies: makesCopies,
  check: (run) =>
    checkEachCopy(run, ({ step, original }, c) => {
      const after = spellOnStack(step.after, original.id);
      if (!after) return c.fail(step, `${original.id} is still on the stack after it is copied`, 'it is not');
      const fields = ['kicked', 'kicker', 'multikicker', 'timesKicked', 'targets', 'x', 'spliced', 'manaValue', 'colors'] as const;
      const changed = fields.find((f) => !sameShown(original[f], after[f]));
      if (changed) c.fail(step, `${after.id} keeps ${changed} ${show(original[changed])}`, `${changed} ${show(after[changed])}`);
      else c.checkedOne();
    }),
};

export const copyKeepsSplice: Property = {
  id: 'copies.keep-splice',
  rules: ['707.10', '702.47c', '707.2'],
  statement: 'A copy of a spliced spell has the same cards spliced onto it (Everdream ruling); under the literal reading, none. Contested.',
  needs: { mechanics: ['copy', 'splice'], observes: ['stack.spliced'] },
  applies: (s) => makesCopies(s) && features(s).mostSpliced > 0,
  check: (run, ctx) => {
    const literal = ctx.readings.spliceCopy === 'literal';
    const ruling = literal
      ? 'expected the literal reading of CR 702.47c with 707.2 (a text-changing effect is not copied); the engine follows the Everdream ruling (Modern Horizons release notes, 2019-04-29)'
      : 'expected the Everdream ruling (Modern Horizons release notes, 2019-04-29: the copy has the same abilities spliced onto it); the engine follows the literal reading of CR 702.47c with 707.2';
    return checkEachCopy(run, ({ step, copy, original }, c) => {
      if (!original.spliced?.length) return;
      // Spliced cards shown for the original and left out for its copy: a mismatch, not a reading.
      if (copy.spliced === undefined) return c.fail(step, `copy ${copy.id} shows its spliced cards like ${original.id}`, 'spliced left out');
      const want = literal ? [] : original.spliced;
      const other = literal ? original.spliced : [];
      if (sameShown(want, copy.spliced)) c.checkedOne();
      else if (sameShown(other, copy.spliced)) c.contested(step, `copy ${copy.id} spliced ${show(want)}`, `spliced ${show(copy.spliced)}`, ruling);
      else c.fail(step, `copy ${copy.id} spliced ${show(want)}`, `spliced ${show(copy.spliced)}`);
    });
  },
};

export const copyHasOriginalCharacteristics: Property = {
  id: 'copies.same-characteristics',
  rules: ['707.2', '707.2a', '707.10'],
  statement: "A copy of a spell has the original's name, mana cost, types and subtypes, and its colours, unless the copy effect says otherwise (Fork).",
  needs: { mechanics: ['copy'] },
  applies: makesCopies,
  check: (run) =>
    checkEachCopy(run, ({ step, copy, original }, c) => {
      const copier = step.action.do === 'resolve' ? step.before.stack.at(-1) : undefined;
      const recolor = copier?.kind === 'spell' ? run.def(copier.card)?.effects?.find((e) => e.kind === 'copySpell')?.copyColor : undefined;
      const fields: [string, unknown, unknown][] = [
        ['name', original.name, copy.name],
        ['mana cost', original.manaCost, copy.manaCost],
        ['types', [...original.types].sort(), [...copy.types].sort()],
        ['subtypes', [...original.subtypes].sort(), [...copy.subtypes].sort()],
        ['colors', recolor ? [recolor] : [...original.colors].sort(), [...copy.colors].sort()],
      ];
      // A field shown for one and left out for the other (a mana cost) is a mismatch too.
      const wrong = fields.find(([, want, got]) => !sameShown(want, got));
      if (wrong) c.fail(step, `copy ${copy.id} has ${wrong[0]} ${show(wrong[1])}`, `${wrong[0]} ${show(wrong[2])}`);
      else c.checkedOne();
    }),
};

export const copyCeasesOffTheStack: Property = {
  id: 'copies.cease-off-the-stack',
  rules: ['707.10a', '707.10'],
  statement: 'A copy of a spell that leaves the stack (resolved, countered or bounced) ceases to exist: it goes to no graveyard, hand or battlefield as a card.',
  needs: { mechanics: ['copy'] },
  applies: makesCopies,
  check(run) {
    const c = new Checker();
    for (const step of run.accepted()) {
      for (const o of step.before.stack) {
        if (o.kind !== 'spell' || !o.copy || step.after.stack.some((x) => x.id === o.id)) continue;
        const lingering = step.after.players.find((p) => p.hand.includes(o.id) || p.graveyard.includes(o.id));
        // A copy of a permanent spell becomes a token on the battlefield (CR 707.10f); that is not a card anywhere.
        const asCard = step.after.battlefield.find((p) => p.id === o.id && !p.token);
        if (lingering) c.fail(step, `copy ${o.id} ceased to exist when it left the stack`, `it is in ${lingering.id}'s ${lingering.hand.includes(o.id) ? 'hand' : 'graveyard'}`);
        else if (asCard) c.fail(step, `copy ${o.id} is at most a token`, 'a non-token permanent');
        else c.checkedOne();
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
