import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { SendWindow, sendVerdict } from '../../src/webhooks/send-window.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver.js';
import { createHook, fire } from './helpers.js';

describe('a send window', () => {
  it('doubles per round of fast answers, halves on each failure, within 1 and its ceiling', () => {
    const window = new SendWindow(16, 4);
    for (let i = 0; i < 4; i++) window.record('fast');
    assert.equal(window.limit, 8);
    for (let i = 0; i < 20; i++) window.record('fast');
    assert.equal(window.limit, 16, 'never past the ceiling');
    window.record('failed');
    assert.equal(window.limit, 8);
    for (let i = 0; i < 9; i++) window.record('fast');
    assert.equal(window.limit, 9, 'after a failure it grows by one per window of answers');
    window.record('slow');
    window.record('other');
    assert.equal(window.limit, 9, 'without a backlog a slow answer or a 4xx neither grows nor shrinks it');
    for (let i = 0; i < 10; i++) window.record('failed');
    assert.equal(window.limit, 1);
  });

  it('counts timeouts, 429 and 5xx as failures and only fast 2xx as fast', () => {
    assert.equal(sendVerdict({ statusCode: null, durationMs: 10_000 }, 10_000), 'failed');
    assert.equal(sendVerdict({ statusCode: 503, durationMs: 2 }, 10_000), 'failed');
    assert.equal(sendVerdict({ statusCode: 429, durationMs: 2 }, 10_000), 'failed');
    assert.equal(sendVerdict({ statusCode: 204, durationMs: 2 }, 10_000), 'fast');
    assert.equal(sendVerdict({ statusCode: 200, durationMs: 5000 }, 10_000), 'slow');
    assert.equal(sendVerdict({ statusCode: 404, durationMs: 2 }, 10_000), 'other');
  });

  it('grows on slow successes while the hook has a backlog, still halving on failures', () => {
    const window = new SendWindow(32, 4);
    for (let i = 0; i < 4 + 8 + 16; i++) window.record('slow', true);
    assert.equal(window.limit, 32, 'doubled per round of slow answers up to the ceiling');
    window.record('slow', true);
    assert.equal(window.limit, 32, 'never past the ceiling');
    window.record('failed', true);
    assert.equal(window.limit, 16);
    window.record('other', true);
    assert.equal(window.limit, 16, 'a 4xx says nothing about capacity');
  });
});

describe('per-hook windows with real receivers', async () => {
  // One attempt per delivery (a one-entry schedule), so every request is a first attempt.
  const env = {
    TESSERA_WEBHOOK_WORKERS: '32',
    TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK: '16',
    TESSERA_WEBHOOK_RETRY_SCHEDULE: '0',
  };
  const t = await startTestService({ env });
  const failing = await startWebhookReceiver();
  const healthy = await startWebhookReceiver();
  after(() => Promise.all([failing.close(), healthy.close()]));
  const peak = (requests: ReceivedWebhook[]) => Math.max(...requests.map((r) => r.concurrent));

  it("shrinks a failing receiver's window to one while another hook's grows", async () => {
    // Both answer after the same delay; only the status differs.
    failing.behave({ status: 503, delayMs: 30 });
    healthy.behave({ status: 204, delayMs: 30 });
    await createHook(t, failing.url, ['Role.Created']);
    await createHook(t, healthy.url, ['Role.Created']);
    const burst = 60;
    await fire(
      t,
      Array.from({ length: burst }, (_, i) => ({
        event: 'Role.Created' as const,
        payload: { data: { id: `role-${i}` } },
      })),
    );
    const all = () => true;
    // The failing hook's sends go one at a time: on a loaded host 60 of them took over 30 s.
    const [healthyRequests, failingRequests] = await Promise.all([
      healthy.waitFor(burst, { timeoutMs: 90_000 }),
      failing.waitFor(burst, { filter: all, timeoutMs: 90_000 }),
    ]);

    // The failing hook starts with 4 in flight; their 503s halve its window to 1.
    assert.ok(peak(failingRequests) <= 4, `failing peak ${peak(failingRequests)}`);
    const afterShrink = failingRequests.slice(4);
    assert.deepEqual(new Set(afterShrink.map((r) => r.concurrent)), new Set([1]));
    // The healthy hook's window grew past its start, and its deliveries did not wait behind the
    // failing hook's, which went one at a time.
    assert.ok(peak(healthyRequests) > 4, `healthy peak ${peak(healthyRequests)}`);
    const last = (requests: ReceivedWebhook[]) => Math.max(...requests.map((r) => r.receivedAt));
    assert.ok(last(healthyRequests) < last(failingRequests));
  });
});

describe('a slow receiver with a backlog', async () => {
  // A 1 s answer is slow (fast is within a tenth of the timeout); each delivery is sent once.
  const t = await startTestService({
    env: {
      TESSERA_WEBHOOK_WORKERS: '48',
      TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK: '32',
      TESSERA_WEBHOOK_RETRY_SCHEDULE: '0',
      TESSERA_WEBHOOK_TIMEOUT_MS: '5000',
    },
  });
  const slow = await startWebhookReceiver();
  const quick = await startWebhookReceiver();
  after(() => Promise.all([slow.close(), quick.close()]));
  const peak = (requests: ReceivedWebhook[]) => Math.max(...requests.map((r) => r.concurrent));

  it('is kept busy at the window the successes earn, and another hook is not held behind it', async () => {
    slow.behave({ status: 204, delayMs: 1000 });
    quick.behave({ status: 204 });
    await createHook(t, slow.url, ['Scope.Created']);
    await createHook(t, quick.url, ['Scope.Created']);
    const burst = 90;
    const firedAt = Date.now();
    await fire(
      t,
      Array.from({ length: burst }, (_, i) => ({
        event: 'Scope.Created' as const,
        payload: { data: { id: `scope-${i}` } },
      })),
    );
    const [slowRequests, quickRequests] = await Promise.all([
      slow.waitFor(burst, { timeoutMs: 60_000 }),
      quick.waitFor(burst, { timeoutMs: 60_000 }),
    ]);
    // Held at its first window of 4, 90 one-second answers would take 23 s; doubling per round
    // (4, 8, 16, 32, 30) they take about 5.
    assert.ok(peak(slowRequests) >= 16, `slow receiver's peak ${peak(slowRequests)}`);
    const slowDrained = Math.max(...slowRequests.map((r) => r.receivedAt)) - firedAt;
    assert.ok(slowDrained < 15_000, `the slow hook's backlog took ${slowDrained} ms`);
    const quickDrained = Math.max(...quickRequests.map((r) => r.receivedAt)) - firedAt;
    assert.ok(quickDrained < slowDrained, `the quick hook finished after ${quickDrained} ms`);
  });
});
