import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { HookQueues } from '../../src/webhooks/hook-queues.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createHook, fire, type Body } from './helpers.js';

describe('per-hook queues', () => {
  const row = (hook_id: string, n: number) => ({ hook_id, n });
  const noRoom = { fullHookIds: [], hookIds: [], rooms: [] };

  it('let hooks take turns, each up to its in-flight limit', () => {
    const queues = new HookQueues<ReturnType<typeof row>>(2);
    queues.push([row('a', 1), row('a', 2), row('a', 3), row('b', 1)], noRoom);
    const taken = [queues.take(), queues.take(), queues.take()].map((r) => `${r!.hook_id}${r!.n}`);
    assert.deepEqual(taken, ['a1', 'b1', 'a2']);
    assert.equal(queues.take(), undefined, 'a is at its limit, b is empty');
    assert.equal(queues.ready(), 0);
  });

  it('keep a hook out of claims while it has rows queued beyond its limit', () => {
    const queues = new HookQueues<ReturnType<typeof row>>(2);
    queues.push([row('a', 1), row('a', 2), row('a', 3), row('b', 1)], noRoom);
    queues.take();
    queues.take();
    queues.take();
    // a took last, so it is at the back of the line; b may take up to the budget.
    const room = queues.room();
    assert.deepEqual(room, { fullHookIds: ['a'], hookIds: ['b'], rooms: [3] });
    queues.push([], room);
    assert.equal(queues.finished('a'), true, 'a is down to its limit and has rows left behind');
    assert.deepEqual(queues.room(), { fullHookIds: [], hookIds: ['b', 'a'], rooms: [3, 2] });
    assert.equal(queues.finished('b'), false, 'b got every row it could take');
    assert.equal(queues.take()!.n, 3);
    assert.equal(queues.finished('a'), false, 'a asks once per claim');
    assert.equal(queues.queued, 0);
  });

  it('ask for a claim when a hook got all the room it was given, however fast it drains', () => {
    const queues = new HookQueues<ReturnType<typeof row>>(2);
    queues.push([row('a', 1), row('a', 2)], { fullHookIds: [], hookIds: ['a'], rooms: [2] });
    queues.take();
    queues.take();
    assert.equal(queues.finished('a'), true);
    assert.equal(queues.finished('a'), false);
  });
});

describe('a hanging receiver', async () => {
  // Few slots, so a burst larger than them shows who holds them. The healthy hook must be served
  // before the hanging sends time out; a long timeout keeps that about order, not machine speed.
  const env = {
    TESSERA_WEBHOOK_WORKERS: '16',
    TESSERA_WEBHOOK_MAX_IN_FLIGHT_PER_HOOK: '4',
    TESSERA_WEBHOOK_TIMEOUT_MS: '60000',
  };
  const t = await startTestService({ env });
  const hanging = await startWebhookReceiver();
  const healthy = await startWebhookReceiver();
  after(() => Promise.all([hanging.close(), healthy.close()]));

  it("holds only its own hook's share of the send slots", async () => {
    hanging.behave('hang');
    const stuck = await createHook(t, hanging.url, ['Role.Created']);
    await createHook(t, healthy.url, ['Role.Created']);
    const burst = 60;
    const started = Date.now();
    await fire(
      t,
      Array.from({ length: burst }, (_, i) => ({
        event: 'Role.Created' as const,
        payload: { data: { id: `role-${i}` } },
      })),
    );
    const { timeoutMs } = t.config.webhooks;
    await healthy.waitFor(burst, { timeoutMs });
    const elapsed = Date.now() - started;
    assert.ok(elapsed < timeoutMs, `the healthy receiver took ${elapsed} ms`);
    assert.equal(hanging.requests.length, 4, 'no more than the limit in flight to the hanging hook');

    // The rest of the hanging hook's rows wait their turn, untouched.
    const pending = await t.api<Body>('GET', `/hooks/${stuck.id}/deliveries?status=pending&page_size=1`);
    assert.equal(Number(pending.headers.get('total-number')), burst);
  });
});
