import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextClaim, wantsRows, type QueueLevels } from '../../src/webhooks/claim-plan.js';

const quiet: QueueLevels = {
  ready: 0,
  queued: 0,
  slots: 64,
  maxQueued: 160,
  claimSize: 128,
  mayHaveMore: true,
};

describe('what the delivery worker claims next', () => {
  it('claims a full batch when the queues are empty', () => {
    assert.equal(nextClaim(quiet), 128);
  });

  it('claims no more than the queues have room for', () => {
    assert.equal(nextClaim({ ...quiet, queued: 100 }), 60);
  });

  it('claims nothing once half a window of sends is ready', () => {
    assert.equal(nextClaim({ ...quiet, ready: 32, queued: 32 }), undefined);
    assert.equal(nextClaim({ ...quiet, ready: 31, queued: 31 }), 128);
  });

  it('claims nothing when the queues are full, however few rows are ready', () => {
    assert.equal(nextClaim({ ...quiet, ready: 0, queued: 160 }), undefined);
  });

  it('claims nothing after a short claim: the rest is not due or its hooks have no room', () => {
    assert.equal(nextClaim({ ...quiet, mayHaveMore: false }), undefined);
    assert.equal(wantsRows({ ...quiet, mayHaveMore: false }), true);
  });
});
