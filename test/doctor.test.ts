// castcheck doctor and castcheck plan, run as an engine author runs them: the doctor passes the
// Python example and prints the plan; against an engine that breaks a convention or leaves out a
// required field it names the field and the section of docs/PROTOCOL.md.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function castcheck(...args: string[]) {
  const r = spawnSync(process.execPath, ['bin/castcheck.mjs', ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('castcheck doctor', () => {
  it('passes the Python example engine and ends with the plan', () => {
    const r = castcheck('doctor', '--engine-cmd', 'python3 examples/python-engine/engine.py', '--sample', '100');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}ok {3}python-example 0\.1\.0 speaks protocol 1$/m);
    expect(r.out).toMatch(/^ {2}ok {3}2\. resolve on an empty stack: rejected \(empty-stack\)$/m);
    expect(r.out).toMatch(/cast Comet Storm \(multikicker/);
    expect(r.out).not.toMatch(/FAIL/);
    expect(r.out).toMatch(/^no problems found/m);
    expect(r.out).toMatch(/^plan\n {2}declares mechanics: kicker, multikicker, x; actions: cast, resolve/m);
    expect(r.out).toMatch(/^ {4}splice\.declarations +does not support splice$/m);
    expect(r.out).toMatch(/^ {4}kicked +\d+\.\d% {2}ok/m);
  });

  it('names a token id that breaks the convention, with the section on ids', () => {
    const r = castcheck('doctor', '--engine-cmd', 'python3 test/fixtures/doctor_engine.py wrong-token-id', '--sample', '30');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL \d+\. cast Splicer's Skill, resolve( until empty)?\n/);
    expect(r.out).toMatch(/step a2 \(resolve\) › state\.battlefield\[\d\]\.id: the token "golem1" is not named by the convention for created tokens, <action>\.k<n> \(the first token made by this action is a2\.k1\)\n {9}see docs\/PROTOCOL\.md#ids/);
    expect(r.out).toMatch(/problem\(s\) found/);
  });

  it('names a required field left out, with the section on required fields', () => {
    const r = castcheck('doctor', '--engine-cmd', 'python3 test/fixtures/doctor_engine.py missing-field', '--sample', '30');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/initialState\.battlefield\[0\]\.controller: missing: a required field \(null counts as left out\)\n {9}see docs\/PROTOCOL\.md#required-and-optional-fields/);
    expect(r.out).toMatch(/step a1 \(resolve\) › state\.battlefield\[0\]\.controller: missing/);
  });

  it('finds nothing wrong with the same engine without the fault', () => {
    const r = castcheck('doctor', '--engine-cmd', 'python3 test/fixtures/doctor_engine.py ok', '--sample', '30');
    expect(r.out).not.toMatch(/FAIL/);
    expect(r.code).toBe(0);
  });

  it('explains a broken handshake', () => {
    const r = castcheck('doctor', '--engine-cmd', 'python3 test/fixtures/fault_engine.py protocol-9');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL the engine did not start \(PROTOCOL_ERROR\): the engine answers in protocol 9; castcheck offered protocol 1 and 2/);
  });
});

describe('castcheck plan', () => {
  it('shows the properties that run, those skipped and why, and the feature shares of printed-only capabilities', () => {
    const dir = mkdtempSync(join(tmpdir(), 'castcheck-plan-'));
    const file = join(dir, 'caps.json');
    writeFileSync(file, JSON.stringify({ mechanics: ['kicker'], actions: ['cast', 'resolve', 'bounceSpell'], cards: { synthetic: false, oracle: ['Burst Lightning', 'Grizzly Bears', 'Kavu Titan'] }, observes: ['player.mana'] }));
    const r = castcheck('plan', file, '--sample', '100');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ {2}costs\.total-cost-paid +\d+\.\d%$/m);
    // It compares kicks, which this engine does not show: skipped, never a check of nothing.
    expect(r.out).toMatch(/^ {2}kicker\.declarations +does not observe any of stack\.kicked/m);
    expect(r.out).toMatch(/^ {2}copies\.kicked-like-original +does not observe any of stack\.kicked/m);
    expect(r.out).toMatch(/^ {2}copies\.same-choices +does not support copy$/m);
    expect(r.out).toMatch(/^ {2}splice\.lost-off-the-stack +does not observe stack\.spliced$/m);
    expect(r.out).toMatch(/^ {2}kicked +\d+\.\d% {2}ok/m);
    const json = JSON.parse(castcheck('plan', file, '--sample', '50', '--json').out) as { properties: { id: string; skipped?: string; applies?: number }[] };
    expect(json.properties.find((p) => p.id === 'agreement.reference')?.applies).toBe(1);
  });

  it('refuses capabilities that break the schema, naming the field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'castcheck-plan-'));
    const file = join(dir, 'caps.json');
    writeFileSync(file, JSON.stringify({ mechanics: ['kickr'], actions: [], cards: { synthetic: false }, observes: [] }));
    const r = castcheck('plan', file);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/is not valid capabilities .*docs\/PROTOCOL\.md#capabilities/);
    expect(r.err).toMatch(/\/mechanics\/0: "kickr" is not allowed/);
  });
});
