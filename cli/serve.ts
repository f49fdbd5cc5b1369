// castcheck serve: a built-in engine on the engine side of the protocol, over stdin and stdout. It lets
// castcheck test itself through the protocol, and shows engine authors what to answer.
import { createEngine } from '../adapters/create-engine.ts';
import { serveEngine } from '../adapters/process/serve.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import { readCapabilities } from '../model/capabilities-file.ts';

export async function serveCommand(name: string, o: { fault?: string; spliceCopy?: 'ruling' | 'literal'; validateProtocol?: boolean; capabilities?: string }): Promise<number> {
  // Read before anything is written: a bad file is an input error (exit 2), not a failed handshake.
  const restricted = o.capabilities !== undefined ? readCapabilities(o.capabilities) : undefined;
  const created = createEngine({
    engine: name,
    ...(o.fault !== undefined ? { fault: o.fault } : {}),
    ...(o.spliceCopy !== undefined ? { spliceCopy: o.spliceCopy } : {}),
  });
  // An engine process as a real engine with these capabilities would be: it declares them in its
  // hello, leaves out what they do not observe, and fails on a card it neither knows nor builds.
  const engine = restricted ? restrictedTo(created, restricted) : created;
  // castcheck went away: there is no one left to answer.
  process.stdout.on('error', () => process.exit(0));
  const status = await serveEngine(engine, process.stdin, process.stdout, { validateProtocol: o.validateProtocol ?? false });
  process.stdin.destroy();
  return status;
}
