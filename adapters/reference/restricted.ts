// The reference engine as an engine with fewer capabilities would be (castcheck run --capabilities
// FILE): castcheck generates only what those capabilities allow, and the traces leave out what they
// do not observe, so that an engine author sees beforehand what castcheck tests of such an engine.
import type { Engine } from '../engine.ts';
import { expandCapabilities } from '../../model/capabilities.ts';
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
  return {
    id: engine.id,
    capabilities: caps,
    run: async (scenario) => observedTrace(await engine.run(scenario), caps.observes),
    ...(engine.runSync ? { runSync: (scenario: Scenario) => observedTrace(engine.runSync!(scenario), caps.observes) } : {}),
    close: () => engine.close(),
    ...(engine.tracesChecked ? { tracesChecked: true } : {}),
  };
}
