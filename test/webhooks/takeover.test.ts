// test-backends: postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { backend, createTestDatabase, withClient } from '../support/databases.js';
import { spawnService } from '../support/process.js';
import { freePort, serviceEnv, startTestService } from '../support/service.js';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver.js';
import { createHook, eventually } from './helpers.js';

// A heartbeat every second; silent for 4 s counts as gone. The lease (6 timeouts of 30 s) outlasts
// the test, so only the takeover can hand the rows over.
const env = {
  TESSERA_INSTANCE_DEAD_AFTER_SECONDS: '4',
  TESSERA_WEBHOOK_TIMEOUT_MS: '30000',
  TESSERA_WEBHOOK_RETRY_SCHEDULE: '0,1',
};
const deadAfterMs = 4000;
const from = (agent: string) => (request: ReceivedWebhook) => request.headers['user-agent'] === agent;

// Two instances need one shared database server; PGlite is one process's embedded database.
describe(
  'an instance killed with leased deliveries',
  { skip: backend !== 'postgres' && 'PostgreSQL only' },
  async () => {
    const database = await createTestDatabase();
    const receiver = await startWebhookReceiver();
    const port = await freePort();
    const a = await spawnService(
      serviceEnv(port, database, { ...env, TESSERA_WEBHOOK_USER_AGENT: 'instance-a' }),
    );
    const b = await startTestService({
      database,
      manualStop: true,
      env: { ...env, BASE_URL: a.baseUrl, TESSERA_WEBHOOK_USER_AGENT: 'instance-b' },
    });
    const url = database.env.DATABASE_URL!;
    after(async () => {
      await a.kill();
      await b.stop();
      await receiver.close();
      await database.drop();
    });

    it('keeps them with their owner while it beats, and has a survivor send them within 15 s of a kill -9', async () => {
      const hook = await createHook(b, receiver.url, ['User.Created']);
      receiver.behave('hang');
      // Written at A (one installation, so B's management token serves at A): A leases them with the write.
      const token = await b.managementToken();
      for (let i = 0; i < 3; i++) {
        const created = await fetch(`${a.baseUrl}/api/users`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ username: `takeover_${i}_${Date.now()}` }),
        });
        assert.equal(created.status, 200);
      }
      const held = await receiver.waitFor(3, { filter: from('instance-a') });
      const heldIds = new Set(held.map((request) => request.id));
      const bId = b.service.app.services.instance.id;
      const leases = () =>
        withClient(url, async (client) => {
          const rows = await client.query<{ leased_by: string | null; status: string; leased_at: Date }>(
            'SELECT leased_by, status, now() AS leased_at FROM hook_deliveries WHERE hook_id = $1',
            [hook.id],
          );
          return rows.rows;
        });
      const before = await leases();
      const owner = before[0]!.leased_by;
      assert.ok(owner && owner !== bId && before.every((row) => row.leased_by === owner), 'leased by A');

      // While A beats, its rows stay with it: B has beaten (steady, so judging) three times past the
      // point where A's rows would look abandoned had A gone silent when it leased them.
      const judgedFrom = before[0]!.leased_at.getTime() + deadAfterMs;
      let judged = 0;
      await new Promise<void>((resolve) => {
        const stop = b.service.app.services.instance.onBeat(() => {
          if (Date.now() < judgedFrom || !b.service.app.services.instance.steady() || ++judged < 3) return;
          stop();
          resolve();
        });
      });
      assert.equal(receiver.requests.filter(from('instance-b')).length, 0, 'B sent none of A’s rows');
      assert.deepEqual(
        (await leases()).map((row) => [row.leased_by, row.status]),
        before.map(() => [owner, 'pending']),
      );

      await a.kill();
      const killedAt = Date.now();
      receiver.behave({ status: 200 });
      const sent = await receiver.waitFor(3, { filter: from('instance-b'), timeoutMs: 15_000 });
      assert.ok(Date.now() - killedAt < 15_000);
      assert.deepEqual(
        new Set(sent.map((request) => request.id)),
        heldIds,
        'the same webhook-ids, resent by B',
      );
      await eventually(leases, (rows) => rows.every((row) => row.status === 'delivered' && !row.leased_by));
    });

    it('removes a stopped instance from the instances table', async () => {
      const bId = b.service.app.services.instance.id;
      const ids = () =>
        withClient(
          url,
          async (client) => (await client.query<{ id: string }>('SELECT id FROM instances')).rows,
        );
      assert.ok((await ids()).some((row) => row.id === bId));
      await b.stop();
      assert.ok(!(await ids()).some((row) => row.id === bId));
    });
  },
);
