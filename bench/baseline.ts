// The figures issue 15 ("A harness that vanishes beside the engine") started from, profiled on this
// machine before the work, and its targets. `npm run bench` reports each measure as a ratio to them.
export const ISSUE_15 = {
  /** Scenarios per CPU-second, the reference engine in process (3.7 ms each). */
  inProcessPerCpuSecond: 270,
  /** Scenarios per second from the command line (castcheck run). */
  cliPerSecond: 229,
  /** µs per scenario, all of castcheck and the engine, in process. */
  inProcessUs: 3700,
  /** µs per scenario of castcheck's own work: the in-process total less the engine run under test (560 µs). */
  ownCostUs: 3700 - 560,
  /** µs per scenario of the reference engine alone. */
  referenceEngineUs: 440,
  /** µs per scenario over the protocol, per 11.3 KiB trace: writing it, parsing it, checking it. */
  protocol: { writeUs: 93, parseUs: 139, checkUs: 54, traceKiB: 11.3 },
  /** CPU seconds to start the command line through tsx (`castcheck --version` and the like): 1.1 to 1.3. */
  startupCpuMs: 1200,
  /** `castcheck list`, wall seconds: through tsx, and bundled JavaScript. */
  listMs: { tsx: 1900, bundled: 640 },
  /** The issue's shares of a scenario's time, in percent; properties are agreement's comparison, casting and the others together. */
  shares: { generation: 22, engine: 15, reruns: 9, reference: 12, properties: 26, runner: 12 },
} as const;

export const TARGETS = {
  /** castcheck's own cost with a null engine: at most 200 µs a scenario, aim 100. */
  ownCostUs: { most: 200, aim: 100 },
  /** End to end against the in-process reference engine: at least 2,000 scenarios a second, aim 5,000. */
  inProcessPerSecond: { least: 2000, aim: 5000 },
  /** The reference engine alone: at most 100 µs a scenario. */
  referenceEngineUs: { most: 100 },
  /** What the protocol adds per scenario: at most 150 µs. */
  protocolAddedUs: { most: 150 },
  /** Start-up of the command line: under 300 ms. */
  startupMs: { most: 300 },
  /** Resident memory over a long run: grows less than 10% after warm-up. */
  memoryGrowth: { most: 0.1 },
} as const;
