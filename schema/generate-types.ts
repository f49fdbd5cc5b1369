// Generates model/schema-types.ts from the JSON Schemas (`npm run gen`). The generated file is
// committed; test/schema-types.test.ts fails when it drifts from the schemas.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const schemaDir = fileURLToPath(new URL('.', import.meta.url));
export const typesFile = fileURLToPath(new URL('../model/schema-types.ts', import.meta.url));
const SCHEMA_BASE = 'https://castcheck.dev/schema/';

export const schemaFiles = [
  'card.schema.json',
  'scenario.schema.json',
  'trace.schema.json',
  'repro.schema.json',
  'capabilities.schema.json',
  'case.schema.json',
  'report.schema.json',
  'protocol.schema.json',
  'engine-config.schema.json',
  'expectations.schema.json',
] as const;

// One root that refers to every schema, so that each named type is emitted exactly once.
function bundleRoot(): JSONSchema {
  const properties: Record<string, JSONSchema> = {};
  for (const file of schemaFiles) {
    properties[file.replace('.schema.json', '').replace(/-(.)/g, (_, c: string) => c.toUpperCase())] = { $ref: SCHEMA_BASE + file };
  }
  return { title: 'CastcheckDocuments', type: 'object', additionalProperties: false, properties };
}

// A description or a bound (maxLength, with the type ajv's strict mode wants beside it) next to a
// $ref documents or limits the use site, but json-schema-to-typescript turns each one into a new
// alias (ManaCost1, ManaCost2...); the types keep the referenced name.
const REF_SIBLINGS_DROPPED = new Set(['description', 'title', 'default', 'type', 'maxLength', 'maxItems', 'maxProperties', 'minimum', 'maximum', 'additionalProperties']);

function withoutRefSiblings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutRefSiblings);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>);
  const isRef = entries.some(([key]) => key === '$ref');
  return Object.fromEntries(
    entries
      .filter(([key]) => !(isRef && REF_SIBLINGS_DROPPED.has(key)))
      .map(([key, value]) => [key, withoutRefSiblings(value)]),
  );
}

export async function generateTypes(): Promise<string> {
  const source = await compile(bundleRoot(), 'CastcheckDocuments', {
    bannerComment:
      '/* Generated from schema/*.schema.json by `npm run gen` (json-schema-to-typescript). Do not edit. */',
    additionalProperties: false,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    // Arrays whose length may vary by more than one stay T[]: a bound like maxItems 100 limits the
    // input, it is no reason for a union of 101 tuple types. Fixed lengths (players) stay tuples.
    maxItems: 1,
    $refOptions: {
      // The schemas' $ids are URLs; read them from this folder so generation never needs the network.
      resolve: {
        http: false,
        castcheck: {
          order: 1,
          canRead: (file: { url: string }) => file.url.startsWith(SCHEMA_BASE),
          read: (file: { url: string }) =>
            withoutRefSiblings(JSON.parse(readFileSync(schemaDir + file.url.slice(SCHEMA_BASE.length).split('#')[0], 'utf8'))),
        },
      },
    } as never,
  });
  return source;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(typesFile, await generateTypes());
  console.log(`wrote ${typesFile}`);
}
