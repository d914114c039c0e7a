import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { nextState, parseRetryAfter, stateColumns } from '../../src/webhooks/delivery-state.js';
import type { SendOutcome } from '../../src/webhooks/http-sender.js';
import {
  bodySignature,
  standardWebhookHeaders,
  standardWebhookSecret,
} from '../../src/webhooks/signature.js';

const now = new Date('2025-01-01T00:00:00Z');
const policy = { scheduleSeconds: [0, 5, 300], maxRetryAfterSeconds: 3600, random: () => 0.5 };
const response = (statusCode: number, retryAfter?: string): SendOutcome => ({
  kind: 'response',
  statusCode,
  retryAfter,
  durationMs: 3,
});
const at = (state: ReturnType<typeof nextState>) => stateColumns(state).nextAttemptAt?.getTime();

describe('delivery state', () => {
  it('delivers on 2xx, disables on 410, and fails a refused address at once', () => {
    assert.deepEqual(nextState(response(204), 1, policy, now), { status: 'delivered' });
    assert.deepEqual(nextState(response(410), 1, policy, now), { status: 'disabled' });
    const refused: SendOutcome = { kind: 'error', error: 'refused', refused: true, durationMs: 0 };
    assert.deepEqual(nextState(refused, 1, policy, now), { status: 'failed' });
  });

  it('retries on the schedule, then fails when it runs out', () => {
    assert.equal(at(nextState(response(500), 1, policy, now)), now.getTime() + 5000);
    assert.equal(at(nextState(response(302), 2, policy, now)), now.getTime() + 300_000);
    assert.deepEqual(nextState(response(500), 3, policy, now), { status: 'failed' });
    const error: SendOutcome = { kind: 'error', error: 'ECONNREFUSED', refused: false, durationMs: 1 };
    assert.equal(nextState(error, 1, policy, now).status, 'retrying');
  });

  it('adds at most 10% jitter', () => {
    const low = nextState(response(500), 1, { ...policy, random: () => 0 }, now);
    const high = nextState(response(500), 1, { ...policy, random: () => 0.999999 }, now);
    assert.equal(at(low), now.getTime() + 4500);
    assert.ok(at(high)! <= now.getTime() + 5500 && at(high)! > now.getTime() + 5400);
  });

  it('never retries before Retry-After, capped', () => {
    assert.equal(at(nextState(response(429, '120'), 1, policy, now)), now.getTime() + 120_000);
    assert.equal(
      at(nextState(response(503, '1'), 1, policy, now)),
      now.getTime() + 5000,
      'schedule wins when later',
    );
    const date = new Date(now.getTime() + 600_000).toUTCString();
    assert.equal(at(nextState(response(503, date), 1, policy, now)), now.getTime() + 600_000);
    assert.equal(at(nextState(response(503, '999999'), 1, policy, now)), now.getTime() + 3_600_000);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(new Date(now.getTime() - 1000).toUTCString(), now), 0);
  });
});

describe('signatures', () => {
  it('produce Standard Webhooks headers the reference library verifies', () => {
    const key = 'abcdefghijklmnopqrstuvwxyz012345';
    const body = '{"hookId":"h","event":"User.Created","data":{"name":"Zoë"}}';
    const headers = standardWebhookHeaders(key, 'msg_1', body);
    assert.deepEqual(new Webhook(standardWebhookSecret(key)).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(standardWebhookSecret(key)).verify(`${body} `, headers));
  });

  // Receivers already hold these bytes: the values were taken from the hand-written signer the
  // library replaced, for a non-ASCII key and body and a timestamp with milliseconds.
  it('are byte for byte what receivers verify today', () => {
    const key = 'sïgning-key';
    const body = '{"event":"User.Created","data":{"id":"u_1","name":"Zoë"}}';
    assert.deepEqual(standardWebhookHeaders(key, 'msg_2x9', body, new Date('2026-11-26T12:00:00.750Z')), {
      'webhook-id': 'msg_2x9',
      'webhook-timestamp': '1795694400',
      'webhook-signature': 'v1,ccjKMePPWHgRbqa9VzxLzSt0xav2iUz21PhGvzjLnH4=',
    });
    assert.equal(
      bodySignature(key, body),
      'd40ba69c231faea58e4e7f9a3a170c7e58ce29f08233573cae462007da9dd6bc',
    );
  });
});
