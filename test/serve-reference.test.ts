// The reference engine behind the protocol (`castcheck serve reference`) gives the suite exactly the
// verdicts it gives in process, for the same seed: the protocol adds nothing and loses nothing.
import { judgeFor } from '../runner/evaluate.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { PROCESS_DEFAULTS, ProcessEngine } from '../adapters/process/process-engine.ts';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import { readCapabilities } from '../model/capabilities-file.ts';
import { normalizeScenario } from '../model/scenario.ts';
import { PROPERTIES } from '../properties/index.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';

const opened: Engine[] = [];
afterAll(async () => {
  await Promise.all(opened.map((e) => e.close()));
});

/** `castcheck serve reference ARGS`, offered every protocol version castcheck speaks unless `protocols` says. */
async function served(...args: (string | { protocols: number[] })[]): Promise<ProcessEngine> {
  const offer = args.find((a): a is { protocols: number[] } => typeof a !== 'string');
  const argv = [process.execPath, 'bin/castcheck.mjs', 'serve', 'reference', ...args.filter((a): a is string => typeof a === 'string')];
  const engine = await ProcessEngine.start({ argv, command: argv.join(' '), ...PROCESS_DEFAULTS, validateProtocol: true, ...offer });
  opened.push(engine);
  return engine;
}

function verdicts(r: SuiteResult) {
  return {
    runs: r.runs,
    tallies: r.tallies.map((t) => ({ id: t.property.id, passed: t.passed, failed: t.failed, notApplicable: t.notApplicable, skipped: t.skipped })),
    engineFailures: r.engineFailures,
    findings: r.findings.map((f) => ({ kind: f.kind, property: f.property?.id, scenario: f.scenario, path: f.path, verdict: f.verdict, reproduced: f.reproduced })),
  };
}

describe('castcheck serve reference', () => {
  it('declares the capabilities of the reference engine', async () => {
    const engine = await served();
    expect(engine.id).toMatchObject({ name: 'reference' });
    expect(engine.capabilities).toEqual(new ReferenceEngine().capabilities);
  });

  it('gives the same verdicts as the engine in process, for the same seed, one request at a time or several', async () => {
    const engine = await served();
    const inProcess = await runSuite({ ...judgeFor(new ReferenceEngine()), properties: PROPERTIES, runs: 1000, seed: 21 });
    const overStdio = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 1000, seed: 21 });
    const pipelined = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 1000, seed: 21, inFlight: 8 });
    expect(verdicts(overStdio)).toEqual(verdicts(inProcess));
    expect(verdicts(pipelined)).toEqual(verdicts(inProcess));
    // Agreement compares the engine with itself: it is skipped, in process and over the protocol alike.
    expect(inProcess.tallies.filter((t) => t.passed === 0).map((t) => t.property.id)).toEqual(['agreement.reference']);
  });

  it('finds and shrinks a named fault to the same repro as in process', async () => {
    const engine = await served('--fault', 'copy-loses-kicked');
    expect(engine.id.version).toMatch(/\+copy-loses-kicked$/);
    const inProcess = await runSuite({ ...judgeFor(faultyReference('copy-loses-kicked')), properties: PROPERTIES, runs: 200, seed: 4 });
    const overStdio = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 200, seed: 4, inFlight: 4 });
    expect(inProcess.findings.map((f) => f.property?.id)).toContain('copies.kicked-like-original');
    expect(verdicts(overStdio)).toEqual(verdicts(inProcess));
  });

  it('gives the same verdicts over protocol 1 (whole states) and protocol 2 (changes), for the same seed', async () => {
    const one = await served({ protocols: [1] });
    const two = await served();
    expect([one.protocol, two.protocol]).toEqual([1, 2]);
    const overOne = await runSuite({ ...judgeFor(one), properties: PROPERTIES, runs: 1000, seed: 23, inFlight: 4 });
    const overTwo = await runSuite({ ...judgeFor(two), properties: PROPERTIES, runs: 1000, seed: 23, inFlight: 4 });
    expect(verdicts(overTwo)).toEqual(verdicts(overOne));
    const faultyOne = await served('--fault', 'spliced-card-leaves-hand', { protocols: [1] });
    const faultyTwo = await served('--fault', 'spliced-card-leaves-hand');
    const failsOne = await runSuite({ ...judgeFor(faultyOne), properties: PROPERTIES, runs: 300, seed: 23, inFlight: 4 });
    const failsTwo = await runSuite({ ...judgeFor(faultyTwo), properties: PROPERTIES, runs: 300, seed: 23, inFlight: 4 });
    expect(failsOne.findings.length).toBeGreaterThan(0);
    expect(verdicts(failsTwo)).toEqual(verdicts(failsOne));
  });

  it('with --capabilities, declares them and answers as an engine with only them: the same verdicts as the restricted engine in process, relations rerun with printed cards', async () => {
    const file = 'examples/printed-only.capabilities.json';
    const engine = await served('--capabilities', file);
    const inProcess = restrictedTo(new ReferenceEngine(), readCapabilities(file));
    expect(engine.capabilities).toEqual(inProcess.capabilities);
    const here = await runSuite({ ...judgeFor(inProcess), properties: PROPERTIES, runs: 300, seed: 25 });
    const there = await runSuite({ ...judgeFor(engine), properties: PROPERTIES, runs: 300, seed: 25 });
    expect(verdicts(there)).toEqual(verdicts(here));
    expect(there.clusters).toEqual([]);
    expect(there.tallies.find((t) => t.property.id === 'relations.reduction-keeps-kicked')!.checks).toBeGreaterThan(0);
    // A card beyond them is refused as such an engine refuses it: an error answer, the scenario's crash.
    const beyond = normalizeScenario({ format: 'castcheck-scenario/1', cards: [{ id: 'x', definition: { name: 'One Less', manaCost: '{1}', types: ['Artifact'] } }], players: [{ id: 'p1', battlefield: [{ card: 'x' }] }, { id: 'p2' }], actions: [] });
    await expect(engine.run(beyond)).rejects.toThrow(/beyond the declared capabilities: One Less/);
    // A file that is no capabilities stops it before any message, with exit status 2 and why.
    const bad = join(mkdtempSync(join(tmpdir(), 'castcheck-serve-')), 'bad.json');
    writeFileSync(bad, '{}');
    const r = spawnSync(process.execPath, ['bin/castcheck.mjs', 'serve', 'reference', '--capabilities', bad], { encoding: 'utf8', input: '' });
    expect([r.status, r.stdout]).toEqual([2, '']);
    expect(r.stderr).toMatch(/is not valid capabilities[\s\S]*missing required property 'mechanics'/);
  });

  it('passes 5000 scenarios through the command line (the acceptance run)', () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-serve-'));
    const r = spawnSync(process.execPath, ['bin/castcheck.mjs', 'run', '--engine-cmd', `"${process.execPath}" bin/castcheck.mjs serve reference`, '--runs', '5000', '--seed', '1', '--out', out, '--no-progress'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/5000 scenarios against reference/);
    expect(r.stdout).toMatch(/\d+ properties: \d+ passed, 0 failed, 0 expected to fail, 0 contested, \d+ under-tested, 0 untested, 1 skipped/);
  });
});
