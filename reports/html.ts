// report.html: the run as one offline page, with no script and nothing fetched: the totals, every
// cluster with its story, its scenario and the engine's trace side by side with the divergence
// marked, and the steps of its shrinking (each behind a <details>, which a browser opens without
// script); the properties' counts; the rules-by-properties matrix. Every string from an engine or a
// scenario goes through escape-html, and the page's Content-Security-Policy allows no script at all.
import escapeHtml from 'escape-html';
import type { ClusterSummary, ObservedState, PropertyResult, RunReport, Scenario, Story } from '../model/schema-types.ts';
import { storyLines, scenarioStory, wrongLine } from './story.ts';
import { castcheckCommand } from './shell-command.ts';
import { earlyStopLines, failingFindings } from './console.ts';

const h = (x: unknown): string => escapeHtml(String(x));

export function reportHtml(report: RunReport): string {
  const engine = `${report.engine.name} ${report.engine.version}${report.engine.fault ? ` with fault ${report.engine.fault}` : ''}`;
  const failing = failingFindings(report);
  const count = (s: string) => report.properties.filter((p) => p.status === s).length;
  const title = `castcheck: ${engine}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>castcheck report</h1>
<p class="run"><span class="engine">${h(engine)}</span>${report.command !== undefined ? ` (<code>${h(report.command)}</code>)` : ''}: ${report.runs} scenario(s), seed ${report.seed}, castcheck ${h(report.castcheck)}${report.environment ? `, Node ${h(report.environment.node)} on ${h(report.environment.platform)}` : ''}.</p>
${report.partial ? '<p class="partial">This run was interrupted: the counts are those of the scenarios judged until then.</p>' : ''}
${report.stopped !== undefined ? `<p class="partial">The run stopped early: ${h(report.stopped)}</p>` : ''}
${report.earlyStops ? `<section id="early-stops"><p>The engine answered unsupported in ${report.unsupported} scenario(s), each judged up to that step; by action and card:</p><ul>${earlyStopLines(report.earlyStops).map((l) => `<li>${h(l.trim())}</li>`).join('')}</ul></section>` : ''}
<p class="totals ${failing.length > 0 ? 'bad' : 'good'}">${failing.length === 0 ? 'No new failure.' : `${failing.length} distinct failure(s).`} ${report.properties.length} properties: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('XFAIL')} expected to fail, ${count('CONTESTED')} contested, ${count('UNDER-TESTED')} under-tested, ${count('UNTESTED')} untested, ${count('SKIP')} skipped (never run).</p>
</header>
<main>
<section id="clusters">
<h2>Failures (${report.clusters.length})</h2>
${report.clusters.length === 0 ? '<p>None: every property held on every scenario.</p>' : report.clusters.map(clusterHtml).join('\n')}
</section>
<section id="properties">
<h2>Properties</h2>
${propertiesTable(report.properties)}
<p class="legend">n/a: scenarios the property does not apply to; nothing: it applied but found nothing to check; checked: scenarios it judged, making "checks" checks; failed: scenarios with a failure no expectation names. PASS: at least ${report.checkFloor} checks and no failure; UNDER-TESTED: fewer; UNTESTED: none; XFAIL: only expected failures; CONTESTED: another reading of a contested point; SKIP: never run (the engine cannot run it). Only FAIL fails the run.</p>
</section>
<section id="matrix">
<h2>Rules by properties</h2>
${matrix(report.properties)}
</section>
</main>
</body>
</html>
`;
}

function clusterHtml(c: ClusterSummary, i: number): string {
  const label = c.xfail ? 'XFAIL' : c.verdict.toUpperCase().replace(/-/g, '_');
  const cls = c.xfail ? 'xfail' : c.verdict === 'contested' ? 'contested' : 'fail';
  return `<article class="cluster ${cls}" id="cluster-${i}">
<h3><span class="label">${h(label)}</span> <code class="signature">${h(c.signature)}</code> <span class="count">${c.count} scenario(s)</span></h3>
${c.note !== undefined ? `<p class="note">Expected: ${h(c.note)}${c.link !== undefined ? ` (${h(c.link)})` : ''}</p>` : ''}
${c.story ? storyHtml(c.story) : ''}
${c.repro !== undefined ? `<p class="repro">Repro: <code>${h(c.repro)}</code>${c.shrunk === false ? ' (not shrunk)' : ''}${c.reproduced === false ? ' (did not fail again when run once more)' : ''}<br>Replay: <code>${h(castcheckCommand('replay', c.repro))}</code></p>` : ''}
${c.scenario ? `<details class="side-by-side"><summary>Scenario and trace</summary>${sideBySide(c)}</details>` : ''}
${c.shrinkSteps?.length ? shrinkHtml(c) : ''}
</article>`;
}

function storyHtml(s: Story): string {
  const lines = storyLines(s);
  const wrong = wrongLine(s);
  const cls = (l: string) => [l.startsWith(' ') ? 'sub' : '', l.trim() === wrong ? 'wrong' : l.startsWith('The rule:') ? 'rule' : ''].filter(Boolean).join(' ');
  return `<div class="story">${lines.map((l) => `<p${cls(l) ? ` class="${cls(l)}"` : ''}>${h(l.trim())}</p>`).join('')}</div>`;
}

/** Each action beside the engine's answer and state after it; the action the failure shows after is marked, and the fields that differ in it. */
function sideBySide(c: ClusterSummary): string {
  const scenario = c.scenario!;
  const trace = c.trace;
  const failedAt = c.story?.actions.find((a) => a.failed)?.index;
  const marked = new Set(markedPaths(c));
  const rows = scenario.actions.map((action, i) => {
    const step = trace?.steps[i];
    const here = i === failedAt;
    const right = step
      ? `<div class="outcome ${h(step.outcome)}">${h(step.outcome)}${step.reason ? `: ${h(step.reason)}` : ''}${step.message ? ` (${h(step.message)})` : ''}</div>${step.triggered?.length ? `<div>triggered: ${h(step.triggered.map((t) => `${t.source}#${t.ability}`).join(', '))}</div>` : ''}<pre class="json">${stateHtml(step.state, here ? marked : new Set())}</pre>`
      : '<div class="outcome">no trace</div>';
    const divergence = here && c.story ? `<div class="divergence">${h(c.story.divergence)}</div>` : '';
    const told = c.story?.actions[i];
    return `<tr class="${here ? 'diverged' : ''}"><td class="n">${i + 1}</td><td>${told ? `<div class="told">${h(told.text)}</div>` : ''}<pre class="json">${jsonHtml(action)}</pre></td><td>${divergence}${right}</td></tr>`;
  });
  const setup = `<pre class="json">${jsonHtml({ cards: scenario.cards, players: scenario.players })}</pre>`;
  return `<details class="setup"><summary>Setup: the cards and players</summary>${setup}</details><table class="trace"><thead><tr><th>#</th><th>action (scenario)</th><th>the engine's answer and state after it</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Agreement's field paths (`stack[1].kicked`, `battlefield[kavu].counters`, `players.p1.life`, `stack`) of the failure, to mark in the state. */
function markedPaths(c: ClusterSummary): string[] {
  const texts = [c.expected ?? '', ...(c.story?.more ?? [])];
  const paths: string[] = [];
  for (const t of texts) {
    const m = /^((?:stack|battlefield|players)[^:\s]*): /.exec(t);
    if (m) paths.push(m[1]!);
  }
  return paths;
}

/** Any JSON, compactly, escaped. */
function jsonHtml(value: unknown): string {
  return stateHtml(value, new Set());
}

/** A state as JSON, the values at marked paths wrapped in <mark>; short values on one line. */
function stateHtml(state: ObservedState | unknown, marked: ReadonlySet<string>): string {
  const render = (value: unknown, path: string, indent: string): string => {
    const inner = renderValue(value, path, indent);
    return marked.has(path) ? `<mark>${inner}</mark>` : inner;
  };
  const renderValue = (value: unknown, path: string, indent: string): string => {
    const next = `${indent} `;
    const flat = JSON.stringify(value);
    // Short values stay on one line, unless a marked path lies inside them.
    if (flat.length <= 72 && ![...marked].some((m) => m.startsWith(path) && m !== path)) return h(flat);
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      const childPath = (v: unknown, i: number) => {
        if (path === 'stack') return `stack[${i}]`;
        if (path === 'battlefield') return `battlefield[${(v as { id?: string }).id ?? i}]`;
        if (path === 'players') return `players.${(v as { id?: string }).id ?? i}`;
        return `${path}[${i}]`;
      };
      if (value.every((v) => typeof v !== 'object' || v === null)) return h(JSON.stringify(value));
      return `[\n${value.map((v, i) => `${next}${render(v, childPath(v, i), next)}`).join(',\n')}\n${indent}]`;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) return '{}';
      return `{\n${entries.map(([k, v]) => `${next}${h(JSON.stringify(k))}: ${render(v, path === '' ? k : `${path}.${k}`, next)}`).join(',\n')}\n${indent}}`;
    }
    return h(JSON.stringify(value));
  };
  return render(state, '', '');
}

function shrinkHtml(c: ClusterSummary): string {
  const steps = c.shrinkSteps!;
  const items = steps.map((s, i) => {
    const told = scenarioStory(s.scenario as Scenario);
    return `<li><details><summary>${i === 0 ? 'found' : `engine run ${s.run}`}: ${s.cards} card(s), ${s.actions} action(s)</summary><div class="told-scenario">${told.map((l) => `<p>${h(l)}</p>`).join('')}</div></details></li>`;
  });
  return `<details class="shrinking"><summary>The steps of its shrinking (${steps.length})</summary><ol>${items.join('')}</ol></details>`;
}

function propertiesTable(ps: readonly PropertyResult[]): string {
  const rows = ps.map((p) => {
    const cells = p.status === 'SKIP' ? ['-', '-', '-', '-', '-'] : [p.notApplicable, p.checkedNothing, p.checked, p.checks, p.failed].map(String);
    return `<tr class="${statusClass(p.status)}"><td><code>${h(p.id)}</code><div class="statement">${h(p.statement)}</div></td><td>${h(p.rules.join(' '))}</td>${cells.map((x) => `<td class="n">${h(x)}</td>`).join('')}<td>${h(p.status)}${p.skipped ? `: ${h(p.skipped)}` : ''}</td></tr>`;
  });
  return `<table class="properties"><thead><tr><th>property</th><th>rules</th><th>n/a</th><th>nothing</th><th>checked</th><th>checks</th><th>failed</th><th>status</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** Rows are the rules cited, columns the properties; a cell shows the status of a property that checks that rule. */
function matrix(ps: readonly PropertyResult[]): string {
  const rules = [...new Set(ps.flatMap((p) => p.rules))].sort(compareRules);
  const head = ps.map((p) => `<th class="vertical" title="${h(p.statement)}"><span>${h(p.id)}</span></th>`).join('');
  const rows = rules.map((r) => {
    const cells = ps.map((p) => (p.rules.includes(r) ? `<td class="cell ${statusClass(p.status)}" title="${h(`${p.id}: ${p.status}`)}">${h(symbol(p.status))}</td>` : '<td></td>')).join('');
    return `<tr><th class="rule">${h(r)}</th>${cells}</tr>`;
  });
  return `<div class="matrix-wrap"><table class="matrix"><thead><tr><th>rule</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div><p class="legend">✔ PASS, ✘ FAIL, ~ XFAIL or CONTESTED, ? UNDER-TESTED or UNTESTED, - SKIP.</p>`;
}

function symbol(status: string): string {
  return status === 'PASS' ? '✔' : status === 'FAIL' ? '✘' : status === 'XFAIL' || status === 'CONTESTED' ? '~' : status === 'SKIP' ? '-' : '?';
}

function statusClass(status: string): string {
  return `status-${status.toLowerCase()}`;
}

/** 601.2f before 601.10 before 603.2: by the numbers of each part. */
export function compareRules(a: string, b: string): number {
  const parts = (r: string) => r.split(/(\d+)/).filter((x) => x !== '');
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const [x, y] = [pa[i], pb[i]];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const [nx, ny] = [Number(x), Number(y)];
    const c = Number.isNaN(nx) || Number.isNaN(ny) ? x.localeCompare(y) : nx - ny;
    if (c !== 0) return c;
  }
  return 0;
}

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa}
header,main{max-width:1200px;margin:0 auto;padding:0 16px}
h1{margin:16px 0 4px}
code,pre{font:12px/1.35 ui-monospace,monospace}
.totals{font-weight:600;padding:8px;border-radius:4px}
.totals.bad{background:#fde2e2}.totals.good{background:#e2f6e2}
.partial{background:#fff3cd;padding:8px;border-radius:4px}
.cluster{background:#fff;border:1px solid #ddd;border-left:6px solid #c62828;border-radius:4px;margin:12px 0;padding:8px 12px}
.cluster.xfail{border-left-color:#9e9e9e}.cluster.contested{border-left-color:#f9a825}
.cluster h3{margin:4px 0;font-size:15px}
.label{font-weight:700}.count{color:#666;font-weight:400}
.story p,.told-scenario p{margin:2px 0}.story .sub{margin-left:1.6em}.story .wrong{color:#b71c1c;font-weight:600}.story .rule{color:#333;font-style:italic}
details{margin:6px 0}summary{cursor:pointer;font-weight:600}
table{border-collapse:collapse}
table.trace{width:100%;table-layout:fixed}table.trace td,table.trace th{border:1px solid #ddd;vertical-align:top;padding:4px}
table.trace td.n{width:24px}table.trace th:first-child{width:24px}
tr.diverged td{background:#fff0f0}
.divergence{color:#b71c1c;font-weight:600;margin-bottom:4px}
.told{margin-bottom:4px}
pre.json{margin:0;white-space:pre-wrap;word-break:break-word;max-height:420px;overflow:auto}
mark{background:#ffcdd2}
.outcome.rejected,.outcome.unsupported{color:#b71c1c}
table.properties td,table.properties th{border-bottom:1px solid #eee;padding:3px 6px;text-align:left}
td.n{text-align:right}
.statement{color:#555;font-size:12px}
.status-fail{background:#fde2e2}.status-pass{}.status-skip{color:#888}.status-xfail,.status-contested{background:#fff3cd}.status-under-tested,.status-untested{background:#f1f1f1}
.matrix-wrap{overflow:auto;max-height:80vh}
table.matrix td,table.matrix th{border:1px solid #eee;padding:1px 3px;text-align:center;font-size:12px}
table.matrix th.vertical{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;font-weight:400}
table.matrix th.rule{text-align:left;white-space:nowrap}
.legend{color:#555;font-size:12px}
`;
