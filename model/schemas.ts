// Validation of castcheck documents against the JSON Schemas in schema/, with errors that name the
// JSON pointer of the offending value and what was expected there.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { closest } from 'fastest-levenshtein';

const SCHEMA_BASE = 'https://castcheck.dev/schema/';

export const DOCUMENT_KINDS = ['scenario', 'trace', 'repro', 'case', 'report', 'card', 'capabilities', 'protocol', 'engine-config'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A document kind, or a named part of one: `protocol#fromEngine` is `$defs/fromEngine` of the protocol schema. */
export type SchemaRef = DocumentKind | 'protocol#toEngine' | 'protocol#fromEngine' | 'protocol#traceChanges';

/** The `format` value that names each kind of document. */
export const FORMATS: Record<string, DocumentKind> = {
  'castcheck-scenario/1': 'scenario',
  'castcheck-trace/1': 'trace',
  'castcheck-repro/1': 'repro',
  'castcheck-case/1': 'case',
  'castcheck-report/1': 'report',
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
  const validate = validatorFor(kind);
  if (validate(value)) return [];
  return describeErrors(validate.errors ?? [], value);
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
      return { pointer: `${at}/${escapePointer(name)}`, message: `unknown property '${name}'${hint}` };
    }
    case 'required':
      return { pointer: at, message: `missing required property '${String(p.missingProperty)}'` };
    case 'enum':
      return {
        pointer: at,
        message: `${JSON.stringify(valueAt(root, at))} is not allowed; expected one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    case 'const':
      return { pointer: at, message: `expected ${JSON.stringify(p.allowedValue)}, got ${JSON.stringify(valueAt(root, at))}` };
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
        message: `${JSON.stringify(got)} is not a known '${tag}'${hint}; expected one of ${kinds.join(', ')}`,
      };
    }
    case 'pattern':
      return { pointer: at, message: `${JSON.stringify(valueAt(root, at))} does not match the pattern ${String(p.pattern)}` };
    case 'false schema':
      return { pointer: at, message: 'this property is not allowed here' };
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

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

export function formatIssues(issues: ValidationIssue[]): string[] {
  return issues.map((i) => `${i.pointer || '/'}: ${i.message}`);
}
