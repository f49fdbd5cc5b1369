// How long the command line takes to start: `castcheck --version` (commander and nothing else),
// `castcheck list` (the properties and the catalog), and the time `castcheck serve reference` takes to
// answer hello; from the build (bin/castcheck.mjs) and from the sources through tsx
// (bin/castcheck-dev.mjs), as the command line ran before. Wall time is the fastest of a few starts
// (the machine is shared); CPU time, user and system, is the median, read by a hook that each started
// process runs at exit.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './clock.ts';

export interface StartupTime {
  command: string;
  wallMs: number;
  cpuMs: number;
}

/** A module for --import that writes the process's CPU milliseconds to $CASTCHECK_BENCH_CPU at exit. */
export const CPU_AT_EXIT = `data:text/javascript,${encodeURIComponent(
  "import { writeFileSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); writeFileSync(process.env.CASTCHECK_BENCH_CPU, String((u.user + u.system) / 1000)); });",
)}`;

export function startupTimes(launcher: string, args: string[], starts: number): StartupTime {
  const dir = mkdtempSync(join(tmpdir(), 'castcheck-bench-'));
  const file = join(dir, 'cpu');
  const walls: number[] = [];
  const cpus: number[] = [];
  try {
    for (let i = 0; i < starts; i++) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, ['--import', CPU_AT_EXIT, launcher, ...args], { encoding: 'utf8', env: { ...process.env, CASTCHECK_BENCH_CPU: file } });
      walls.push(performance.now() - t0);
      if (r.status !== 0) throw new Error(`${launcher} ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
      cpus.push(Number(readFileSync(file, 'utf8')));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { command: `${launcher.replace(/^bin\//, '')} ${args.join(' ')}`, wallMs: Math.min(...walls), cpuMs: median(cpus) };
}

/** Milliseconds from starting `castcheck serve reference` to its answer to hello; the fastest of a few. */
export async function serveHelloMs(launcher: string, starts: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < starts; i++) {
    times.push(
      await new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        const child = spawn(process.execPath, [launcher, 'serve', 'reference'], { stdio: ['pipe', 'pipe', 'inherit'] });
        child.stdout.once('data', () => {
          const ms = performance.now() - t0;
          child.stdin.end(`${JSON.stringify({ type: 'stop' })}\n`);
          child.once('exit', () => resolve(ms));
        });
        child.once('error', reject);
        child.stdin.write(`${JSON.stringify({ type: 'hello', protocol: 1, protocols: [1, 2], castcheck: 'bench' })}\n`);
      }),
    );
  }
  return Math.min(...times);
}
