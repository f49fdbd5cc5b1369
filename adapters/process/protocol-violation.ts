// A message from an engine that breaks the protocol.

/** A message that breaks the protocol; `resync` is false when the line stream can no longer be trusted. */
export class ProtocolViolation extends Error {
  constructor(
    message: string,
    readonly resync: boolean,
  ) {
    super(message);
  }
}
