// One run of an engine's process: started without a shell in a process group of its own (so that a
// wrapper script and what it starts are killed together), JSON lines out on stdin, lines in from
// stdout, and the end of stderr kept for reports.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { LineSplitter, LineTooLong } from './line-splitter.ts';
import { StderrTail } from './stderr-tail.ts';
import { track, untrack } from './lifetime.ts';

export interface LaunchSpec {
  argv: readonly string[];
  cwd?: string;
  /** Added to castcheck's own environment. */
  env?: Record<string, string>;
  maxLineBytes: number;
}

export interface ProcessEvents {
  line(line: string): void;
  /** The process wrote a line longer than the limit; it is killed right after. */
  lineTooLong(error: LineTooLong): void;
  /** The process is gone (stdout and stderr read to their end), or could not be started. */
  exit(how: string): void;
}

export class EngineProcess {
  readonly stderr = new StderrTail();
  private readonly child: ChildProcess;
  private readonly splitter: LineSplitter;
  private exited = false;
  /** Lines sent and not yet written: they are written together, once per turn of the event loop. */
  private outgoing = '';

  constructor(spec: LaunchSpec, private readonly events: ProcessEvents) {
    this.splitter = new LineSplitter(spec.maxLineBytes);
    const [program, ...args] = spec.argv;
    this.child = spawn(program!, args, {
      cwd: spec.cwd,
      env: spec.env ? { ...process.env, ...spec.env } : process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    // It never outlives castcheck (adapters/process/lifetime.ts).
    track(this, this.child.pid);
    // Writing to an engine that has just died fails with EPIPE; its exit is reported on its own.
    this.child.stdin!.on('error', () => {});
    this.child.stdout!.on('data', (chunk: Buffer) => this.onStdout(chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    this.child.once('error', (error: NodeJS.ErrnoException) => {
      // spawn says ENOENT for a missing working folder as for a missing program.
      const noFolder = error.code === 'ENOENT' && spec.cwd !== undefined && !existsSync(spec.cwd);
      const why = noFolder
        ? `its working folder ${spec.cwd} does not exist`
        : error.code === 'ENOENT'
          ? `${program}: no such program`
          : error.code === 'EACCES'
            ? `${program}: not executable`
            : error.message;
      this.finish(`could not be started (${why})`);
    });
    // 'close' comes once stdout and stderr are read to their end, so the report has all of stderr.
    const how = (code: number | null, signal: NodeJS.Signals | null) => (signal ? `was killed by ${signal}` : `exited with status ${code}`);
    this.child.once('close', (code, signal) => this.finish(how(code, signal)));
    // A process it started may keep stdout open after it is gone: do not wait for that for long.
    this.child.once('exit', (code, signal) => setTimeout(() => this.finish(how(code, signal)), 200).unref());
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  send(message: unknown): void {
    this.sendLine(JSON.stringify(message));
  }

  /** Sends a message already written as JSON, on one line. */
  sendLine(json: string): void {
    if (this.exited) return;
    // Each write to the pipe is a system call that wakes the engine, and on a busy machine hands it
    // the CPU: the requests a turn of the event loop sends (after a chunk of answers, several) go in
    // one write, at the end of the turn. Over a suite that is a third fewer writes.
    if (this.outgoing === '') setImmediate(this.flush);
    this.outgoing += `${json}\n`;
  }

  private readonly flush = (): void => {
    const lines = this.outgoing;
    this.outgoing = '';
    if (lines !== '' && !this.exited) this.child.stdin!.write(lines);
  };

  /** Asks the engine to stop, then kills it if it is still there after `graceMs`. */
  async stop(message: unknown, graceMs: number): Promise<void> {
    if (this.exited) return;
    this.send(message);
    this.flush();
    this.child.stdin!.end();
    const gone = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    if ((await Promise.race([gone, late])) === 'late') this.kill();
    clearTimeout(timer);
  }

  kill(): void {
    if (!this.exited && this.child.pid !== undefined) {
      try {
        if (process.platform === 'win32') this.child.kill('SIGKILL');
        else process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    untrack(this, this.child.pid);
  }

  private onStdout(chunk: Buffer): void {
    let lines: string[];
    try {
      lines = this.splitter.push(chunk);
    } catch (error) {
      if (!(error instanceof LineTooLong)) throw error;
      this.child.stdout!.removeAllListeners('data');
      this.child.stdout!.resume();
      this.events.lineTooLong(error);
      this.kill();
      return;
    }
    for (const line of lines) this.events.line(line);
  }

  private finish(how: string): void {
    if (this.exited) return;
    this.exited = true;
    untrack(this, this.child.pid);
    this.events.exit(how);
  }
}
