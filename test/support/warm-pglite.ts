import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { copyTemplate, scratchDir } from './databases.js';

/**
 * Opening PGlite boots PostgreSQL inside WebAssembly: over a second of CPU, paid by every test
 * service. A worker runs one file at a time, so the embedded database a service stopped with is
 * kept open, emptied back to the template's rows, and given to the next service of the worker.
 */
export interface WarmPglite {
  pglite: PGlite;
  dataDir: string;
}

interface TableRows {
  table: string;
  columns: string;
  rows: string;
}

interface Snapshot {
  tables: string[];
  rows: TableRows[];
  sequences: { name: string; value: string; called: boolean }[];
}

const idle: WarmPglite[] = [];
const snapshots = new WeakMap<PGlite, Snapshot>();
// Kysely's own bookkeeping says which migrations ran: the template's answer stays true.
const kept = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function acquireWarmPglite(): Promise<WarmPglite> {
  const warm = idle.pop();
  if (warm) return warm;
  const dataDir = await mkdtemp(path.join(scratchDir, 'tessera-pglite-warm-'));
  await copyTemplate(dataDir);
  const pglite = await PGlite.create(dataDir);
  snapshots.set(pglite, await takeSnapshot(pglite));
  return { pglite, dataDir };
}

/** Back to the template's rows and a clean session, kept for the next service; closed on failure. */
export async function releaseWarmPglite(warm: WarmPglite): Promise<void> {
  try {
    await restore(warm.pglite, snapshots.get(warm.pglite)!);
    idle.push(warm);
  } catch {
    await warm.pglite.close().catch(() => {});
    await rm(warm.dataDir, { recursive: true, force: true });
  }
}

/** Closes the idle databases, so that the worker can exit after its last file. */
export async function closeWarmPglites(): Promise<void> {
  for (const warm of idle.splice(0)) {
    await warm.pglite.close().catch(() => {});
    await rm(warm.dataDir, { recursive: true, force: true });
  }
}

async function takeSnapshot(pglite: PGlite): Promise<Snapshot> {
  const tables = (
    await pglite.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => !kept.has(name));
  const rows: TableRows[] = [];
  for (const table of tables) {
    const columns = (
      await pglite.query<{ name: string }>(
        `SELECT quote_ident(column_name) AS name FROM information_schema.columns
         WHERE table_schema = 'public' AND quote_ident(table_name) = $1 AND is_generated = 'NEVER'
         ORDER BY ordinal_position`,
        [table],
      )
    ).rows
      .map((row) => row.name)
      .join(', ');
    const data = await pglite.query<{ rows: string | null }>(
      `SELECT json_agg(t)::text AS rows FROM ${table} t`,
    );
    const json = data.rows[0]?.rows;
    if (json) rows.push({ table, columns, rows: json });
  }
  const sequences = [];
  for (const { name } of (
    await pglite.query<{ name: string }>(
      `SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'`,
    )
  ).rows) {
    const state = await pglite.query<{ value: string; called: boolean }>(
      `SELECT last_value::text AS value, is_called AS called FROM ${name}`,
    );
    sequences.push({ name, ...state.rows[0]! });
  }
  return { tables, rows, sequences };
}

async function restore(pglite: PGlite, snapshot: Snapshot): Promise<void> {
  // A service stopped mid-transaction, or with session settings and locks, leaves them here.
  await pglite.exec('ROLLBACK').catch(() => {});
  await pglite.exec('DISCARD ALL');
  const current = (
    await pglite.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
    )
  ).rows.filter((row) => !kept.has(row.name));
  if (current.length !== snapshot.tables.length) throw new Error('a test changed the schema');
  await pglite.transaction(async (tx) => {
    // The template's rows go back in table order, not foreign-key order.
    await tx.exec(`SET LOCAL session_replication_role = replica`);
    await tx.exec(`TRUNCATE ${snapshot.tables.join(', ')} CASCADE`);
    for (const { table, columns, rows } of snapshot.rows) {
      await tx.query(
        `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
         SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [rows],
      );
    }
    for (const { name, value, called } of snapshot.sequences) {
      await tx.query(`SELECT setval($1, $2::bigint, $3)`, [name, value, called]);
    }
  });
}
