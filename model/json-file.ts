// Reads JSON documents given by people, turning a syntax error into a message with line and column.
import { readFileSync } from 'node:fs';
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { InputError } from './errors.ts';

export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    // JSON.parse does not always say where it stopped; jsonc-parser does.
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    const where = lineAndColumn(text, first ? first.offset : text.length);
    const what = first ? describe(printParseErrorCode(first.error)) : String((error as Error).message);
    throw new InputError(`${source}:${where.line}:${where.column}: malformed JSON: ${what}`, [
      `  ${where.lineText}`,
      `  ${' '.repeat(Math.max(0, where.column - 1))}^`,
    ]);
  }
}

export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? `${path}: no such file` : `${path}: cannot read (${code ?? String(error)})`);
  }
  return parseJson(text, path);
}

function lineAndColumn(text: string, position: number): { line: number; column: number; lineText: string } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = text.indexOf('\n', lineStart);
  return {
    line,
    column: position - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd),
  };
}

function describe(code: string): string {
  // InvalidSymbol -> invalid symbol
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
