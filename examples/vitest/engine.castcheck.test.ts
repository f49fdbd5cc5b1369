// castcheck's properties as vitest tests, for an engine in another process: one test per property.
// Run it with `npx vitest run --config examples/vitest/vitest.config.ts` from the repository root.
// Here the engine is castcheck's reference engine served over the protocol (ENGINE_CMD replaces it:
// your engine's command); CASTCHECK_FAULT gives it a named fault, to see a failure told.
import { describeEngine } from 'castcheck/vitest';

const fault = process.env.CASTCHECK_FAULT;
const command = process.env.ENGINE_CMD ?? `node bin/castcheck.mjs serve reference${fault ? ` --fault ${fault}` : ''}`;

// Every property but the copies family, which copies.castcheck.test.ts checks.
describeEngine({ command }, { runs: 200, out: process.env.CASTCHECK_OUT ?? 'castcheck-out', except: ['copies'] });
