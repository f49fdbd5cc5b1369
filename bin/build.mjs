#!/usr/bin/env node
// Builds what the package runs and ships into dist/ (git-ignored): the command line and the public
// API bundled by esbuild into ES modules, one chunk per subcommand (cli/main.ts imports them lazily),
// with the dependencies left as imports of node_modules; and, unless --js, the API's type
// declarations (tsc). `npm ci` and `npm pack` run it (the `prepare` script); the test tiers run it
// with --js first, so that no test spawns a stale build (docs/DEVELOPING.md).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist');
const jsOnly = process.argv.includes('--js');

// Modules find their data (schema/, catalog/, scenarios/, model/*.json, package.json) relative to
// their own source file, through import.meta.url. Bundled, every module lives in a chunk directly
// under dist/: each source's import.meta.url is rewritten to the URL its source file has, seen from
// there, so that the same relative paths keep working from the repository and from an installed
// package (which ships those data files).
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const rel = relative(root, args.path).split(sep).join('/');
      if (rel.startsWith('..') || rel.startsWith('node_modules/') || !text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(`../${rel}`)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const started = Date.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'cli/main.ts', api: 'api.ts', vitest: 'integrations/vitest.ts' },
  outdir: out,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  plugins: [sourceUrls],
  logLevel: 'warning',
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

if (!jsOnly) {
  await rm(join(out, 'types'), { recursive: true, force: true });
  // Declarations for engine authors in TypeScript: api.ts and what it refers to.
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('castcheck build: the type declarations did not build');
    process.exit(1);
  }
}
console.log(`castcheck build: dist/ in ${Date.now() - started} ms${jsOnly ? ' (JavaScript only)' : ''}`);
