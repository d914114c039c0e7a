// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Migrator, sql } from 'kysely';
import { openStorage } from '../../src/storage/database.js';
import { migrations } from '../../src/storage/migrations/index.js';
import { listDeliveries } from '../../src/webhooks/delivery-history.repository.js';
import { createTestDatabase } from '../support/databases.js';

describe('migration 0018: attempts into the delivery row', async () => {
  const database = await createTestDatabase();
  const storage = await openStorage({
    databaseUrl: database.env.DATABASE_URL,
    dataDir: database.env.DATA_DIR ?? '',
    poolSize: 1,
  });
  after(async () => {
    await storage.close();
    await database.drop();
  });

  it('keeps every recorded attempt, in order, with its times to the millisecond', async () => {
    const { db } = storage;
    // The test databases come migrated: this one builds the schema anew, on its one connection.
    await sql`CREATE SCHEMA before_0018`.execute(db);
    await sql`SET search_path TO before_0018`.execute(db);
    const provider = { getMigrations: async () => migrations };
    const migrator = new Migrator({ db, provider, migrationTableSchema: 'before_0018' });
    assert.equal((await migrator.migrateTo('0017_subject_token_hot_consume')).error, undefined);
    await sql`
      INSERT INTO hooks (id, name, events, url, signing_key)
        VALUES ('hook_m', 'm', '{User.Created}', 'http://127.0.0.1:9/', 'key');
      INSERT INTO hook_deliveries (id, hook_id, event, body, status, attempts, created_at)
        VALUES ('msg_m1', 'hook_m', 'User.Created', '{}', 'delivered', 2, '2026-01-02T03:04:05.678901Z'),
               ('msg_m2', 'hook_m', 'User.Created', '{}', 'pending', 0, '2026-01-01T00:00:00Z');
      INSERT INTO hook_delivery_attempts
          (delivery_id, attempt, hook_id, status_code, duration_ms, error, next_attempt_at, created_at)
        VALUES ('msg_m1', 2, 'hook_m', 204, 7, NULL, NULL, '2026-01-02T03:05:06.789999Z'),
               ('msg_m1', 1, 'hook_m', NULL, 5000, 'no response within 5000 ms',
                '2026-01-02T03:05:06.123456Z', '2026-01-02T03:04:06.000500Z');
    `.execute(db);

    assert.equal((await migrator.migrateToLatest()).error, undefined);

    const [first, second] = await listDeliveries(db, 'hook_m', { limit: 10, offset: 0 });
    assert.equal(first!.id, 'msg_m1');
    assert.deepEqual(first!.attempts, [
      {
        attempt: 1,
        status_code: null,
        duration_ms: 5000,
        error: 'no response within 5000 ms',
        next_attempt_at: new Date('2026-01-02T03:05:06.123Z'),
        created_at: new Date('2026-01-02T03:04:06.000Z'),
      },
      {
        attempt: 2,
        status_code: 204,
        duration_ms: 7,
        error: null,
        next_attempt_at: null,
        created_at: new Date('2026-01-02T03:05:06.789Z'),
      },
    ]);
    assert.deepEqual(second!.attempts, []);
  });
});
