// One run per output folder (cli/out-lock.ts): a live run's lock stops a second run, a dead run's
// lock is taken over, and --out-suffix picks the first free folder after it.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../model/errors.ts';
import { LOCK_FILE, lockOutput } from '../cli/out-lock.ts';

const living = new Set([101, 102]);
const alive = (pid: number) => living.has(pid);

describe('the lock of an output folder', () => {
  it('stops a second run while the first holds it, naming the first', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'castcheck-lock-')), 'out');
    const first = lockOutput(out, { pid: 101, alive });
    expect(first.out).toBe(out);
    expect(readFileSync(join(out, LOCK_FILE), 'utf8')).toBe('101\n');
    expect(() => lockOutput(out, { pid: 102, alive })).toThrow(InputError);
    expect(() => lockOutput(out, { pid: 102, alive })).toThrow(/another castcheck run \(process 101\) is writing to this folder/);
    first.release();
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    expect(lockOutput(out, { pid: 102, alive }).out).toBe(out);
  });

  it('takes over the lock of a run that is gone', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-lock-'));
    writeFileSync(join(out, LOCK_FILE), '999\n');
    const lock = lockOutput(out, { pid: 101, alive });
    expect(readFileSync(join(out, LOCK_FILE), 'utf8')).toBe('101\n');
    lock.release();
  });

  it('with --out-suffix, writes to the first free folder after it', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'castcheck-lock-')), 'out');
    const first = lockOutput(out, { pid: 101, alive });
    const second = lockOutput(out, { pid: 102, alive, suffix: true });
    expect(second.out).toBe(`${out}-2`);
    // A release never removes another run's lock.
    second.release();
    first.release();
    expect(existsSync(join(out, LOCK_FILE))).toBe(false);
    expect(existsSync(join(`${out}-2`, LOCK_FILE))).toBe(false);
  });
});
