// The entry of a lane's worker thread (runner/lanes.ts): the lane is TypeScript, compiled on load
// by tsx as the command line is (bin/castcheck.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./lane-worker.ts');
