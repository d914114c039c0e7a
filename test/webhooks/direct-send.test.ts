// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { backend } from '../support/databases.js';
import { startTestService } from '../support/service.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';
import { createHook, eventually, fire } from './helpers.js';

/**
 * The rows an instance writes are leased to its own worker by the insert and sent after the
 * commit, so a write with a hook subscribed costs no claim statement; an instance without a
 * worker leaves them to the others.
 */
describe('deliveries of the writing instance', async () => {
  const t = await startTestService();
  const receiver = await startWebhookReceiver();
  after(() => receiver.close());
  const { db } = t.service.storage;

  it('are sent without a claim: the only update of the row records the attempt', async () => {
    await sql`CREATE TABLE delivery_writes (n serial, op text, leased boolean, attempts_before int, attempts int)`.execute(
      db,
    );
    await sql`
      CREATE FUNCTION note_delivery_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO delivery_writes (op, leased, attempts_before, attempts)
        VALUES (TG_OP, NEW.lease_expires_at IS NOT NULL,
                CASE WHEN TG_OP = 'UPDATE' THEN OLD.attempts END, NEW.attempts);
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER note_delivery_write AFTER INSERT OR UPDATE ON hook_deliveries
      FOR EACH ROW EXECUTE FUNCTION note_delivery_write()`.execute(db);
    try {
      await createHook(t, receiver.url, ['User.Created']);
      const created = await t.api('POST', '/users', { username: `direct_${Date.now()}` });
      assert.equal(created.status, 200);
      await receiver.waitFor(1);
      const writes = await eventually(
        async () =>
          (
            await sql<{ op: string; leased: boolean; attempts_before: number | null; attempts: number }>`
              SELECT op, leased, attempts_before, attempts FROM delivery_writes ORDER BY n`.execute(db)
          ).rows,
        (rows) => rows.length >= 2,
      );
      assert.deepEqual(writes, [
        { op: 'INSERT', leased: true, attempts_before: null, attempts: 0 },
        { op: 'UPDATE', leased: false, attempts_before: 0, attempts: 1 },
      ]);
    } finally {
      await sql`DROP TRIGGER note_delivery_write ON hook_deliveries`.execute(db);
    }
  });

  // Two instances need one shared database server; PGlite is one process's embedded database.
  it(
    'are left unleased by an instance without workers, for another to claim at once',
    { skip: backend !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const writer = await startTestService({
        database: t.database,
        manualStop: true,
        env: { BASE_URL: t.baseUrl, TESSERA_WEBHOOK_WORKERS: '0' },
      });
      try {
        const hook = await createHook(t, receiver.url, ['Role.Deleted']);
        const before = receiver.requests.length;
        await fire(writer, [{ event: 'Role.Deleted', payload: { data: { id: 'role-from-the-writer' } } }]);
        // A lease would hold the row for at least ten seconds.
        const requests = await receiver.waitFor(before + 1, { timeoutMs: 5_000 });
        assert.equal(requests.at(-1)!.json.hookId, hook.id);
        assert.equal(requests.at(-1)!.headers['user-agent'], t.config.webhooks.userAgent);
      } finally {
        await writer.stop();
      }
    },
  );
});
