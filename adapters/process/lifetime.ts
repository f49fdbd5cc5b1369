// Engine processes never outlive castcheck. Each runs in a process group of its own (so that a
// wrapper script and what it starts go together, and an interrupt at the terminal reaches castcheck
// alone), and castcheck kills the groups when it exits, normally or on an uncaught error, and on
// SIGINT, SIGTERM and SIGHUP. For the ways out it cannot act on (SIGKILL, Node itself crashing) a
// watchdog process holds the read end of a pipe from castcheck: the kernel closes castcheck's end
// when castcheck dies, however it dies, and the watchdog then kills every group it was told of.
// Node cannot call prctl(PR_SET_PDEATHSIG), and a pipe closing works on every platform Node runs on.
import { spawn, type ChildProcess } from 'node:child_process';

interface Killable {
  kill(): void;
}

const live = new Set<Killable>();
let hooked = false;
/** Set when the command handles the signals itself (castcheck run: it writes what it found first). */
let signalsTakenOver = false;
let watchdog: ChildProcess | undefined;

/**
 * The watchdog, as a program Node runs with -e: it needs no file of castcheck's, so it works the same
 * from the sources and from a package. Lines on stdin: `+PID` guards a process group, `-PID` lets it
 * go. When stdin ends (castcheck is gone) it kills the groups it still guards. It ignores the
 * signals of the terminal, which are castcheck's to act on.
 */
const WATCHDOG = `
const groups = new Set();
let rest = '';
const end = () => {
  for (const pid of groups) {
    try { process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL'); } catch {}
  }
  process.exit(0);
};
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const lines = (rest + chunk).split('\\n');
  rest = lines.pop();
  for (const line of lines) {
    const pid = Number(line.slice(1));
    if (!Number.isSafeInteger(pid) || pid <= 0) continue;
    if (line[0] === '+') groups.add(pid);
    else groups.delete(pid);
  }
});
process.stdin.on('end', end);
process.stdin.on('error', end);
`;

/** Keeps an engine process (the leader of its process group `pid`) from outliving castcheck. */
export function track(p: Killable, pid: number | undefined): void {
  live.add(p);
  hook();
  if (pid !== undefined) tell(`+${pid}`);
}

/** The process is gone, or castcheck killed it: nothing more to guard. */
export function untrack(p: Killable, pid: number | undefined): void {
  if (!live.delete(p)) return;
  if (pid !== undefined) tell(`-${pid}`);
}

/** Kills every engine process still running, at once. */
export function killAll(): void {
  for (const p of [...live]) p.kill();
}

/** The caller handles SIGINT, SIGTERM and SIGHUP itself, and calls killAll before it exits (until called with false). */
export function takeOverSignals(on = true): void {
  signalsTakenOver = on;
}

/** The watchdog's process id, for tests. */
export function watchdogPid(): number | undefined {
  return watchdog?.pid;
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // Left to itself, castcheck passes a signal on to the engines, which are not in its process group,
    // then dies of it.
    const listener = () => {
      if (signalsTakenOver) return;
      killAll();
      process.removeListener(signal, listener);
      process.kill(process.pid, signal);
    };
    process.on(signal, listener);
  }
}

function tell(line: string): void {
  const w = startWatchdog();
  if (w?.stdin?.writable) w.stdin.write(`${line}\n`);
}

function startWatchdog(): ChildProcess | undefined {
  if (watchdog) return watchdog;
  try {
    watchdog = spawn(process.execPath, ['-e', WATCHDOG], {
      stdio: ['pipe', 'ignore', 'ignore'],
      // Its own process group: a signal sent to castcheck's group does not take the watchdog with it.
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
  } catch {
    return undefined;
  }
  // Without a watchdog the engines are still killed on every way out castcheck sees.
  watchdog.on('error', () => undefined);
  watchdog.stdin!.on('error', () => undefined);
  // Neither the watchdog nor the pipe keeps castcheck running.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  return watchdog;
}
