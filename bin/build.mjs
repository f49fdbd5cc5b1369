#!/usr/bin/env node
// Builds what the package runs and ships into dist/ (git-ignored): the command line and the public
// API bundled by esbuild into ES modules, one chunk per subcommand (cli/main.ts imports them lazily),
// with the dependencies left as imports of node_modules; and, unless --js, the API's type
// declarations (tsc). `npm ci` and `npm pack` run it (the `prepare` script); the test tiers run it
// with --js first, so that no test spawns a stale build (docs/DEVELOPING.md).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceUrlsPlugin } from './source-urls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const jsOnly = process.argv.includes('--js');
// `npm run bench` measures the JavaScript castcheck ships, not the sources run through tsx (whose
// transform wraps functions to keep their names): --bench also bundles bench/main.ts.
const withBench = process.argv.includes('--bench');

const bundled = {
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // runner/lanes.ts starts dist/lane-worker.js rather than the TypeScript through tsx.
  define: { CASTCHECK_BUNDLED: 'true' },
  // Modules find their data relative to their own source file (bin/source-urls.mjs).
  plugins: [sourceUrlsPlugin(root)],
  logLevel: 'warning',
};

const started = Date.now();
const result = await build({
  ...bundled,
  // The lane of a parallel run (castcheck fuzz, --workers) runs in a worker thread: an entry of its own.
  entryPoints: { main: 'cli/main.ts', api: 'api.ts', vitest: 'integrations/vitest.ts', 'lane-worker': 'runner/lane-worker.ts' },
  outdir: out,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  write: false,
});

// Tests may be running bin/castcheck.mjs while this builds (npm pack builds too): each file is
// replaced whole by a rename, an unchanged one is left alone, and chunks of an older build go last.
await mkdir(out, { recursive: true });
const written = new Set();
for (const file of result.outputFiles) {
  written.add(file.path);
  const old = await readFile(file.path, 'utf8').catch(() => undefined);
  if (old === file.text) continue;
  const tmp = `${file.path}.${process.pid}.tmp`;
  await writeFile(tmp, file.contents);
  await rename(tmp, file.path);
}
for (const name of await readdir(out)) {
  if (name.endsWith('.js') && !written.has(join(out, name))) await rm(join(out, name));
}

if (withBench) {
  // Under castcheck-out/, one folder below the root like dist/, so that source URLs resolve the same.
  await build({ ...bundled, entryPoints: ['bench/main.ts'], outfile: join(root, 'castcheck-out', 'bench.mjs') });
}

if (!jsOnly) {
  await rm(join(out, 'types'), { recursive: true, force: true });
  // Declarations for engine authors in TypeScript: api.ts and what it refers to.
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('castcheck build: the type declarations did not build');
    process.exit(1);
  }
}
console.log(`castcheck build: dist/${withBench ? ' and castcheck-out/bench.mjs' : ''} in ${Date.now() - started} ms${jsOnly ? ' (JavaScript only)' : ''}`);
