// castcheck's command line. Exit codes: 0 all good, 1 a property failed (or a repro still fails, or
// a named fault survived castcheck mutants), 2 bad usage or bad input.
import { Command, CommanderError, Option } from 'commander';
import { InputError } from '../model/errors.ts';
import { version } from '../model/version.ts';
import { runCommand } from './run.ts';
import { replayCommand } from './replay.ts';
import { casesCommand } from './cases.ts';
import { validateCommand } from './validate.ts';
import { listCommand } from './list.ts';
import { serveCommand } from './serve.ts';
import { mutantsCommand } from './mutants.ts';

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
    .option('--engine <name>', 'built-in engine to test (default: reference)')
    .option('--fault <name>', 'run the reference engine with one of its named faults (see castcheck list --faults)')
    .addOption(new Option('--splice-copy <reading>', 'how the reference engine copies a spliced spell').choices(['ruling', 'literal']))
    .option('--engine-cmd <command>', 'test an engine in another process that speaks the castcheck protocol (started without a shell)')
    .option('--engine-config <file>', 'the same, from a JSON file: command, cwd, env, timeout (schema/engine-config.schema.json)')
    .option('--runs <n>', 'number of scenarios', positiveInt, 1000)
    .option('--seed <n>', 'seed for the generators (default: a fresh one, printed)', integer)
    .option('--out <dir>', 'folder for repro files', 'castcheck-out')
    .option('--illegal-share <fraction>', 'share of scenarios with an illegal declaration', fraction)
    .option('--max-shrink-runs <n>', 'engine runs allowed to shrink one failure', positiveInt, 2000)
    .option('--max-shrink-time <seconds>', 'also stop shrinking one failure after this many seconds (default: no time limit; the budget is --max-shrink-runs)', positiveInt)
    .option('--no-progress', 'do not show the progress line')
    .option('--stats', 'print the share of scenarios with each feature, and fail the run when a feature the engine supports falls under the floor')
    .option('--json <file>', 'also write the run as a JSON report (schema/report.schema.json)')
    .option('--junit <file>', 'also write the run as JUnit XML, a test case per property, for CI')
    .option('--gate-floor <fraction>', 'the least share of scenarios each supported feature must reach with --stats', fraction, 0.05)
    .addOption(processOption('--timeout <ms>', 'milliseconds an engine process has to answer one scenario (default 10000)'))
    .addOption(processOption('--start-timeout <ms>', 'milliseconds an engine process has to answer hello (default 30000)'))
    .addOption(processOption('--max-line-bytes <n>', 'the longest line an engine process may write (default 8 MiB)'))
    .option('--validate-protocol', 'check every protocol message both ways against schema/protocol.schema.json')
    .option('--pipeline <n>', 'scenarios sent to an engine process ahead of its answers (1: one at a time)', positiveInt, 4)
    .action(async (options) => {
      exitCode = await runCommand(options);
    });

  program
    .command('cases')
    .description('run the fixed cases (scenarios/) against an engine: each passes, fails or is skipped with why')
    .option('--engine <name>', 'built-in engine to test', undefined)
    .option('--fault <name>', 'the reference engine with one of its named faults')
    .addOption(new Option('--splice-copy <reading>', 'the reading of a copied splice the engine follows').choices(['ruling', 'literal']))
    .option('--engine-cmd <command>', 'an engine in another process (see castcheck run)')
    .option('--engine-config <file>', 'the same, from a JSON config file')
    .addOption(processOption('--timeout <ms>', 'milliseconds an engine process has to answer one scenario (default 10000)'))
    .option('--validate-protocol', 'check every protocol message against the schema')
    .option('--filter <text>', 'only the cases whose id contains this text')
    .action(async (options) => {
      exitCode = await casesCommand(options);
    });

  program
    .command('mutants')
    .description('run the suite against every named fault of the reference engine and print the kill matrix (kills by rule properties only); exits 1 if a fault survives without a note')
    .option('--runs <n>', 'scenarios generated for each fault, at most: the budget to kill it in', positiveInt, 2000)
    .option('--seed <n>', 'seed for the generators', integer, 1)
    .option('--sweep <n>', 'scenarios judged after the first one a rule property fails on, to see which others catch the fault', nonNegativeInt, 200)
    .option('--max-shrink-runs <n>', 'engine runs allowed to shrink one fault\'s failure', positiveInt, 2000)
    .option('--max-shrink-time <seconds>', 'also stop shrinking one fault\'s failure after this many seconds (default: no time limit)', positiveInt)
    .option('--only <faults>', 'only these faults, comma-separated (castcheck list --faults)')
    .option('--json', 'print the matrix as one JSON document')
    .action(async (options) => {
      exitCode = await mutantsCommand(options);
    });

  program
    .command('replay')
    .description('rerun a repro file and say whether it still fails')
    .argument('<file>', 'a repro written by castcheck run')
    .option('--engine <name>', 'replay against this built-in engine instead of the one in the repro')
    .option('--fault <name>', 'replay against the reference engine with this fault instead')
    .option('--engine-cmd <command>', 'replay against this engine process instead')
    .option('--engine-config <file>', 'replay against the engine process this config file starts instead')
    .addOption(processOption('--timeout <ms>', 'milliseconds an engine process has to answer (default 10000)'))
    .option('--validate-protocol', 'check every protocol message against the schema')
    .action(async (file: string, options) => {
      exitCode = await replayCommand(file, options);
    });

  program
    .command('serve')
    .description('speak the engine side of the castcheck protocol on stdin and stdout with a built-in engine')
    .argument('<engine>', 'the built-in engine: reference')
    .option('--fault <name>', 'with one of its named faults')
    .addOption(new Option('--splice-copy <reading>', 'how it copies a spliced spell').choices(['ruling', 'literal']))
    .option('--validate-protocol', 'check every request against the protocol schema')
    .action(async (engine: string, options) => {
      exitCode = await serveCommand(engine, options);
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
    .option('--rules', 'every cited subrule with the properties that check it, or why none does')
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

function processOption(flags: string, description: string): Option {
  return new Option(flags, description).argParser(positiveInt);
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

function nonNegativeInt(value: string): number {
  const n = integer(value);
  if (n < 0) throw new InputError(`'${value}' must be 0 or more`);
  return n;
}

function fraction(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InputError(`'${value}' must be a number from 0 to 1`);
  return n;
}
