// Writes the table of current figures in docs/PERFORMANCE.md from bench-results.json, so that the
// page shows what the last `npm run bench` measured, with its date, and nothing older.
// Run after `npm run bench`: node bin/run-ts.mjs bench/performance-doc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BenchFigure {
  id: string;
  label: string;
  value: number;
  unit: string;
  target?: { text: string; met: boolean };
  issue?: { value: number; better?: number };
}

export interface BenchResults {
  date: string;
  node: string;
  machine: { cpus: number; model: string };
  runs: number;
  seed: number;
  figures: BenchFigure[];
}

export const START = '<!-- figures from bench-results.json: start (bench/performance-doc.ts writes this table) -->';
export const END = '<!-- figures from bench-results.json: end -->';

// Rounded to what the machine's noise leaves meaningful.
const DIGITS: Record<string, number> = { '': 0, '/s': 0, 'µs': 1, ms: 0, KiB: 1, '%': 1, '×': 2, runs: 0, s: 1 };

function number(value: number, unit: string): string {
  const digits = DIGITS[unit] ?? 1;
  return value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function figuresTable(results: BenchResults): string {
  const day = results.date.slice(0, 10);
  const head = [
    `Measured on ${day} by \`npm run bench\` (Node ${results.node}, ${results.machine.cpus} cores, ${results.machine.model}; ` +
      `${results.runs.toLocaleString('en-GB')} scenarios per measure, seed ${results.seed}).`,
    '',
    '| figure | measured | target | issue 15 started from | id in bench-results.json |',
    '|---|---|---|---|---|',
  ];
  const rows = results.figures.map((f) => {
    const unit = f.unit ? ` ${f.unit}` : '';
    const target = f.target ? `${f.target.text} (${f.target.met ? 'met' : 'not met'})` : '';
    const issue = f.issue ? `${number(f.issue.value, f.unit)}${unit}` : '';
    return `| ${cell(f.label)} | ${number(f.value, f.unit)}${unit} | ${cell(target)} | ${issue} | \`${f.id}\` |`;
  });
  return [...head, ...rows].join('\n');
}

/** The page with its table of figures replaced by the one made from `results`. */
export function withFigures(page: string, results: BenchResults): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/PERFORMANCE.md has lost its markers: ${START} ... ${END}`);
  return `${page.slice(0, start + START.length)}\n${figuresTable(results)}\n${page.slice(end)}`;
}

export const resultsFile = fileURLToPath(new URL('../bench-results.json', import.meta.url));
export const pageFile = fileURLToPath(new URL('../docs/PERFORMANCE.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResults;
  writeFileSync(pageFile, withFigures(readFileSync(pageFile, 'utf8'), results));
  console.log(`wrote the figures of ${results.date.slice(0, 10)} into ${pageFile}`);
}
