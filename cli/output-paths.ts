// Output paths are checked before a run starts, so that a run is never lost at its end for want of a
// place to write: each folder is created and each file's folder tested by writing a file in it.
// Folders are created one level at a time from the deepest one that exists (Node's recursive mkdir
// loops forever on /proc), every check is a bounded number of system calls, and the whole check has
// a time limit for file systems that never answer (a dead network mount).
import * as nodeFs from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '../model/errors.ts';

export interface OutputPath {
  /** The option that named it, for the message: --out, --json... */
  option: string;
  /** Left out when the option was not given. */
  path: string | undefined;
  /** A folder castcheck writes files into, or a file it writes. */
  kind: 'folder' | 'file';
}

/** The file system calls the check makes; tests replace them. */
export type FileSystem = Pick<typeof nodeFs, 'stat' | 'mkdir' | 'open' | 'unlink' | 'access'>;

export interface CheckOptions {
  timeLimitMs?: number;
  fs?: FileSystem;
  /**
   * Called when the time limit passes. By default the process exits with status 2 a moment later,
   * once the error is printed: a system call stuck in a dead mount would keep it alive otherwise.
   */
  onTimeout?: () => void;
}

export const TIME_LIMIT_MS = 3000;

/** Creates each folder and tests each file's folder for writing; an InputError names the option, the path and the reason. */
export async function checkOutputPaths(paths: readonly OutputPath[], o: CheckOptions = {}): Promise<void> {
  const fs = o.fs ?? nodeFs;
  const limit = o.timeLimitMs ?? TIME_LIMIT_MS;
  let current: OutputPath | undefined;
  const all = (async () => {
    for (const p of paths) {
      if (p.path === undefined) continue;
      current = p;
      try {
        await (p.kind === 'folder' ? prepareFolder(fs, p.path) : prepareFile(fs, p.path));
      } catch (error) {
        if (error instanceof PathProblem) throw new InputError(`${p.option} ${p.path}: ${error.message}`);
        throw error;
      }
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => {
    timer = setTimeout(() => done('late'), limit);
  });
  try {
    if ((await Promise.race([all, late])) === 'late') {
      (o.onTimeout ?? exitSoon)();
      throw new InputError(`${current!.option} ${current!.path}: the file system did not answer within ${limit / 1000} s`);
    }
  } finally {
    clearTimeout(timer);
  }
}

function exitSoon(): void {
  setTimeout(() => process.exit(2), 500).unref();
}

/** What is wrong with a path, in words; checkOutputPaths adds the option. */
class PathProblem extends Error {}

async function prepareFolder(fs: FileSystem, path: string): Promise<void> {
  const folder = resolve(path);
  await ensureFolder(fs, folder);
  await probe(fs, folder);
}

async function prepareFile(fs: FileSystem, path: string): Promise<void> {
  const file = resolve(path);
  const found = await statOf(fs, file);
  if (found === 'missing') {
    const folder = dirname(file);
    await ensureFolder(fs, folder);
    await probe(fs, folder);
    return;
  }
  if (found.isDirectory()) throw new PathProblem('it is a folder, not a file');
  // A character device such as /dev/null or /dev/stdout takes a report as it is; a pipe or socket
  // could block the writer until someone reads it.
  if (!found.isFile() && !found.isCharacterDevice()) throw new PathProblem('it is not a regular file');
  try {
    await fs.access(file, constants.W_OK);
  } catch (error) {
    throw new PathProblem(`cannot write the file ${file} (${reason(error)})`);
  }
}

/** The stat of a path, or 'missing' when it or a folder on its way does not exist. */
async function statOf(fs: FileSystem, path: string): Promise<Awaited<ReturnType<FileSystem['stat']>> | 'missing'> {
  try {
    return await fs.stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw new PathProblem(`cannot look at ${path} (${reason(error)})`);
  }
}

/** Creates `folder` and the folders above it that are missing, from the deepest one that exists down. */
async function ensureFolder(fs: FileSystem, folder: string): Promise<void> {
  const missing: string[] = [];
  let at = folder;
  for (;;) {
    const found = await statOf(fs, at);
    if (found !== 'missing') {
      if (!found.isDirectory()) throw new PathProblem(at === folder ? 'it is a file, not a folder' : `${at} is not a folder`);
      break;
    }
    missing.unshift(at);
    const up = dirname(at);
    if (up === at) throw new PathProblem(`cannot look at ${at}`);
    at = up;
  }
  for (const dir of missing) {
    try {
      await fs.mkdir(dir);
    } catch (error) {
      // Made meanwhile by someone else: fine, if it is a folder.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST' && (await statOf(fs, dir)) !== 'missing') continue;
      throw new PathProblem(`cannot create the folder ${dir} (${reason(error)})`);
    }
  }
}

/** Writes and removes an empty file in the folder: the only sure test that castcheck may write there. */
async function probe(fs: FileSystem, folder: string): Promise<void> {
  const file = join(folder, `.castcheck-write-test-${process.pid}-${Date.now()}`);
  try {
    const handle = await fs.open(file, 'wx');
    await handle.close();
  } catch (error) {
    throw new PathProblem(`cannot write in the folder ${folder} (${reason(error)})`);
  }
  await fs.unlink(file).catch(() => undefined);
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  // mkdir in /proc or /sys, whose folders exist but take no new entries.
  ENOENT: 'the file system does not allow it',
  ENOTDIR: 'a part of the path is not a folder',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
  EIO: 'input/output error',
};

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return String((error as Error).message ?? error);
  return REASONS[code] ? `${code}: ${REASONS[code]}` : code;
}
