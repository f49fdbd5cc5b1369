// castcheck's command line. Exit codes: 0 all good, 1 a property failed (or a repro still fails),
// 2 bad usage or bad input.
import { Command, CommanderError, Option } from 'commander';
import { InputError } from '../model/errors.ts';
import { version } from '../model/version.ts';
import { runCommand } from './run.ts';
import { replayCommand } from './replay.ts';
import { validateCommand } from './validate.ts';
import { listCommand } from './list.ts';

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = new Command('castcheck')
    .description('Property-based conformance suite and fuzzer for Magic: The Gathering rules engines.')
    .version(version)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run castcheck --help for usage)');

  program
    .command('run')
    .description('generate scenarios, run them on an engine and check every property; shrink each failure to a repro')
    .option('--engine <name>', 'built-in engine to test', 'reference')
    .option('--fault <name>', 'run the reference engine with one of its named faults (see castcheck list --faults)')
    .addOption(new Option('--splice-copy <reading>', 'how the reference engine copies a spliced spell').choices(['ruling', 'literal']))
    .option('--runs <n>', 'number of scenarios', positiveInt, 1000)
    .option('--seed <n>', 'seed for the generators (default: a fresh one, printed)', integer)
    .option('--out <dir>', 'folder for repro files', 'castcheck-out')
    .option('--illegal-share <fraction>', 'share of scenarios with an illegal declaration', fraction)
    .option('--max-shrink-runs <n>', 'engine runs allowed to shrink one failure', positiveInt, 2000)
    .option('--no-progress', 'do not show the progress line')
    .action(async (options) => {
      exitCode = await runCommand(options);
    });

  program
    .command('replay')
    .description('rerun a repro file and say whether it still fails')
    .argument('<file>', 'a repro written by castcheck run')
    .option('--engine <name>', 'replay against this built-in engine instead of the one in the repro')
    .option('--fault <name>', 'replay against the reference engine with this fault instead')
    .action(async (file: string, options) => {
      exitCode = await replayCommand(file, options);
    });

  program
    .command('validate')
    .description('check scenario, trace and repro files against the schemas')
    .argument('<files...>', 'JSON files')
    .action((files: string[]) => {
      exitCode = validateCommand(files);
    });

  program
    .command('list')
    .description('list the properties (default), the rules they check, the catalog cards or the faults')
    .option('--cards', 'the catalog of real cards')
    .option('--faults', 'the named faults of the reference engine')
    .action((options) => {
      exitCode = listCommand(options);
    });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? 0 : 2;
    }
    if (error instanceof InputError) {
      process.stderr.write(`castcheck: ${error.message}\n${error.details.map((d) => `${d}\n`).join('')}`);
      return 2;
    }
    throw error;
  }
  return exitCode;
}

function integer(value: string): number {
  if (!/^-?\d+$/.test(value)) throw new InputError(`'${value}' is not an integer`);
  return Number(value);
}

function positiveInt(value: string): number {
  const n = integer(value);
  if (n < 1) throw new InputError(`'${value}' must be at least 1`);
  return n;
}

function fraction(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InputError(`'${value}' must be a number from 0 to 1`);
  return n;
}
