// What an action from outside the cards does (oracle/outside-actions.ts, CR 400.7): it moves exactly
// the objects it names, to the zones the rules send them to, and what it needs to be taken.
import { describe, expect, it } from 'vitest';
import { expectedOutcome, takenWhen } from '../oracle/outside-actions.ts';
import type { Scenario } from '../model/schema-types.ts';
import * as S from './fixtures/oracle-scenarios.ts';
import { plain, runOf } from './fixtures/oracle-runs.ts';

/** Each step's predicted outcome and what it needs, where the oracle gives either. */
function outcomes(s: Scenario) {
  const run = runOf(s);
  return run.steps.map((st) => [st.index, plain(expectedOutcome(run, st)) ?? null, takenWhen(run, st) ?? null]).filter(([, o, t]) => o !== null || t !== null);
}

describe('the oracle of actions from outside the cards (CR 400.7)', () => {
  it('moves what each action names where the rules send it: a countered copy nowhere, a spell that can\'t be countered nowhere, a returned token nowhere, a card from hand or graveyard onto the battlefield, tapped as it says or as its card enters, a 0/0 that may die at once', () => {
    expect(outcomes(S.OUTSIDE)).toEqual([
      [2, {"battlefield": ["bears", "mtn", "theirs"], "mayDie": {}, "stack": ["bolt"], "hand": {"p1": ["bolt2", "gate", "husk", "maker", "shell", "sure"], "p2": []}, "graveyard": {"p1": ["dead"], "p2": []}, "tapped": {}}, {"needs": "copy, a spell on the stack", "holds": true}],
      [3, {"battlefield": ["bears", "mtn", "theirs"], "mayDie": {}, "stack": [], "hand": {"p1": ["bolt2", "gate", "husk", "maker", "shell", "sure"], "p2": []}, "graveyard": {"p1": ["dead", "bolt"], "p2": []}, "tapped": {}}, {"needs": "bolt, a spell on the stack", "holds": true}],
      [5, {"battlefield": ["bears", "mtn", "theirs"], "mayDie": {}, "stack": [], "hand": {"p1": ["gate", "husk", "maker", "shell", "sure", "bolt2"], "p2": []}, "graveyard": {"p1": ["dead", "bolt"], "p2": []}, "tapped": {}}, {"needs": "bolt2, a spell on the stack or a permanent", "holds": true}],
      [7, {"battlefield": ["bears", "mtn", "theirs"], "mayDie": {}, "stack": ["sure"], "hand": {"p1": ["bolt2", "gate", "husk", "maker", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt"], "p2": []}, "tapped": {}}, {"needs": "sure, a spell on the stack", "holds": true}],
      [8, null, {"needs": "an object on the stack to resolve", "holds": true}],
      [10, null, {"needs": "an object on the stack to resolve", "holds": true}],
      [11, {"battlefield": ["bears", "mtn", "theirs"], "mayDie": {}, "stack": [], "hand": {"p1": ["bolt2", "gate", "husk", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": []}, "tapped": {}}, {"needs": "a11.k1, a spell on the stack or a permanent", "holds": true}],
      [12, {"battlefield": ["mtn", "theirs"], "mayDie": {}, "stack": [], "hand": {"p1": ["bolt2", "gate", "husk", "shell", "bears"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": []}, "tapped": {}}, {"needs": "bears, a spell on the stack or a permanent", "holds": true}],
      [13, {"battlefield": ["mtn"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2", "gate", "husk", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": ["theirs"]}, "tapped": {}}, {"needs": "theirs, a permanent", "holds": true}],
      [14, {"battlefield": ["mtn"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2", "gate", "husk", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": ["theirs"]}, "tapped": {"mtn": true}}, {"needs": "mtn, a permanent", "holds": true}],
      [15, {"battlefield": ["mtn"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2", "gate", "husk", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": ["theirs"]}, "tapped": {"mtn": false}}, {"needs": "mtn, a permanent", "holds": true}],
      [16, {"battlefield": ["mtn", "gate"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2", "husk", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": ["theirs"]}, "tapped": {"gate": true}}, {"needs": "gate, a permanent card, in p1's hand or graveyard", "holds": true}],
      [17, {"battlefield": ["gate", "mtn", "husk"], "mayDie": {"husk": "p1"}, "stack": [], "hand": {"p1": ["bears", "bolt2", "shell"], "p2": []}, "graveyard": {"p1": ["dead", "bolt", "sure", "maker"], "p2": ["theirs"]}, "tapped": {"husk": false}}, {"needs": "husk, a permanent card, in p1's hand or graveyard", "holds": true}],
      [18, {"battlefield": ["gate", "mtn", "dead"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2", "shell"], "p2": []}, "graveyard": {"p1": ["bolt", "sure", "maker", "husk"], "p2": ["theirs"]}, "tapped": {"dead": true}}, {"needs": "dead, a permanent card, in p1's hand or graveyard", "holds": true}],
      [19, {"battlefield": ["dead", "mtn", "gate"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2", "shell"], "p2": []}, "graveyard": {"p1": ["bolt", "sure", "maker", "husk"], "p2": ["theirs"]}, "tapped": {"gate": true}}, {"needs": "gate, a permanent", "holds": true}],
      [20, {"battlefield": ["dead", "gate", "mtn", "shell"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2"], "p2": []}, "graveyard": {"p1": ["bolt", "sure", "maker", "husk"], "p2": ["theirs"]}, "tapped": {"shell": false}}, {"needs": "shell in p1's hand and dead, a permanent, to copy", "holds": true}],
      [21, {"battlefield": ["mtn"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2"], "p2": []}, "graveyard": {"p1": ["bolt", "sure", "maker", "husk", "dead", "gate", "shell"], "p2": ["theirs"]}, "tapped": {}}, {"needs": "nothing", "holds": true}],
      [22, {"battlefield": ["mtn"], "mayDie": {}, "stack": [], "hand": {"p1": ["bears", "bolt2"], "p2": []}, "graveyard": {"p1": ["bolt", "sure", "maker", "husk", "dead", "gate", "shell"], "p2": ["theirs"]}, "tapped": {}}, {"needs": "nothing, a spell on the stack", "holds": false}],
    ]);
  });

  it('says what each action needs, and judges none with targets for what it triggers, nor a resolution with choices of its own', () => {
    const run = runOf(S.OUTSIDE);
    const at = run.steps[16]!;
    const needs = (action: object) => takenWhen(run, { ...at, action: { ...action } as never });
    expect(needs({ do: 'putOntoBattlefield', player: 'p1', card: 'bolt2' })).toEqual({ needs: "bolt2, a permanent card, in p1's hand or graveyard", holds: false });
    expect(needs({ do: 'putOntoBattlefield', player: 'p2', card: 'gate' })).toEqual({ needs: "gate, a permanent card, in p2's hand or graveyard", holds: false });
    expect(needs({ do: 'putOntoBattlefield', player: 'p1', card: 'dead' })).toEqual({ needs: "dead, a permanent card, in p1's hand or graveyard", holds: true });
    expect(needs({ do: 'clone', player: 'p1', card: 'shell', copyOf: 'mtn' })).toEqual({ needs: "shell in p1's hand and mtn, a permanent, to copy", holds: true });
    expect(needs({ do: 'clone', player: 'p1', card: 'shell', copyOf: 'nothing' })).toMatchObject({ holds: false });
    expect(needs({ do: 'clone', player: 'p2', card: 'shell', copyOf: 'mtn' })).toMatchObject({ holds: false });
    expect(needs({ do: 'bounce', object: 'nothing' })).toEqual({ needs: 'nothing, a spell on the stack or a permanent', holds: false });
    expect(needs({ do: 'flicker', permanent: 'nothing' })).toEqual({ needs: 'nothing, a permanent', holds: false });
    expect(needs({ do: 'resolve' })).toEqual({ needs: 'an object on the stack to resolve', holds: false });
    expect(needs({ do: 'resolve', untilEmpty: true })).toEqual({ needs: 'nothing (resolve everything)', holds: true });
    expect(needs({ do: 'resolve', choices: ['mtn'] })).toBeUndefined();
    expect(needs({ do: 'resolve', newTargets: [['p1']] })).toBeUndefined();
    expect(needs({ do: 'destroy', permanent: 'mtn', triggerTargets: [] })).toBeUndefined();
    expect(needs({ do: 'cast', player: 'p1', card: 'bolt2' })).toBeUndefined();
    expect(expectedOutcome(run, { ...at, action: { do: 'cast', player: 'p1', card: 'bolt2' } as never })).toBeUndefined();
  });

  it('destroys all of a kind, a token as its effect describes it; leaves to the legend rule property a second legend entering; judges nothing it cannot name', () => {
    const run = runOf(S.OUTSIDE);
    const withToken = run.steps[11]!;
    const all = (filter: object) => expectedOutcome(run, { ...withToken, action: { do: 'destroyAll', filter } as never })?.battlefield;
    expect(withToken.before.battlefield.map((p) => p.id)).toEqual(['a11.k1', 'bears', 'mtn', 'theirs']);
    expect(all({ subtypes: ['Soldier'] })).toEqual(['bears', 'mtn', 'theirs']);
    expect(all({ types: ['Land'] })).toEqual(['a11.k1', 'bears', 'theirs']);
    expect(all({ types: ['Creature'], subtypes: ['Bear'] })).toEqual(['a11.k1', 'mtn', 'theirs']);
    expect(all({})).toEqual([]);
    const unknown = runOf(S.OUTSIDE, (t) => void (t.steps[10]!.state.battlefield.find((p) => p.id === 'a11.k1')!.name = 'Mystery Token'));
    expect(expectedOutcome(unknown, { ...unknown.steps[11]!, action: { do: 'destroyAll', filter: {} } as never })).toBeUndefined();
    // Lady of the Vale put onto the battlefield beside another (step 10), then flickered alone.
    const legends = runOf(S.ENTRIES);
    expect(expectedOutcome(legends, legends.steps[10]!)).toBeUndefined();
    expect(expectedOutcome(legends, { ...legends.steps[10]!, action: { do: 'flicker', permanent: 'leg1' } as never })?.battlefield).toContain('leg1');
  });
});
