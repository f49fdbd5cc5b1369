// The README is for users, and every command in it must run as written: its castcheck commands and
// options exist, its npm scripts exist, the files it names exist, and the cheap commands run. The
// long ones (npm start, a run with a named fault and its replay) are run in test/readme-e2e.test.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageFile, resultsFile, withFigures, type BenchResults } from '../bench/performance-doc.ts';
import {
  anchorsOf,
  castcheckBin,
  castcheckCall,
  codeBlocks,
  commandsOf,
  inlineCastcheck,
  inlineOptions,
  looksLikePath,
  optionsIn,
  readme,
  relativeLinks,
  root,
  shellCommands,
} from './readme-commands.ts';

const text = readme();
const commands = shellCommands(text);
const scripts = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts;

function castcheck(args: string[]) {
  return spawnSync(process.execPath, [castcheckBin, ...args], { cwd: root, encoding: 'utf8' });
}

const helps = new Map<string, Set<string>>();
function optionsOf(sub: string): Set<string> {
  let options = helps.get(sub);
  if (!options) {
    options = optionsIn(execFileSync(process.execPath, [castcheckBin, sub, '--help'], { cwd: root, encoding: 'utf8' }));
    helps.set(sub, options);
  }
  return options;
}

const topHelp = castcheck(['--help']).stdout;
const subcommands = [...topHelp.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1]!).filter((s) => s !== 'help');

describe('README.md', () => {
  it('is at most 300 lines', () => {
    expect(text.split('\n').length).toBeLessThanOrEqual(301); // a final newline makes an empty last piece
  });

  it('starts with the two commands: run the suite, run the tests', () => {
    const first = codeBlocks(text)[0]!;
    expect(first.line).toBeLessThanOrEqual(3);
    const lines = first.lines.map((l) => l.replace(/#.*$/, '').trim());
    expect(lines).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    expect(scripts.start).toMatch(/bin\/castcheck\.mjs run --engine reference/);
  });

  it('uses only commands this test can check', () => {
    const known = ['npm', 'npx', 'node', 'python3', 'cat', 'bash'];
    for (const c of commands) expect(known, c.source).toContain(c.words[0]);
    for (const c of commands.filter((c) => c.words[0] === 'npx')) expect(c.words[1], c.source).toBe('castcheck');
  });

  it('names only npm scripts that exist', () => {
    const npm = commands.filter((c) => c.words[0] === 'npm');
    expect(npm.length).toBeGreaterThan(0);
    for (const { words, source } of npm) {
      const [, verb, name] = words;
      if (verb === 'ci') continue;
      if (verb === 'start' || verb === 'test') expect(scripts, source).toHaveProperty(verb);
      else {
        expect(verb, source).toBe('run');
        expect(scripts, source).toHaveProperty(name!);
      }
    }
    for (const m of text.matchAll(/`npm run ([\w:-]+)/g)) expect(scripts, m[0]).toHaveProperty(m[1]!);
  });

  it('names only castcheck subcommands and options that exist, in its code blocks and its prose', () => {
    expect(subcommands).toEqual(expect.arrayContaining(['run', 'fuzz', 'replay', 'promote', 'plan', 'doctor', 'list']));
    // An engine command given to --engine-cmd is checked as a command of its own.
    const nested = commands.flatMap((c) => c.words.flatMap((w, i) => (c.words[i - 1] === '--engine-cmd' ? commandsOf(w) : [])));
    const calls = [...commands, ...nested, ...inlineCastcheck(text)].flatMap((c) => {
      const call = castcheckCall(c.words);
      return call ? [{ ...call, source: c.source }] : [];
    });
    expect(calls.length).toBeGreaterThan(15);
    for (const { sub, args, source } of calls) {
      expect(subcommands, source).toContain(sub);
      for (const option of args.filter((a) => a.startsWith('--'))) expect([...optionsOf(sub)], `${option} in: ${source}`).toContain(option.split('=')[0]);
    }
    // An option named in prose (`--workers N`) belongs to some command.
    const all = new Set(subcommands.flatMap((s) => [...optionsOf(s)]));
    for (const option of inlineOptions(text)) expect([...all], option).toContain(option);
  });

  it('names only files that exist (those a run writes, under castcheck-out/, and the castcheck/vitest export aside)', () => {
    const words = commands.flatMap((c) => c.words.flatMap((w) => (w.includes(' ') ? w.split(/\s+/) : [w])));
    const inline = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
    // In prose a bare name (`report.json`) is a file a run writes; a path has a folder.
    const paths = [...words.filter(looksLikePath), ...inline.filter((w) => /\w\/\w/.test(w) && looksLikePath(w))].filter((p) => !p.startsWith('castcheck-out/') && !p.startsWith('castcheck/'));
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) expect(existsSync(`${root}${path}`), path).toBe(true);
  });

  it('runs its cheap commands as written: list, plan, validate', () => {
    const cheap = commands.flatMap((c) => {
      const call = castcheckCall(c.words);
      return call && ['list', 'plan', 'validate'].includes(call.sub) ? [call] : [];
    });
    expect(cheap.map((c) => c.sub)).toEqual(expect.arrayContaining(['list', 'plan', 'validate']));
    for (const { sub, args } of cheap) {
      const result = castcheck([sub, ...args]);
      expect(result.status, `castcheck ${[sub, ...args].join(' ')}: ${result.stderr}`).toBe(0);
      expect(result.stdout.trim(), `castcheck ${sub}`).not.toBe('');
    }
  });
});

describe('the docs', () => {
  const pages = ['README.md', ...readdirSync(`${root}docs`).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

  it('link only to files and headings that exist', () => {
    for (const page of pages) {
      const markdown = readFileSync(`${root}${page}`, 'utf8');
      for (const link of relativeLinks(markdown)) {
        const [file, anchor] = link.split('#') as [string, string | undefined];
        const target = file === '' ? `${root}${page}` : resolve(dirname(`${root}${page}`), decodeURIComponent(file));
        expect(existsSync(target), `${page}: ${link}`).toBe(true);
        if (anchor && target.endsWith('.md')) expect([...anchorsOf(readFileSync(target, 'utf8'))], `${page}: ${link}`).toContain(anchor);
      }
    }
  });

  it('docs/PERFORMANCE.md shows the figures of bench-results.json, with their date', () => {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as BenchResults;
    const page = readFileSync(pageFile, 'utf8');
    // After npm run bench: node bin/run-ts.mjs bench/performance-doc.ts
    expect(withFigures(page, results)).toBe(page);
    expect(page).toContain(`Measured on ${results.date.slice(0, 10)} by \`npm run bench\``);
  });
});
