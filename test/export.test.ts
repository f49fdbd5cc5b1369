// castcheck export --as pytest, end to end on the Python example engine with its planted fault
// (multikicker-counts-once, like the reference engine's named fault): castcheck run finds it, each
// repro is exported, and the tests pytest runs fail with the fault and pass without it. The Java
// kit's loop runs in test/kits.test.ts, after the Maven build it shares.
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeScenario } from '../model/scenario.ts';
import type { Repro } from '../model/schema-types.ts';
import { castcheck, exportNamedFaults, FAULT_ENV, findWithFault, nastyRepro, run } from './fixtures/export-loop.ts';

const PYTEST = ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'];

/** One castcheck run against the faulty Python example, for every test here. */
let found: ReturnType<typeof findWithFault> | undefined;
const findOnce = () => (found ??= findWithFault('python3 examples/python-engine/engine.py', 'python-example'));
const entersRepro = (repros: string[]) => repros.find((r) => basename(r).startsWith('permanents.enters-with-counters-'))!;

describe('castcheck export --as pytest', () => {
  it('exports the repros of the Python example with multikicker-counts-once: each test fails with the fault and passes without it', () => {
    const { repros, out, code } = findOnce();
    expect(code).toBe(1);
    expect(repros.map((r) => basename(r))).toContainEqual(expect.stringMatching(/^permanents\.enters-with-counters-/));
    const tests = join(out, 'tests');
    mkdirSync(tests);
    const exported: string[] = [];
    for (const [i, repro] of repros.entries()) {
      const file = join(tests, `test_repro_${i}.py`);
      // With the fault still there: a relation's failure shows in its related run, which export asks the engine for.
      const r = castcheck(['export', repro, '--as', 'pytest', '--out', file], FAULT_ENV);
      expect(r.code, r.err).toBe(0);
      exported.push(file);
    }
    // permanents.enters-with-counters, agreement.reference and relations.one-more-multikick.
    expect(exported.length).toBeGreaterThanOrEqual(3);
    const relation = readFileSync(join(tests, `test_repro_${repros.findIndex((r) => basename(r).startsWith('relations.one-more-multikick-'))}.py`), 'utf8');
    expect(relation).toContain('steps = run_scenario(make_engine(), RELATED[0])["steps"]');
    const enters = readFileSync(join(tests, `test_repro_${repros.indexOf(entersRepro(repros))}.py`), 'utf8');
    expect(enters).toContain('# Property permanents.enters-with-counters (CR 603.6d, 702.33c, 702.33d, 702.33e, 702.33f):');
    expect(enters).toMatch(/assert dig\(step\["state"\], "battlefield", "\w+", "counters", "\+1\/\+1"\) == 2, /);

    const failing = run('python3', [...PYTEST, tests], { env: FAULT_ENV });
    expect(failing.out).toMatch(new RegExp(`\\b${exported.length} failed\\b`));
    expect(failing.out).toContain('AssertionError');
    expect(failing.code).toBe(1);
    const passing = run('python3', [...PYTEST, tests]);
    expect(passing.out).toMatch(new RegExp(`\\b${exported.length} passed\\b`));
    expect(passing.code).toBe(0);
  });

  it('writes a file Python reads back exactly, whatever the repro holds (quotes, backslashes, line breaks, non-ASCII)', () => {
    const { repros, out } = findOnce();
    const repro = nastyRepro(entersRepro(repros), out);
    const file = join(out, 'test_nasty.py');
    const r = castcheck(['export', repro, '--as', 'pytest', '--out', file]);
    expect(r.code, r.err).toBe(0);
    const read = run('python3', ['-c', 'import importlib.util, json, sys; s = importlib.util.spec_from_file_location("t", sys.argv[1]); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); print(json.dumps(m.SCENARIO))', file]);
    expect(read.err).toBe('');
    expect(JSON.parse(read.out)).toEqual(JSON.parse(JSON.stringify(normalizeScenario((JSON.parse(readFileSync(repro, 'utf8')) as Repro).scenario))));
  });

  it("every named fault's minimal repro exports to a file Python compiles (every kind of assertion)", async () => {
    const dir = join(findOnce().out, 'faults');
    mkdirSync(dir);
    const files = await exportNamedFaults(dir, 'pytest');
    expect(files.length).toBeGreaterThanOrEqual(60);
    const compiled = run('python3', ['-m', 'py_compile', ...files]);
    expect(compiled.err).toBe('');
    expect(compiled.code).toBe(0);
  });

  it('says what it needs: a relation whose failure the engine no longer shows; an engine file the command does not name', () => {
    const relation = findOnce().repros.find((r) => basename(r).startsWith('relations.one-more-multikick-'))!;
    const fixed = castcheck(['export', relation, '--as', 'pytest']);
    expect(fixed.code).toBe(2);
    expect(fixed.err).toMatch(/shows in a related run, where the engine, run again, does not show it now/);
    const r = castcheck(['export', entersRepro(findOnce().repros), '--as', 'pytest', '--engine-cmd', 'my-engine --serve']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--engine-module/);
  });
});
