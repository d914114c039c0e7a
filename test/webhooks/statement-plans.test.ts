// test-backends: pglite, postgres
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Storage } from '../../src/storage/database.js';
import {
  claimDueDeliveries,
  insertDeliveries,
  recordAttempts,
} from '../../src/webhooks/deliveries.repository.js';
import { backend } from '../support/databases.js';
import { openTestStorage, type TestStorage } from '../support/storage.js';

describe(`the worker's statements on ${backend}`, () => {
  let opened: TestStorage;
  let storage: Storage;

  before(async () => {
    opened = await openTestStorage();
    storage = opened.storage;
    await sql`INSERT INTO hooks (id, name, events, url, signing_key)
              SELECT 'hk_' || n, 'hook', ARRAY['User.Created'], 'http://127.0.0.1:9/', 'key'
              FROM generate_series(1, 40) AS n`.execute(storage.db);
    await sql`INSERT INTO hook_deliveries (id, hook_id, event, body, status, next_attempt_at)
              SELECT 'msg_' || n, 'hk_' || (1 + n % 40), 'User.Created', '{}',
                CASE WHEN n % 5 = 0 THEN 'pending' ELSE 'delivered' END, now() - interval '1 second'
              FROM generate_series(1, 5000) AS n`.execute(storage.db);
    await sql`ANALYZE`.execute(storage.db);
  });
  after(() => opened.close());

  // Planning the claim costs more than running it, so PostgreSQL must settle on one generic plan.
  // With `LIMIT` a plain parameter, the plan for a run's limit knew how few rows it would take and
  // looked far cheaper than the generic plan's guess (a tenth of the due rows): a connection whose
  // first claims were small planned every claim anew.
  it('keeps one generic plan on a connection whose first claims are small', async () => {
    await storage.db.connection().execute(async (db) => {
      const claimed = new Set<string>();
      for (const limit of [1, 2, 1, 3, 1, 8, 1, 2, 1, 50, 1, 2]) {
        const room = { fullHookIds: ['hk_2'], hookIds: ['hk_1'], rooms: [limit] };
        const rows = await claimDueDeliveries(db, { limit, leaseMs: 30_000, perHook: 128, room });
        assert.equal(rows.length, limit, 'the limit is kept, and enough rows are due');
        for (const row of rows) {
          assert.notEqual(row.hook_id, 'hk_2', 'a hook without room is left out');
          assert.ok(!claimed.has(row.id), 'a leased row is not claimed again');
          claimed.add(row.id);
        }
      }
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
        WHERE name = 'tessera_claim_due_deliveries'`.execute(db);
      assert.ok(rows.length === 1 && Number(rows[0]!.generic_plans) > 0, JSON.stringify(rows));
    });
  });

  // The same for the record of attempts: a quiet worker records one or two at a time, and the plan
  // for a batch of `unnest` arrays counted its rows and looked cheaper than the generic plan.
  it('keeps one generic plan for the record of small batches of attempts', async () => {
    await storage.db.connection().execute(async (db) => {
      const recorded: string[] = [];
      for (const limit of [1, 2, 1, 3, 1, 1, 2, 1, 1, 3, 1, 1]) {
        const room = { fullHookIds: [], hookIds: [], rooms: [] };
        const rows = await claimDueDeliveries(db, { limit, leaseMs: 30_000, perHook: 128, room });
        await recordAttempts(
          db,
          rows.map((row, index) => ({
            deliveryId: row.id,
            status: index === 0 ? 'delivered' : 'retrying',
            nextAttemptAt: index === 0 ? null : new Date(Date.now() + 60_000),
            statusCode: index === 0 ? 200 : 503,
            error: index === 0 ? null : 'Service Unavailable',
            durationMs: 5,
          })),
        );
        recorded.push(...rows.map((row) => row.id));
      }
      const { rows: states } = await sql<{
        status: string;
        attempts: number;
        history: number;
        logged: boolean;
      }>`
        SELECT d.status, d.attempts, jsonb_array_length(d.attempt_history) AS history,
          EXISTS (SELECT 1 FROM logs WHERE key = 'TriggerHook.User.Created'
                  AND payload ->> 'deliveryId' = d.id) AS logged
        FROM hook_deliveries AS d WHERE d.id = ANY (${recorded})`.execute(db);
      assert.equal(states.length, recorded.length);
      for (const state of states) {
        assert.ok(['delivered', 'retrying'].includes(state.status), state.status);
        assert.deepEqual([state.attempts, state.history, state.logged], [1, 1, true]);
      }
      const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
        WHERE name = 'tessera_record_delivery_attempts'`.execute(db);
      assert.ok(rows.length === 1 && Number(rows[0]!.generic_plans) > 0, JSON.stringify(rows));
    });
  });
});

describe(`the outbox insert on ${backend}`, () => {
  let opened: TestStorage;
  before(async () => {
    opened = await openTestStorage();
  });
  after(() => opened.close());

  // It runs in every writing transaction that fires an event, most often (as on a fresh database)
  // with no hook subscribed; with the events as `unnest` arrays every run was planned anew.
  it('keeps one generic plan in either form, with or without hooks', async () => {
    await opened.storage.db.connection().execute(async (db) => {
      const event = (name: string) => ({ event: name, bodyWithoutHookId: `{"event":"${name}","n":1}` });
      const written = async (...names: string[]) =>
        (await insertDeliveries(db, names.map(event), { leaseMs: 60_000, skipHookIds: [] })).written;
      for (let run = 0; run < 12; run++) {
        assert.equal(await written('User.Created'), 0, 'no hook is subscribed');
        assert.equal(await written('User.Created', 'Role.Created'), 0, 'no hook is subscribed');
      }
      await sql`INSERT INTO hooks (id, name, events, url, signing_key)
                VALUES ('hk_7', 'hook', ARRAY['User.Created'], 'http://127.0.0.1:9/', 'key')`.execute(db);
      assert.equal(await written('Role.Created', 'User.Created'), 1);
      assert.equal(await written('User.Created'), 1);
      const { rows: bodies } = await sql<{ body: string }>`SELECT body FROM hook_deliveries`.execute(db);
      assert.deepEqual(
        bodies.map((row) => JSON.parse(row.body) as unknown),
        [
          { hookId: 'hk_7', event: 'User.Created', n: 1 },
          { hookId: 'hk_7', event: 'User.Created', n: 1 },
        ],
      );
      const { rows } = await sql<{ name: string; generic_plans: string }>`
        SELECT name, generic_plans FROM pg_prepared_statements
        WHERE name IN ('tessera_insert_delivery', 'tessera_insert_deliveries') ORDER BY name`.execute(db);
      assert.deepEqual(
        rows.map((row) => [row.name, Number(row.generic_plans) > 0]),
        [
          ['tessera_insert_deliveries', true],
          ['tessera_insert_delivery', true],
        ],
        JSON.stringify(rows),
      );
    });
  });
});
