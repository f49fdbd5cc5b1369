// report.html in a real browser: Debian's Chromium, headless, driven by playwright-core. The page of
// a run against a faulty engine loads with no console error and no request, shows each failure's
// story, and shows its trace when a cluster is expanded; a page made from an engine and cards named
// like markup runs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../adapters/engine.ts';
import { faultyReference } from '../adapters/faults/index.ts';
import type { Trace } from '../model/schema-types.ts';
import { PROPERTIES } from '../properties/index.ts';
import { writeReports } from '../reports/write-reports.ts';
import { judgeFor } from '../runner/evaluate.ts';
import { runSuite } from '../runner/run-suite.ts';

const CHROMIUM = '/usr/bin/chromium';
// Chromium's own background connections are refused on a closed network; a fresh profile each time.
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const XSS = '<img src=x onerror=alert(1)>';

let context: BrowserContext;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run installs it)`);
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'castcheck-chromium-')), { executablePath: CHROMIUM, headless: true, args: ARGS });
});

afterAll(async () => {
  await context?.close();
});

/** Opens a file and collects what the page did: console errors, uncaught errors, dialogs, requests beyond the file. */
async function open(file: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  const url = pathToFileURL(file).href;
  page.on('request', (r) => {
    if (r.url() !== url) problems.push(`request: ${r.url()}`);
  });
  await page.goto(url);
  await page.waitForLoadState('load');
  return { page, problems };
}

describe('report.html in Chromium', () => {
  it('loads with no console error, shows the stories, and shows a trace when a cluster is expanded', async () => {
    const out = mkdtempSync(join(tmpdir(), 'castcheck-html-'));
    const r = spawnSync(process.execPath, ['bin/castcheck.mjs', 'run', '--fault', 'copy-loses-kicked', '--runs', '200', '--seed', '5', '--out', out, '--no-progress'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    const { page, problems } = await open(join(out, 'report.html'));
    const cluster = page.locator('article.cluster', { has: page.locator('code.signature', { hasText: /^copies\.kicked-like-original$/ }) });
    await expect.poll(() => cluster.count()).toBe(1);
    // The story is there without opening anything.
    const wrong = cluster.locator('.story .wrong');
    expect(await wrong.isVisible()).toBe(true);
    expect(await wrong.textContent()).toMatch(/^Wrong: The engine shows kicked false/);
    expect(await cluster.locator('.story').textContent()).toMatch(/1\. p1 casts .*, (multi)?kicked/);
    // The trace is folded away until the cluster's "Scenario and trace" is opened.
    const trace = cluster.locator('table.trace');
    expect(await trace.isVisible()).toBe(false);
    await cluster.locator('details.side-by-side > summary').click();
    expect(await trace.isVisible()).toBe(true);
    const diverged = trace.locator('tr.diverged');
    expect(await diverged.count()).toBe(1);
    expect(await diverged.locator('.divergence').textContent()).toMatch(/The engine shows kicked false/);
    // The steps of its shrinking, and the matrix of rules by properties.
    expect(await cluster.locator('details.shrinking > summary').textContent()).toMatch(/The steps of its shrinking \(\d+\)/);
    expect(await page.locator('table.matrix th.rule', { hasText: /^707\.10$/ }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs nothing from an engine or a scenario named like markup', async () => {
    const reference = faultyReference('copy-loses-kicked');
    const rename = (t: Trace): Trace => ({
      ...t,
      steps: t.steps.map((s) => ({ ...s, message: XSS, state: { ...s.state, stack: s.state.stack.map((o) => (o.kind === 'spell' ? { ...o, name: XSS } : o)), battlefield: s.state.battlefield.map((p) => ({ ...p, name: XSS })) } })),
    });
    const hostile: Engine = { id: { name: XSS, version: XSS }, capabilities: reference.capabilities, run: async (s) => rename(await reference.run(s)), close: async () => {} };
    const result = await runSuite({ ...judgeFor(hostile), properties: PROPERTIES, runs: 60, seed: 1, maxShrinkRuns: 200 });
    expect(result.findings.length).toBeGreaterThan(0);
    for (const f of result.findings) for (const c of f.scenario.cards) if (c.definition) c.definition.name = XSS;
    const out = mkdtempSync(join(tmpdir(), 'castcheck-html-'));
    writeReports(out, { engine: hostile, result, extras: { checkFloor: 30, repros: new Map(result.findings.map((f) => [f.signature, `${XSS}.repro.json`])) } });

    const { page, problems } = await open(join(out, 'report.html'));
    // Open everything, so that nothing stays unrendered.
    await page.locator('details').evaluateAll((all) => all.forEach((d) => d.setAttribute("open", "")));
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('.engine').textContent()).toBe(`${XSS} ${XSS}`);
    expect(await page.locator('.story').first().textContent()).toContain(XSS);
    expect(problems).toEqual([]);
    await page.close();
  });
});
