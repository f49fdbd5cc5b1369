/** Bad input or bad usage: the CLI prints the message (no stack trace) and exits 2. */
export class InputError extends Error {
  readonly details: string[];

  constructor(message: string, details: string[] = []) {
    // Messages quote what people wrote (a card name, a property name) and reach the terminal.
    super(printable(message));
    this.name = 'InputError';
    this.details = details.map(printable);
  }
}

// C0 and C1 controls (tab aside), DEL, line and paragraph separators, and bidirectional formatting
// characters: what could move the cursor, change the terminal or reorder the text around it.
export const UNPRINTABLE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every character that could act on a terminal written as a \u escape. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
