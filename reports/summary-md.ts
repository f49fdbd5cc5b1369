// summary.md: the run in Markdown, for CI job summaries (GitHub's $GITHUB_STEP_SUMMARY): the
// totals, each failure with its story and replay command, then every property's counts.
import type { ClusterSummary, RunReport } from '../model/schema-types.ts';
import { storyLines } from './story.ts';
import { ENGINE_HANGS } from '../runner/hangs.ts';
import { castcheckCommand } from './shell-command.ts';
import { earlyStopLines, failingFindings } from './console.ts';

/**
 * Text from an engine or a scenario, safe in Markdown: HTML is shown, not rendered, and the
 * characters that start emphasis, links, tables or code are taken literally.
 */
export function markdownText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]{}()#+!|~])/g, '\\$1')
    .replace(/\r?\n/g, ' ');
}

export function summaryMarkdown(report: RunReport): string {
  const engine = `${report.engine.name} ${report.engine.version}${report.engine.fault ? ` with fault ${report.engine.fault}` : ''}`;
  const count = (s: string) => report.properties.filter((p) => p.status === s).length;
  const failing = failingFindings(report);
  const out = [
    `## castcheck: ${report.stopped?.startsWith(ENGINE_HANGS) ? `${ENGINE_HANGS}, ` : ''}${failing.length === 0 ? 'no new failure' : `${failing.length} distinct failure(s)`}${report.partial ? ' (interrupted run)' : ''}`,
    '',
    `${markdownText(engine)}, ${report.runs} scenario(s), seed ${report.seed} (\`--seed ${report.seed}\` repeats the run), castcheck ${markdownText(report.castcheck)}.`,
    '',
    `**${report.properties.length} properties**: ${count('PASS')} passed, ${count('FAIL')} failed, ${count('XFAIL')} expected to fail, ${count('CONTESTED')} contested, ${count('UNDER-TESTED')} under-tested, ${count('UNTESTED')} untested, ${count('SKIP')} skipped (never run).`,
  ];
  if (report.stopped !== undefined) out.push('', `The run stopped early: ${markdownText(report.stopped)}`);
  if (report.earlyStops) out.push('', `The engine answered unsupported in ${report.unsupported} scenario(s), judged up to that step; by action and card:`, '', ...earlyStopLines(report.earlyStops).map((l) => `- ${markdownText(l.trim())}`));
  if (report.findings && report.findings.length > 0) {
    out.push('', `**${failing.length} failing finding(s)**, one per cause, from ${report.clusters.length} signature(s):`, '');
    for (const f of report.findings) out.push(`- ${f.xfail ? 'XFAIL' : f.contested ? 'CONTESTED' : 'FAIL'} ${markdownText(f.id)} (${f.count} scenario(s))${f.properties.length > 0 ? `: breaks ${markdownText(f.properties.join(', '))}` : ''}`);
  }
  for (const c of report.clusters) out.push('', ...clusterMarkdown(c));
  out.push('', '| property | rules | n/a | nothing | checked | checks | failed | status |', '|---|---|---:|---:|---:|---:|---:|---|');
  for (const p of report.properties) {
    const cells = p.status === 'SKIP' ? ['-', '-', '-', '-', '-'] : [p.notApplicable, p.checkedNothing, p.checked, p.checks, p.failed].map(String);
    out.push(`| ${markdownText(p.id)} | ${markdownText(p.rules.join(' '))} | ${cells.join(' | ')} | ${p.status}${p.skipped ? `: ${markdownText(p.skipped)}` : ''} |`);
  }
  out.push('', LEGEND_MD);
  return `${out.join('\n')}\n`;
}

const LEGEND_MD =
  '_n/a_: scenarios the property does not apply to; _nothing_: it applied but found nothing to check; _checked_: scenarios it judged, making _checks_ checks. ' +
  'PASS: enough checks and no failure; UNDER-TESTED: fewer checks than the floor; UNTESTED: none; XFAIL: only expected failures; CONTESTED: another reading of a contested point; SKIP: never run (the engine cannot run it). Only FAIL fails the run.';

function clusterMarkdown(c: ClusterSummary): string[] {
  const label = c.xfail ? 'XFAIL' : c.verdict.toUpperCase().replace(/-/g, '_');
  const out = [`### ${label} \`${c.signature.replace(/`/g, "'")}\` (${c.count} scenario(s))`];
  if (c.note !== undefined) out.push('', `Expected: ${markdownText(c.note)}`);
  if (c.story) out.push('', ...storyLines(c.story).map((l) => `> ${markdownText(l)}  `));
  if (c.repro !== undefined) out.push('', `Repro: \`${c.repro.replace(/`/g, "'")}\`${c.shrunk === false ? ' (not shrunk)' : ''}`, '', '```sh', castcheckCommand('replay', c.repro), '```');
  return out;
}
