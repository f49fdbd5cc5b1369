// Validation of castcheck documents against the JSON Schemas in schema/, with errors that name the
// JSON pointer of the offending value and what was expected there.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { closest } from 'fastest-levenshtein';
import { printable } from './errors.ts';

const SCHEMA_BASE = 'https://castcheck.dev/schema/';

export const DOCUMENT_KINDS = ['scenario', 'trace', 'repro', 'case', 'report', 'card', 'capabilities', 'protocol', 'engine-config', 'expectations'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A document kind, or a named part of one: `protocol#fromEngine` is `$defs/fromEngine` of the protocol schema. */
export type SchemaRef = DocumentKind | 'protocol#toEngine' | 'protocol#fromEngine' | 'protocol#traceChanges';

/** The `format` value that names each kind of document. */
export const FORMATS: Record<string, DocumentKind> = {
  'castcheck-scenario/1': 'scenario',
  'castcheck-trace/1': 'trace',
  'castcheck-repro/1': 'repro',
  'castcheck-case/1': 'case',
  'castcheck-report/2': 'report',
  'castcheck-expectations/1': 'expectations',
};

export interface ValidationIssue {
  /** JSON pointer to the value, '' for the document itself. */
  pointer: string;
  message: string;
}

function loadSchema(kind: DocumentKind): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`../schema/${kind}.schema.json`, import.meta.url), 'utf8'));
}

// Two compilations of the same schemas: one that reports every error for people, and one that stops
// at the first, for checking each engine answer on the hot path of a run.
const ajvs: { detailed?: Ajv2020; fast?: Ajv2020 } = {};
const validators = { detailed: new Map<SchemaRef, ValidateFunction>(), fast: new Map<SchemaRef, ValidateFunction>() };

function validatorFor(ref: SchemaRef, mode: 'detailed' | 'fast' = 'detailed'): ValidateFunction {
  let validate = validators[mode].get(ref);
  if (validate) return validate;
  let ajv = ajvs[mode];
  if (!ajv) {
    const detailed = mode === 'detailed';
    ajv = new Ajv2020({ allErrors: detailed, verbose: detailed, discriminator: true, strict: true, strictRequired: false });
    for (const k of DOCUMENT_KINDS) ajv.addSchema(loadSchema(k));
    ajvs[mode] = ajv;
  }
  const [kind, part] = ref.split('#') as [DocumentKind, string | undefined];
  validate = ajv.getSchema(`${SCHEMA_BASE}${kind}.schema.json${part ? `#/$defs/${part}` : ''}`)!;
  validators[mode].set(ref, validate);
  return validate;
}

export function validateDocument(kind: SchemaRef, value: unknown): ValidationIssue[] {
  // The quick check first: most documents are valid, and it stops at the first error.
  const fast = validatorFor(kind, 'fast');
  if (fast(value)) return [];
  const first = fast.errors ?? [];
  // Reporting every error of a document with millions of bad items would take minutes and
  // gigabytes: the detailed pass sees every list and object cut down to a few hundred entries. The
  // quick check's error is kept, for a bound the cut hides (a list of 200,000 names).
  const validate = validatorFor(kind);
  const errors = validate(cutDown(value)) ? [] : (validate.errors ?? []);
  if (errors.length === 0) return describeErrors(first, value);
  const hidden = first.filter((f) => f.keyword.startsWith('max') && !errors.some((e) => e.instancePath === f.instancePath && e.keyword === f.keyword));
  return describeErrors([...errors, ...hidden], value);
}

/** Past every maxItems and maxProperties of castcheck's schemas but a few larger ones. */
const CUT_ENTRIES = 300;
/** Past the depth of any schema: nothing deeper is looked at by the validators. */
const CUT_DEPTH = 100;

/** A copy with every list and object cut to CUT_ENTRIES + 1 entries, so that bounds still fail but at most that many entries are judged. */
function cutDown(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > CUT_DEPTH) return value;
  if (Array.isArray(value)) return value.slice(0, CUT_ENTRIES + 1).map((v) => cutDown(v, depth + 1));
  const entries = Object.entries(value as Record<string, unknown>).slice(0, CUT_ENTRIES + 1);
  return Object.fromEntries(entries.map(([k, v]) => [k, cutDown(v, depth + 1)]));
}

/** Whether the value is valid; fast, for values that are nearly always valid. */
export function isValid(kind: SchemaRef, value: unknown): boolean {
  return validatorFor(kind, 'fast')(value) === true;
}

/** Which kind of document this is, from its `format` field. */
export function documentKind(value: unknown): DocumentKind | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const format = (value as { format?: unknown }).format;
  return typeof format === 'string' ? FORMATS[format] : undefined;
}

function describeErrors(errors: ErrorObject[], root: unknown): ValidationIssue[] {
  // Branch bookkeeping ("must match then schema", "must match exactly one schema") only repeats
  // the real errors reported beside it.
  const wrappers = new Set(['if', 'then', 'else', 'oneOf', 'anyOf', 'allOf', 'not']);
  const concrete = errors.filter((e) => !wrappers.has(e.keyword));
  const chosen = concrete.length > 0 ? concrete : errors;
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of chosen) {
    const issue = describe(error, root);
    const key = `${issue.pointer}\u0000${issue.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}

function describe(error: ErrorObject, root: unknown): ValidationIssue {
  const at = error.instancePath;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(p.additionalProperty);
      const allowed = allowedProperties(error.parentSchema);
      const hint = allowed.length > 0 ? ` (did you mean '${closest(name, allowed)}'?)` : '';
      return { pointer: `${at}/${escapePointer(clipped(name))}`, message: `unknown property '${clipped(name)}'${hint}` };
    }
    case 'required':
      return { pointer: at, message: `missing required property '${String(p.missingProperty)}'` };
    case 'enum':
      return {
        pointer: at,
        message: `${shown(valueAt(root, at))} is not allowed; expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: at, message: `expected ${JSON.stringify(p.allowedValue)}, got ${shown(valueAt(root, at))}` };
    case 'type':
      return { pointer: at, message: `expected ${String(p.type)}, got ${typeName(valueAt(root, at))}` };
    case 'discriminator': {
      const tag = String(p.tag);
      const kinds = discriminatorValues(error);
      const got = valueAt(root, `${at}/${tag}`);
      // A missing tag is reported as a missing property, once.
      if (got === undefined) return { pointer: at, message: `missing required property '${tag}'` };
      const hint = typeof got === 'string' ? ` (did you mean '${closest(got, kinds)}'?)` : '';
      return {
        pointer: `${at}/${tag}`,
        message: `${shown(got)} is not a known '${tag}'${hint}; expected one of ${kinds.join(', ')}`,
      };
    }
    case 'pattern':
      return { pointer: at, message: `${shown(valueAt(root, at))} does not match the pattern ${String(p.pattern)}` };
    case 'false schema':
      return { pointer: at, message: 'this property is not allowed here' };
    // Bounds: the value's size, never the value itself, which may be long.
    case 'maximum':
    case 'minimum': {
      const value = valueAt(root, at);
      const word = error.keyword === 'maximum' ? 'most' : 'least';
      return { pointer: at, message: `${typeof value === 'number' ? String(value) : 'the value'} is out of range: at ${word} ${String(p.limit)}` };
    }
    case 'maxItems':
      return { pointer: at, message: `${sizeOf(valueAt(root, at))} items: at most ${String(p.limit)}` };
    case 'maxProperties':
      return { pointer: at, message: `${sizeOf(valueAt(root, at))} properties: at most ${String(p.limit)}` };
    case 'maxLength':
      return { pointer: at, message: `${sizeOf(valueAt(root, at))} characters long: at most ${String(p.limit)}` };
    default:
      return { pointer: at, message: error.message ?? error.keyword };
  }
}

function allowedProperties(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props).filter((k) => k !== '$schema') : [];
}

/** The tag values a discriminated oneOf accepts, read from the const of each branch's tag property. */
function discriminatorValues(error: ErrorObject): string[] {
  const tag = String((error.params as { tag?: unknown }).tag);
  const branches = (error.parentSchema as { oneOf?: { $ref?: string }[] } | undefined)?.oneOf ?? [];
  return branches.map((b) => {
    const name = b.$ref?.replace(/^.*\//, '') ?? '?';
    const def = allDefs().get(name) as { properties?: Record<string, { const?: unknown }> } | undefined;
    const value = def?.properties?.[tag]?.const;
    return typeof value === 'string' ? value : name;
  });
}

let defs: Map<string, unknown> | undefined;

/** Every $defs entry of every schema, by name (the names are unique across castcheck's schemas). */
function allDefs(): Map<string, unknown> {
  defs ??= new Map(DOCUMENT_KINDS.flatMap((k) => Object.entries((loadSchema(k).$defs ?? {}) as Record<string, unknown>)));
  return defs;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A value as JSON, cut short: a message quotes what it is about, not a whole long string. */
function shown(value: unknown): string {
  return clipped(JSON.stringify(value) ?? String(value));
}

function clipped(text: string, width = 60): string {
  return text.length > width ? `${text.slice(0, width)}…` : text;
}

function sizeOf(value: unknown): number {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  return value !== null && typeof value === 'object' ? Object.keys(value).length : 0;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The most issues shown for one document: past that, fixing the first ones comes first. */
const SHOWN_ISSUES = 50;

export function formatIssues(issues: ValidationIssue[]): string[] {
  // Pointers and messages hold names and values from the document: nothing in them may act on a terminal.
  const lines = issues.slice(0, SHOWN_ISSUES).map((i) => printable(`${i.pointer || '/'}: ${i.message}`));
  if (issues.length > SHOWN_ISSUES) lines.push(`... and ${issues.length - SHOWN_ISSUES} more`);
  return lines;
}
