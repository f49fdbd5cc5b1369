// castcheck serve: a built-in engine on the engine side of the protocol, over stdin and stdout. It lets
// castcheck test itself through the protocol, and shows engine authors what to answer.
import { createEngine } from '../adapters/create-engine.ts';
import { serveEngine } from '../adapters/process/serve.ts';

export async function serveCommand(name: string, o: { fault?: string; spliceCopy?: 'ruling' | 'literal'; validateProtocol?: boolean }): Promise<number> {
  const engine = createEngine({
    engine: name,
    ...(o.fault !== undefined ? { fault: o.fault } : {}),
    ...(o.spliceCopy !== undefined ? { spliceCopy: o.spliceCopy } : {}),
  });
  // castcheck went away: there is no one left to answer.
  process.stdout.on('error', () => process.exit(0));
  const status = await serveEngine(engine, process.stdin, process.stdout, { validateProtocol: o.validateProtocol ?? false });
  process.stdin.destroy();
  return status;
}
