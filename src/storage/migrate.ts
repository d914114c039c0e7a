import { Migrator, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import { migrations } from './migrations/index.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Kysely's PostgreSQL adapter takes a transaction-scoped advisory lock around the whole run,
 * so instances that start together on one database apply each migration once.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations this code knows that the database has not applied. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const infos = await new Migrator({ db, provider }).getMigrations();
  return infos.filter((info) => !info.executedAt).map((info) => info.name);
}
