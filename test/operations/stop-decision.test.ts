import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decideStop, repeatWindowMs, type StopRequest } from '../../src/cli/stop-decision.js';

const sigterm = (at: number): StopRequest => ({ kind: 'signal', signal: 'SIGTERM', at });
const sigint = (at: number): StopRequest => ({ kind: 'signal', signal: 'SIGINT', at });

describe('what a stop request does', () => {
  it('begins the stop when none is under way', () => {
    assert.deepEqual(decideStop(undefined, sigterm(0)), { kind: 'begin' });
    assert.deepEqual(decideStop(undefined, { kind: 'parent-gone', at: 0 }), { kind: 'begin' });
  });

  it('lets the grace go on when npm goes away during the stop, however late', () => {
    assert.equal(decideStop(sigterm(0), { kind: 'parent-gone', at: 30_000 }).kind, 'continue');
  });

  it('takes the same signal within the window as npm passing on the one already received', () => {
    assert.equal(decideStop(sigterm(0), sigterm(repeatWindowMs - 1)).kind, 'continue');
    assert.equal(decideStop(sigint(0), sigint(5)).kind, 'continue');
  });

  it('exits at once on the operator’s second signal', () => {
    assert.deepEqual(decideStop(sigterm(0), sigterm(repeatWindowMs)), { kind: 'exit-now' });
    assert.deepEqual(decideStop(sigterm(0), sigint(5)), { kind: 'exit-now' });
    assert.deepEqual(decideStop({ kind: 'parent-gone', at: 0 }, sigterm(repeatWindowMs)), {
      kind: 'exit-now',
    });
  });

  it('takes a signal right after the parent went as the group signal that took it', () => {
    assert.equal(decideStop({ kind: 'parent-gone', at: 0 }, sigterm(5)).kind, 'continue');
  });
});
