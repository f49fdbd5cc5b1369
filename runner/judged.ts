// What judging one scenario gives: the engine's trace and every property's verdict on it, or the
// engine's failure. Its own module, so that the modules that read a judgement (signatures, clusters)
// need not import the judging (evaluate.ts), which uses them.
import type { EngineFailure } from '../adapters/engine-failure.ts';
import type { NormalizedScenario } from '../model/scenario.ts';
import type { Trace } from '../model/schema-types.ts';
import type { Verdict } from '../properties/property.ts';

export type Judged =
  | {
      scenario: NormalizedScenario;
      trace: Trace;
      verdicts: ReadonlyMap<string, Verdict>;
      /** The properties whose precondition held for the part of the scenario judged. */
      applied: ReadonlySet<string>;
      /** The first step the engine answered `unsupported`: the scenario is judged up to it. */
      unsupported?: number;
      /**
       * The engine could no longer run a related run (it would not start again): the scenario is
       * judged without what that run would have shown, and the run stops once the scenarios whose
       * answers are in are recorded, so that the failure that ended the engine is among them.
       */
      engineGone?: EngineFailure;
      failure?: undefined;
    }
  | { scenario: NormalizedScenario; failure: EngineFailure; trace?: undefined; verdicts?: undefined; applied?: undefined; unsupported?: undefined; engineGone?: undefined };
