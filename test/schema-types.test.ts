import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, typesFile } from '../schema/generate-types.ts';

describe('generated types', () => {
  it('match the schemas (run `npm run gen` after changing schema/)', async () => {
    const committed = readFileSync(typesFile, 'utf8');
    expect(await generateTypes()).toBe(committed);
  });
});
