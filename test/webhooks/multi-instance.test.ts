// test-backends: postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { backend } from '../support/databases.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createHook, eventually, fire } from './helpers.js';

// Two instances need one shared database server; PGlite is one process's embedded database.
describe(
  'two instances on one PostgreSQL',
  { skip: backend !== 'postgres' && 'PostgreSQL only' },
  async () => {
    // One installation: both instances share the base URL (and so the management API indicator).
    // Both stay alive here: on a loaded machine a heartbeat can lag past the default 10 s, and a
    // takeover of a live instance's rows repeats sends (at-least-once; takeover.test.ts covers it).
    const alive = { TESSERA_INSTANCE_DEAD_AFTER_SECONDS: '300' };
    const a = await startTestService({
      manualStop: true,
      env: { ...alive, TESSERA_WEBHOOK_USER_AGENT: 'instance-a' },
    });
    const b = await startTestService({
      database: a.database,
      manualStop: true,
      env: { ...alive, TESSERA_WEBHOOK_USER_AGENT: 'instance-b', BASE_URL: a.baseUrl },
    });
    const receiver = await startWebhookReceiver();
    after(async () => {
      await receiver.close();
      await b.stop();
      await a.stop();
    });

    it('deliver each event exactly once, sharing the work', async () => {
      const hooks = 3;
      for (let i = 0; i < hooks; i++) await createHook(a, receiver.url, ['Role.Created', 'User.Created']);
      const perInstance = 100;
      const users = 5;
      await Promise.all(
        [a, b].map(async (instance, index) => {
          // Management calls go to instance a (b's base URL is a's); b writes its events directly.
          for (let i = 0; i < perInstance; i += 10) {
            const batch = Array.from({ length: 10 }, (_, j) => ({
              event: 'Role.Created' as const,
              payload: { data: { id: `role-${index}-${i + j}` } },
            }));
            await fire(instance, batch);
          }
          for (let i = 0; i < users; i++) {
            const created = await instance.api('POST', '/users', {
              username: `multi_${index}_${i}_${Date.now()}`,
            });
            assert.equal(created.status, 200);
          }
        }),
      );
      const expected = hooks * 2 * (perInstance + users);
      await receiver.waitFor(expected, { timeoutMs: 30_000 });
      const db = a.service.storage.db;
      await eventually(
        () => db.selectFrom('hook_deliveries').select('status').where('status', '!=', 'delivered').execute(),
        (pending) => pending.length === 0,
      );
      const ids = receiver.requests.map((request) => request.id);
      assert.equal(ids.length, expected, 'no request beyond one per delivery');
      assert.equal(new Set(ids).size, expected, 'each webhook-id received once');
      const senders = new Set(receiver.requests.map((request) => request.headers['user-agent']));
      assert.deepEqual([...senders].sort(), ['instance-a', 'instance-b'], 'both instances delivered some');
    });
  },
);
