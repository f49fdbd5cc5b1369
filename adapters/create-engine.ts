// Builds the engine a command line or a repro names: a built-in one, or one in another process.
import { InputError } from '../model/errors.ts';
import type { Engine } from './engine.ts';
import { processEngineOptions, type ProcessChoice } from './process/engine-config.ts';
import { ProcessEngine } from './process/process-engine.ts';
import { ReferenceEngine } from './reference/engine.ts';
import { faultyReference } from './faults/index.ts';

export interface EngineChoice {
  /** A built-in engine by name. Only 'reference' exists. */
  engine?: string;
  /** A named fault of the reference engine. */
  fault?: string;
  /** How the reference engine treats a copy of a spliced spell. */
  spliceCopy?: 'ruling' | 'literal';
  /** An engine in another process, speaking the castcheck protocol. */
  process?: ProcessChoice;
}

export const BUILT_IN_ENGINES = ['reference'] as const;

export function createEngine(choice: EngineChoice): Engine {
  const name = choice.engine ?? 'reference';
  if (name !== 'reference') {
    throw new InputError(`unknown engine '${name}'; the built-in engines are: ${BUILT_IN_ENGINES.join(', ')}`);
  }
  const options = choice.spliceCopy !== undefined ? { spliceCopy: choice.spliceCopy } : {};
  return choice.fault !== undefined ? faultyReference(choice.fault, options) : new ReferenceEngine(options);
}

/** Like createEngine, and also starts engines in other processes (which takes a handshake). */
export async function openEngine(choice: EngineChoice): Promise<Engine> {
  const p = choice.process;
  if (p && (p.command !== undefined || p.config !== undefined)) {
    if (choice.engine !== undefined || choice.fault !== undefined || choice.spliceCopy !== undefined) {
      throw new InputError('--engine, --fault and --splice-copy choose a built-in engine; an engine command brings its own (see castcheck serve reference --fault)');
    }
    return ProcessEngine.start(processEngineOptions(p));
  }
  return createEngine(choice);
}
