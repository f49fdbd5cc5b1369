// One run per output folder: a run holds a lock file with its process id in its --out folder, so
// that two runs never write one events.jsonl and one report.json at once. A lock whose process is
// gone (a run killed with SIGKILL) is taken over. With --out-suffix a run that finds its folder
// taken writes to the first free OUT-2, OUT-3... instead of stopping.
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../model/errors.ts';

export const LOCK_FILE = '.castcheck.lock';

/** Folders tried with --out-suffix before giving up. */
const MAX_SUFFIX = 100;

export interface OutLock {
  /** The folder the run writes to: --out, or with --out-suffix the free folder chosen. */
  out: string;
  release(): void;
}

export interface LockOptions {
  /** With --out-suffix: a folder taken is no error, the next free OUT-2, OUT-3... is used. */
  suffix?: boolean;
  pid?: number;
  /** Whether a process is still there; tests replace it. */
  alive?: (pid: number) => boolean;
}

/** Takes the lock of `out` (or with suffix, of the first free folder after it); an InputError names the run that holds it. */
export function lockOutput(out: string, o: LockOptions = {}): OutLock {
  const pid = o.pid ?? process.pid;
  const alive = o.alive ?? processAlive;
  for (let n = 1; n <= (o.suffix ? MAX_SUFFIX : 1); n++) {
    const folder = n === 1 ? out : `${out}-${n}`;
    mkdirSync(folder, { recursive: true });
    const holder = tryLock(join(folder, LOCK_FILE), pid, alive);
    if (holder === undefined) return { out: folder, release: () => releaseLock(join(folder, LOCK_FILE), pid) };
    if (!o.suffix) {
      throw new InputError(`--out ${out}: another castcheck run (process ${holder}) is writing to this folder`, [
        '  two runs into one folder would mix their events.jsonl and lose one report.json:',
        '  wait for it to end, give another --out, or add --out-suffix to write to the first free OUT-2, OUT-3...',
      ]);
    }
  }
  throw new InputError(`--out ${out}: ${MAX_SUFFIX} folders from it on are all in use by other castcheck runs`);
}

/** undefined when the lock is now ours; else the process id of the live run that holds it. */
function tryLock(file: string, pid: number, alive: (pid: number) => boolean): number | undefined {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(file);
    if (holder !== undefined && holder !== pid && alive(holder)) return holder;
    // The run that held it is gone (or the file is unreadable half-written junk): taken over.
    try {
      unlinkSync(file);
    } catch {
      // Another run took it over first: the next attempt sees its process.
    }
  }
  return holderOf(file) ?? -1;
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function releaseLock(file: string, pid: number): void {
  if (holderOf(file) !== pid) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}

/** Whether a process with this id exists (EPERM: it does, under another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
