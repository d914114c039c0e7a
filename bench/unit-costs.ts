// What single pieces of database work cost PostgreSQL's backend on this machine, on one connection
// with nothing in parallel: the floor under the token-exchange, drain and hook figures (section
// "What the remaining goals would need" in docs/benchmarks.md). CPU per call of the one backend,
// from /proc, over `calls` calls after a warm-up; the best of three passes, as the machine is shared.
//   node --import tsx bench/unit-costs.ts [calls]
import './use-postgres.js';
import { sql } from 'kysely';
import { insertLogsSql, logRecords } from '../src/audit/log-batch.js';
import type { Db } from '../src/storage/database.js';
import { openStorage } from '../src/storage/database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { executePrepared } from '../src/storage/prepared-statement.js';
import { insertDeliveries } from '../src/webhooks/deliveries.repository.js';
import { createTestDatabase } from '../test/support/databases.js';
import { processSeconds } from './cpu-time.js';
import { loadAverage } from './summary.js';

const calls = Number(process.argv[2] ?? 3000);

// A User.Created body of the size the hook benchmark sends.
const body = JSON.stringify({
  event: 'User.Created',
  createdAt: new Date().toISOString(),
  userAgent: 'bench',
  ip: '127.0.0.1',
  path: '/users',
  method: 'POST',
  status: 200,
  params: {},
  matchedRoute: '/users',
  data: {
    id: 'u'.repeat(21),
    username: 'someone_1234567890',
    primaryEmail: null,
    primaryPhone: null,
    name: null,
    avatar: null,
    customData: {},
    identities: {},
    profile: {},
    applicationId: null,
    isSuspended: false,
    hasPassword: false,
  },
});

const database = await createTestDatabase();
const storage = await openStorage({ databaseUrl: database.env.DATABASE_URL, dataDir: '', poolSize: 1 });
try {
  await migrateToLatest(storage.db);
  await sql`INSERT INTO hooks (id, name, events, url, signing_key)
            VALUES ('hook_unit', 'unit', '{User.Created}', 'http://127.0.0.1:9/', 'key')`.execute(storage.db);
  await sql`CREATE TABLE unit_rows (id bigserial PRIMARY KEY, value text)`.execute(storage.db);
  await storage.db.connection().execute(async (db) => {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
    const pid = rows[0]!.pid;
    const measure = async (label: string, call: (db: Db) => Promise<unknown>) => {
      for (let i = 0; i < 200; i++) await call(db);
      let best = Infinity;
      for (let pass = 0; pass < 3; pass++) {
        const before = processSeconds(pid);
        for (let i = 0; i < calls; i++) await call(db);
        best = Math.min(best, ((processSeconds(pid) - before) * 1e6) / calls);
      }
      console.log(`  ${best.toFixed(0).padStart(4)} µs  ${label}`);
    };
    const setCommit = (mode: 'on' | 'off') => sql`SET synchronous_commit = ${sql.raw(mode)}`.execute(db);

    console.log(`PostgreSQL backend CPU per call (best of 3 × ${calls}; load average ${loadAverage()}):`);
    await measure('a round trip: prepared SELECT 1', (c) =>
      executePrepared(c, 'unit_select', 'SELECT 1', []),
    );
    await setCommit('on');
    await measure('a one-row insert, its own durable commit', (c) =>
      executePrepared(c, 'unit_insert', 'INSERT INTO unit_rows (value) VALUES ($1)', ['x']),
    );
    // From here on no commit waits for the flush: what is left is the statements' own work.
    await setCommit('off');
    await measure('the same, asynchronous commit', (c) =>
      executePrepared(c, 'unit_insert', 'INSERT INTO unit_rows (value) VALUES ($1)', ['x']),
    );
    await measure('one audit row (logs, 5 indexes), asynchronous commit', (c) =>
      executePrepared(c, 'unit_log', insertLogsSql(1), [
        logRecords([
          {
            key: 'ExchangeTokenBy.TokenExchange',
            userId: 'u'.repeat(21),
            applicationId: 'a'.repeat(21),
            payload: { result: 'Success' },
          },
        ]),
      ]),
    );
    await measure('the outbox insert: one event, one hook, leased, asynchronous commit', (c) =>
      insertDeliveries(c, [{ event: 'User.Created', bodyWithoutHookId: body }], {
        leaseMs: 60_000,
        skipHookIds: [],
      }),
    );
    await measure('the outbox insert: one event, no hook subscribed', (c) =>
      insertDeliveries(c, [{ event: 'Role.Created', bodyWithoutHookId: body }]),
    );
    await measure('the outbox insert: two events, one of them to one hook, leased', (c) =>
      insertDeliveries(
        c,
        [
          { event: 'User.Created', bodyWithoutHookId: body },
          { event: 'Role.Created', bodyWithoutHookId: body },
        ],
        { leaseMs: 60_000, skipHookIds: [] },
      ),
    );
  });
} finally {
  await storage.close();
  await database.drop();
}
