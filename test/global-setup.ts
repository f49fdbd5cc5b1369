// Tests spawn bin/castcheck.mjs, which runs the build in dist/. It is rebuilt (JavaScript only, under a
// second) before any test runs, so that no test runs a build older than the sources being edited. The
// projects of one vitest process share the main process: the build runs once for all of them.
import { execFileSync } from 'node:child_process';

const key = Symbol.for('castcheck.test-build');

export default async function setup(): Promise<void> {
  const g = globalThis as { [key]?: Promise<void> };
  g[key] ??= Promise.resolve().then(() => {
    execFileSync(process.execPath, ['bin/build.mjs', '--js'], { stdio: ['ignore', 'ignore', 'inherit'] });
  });
  await g[key];
}
