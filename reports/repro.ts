// Repro files: a shrunk failure as a document anyone can replay (schema/repro.schema.json).
import type { Engine } from '../adapters/engine.ts';
import type { Repro } from '../model/schema-types.ts';
import type { Readings } from '../properties/property.ts';
import { version } from '../model/version.ts';
import type { Finding } from '../runner/results.ts';
import { kindOf } from '../runner/signatures.ts';

export function reproOf(finding: Finding, engine: Pick<Engine, 'id' | 'launch'>, readings: Readings): Repro & { signature: string } {
  const id = engine.id;
  const v = finding.verdict;
  const judged = v.status === 'fail' || v.status === 'contested';
  const repro: Repro & { signature: string } = {
    format: 'castcheck-repro/1',
    signature: finding.signature,
    verdict: finding.kind,
    expected: judged ? v.expected : 'the engine answers with a trace',
    observed: judged ? v.observed : v.message,
    engine: {
      name: id.name,
      version: id.version,
      ...(id.fault !== undefined ? { fault: id.fault } : {}),
      ...(engine.launch
        ? {
            command: engine.launch.command,
            ...(engine.launch.cwd !== undefined ? { cwd: engine.launch.cwd } : {}),
            ...(engine.launch.timeoutMs !== undefined ? { timeout: engine.launch.timeoutMs } : {}),
          }
        : {}),
    },
    replay: {
      seed: finding.seed,
      path: finding.path,
      runsToFailure: finding.runsToFailure,
      shrinkRuns: finding.shrinkRuns,
      castcheck: version,
      ...(finding.reproduced ? {} : { reproduced: false }),
      ...(finding.shrunk ? {} : { shrunk: false }),
    },
    readings,
    scenario: finding.scenario,
  };
  if (finding.property) {
    repro.property = { id: finding.property.id, rules: finding.property.rules, statement: finding.property.statement };
  }
  if (judged) repro.step = v.step;
  else if (v.stderr) repro.stderr = v.stderr;
  if (finding.divergences) repro.divergences = finding.divergences.map((d) => ({ step: d.step, kind: kindOf(d), expected: d.expected, observed: d.observed }));
  if (v.status === 'contested') repro.ruling = v.ruling;
  if (finding.trace) repro.trace = finding.trace;
  if (finding.history) repro.history = finding.history;
  return repro;
}
