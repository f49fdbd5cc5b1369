// An engine that gives no usable trace for a scenario: it crashed, hung, or broke the protocol.
// These are outcomes of their own, never confused with an engine that answered and broke a rule.

import type { EngineHistory } from '../model/schema-types.ts';

export type EngineFailureKind = 'crash' | 'timeout' | 'protocol-error';
export type { EngineHistory };

export class EngineFailure extends Error {
  /** The scenarios the engine process ran before the failing one since it started: the failure may depend on them. */
  history?: EngineHistory;

  constructor(
    readonly kind: EngineFailureKind,
    message: string,
    /** What the engine wrote to stderr around the failure, when it runs in another process. */
    readonly stderr = '',
    /** The engine cannot run anything any more (it no longer starts): the run stops here. */
    readonly fatal = false,
  ) {
    super(message);
    this.name = 'EngineFailure';
  }
}

export function asEngineFailure(error: unknown): EngineFailure {
  if (error instanceof EngineFailure) return error;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new EngineFailure('crash', message);
}
