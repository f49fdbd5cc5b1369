// Printed commands are quoted for the shell they are pasted into (reports/shell-command.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellCommand } from '../reports/shell-command.ts';

const awkward = ["/tmp/Jace's runs é/store/x.repro.json", 'a$b`c`', 'plain/path-1.json', ''];

describe('a printed command', () => {
  it('gives a POSIX shell back each word as it was', () => {
    const line = shellCommand(['printf', '%s\\n', ...awkward], 'posix');
    expect(spawnSync('sh', ['-c', line], { encoding: 'utf8' }).stdout).toBe(awkward.map((w) => `${w}\n`).join(''));
  });

  it('leaves plain words alone and single-quotes the rest for PowerShell, a quote inside doubled', () => {
    expect(shellCommand(['npx', 'castcheck', 'replay', "C:\\Users\\Jace's runs é\\x.repro.json", 'plain/path-1.json'], 'powershell')).toBe(
      "npx castcheck replay 'C:\\Users\\Jace''s runs é\\x.repro.json' plain/path-1.json",
    );
  });
});
