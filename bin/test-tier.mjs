#!/usr/bin/env node
// Runs `vitest run` with the arguments given (npm test, npm run test:e2e) so that no process the tests
// start outlives the run, however it ends: vitest finishing, Ctrl-C, SIGTERM, or a worker killed.
// Vitest runs in a process group of its own, which everything the tests spawn joins (spawnSync'd
// castcheck runs included: a worker blocked in spawnSync cannot act on a signal). A signal to this
// process goes on to the whole group, as Ctrl-C at a terminal does. When vitest is gone the group is
// killed, and on Linux so is every process that carries this run's mark in its environment: engines
// and browsers start groups of their own, and a worker's children survive the worker.
//   node bin/test-tier.mjs --project fast [vitest options]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The environment variable that marks every process of one run. Given one already, the run's mark
 * starts with it and a slash: test/stop-tier.mjs finds a run's processes that way, and this process
 * and its parents, which carry the given mark, are not the run's.
 */
const MARK = 'CASTCHECK_TEST_RUN';
const mark = `${process.env[MARK] ? `${process.env[MARK]}/` : ''}${process.pid}-${randomBytes(4).toString('hex')}`;
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const posix = process.platform !== 'win32';

const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
  stdio: 'inherit',
  detached: posix,
  env: { ...process.env, [MARK]: mark },
});

/** The processes (other than this one) whose environment holds this run's mark; Linux only. */
function marked() {
  let pids;
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  const needle = `\0${MARK}=${mark}\0`;
  return pids.filter((pid) => {
    if (pid === process.pid) return false;
    try {
      return `\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(needle);
    } catch {
      return false;
    }
  });
}

function killGroup(signal) {
  if (!posix || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is empty.
  }
}

/** Kills what is left of the run: the group, then every process with the mark. */
function cleanUp() {
  killGroup('SIGKILL');
  const left = marked();
  for (const pid of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
  return left.length;
}

/** How long a stopped run has to end on its own (castcheck runs write their partial reports) before it is killed. */
const GRACE_MS = 3000;
let stopping;
function stop(signal) {
  if (stopping) {
    // A second signal: no more waiting.
    cleanUp();
    return;
  }
  stopping = signal;
  console.error(`test-tier: ${signal}: stopping the tests and every process they started`);
  if (posix) killGroup(signal);
  else child.kill(signal);
  // A worker blocked in spawnSync cannot act on the signal, and vitest waits for its workers.
  setTimeout(cleanUp, GRACE_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// `kill` of npm alone ends npm without a word to the script it runs: a parent gone is a SIGTERM.
const parent = process.ppid;
setInterval(() => !stopping && process.ppid !== parent && stop('SIGTERM'), 500).unref();

child.on('exit', (code, signal) => {
  const left = cleanUp();
  if (left > 0 && !stopping) console.error(`test-tier: killed ${left} process(es) the tests left running`);
  if (stopping) process.exit(stopping === 'SIGINT' ? 130 : stopping === 'SIGTERM' ? 143 : 129);
  process.exit(signal ? 1 : (code ?? 1));
});
