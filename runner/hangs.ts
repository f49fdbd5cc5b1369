// When an engine is taken to hang: a few time-outs in a row. Constants only, so that the command line
// and the reports read them without loading the run loop.

/** Engine time-outs in a row, by default, after which the engine is taken to hang and the run stops. */
export const MAX_TIMEOUTS = 3;

/** How the reason a run stopped begins when the engine hangs. */
export const ENGINE_HANGS = 'ENGINE HANGS';
