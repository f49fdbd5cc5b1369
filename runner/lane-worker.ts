// A lane in a worker thread: opens its own engine (a built-in one, or an engine process of its own),
// then judges and shrinks what the coordinator in the main thread sends it (runner/lanes.ts).
import { parentPort } from 'node:worker_threads';
import { openEngine } from '../adapters/create-engine.ts';
import { restrictedTo } from '../adapters/reference/restricted.ts';
import type { Engine } from '../adapters/engine.ts';
import { InputError } from '../model/errors.ts';
import { judgeFor } from './evaluate.ts';
import { LaneCore, type FromWorker, type LaneWork, type ToWorker } from './lanes.ts';
import { decodeFirst, encodeFinding, encodeFirst, encodeResult, encodeTarget } from './wire.ts';

const port = parentPort!;
const post = (m: FromWorker) => port.postMessage(m);
let engine: Engine | undefined;
let core: LaneCore | undefined;
let answer: ((work: LaneWork) => void) | undefined;
/** Aborted when the coordinator's run is interrupted. */
const stop = new AbortController();
/** Work the coordinator handed out ahead, in order. */
const ahead: LaneWork[] = [];

function failed(error: unknown): void {
  const input = error instanceof InputError;
  post({ type: 'failed', message: error instanceof Error ? (input ? error.message : (error.stack ?? error.message)) : String(error), details: input ? error.details : [], input });
}

port.on('message', (m: ToWorker) => {
  switch (m.type) {
    case 'init':
      openEngine(m.choice).then((opened) => {
        engine = opened;
        const e = m.restrict ? restrictedTo(opened, m.restrict) : opened;
        core = new LaneCore(judgeFor(e, m.readings), m.setup, {
          abort: stop.signal,
          onShrinkRun: (target, runs, smaller) => post({ type: 'shrinkRun', target: encodeTarget(target), runs, ...(smaller ? { smaller } : {}) }),
        });
        post({ type: 'ready', id: e.id, capabilities: e.capabilities });
      })
        // What throws while the answer is posted (a value that cannot cross threads) is told too.
        .catch(failed);
      return;
    case 'search':
      core!
        .search({
          next: () =>
            ahead.length > 0
              ? Promise.resolve(ahead.shift())
              : new Promise<LaneWork>((resolve) => {
                  answer = resolve;
                  post({ type: 'next' });
                }),
          judged: (run, firsts) => post({ type: 'judged', run, firsts: firsts.map(encodeFirst) }),
          shrunk: (id, r) => post({ type: 'shrunk', id, finding: encodeFinding(r.finding), ...(r.stopped !== undefined ? { stopped: r.stopped } : {}) }),
        })
        .then((result) => post({ type: 'searched', result: encodeResult(result) }))
        .catch(failed);
      return;
    case 'work': {
      ahead.push(...m.work.map((w) => (w && 'shrink' in w ? { shrink: { ...w.shrink, first: decodeFirst(w.shrink.first) } } : w)));
      const resolve = answer!;
      answer = undefined;
      resolve(ahead.shift());
      return;
    }
    case 'shrink':
      core!
        .shrink({ id: m.id, first: decodeFirst(m.first), maxShrinkRuns: m.maxShrinkRuns })
        .then((r) => post({ type: 'shrunk', id: m.id, finding: encodeFinding(r.finding), ...(r.stopped !== undefined ? { stopped: r.stopped } : {}) }))
        .catch(failed);
      return;
    case 'abort':
      stop.abort(m.reason);
      return;
    case 'close':
      void (engine?.close() ?? Promise.resolve()).finally(() => port.close());
      return;
  }
});
