// Builds the engine a command line or a repro names.
import { InputError } from '../model/errors.ts';
import type { Engine } from './engine.ts';
import { ReferenceEngine } from './reference/engine.ts';

export interface EngineChoice {
  /** A built-in engine by name. Only 'reference' exists. */
  engine?: string;
  /** A named fault of the reference engine. */
  fault?: string;
  /** How the reference engine treats a copy of a spliced spell. */
  spliceCopy?: 'ruling' | 'literal';
}

export const BUILT_IN_ENGINES = ['reference'] as const;

export function createEngine(choice: EngineChoice): Engine {
  const name = choice.engine ?? 'reference';
  if (name !== 'reference') {
    throw new InputError(`unknown engine '${name}'; the built-in engines are: ${BUILT_IN_ENGINES.join(', ')}`);
  }
  return new ReferenceEngine({
    ...(choice.fault !== undefined ? { fault: choice.fault } : {}),
    ...(choice.spliceCopy !== undefined ? { spliceCopy: choice.spliceCopy } : {}),
  });
}
