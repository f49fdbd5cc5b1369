/** Bad input or bad usage: the CLI prints the message (no stack trace) and exits 2. */
export class InputError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
    this.name = 'InputError';
  }
}
