// What PostgreSQL ran per request during a measured run, from pg_stat_statements when the server
// preloads it (shared_preload_libraries = 'pg_stat_statements'; a restart of the server): calls
// per request and mean execution time of each statement of the service's database. Without it,
// says so and prints nothing else: the CPU figures from /proc stand alone.
import pg from 'pg';
import { withDefaultUser } from '../src/storage/database.js';

export interface StatementWatch {
  /** Forgets what ran so far (call before the measured run). */
  reset(): Promise<void>;
  /** The statements run since reset, per request, busiest first. */
  report(requests: number, label: string): Promise<void>;
  close(): Promise<void>;
}

export async function watchStatements(databaseUrl: string): Promise<StatementWatch> {
  const client = new pg.Client({ connectionString: withDefaultUser(databaseUrl) });
  // Dropping the database at the end ends this connection too: not an error worth a crash.
  client.on('error', () => undefined);
  await client.connect();
  let available = true;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
  } catch {
    available = false;
  }
  return {
    reset: async () => {
      if (available)
        await client.query(
          'SELECT pg_stat_statements_reset(0, (SELECT oid FROM pg_database WHERE datname = current_database()), 0)',
        );
    },
    report: async (requests, label) => {
      if (!available) {
        console.log(`  ${label}: pg_stat_statements is not preloaded on this server; no statement counts`);
        return;
      }
      const { rows } = await client.query<{
        query: string;
        calls: string;
        mean: number;
        total: number;
        wal_records: string;
        wal_fpi: string;
        wal_bytes: string;
        dirtied: string;
      }>(
        `SELECT query, calls, mean_exec_time AS mean, total_exec_time AS total, wal_records, wal_fpi,
                wal_bytes, shared_blks_dirtied AS dirtied
           FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = current_database() AND query NOT LIKE '%pg_stat_statements%'
          ORDER BY total_exec_time DESC LIMIT 8`,
      );
      const { rows: totals } = await client.query<{ calls: string }>(
        `SELECT coalesce(sum(calls), 0) AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
          WHERE d.datname = current_database() AND query NOT LIKE '%pg_stat_statements%'`,
      );
      const perRequest = Number(totals[0]?.calls ?? 0) / Math.max(requests, 1);
      console.log(
        `  ${label}: ${perRequest.toFixed(2)} statements per request (pg_stat_statements; the busiest below)`,
      );
      for (const row of rows) {
        const text = row.query.replace(/\s+/g, ' ').slice(0, 90);
        const per = (value: number | string) => Number(value) / Math.max(requests, 1);
        console.log(
          `    ${per(row.calls).toFixed(3)}/request, mean ${(row.mean * 1000).toFixed(0)} µs, ` +
            `${(per(row.total) * 1000).toFixed(1)} µs/request; per request WAL ${per(row.wal_records).toFixed(1)} ` +
            `records, ${per(row.wal_fpi).toFixed(2)} FPI, ${per(row.wal_bytes).toFixed(0)} B, ` +
            `${per(row.dirtied).toFixed(2)} blocks dirtied: ${text}`,
        );
      }
      const { rows: tables } = await client.query<{ relname: string; upd: string; hot: string; ins: string }>(
        `SELECT relname, n_tup_upd AS upd, n_tup_hot_upd AS hot, n_tup_ins AS ins FROM pg_stat_user_tables
          WHERE n_tup_upd + n_tup_ins > 0 ORDER BY n_tup_upd + n_tup_ins DESC LIMIT 5`,
      );
      console.log(
        `    tables since the database was made (inserted / updated / of them HOT): ` +
          tables.map((t) => `${t.relname} ${t.ins}/${t.upd}/${t.hot}`).join(', '),
      );
    },
    close: () => client.end(),
  };
}
