#!/usr/bin/env node
// Builds what the package runs and ships into dist/ (git-ignored): the command line and the public
// API bundled by esbuild into ES modules, one chunk per subcommand (cli/main.ts imports them lazily),
// with the dependencies left as imports of node_modules; and, unless --js, the API's type
// declarations (tsc). `npm ci` and `npm pack` run it (the `prepare` script); the test tiers run it
// with --js first, so that no test spawns a stale build (docs/DEVELOPING.md).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
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
// Chunk names change with their contents: the old ones go first. The declarations stay unless rebuilt.
for (const name of await readdir(out).catch(() => [])) if (name.endsWith('.js')) await rm(join(out, name));
if (!jsOnly) await rm(join(out, 'types'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'cli/main.ts', api: 'api.ts' },
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
});

if (!jsOnly) {
  // Declarations for engine authors in TypeScript: api.ts and what it refers to.
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.types.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('castcheck build: the type declarations did not build');
    process.exit(1);
  }
}
console.log(`castcheck build: dist/ in ${Date.now() - started} ms${jsOnly ? ' (JavaScript only)' : ''}`);
