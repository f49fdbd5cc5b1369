// What a run allocates, from V8's sampling heap profiler: every object of about one sample interval
// counted whether the collector has taken it since or not. Unlike CPU time it does not move with what
// else the machine does, so a change of a few percent in the work a scenario costs shows in it where
// CPU time cannot (docs/DEVELOPING.md); it moves a little with what the runtime's compiler removed.
import { Session } from 'node:inspector/promises';

interface SamplingNode {
  selfSize: number;
  children: SamplingNode[];
}

/** KiB allocated while `run` runs, in all (the profile's estimate from its samples). */
export async function allocatedKiB(run: () => Promise<unknown>): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.enable');
    // One sample every KiB on average: hundreds of thousands over a bench run, so the estimate holds to a fraction of a percent.
    await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await run();
    const { profile } = (await session.post('HeapProfiler.stopSampling')) as { profile: { head: SamplingNode } };
    let bytes = 0;
    const pending = [profile.head];
    for (let node = pending.pop(); node; node = pending.pop()) {
      bytes += node.selfSize;
      pending.push(...node.children);
    }
    return bytes / 1024;
  } finally {
    await session.post('HeapProfiler.disable').catch(() => {});
    session.disconnect();
  }
}
