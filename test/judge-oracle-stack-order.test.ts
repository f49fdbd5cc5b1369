// The order abilities that trigger together go on the stack (oracle/stack-order.ts, CR 603.3b): the
// active player's first, then the other's; each player's in the order the action names, the others a
// set in any order.
import { describe, expect, it } from 'vitest';
import { abilityKey, stackedInStep, stackOrder } from '../oracle/stack-order.ts';
import * as F from './fixtures/scenarios.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { runOf } from './fixtures/oracle-runs.ts';

describe('the oracle of stack order (CR 603.3b)', () => {
  it('reads the abilities a step put on the stack, and the order the action names for each player\'s', () => {
    const run = runOf(S.ABILITIES);
    const named = (i: number) => stackedInStep(run.steps[i]!).map(abilityKey);
    // Bait cast with Vampire Adept's ability ordered first, then Bait #2 with Grower's first.
    expect([named(0), named(1), named(4)]).toEqual([['link#0', 'grower#0'], [], ['grower#0', 'link#0']]);
    expect(stackOrder(run.steps[0]!, stackedInStep(run.steps[0]!))).toEqual({ players: ['p1'], ordered: { p1: ['link#0', 'grower#0'], p2: [] } });
    // The order named, whatever order the abilities are listed in.
    expect(stackOrder(run.steps[4]!, stackedInStep(run.steps[0]!))).toEqual({ players: ['p1'], ordered: { p1: ['grower#0', 'link#0'], p2: [] } });
    expect(stackOrder(run.steps[1]!, [])).toEqual({ players: [], ordered: { p1: [], p2: [] } });
  });

  it('puts the active player\'s group first and leaves unnamed abilities unordered; a name for another player\'s ability orders nothing of this one\'s', () => {
    const run = runOf(F.TRIGGERS);
    const added = stackedInStep(run.steps[0]!);
    expect(added.map((o) => `${o.controller}:${abilityKey(o)}`)).toEqual(['p1:castw#0', 'p2:oppw#0']);
    expect(stackOrder(run.steps[0]!, added)).toEqual({ players: ['p1', 'p2'], ordered: { p1: [], p2: [] } });
    expect(stackOrder(run.steps[0]!, [...added].reverse())).toEqual({ players: ['p1', 'p2'], ordered: { p1: [], p2: [] } });
    const ordered = { ...run.steps[0]!, action: { ...run.steps[0]!.action, triggerOrder: ['oppw#0'] } };
    expect(stackOrder(ordered, added)).toEqual({ players: ['p1', 'p2'], ordered: { p1: [], p2: ['oppw#0'] } });
    expect(stackOrder(ordered, added.filter((o) => o.controller === 'p2'))).toEqual({ players: ['p2'], ordered: { p1: [], p2: ['oppw#0'] } });
  });
});
