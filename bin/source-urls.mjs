// The esbuild plugin of bin/build.mjs. Modules find their data (schema/, catalog/, scenarios/,
// model/*.json, package.json) relative to their own source file, through import.meta.url. Bundled,
// every module lives in a file one folder below the root (dist/, castcheck-out/bench.mjs): each
// source's import.meta.url is rewritten to the URL its source file has, seen from there, so that the
// same relative paths keep working from the repository and from an installed package (which ships
// those data files).
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';

/** The plugin, for the sources under `root`. */
export function sourceUrlsPlugin(root) {
  return {
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
}
