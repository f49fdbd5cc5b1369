#!/usr/bin/env node
// Records what an engine answers castcheck, for tests that judge a real engine's answers without it:
//   castcheck run --engine-cmd "node integrations/record-exchanges.mjs OUT.jsonl -- ENGINE COMMAND..."
// Stands between castcheck and the engine, passing every line through unchanged, and appends to
// OUT.jsonl the engine's hello ({"hello": ...}) and each scenario with its answer ({"scenario", "answer"}).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const sep = process.argv.indexOf('--');
const out = process.argv[2];
if (!out || sep < 0 || sep + 1 >= process.argv.length) {
  process.stderr.write('usage: record-exchanges.mjs OUT.jsonl -- ENGINE COMMAND...\n');
  process.exit(2);
}
const [cmd, ...args] = process.argv.slice(sep + 1);
const engine = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'inherit'] });
const pending = new Map();

createInterface({ input: process.stdin }).on('line', (line) => {
  try {
    const m = JSON.parse(line);
    if (m.type === 'run') pending.set(m.id, m.scenario);
  } catch {
    // not ours to judge: the engine answers it
  }
  engine.stdin.write(line + '\n');
}).on('close', () => engine.stdin.end());

createInterface({ input: engine.stdout }).on('line', (line) => {
  try {
    const m = JSON.parse(line);
    if (m.type === 'hello') appendFileSync(out, JSON.stringify({ hello: m }) + '\n');
    else if ((m.type === 'trace' || m.type === 'error') && pending.has(m.id)) {
      appendFileSync(out, JSON.stringify({ scenario: pending.get(m.id), answer: m }) + '\n');
      pending.delete(m.id);
    }
  } catch {
    // passed through: castcheck reports what is not a message
  }
  process.stdout.write(line + '\n');
});

engine.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
