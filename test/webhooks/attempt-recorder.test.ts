// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { sql, type KyselyPlugin } from 'kysely';
import { pino } from 'pino';
import { systemClock } from '../../src/storage/clock.js';
import { AttemptRecorder } from '../../src/webhooks/attempt-recorder.js';
import { claimDueDeliveries, insertDeliveries } from '../../src/webhooks/deliveries.repository.js';
import { DatabaseOutage } from '../../src/webhooks/outage.js';
import { openTestStorage } from '../support/storage.js';

/** Counts the statements run through the database it is added to. */
class StatementCount implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => args.node;
  transformResult: KyselyPlugin['transformResult'] = async (args) => {
    this.count++;
    return args.result;
  };
}

describe('the attempt recorder', async () => {
  const { storage, close } = await openTestStorage();
  after(close);

  it('writes a backlog of finished attempts in statements of at most its batch size', async () => {
    const { db } = storage;
    await sql`INSERT INTO hooks (id, name, events, url, signing_key)
              VALUES ('hook_r', 'r', '{Role.Created}', 'http://127.0.0.1:9/', 'key')`.execute(db);
    const events = Array.from({ length: 5 }, (_, i) => ({
      event: 'Role.Created',
      bodyWithoutHookId: `{"n":${i}}`,
    }));
    await insertDeliveries(db, events);
    const room = { fullHookIds: [], hookIds: [], rooms: [] };
    const rows = await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000, perHook: 10, room });
    assert.equal(rows.length, 5);

    const statements = new StatementCount();
    const outage = new DatabaseOutage(pino({ level: 'silent' }));
    const recorder = new AttemptRecorder(db.withPlugin(statements), outage, systemClock, 2);
    for (const row of rows) {
      recorder.add({
        deliveryId: row.id,
        status: 'delivered',
        nextAttemptAt: null,
        statusCode: 204,
        error: null,
        durationMs: 1,
      });
    }
    await recorder.close();

    assert.equal(statements.count, 3);
    const { rows: recorded } = await sql<{ status: string; attempts: number }>`
      SELECT status, jsonb_array_length(attempt_history) AS attempts FROM hook_deliveries`.execute(db);
    assert.deepEqual(
      recorded.map((r) => [r.status, r.attempts]),
      Array.from({ length: 5 }, () => ['delivered', 1]),
    );
  });
});
