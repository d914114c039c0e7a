import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { initialisePgliteDirectory } from './pglite-directory.js';
import { resilientPool } from './resilient-pool.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface StorageOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** PostgreSQL only; none while migrating, which may legitimately wait or run long. */
  timeouts?: DatabaseTimeouts;
  /** Told of every statement once it has run (tracing); its parameters are the caller's to keep. */
  log?: (event: LogEvent) => void;
  /**
   * An embedded database the caller opened on `dataDir` and keeps: closing the storage leaves it
   * open (the test suite reuses one across services, as opening one costs over a second of CPU).
   */
  embedded?: PGlite;
}

export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for one from the pool. */
  connectMs: number;
  /** How long the client waits for any answer: a silent partition fails after this. */
  queryMs: number;
  /** PostgreSQL's own limit per statement (`statement_timeout`). */
  statementMs: number;
}

// A transaction left open by a client that went away would hold its locks until TCP gives up.
const idleInTransactionMs = 60_000;

export interface Storage {
  db: Db;
  backend: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** A `postgres://` URL selects a PostgreSQL server; otherwise PGlite keeps the data in `dataDir`. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const timeouts = options.timeouts;
    const pool = new pg.Pool({
      connectionString: withDefaultUser(options.databaseUrl),
      max: options.poolSize,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(timeouts && {
        connectionTimeoutMillis: timeouts.connectMs,
        query_timeout: timeouts.queryMs,
        statement_timeout: timeouts.statementMs,
        idle_in_transaction_session_timeout: idleInTransactionMs,
      }),
    });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: resilientPool(pool) }),
      ...(options.log && { log: options.log }),
    });
    return { db, backend: 'postgres', close: () => db.destroy() };
  }
  if (options.embedded) return pgliteStorage(options.embedded, options, async () => {});
  await mkdir(options.dataDir, { recursive: true });
  const unlock = lockDataDir(options.dataDir);
  let pglite: PGlite;
  try {
    await initialisePgliteDirectory(options.dataDir);
    pglite = await PGlite.create(options.dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  return pgliteStorage(pglite, options, async () => {
    await pglite.close();
    unlock();
  });
}

function pgliteStorage(pglite: PGlite, options: StorageOptions, release: () => Promise<void>): Storage {
  // PGlite serves one connection; the pool queues the rest.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: resilientPool(pool) }),
    ...(options.log && { log: options.log }),
  });
  return {
    db,
    backend: 'pglite',
    close: async () => {
      await db.destroy();
      await release();
    },
  };
}

/**
 * libpq takes the user from the OS when the URL names none; node-postgres reads $USER, which a
 * service manager or CI may leave unset. Fall back to `postgres` then.
 */
export function withDefaultUser(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (!url.username && !process.env.PGUSER && !process.env.USER) url.username = 'postgres';
  return url.toString();
}
