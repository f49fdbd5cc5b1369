// What makes a cast illegal (oracle/cast-legality.ts, CR 601.2): each problem of its declarations
// with the rejection reason it calls for, in the order the rules meet them, and the sacrifices its
// costs ask for (CR 601.2h). Every cast is judged against the scenario's starting state.
import { describe, expect, it } from 'vitest';
import { declarationProblems, kickerDeclarationProblem, sacrificeProblem } from '../oracle/cast-legality.ts';
import type { NCastAction } from '../model/scenario.ts';
import * as C from './fixtures/oracle-cast-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

const run = runOf(C.DECLARATIONS);
const start = run.steps[0]!;
const cast = (card: string, rest: Partial<NCastAction> = {}): NCastAction => ({ do: 'cast', card, player: 'p1', ...rest }) as NCastAction;
/** The reasons a cast calls for, each with why, as the oracle lists them. */
const problems = (a: NCastAction) => declarationProblems(run, start, a).map((p) => `${p.reason}: ${p.why}`);

describe('the oracle of cast legality (CR 601.2)', () => {
  it('finds nothing wrong with legal declarations', () => {
    expect(problems(cast('bolt', { targets: [['p2']] }))).toEqual([]);
    expect(problems(cast('bolt', { kicker: ['A'], targets: [['ox']] }))).toEqual([]);
    expect(problems(cast('spike', { splice: ['ray', 'far'], targets: [['p2'], ['theirs']] }))).toEqual([]);
    expect(problems(cast('bolt', { splice: ['skill'], targets: [['p2']] }))).toEqual([]);
    expect(problems(cast('comet', { x: 2, targets: [['p2']] }))).toEqual([]);
    expect(problems(cast('comet', { x: 0, withoutPayingManaCost: true, targets: [['p2']] }))).toEqual([]);
    expect(problems(cast('pair', { targets: [['p1', 'p2'], ['ox']] }))).toEqual([]);
    expect(problems(cast('extra', { kicker: ['A'], targets: [['p2'], ['p1']] }))).toEqual([]);
    expect(problems(cast('pack', { multikicker: 3 }))).toEqual([]);
  });

  it('the card: one the scenario lacks, one not in the caster\'s hand', () => {
    expect(problems(cast('nothing'))).toEqual(['no-such-object: no card nothing']);
    expect(problems(cast('elsewhere', { targets: [['p2']] }))).toEqual(["not-in-hand: elsewhere is not in p1's hand"]);
    expect(problems(cast('bolt', { player: 'p2', targets: [['p1']] }))).toEqual(["not-in-hand: bolt is not in p2's hand"]);
  });

  it('splice (CR 702.47a-b): a card twice, one that cannot be spliced, onto a spell of another quality', () => {
    expect(problems(cast('spike', { splice: ['ray', 'ray'], targets: [['p2'], ['p2'], ['p2']] }))).toEqual(['splice-card-twice: a card is spliced twice']);
    expect(problems(cast('spike', { splice: ['ray', 'ray'], targets: [['p2'], ['p2']] }))).toEqual(['splice-card-twice: a card is spliced twice', 'wrong-target-count: 2 target groups for 3 requirements']);
    expect(problems(cast('spike', { splice: ['bolt'], targets: [['p2'], ['p2']] }))).toEqual(['splice-card-unavailable: bolt cannot be spliced']);
    expect(problems(cast('spike', { splice: ['elsewhere'], targets: [['p2'], ['p2']] }))).toEqual(['splice-card-unavailable: elsewhere cannot be spliced']);
    expect(problems(cast('ray', { splice: ['ray'], targets: [['p2'], ['p2']] }))).toEqual(['splice-card-unavailable: ray cannot be spliced']);
    expect(problems(cast('bolt', { splice: ['ray'], targets: [['p2'], ['p2']] }))).toEqual(['splice-quality-mismatch: Burst Lightning is not Arcane']);
    expect(problems(cast('bears', { splice: ['skill'] }))).toEqual(['splice-quality-mismatch: Grizzly Bears is not instant or sorcery']);
    // A spliced card the scenario lacks leaves the targets unread.
    expect(problems(cast('spike', { splice: ['nothing'], targets: [] }))).toEqual(['splice-card-unavailable: nothing cannot be spliced']);
  });

  it('kicker (CR 702.33b-c) and X (CR 107.3b)', () => {
    expect(problems(cast('bolt', { kicker: ['A', 'A'], targets: [['p2']] }))).toEqual(['kicker-declared-twice: a kicker cost is declared twice']);
    expect(problems(cast('bolt', { kicker: ['B'], targets: [['p2']] }))).toEqual(['kicker-not-printed: a kicker cost is declared that Burst Lightning does not print']);
    expect(problems(cast('bolt', { multikicker: 1, targets: [['p2']] }))).toEqual(['kicker-not-printed: a kicker cost is declared that Burst Lightning does not print']);
    expect(problems(cast('comet', { targets: [['p2']] }))).toEqual(['x-mismatch: X does not fit the mana cost']);
    expect(problems(cast('bolt', { x: 1, targets: [['p2']] }))).toEqual(['x-mismatch: X does not fit the mana cost']);
    expect(problems(cast('comet', { x: 2, withoutPayingManaCost: true, targets: [['p2']] }))).toEqual(['x-mismatch: X does not fit the mana cost']);
    expect(kickerDeclarationProblem(run.def('bolt')!, ['A', 'A'], 0)).toBe('a kicker cost is declared twice');
    expect(kickerDeclarationProblem(run.def('bolt')!, ['B'], 0)).toBe('a kicker cost is declared that Burst Lightning does not print');
    expect(kickerDeclarationProblem(run.def('bolt')!, [], 2)).toBe('multikicker is paid but Burst Lightning has none');
    expect(kickerDeclarationProblem(run.def('pack')!, [], 2)).toBeUndefined();
    expect(kickerDeclarationProblem(run.def('bolt')!, ['A'], 0)).toBeUndefined();
    expect(kickerDeclarationProblem(run.def('pack')!, ['A'], 0)).toBe('a kicker cost is declared that Pack does not print');
  });

  it('targets (CR 601.2c, 702.33g, 702.47b): a spliced part with no legal target, the count of groups and of targets, repeats, illegal ones', () => {
    const noCreatures = runOf({ ...C.DECLARATIONS, players: [{ ...C.DECLARATIONS.players[0]!, battlefield: [] }, { id: 'p2', hand: ['elsewhere'] }] });
    expect(declarationProblems(noCreatures, noCreatures.steps[0]!, cast('spike', { splice: ['crush'], targets: [['p2'], []] }))).toEqual([{ reason: 'splice-no-legal-target', why: 'Creature Crush has no legal target' }]);
    expect(problems(cast('spike', { splice: ['crush'], targets: [['p2'], ['ox']] }))).toEqual([]);
    expect(problems(cast('bolt', { targets: [] }))).toEqual(['wrong-target-count: 0 target groups for 1 requirements']);
    expect(problems(cast('extra', { targets: [['p2'], ['p1']] }))).toEqual(['target-for-unkicked-part: 2 target groups for 1 requirements']);
    expect(problems(cast('extra', { targets: [['p2'], ['p1'], ['p1']] }))).toEqual(['wrong-target-count: 3 target groups for 1 requirements']);
    expect(problems(cast('pair', { targets: [['p1'], ['ox']] }))).toEqual(['wrong-target-count: group 0 has 1 targets for 2']);
    expect(problems(cast('pair', { targets: [['p2', 'p2'], ['ox']] }))).toEqual(['illegal-target: group 0 repeats a target']);
    expect(problems(cast('pair', { targets: [['p1', 'p2'], ['p2']] }))).toEqual(['illegal-target: group 1 repeats a target']);
    expect(problems(cast('bolt', { targets: [['isl1']] }))).toEqual(['illegal-target: isl1 is not a legal any target']);
    expect(problems(cast('spike', { targets: [['ox']] }))).toEqual(['illegal-target: ox is not a legal player target']);
  });

  it('sacrifices (CR 601.2h): as many as the costs declared ask, each a permanent of the caster that fits', () => {
    const sac = (card: string, rest: Partial<NCastAction>) => sacrificeProblem(run, start, cast(card, rest));
    expect(sac('bolt', { targets: [['p2']] })).toBeUndefined();
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1', 'isl2'] })).toBeUndefined();
    expect(sac('river', {})).toBeUndefined();
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1'] })).toBe('2 sacrifices are due, 1 named');
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1', 'isl1'] })).toBe('2 sacrifices are due, 2 named');
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1', 'mtn'] })).toBe('mtn is not a Island');
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1', 'ox'] })).toBe('ox is not a Land');
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1', 'theirs'] })).toBe('theirs is not a permanent p1 controls');
    expect(sac('river', { kicker: ['A'], sacrifice: ['isl1', 'gone'] })).toBe('gone is not a permanent p1 controls');
    expect(sac('river', { sacrifice: ['isl1'] })).toBe('0 sacrifices are due, 1 named');
    expect(sac('lurk', { multikicker: 1, sacrifice: ['ox'] })).toBeUndefined();
    expect(sac('lurk', { multikicker: 2, sacrifice: ['ox'] })).toBe('2 sacrifices are due, 1 named');
    expect(sac('lurk', { multikicker: 1 })).toBe('1 sacrifices are due, 0 named');
    expect(sac('spike', { splice: ['offer'], sacrifice: ['ox'], targets: [['p2']] })).toBeUndefined();
    expect(sac('spike', { splice: ['offer'], targets: [['p2']] })).toBe('1 sacrifices are due, 0 named');
    expect(sac('spike', { splice: ['offer'], sacrifice: ['mtn'], targets: [['p2']] })).toBe('mtn is not a Creature');
  });
});
