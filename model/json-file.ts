// Reads JSON documents given by people. What a file holds is checked before it is parsed: its size,
// that it is UTF-8 text, and how deeply it nests, so that a huge, binary or pathological file is
// refused at once and nothing of it reaches the terminal but a short, cleaned excerpt.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { InputError, UNPRINTABLE } from './errors.ts';

/** The largest file castcheck reads: a repro holds a scenario and a pretty-printed trace of at most an 8 MiB protocol line. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** The deepest nesting of arrays and objects a document may have: castcheck's documents nest about 12 deep. */
export const MAX_DEPTH = 64;
/** The widest excerpt of a line shown under a syntax error. */
const EXCERPT_WIDTH = 80;

export function parseJson(text: string, source: string): unknown {
  checkDepth(text, source);
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse does not always say where it stopped, and its message quotes the input; jsonc-parser says where, in words.
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const where = lineAndColumn(text, first ? first.offset : text.length);
    const what = first ? describe(printParseErrorCode(first.error)) : 'not valid JSON';
    throw new InputError(`${source}:${where.line}:${where.column}: malformed JSON: ${what}`, excerpt(where.lineText, where.column));
  }
}

export function readJsonFile(path: string): unknown {
  return parseJson(readText(path), path);
}

/** The file's text, refused unless it is a file of at most MAX_FILE_BYTES of UTF-8 JSON text. */
function readText(path: string): string {
  const bytes = readBytes(path);
  if (!isUtf8(bytes)) throw new InputError(`${path}: not a UTF-8 JSON file (it holds bytes that are not UTF-8 text)`);
  const text = bytes.toString('utf8');
  // JSON allows no control characters but tab, line feed and carriage return, not even inside strings.
  const control = text.search(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  if (control !== -1) {
    const code = text.charCodeAt(control).toString(16).padStart(2, '0');
    throw new InputError(`${path}: not a UTF-8 JSON file (character ${control + 1} is the control character 0x${code})`);
  }
  // A byte order mark is allowed by RFC 8259 readers and written by some editors.
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function readBytes(path: string): Buffer {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new InputError(`${path}: ${openProblem(error)}`);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new InputError(`${path}: is a folder, not a file`);
    if (stat.isFile() && stat.size > MAX_FILE_BYTES) throw new InputError(`${path}: ${tooLarge(stat.size)}`);
    // Read in chunks up to one byte past the limit: a pipe or device has no size to check beforehand.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, MAX_FILE_BYTES + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > MAX_FILE_BYTES) throw new InputError(`${path}: ${tooLarge()}`);
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  } finally {
    closeSync(fd);
  }
}

function openProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'cannot read (permission denied)';
  if (code === 'ENOTDIR') return 'no such file (a folder on its path is a file)';
  return `cannot read (${code ?? String(error)})`;
}

function tooLarge(size?: number): string {
  return `larger than castcheck reads (${size !== undefined ? `${size} bytes; ` : ''}at most ${MAX_FILE_BYTES / (1024 * 1024)} MiB)`;
}

/**
 * Refuses text nested deeper than MAX_DEPTH before any parser sees it: parsing and then validating
 * millions of nested arrays takes minutes and gigabytes. One pass, skipping strings.
 */
function checkDepth(text: string, source: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_DEPTH) {
        const where = lineAndColumn(text, i);
        throw new InputError(`${source}:${where.line}:${where.column}: nested more than ${MAX_DEPTH} arrays and objects deep`);
      }
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number; lineText: string } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  const lineEnd = text.indexOf('\n', lineStart);
  return { line, column: position - lineStart + 1, lineText: text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd).replace(/\r$/, '') };
}

/**
 * The line with a caret under the column: at most EXCERPT_WIDTH characters around it, with anything
 * that could move the cursor or reorder the text on a terminal shown as U+FFFD.
 */
function excerpt(lineText: string, column: number): string[] {
  let start = 0;
  let end = lineText.length;
  if (end > EXCERPT_WIDTH) {
    start = Math.max(0, Math.min(column - 1 - EXCERPT_WIDTH / 2, end - EXCERPT_WIDTH));
    end = start + EXCERPT_WIDTH;
  }
  const shown = `${start > 0 ? '…' : ''}${printable(lineText.slice(start, end))}${end < lineText.length ? '…' : ''}`;
  const caret = column - 1 - start + (start > 0 ? 1 : 0);
  return [`  ${shown}`, `  ${' '.repeat(Math.max(0, caret))}^`];
}

// One character each, so that the caret stays under its column.
function printable(text: string): string {
  return text.replace(/\t/g, ' ').replace(UNPRINTABLE, '\uFFFD');
}

function describe(code: string): string {
  // InvalidSymbol -> invalid symbol
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
