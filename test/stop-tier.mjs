#!/usr/bin/env node
// Starts a test tier (npm run test:e2e by default), stops it midway as a person would, and checks
// that no process it started is left: once the tests have castcheck runs going, it kills the vitest
// worker that started one (SIGKILL), waits for another run to start, then stops the tier with SIGINT
// to its process group (Ctrl-C at a terminal) or SIGTERM to npm alone (`kill PID`). The tier's
// processes are found by the mark bin/test-tier.mjs puts in their environment (Linux: /proc).
// Exits 0 when none is left, 1 (killing them) when some are. Every wait is for something to happen,
// bounded by the tier's own course; the tier runs to its end if nothing ever happens.
//   node test/stop-tier.mjs [test:e2e|test] [SIGINT|SIGTERM]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [script = 'test:e2e', signal = 'SIGINT'] = process.argv.slice(2);
if (!['SIGINT', 'SIGTERM'].includes(signal)) throw new Error('usage: node test/stop-tier.mjs [test:e2e|test] [SIGINT|SIGTERM]');
if (!existsSync('/proc/self/environ')) throw new Error('this check reads /proc: it runs on Linux');

const MARK = 'CASTCHECK_TEST_RUN';
const mark = `stop-tier-${process.pid}-${randomBytes(4).toString('hex')}`;
const log = join(tmpdir(), `${mark}.log`);
const out = openSync(log, 'w');

/** The tier's processes: pid, parent, command line. */
function tierProcesses() {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'latin1');
      if (!environ.split('\0').some((v) => v.startsWith(`${MARK}=${mark}/`))) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (fields[0] === 'Z') continue;
      found.push({ pid: Number(name), ppid: Number(fields[1]), cmd: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() });
    } catch {
      // Gone while read.
    }
  }
  return found;
}

/** Processes that carry this check's own mark: npm, its shell and bin/test-tier.mjs. */
function runners() {
  return readdirSync('/proc').filter((name) => {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) return false;
    try {
      return readFileSync(`/proc/${name}/environ`, 'latin1').split('\0').includes(`${MARK}=${mark}`);
    } catch {
      return false;
    }
  });
}

const isWorker = (p) => /vitest\/dist\/workers\//.test(p.cmd);
const isCastcheck = (p) => /bin\/castcheck\.mjs /.test(p.cmd);

// Its own process group, as a command typed at a terminal is: SIGINT to the group is Ctrl-C.
const npm = spawn('npm', ['run', script], { detached: true, stdio: ['ignore', out, out], env: { ...process.env, [MARK]: mark } });
let ended = false;
const exited = new Promise((resolve) => npm.on('exit', (code, sig) => ((ended = true), resolve(sig ?? code))));
console.log(`started npm run ${script} (pid ${npm.pid}), its output in ${log}`);

async function until(what, found) {
  for (;;) {
    if (ended) return undefined;
    const hit = found(tierProcesses());
    if (hit) return hit;
    await sleep(100);
  }
}

const seen = new Set();
const first = await until('a castcheck run started by a worker', (ps) => {
  for (const p of ps) seen.add(`${p.pid} ${p.cmd.slice(0, 100)}`);
  const workers = new Set(ps.filter(isWorker).map((p) => p.pid));
  return ps.find((p) => isCastcheck(p) && workers.has(p.ppid));
});
if (!first) {
  console.log('the tier ended before any test started a castcheck run: nothing was stopped midway');
  process.exit(1);
}
console.log(`killing vitest worker ${first.ppid}, which runs: ${first.cmd.slice(0, 120)}`);
process.kill(first.ppid, 'SIGKILL');

const second = await until('another castcheck run', (ps) => {
  for (const p of ps) seen.add(`${p.pid} ${p.cmd.slice(0, 100)}`);
  return ps.find((p) => isCastcheck(p) && p.pid !== first.pid && p.ppid !== first.ppid);
});
const running = tierProcesses();
console.log(
  `${second ? 'another run started' : 'the tier ended first'}; ${running.length} process(es) of the tier running: ${running.filter(isWorker).length} worker(s), ${running.filter(isCastcheck).length} castcheck run(s)`,
);
if (signal === 'SIGINT') process.kill(-npm.pid, 'SIGINT');
else process.kill(npm.pid, 'SIGTERM');
console.log(`sent ${signal} to ${signal === 'SIGINT' ? 'the process group of' : ''} npm`);
console.log(`npm ended: ${await exited}`);

// npm may end before the tier's runner (bin/test-tier.mjs, which carries the mark itself) has
// cleaned up: wait for the runner to end, then look.
while (runners().length > 0) await sleep(100);
const left = tierProcesses();
console.log(`${seen.size} process(es) of the tier seen while it ran; ${left.length} left after it was stopped`);
for (const p of left) {
  console.log(`  left: ${p.pid} ${p.cmd.slice(0, 160)}`);
  try {
    process.kill(p.pid, 'SIGKILL');
  } catch {
    // Gone.
  }
}
process.exit(left.length === 0 ? 0 : 1);
