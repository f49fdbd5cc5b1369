// castcheck export's generator in this process: the facts it picks for the named faults' repros (each
// fails on the faulty engine's trace and holds on the reference engine's), and the escaping of what
// it writes into Python and Java. test/export.test.ts (e2e) runs the tests it writes with pytest and javac.
import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../adapters/reference/engine.ts';
import { FAULTS, faultyReference } from '../adapters/faults/index.ts';
import { InputError } from '../model/errors.ts';
import type { Repro, Scenario, Trace } from '../model/schema-types.ts';
import { exportFacts, factHolds, type Fact } from '../reports/export/facts.ts';
import { junitFile } from '../reports/export/junit.ts';
import { asciiJson, javaComment, javaString, javaTextBlock, pythonComment, pythonJsonDocument, pythonLiteral } from '../reports/export/literals.ts';
import { pytestFile } from '../reports/export/pytest.ts';
import { mainClassOf } from '../reports/export/engine-ref.ts';
import { faultRepro } from './fixtures/export-loop.ts';

const referenceTrace = (s: Scenario) => new ReferenceEngine().runSync(s);
const faultyTrace = (faultId: string, s: Scenario) => faultyReference(faultId).runSync(s);
const fieldFacts = (facts: Fact[]) => facts.map((f) => (f.what === 'field' ? `${f.zone}:${f.id}:${f.path.join('.')}=${JSON.stringify(f.value)}` : `${f.what}${'id' in f ? `:${f.id}` : ''}=${JSON.stringify(f.value)}`));

describe('the facts an exported test asserts', () => {
  it.each([
    // The counter a multikicked Gnarlid Pack enters with, not its power and toughness (they follow from it).
    ['multikicker-counts-once', ['battlefield:pack:counters.+1/+1=2']],
    // A kicked Burst Lightning's mana value on the stack.
    ['mana-value-counts-additional-costs', ['stack:bolt:manaValue=1']],
    // A cast whose kicker cannot be paid is rejected, not cast unkicked.
    ['unpayable-kicker-dropped', ['outcome="rejected"']],
    // The mana left after paying kicked Burst Lightning: colourless pays the generic part first.
    ['generic-paid-coloured-first', ['players:p1:mana.R=1', 'players:p1:mana.C']],
  ])('%s: the values the property needs, as the reference engine has them', async (faultId, expected) => {
    const repro = await faultRepro(faultId);
    const { facts, basis } = await exportFacts(repro, faultId);
    expect(basis).toBe('judged');
    const shown = fieldFacts(facts);
    for (const e of expected) expect(shown.some((s) => s === e || s.startsWith(`${e}=`)), `${shown.join(', ')} has ${e}`).toBe(true);
  });

  it('for every named fault: each fact holds on the reference engine, and one fails on the faulty engine', async () => {
    let related = 0;
    for (const fault of FAULTS) {
      const repro = await faultRepro(fault.id).catch(() => undefined);
      if (!repro) continue;
      // The faulty engine answers the related runs a relation asks for, as the engine command does from the CLI.
      const exported = await exportFacts(repro, fault.id, () => Promise.resolve(faultyReference(fault.id)));
      expect(exported.facts.length, fault.id).toBeGreaterThan(0);
      const scenarios = [exported.scenario, ...exported.related];
      const holds = (trace: (s: Scenario) => Trace) => exported.facts.map((f) => factHolds(trace(scenarios[f.run ?? 0]!), f));
      expect(holds(referenceTrace), fault.id).not.toContain(false);
      expect(holds((s) => faultyTrace(fault.id, s)), fault.id).toContain(false);
      if (exported.related.length > 0) related++;
    }
    // reduction-takes-coloured-mana and reduction-before-additional-costs show in the cheaper run only.
    expect(related).toBeGreaterThanOrEqual(2);
  });

  it("a relation whose failure shows only in its related run: refused without the engine to run it, asserted on that run with it", async () => {
    const repro = await faultRepro('reduction-takes-coloured-mana');
    await expect(exportFacts(repro, 'r')).rejects.toThrow(/shows in a related run.*give --engine-cmd/);
    const exported = await exportFacts(repro, 'r', () => Promise.resolve(faultyReference('reduction-takes-coloured-mana')));
    expect(exported.related.length).toBe(1);
    expect(exported.facts.every((f) => f.run === 1)).toBe(true);
    const text = pytestFile(repro, exported, { module: 'engine.py', relative: true });
    expect(text).toContain('steps = run_scenario(make_engine(), RELATED[0])["steps"]');
    expect(junitFile(repro, exported, { className: 'E', testClass: 'T' })).toContain('scenario = JsonParser.parseString(RELATED_1).getAsJsonObject();');
  });

  it('a crash needs no fact: the test runs the scenario to its end; a time-out cannot be exported', async () => {
    const repro = await faultRepro('multikicker-counts-once');
    expect((await exportFacts({ ...repro, verdict: 'crash' }, 'r')).basis).toBe('crash');
    await expect(exportFacts({ ...repro, verdict: 'timeout' }, 'r')).rejects.toBeInstanceOf(InputError);
    await expect(exportFacts({ ...repro, trace: undefined }, 'r')).rejects.toThrow(/no trace/);
  });
});

describe('the files written', () => {
  it('pytest: the scenario embedded, the engine named, the rule cited, an assertion per fact', async () => {
    const repro = await faultRepro('multikicker-counts-once');
    const text = pytestFile(repro, await exportFacts(repro, 'r'), { module: 'engine.py', relative: true });
    expect(text).toContain('# Property permanents.enters-with-counters (CR 603.6d, 702.33c, 702.33d, 702.33e, 702.33f):');
    expect(text).toContain(`#   ${repro.property!.statement}`);
    expect(text).toContain('ENGINE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "engine.py")');
    expect(text).toContain('assert dig(step["state"], "battlefield", "pack", "counters", "+1/+1") == 2, ');
    expect(text).toMatch(/^def test_permanents_enters_with_counters\(\):$/m);
  });

  it('junit: in the engine class\'s package, the scenario in a text block, an assertion per fact', async () => {
    const repro = await faultRepro('mana-value-counts-additional-costs');
    const text = junitFile(repro, await exportFacts(repro, 'r'), { className: 'org.example.MyEngine', testClass: 'BoltTest' });
    expect(text).toMatch(/^package org\.example;$/m);
    expect(text).toContain('class BoltTest {');
    expect(text).toContain('new org.example.MyEngine()');
    expect(text).toContain('assertEquals(json("1"), at(step, "stack", "bolt", "manaValue"), ');
    expect(text).toContain('// Property costs.mana-value-unchanged (CR ');
  });

  it('escapes what engines and scenarios chose, for Python and Java alike', async () => {
    const nasty = `Urza's '''Tower''' """x""" \\ \\u000a \\uzzzz */ é ✓ \u2028 "q" \n end\\`;
    // A Python raw string ends only at ''': the JSON inside reads back as it was.
    const py = pythonJsonDocument({ name: nasty });
    const inner = /^json\.loads\(r'''\n([\s\S]*)\n'''\)$/.exec(py)![1]!;
    expect(inner).not.toContain("'''");
    expect(JSON.parse(inner)).toEqual({ name: nasty });
    expect(/^[\x20-\x7e\n]*$/.test(py)).toBe(true);
    expect(pythonLiteral({ a: [null, true, false, 1.5, nasty] })).toBe(`{"a": [None, True, False, 1.5, ${asciiJson(nasty)}]}`);
    expect(pythonComment(`a\nb${nasty}`).split('\n').every((l) => l.startsWith('#'))).toBe(true);
    // A Java text block reads \\ as \ and \" as ", and ends at """: undone here as javac does.
    const block = javaTextBlock({ name: nasty }, '    ');
    const body = /^"""\n([\s\S]*)\n {4}"""$/.exec(block)![1]!;
    expect(body).not.toContain('"""');
    expect(JSON.parse(javaUnescape(body))).toEqual({ name: nasty });
    expect(javaUnescape(javaString(nasty).slice(1, -1))).toBe(nasty);
    expect(javaString(nasty)).not.toMatch(/[^\x20-\x7e]/);
    // A comment holds no line break and no backslash javac would read as a \u escape.
    for (const line of javaComment(`x\n${nasty}`).split('\n')) {
      expect(line.startsWith('//')).toBe(true);
      expect(line).not.toMatch(/(^|[^\\])(\\\\)*\\u(?![0-9a-f]{4})/);
    }
  });

  it('finds the main class in a jar (java -jar engine.jar)', () => {
    // A stored (uncompressed) jar with one entry, as a zip is laid out: local header, data, central directory, end.
    const manifest = Buffer.from('Manifest-Version: 1.0\r\nMain-Class: dev.castcheck.exa\r\n mple.ExampleEngine\r\n\r\n');
    const name = Buffer.from('META-INF/MANIFEST.MF');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(manifest.length, 20);
    central.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(30 + name.length + manifest.length, 16);
    expect(mainClassOf(Buffer.concat([local, name, manifest, central, name, end]))).toBe('dev.castcheck.example.ExampleEngine');
  });
});

/** A Java string's or text block's escapes undone, as javac reads them (\\ \" \n and \u). */
function javaUnescape(text: string): string {
  return text.replace(/\\(u+[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e[0] === 'u' ? String.fromCharCode(parseInt(e.slice(-4), 16)) : e === 'n' ? '\n' : e === 'r' ? '\r' : e === 't' ? '\t' : e));
}
