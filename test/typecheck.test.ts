import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the project', () => {
  it('type-checks in strict mode', () => {
    let output = '';
    try {
      execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], { encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    expect(output).toBe('');
  });
});
