import { describe, it } from 'node:test';
import { groupSignalUnderWrites, writes } from './group-signal.js';

// bash (macOS's /bin/sh, or npm's script-shell set to bash) runs a lone command in its own place:
// node is npm's child, and gets the group's SIGTERM and then npm's copy of it.
describe('under npm start, run by bash', () => {
  it(`a SIGTERM to the process group answers all ${writes} writes in flight and exits 0`, () =>
    groupSignalUnderWrites('/bin/bash'));
});
