// How many scenarios castcheck sends an engine process ahead of its answers by default
// (`castcheck run --pipeline`). With more waiting, the engine has work while castcheck judges, and
// castcheck waits on the engine less often: each wait is a sleep and a wake-up of its own process.
// Measured against `castcheck serve reference` over protocol 2, 16 took about 0.85 times the CPU of 4
// per scenario (one process, windows in turn); a slow engine is kept no busier by more. 16 requests
// are about 50 KiB, within a pipe's buffer.
export const DEFAULT_PIPELINE = 16;
