// Text from repros and engines written into Python and Java source: every string an engine or a
// scenario chose (card names, messages, ids) may hold quotes, backslashes, line breaks or characters
// outside ASCII, and must come out as the same value, never as code or a broken file.
import type { Json } from './facts.ts';

/** JSON text with every character outside ASCII as a \u escape, so that the source file is ASCII. */
export function asciiJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A JSON document laid out for people: a key of the top object a line, and a list of objects (the
 * cards, players, actions) an object a line, each written compactly. No line break falls inside a
 * string (JSON writes none there).
 */
export function documentText(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return asciiJson(value);
  const entry = ([k, v]: [string, unknown]) =>
    Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'object' && x !== null)
      ? `  ${asciiJson(k)}: [\n${v.map((x) => `    ${asciiJson(x)}`).join(',\n')}\n  ]`
      : `  ${asciiJson(k)}: ${asciiJson(v)}`;
  return `{\n${Object.entries(value).filter(([, v]) => v !== undefined).map(entry).join(',\n')}\n}`;
}

/**
 * A Python expression for a JSON document: `json.loads(r'''...''')`, the JSON as it is, readable. A raw
 * string keeps JSON's backslashes; the only text that could end it early is ''', and a quote can
 * stand in JSON only inside a string, where \u0027 means the same.
 */
export function pythonJsonDocument(value: unknown): string {
  let text = documentText(value);
  if (text.includes("'''")) text = text.replace(/'/g, '\\u0027');
  return `json.loads(r'''\n${text}\n''')`;
}

/** A Python literal for a JSON value: JSON strings are valid Python strings; null, true, false are not Python. */
export function pythonLiteral(value: Json): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' || typeof value === 'string') return asciiJson(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${asciiJson(k)}: ${pythonLiteral(v)}`).join(', ')}}`;
}

/** A one-line comment's text: no line break, so that it cannot end the comment. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085]+/g, ' ').replace(/[\u0000-\u001f]/g, ' ');
}

/** Python comment lines (# ...) for text of any kind. */
export function pythonComment(text: string, indent = ''): string {
  return text
    .split('\n')
    .map((line) => `${indent}#${line === '' ? '' : ` ${oneLine(line)}`}`)
    .join('\n');
}

/**
 * Text made safe for Java source outside a string: javac reads \u escapes everywhere, comments too
 * (a \u000a would end a // comment, and \u followed by anything but four hex digits does not
 * compile), so every backslash is doubled (none is then an escape); characters outside ASCII become
 * \u escapes, which javac reads back as themselves whatever encoding it assumes.
 */
function javaSafe(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Java comment lines (// ...). */
export function javaComment(text: string, indent = ''): string {
  return text
    .split('\n')
    .map((line) => `${indent}//${line === '' ? '' : ` ${javaSafe(oneLine(line))}`}`)
    .join('\n');
}

/** A Java string literal with this value. */
export function javaString(text: string): string {
  const escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t')
    .replace(/[\u0000-\u001f\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // A backslash written as \\ is never the start of a \u escape, and \u escapes stand only for characters
  // that are not line breaks, quotes or backslashes: the literal reads back as `text`.
  return `"${escaped}"`;
}

/**
 * A Java text block holding a JSON document. A text block interprets escapes (\\ and \"), so each
 * backslash of the JSON is doubled; three quotes in a row would end it, so one of them is escaped.
 * Its lines are JSON's, and JSON never breaks a line or ends one with a space inside a string, so the
 * indentation and trailing spaces a text block strips are never part of a value.
 */
export function javaTextBlock(value: unknown, indent: string): string {
  let text = documentText(value).replace(/\\/g, '\\\\');
  while (text.includes('"""')) text = text.replace('"""', '""\\"');
  return `"""\n${text
    .split('\n')
    .map((l) => `${indent}${l}`)
    .join('\n')}\n${indent}"""`;
}

/** An identifier from words: `permanents.enters-with-counters` -> `permanents_enters_with_counters`. */
export function snakeName(text: string): string {
  const s = text.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z_]/.test(s) ? s : `_${s}`;
}

/** `permanents.enters-with-counters` -> `PermanentsEntersWithCounters`. */
export function pascalName(text: string): string {
  const s = text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
  return /^[A-Za-z]/.test(s) ? s : `X${s}`;
}
