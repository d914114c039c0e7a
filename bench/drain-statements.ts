// PostgreSQL's share of the webhook drain alone, without HTTP: a backlog of deliveries (10 hooks)
// claimed and recorded by the worker's own statements, on one connection, as fast as it goes.
// Prints PostgreSQL CPU per delivery (from /proc, the one backend) and pg_stat_statements per
// statement (time, WAL, HOT updates). `fresh` skips ANALYZE (a new installation's tables).
//   node --import tsx bench/drain-statements.ts [deliveries] [claim size] [record batch] [fresh]
import './use-postgres.js';
import { sql } from 'kysely';
import { openStorage } from '../src/storage/database.js';
import { migrateToLatest } from '../src/storage/migrate.js';
import { newId } from '../src/storage/ids.js';
import {
  claimDueDeliveries,
  insertDeliveries,
  recordAttempts,
  type AttemptRecord,
} from '../src/webhooks/deliveries.repository.js';
import { createTestDatabase } from '../test/support/databases.js';
import { processSeconds } from './cpu-time.js';
import { loadAverage } from './summary.js';

const [deliveries = 20_000, claimSize = 128, recordBatch = 256] = process.argv.slice(2, 5).map(Number);
const fresh = process.argv[5] === 'fresh';
const hooks = 10;

const database = await createTestDatabase();
const storage = await openStorage({ databaseUrl: database.env.DATABASE_URL, dataDir: '', poolSize: 1 });
const { db } = storage;
try {
  await migrateToLatest(db);
  for (let i = 0; i < hooks; i++) {
    await sql`INSERT INTO hooks (id, name, events, url, signing_key)
      VALUES (${`hook_${i}`}, ${`h${i}`}, '{Role.Created}', ${`http://127.0.0.1:9/hook-${i}`}, ${`key_${i}`})`.execute(
      db,
    );
  }
  const body = (n: number) =>
    JSON.stringify({
      event: 'Role.Created',
      createdAt: new Date().toISOString(),
      userAgent: 'bench',
      userIp: '127.0.0.1',
      path: '/api/roles',
      method: 'POST',
      status: 201,
      params: {},
      matchedRoute: '/api/roles',
      data: {
        tenantId: 'default',
        id: newId(),
        name: `r_bench_${n}`,
        description: '',
        type: 'User',
        isDefault: false,
      },
    });
  for (let n = 0; n < deliveries / hooks; n += 200) {
    const events = Array.from({ length: 200 }, (_, i) => ({
      event: 'Role.Created',
      bodyWithoutHookId: body(n + i),
    }));
    await insertDeliveries(db, events);
  }
  if (!fresh) await sql`VACUUM ANALYZE hook_deliveries`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  await sql`SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)`.execute(
    db,
  );
  const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
  const pid = rows[0]!.pid;
  // The WAL writer flushes what asynchronous commits leave behind: its CPU belongs to the drain too
  // (it is shared with the whole server, so other work on it shows here as well, as in pg_stat_wal).
  const { rows: walWriter } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE backend_type = 'walwriter'`.execute(db);
  const walWriterPid = walWriter[0]?.pid;
  const walWriterSeconds = () => (walWriterPid ? processSeconds(walWriterPid) : 0);
  const walSyncs = async () =>
    (await sql<{ syncs: string }>`SELECT wal_sync AS syncs FROM pg_stat_wal`.execute(db)).rows[0]!.syncs;
  const syncs0 = Number(await walSyncs());
  const walWriter0 = walWriterSeconds();
  const started = performance.now();
  const cpu0 = processSeconds(pid);
  let pending: AttemptRecord[] = [];
  let claimed = 0;
  const room = { fullHookIds: [], hookIds: [], rooms: [] };
  for (;;) {
    const batch = await claimDueDeliveries(db, {
      limit: claimSize,
      leaseMs: 60_000,
      perHook: claimSize,
      room,
    });
    claimed += batch.length;
    for (const row of batch) {
      pending.push({
        deliveryId: row.id,
        status: 'delivered',
        nextAttemptAt: null,
        statusCode: 204,
        error: null,
        durationMs: 3,
      });
    }
    if (pending.length >= recordBatch || batch.length === 0) {
      await recordAttempts(db, pending);
      pending = [];
    }
    if (batch.length === 0) break;
  }
  const cpu = processSeconds(pid) - cpu0;
  const wall = performance.now() - started;
  // Whatever the WAL writer still has to flush of the drain's commits.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const walWriterCpu = walWriterSeconds() - walWriter0;
  const syncs = Number(await walSyncs()) - syncs0;
  const perDelivery = (seconds: number) => ((seconds * 1e6) / claimed).toFixed(1);
  console.log(
    `${claimed} deliveries (claims of ${claimSize}, records of ${recordBatch}${fresh ? ', no ANALYZE' : ''}): ` +
      `PostgreSQL ${perDelivery(cpu)} µs CPU per delivery (+ WAL writer ${perDelivery(walWriterCpu)} µs), ` +
      `${((wall * 1000) / claimed).toFixed(1)} µs wall; WAL syncs (the whole server) ${(syncs / claimed).toFixed(3)} ` +
      `per delivery; load average ${loadAverage()}`,
  );
  const stats = await sql<{
    query: string;
    calls: string;
    total: number;
    wal_records: string;
    wal_bytes: string;
  }>`
    SELECT query, calls, total_exec_time AS total, wal_records, wal_bytes FROM pg_stat_statements s
    JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database() AND calls > 1
    ORDER BY total_exec_time DESC LIMIT 3`.execute(db);
  for (const s of stats.rows) {
    const per = (v: number | string) => Number(v) / claimed;
    console.log(
      `  ${(per(s.total) * 1000).toFixed(1)} µs, ${per(s.wal_records).toFixed(1)} WAL records, ` +
        `${per(s.wal_bytes).toFixed(0)} B per delivery (${s.calls} calls): ${s.query.replace(/\s+/g, ' ').slice(0, 60)}`,
    );
  }
  const tables = await sql<{ relname: string; upd: string; hot: string }>`
    SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'hook_deliveries'`.execute(
    db,
  );
  console.log(
    `  hook_deliveries updates ${tables.rows[0]?.upd}, HOT ${tables.rows[0]?.hot} (may lag by a second)`,
  );
} finally {
  await storage.close();
  await database.drop();
}
