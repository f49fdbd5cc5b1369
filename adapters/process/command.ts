// An engine's command line: split like a shell would (quotes, $VARIABLES), but never run by a shell,
// so that castcheck starts exactly one process whose stdin and stdout it owns.
import { parse, quote } from 'shell-quote';
import { InputError } from '../../model/errors.ts';

/** argv from a command string; refuses what only a shell could do (pipes, redirections, `&&`). */
export function parseCommand(command: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  const entries = parse(command, (name: string) => {
    const value = env[name];
    if (value === undefined) missing.push(name);
    return value ?? '';
  });
  if (missing.length > 0) throw new InputError(`the engine command uses $${missing[0]}, which is not set`);
  const argv: string[] = [];
  for (const entry of entries) {
    if (typeof entry === 'string') argv.push(entry);
    else if ('op' in entry && entry.op === 'glob') argv.push(entry.pattern);
    else if ('comment' in entry) break;
    else {
      throw new InputError(
        `the engine command is run without a shell, so '${entry.op}' cannot be used in it: put the pipeline in a script and name the script`,
      );
    }
  }
  if (argv.length === 0) throw new InputError('the engine command is empty');
  return argv;
}

/** The command string that parseCommand turns back into argv, for repro files and messages. */
export function formatCommand(argv: readonly string[]): string {
  return quote([...argv]);
}
