// The figures behind the schemas' bounds; never a test. `node bin/run-ts.mjs bench/bounds.ts`:
//   generators [N]: the largest value of every number and list in N generated scenarios and their
//     reference traces, to compare with the bounds (they must stay far above);
//   tokens [X] [SPLICES] [ACTIONS]: one valid scenario near the bounds on the reference engine, a
//     spell with 10 token effects repeated per kick (22 kicks) X times, spliced with SPLICES such
//     cards, followed by ACTIONS more actions: time, memory and tokens. The bounds keep each value
//     small, but they multiply.
import fc from 'fast-check';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { scenarioArb } from '../generators/scenario.ts';
import { documentIssues } from '../model/documents.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { formatIssues } from '../model/schemas.ts';
import type { Scenario } from '../model/schema-types.ts';

const engine = new ReferenceEngine();
const [what, ...args] = process.argv.slice(2);

if (what === 'generators') {
  const max = new Map<string, number>();
  const note = (k: string, v: number) => max.set(k, Math.max(v, max.get(k) ?? -Infinity));
  // Paths with list indexes and free names folded: /scenario/actions[]/multikicker.
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) {
      note(`${path}[] items`, v.length);
      for (const x of v) walk(x, `${path}[]`);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, `${path}/${/^[a-z]/.test(k) ? k : '*'}`);
    } else if (typeof v === 'number') note(path, Math.abs(v));
  };
  for (const s of fc.sample(scenarioArb({ capabilities: engine.capabilities }), { seed: 7, numRuns: Number(args[0] ?? 20000) })) {
    walk(s, '/scenario');
    walk(await engine.run(normalizeScenario(s)), '/trace');
  }
  for (const [k, v] of [...max].sort()) console.log(k.padEnd(80), v);
} else if (what === 'tokens') {
  const [x, splices, more] = [Number(args[0] ?? 100), Number(args[1] ?? 0), Number(args[2] ?? 0)];
  const effects = Array.from({ length: 10 }, () => ({ kind: 'createToken', amount: 'X', condition: 'perKick', token: { name: 'Bug', types: ['Creature'], power: 1, toughness: 1 } }));
  const zero = { mana: '{0}' };
  const spliced = Array.from({ length: splices }, (_, i) => ({
    id: `s${i}`,
    definition: { name: `Splicer ${i}`, manaCost: '{0}', types: ['Instant'], subtypes: ['Arcane'], splice: { onto: 'Arcane', cost: zero }, effects },
  }));
  const s = {
    format: 'castcheck-scenario/1',
    cards: [
      { id: 'main', definition: { name: 'Spawner', manaCost: '{X}', types: ['Instant'], subtypes: ['Arcane'], kicker: { costs: [zero, zero] }, multikicker: { cost: zero }, effects } },
      ...spliced,
      { id: 'land', oracle: 'Mountain' },
    ],
    players: [{ id: 'p1', hand: ['main', ...spliced.map((c) => c.id)], battlefield: [{ card: 'land' }], mana: { C: 1000 } }, { id: 'p2' }],
    actions: [
      { do: 'cast', card: 'main', x, multikicker: 20, kicker: ['A', 'B'], splice: spliced.map((c) => c.id) },
      { do: 'resolve' },
      ...Array.from({ length: more }, (_, i) => ({ do: i % 2 ? 'untap' : 'tap', permanent: 'land' })),
    ],
  } as unknown as Scenario;
  console.log(formatIssues(documentIssues('scenario', s)).join('\n') || 'a valid scenario');
  const start = performance.now();
  const trace = await engine.run(normalizeScenario(s));
  const ms = Math.round(performance.now() - start);
  const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
  console.log(`${trace.steps.length} steps, ${trace.steps.at(-1)!.state.battlefield.length} permanents at the end, ${ms} ms, ${rss} MiB resident`);
} else {
  console.error('usage: bench/bounds.ts generators [N] | tokens [X] [SPLICES] [ACTIONS]');
  process.exitCode = 2;
}
