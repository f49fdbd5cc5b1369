// A capabilities file, as castcheck plan and castcheck run --capabilities read it: the capabilities
// object (schema/capabilities.schema.json), or an engine's whole hello message.
import { InputError } from './errors.ts';
import { readJsonFile } from './json-file.ts';
import { formatIssues, validateDocument } from './schemas.ts';
import type { Capabilities } from './schema-types.ts';

export function readCapabilities(path: string): Capabilities {
  const doc = readJsonFile(path);
  const caps = doc !== null && typeof doc === 'object' && (doc as { type?: unknown }).type === 'hello' ? (doc as { capabilities?: unknown }).capabilities : doc;
  const issues = validateDocument('capabilities', caps);
  if (issues.length > 0) {
    throw new InputError(`${path} is not valid capabilities (schema/capabilities.schema.json; docs/PROTOCOL.md#capabilities)`, formatIssues(issues).map((l) => `  ${l}`));
  }
  return caps as Capabilities;
}
