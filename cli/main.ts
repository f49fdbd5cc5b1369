// castcheck's command line. Exit codes: 0 all good, 1 a property failed (or a repro still fails, or
// a named fault survived castcheck mutants), 2 bad usage or bad input.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { InputError } from '../model/errors.ts';
import { version } from '../model/version.ts';
import { quietOnClosedOutput } from './interrupt.ts';
import { parseShard } from '../runner/shards.ts';
import { DEFAULT_PIPELINE } from '../adapters/process/pipeline.ts';
import { MAX_TIMEOUTS } from '../runner/hangs.ts';

// Each subcommand's module is loaded when it runs, so that a command loads only what it uses: the
// start-up of `castcheck list` or `castcheck serve` does not pay for the generators or the reports.

export async function main(argv: string[]): Promise<number> {
  quietOnClosedOutput();
  let exitCode = 0;
  const program = new Command('castcheck')
    .description('Property-based conformance suite and fuzzer for Magic: The Gathering rules engines.')
    .version(version)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError('(run castcheck --help for usage)');

  const run = program
    .command('run')
    .description('replay the stored findings, then generate scenarios, run them on an engine and check every property; group the failures by signature and shrink each new one to a repro')
    .option('--engine <name>', 'built-in engine to test (default: reference)')
    .option('--fault <names>', 'run the reference engine with named faults, comma-separated (see castcheck list --faults)')
    .addOption(new Option('--splice-copy <reading>', 'how the reference engine copies a spliced spell').choices(['ruling', 'literal']))
    .option('--engine-cmd <command>', 'test an engine in another process that speaks the castcheck protocol (started without a shell)')
    .option('--engine-config <file>', 'the same, from a JSON file: command, cwd, env, timeout (schema/engine-config.schema.json)')
    .option('--capabilities <file>', 'run the reference engine restricted to the capabilities in this file (schema/capabilities.schema.json): what castcheck tests of an engine that declares them')
    .option('--write-capabilities <file>', "write the capabilities the run ended with: the engine's, less each card or action generation left out after 20 unsupported answers")
    .option('--runs <n>', 'number of scenarios', runs, 1000)
    .option('--seed <n>', 'seed for the generators, from 0 to 4294967295 (default: a fresh one, printed)', seed)
    .option('--out <dir>', 'output folder (the failure store is under it unless --store says otherwise)', 'castcheck-out')
    .option('--out-suffix', 'when another run is writing to --out, write to the first free OUT-2, OUT-3... instead of stopping')
    .option('--store <dir>', 'the failure store: a repro per finding, per engine, replayed first by every run (default: OUT/store)')
    .option('--expectations <file>', 'known failures of this engine by signature (schema/expectations.schema.json): reported as XFAIL')
    .option('--update-expectations', 'rewrite the --expectations file: drop the stale ones, add every new failure (notes are kept)')
    .option('--check-floor <n>', 'checks a property must make in the run to PASS; fewer is UNDER-TESTED', sweep, 30)
    .option('--illegal-share <fraction>', 'share of scenarios with an illegal declaration', fraction)
    .option('--max-shrink-runs <n>', 'engine runs allowed to shrink one failure', runs, 2000)
    .option('--shrink-budget <n>', 'engine runs allowed for shrinking in all, shared among the failures found', sweep, 5000)
    .option('--max-shrink-time <seconds>', 'also stop shrinking one failure after this many seconds (default: no time limit; the budget is in engine runs)', seconds)
    .option('--no-progress', 'do not show the progress line')
    .option('--require-floor', 'fail the run when a property the engine can run made fewer checks than --check-floor, naming them and the features its scenarios never reached')
    .option('--stats', 'print the share of scenarios with each feature, and fail the run when a feature the engine supports falls under the floor')
    .option('--json <file>', 'also write the run as a JSON report (schema/report.schema.json)')
    .option('--junit <file>', 'also write the run as JUnit XML, a test case per property, for CI')
    .option('--gate-floor <fraction>', 'the least share of scenarios each supported feature must reach with --stats', fraction, 0.05)
    .addOption(processOption('--timeout <ms>', 'milliseconds an engine process has to answer one scenario (default 10000)', milliseconds))
    .addOption(processOption('--start-timeout <ms>', 'milliseconds an engine process has to answer hello (default 30000)', milliseconds))
    .addOption(processOption('--max-line-bytes <n>', 'the longest line an engine process may write (default 8 MiB)', lineBytes))
    .option('--validate-protocol', 'check every protocol message both ways against schema/protocol.schema.json')
    .option('--pipeline <n>', 'scenarios sent to an engine process ahead of its answers (1: one at a time)', pipeline, DEFAULT_PIPELINE)
    .option('--max-timeouts <n>', 'scenarios in a row an engine may time out on before the run stops as ENGINE HANGS', runs, MAX_TIMEOUTS)
    .option('--workers <n>', 'engines at work at once: built-in engines on worker threads, or that many engine processes; the results do not depend on it', workers)
    .addOption(new Option('--shard <i/n>', "judge only this machine's share of the run: scenarios k with k mod n = i - 1; castcheck merge joins the shards' result files").argParser(shard))
    .option('--result <file>', 'write the shard result file for castcheck merge (default with --shard: OUT/result.json)')
    .action(async (options) => {
      exitCode = await (await import('./run.ts')).runCommand(options);
    });

  // castcheck fuzz takes every option of run (those added to run later too), with budgets of its own.
  const fuzz = program
    .command('fuzz')
    .description('search for as long as allowed (--time) or --runs scenarios, going on after failures: each new failure is stored at once and shrunk while the search goes on; ends with the report and a result file that repeats the run')
    .option('--time <duration>', 'the time budget of the search: 8h, 90m, 1h30m, 45s (the failures found are then shrunk)')
    .option('--runs <n>', 'scenarios to judge at most (with --time, whichever comes first)', runs)
    .option('--seed <n>', 'seed for the generators, from 0 to 4294967295 (default: derived from --date)', seed)
    .option('--date <day>', 'derive the seed from this day, YYYY-MM-DD (default: today, UTC): each night explores new scenarios, all shards of a night the same ones')
    .option('--max-shrink-runs <n>', 'engine runs allowed to shrink one failure', runs, 500)
    .option('--shrink-budget <n>', 'engine runs allowed for shrinking in all (default: no limit but the one per failure)', sweep)
    .option('--result <file>', 'the result file for castcheck merge, with the command that repeats the run (default: OUT/result.json)')
    .action(async (options) => {
      exitCode = await (await import('./fuzz.ts')).fuzzCommand(options);
    });
  const own = new Set(fuzz.options.map((o) => o.long));
  for (const option of run.options) if (!own.has(option.long)) fuzz.addOption(option);

  program
    .command('merge')
    .description('merge the result files of the shards of one run (castcheck fuzz or run --shard) into one report and one failure store')
    .argument('<files...>', 'shard result files')
    .option('--out <dir>', 'output folder: report.json, junit.xml, summary.md, report.html, and the merged store unless --store says otherwise', 'castcheck-out')
    .option('--store <dir>', 'the merged failure store (default: OUT/store)')
    .option('--check-floor <n>', 'checks a property must make in the run to PASS; fewer is UNDER-TESTED', sweep, 30)
    .option('--require-floor', 'fail when a property run in the shards made fewer checks in all than --check-floor, naming them')
    .option('--json <file>', 'also write the merged run as a JSON report (schema/report.schema.json)')
    .option('--junit <file>', 'also write it as JUnit XML')
    .action(async (files: string[], options) => {
      exitCode = await (await import('./merge.ts')).mergeCommand(files, options);
    });

  program
    .command('cases')
    .description('run the fixed cases (scenarios/) against an engine: each passes, fails or is skipped with why')
    .option('--engine <name>', 'built-in engine to test', undefined)
    .option('--fault <name>', 'the reference engine with one of its named faults')
    .addOption(new Option('--splice-copy <reading>', 'the reading of a copied splice the engine follows').choices(['ruling', 'literal']))
    .option('--engine-cmd <command>', 'an engine in another process (see castcheck run)')
    .option('--engine-config <file>', 'the same, from a JSON config file')
    .addOption(processOption('--timeout <ms>', 'milliseconds an engine process has to answer one scenario (default 10000)', milliseconds))
    .option('--validate-protocol', 'check every protocol message against the schema')
    .option('--filter <text>', 'only the cases whose id contains this text')
    .option('--dir <folder>', "the cases in this folder (castcheck promote --to writes there) instead of castcheck's own")
    .action(async (options) => {
      exitCode = await (await import('./cases.ts')).casesCommand(options);
    });

  program
    .command('mutants')
    .description('run the suite against every named fault of the reference engine and print the kill matrix (kills by rule properties only); exits 1 if a fault survives without a note')
    .option('--runs <n>', 'scenarios generated for each fault, at most: the budget to kill it in', runs, 2000)
    .option('--seed <n>', 'seed for the generators, from 0 to 4294967295', seed, 1)
    .option('--sweep <n>', 'scenarios judged after the first one a rule property fails on, to see which others catch the fault', sweep, 200)
    .option('--max-shrink-runs <n>', 'engine runs allowed to shrink one fault\'s failure', runs, 2000)
    .option('--max-shrink-time <seconds>', 'also stop shrinking one fault\'s failure after this many seconds (default: no time limit)', seconds)
    .option('--only <faults>', 'only these faults, comma-separated (castcheck list --faults)')
    .option('--json', 'print the matrix as one JSON document')
    .action(async (options) => {
      exitCode = await (await import('./mutants.ts')).mutantsCommand(options);
    });

  program
    .command('replay')
    .description('rerun a repro file and say whether it still fails')
    .argument('<file>', 'a repro written by castcheck run')
    .option('--engine <name>', 'replay against this built-in engine instead of the one in the repro')
    .option('--fault <names>', 'replay against the reference engine with these faults instead')
    .option('--engine-cmd <command>', 'replay against this engine process instead')
    .option('--engine-config <file>', 'replay against the engine process this config file starts instead')
    .addOption(processOption('--timeout <ms>', 'milliseconds an engine process has to answer (default 10000)', milliseconds))
    .option('--validate-protocol', 'check every protocol message against the schema')
    .action(async (file: string, options) => {
      exitCode = await (await import('./replay.ts')).replayCommand(file, options);
    });

  program
    .command('export')
    .description('write a repro as a test in the engine\'s own language, for an engine built on a kit: it fails while the bug is there and passes once it is fixed (docs/EXPORT.md)')
    .argument('<repro>', 'a repro file, from the failure store')
    .addOption(new Option('--as <language>', 'pytest (the Python kit), junit (the Java kit) or xmage-junit (XMage\'s own test DSL, integrations/xmage)').choices(['pytest', 'junit', 'xmage-junit']).makeOptionMandatory())
    .option('--out <file>', 'write the test to this file (default: standard output); for junit and xmage-junit, the file name is the class name')
    .option('--engine-cmd <command>', 'the engine command to find the engine in, instead of the repro\'s')
    .option('--engine-module <module>', 'pytest: the engine, as FILE.py or a module name, with :Class when it defines several')
    .option('--engine-class <class>', 'junit: the engine\'s class, fully qualified (default: the main class of the engine command)')
    .action(async (file: string, options) => {
      exitCode = await (await import('./export.ts')).exportCommand(file, options);
    });

  program
    .command('promote')
    .description('turn a finding (a repro file) into a fixed case that castcheck cases runs from then on; it expects what the reference engine does')
    .argument('<repro>', 'a repro file, from the failure store')
    .option('--to <folder>', 'where to write the case (default: scenarios/promoted/ of castcheck; run it with castcheck cases --dir FOLDER)')
    .action(async (file: string, options) => {
      exitCode = await (await import('./promote.ts')).promoteCommand(file, options);
    });

  program
    .command('serve')
    .description('speak the engine side of the castcheck protocol on stdin and stdout with a built-in engine')
    .argument('<engine>', 'the built-in engine: reference')
    .option('--fault <name>', 'with one of its named faults')
    .addOption(new Option('--splice-copy <reading>', 'how it copies a spliced spell').choices(['ruling', 'literal']))
    .option('--validate-protocol', 'check every request against the protocol schema')
    .option('--capabilities <file>', 'declare these capabilities (schema/capabilities.schema.json) and answer as an engine that has only them, as run --capabilities does in process')
    .action(async (engine: string, options) => {
      exitCode = await (await import('./serve.ts')).serveCommand(engine, options);
    });

  program
    .command('plan')
    .description('show what castcheck will test on an engine with these capabilities: the properties that run, those skipped and why, the share of each feature')
    .argument('<file>', 'capabilities as JSON (schema/capabilities.schema.json), or an engine hello message')
    .option('--sample <n>', 'scenarios to generate for the shares', runs, 500)
    .option('--seed <n>', 'seed for the generators, from 0 to 4294967295', seed, 1)
    .option('--json', 'print the plan as one JSON document')
    .action(async (file: string, options) => {
      exitCode = (await import('./plan.ts')).planCommand(file, options);
    });

  program
    .command('doctor')
    .description('check an engine process against the protocol: the handshake, then a ladder of scenarios from simple to rich, each problem explained with the section of docs/PROTOCOL.md; ends with the plan')
    .option('--engine-cmd <command>', 'the engine process (started without a shell)')
    .option('--engine-config <file>', 'the same, from a JSON file: command, cwd, env, timeout')
    .addOption(processOption('--timeout <ms>', 'milliseconds the engine has to answer one scenario (default 10000)', milliseconds))
    .addOption(processOption('--start-timeout <ms>', 'milliseconds it has to answer hello (default 30000)', milliseconds))
    .option('--rungs <n>', 'generated scenarios on the ladder after the fixed ones', runs, 12)
    .option('--seed <n>', 'seed for the generated rungs and the plan, from 0 to 4294967295', seed, 1)
    .option('--sample <n>', 'scenarios sampled for the plan', runs, 300)
    .action(async (options) => {
      exitCode = await (await import('./doctor.ts')).doctorCommand(options);
    });

  program
    .command('validate')
    .description('check scenario, trace and repro files against the schemas')
    .argument('<files...>', 'JSON files')
    .action(async (files: string[]) => {
      exitCode = (await import('./validate.ts')).validateCommand(files);
    });

  program
    .command('list')
    .description('list the properties (default), the rules they check, the catalog cards or the faults')
    .option('--rules', 'every cited subrule with the properties that check it, or why none does')
    .option('--cards', 'the catalog of real cards')
    .option('--faults', 'the named faults of the reference engine')
    .action(async (options) => {
      exitCode = (await import('./list.ts')).listCommand(options);
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

function processOption(flags: string, description: string, parse: (value: string) => number): Option {
  return new Option(flags, description).argParser(parse);
}

// Option values. Each parser throws commander's InvalidArgumentError, whose message commander
// prefixes with the option and the value given ("option '--runs <n>' argument '0' is invalid.").
// The upper bounds keep every value where it means what it says: a seed is 32 bits (fast-check
// takes seeds modulo 2^32, so 1 and 4294967297 would be the same run), and a time limit above
// 2^31 - 1 ms would make Node's timers fire at once.

/** A whole number from min to max. */
function wholeNumber(min: number, max: number, what = 'a whole number'): (value: string) => number {
  return (value) => {
    const n = /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new InvalidArgumentError(`It must be ${what} from ${min} to ${max}.`);
    return n;
  };
}

const runs = wholeNumber(1, 100_000_000);
const sweep = wholeNumber(0, 100_000_000);
const seed = wholeNumber(0, 0xffff_ffff, 'a 32-bit seed, a whole number');
const seconds = wholeNumber(1, 86_400);
const pipeline = wholeNumber(1, 1000);
/** At most an hour: the same bound as the engine config's timeout and startTimeout (schema/engine-config.schema.json). */
const milliseconds = wholeNumber(1, 3_600_000);
/** From 1 KiB to 256 MiB, as in the engine config's maxLineBytes. */
const lineBytes = wholeNumber(1024, 256 * 1024 * 1024);

/** Engines at once: from 1 to 64 (each engine process, or worker thread, costs memory). */
const workers = wholeNumber(1, 64);

function shard(value: string): { index: number; count: number } {
  const s = parseShard(value);
  if (!s) throw new InvalidArgumentError('It must be i/n, this shard and the number of shards, with 1 <= i <= n <= 10000 (as 2/4).');
  return s;
}

function fraction(value: string): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('It must be a number from 0 to 1.');
  return n;
}
