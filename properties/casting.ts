// Casting as a whole (CR 601.2) and illegal actions (CR 733.1).
import { diffStates, formatDifferences, sameJson } from '../model/compare.ts';
import { formatMana, toPool, type Mana } from '../model/mana.ts';
import { canPay } from '../oracle/payment.ts';
import type { NCastAction } from '../model/scenario.ts';
import type { ObservedPlayer, ObservedState } from '../model/schema-types.ts';
import { familyOf, type FamilyInfo } from '../model/rejections.ts';
import { Checker, type Property, type Run, type RunStep } from './property.ts';
import { declarationProblems, sacrificeProblem, targetsShieldedFromSplicedColours, type DeclarationProblem } from '../oracle/cast-legality.ts';
import { expectedTotalMana } from '../oracle/total-cost.ts';
import { features } from './features.ts';

// What castcheck's model of the start fixes, as against what an engine works out for itself (names,
// keywords, power and toughness): without the engine's own view of the start, only the former is compared.
const DERIVED_PERMANENT_FIELDS = ['name', 'keywords', 'power', 'toughness', 'damage', 'kicked', 'timesKicked', 'card'];

function withoutDerived(state: ObservedState): ObservedState {
  const battlefield = state.battlefield.map((p) => Object.fromEntries(Object.entries(p).filter(([k]) => !DERIVED_PERMANENT_FIELDS.includes(k)))) as ObservedState['battlefield'];
  return { ...state, battlefield };
}

/** The state before a step as the engine itself saw it, and whether that is the engine's own view. */
function engineBefore(run: Run, step: RunStep): { state: ObservedState; own: boolean } {
  if (step.index > 0) return { state: step.before, own: true };
  const initial = run.trace.initialState;
  return initial ? { state: initial, own: true } : { state: step.before, own: false };
}

export const rejectionChangesNothing: Property = {
  id: 'casting.rejection-changes-nothing',
  rules: ['733.1', '601.2'],
  statement: 'A rejected action leaves the game exactly as it was: no card moved, no mana spent, nothing on the stack.',
  applies: () => true,
  check(run) {
    const c = new Checker();
    for (const step of run.steps) {
      if (step.step.outcome !== 'rejected') continue;
      // Judged against the engine's own view of the state before (its previous step, or its initial
      // state); a rejected first action without one is judged on what the scenario fixes.
      const before = engineBefore(run, step);
      // The same state written the same way (the common case) has no differences to look for.
      const diffs = before.own ? (sameJson(before.state, step.after) ? [] : diffStates(before.state, step.after)) : diffStates(withoutDerived(before.state), withoutDerived(step.after));
      if (diffs.length > 0) c.fail(step, 'the state before the action', formatDifferences(diffs.slice(0, 3)));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** The families a rejection may come from: one per problem; a cast may be refused for any of them. */
function acceptedFamilies(problems: readonly DeclarationProblem[]): FamilyInfo[] {
  return [...new Set(problems.map((p) => familyOf(p.reason)).filter((f) => f !== undefined))];
}

function describeProblems(problems: readonly DeclarationProblem[]): string {
  return problems.map((p) => `${familyOf(p.reason)?.id ?? p.reason} (${p.reason}: ${p.why})`).join(' or ');
}

function describeReason(reason: string | undefined): string {
  const f = reason === undefined ? undefined : familyOf(reason);
  return `reason ${reason ?? '(none)'}${f && f.id !== reason ? ` (${f.id})` : ''}`;
}

/**
 * The branch of a cast with an illegal declaration, accepted or refused for another reason, by what
 * its (first) problem is: an object it may not cast (CR 601.2a), a declaration the card does not
 * allow (CR 601.2b), or targets that do not fit (CR 601.2c). An engine that takes a card spliced
 * twice (accepting the cast, or refusing it only for its cost) and one that lets a spell target
 * itself have two bugs, and failures in different branches are two clusters.
 */
const PROBLEM_RULE: Readonly<Record<string, string>> = { 'illegal-object': '601.2a', 'illegal-declaration': '601.2b', 'illegal-targets': '601.2c' };

export const illegalDeclarationsRejected: Property = {
  id: 'casting.illegal-declarations-rejected',
  rules: ['733.1', '601.2a', '601.2b', '601.2c', '702.33b', '702.33g', '702.47b'],
  statement:
    'A cast whose declarations break a rule (a card not in hand, a kicker cost twice or not printed, a splice twice or onto the wrong spell, targets that do not fit) is rejected, with a reason of the family of one of its problems.',
  applies: (s) => features(s).does.has('cast'),
  check(run) {
    const c = new Checker();
    for (const step of run.casts()) {
      const problems = declarationProblems(run, step, step.action);
      if (problems.length === 0 || step.step.outcome === 'unsupported') continue;
      // A cast with several problems may be refused for any of them, an unpayable cost included, but
      // only once the declarations can be read: a total cost follows from legal declarations (CR 601.2f).
      // A card not in hand still has its total cost, read from its definition and the declarations.
      const costKnown = !problems.some((p) => familyOf(p.reason)?.id === 'illegal-declaration' || p.reason === 'no-such-object');
      const payment: DeclarationProblem[] = !costKnown
        ? []
        : sacrificeProblem(run, step, step.action)
          ? [{ reason: 'sacrifice-mismatch', why: 'the sacrifices do not fit' }]
          : unpayable(run, step)
            ? [{ reason: 'cannot-pay', why: 'the total cost cannot be paid' }]
            : [];
      const families = acceptedFamilies([...problems, ...payment]);
      const rule = PROBLEM_RULE[familyOf(problems[0]!.reason)?.id ?? ''];
      if (step.step.outcome === 'accepted') c.fail(step, `rejected: ${problems.map((p) => p.why).join('; ')}`, 'accepted', undefined, rule);
      else if (step.step.outcome === 'rejected' && !families.includes(familyOf(step.step.reason ?? '')!)) {
        c.fail(step, `rejected as ${describeProblems([...problems, ...payment])}`, describeReason(step.step.reason), undefined, rule);
      } else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

/** The caster's mana as the engine showed it before the cast; undefined where it did not show it. */
function casterPool(step: RunStep & { action: NCastAction }): ObservedPlayer['mana'] {
  return step.before.players.find((p) => p.id === step.action.player)?.mana;
}

/**
 * Whether the declared total cost may be more than the caster's mana, as the engine saw it before: a
 * pool the engine does not show is read as empty (toPool), since it may be short of any total that
 * asks for mana; a total of nothing is paid from any pool.
 */
function unpayable(run: Run, step: RunStep & { action: NCastAction }): boolean {
  const pool = casterPool(step);
  const total = expectedTotalMana(run, step, step.action);
  return total !== undefined && !canPay(toPool(pool), total);
}

/**
 * For a cast whose declarations are all legal and whose sacrifices fit: its total cost, and whether
 * the caster's mana before it pays that (CR 601.2f-h); undefined for any other cast, or where the
 * pool or the total is unknown. Both unpayable-rejected and legal-cast-accepted judge every cast by
 * it, so it is worked out once per cast step.
 */
function payment(run: Run, step: RunStep & { action: NCastAction }): { total: Readonly<Mana>; payable: boolean } | undefined {
  return run.ofStep(step, 'payment', () => {
    if (declarationProblems(run, step, step.action).length > 0 || sacrificeProblem(run, step, step.action)) return undefined;
    const pool = casterPool(step);
    const total = expectedTotalMana(run, step, step.action);
    if (pool === undefined || !total) return undefined;
    return { total, payable: canPay(toPool(pool), total) };
  });
}

/** Whether a cast's declarations are all legal, its sacrifices fit and its total cost is payable: it must be accepted. */
function legalAndPayable(run: Run, step: RunStep & { action: NCastAction }): { total: Readonly<Mana> } | undefined {
  const def = run.def(step.action.card);
  if (!def || def.types.includes('Land') || def.manaCost === undefined) return undefined;
  const pay = payment(run, step);
  return pay?.payable ? pay : undefined;
}

export const unpayableRejected: Property = {
  id: 'casting.unpayable-rejected',
  rules: ['601.2h', '733.1'],
  statement:
    'A cast whose total cost the mana available cannot pay, or whose sacrifices do not fit the sacrifice costs it declares, is rejected, with a reason of the illegal-payment family (cannot-pay); no partial payment is made.',
  needs: { observes: ['player.mana'] },
  applies: (s) => features(s).does.has('cast'),
  check(run) {
    const c = new Checker();
    for (const step of run.casts()) {
      // A sacrifice cost left unpaid is a cost not paid (CR 601.2h), once the declarations are legal.
      const unfit = step.step.outcome === 'accepted' && declarationProblems(run, step, step.action).length === 0 ? sacrificeProblem(run, step, step.action) : undefined;
      if (unfit !== undefined) {
        c.fail(step, `rejected: the sacrifices do not fit (${unfit})`, 'accepted');
        if (c.done) break;
        continue;
      }
      const pay = payment(run, step);
      if (!pay || pay.payable || step.step.outcome === 'unsupported') continue;
      if (step.step.outcome === 'accepted') c.fail(step, `rejected: the total cost ${formatMana(pay.total)} cannot be paid`, 'accepted');
      else if (step.step.outcome === 'rejected' && familyOf(step.step.reason ?? '')?.id !== 'illegal-payment') c.fail(step, 'rejected as illegal-payment (cannot-pay)', describeReason(step.step.reason));
      else c.checkedOne();
      if (c.done) break;
    }
    return c.verdict();
  },
};

export const legalCastAccepted: Property = {
  id: 'casting.legal-cast-accepted',
  rules: ['601.2', '601.2b', '118.9d', '702.33a', '702.47a', '702.47c'],
  statement:
    'A cast with legal declarations and a payable total cost is accepted: optional kicker, multikicker and splice costs are always on offer, on a free cast too.',
  needs: { observes: ['player.mana'] },
  applies: (s) => features(s).does.has('cast'),
  check(run) {
    const c = new Checker();
    for (const step of run.casts()) {
      const legal = legalAndPayable(run, step);
      if (!legal) continue;
      if (step.step.outcome === 'accepted') c.checkedOne();
      else {
        // Refused for its targets, which only the spliced cards' colours would make illegal: the engine
        // gave the spell their colours, as splice.keeps-main-characteristics sees where it is cast.
        const spliced = familyOf(step.step.reason ?? '')?.id === 'illegal-targets' && targetsShieldedFromSplicedColours(run, step, step.action);
        const expected = `accepted (total cost ${formatMana(legal.total)} is payable${spliced ? `; its targets are legal for ${step.action.card}'s own colours, which it keeps, not its spliced cards'` : ''})`;
        c.fail(step, expected, `${step.step.outcome}: ${step.step.reason ?? ''} ${step.step.message ?? ''}`.trim(), ...(spliced ? (['spliced-colours', '702.47c'] as const) : []));
      }
      if (c.done) break;
    }
    return c.verdict();
  },
};
