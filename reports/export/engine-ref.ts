// Which engine an exported test builds, found from the command that started it in castcheck run
// (the repro's, or --engine-cmd): the .py file `python3 engine.py` runs, or the class `java -cp ...
// Main` or `java -jar engine.jar` starts (its manifest's Main-Class). A kit engine's main class is
// usually the engine itself, as in both examples; --engine-module and --engine-class say otherwise.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { parseCommand } from '../../adapters/process/command.ts';

/** The Python file a command runs, as an absolute path; undefined when it runs none. */
export function pythonFileOf(command: string, cwd: string): string | undefined {
  const file = parseCommand(command).find((a, i) => i > 0 && a.endsWith('.py'));
  return file === undefined ? undefined : isAbsolute(file) ? file : resolve(cwd, file);
}

/** The class a java command starts: the one named after -cp/-classpath, or the Main-Class of the jar after -jar. */
export function javaClassOf(command: string, cwd: string): string | undefined {
  const argv = parseCommand(command);
  if (!/(^|\/)java$/.test(argv[0] ?? '')) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-jar') {
      const jar = argv[i + 1];
      if (jar === undefined) return undefined;
      const path = isAbsolute(jar) ? jar : resolve(cwd, jar);
      return existsSync(path) ? mainClassOf(readFileSync(path)) : undefined;
    }
    if (a === '-cp' || a === '-classpath' || a === '--class-path') i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}

/** Main-Class from a jar's META-INF/MANIFEST.MF (a zip: the central directory names each entry and where it is). */
export function mainClassOf(jar: Buffer): string | undefined {
  const end = jar.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return undefined;
  const entries = jar.readUInt16LE(end + 10);
  let at = jar.readUInt32LE(end + 16);
  for (let n = 0; n < entries && jar.readUInt32LE(at) === 0x02014b50; n++) {
    const method = jar.readUInt16LE(at + 10);
    const size = jar.readUInt32LE(at + 20);
    const nameLength = jar.readUInt16LE(at + 28);
    const extra = jar.readUInt16LE(at + 30);
    const comment = jar.readUInt16LE(at + 32);
    const local = jar.readUInt32LE(at + 42);
    const name = jar.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'META-INF/MANIFEST.MF') {
      const start = local + 30 + jar.readUInt16LE(local + 26) + jar.readUInt16LE(local + 28);
      const data = jar.subarray(start, start + size);
      const text = (method === 8 ? inflateRawSync(data) : data).toString('utf8').replace(/\r?\n /g, '');
      return /^Main-Class:\s*(\S+)/m.exec(text)?.[1];
    }
    at += 46 + nameLength + extra + comment;
  }
  return undefined;
}
