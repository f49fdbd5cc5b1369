// Reads the commands out of README.md's code blocks and the links out of the docs, for the tests that
// hold the README to "every command runs as written" (test/readme.test.ts, test/readme-e2e.test.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'shell-quote';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const castcheckBin = `${root}bin/castcheck.mjs`;

export function readme(): string {
  return readFileSync(`${root}README.md`, 'utf8');
}

export interface CodeBlock {
  lang: string;
  /** 1-based line of the opening fence. */
  line: number;
  lines: string[];
}

export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: CodeBlock | undefined;
  markdown.split('\n').forEach((text, i) => {
    const fence = /^```(\S*)\s*$/.exec(text);
    if (fence && !open) open = { lang: fence[1] ?? '', line: i + 1, lines: [] };
    else if (fence && open) {
      blocks.push(open);
      open = undefined;
    } else open?.lines.push(text);
  });
  return blocks;
}

/** Markdown without its fenced code blocks, for what is said in prose. */
export function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, '');
}

/** One simple command: its words, the line of the README it was written on, and the whole line. */
export interface Command {
  words: string[];
  source: string;
}

/** The simple commands of a shell line (split on `&&`, `;`, `|`), comments and redirections left out. */
export function commandsOf(line: string): Command[] {
  const commands: Command[] = [];
  let words: string[] = [];
  let redirect = false;
  for (const token of parse(line, (name) => `$${name}`)) {
    if (typeof token === 'string') {
      if (redirect) redirect = false;
      else words.push(token);
    } else if ('comment' in token) break;
    else if ('op' in token && ['>', '>>', '<'].includes(token.op)) redirect = true;
    else if ('op' in token) {
      if (words.length) commands.push({ words, source: line });
      words = [];
    }
  }
  if (words.length) commands.push({ words, source: line });
  // Leading VAR=value assignments are the environment, not the command.
  return commands.map((c) => ({ ...c, words: c.words.slice(c.words.findIndex((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w))) }));
}

/** Every command of the shell code blocks (`sh`, `bash`) of a Markdown text, in order. */
export function shellCommands(markdown: string): Command[] {
  return codeBlocks(markdown)
    .filter((b) => b.lang === 'sh' || b.lang === 'bash')
    .flatMap((b) => b.lines.filter((l) => l.trim() !== '').flatMap(commandsOf));
}

/** Inline code spans of the prose that are castcheck commands (`castcheck replay`, `npx castcheck plan FILE`). */
export function inlineCastcheck(markdown: string): Command[] {
  return [...prose(markdown).matchAll(/`((?:npx )?castcheck [^`]+)`/g)].flatMap((m) => commandsOf(m[1]!));
}

/** Inline code spans of the prose that name an option: `--runs`, `--engine-config FILE`. */
export function inlineOptions(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`(--[a-z][a-z-]*)[^`]*`/g)].map((m) => m[1]!);
}

/** A castcheck invocation within a command: its subcommand and the words after it. */
export function castcheckCall(words: string[]): { sub: string; args: string[] } | undefined {
  let rest: string[] | undefined;
  if (words[0] === 'npx' && words[1] === 'castcheck') rest = words.slice(2);
  else if (words[0] === 'castcheck') rest = words.slice(1);
  else if (words[0] === 'node' && words[1] === 'bin/castcheck.mjs') rest = words.slice(2);
  if (!rest || rest.length === 0) return undefined;
  return { sub: rest[0]!, args: rest.slice(1) };
}

/** The options a castcheck subcommand takes, as its --help lists them. */
export function optionsIn(help: string): Set<string> {
  return new Set([...help.matchAll(/(?:^|[\s,])(--[a-z][a-z-]*)/g)].map((m) => m[1]!));
}

/** Words that name a file or folder of the repository (`examples/expectations.json`, `kits/java/`). */
export function looksLikePath(word: string): boolean {
  if (word.startsWith('-') || word.includes('://') || word.includes('*')) return false;
  return /^[A-Za-z_.][\w.-]*(\/[\w.+-]*)+$/.test(word) || /^[\w.-]+\.(json|ya?ml|py|md|ts|mjs|jar|xml)$/.test(word);
}

/** GitHub's anchor for a heading. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of prose(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The relative links of a Markdown text (not web addresses), outside code. */
export function relativeLinks(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
}
