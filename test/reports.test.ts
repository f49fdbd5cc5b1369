// The report files of a run: report.json against its schema, junit.xml parsed back, summary.md,
// report.html with every string from an engine or a scenario escaped, a partial report, the progress
// lines written where no terminal is watched, and the lines after a run.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import type { RunReport, Trace } from '../model/schema-types.ts';
import { validateDocument } from '../model/schemas.ts';
import { PROPERTIES } from '../properties/index.ts';
import { nextSteps, totals } from '../reports/console.ts';
import { EventLog } from '../reports/events.ts';
import { progressFor } from '../reports/progress.ts';
import { engineArgs } from '../cli/run-options.ts';
import { compareRules } from '../reports/html.ts';
import { markdownText } from '../reports/summary-md.ts';
import { writeReports, type RunState } from '../reports/write-reports.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';
import type { SuiteResult } from '../runner/results.ts';

export const XSS = '<img src=x onerror=alert(1)>';
const READINGS = { spliceCopy: 'ruling' } as const;

async function faultyRun(engine: Engine, runs = 60): Promise<{ state: RunState; steps: Map<string, { run: number; scenario: import('../model/schema-types.ts').Scenario }[]> }> {
  const steps = new Map<string, { run: number; scenario: import('../model/schema-types.ts').Scenario }[]>();
  const result = await runSuite({
    ...judgeFor(engine),
    properties: PROPERTIES,
    runs,
    seed: 1,
    maxShrinkRuns: 200,
    onShrinkRun: (target, _runs, smaller) => {
      if (smaller && 'signature' in target) steps.set(target.signature, [...(steps.get(target.signature) ?? []), { run: _runs, scenario: smaller }]);
    },
  });
  const repros = new Map(result.findings.map((f) => [f.signature, `store/${f.signature}.repro.json`]));
  return { state: { engine, result, extras: { checkFloor: 30, repros, readings: READINGS, shrinkSteps: steps } }, steps };
}

// One faulty run serves every test that only reads it.
let shared: ReturnType<typeof faultyRun> | undefined;
const copyLosesKicked = () => (shared ??= faultyRun(faultyReference('copy-loses-kicked')));

const out = () => mkdtempSync(join(tmpdir(), 'castcheck-reports-'));
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['testcase', 'testsuite', 'property'].includes(name) });

describe('the report files', () => {
  it('are written by one function: report.json valid against its schema, with stories, scenarios, traces and shrink steps', async () => {
    const { state } = await copyLosesKicked();
    const dir = out();
    const { files } = writeReports(dir, state);
    expect(files.map((f) => f.slice(dir.length + 1))).toEqual(['report.json', 'junit.xml', 'summary.md', 'report.html']);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as RunReport;
    expect(validateDocument('report', report)).toEqual([]);
    expect(report.environment).toEqual({ node: process.version, platform: `${process.platform}-${process.arch}` });
    expect(report.partial).toBeUndefined();
    const copies = report.clusters.find((c) => c.signature === 'copies.kicked-like-original')!;
    expect(copies.story!.divergence).toMatch(/^The engine shows kicked false/);
    expect(copies.scenario!.actions.map((a) => a.do)).toEqual(['cast', 'copy']);
    expect(copies.trace!.steps).toHaveLength(2);
    // The steps of its shrinking, from the scenario found to the repro, each smaller or equal.
    const steps = copies.shrinkSteps!;
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.at(-1)!.scenario).toEqual(copies.scenario);
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.run).toBeGreaterThan(steps[i - 1]!.run);
  });

  it('junit.xml parses, with a test case per property and failures that carry the story', async () => {
    const { state } = await copyLosesKicked();
    const dir = out();
    writeReports(dir, state);
    const xml = parser.parse(readFileSync(join(dir, 'junit.xml'), 'utf8')) as { testsuites: { testsuite: { testcase: { '@name': string; failure?: { '@message': string; '#text': string }; skipped?: unknown }[]; '@failures': string }[] } };
    const suite = xml.testsuites.testsuite[0]!;
    expect(suite.testcase).toHaveLength(PROPERTIES.length);
    const copies = suite.testcase.find((t) => t['@name'].startsWith('copies.kicked-like-original '))!;
    expect(copies.failure!['@message']).toMatch(/scenarios failed, in 1 cluster\(s\); The engine shows kicked false/);
    expect(copies.failure!['#text']).toMatch(/1\. p1 casts .*, (multi)?kicked/);
    expect(copies.failure!['#text']).toMatch(/Wrong: The engine shows kicked false/);
    expect(copies.failure!['#text']).toMatch(/replay: npx castcheck replay store\/copies\.kicked-like-original\.repro\.json/);
    expect(Number(suite['@failures'])).toBe(state.result.tallies.filter((t) => t.failed > 0).length);
  });

  it('summary.md has the totals, each failure with its story and replay command, and the table', async () => {
    const { state } = await copyLosesKicked();
    const dir = out();
    writeReports(dir, state);
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(md).toMatch(/^## castcheck: \d+ distinct failure\(s\)$/m);
    expect(md).toMatch(/^### FAIL `copies\.kicked-like-original` \(\d+ scenario\(s\)\)$/m);
    expect(md).toMatch(/^> 1\. p1 casts .*kicked/m);
    expect(md).toContain('npx castcheck replay store/copies.kicked-like-original.repro.json');
    expect(md).toMatch(/^\| copies\.kicked-like-original \| 707\.2 707\.10 702\.33d \| \d+ \| \d+ \| \d+ \| \d+ \| [1-9]\d* \| FAIL \|$/m);
  });

  it('escapes every string from an engine or a scenario, in HTML, Markdown and XML', async () => {
    // An engine named like markup, that names every object so and says so in every message; the
    // scenarios' made-up cards are named so too.
    const reference = faultyReference('copy-loses-kicked');
    const hostile: Engine = {
      id: { name: XSS, version: XSS },
      capabilities: reference.capabilities,
      run: async (s) => {
        const t = await reference.run(s);
        return rename(t);
      },
      close: async () => {},
    };
    const { state } = await faultyRun(hostile);
    for (const f of state.result.findings) for (const c of f.scenario.cards) if (c.definition) c.definition.name = XSS;
    const dir = out();
    writeReports(dir, state);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(html).not.toMatch(/<script|https?:\/\//i);
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(md).not.toMatch(/<img/i);
    expect(md).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;');
    // XML escapes it, and a parser gets it back as it was.
    const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(xml).not.toMatch(/<img/i);
    const parsed = parser.parse(xml) as { testsuites: { testsuite: { '@name': string }[] } };
    expect(parsed.testsuites.testsuite[0]!['@name']).toContain(XSS);
  });

  it('a partial report says so everywhere', async () => {
    const { state } = await copyLosesKicked();
    const dir = out();
    const { report } = writeReports(dir, state, { partial: true });
    expect(report.partial).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'))).toMatchObject({ partial: true });
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('This run was interrupted');
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/\(interrupted run\)$/m);
  });

  it('sorts rules by their numbers', () => {
    expect(['702.33g', '601.2', '702.33d', '601.10', '111.13', '601.2f'].sort(compareRules)).toEqual(['111.13', '601.2', '601.2f', '601.10', '702.33d', '702.33g']);
  });

  it('markdownText takes everything literally', () => {
    expect(markdownText('*a* [b](c) `d` <e> | f\ng')).toBe('\\*a\\* \\[b\\]\\(c\\) \\`d\\` &lt;e&gt; \\| f g');
  });
});

describe('events.jsonl', () => {
  it('is one JSON object a line, each written as it happens', () => {
    const path = join(out(), 'events.jsonl');
    const log = new EventLog(path);
    log.write({ event: 'progress', done: 100, total: 1000, clusters: 1, perSecond: 50 });
    // Readable before the log is closed: nothing waits in a buffer.
    const lines = readFileSync(path, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ event: 'progress', done: 100, time: expect.any(String) as unknown });
    log.close();
  });
});

describe('progress where no terminal is watched', () => {
  it('prints a plain line every few seconds, and each shrinking with its engine runs', () => {
    let now = 0;
    const written: string[] = [];
    const p = progressFor({ total: 1000, stream: { write: (s: string) => written.push(s), isTTY: false }, ci: false, every: 5000, now: () => now });
    for (let done = 1; done <= 1000; done++) {
      now += 20; // 50 scenarios a second: a line every 250 scenarios
      p.scenarios(done, done > 500 ? 2 : 0);
    }
    expect(written).toEqual([
      'castcheck: 250 of 1000 scenarios (50 a second), 0 distinct failure(s) so far\n',
      'castcheck: 500 of 1000 scenarios (50 a second), 0 distinct failure(s) so far\n',
      'castcheck: 750 of 1000 scenarios (50 a second), 2 distinct failure(s) so far\n',
      'castcheck: 1000 of 1000 scenarios (50 a second), 2 distinct failure(s) so far\n',
    ]);
    written.length = 0;
    p.shrinking('copies.kicked-like-original', 0, 2);
    for (let runs = 1; runs <= 300; runs++) {
      now += 50;
      p.shrinkRun(runs);
    }
    expect(written).toEqual([
      'castcheck: shrinking copies.kicked-like-original (1 of 2): 0 engine run(s) so far\n',
      'castcheck: shrinking copies.kicked-like-original (1 of 2): 100 engine run(s) so far\n',
      'castcheck: shrinking copies.kicked-like-original (1 of 2): 200 engine run(s) so far\n',
      'castcheck: shrinking copies.kicked-like-original (1 of 2): 300 engine run(s) so far\n',
    ]);
    p.stop();
  });

  it('says what it waits for while the engine keeps it waiting, whatever the engine does', () => {
    vi.useFakeTimers();
    try {
      let now = 0;
      const written: string[] = [];
      const p = progressFor({ total: 100, stream: { write: (s: string) => written.push(s), isTTY: false }, ci: false, every: 5000, now: () => now });
      p.scenarios(11, 1);
      // The engine answers nothing for 12 s: the timer speaks every 5 s.
      for (let second = 0; second < 12; second++) {
        now += 1000;
        vi.advanceTimersByTime(1000);
      }
      expect(written).toEqual([
        'castcheck: scenario 12: waiting 5 s for the engine (11 of 100 scenarios (2.2 a second), 1 distinct failure(s) so far)\n',
        'castcheck: scenario 12: waiting 10 s for the engine (11 of 100 scenarios (1.1 a second), 1 distinct failure(s) so far)\n',
      ]);
      p.shrinking('timeout', 0, 1);
      written.length = 0;
      for (let second = 0; second < 6; second++) {
        now += 1000;
        vi.advanceTimersByTime(1000);
      }
      p.stop();
      vi.advanceTimersByTime(10_000);
      expect(written).toEqual(['castcheck: shrinking run 1: waiting 5 s for the engine (shrinking timeout (1 of 1): 0 engine run(s) so far)\n']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is plain under CI even on a terminal', () => {
    const written: string[] = [];
    const p = progressFor({ total: 10, stream: { write: (s: string) => written.push(s), isTTY: true }, ci: true, now: () => 0 });
    p.scenarios(10, 0);
    p.stop();
    expect(written).toEqual(['castcheck: 10 of 10 scenarios (0.0 a second), 0 distinct failure(s) so far\n']);
  });
});

describe('the end of a run', () => {
  it('suggests a next run of the same engine: the options that chose it are kept, quoted', () => {
    const o = { engineCmd: "python3 'my engine'/engine.py", timeout: 20000, pipeline: 64, runs: 1000, out: 'out', checkFloor: 30, maxShrinkRuns: 2000, shrinkBudget: 5000, progress: true, gateFloor: 0.05 };
    const passing = nextSteps({ failed: false, underTested: 0, reference: false, out: 'out', runs: 1000, engineArgs: engineArgs(o) }).join('\n');
    expect(passing).toContain(`npx castcheck run --runs 20000 --stats --engine-cmd "python3 'my engine'/engine.py" --timeout 20000   #`);
  });

  it('tells a newcomer what to do next', () => {
    const failing = nextSteps({ failed: true, firstRepro: 'out/store/x.repro.json', underTested: 0, reference: true, out: 'out', runs: 1000 }).join('\n');
    expect(failing).toContain('npx castcheck replay out/store/x.repro.json');
    expect(failing).toContain('npx castcheck promote out/store/x.repro.json --to out/cases');
    expect(failing).toContain('--expectations FILE --update-expectations');
    const passing = nextSteps({ failed: false, underTested: 3, reference: true, out: 'out', runs: 1000 }).join('\n');
    expect(passing).toContain('npx castcheck run --runs 20000 --stats');
    expect(passing).toContain('npx castcheck doctor --engine-cmd');
    expect(passing).toContain('open out/report.html');
  });

  it('counts skipped properties as never run, the one meaning of skipped', () => {
    const result = { tallies: PROPERTIES.map((property) => ({ property, notApplicable: 0, checkedNothing: 0, checks: 0, passed: 0, failed: 0, xfailed: 0, contested: 0, skipped: 'x' })) } as unknown as SuiteResult;
    expect(totals(result)).toMatch(new RegExp(`${PROPERTIES.length} skipped \\(never run\\)$`));
  });
});

/** A trace with every object named XSS and every step saying it. */
function rename(t: Trace): Trace {
  const steps = t.steps.map((s) => ({
    ...s,
    message: XSS,
    state: { ...s.state, stack: s.state.stack.map((o) => (o.kind === 'spell' ? { ...o, name: XSS } : o)), battlefield: s.state.battlefield.map((p) => ({ ...p, name: XSS })) },
  }));
  return { ...t, engine: { name: XSS, version: XSS }, steps };
}
