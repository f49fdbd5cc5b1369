// How many scenarios castcheck sends an engine process ahead of its answers by default
// (`castcheck run --pipeline`). With more waiting, the engine has work while castcheck judges, and
// castcheck waits on the engine less often: each wait is a sleep and a wake-up of its own process.
// The answers are judged half the window at a time (runner/run-suite.ts), so the window also sets how
// many scenarios castcheck judges together, property by property. Measured against `castcheck serve
// reference` over protocol 2 (one process, the builds in turn, CPU of castcheck's main thread): 16
// took about 0.85 times the CPU of 4 per scenario, and 64 about 0.9 times that of 16. A slow engine
// is kept no busier by more. 64 requests are about 200 KiB: what the engine's pipe does not hold
// waits in castcheck until the engine reads it.
export const DEFAULT_PIPELINE = 64;
