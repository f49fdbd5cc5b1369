// Commands castcheck prints for people to paste (replay, promote, the `next:` hints), in the console
// and in every report file: each word quoted for the shell it will be pasted into, so that a path
// with a space, a quote or a letter beyond ASCII pastes as one word. POSIX shells by default;
// PowerShell on Windows, where a single-quoted word is literal and a quote inside it is doubled.
import { quote } from 'shell-quote';

export type Shell = 'posix' | 'powershell';

export function defaultShell(platform: NodeJS.Platform = process.platform): Shell {
  return platform === 'win32' ? 'powershell' : 'posix';
}

/** Words that need no quotes in either shell. */
const PLAIN = /^[A-Za-z0-9_./:=@%+,-]+$/;

/** A command line from its words, quoted for the shell. */
export function shellCommand(words: readonly string[], shell: Shell = defaultShell()): string {
  return words.map((w) => (PLAIN.test(w) ? w : shell === 'posix' ? quote([w]) : `'${w.replace(/['‘’‚‛]/g, (q) => q + q)}'`)).join(' ');
}

/** `npx castcheck ...`, quoted for the shell. */
export function castcheckCommand(...words: string[]): string {
  return shellCommand(['npx', 'castcheck', ...words]);
}
