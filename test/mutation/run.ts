// npm run mutation: StrykerJS against the reference engine, a benchmark of the suite (not a CI gate,
// not part of npm test). Generates the scenarios once, runs Stryker once per suite (the rule
// properties, then the fixed cases), and writes the scores with every undetected mutant to
// docs/MUTATION.md and castcheck-out/mutation/score.json. Arguments after `--` go to Stryker
// (`npm run mutation -- --force` retests every mutant; by default Stryker's incremental mode
// retests only the mutants whose code or tests changed since the last run), except
// `--report-only`, which scores the last run's reports again (after a change to the triage), and
// `--suite <name>`, which runs one suite only (the other keeps its last report). With Stryker's
// `--mutate <files>` the files mutated replace theirs in the last report, the other files keep their
// last results: a file at a time can be rescored without a two-hour run. `--judge` mutates the judge
// instead (properties/, oracle/) and runs the judge's tests (test/mutation/judge.vitest.config.ts):
// its part of docs/MUTATION.md is written apart, the engine's part kept, and both scores printed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { fileURLToPath } from 'node:url';
import { ReferenceEngine } from '../../adapters/reference/engine.ts';
import { judgeDoc, judgeLineOf, judgeScoreLine, withEnginePart, withJudgePart } from '../../reports/judge-mutation.ts';
import { mutantsOf, mutationDoc, withFilesOf, scoreLine, staleEquivalents, suiteScore, type Equivalent, type StrykerReport, type SuiteScore } from '../../reports/mutation.ts';
import { MUTATION_SCENARIOS, MUTATION_SEED, mutationScenarios, SCENARIOS_FILE_VARIABLE } from '../../runner/mutation-scenarios.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = `${root}castcheck-out/mutation`;
const CONFIG = 'test/mutation/stryker.config.mjs';
const TRIAGE = `${root}test/mutation/triage.json`;
const JUDGE_CONFIG = 'test/mutation/judge.stryker.config.mjs';
const JUDGE_TRIAGE = `${root}test/mutation/judge-triage.json`;
/** Where Stryker writes the report of one judge run (test/mutation/judge.stryker.config.mjs reads it). */
const JUDGE_REPORT_VARIABLE = 'CASTCHECK_JUDGE_REPORT';
const DOC = `${root}docs/MUTATION.md`;
const SUITES = ['properties', 'cases'] as const;

const cli = new Command('npm run mutation --')
  .description('StrykerJS against the reference engine; options it does not know go to Stryker (--force, --mutate, --concurrency)')
  .allowUnknownOption()
  .allowExcessArguments()
  .addOption(new Option('--suite <name>', 'run one suite only; the other keeps its last report').choices(SUITES))
  .option('--report-only', "score the last run's reports again, without running Stryker")
  .option('--judge', "mutate the judge (properties/, oracle/) and run the judge's tests instead of the engine's suites")
  .exitOverride((e: CommanderError) => process.exit(e.exitCode === 0 ? 0 : 2));
cli.parse(process.argv);
const opts = cli.opts<{ suite?: (typeof SUITES)[number]; reportOnly?: boolean; judge?: boolean }>();
const reportOnly = opts.reportOnly === true;
const strykerArgs = cli.args;
const partial = strykerArgs.some((a) => a === '--mutate' || a === '-m' || a.startsWith('--mutate='));
mkdirSync(out, { recursive: true });
if (opts.judge) {
  await judgeRun();
  process.exit(0);
}
const scenariosFile = `${out}/scenarios.json`;
if (!reportOnly) writeFileSync(scenariosFile, JSON.stringify(mutationScenarios(new ReferenceEngine().capabilities)));
const previous = existsSync(`${out}/score.json`) ? (JSON.parse(readFileSync(`${out}/score.json`, 'utf8')) as { suites: SuiteScore[] }).suites : [];
const config = (await import(new URL(`../../${CONFIG}`, import.meta.url).href)) as { default: { mutate: string[] } };
const equivalents = (JSON.parse(readFileSync(TRIAGE, 'utf8')) as { equivalent: Equivalent[] }).equivalent;

const scores: SuiteScore[] = [];
let allMutants: ReturnType<typeof mutantsOf> = [];
for (const suite of SUITES) {
  const started = Date.now();
  const reportFile = `${out}/${suite}.json`;
  const runs = !reportOnly && (opts.suite === undefined || opts.suite === suite);
  if (!runs && !existsSync(reportFile)) {
    console.error(`npm run mutation: no report of the ${suite} suite in ${reportFile}: run it first`);
    process.exit(2);
  }
  const before = runs && partial && existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport) : undefined;
  if (runs) {
    console.log(`\nnpm run mutation: the ${suite} suite against every mutant (StrykerJS)`);
    const r = spawnSync('npx', ['stryker', 'run', CONFIG, ...strykerArgs], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, CASTCHECK_MUTATION_SUITE: suite, [SCENARIOS_FILE_VARIABLE]: scenariosFile },
    });
    if (r.status !== 0) {
      console.error(`StrykerJS failed on the ${suite} suite (exit ${r.status})`);
      process.exit(2);
    }
  }
  let report = JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport;
  if (before) {
    // The files of this run replace theirs; every other file keeps the result of its last run.
    report = withFilesOf(before, report);
    writeFileSync(reportFile, JSON.stringify(report));
  }
  const mutants = mutantsOf(report, equivalents);
  if (suite === 'properties') allMutants = mutants;
  // A report with files rescored apart has no one time: it is left out.
  const seconds = before ? 0 : runs ? (Date.now() - started) / 1000 : (previous.find((s) => s.suite === suite)?.seconds ?? 0);
  scores.push(suiteScore(suite, mutants, seconds));
}

const stale = staleEquivalents(allMutants, equivalents);
writeFileSync(DOC, withEnginePart(existsSync(DOC) ? readFileSync(DOC, 'utf8') : '', mutationDoc(scores, { scenarios: MUTATION_SCENARIOS, seed: MUTATION_SEED, mutate: config.default.mutate, stale })));
writeFileSync(`${out}/score.json`, JSON.stringify({ format: 'castcheck-mutation/1', scenarios: MUTATION_SCENARIOS, seed: MUTATION_SEED, suites: scores, staleTriage: stale }, null, 2));
const judgeLine = judgeLineOf(readFileSync(DOC, 'utf8'));
console.log(`\n${scores.map(scoreLine).join('\n')}\n${judgeLine ?? 'judge mutation score: not measured yet (npm run mutation -- --judge)'} (last judge run)\nwrote ${DOC} and ${out}/score.json`);

/**
 * The judge's run: one Stryker run over the judge with its own tests. With --mutate, the files run
 * replace theirs in the last report, each file keeping the date and commit of the run that scored it.
 */
async function judgeRun(): Promise<void> {
  const reportFile = `${out}/judge.json`;
  const scoreFile = `${out}/judge-score.json`;
  const judgeConfig = (await import(new URL(`../../${JUDGE_CONFIG}`, import.meta.url).href)) as { default: { mutate: string[] } };
  // Read when the run ends: another run over other files may have ended in between.
  const lastRuns = () => (existsSync(scoreFile) ? (JSON.parse(readFileSync(scoreFile, 'utf8')) as { runs: Record<string, { date: string; commit: string }> }).runs : {});
  const lastReport = () => (existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport) : undefined);
  let runs = lastRuns();
  if (!reportOnly) {
    console.log('\nnpm run mutation: the judge (properties/, oracle/) against its own tests (StrykerJS)');
    // The commit the run starts from: Stryker copies the files then.
    const commit = spawnSync('git', ['describe', '--always', '--dirty', '--abbrev=12'], { cwd: root, encoding: 'utf8' }).stdout.trim();
    // Stryker's report of this run goes to a file of its own, merged into the last report once it ends.
    const runReport = `${out}/judge.run-${process.pid}.json`;
    const r = spawnSync('npx', ['stryker', 'run', JUDGE_CONFIG, ...strykerArgs], { cwd: root, stdio: 'inherit', env: { ...process.env, [JUDGE_REPORT_VARIABLE]: runReport } });
    if (r.status !== 0) {
      console.error(`StrykerJS failed on the judge (exit ${r.status})`);
      process.exit(2);
    }
    const now = { date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, commit };
    const ran = JSON.parse(readFileSync(runReport, 'utf8')) as StrykerReport;
    rmSync(runReport);
    const before = partial ? lastReport() : undefined;
    runs = { ...(partial ? lastRuns() : {}), ...Object.fromEntries(Object.keys(ran.files).map((f) => [f, now])) };
    writeFileSync(reportFile, JSON.stringify(before ? withFilesOf(before, ran) : ran));
  } else if (!lastReport()) {
    console.error(`npm run mutation: no report of the judge in ${reportFile}: run npm run mutation -- --judge first`);
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as StrykerReport;
  const equivalents = (JSON.parse(readFileSync(JUDGE_TRIAGE, 'utf8')) as { equivalent: Equivalent[] }).equivalent;
  const mutants = mutantsOf(report, equivalents);
  const score = suiteScore('judge', mutants, 0);
  const dates = [...new Set(Object.values(runs).map((r) => r.date))].sort();
  const commits = [...new Set(Object.values(runs).map((r) => r.commit))];
  const run = {
    date: dates.length > 1 ? `${dates[0]} to ${dates.at(-1)} (files rescored apart)` : (dates[0] ?? 'unknown'),
    commit: commits.join(', '),
    mutate: judgeConfig.default.mutate,
    files: Object.keys(report.files),
    notRun: ['properties', 'oracle'].flatMap((d) => (existsSync(`${root}${d}`) ? readdirSync(`${root}${d}`, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => `${d}/${f}`) : [])).filter((f) => !(f in report.files)).sort(),
    staticMutants: mutants.filter((m) => m.status === 'Ignored').length,
  };
  writeFileSync(DOC, withJudgePart(existsSync(DOC) ? readFileSync(DOC, 'utf8') : '', judgeDoc(score, run, equivalents, mutants)));
  writeFileSync(scoreFile, JSON.stringify({ format: 'castcheck-judge-mutation/1', runs, score: { ...score, undetected: score.undetected.length, equivalents: score.equivalents.length } }, null, 2));
  const engine = existsSync(`${out}/score.json`) ? (JSON.parse(readFileSync(`${out}/score.json`, 'utf8')) as { suites: SuiteScore[] }).suites.map(scoreLine) : [];
  console.log(`\n${judgeScoreLine(score)}\n${engine.length > 0 ? engine.map((l) => `${l} (last engine run)`).join('\n') : 'the engine: see docs/MUTATION.md'}\nwrote ${DOC} and ${scoreFile}`);
}
