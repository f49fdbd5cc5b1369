// castcheck export: a repro as a test in the engine's own language, for engines built on the kits
// (--as pytest: the Python kit; --as junit: the Java kit). The test runs the repro's scenario on the
// engine through the kit and asserts the facts that make the failure (docs/EXPORT.md).
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve } from 'node:path';
import { openEngine } from '../adapters/create-engine.ts';
import { InputError } from '../model/errors.ts';
import { exportFacts } from '../reports/export/facts.ts';
import { javaClassOf, pythonFileOf } from '../reports/export/engine-ref.ts';
import { defaultTestClass, junitFile } from '../reports/export/junit.ts';
import { pytestFile, type PythonEngineRef } from '../reports/export/pytest.ts';
import { xmageJunitFile } from '../reports/export/xmage-junit.ts';
import { readRepro } from './replay.ts';

export interface ExportOptions {
  as: 'pytest' | 'junit' | 'xmage-junit';
  out?: string;
  engineCmd?: string;
  engineModule?: string;
  engineClass?: string;
}

export async function exportCommand(file: string, o: ExportOptions): Promise<number> {
  const repro = readRepro(file);
  const command = o.engineCmd ?? repro.engine.command;
  const cwd = o.engineCmd !== undefined ? process.cwd() : resolve(repro.engine.cwd ?? process.cwd());
  // Started only when the failure shows in a related run, which the repro keeps no trace of.
  const timeoutMs = o.engineCmd === undefined ? repro.engine.timeout : undefined;
  const openProcess = command !== undefined ? () => openEngine({ process: { command, cwd, ...(timeoutMs !== undefined ? { timeoutMs } : {}) } }) : undefined;
  const exported = await exportFacts(repro, file, openProcess);
  const out = o.out !== undefined ? resolve(o.out) : undefined;
  let text: string;
  if (o.as === 'pytest') {
    text = pytestFile(repro, exported, pythonEngine(o, command, cwd, out));
  } else if (o.as === 'xmage-junit') {
    text = xmageJunitFile(repro, exported, javaClassName(out, repro));
  } else {
    const className = o.engineClass ?? (command !== undefined ? javaClassOf(command, cwd) : undefined);
    if (className === undefined) throw new InputError(`${file}: name the engine's class with --engine-class (the repro's engine command${command ? ` '${command}'` : ''} does not say it)`);
    text = junitFile(repro, exported, { className, testClass: javaClassName(out, repro) });
  }
  if (out === undefined) process.stdout.write(text);
  else {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
    const facts = exported.facts.length;
    const related = exported.related.length > 0 ? ` (and ${exported.related.length} related run(s))` : '';
    console.error(`castcheck: wrote ${out}: ${exported.basis === 'crash' ? 'runs the scenario the engine failed on' : `asserts ${facts} value(s) the failure shows in${related}`}`);
  }
  return 0;
}

/** A Java test's class name: the --out file's name, or `Castcheck<Property>Test`. */
function javaClassName(out: string | undefined, repro: Parameters<typeof defaultTestClass>[0]): string {
  const testClass = out !== undefined && out.endsWith('.java') ? basename(out, '.java') : defaultTestClass(repro);
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(testClass)) throw new InputError(`--out: '${testClass}' is not a Java class name`);
  return testClass;
}

/** The engine a pytest test loads: --engine-module, or the .py file of the engine command, relative to the test file when it is written to one. */
function pythonEngine(o: ExportOptions, command: string | undefined, cwd: string, out: string | undefined): PythonEngineRef {
  const given = o.engineModule;
  const [module, className] = given !== undefined ? splitClass(given) : [command !== undefined ? pythonFileOf(command, cwd) : undefined, undefined];
  if (module === undefined) throw new InputError(`name the engine with --engine-module FILE.py[:Class] or MODULE[:Class] (the repro's engine command${command ? ` '${command}'` : ''} runs no .py file)`);
  const ref = (m: string): PythonEngineRef => ({ module: m, relative: false, ...(className !== undefined ? { className } : {}) });
  if (!module.endsWith('.py')) return ref(module);
  const path = isAbsolute(module) ? module : resolve(given !== undefined ? process.cwd() : cwd, module);
  return out === undefined ? ref(path) : { ...ref(relative(dirname(out), path)), relative: true };
}

function splitClass(value: string): [string, string | undefined] {
  const at = value.lastIndexOf(':');
  return at > 1 ? [value.slice(0, at), value.slice(at + 1)] : [value, undefined];
}
