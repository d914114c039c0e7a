import { describe, it } from 'node:test';
import { groupSignalUnderWrites, writes } from './group-signal.js';

// Debian's and Ubuntu's /bin/sh (dash) stays between npm and node: a SIGTERM to the group ends
// npm and the shell at once, and node loses its parent while it is stopping.
describe('under npm start, run by sh', () => {
  it(`a SIGTERM to the process group answers all ${writes} writes in flight and exits 0`, () =>
    groupSignalUnderWrites('/bin/sh'));
});
