// A repro as a pytest test for an engine built on the Python kit (castcheck_kit): the engine is built
// through the kit, runs the repro's scenario in process (run_scenario, as the kit does for castcheck),
// and the test asserts the facts that make the failure. It needs the engine and the kit, not castcheck.
import type { Repro } from '../../model/schema-types.ts';
import { actionLabel, factLabel, factsByRun, headerLines, relatedLine } from './describe.ts';
import type { ExportFacts, Fact } from './facts.ts';
import { asciiJson, pythonComment, pythonJsonDocument, pythonLiteral, snakeName } from './literals.ts';

/** Where the test finds the engine: a file (absolute, or relative to the test's folder) or a module name, and its class. */
export interface PythonEngineRef {
  /** A path ending in .py, or a dotted module name on sys.path. */
  module: string;
  /** Relative paths are from the test file's folder (true) or as given (false: absolute). */
  relative: boolean;
  /** The class; left out, the only castcheck_kit.Engine subclass the module defines. */
  className?: string;
}

export function pytestFile(repro: Repro, exported: ExportFacts, engine: PythonEngineRef): string {
  const name = `test_${snakeName(repro.property?.id ?? repro.verdict)}`;
  const enginePath = engine.module.endsWith('.py')
    ? engine.relative
      ? `os.path.join(os.path.dirname(os.path.abspath(__file__)), ${asciiJson(engine.module)})`
      : asciiJson(engine.module)
    : asciiJson(engine.module);
  const lines = [
    pythonComment(headerLines(repro, exported, 'pytest').join('\n')),
    '#',
    pythonComment('Needs the engine (ENGINE below) and castcheck_kit, which it imports; not castcheck.'),
    '',
    'import importlib',
    'import importlib.util',
    'import json',
    'import os',
    'import sys',
    '',
    '# The engine: a .py file, or a module name on sys.path.',
    `ENGINE = ${enginePath}`,
    `# Its castcheck_kit.Engine class; None: the only one the module defines.`,
    `ENGINE_CLASS = ${engine.className !== undefined ? asciiJson(engine.className) : 'None'}`,
    '',
    '# The scenario as castcheck gave it to the engine (normal form, docs/PROTOCOL.md).',
    `SCENARIO = ${pythonJsonDocument(exported.scenario)}`,
    ...(exported.related.length > 0
      ? ['', '# The related runs the property compares with SCENARIO (a relation), in the same form.', `RELATED = [${exported.related.map((r) => `\n    ${pythonJsonDocument(r)}`).join(',')},\n]`]
      : []),
    '',
    'MISSING = object()',
    '',
    '',
    'def make_engine():',
    '    if ENGINE.endswith(".py"):',
    '        spec = importlib.util.spec_from_file_location("castcheck_exported_engine", ENGINE)',
    '        module = importlib.util.module_from_spec(spec)',
    '        sys.modules[spec.name] = module',
    '        spec.loader.exec_module(module)',
    '    else:',
    '        module = importlib.import_module(ENGINE)',
    '    import castcheck_kit',
    '',
    '    if ENGINE_CLASS is not None:',
    '        return getattr(module, ENGINE_CLASS)()',
    '    found = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, castcheck_kit.Engine) and c.__module__ == module.__name__]',
    '    assert len(found) == 1, f"set ENGINE_CLASS: {ENGINE} defines {len(found)} castcheck_kit.Engine classes"',
    '    return found[0]()',
    '',
    '',
    'def find(state, zone, object_id):',
    '    return next((o for o in state[zone] if o.get("id") == object_id), None)',
    '',
    '',
    'def dig(state, zone, object_id, *path):',
    '    """A field of an object in a zone of the state; MISSING when the object or the field is not there."""',
    '    value = find(state, zone, object_id)',
    '    for key in path:',
    '        if not isinstance(value, dict) or key not in value:',
    '            return MISSING',
    '        value = value[key]',
    '    return MISSING if value is None and not path else value',
    '',
    '',
    `def ${name}():`,
    '    engine = make_engine()',
    '    from castcheck_kit import run_scenario',
    '',
  ];
  for (const { run, scenario, steps } of factsByRun(exported)) {
    const name = run === 0 ? 'SCENARIO' : `RELATED[${run - 1}]`;
    if (run > 0) lines.push('', pythonComment(relatedLine(run), '    '));
    lines.push(`    steps = run_scenario(${run === 0 ? 'engine' : 'make_engine()'}, ${name})["steps"]`, `    assert len(steps) == len(${name}["actions"])`);
    for (const [step, facts] of steps) {
      lines.push('', `    # After ${actionLabel(scenario, step)}:`, `    step = steps[${step}]`);
      for (const fact of facts) lines.push(`    ${assertion(fact, `${run > 0 ? `related run ${run}, ` : ''}${actionLabel(scenario, step)}`)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function assertion(fact: Fact, where: string): string {
  const message = asciiJson(`after ${where}: ${factLabel(fact)}`);
  switch (fact.what) {
    case 'triggered':
    case 'events':
      return `assert step.get(${asciiJson(fact.what)}, []) == ${pythonLiteral(fact.value ?? [])}, ${message}`;
    case 'outcome':
    case 'reason':
      return fact.value === undefined ? `assert ${asciiJson(fact.what)} not in step, ${message}` : `assert step.get(${asciiJson(fact.what)}) == ${pythonLiteral(fact.value)}, ${message}`;
    case 'present':
      return `assert find(step["state"], ${asciiJson(fact.zone)}, ${asciiJson(fact.id)}) is ${fact.value ? 'not None' : 'None'}, ${message}`;
    case 'field': {
      const dig = `dig(step["state"], ${[fact.zone, fact.id, ...fact.path].map((s) => asciiJson(s)).join(', ')})`;
      return fact.value === undefined ? `assert ${dig} is MISSING, ${message}` : `assert ${dig} == ${pythonLiteral(fact.value)}, ${message}`;
    }
  }
}
