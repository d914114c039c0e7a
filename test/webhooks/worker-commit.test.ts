// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Db } from '../../src/storage/database.js';
import {
  claimDueDeliveries,
  insertDeliveries,
  recordAttempts,
  type ClaimedDelivery,
} from '../../src/webhooks/deliveries.repository.js';
import { openTestStorage } from '../support/storage.js';

const room = { fullHookIds: [], hookIds: [], rooms: [] };
const claim = (db: Db) => claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, perHook: 10, room });
const delivered = (rows: ClaimedDelivery[]) =>
  rows.map((row) => ({
    deliveryId: row.id,
    status: 'delivered' as const,
    nextAttemptAt: null,
    statusCode: 204,
    error: null,
    durationMs: 1,
  }));

/**
 * The worker's claim and record may lose their commit in a crash of the database server (a lost
 * lease is claimed again, a lost record sends again with the same webhook-id), so they skip the
 * WAL flush; the outbox row is part of the user's write and must not.
 */
describe("the webhook worker's commits", async () => {
  const { storage, close } = await openTestStorage();
  const { db } = storage;
  after(close);

  // What each write to the outbox saw as its transaction's commit mode.
  const seenModes = async (executor: Db = db) => {
    const { rows } = await sql<{ op: string; mode: string }>`
      SELECT op, mode FROM commit_modes ORDER BY n`.execute(executor);
    await sql`DELETE FROM commit_modes`.execute(executor);
    return rows.map((row) => `${row.op} ${row.mode}`);
  };

  before(async () => {
    await sql`INSERT INTO hooks (id, name, events, url, signing_key)
              VALUES ('hook_c', 'c', '{Role.Created}', 'http://127.0.0.1:9/', 'key')`.execute(db);
    await sql`CREATE TABLE commit_modes (n serial, op text, mode text)`.execute(db);
    await sql`
      CREATE FUNCTION note_commit_mode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO commit_modes (op, mode) VALUES (TG_OP, current_setting('synchronous_commit'));
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER note_commit_mode AFTER INSERT OR UPDATE ON hook_deliveries
      FOR EACH STATEMENT EXECUTE FUNCTION note_commit_mode()`.execute(db);
  });

  it('commits the outbox row durably and the claim and the record without the flush', async () => {
    const durable = (
      await sql<{ mode: string }>`SELECT current_setting('synchronous_commit') AS mode`.execute(db)
    ).rows[0]!.mode;
    assert.notEqual(durable, 'off');
    await db
      .transaction()
      .execute((trx) => insertDeliveries(trx, [{ event: 'Role.Created', bodyWithoutHookId: '{"n":1}' }]));
    const rows = await claim(db);
    assert.equal(rows.length, 1);
    await recordAttempts(db, delivered(rows));
    assert.deepEqual(await seenModes(), [`INSERT ${durable}`, 'UPDATE off', 'UPDATE off']);
  });

  it('leaves the setting of the pooled connection as it was', async () => {
    await db.connection().execute(async (connection) => {
      // A mode of its own, so the check does not depend on the server's default. (PGlite has one
      // connection: everything here goes through it.)
      await sql`SET synchronous_commit = local`.execute(connection);
      try {
        await insertDeliveries(connection, [{ event: 'Role.Created', bodyWithoutHookId: '{"n":2}' }]);
        const rows = await claim(connection);
        assert.equal(rows.length, 1);
        await recordAttempts(connection, delivered(rows));
        const { rows: after } = await sql<{ mode: string }>`
          SELECT current_setting('synchronous_commit') AS mode`.execute(connection);
        assert.equal(after[0]!.mode, 'local');
        assert.deepEqual(await seenModes(connection), ['INSERT local', 'UPDATE off', 'UPDATE off']);
      } finally {
        await sql`RESET synchronous_commit`.execute(connection);
      }
    });
  });

  it('refuses to run the claim or the record inside a transaction', async () => {
    await assert.rejects(
      db.transaction().execute((trx) => claim(trx)),
      /outside a transaction/,
    );
    await assert.rejects(
      db.transaction().execute((trx) => recordAttempts(trx, delivered([{ id: 'msg_x' } as ClaimedDelivery]))),
      /outside a transaction/,
    );
  });
});
