// The protocol's part of castcheck's CPU, and nothing else: requests a suite made, sent again to an
// engine, IN_FLIGHT at a time, their answers read, checked and rebuilt but not judged.
import type { Engine } from '../adapters/engine.ts';
import type { Scenario } from '../model/schema-types.ts';
import { cpuMs } from './clock.ts';

/** castcheck's CPU µs per request for `asked`, sent to `engine` with `inFlight` waiting at a time. */
export async function replayCpuUs(engine: Engine, asked: readonly Scenario[], inFlight: number): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < asked.length) await engine.run(asked[next++]!);
  };
  const cpu = process.cpuUsage();
  await Promise.all(Array.from({ length: inFlight }, lane));
  return (cpuMs(cpu) / asked.length) * 1000;
}
