#!/usr/bin/env node
// castcheck's command line: the JavaScript that `npm run build` bundles into dist/ (npm ci and npm pack
// build it). While editing the TypeScript, bin/castcheck-dev.mjs runs the sources instead.
let cli;
try {
  cli = await import('../dist/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/main.js')) throw error;
  process.stderr.write('castcheck: dist/main.js is missing: run `npm run build` (npm ci runs it), or bin/castcheck-dev.mjs to run the sources\n');
  process.exit(2);
}
process.exitCode = await cli.main(process.argv.slice(2));
