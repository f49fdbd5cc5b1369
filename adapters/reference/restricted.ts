// The reference engine as an engine with fewer capabilities would be (castcheck run --capabilities
// FILE): castcheck generates only what those capabilities allow, and the traces leave out what they
// do not observe, so that an engine author sees beforehand what castcheck tests of such an engine.
import type { Engine } from '../engine.ts';
import { cardBeyond, expandCapabilities } from '../../model/capabilities.ts';
import { catalog } from '../../model/catalog.ts';
import { observedTrace } from '../../model/observables.ts';
import type { Capabilities, Scenario } from '../../model/schema-types.ts';

/** Printed cards the capabilities name that castcheck's catalog does not hold (never used). */
export function unknownCards(caps: Capabilities): string[] {
  return (caps.cards.oracle ?? []).filter((name) => !catalog().has(name));
}

/** `engine`, declaring `caps` and answering as an engine that observes only what they name. */
export function restrictedTo(engine: Engine, declared: Capabilities): Engine {
  // Read as an engine's hello is read: coarse actions stand for their parts.
  const caps = expandCapabilities(declared);
  // An engine that knows printed cards only fails on a card it has never heard of, so this one does
  // too: a run with such a card would otherwise pass here and fail on the engine it stands for.
  const taken = (scenario: Scenario): Scenario => {
    const beyond = cardBeyond(caps, scenario.cards);
    if (beyond !== undefined) throw new Error(`castcheck sent a card beyond the declared capabilities: ${beyond} is neither a printed card the engine knows nor one it builds from its definition`);
    return scenario;
  };
  return {
    id: engine.id,
    capabilities: caps,
    run: async (scenario) => observedTrace(await engine.run(taken(scenario)), caps.observes),
    ...(engine.runSync ? { runSync: (scenario: Scenario) => observedTrace(engine.runSync!(taken(scenario)), caps.observes) } : {}),
    close: () => engine.close(),
    ...(engine.tracesChecked ? { tracesChecked: true } : {}),
  };
}
