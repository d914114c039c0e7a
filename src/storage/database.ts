import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { initialisePgliteDirectory } from './pglite-directory.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface StorageOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
}

export interface Storage {
  db: Db;
  backend: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** A `postgres://` URL selects a PostgreSQL server; otherwise PGlite keeps the data in `dataDir`. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: withDefaultUser(options.databaseUrl),
      max: options.poolSize,
    });
    // An idle connection the server closes (restart, failover, DROP DATABASE … FORCE) is dropped by the
    // pool and replaced on demand; without a listener its 'error' event would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, backend: 'postgres', close: () => db.destroy() };
  }
  await mkdir(options.dataDir, { recursive: true });
  await initialisePgliteDirectory(options.dataDir);
  const pglite = await PGlite.create(options.dataDir);
  // PGlite serves one connection; the pool queues the rest.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    backend: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
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
