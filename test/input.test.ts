// Bad input and bad output paths, in process: files checked before parsing, documents of the wrong
// kind, bounds in the schemas, case files that do not load, options out of range, unwritable paths.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkOutputPaths, type FileSystem } from '../cli/output-paths.ts';
import { main } from '../cli/main.ts';
import { checkDocument, readDocument } from '../model/documents.ts';
import { MAX_DEPTH, MAX_FILE_BYTES, parseJson, readJsonFile } from '../model/json-file.ts';
import { formatIssues, validateDocument } from '../model/schemas.ts';
import { loadCases, readCases } from '../runner/cases.ts';
import { BINARY, chaliceRepro } from './fixtures/bad-input.ts';

const dir = mkdtempSync(join(tmpdir(), 'castcheck-input-'));
const write = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const messageOf = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    return (error as Error).message + ((error as { details?: string[] }).details ?? []).map((d) => `\n${d}`).join('');
  }
  throw new Error('expected it to throw');
};
// Anything that could move the cursor or change the terminal: C0 and C1 controls, DEL.
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('files are checked before they are parsed', () => {
  it('refuses nesting deeper than the limit at once, even five million deep', () => {
    const text = '['.repeat(5_000_000) + ']'.repeat(5_000_000);
    expect(() => parseJson(text, 'deep.json')).toThrow(`deep.json:1:${MAX_DEPTH + 1}: nested more than ${MAX_DEPTH} arrays and objects deep`);
    expect(() => parseJson(`${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`, 'ok.json')).not.toThrow();
  });

  it('refuses a file larger than the limit without reading it', () => {
    const path = write('huge.json', '');
    truncateSync(path, MAX_FILE_BYTES + 1);
    expect(() => readJsonFile(path)).toThrow(`${path}: larger than castcheck reads (${MAX_FILE_BYTES + 1} bytes; at most 32 MiB)`);
  });

  it('reports binary garbage as not a UTF-8 JSON file and never echoes it', () => {
    const message = messageOf(() => readJsonFile(write('garbage.json', BINARY)));
    expect(message).toMatch(/garbage\.json: not a UTF-8 JSON file/);
    expect(message).not.toMatch(CONTROL);
  });

  it('refuses control characters, which JSON never allows raw, naming where the first one is', () => {
    const message = messageOf(() => readJsonFile(write('escape.json', '{"a": "\u001b[2J\u001b[31mred"}')));
    expect(message).toMatch(/escape\.json: not a UTF-8 JSON file \(character 8 is the control character 0x1b\)/);
    expect(message).not.toMatch(CONTROL);
  });

  it('shows a short, cleaned excerpt under a syntax error in a long line', () => {
    const line = `{"a": "${'x'.repeat(5000)}\u202e\u2066", "b": nope}`;
    const message = messageOf(() => readJsonFile(write('long.json', line)));
    const [first, excerpt, caret] = message.split('\n');
    expect(first).toMatch(/^.*long\.json:1:\d+: malformed JSON: invalid symbol$/);
    expect(excerpt!.length).toBeLessThan(100);
    expect(excerpt).not.toMatch(/[\u202e\u2066]/);
    expect(excerpt!.slice(caret!.indexOf('^'))).toMatch(/^nope/);
  });

  it('reads a file with a byte order mark, and says when a path is a folder', () => {
    expect(readJsonFile(write('bom.json', '\uFEFF{"a": 1}'))).toEqual({ a: 1 });
    expect(() => readJsonFile(dir)).toThrow(`${dir}: is a folder, not a file`);
  });
});

describe('documents', () => {
  it('names the top-level type it got when it is no object', () => {
    expect(checkDocument([1, 2, 3]).problems).toEqual(['expected a scenario, trace, repro, case, report, expectations or shard-result object, got an array']);
    expect(checkDocument(42).problems).toEqual(['expected a scenario, trace, repro, case, report, expectations or shard-result object, got a number']);
    expect(() => readDocument(write('array.json', '[1,2,3]'), ['repro'])).toThrow(/array\.json: expected a repro object, got an array/);
    const scenario = write('scenario.json', JSON.stringify(chaliceRepro().scenario));
    expect(() => readDocument(scenario, ['repro'])).toThrow(/expected a repro object, got a scenario \("format": "castcheck-scenario\/1"\)/);
  });

  it('refuses a repro that pays multikicker a billion times, with the bound', () => {
    expect(checkDocument(chaliceRepro()).problems).toEqual([]);
    expect(checkDocument(chaliceRepro(1e9)).problems).toEqual(['/scenario/actions/0/multikicker: 1000000000 is out of range: at most 20']);
  });

  it('refuses a starting life of 0 or less, and other numbers past their bounds', () => {
    const s = chaliceRepro().scenario;
    s.players[1]!.life = 0;
    s.players[0]!.mana = { C: 5000 };
    s.actions.push({ do: 'cast', card: 'chalice', x: 101 });
    expect(formatIssues(validateDocument('scenario', s))).toEqual([
      '/players/0/mana/C: 5000 is out of range: at most 1000',
      '/players/1/life: 0 is out of range: at least 1',
      '/actions/2/x: 101 is out of range: at most 100',
    ]);
    s.players[1]!.life = -5;
    expect(formatIssues(validateDocument('scenario', s))).toContain('/players/1/life: -5 is out of range: at least 1');
  });

  it('writes control characters that JSON escapes let through as escapes, and cuts long values short', () => {
    const s = JSON.parse('{"format":"castcheck-scenario/1","cards":[],"players":[{"id":"p1","\\u001b[2Jhand":[]},{"id":"p2"}],"actions":[{"do":"\\u009b' + 'x'.repeat(1000) + '"}]}');
    const lines = checkDocument(s).problems;
    expect(lines).toEqual([
      "/players/0/\\u001b[2Jhand: unknown property '\\u001b[2Jhand' (did you mean 'hand'?)",
      expect.stringMatching(/^\/actions\/0\/do: "\\u009bx+… is not a known 'do'/),
    ]);
    for (const line of lines) expect(line).not.toMatch(CONTROL);
    expect(lines[1]!.length).toBeLessThan(300);
    const unknown = { ...chaliceRepro().scenario, cards: [{ id: 'chalice', oracle: 'Everflowing\u001b[31mChalice' }] };
    expect(checkDocument(unknown).problems[0]).toContain("unknown card 'Everflowing\\u001b[31mChalice'");
  });

  it('reports a list of a million bad entries by its bound and the first few hundred, not every one', () => {
    const s = { ...chaliceRepro().scenario, actions: Array.from({ length: 1_000_000 }, () => ({})) };
    const lines = formatIssues(validateDocument('scenario', s));
    expect(lines[0]).toBe('/actions: 1000000 items: at most 100');
    expect(lines).toHaveLength(51);
    expect(lines.at(-1)).toMatch(/^\.\.\. and \d+ more$/);
  });
});

describe('case files', () => {
  it('sets an invalid case file aside, naming it, and loads the others', () => {
    const cases = join(dir, 'cases');
    mkdirSync(join(cases, 'sub'), { recursive: true });
    const good = { format: 'castcheck-case/1', id: 'chalice', source: 'CR 702.33d', rules: ['702.33d'], scenario: chaliceRepro().scenario, expect: [{ action: 'a1', outcome: 'accepted' }] };
    writeFileSync(join(cases, 'a.case.json'), JSON.stringify(good));
    const unknown = structuredClone(good);
    unknown.scenario.cards[0]!.oracle = 'Everflowing Chalise';
    writeFileSync(join(cases, 'sub', 'b.case.json'), JSON.stringify(unknown));
    writeFileSync(join(cases, 'c.case.json'), BINARY);
    const { cases: loaded, invalid } = readCases(cases);
    expect(loaded.map((c) => c.case.id)).toEqual(['chalice']);
    expect(invalid.map((i) => i.message)).toEqual([
      expect.stringMatching(/c\.case\.json: not a UTF-8 JSON file/),
      expect.stringMatching(/sub\/b\.case\.json is not a valid case$/),
    ]);
    expect(invalid[1]!.details.join('\n')).toMatch(/\/scenario\/cards\/0\/oracle: unknown card 'Everflowing Chalise'.*did you mean 'Everflowing Chalice'/);
    expect(() => loadCases(cases)).toThrow(/c\.case\.json: not a UTF-8 JSON file/);
    expect(() => readCases(join(dir, 'no-such-folder'))).toThrow(/no-such-folder: no such folder/);
  });
});

describe('options', () => {
  afterEach(() => vi.restoreAllMocks());
  const stderrOf = async (...argv: string[]) => {
    let err = '';
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
      err += String(s);
      return true;
    });
    const code = await main(argv);
    vi.restoreAllMocks();
    return { code, err };
  };

  it('refuses seeds past 32 bits with the range, naming the option', async () => {
    for (const seed of ['4294967296', '4294967297', '99999999999999999999', '-1']) {
      const r = await stderrOf('run', '--seed', seed);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`option '--seed <n>' argument '${seed}' is invalid. It must be a 32-bit seed, a whole number from 0 to 4294967295.`);
    }
    expect((await stderrOf('mutants', '--seed', '4294967297')).code).toBe(2);
  });

  it('names the option of every numeric error', async () => {
    const cases: [string[], string][] = [
      [['run', '--runs', '-1'], "option '--runs <n>' argument '-1' is invalid"],
      [['run', '--runs', '1e3'], "option '--runs <n>' argument '1e3' is invalid"],
      [['run', '--pipeline', '0'], "option '--pipeline <n>' argument '0' is invalid"],
      [['run', '--timeout', '99999999999'], "option '--timeout <ms>' argument '99999999999' is invalid. It must be a whole number from 1 to 3600000."],
      [['run', '--max-line-bytes', '10'], "option '--max-line-bytes <n>' argument '10' is invalid"],
      [['run', '--gate-floor', '1.5'], "option '--gate-floor <fraction>' argument '1.5' is invalid. It must be a number from 0 to 1."],
      [['run', '--illegal-share', ''], "option '--illegal-share <fraction>' argument '' is invalid"],
      [['mutants', '--sweep', '-2'], "option '--sweep <n>' argument '-2' is invalid"],
      [['cases', '--timeout', 'soon'], "option '--timeout <ms>' argument 'soon' is invalid"],
    ];
    for (const [argv, message] of cases) {
      const r = await stderrOf(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toContain(message);
    }
  });
});

describe('output paths', () => {
  const onTimeout = () => {
    throw new Error('no time limit should pass here');
  };
  // The file system here answers: the limit (the longest a timer takes, about 24 days) is never what
  // decides, however loaded the machine. The test of the limit uses one that never answers.
  const limits = { onTimeout, timeLimitMs: 2 ** 31 - 1 };
  const check = (option: string, path: string, kind: 'folder' | 'file') => checkOutputPaths([{ option, path, kind }], limits);
  const linux = existsSync('/proc/self');

  it('creates a missing folder, tests it by writing, and leaves nothing behind', async () => {
    const out = join(dir, 'new', 'deeper', 'out');
    await checkOutputPaths([{ option: '--out', path: out, kind: 'folder' }, { option: '--json', path: join(dir, 'reports', 'run.json'), kind: 'file' }, { option: '--junit', path: undefined, kind: 'file' }], limits);
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(join(dir, 'reports'))).toEqual([]);
  });

  it('refuses a file where a folder should be, and a folder where a file should be', async () => {
    const file = write('taken.txt', 'x');
    await expect(check('--out', file, 'folder')).rejects.toThrow(`--out ${file}: it is a file, not a folder`);
    await expect(check('--out', join(file, 'sub'), 'folder')).rejects.toThrow(`--out ${join(file, 'sub')}: ${file} is not a folder`);
    await expect(check('--json', dir, 'file')).rejects.toThrow(`--json ${dir}: it is a folder, not a file`);
  });

  it.runIf(linux)('refuses /proc, /sys and /dev/null parents without looping', async () => {
    await expect(check('--out', '/proc/castcheck-x', 'folder')).rejects.toThrow('--out /proc/castcheck-x: cannot create the folder /proc/castcheck-x (ENOENT: the file system does not allow it)');
    await expect(check('--out', '/proc/castcheck-x/a/b', 'folder')).rejects.toThrow('cannot create the folder /proc/castcheck-x ');
    await expect(check('--json', '/proc/castcheck-x/report.json', 'file')).rejects.toThrow('--json /proc/castcheck-x/report.json: cannot create the folder /proc/castcheck-x');
    await expect(check('--junit', '/proc/junit.xml', 'file')).rejects.toThrow('--junit /proc/junit.xml: cannot write in the folder /proc');
    await expect(check('--out', '/sys/castcheck-x', 'folder')).rejects.toThrow(/--out \/sys\/castcheck-x: cannot create the folder \/sys\/castcheck-x \((EPERM|EACCES|EROFS)/);
    await expect(check('--out', '/dev/null/x', 'folder')).rejects.toThrow('--out /dev/null/x: /dev/null is not a folder');
    await expect(check('--out', '/dev/null', 'folder')).rejects.toThrow('--out /dev/null: it is a file, not a folder');
    await expect(check('--json', '/dev/null', 'file')).resolves.toBeUndefined();
  });

  it('gives up on a file system that never answers, and says so', async () => {
    const never = () => new Promise<never>(() => undefined);
    const stuck = { stat: never, mkdir: never, open: never, unlink: never, access: never } as unknown as FileSystem;
    let timedOut = false;
    await expect(
      checkOutputPaths([{ option: '--out', path: '/mnt/dead', kind: 'folder' }], {
        fs: stuck,
        timeLimitMs: 1,
        onTimeout: () => {
          timedOut = true;
        },
      }),
    ).rejects.toThrow('--out /mnt/dead: the file system did not answer within 0.001 s');
    expect(timedOut).toBe(true);
  });
});
