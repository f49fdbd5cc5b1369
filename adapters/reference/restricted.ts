// The reference engine as an engine with fewer capabilities would be (castcheck run --capabilities
// FILE): castcheck generates only what those capabilities allow, and the traces leave out what they
// do not observe, so that an engine author sees beforehand what castcheck tests of such an engine.
import type { Engine } from '../engine.ts';
import { catalog } from '../../model/catalog.ts';
import { InputError } from '../../model/errors.ts';
import { readJsonFile } from '../../model/json-file.ts';
import { observableStep } from '../../model/observables.ts';
import { formatIssues, validateDocument } from '../../model/schemas.ts';
import type { Capabilities } from '../../model/schema-types.ts';

/** A capabilities file (schema/capabilities.schema.json), checked. */
export function readCapabilities(path: string): Capabilities {
  const doc = readJsonFile(path);
  const issues = validateDocument('capabilities', doc);
  if (issues.length > 0) throw new InputError(`${path} is not a valid capabilities file`, formatIssues(issues).map((l) => `  ${l}`));
  return doc as Capabilities;
}

/** Printed cards the capabilities name that castcheck's catalog does not hold (never used). */
export function unknownCards(caps: Capabilities): string[] {
  return (caps.cards.oracle ?? []).filter((name) => !catalog().has(name));
}

/** `engine`, declaring `caps` and answering as an engine that observes only what they name. */
export function restrictedTo(engine: Engine, caps: Capabilities): Engine {
  return {
    id: engine.id,
    capabilities: caps,
    run: async (scenario) => {
      const trace = await engine.run(scenario);
      return { ...trace, steps: trace.steps.map((s) => observableStep(s, caps)) };
    },
    close: () => engine.close(),
  };
}
